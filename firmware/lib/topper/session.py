"""The device's side of the serial link, protocol v1 (docs/serial-protocol.md).

One file though over 400 lines: it is one state machine over one bounded
queue, whose commands, stream and table's say all decide what fits in that queue; the
parsing and the logs are ``topper.protocol`` and ``topper.gamelog`` already.

Portable, like the rest of the core: it is handed the host's bytes, the app's log
objects and the time, and hands back the lines to write. ``topper_hw.link`` moves the
bytes on ``usb_cdc.data``; the app answers a few questions about itself (``table``).

The session owns:

- the commands (hello, settings, view, setup, log, score, mem), parsed by ``topper.protocol``;
- the stream: every header, event and ruling line as it happens while a host has the
  port open, each through ``public`` (what a host may see of that game);
- the logs of the current and the last game, in bounded memory (``topper.gamelog``);
- the wins since power-up (``score``);
- the table's say on a host request that would end a running game: the device asks,
  the table button answers within ``confirm_ms``.

Memory stays bounded whatever the host does: lines wait in a queue of ``out_bytes``.
A command is answered only when its reply fits (the rest wait, and the link reads no
more meanwhile: a host that floods is slowed down, not answered into the void); a
live line that does not fit is counted and the host is told how many it missed
(``{"k":"lost"}``). Nothing here ever waits.

``table`` is the app, with four methods:

    link_status(now)     -> (mode name, public view or None)
    link_settings()      -> dict: game, seats, jokers, hurry_ms, cardpad
    link_playing(now)    -> True while a game is on the table and not yet won
    link_setup(cfg, now) -> None once done, or a short message why it cannot be
"""

from topper import games, jsonl
from topper.gamelog import GameLog
from topper.protocol import MAX_LINE, PROTOCOL, LineReader, ProtocolError, parse_command
from topper.ticks import ticks_add, ticks_diff

SEATS = 8
OUT_BYTES = 2048
SERVE_ROOM = 768  # queue room a command needs before it is answered (a view is ~600 bytes)
LIVE_ROOM = 512  # kept free for the game's own lines: a flood of commands never crowds them out
LOG_BYTES = 4096  # a game's log: 455 events (topper.gamelog)
CONFIRM_MS = 10000
MAX_SEED = (1 << 30) - 1  # a small int on every board
MOST_JOKERS = 8  # a slap game's deck (topper.games.slap.engine)
MOST_HURRY_MS = 60000  # a slap game's hurry-up limit a host may set

# Filters of the games with hidden cards, by game name: obj -> obj, a copy, or None.
FILTERS = {}

_SETUP_KEYS = ("cmd", "id", "game", "seats", "jokers", "hurry_ms", "seed", "cardpad")
_SCORE_KEYS = ("cmd", "id", "set", "reset")
_LOG_KEYS = ("cmd", "id", "which")
_PLAIN_KEYS = ("cmd", "id")
_MEM_KEYS = ("cmd", "id", "area", "at", "n", "data")
AREAS = ("maps", "save")  # what a backup takes over the link: the deck maps, the game save
MEM_READ = 256  # bytes a mem reply carries: 512 hex digits, a reply the size of a view
MEM_WRITE = 64  # bytes a mem write carries: its line stays within MAX_LINE


def public(game, obj):
    """What a host may see now of one line about ``game`` (a log line or a view): the
    object itself, a copy with the secrets taken out, or None for nothing at all.
    Everything the session sends about a game goes through here.

    The slap games have no secret: every card is laid face up, and the tie seed in the
    header decides only presses of the very same millisecond, which nobody can aim
    for. The turn-based games (``topper.games``) keep their secrets out of every
    ruling and view by contract (``topper.turnref``): what they say is public. A game
    with hidden cards registers its filter in ``FILTERS``; a game without one is never
    streamed."""
    if game in games.keys():
        return obj
    f = FILTERS.get(game)
    if f is None:
        return None
    return f(obj)


def _check_keys(obj, allowed):
    for key in sorted(obj):
        if key not in allowed:
            raise ProtocolError("unknown field %r for %s" % (key, obj["cmd"]))


def _whole(obj, key, lo, hi):
    v = obj[key]
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or v > hi:
        raise ProtocolError("%s must be a whole number from %d to %d" % (key, lo, hi))
    return v


