"""The serial link on ``usb_cdc.data``: bytes between the port and a
``topper.session.Session``, never waiting (docs/serial-protocol.md).

boot.py turns the second USB serial port on. Every loop step ``Link.step(now)`` reads
what the host has sent (at most ``READ_MAX`` bytes a step, so a flood costs a bounded
step at a time and the rest waits in the USB buffer), lets the session answer, and
writes what the port takes now (at most ``WRITE_MAX`` bytes a step). What the port
cannot take yet waits in the session's bounded queue, and no command is read while
that queue is short of room. The port counts as open while
the host asserts DTR (``connected``), as pyserial and terminal programs do.

``Link`` is also the app's log sink (``dev.log``): it is called with each log line, or
given the object with its line (``keep``).
``connected()`` tells the app to write them once a host has opened the port since
power-up, also while that host is away: the session keeps the games' logs for it.
"""

from topper import VERSION, jsonl

READ_MAX = 256
WRITE_MAX = 1024


class Link:
    """``make_session()`` builds the session (``topper.session``, about 28 KB of heap
    with what it imports) the first time a host opens the port: a table that never
    meets a host never pays for it. From then on, until the next power-up, the session
    keeps the games' logs for a host that comes back."""

    def __init__(self, port, make_session):
        self.port = port
        self.make_session = make_session
        self.session = None
        port.timeout = 0  # read() returns what is there
        port.write_timeout = 0  # write() takes what fits and returns
        self._rest = b""  # the part of a line the port has not taken yet
        self._resumed = None  # a resumed game to announce once a session exists
        # A port the app can only write to (a log-only stand-in) still gets the stream.
        self.readable = hasattr(port, "in_waiting")
        if port.connected:
            self._open(0)  # a host already listening hears about a resumed game

    def _open(self, now):
        self.session = s = self.make_session()
        s.connect(True)  # made when a host opened the port
        s.joined(now)
        if self._resumed is not None:
            s.resumed(self._resumed[0], self._resumed[1])
            self._resumed = None

    # ----- what the app calls ---------------------------------------------------------

    def connected(self):
        """Whether the app should write its log lines: once a host has been here."""
        return self.session is not None

    def __call__(self, line):
        self.session.record(jsonl.loads(line), line)

    def keep(self, obj, line):
        """A log object with the line ``jsonl.dumps`` made of it: the session takes
        both, so the line need not be parsed back into a copy of the object (the
        app's log queue, topper_app.logqueue)."""
        self.session.record(obj, line)

    def asking(self):
        return None if self.session is None else self.session.asking()

    def answer(self, yes, now):
        if self.session is not None:
            self.session.answer(yes, now)

    def end_game(self):
        if self.session is not None:
            self.session.end_game()

    def notice(self, obj):
        """A notice of the board's own (``low_memory``) for a listening host."""
        if self.session is not None:
            self.session.notice(obj)

    def resumed(self, game, now):
        if self.session is None:
            self._resumed = (game, now)
        else:
            self.session.resumed(game, now)

    # ----- the loop -------------------------------------------------------------------

    def step(self, now):
        port = self.port
        s = self.session
        if s is None:
            if not port.connected:
                return
            self._open(now)
            s = self.session
        s.tick(now)
        if not port.connected:
            if s.connected:
                s.connect(False)
                self._rest = b""
            return
        if not s.connected:
            s.connect(True)
        # A host that sends faster than it reads is slowed down, not answered into the
        # void: its commands wait in the USB buffer until the replies have gone out.
        if self.readable and s.wants_input():
            n = port.in_waiting
            if n:
                s.feed(port.read(min(n, READ_MAX)), now)
        budget = WRITE_MAX
        while budget > 0:
            if not self._rest:
                line = s.next_line()
                if line is None:
                    break
                self._rest = line.encode() + b"\n"
            n = port.write(self._rest)
            if not n:
                break  # the host is not reading: the rest waits for the next step
            self._rest = self._rest[n:]
            budget -= n


def board_info(journal=None):
    """What ``hello`` says about this board: firmware version, board id, chip id."""
    info = {"fw": VERSION, "board": None, "uid": None, "journal": journal}
    try:
        import board

        info["board"] = board.board_id
    except (ImportError, AttributeError):
        pass
    try:
        import microcontroller

        info["uid"] = "".join(["%02X" % b for b in microcontroller.cpu.uid])
    except (ImportError, AttributeError):
        pass
    return info


def open_link(table, journal=None):
    """A Link on ``usb_cdc.data`` answering for ``table`` (the app), or None when the
    board has no data port (boot.py did not enable it)."""
    try:
        import usb_cdc
    except ImportError:
        return None
    port = usb_cdc.data
    if port is None:
        return None

    def make_session():
        from topper.session import Session

        info = board_info(journal)
        # What went wrong at boot (a part, a library missing from lib/): the host hears
        # it in hello, as the OLED showed it.
        dev = getattr(table, "dev", None)
        info["problems"] = list(getattr(dev, "problems", None) or ())
        return Session(table, info)

    return Link(port, make_session)