class Session:
    def __init__(self, table, info, out_bytes=OUT_BYTES, log_bytes=LOG_BYTES, confirm_ms=CONFIRM_MS):
        self.table = table
        self.info = info  # fw, board, uid, journal, problems: for hello
        self.out_bytes = out_bytes
        # A command is answered when its reply fits with room left for the game's lines
        # (or, in a small queue, only when the queue is empty).
        self._serve_room = min(SERVE_ROOM + LIVE_ROOM, out_bytes)
        self.confirm_ms = confirm_ms
        self.reader = LineReader()
        self.current = GameLog(log_bytes)
        self.last = GameLog(log_bytes)
        self.game = None  # the game of the current log, for ``public``
        self.wins = [0] * SEATS
        self.games = 0
        self.connected = False
        self.lost = 0  # lines the host missed since it was last told
        self.question = None  # [what, args, id, deadline]: waiting for the table
        self._lines = []  # (line, error) read but not answered yet
        self._now = 0  # the time of the latest feed or tick, for answers given later
        self._out = []  # lines to write, oldest first
        self._held = []  # live log lines held back while a download runs
        self._queued = 0  # bytes in both lists
        self._download = None  # [id, which, log, next line, lines]

    # ----- the link -------------------------------------------------------------------

    def connect(self, on):
        """The host opened (True) or closed (False) the port. What was waiting for a
        host that went away is dropped; a question to the table stays."""
        if on == self.connected:
            return
        self.connected = on
        self.reader = LineReader()
        self._lines = []
        self._out = []
        self._held = []
        self._queued = 0
        self._download = None
        self.lost = 0

    def feed(self, data, now):
        """Bytes from the host: each complete line is answered, as room allows."""
        self._now = now
        for item in self.reader.feed(data):
            self._lines.append(item)
        self._serve()

    def wants_input(self):
        """True when the link may read more: every line answered and room to spare."""
        return not self._lines and self.room() >= self._serve_room

    def _serve(self):
        while self._lines and self.room() >= self._serve_room:
            line, err = self._lines.pop(0)
            if err is not None:
                self._reply({"k": "error", "msg": err})
            elif line.strip():  # blank lines are a host's way to resync: no answer
                self._command(line, self._now)

    def next_line(self):
        """The next line to write (a str without its newline), or None."""
        if not self._out:
            self._serve()
        if not self._out and self._download is not None:
            self._more()
        if not self._out:
            return None
        line = self._out.pop(0)
        self._queued -= len(line) + 1
        return line

    def room(self):
        """Bytes the queue can still take."""
        return self.out_bytes - self._queued

    def tick(self, now):
        self._now = now
        self._serve()
        q = self.question
        if q is not None and ticks_diff(now, q[3]) >= 0:
            self.question = None
            self._reply({"k": "refused", "why": "no answer from the table"}, q[2])

    # ----- what the app tells the session ---------------------------------------------

    def record(self, obj, line=None):
        """A log object of the game: the header, an event or a ruling (``line``: the
        same object already written by ``jsonl.dumps``, sent as it is when public)."""
        if "log" in obj:
            self._rotate()
            self.current.header(obj)
            self.game = obj.get("game")
        else:
            self.current.add(obj)
            if obj.get("r") == "win":
                seat = obj.get("seat")
                if isinstance(seat, int) and 0 <= seat < SEATS:
                    self.wins[seat] += 1
                    self.games += 1
        pub = public(self.game, obj)
        if pub is not None:
            self._queue(line if pub is obj and line is not None else jsonl.dumps(pub), True)

    def end_game(self):
        """The table ended the game (or the host's setup did): it becomes the last."""
        self._rotate()

    def joined(self, now):
        """The session starts with a game already on the table (the link makes it when
        a host first opens the port): the game's lines go on under its name, and its
        log starts here, marked ``late``."""
        mode, view = self.table.link_status(now)
        if view is not None:
            self.game = view["game"]
            self.current.clear(self.game)
            self.current.late = True

    def resumed(self, game, now):
        """A game came back from the power-cut journal: its earlier lines were lost
        with the power, so the current log starts here, marked ``resumed``."""
        self._rotate()
        self.current.clear(game)
        self.current.resumed = True
        self.game = game
        self._queue(jsonl.dumps({"k": "resumed", "game": game, "t": now}), True)

    def notice(self, obj):
        """A notice of the board's own (``{"k":"low_memory"}``), sent live like
        ``resumed``."""
        self._queue(jsonl.dumps(obj), True)

    def asking(self):
        """The question on the device's screen, or None."""
        q = self.question
        if q is None:
            return None
        if q[0] == "setup":
            return "New game? It ends the game on the table."
        return "Change the scores?"

    def answer(self, yes, now):
        """The table button answered the question (short press yes, long press no)."""
        q = self.question
        if q is None:
            return
        self.question = None
        if yes:
            self._do(q[0], q[1], q[2], now)
        else:
            self._reply({"k": "refused", "why": "the table said no"}, q[2])

    # ----- commands -------------------------------------------------------------------

    def _command(self, line, now):
        rid = None
        try:
            obj = parse_command(line)
            rid = obj.get("id")
            cmd = obj["cmd"]
            if cmd == "hello":
                _check_keys(obj, _PLAIN_KEYS)
                self._hello(rid, now)
            elif cmd == "settings":
                _check_keys(obj, _PLAIN_KEYS)
                out = self.table.link_settings()
                out["k"] = "settings"
                self._reply(out, rid)
            elif cmd == "view":
                _check_keys(obj, _PLAIN_KEYS)
                self._view(rid, now)
            elif cmd == "setup":
                self._setup(obj, rid, now)
            elif cmd == "log":
                self._log(obj, rid)
            elif cmd == "mem":
                self._mem(obj, rid, now)
            else:
                self._score(obj, rid, now)
        except ProtocolError as e:
            self._reply({"k": "error", "msg": str(e)}, rid)

    def _hello(self, rid, now):
        mode, view = self.table.link_status(now)
        info = self.info
        self._reply(
            {
                "k": "hello",
                "proto": PROTOCOL,
                "fw": info.get("fw"),
                "board": info.get("board"),
                "uid": info.get("uid"),
                "journal": info.get("journal"),
                "problems": info.get("problems") or [],
                "mode": mode,
                "game": view["game"] if view else None,
                "max_line": MAX_LINE,
            },
            rid,
        )

    def _view(self, rid, now):
        mode, view = self.table.link_status(now)
        out = {"k": "view", "mode": mode, "t": now, "view": None}
        if view is not None:
            out["view"] = public(view["game"], view)
            if out["view"] is None:
                out["hidden"] = True
        self._reply(out, rid)

    def _setup(self, obj, rid, now):
        _check_keys(obj, _SETUP_KEYS)
        cfg = self.table.link_settings()
        if "game" in obj:
            if obj["game"] not in games.keys():
                raise ProtocolError("game must be one of %s" % ", ".join(games.keys()))
            cfg["game"] = obj["game"]
        if "seats" in obj:
            cfg["seats"] = _whole(obj, "seats", 2, SEATS)
        if "jokers" in obj:
            cfg["jokers"] = _whole(obj, "jokers", 0, MOST_JOKERS)
        if "hurry_ms" in obj:
            cfg["hurry_ms"] = _whole(obj, "hurry_ms", 0, MOST_HURRY_MS)
        if "cardpad" in obj:
            if obj["cardpad"] is not True and obj["cardpad"] is not False:
                raise ProtocolError("cardpad must be true or false")
            cfg["cardpad"] = obj["cardpad"]
        cfg["seed"] = _whole(obj, "seed", 0, MAX_SEED) if "seed" in obj else None
        self._ask_or_do("setup", cfg, rid, now)

    def _score(self, obj, rid, now):
        _check_keys(obj, _SCORE_KEYS)
        if "set" in obj:
            wins = obj["set"]
            if not isinstance(wins, list) or len(wins) > SEATS:
                raise ProtocolError("set must be a list of at most %d numbers" % SEATS)
            new = [0] * SEATS
            for i in range(len(wins)):
                v = wins[i]
                if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > 99999:
                    raise ProtocolError("scores are whole numbers from 0 to 99999")
                new[i] = v
            self._ask_or_do("score", new, rid, now)
        elif obj.get("reset") is True:
            self._ask_or_do("score", [0] * SEATS, rid, now)
        elif "reset" in obj:
            raise ProtocolError("reset must be true")
        else:
            self._reply({"k": "score", "wins": list(self.wins), "games": self.games}, rid)

    def _ask_or_do(self, what, args, rid, now):
        if not self.table.link_playing(now):
            self._do(what, args, rid, now)
            return
        if self.question is not None:
            raise ProtocolError("busy: the table has not answered the last request yet")
        self.question = [what, args, rid, ticks_add(now, self.confirm_ms)]
        self._reply({"k": "pending", "ask": self.asking(), "ms": self.confirm_ms}, rid)

    def _do(self, what, args, rid, now):
        if what == "score":
            self.wins = args
            self.games = 0
            for w in args:
                self.games += w
            self._reply({"k": "ok"}, rid)
            return
        why = self.table.link_setup(args, now)
        if why is None:
            self._reply({"k": "ok"}, rid)
        else:
            self._reply({"k": "error", "msg": why}, rid)

    # ----- backups ---------------------------------------------------------------------

    def _mem(self, obj, rid, now):
        """The bytes of an area (a backup, ``MEM_READ`` at a time), or ``data`` written
        into it (a restore: the table in its menu, else refused)."""
        _check_keys(obj, _MEM_KEYS)
        area = obj.get("area")
        if area not in AREAS:
            raise ProtocolError("area must be one of %s" % ", ".join(AREAS))
        size = self.table.link_mem_size(area)
        at = _whole(obj, "at", 0, size) if "at" in obj else 0
        from topper.commit import from_hex, to_hex  # (hex: not every build has bytes.hex)

        if "data" not in obj:
            n = _whole(obj, "n", 1, MEM_READ) if "n" in obj else MEM_READ
            data = self.table.link_mem_read(area, at, min(n, size - at))
            self._reply({"k": "mem", "area": area, "at": at, "size": size, "data": to_hex(data)}, rid)
            return
        try:
            data = from_hex(obj["data"]) if isinstance(obj["data"], str) else None
        except ValueError:
            data = None
        if data is None or not data or len(data) > MEM_WRITE:
            raise ProtocolError("data must be 1 to %d bytes in hex" % MEM_WRITE)
        if at + len(data) > size:
            raise ProtocolError("data past the end of %s (%d bytes)" % (area, size))
        why = self.table.link_mem_write(area, at, data, now)
        self._reply({"k": "error", "msg": why} if why else {"k": "ok"}, rid)

    # ----- logs -----------------------------------------------------------------------

    def _log(self, obj, rid):
        _check_keys(obj, _LOG_KEYS)
        which = obj.get("which", "current")
        if which not in ("current", "last"):
            raise ProtocolError("which must be current or last")
        if self._download is not None:
            raise ProtocolError("busy: a log is being sent")
        log = self.current if which == "current" else self.last
        n = log.lines()
        head = {"k": "log", "which": which, "game": log.game, "lines": n, "resumed": log.resumed}
        if log.late:
            head["late"] = True
        self._reply(head, rid)
        self._download = [rid, which, log, 0, n]

    def _more(self):
        """The next line of the download in progress (called when the queue is empty,
        so a download never fills the memory, however long the log)."""
        d = self._download
        rid, which, log, i, n = d
        if i < n:
            d[3] = i + 1
            pub = public(log.game, log.item(i))
            line = jsonl.dumps(pub) if pub is not None else jsonl.dumps({"k": "hidden"})
            self._out.append(line)
            self._queued += len(line) + 1
            return
        self._finish_download(False)

    def _finish_download(self, cut):
        rid, which, log, i, n = self._download
        self._download = None
        end = {"k": "end", "which": which, "lines": i, "dropped": log.dropped}
        if cut:
            end["cut"] = True
        self._reply(end, rid)
        # Live lines held back during the download follow its end, in their order.
        held = self._held
        self._held = []
        for line in held:
            self._out.append(line)

    def _rotate(self):
        """The current game's log becomes the last; the current starts empty."""
        cur = self.current
        if cur.lines() == 0 and not cur.resumed and not cur.late:
            return
        d = self._download
        if d is not None and d[2] is self.last:
            self._finish_download(True)  # that buffer is about to hold the new game
        self.current = self.last
        self.last = cur
        self.current.clear()
        self.game = None

    # ----- the queue ------------------------------------------------------------------

    def _reply(self, obj, rid=None):
        if rid is not None:
            obj["id"] = rid
        self._queue(jsonl.dumps(obj), False)

    def _queue(self, line, live):
        """Queue a line for the host. A live log line waits behind a download (the
        host tells the two apart only by their order); a reply goes straight on."""
        if not self.connected:
            return
        size = len(line) + 1
        note = None
        if self.lost:
            note = jsonl.dumps({"k": "lost", "lines": self.lost})
            size += len(note) + 1
        if self._queued + size > self.out_bytes:
            self.lost += 1
            return
        target = self._held if live and self._download is not None else self._out
        if note is not None:
            target.append(note)
            self.lost = 0
        target.append(line)
        self._queued += size
