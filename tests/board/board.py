"""The emulated Topper Table, driven from Python like a person at the table.

``Board`` starts ``node tests/board/server.mjs`` (CircuitPython on rp2040js, see
docs/emulated-board.md) and speaks its JSON-lines protocol: one command a line on the
process's stdin, one reply a line on its stdout. Seats count from 1 (P1), as the table
labels them; times are the board's emulated time, never the wall clock::

    b = Board()
    b.boot()
    b.console_until("code.py")
    b.press(2)               # P2 presses (and keeps the button down)
    b.run_ms(50)
    b.release(2)
    b.data_send({"cmd": "hello", "id": 1})
    reply = b.data_until(lambda o: o.get("k") == "hello")
    b.repl("print(1+1)")     # -> "2"
    b.cut(); b.boot()        # power cut, and power back on from the kept flash
"""

import json
import os
import pathlib
import subprocess
import tempfile
import threading
import time

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
SERVER = HERE / "server.mjs"
PROMPT = ">>> "
ANY_KEY = "Press any key to enter the REPL"


class BoardError(Exception):
    """The harness refused a command or the board did not do what was waited for."""


class Frame:
    """One OLED picture: ``rows`` of 0/1 pixels, top row first."""

    def __init__(self, reply):
        self.width = reply["width"]
        self.height = reply["height"]
        raw = bytes.fromhex(reply["frame"])
        stride = self.width // 8
        self.rows = [
            [(raw[y * stride + x // 8] >> (7 - x % 8)) & 1 for x in range(self.width)]
            for y in range(self.height)
        ]
        self.on = reply.get("on")
        self.flipped = reply.get("flipped")
        self.updates = reply.get("updates")
        self.text = reply.get("text")

    def lit(self):
        return sum(map(sum, self.rows))

    def lines(self):
        """The screen's eight text lines, read back with the firmware's own font
        (oled_text.py): what a person at the table reads."""
        import oled_text

        return oled_text.lines(self)

    def png(self, path, scale=4):
        """Writes the frame as a PNG, white on black, each pixel ``scale`` pixels wide."""
        from topper_host.sim import png

        rows = []
        for row in self.rows:
            line = bytearray()
            for v in row:
                line += (b"\xff\xff\xff" if v else b"\x00\x00\x00") * scale
            rows.extend([bytes(line)] * scale)
        path = pathlib.Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png.encode(self.width * scale, self.height * scale, rows))
        return path


class Board:
    def __init__(self, uf2=None, env=None, log_path=None):
        self.env = dict(os.environ if env is None else env)
        if uf2 is not None:
            self.env["TOPPER_UF2"] = str(uf2)
        self.log_path = pathlib.Path(log_path or tempfile.mktemp(prefix="topper-board-", suffix=".log"))
        self.proc = None
        self.t_us = 0  # emulated time since this boot
        self.past_us = 0  # emulated time of the boots before it
        self.lock = threading.RLock()  # one command at a time (the pty bridge runs in a thread)
        self.at_repl = False
        self._data_buf = ""
        self._data_pending = []
        self._next_id = 100
        self.last_frame = None
        self.commands = 0

    # ----- the process and the protocol ------------------------------------------------

    def start(self):
        self._log = open(self.log_path, "w")
        self.proc = subprocess.Popen(
            ["node", str(SERVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._log,
            env=self.env, text=True, bufsize=1, cwd=str(REPO),
        )
        return self

    def close(self):
        if self.proc is None:
            return
        try:
            if self.proc.poll() is None:
                self.cmd("quit")
            self.proc.wait(10)
        except (BoardError, OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        finally:
            self.proc = None
            self._log.close()

    def __enter__(self):
        return self.start() if self.proc is None else self

    def __exit__(self, *exc):
        self.close()

    def log_tail(self, lines=20):
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def cmd(self, op, **args):
        """Sends one command and returns its reply (a dict); BoardError when refused."""
        with self.lock:
            if self.proc is None:
                self.start()
            line = json.dumps({"op": op, **args})
            try:
                self.proc.stdin.write(line + "\n")
                self.proc.stdin.flush()
                answer = self.proc.stdout.readline()
            except (BrokenPipeError, OSError) as e:
                raise BoardError("the board process is gone (%s); its log:\n%s" % (e, self.log_tail()))
            if not answer:
                raise BoardError("the board process ended; its log:\n%s" % self.log_tail())
            self.commands += 1
            reply = json.loads(answer)
            t = reply.get("t_us", self.t_us)
            if t < self.t_us:  # a power cut: the next boot starts its clock at 0
                self.past_us += self.t_us
            self.t_us = t
            if not reply.get("ok"):
                raise BoardError("%s: %s" % (op, reply.get("error")))
            return reply

    # ----- power and time ------------------------------------------------------------

    def boot(self, flash=None, fresh=False, fram=None):
        """Power on: from the UF2 on a blank chip the first time, from the kept flash after
        a ``cut()``; ``flash`` names a saved image instead, ``fresh`` ignores the kept one."""
        args = {"fresh": fresh}
        if flash is not None:
            args["flash"] = str(flash)
        if fram is not None:
            args["fram"] = fram
        self.at_repl = False
        self._data_buf = ""
        self._data_pending = []
        return self.cmd("boot", **args)

    def cut(self, at_ms=None):
        """Power cut now, or after running to ``at_ms``. The flash (and FRAM, card pad)
        keep their contents. Returns the board time of the cut in microseconds."""
        self.at_repl = False
        args = {} if at_ms is None else {"at_us": round(at_ms * 1000)}
        return self.cmd("cut", **args)["cut_at_us"]

    def flash_save(self, path):
        return self.cmd("flash_save", path=str(path))

    def run_us(self, us):
        return self.cmd("run", us=int(us))["t_us"]

    def run_ms(self, ms):
        return self.run_us(ms * 1000)

    def run_until_us(self, t_us):
        return self.cmd("run", until_us=int(t_us))["t_us"]

    @property
    def emulated_us(self):
        """Emulated time of every boot so far, power cuts included."""
        return self.past_us + self.t_us

    @property
    def t_ms(self):
        return self.t_us / 1000

    def status(self):
        return self.cmd("status")

    # ----- the buttons ---------------------------------------------------------------

    def press(self, seat, at_ms=None, hold_ms=None, bounce_us=()):
        """Seat ``seat`` (1 = P1, or "table") goes down, now or at ``at_ms``; it stays down
        until ``release`` unless ``hold_ms`` is given. ``bounce_us``: the contact's chatter,
        lengths in microseconds of each flip after the edge."""
        args = {"seat": seat, "bounce_us": list(bounce_us)}
        if at_ms is not None:
            args["at_us"] = round(at_ms * 1000)
        if hold_ms is not None:
            args["hold_us"] = round(hold_ms * 1000)
        return self.cmd("press", **args)

    def release(self, seat, at_ms=None, bounce_us=()):
        args = {"seat": seat, "bounce_us": list(bounce_us)}
        if at_ms is not None:
            args["at_us"] = round(at_ms * 1000)
        return self.cmd("release", **args)

    def tap(self, seat, hold_ms=60, after_ms=100):
        """A short press, then the board's time to notice it."""
        self.press(seat, hold_ms=hold_ms)
        return self.run_ms(hold_ms + after_ms)

    def pin(self, gp, level, at_ms=None):
        args = {"gp": gp, "level": level}
        if at_ms is not None:
            args["at_us"] = round(at_ms * 1000)
        return self.cmd("pin", **args)

    def pins(self, gp=None):
        return self.cmd("pins", **({} if gp is None else {"gp": gp}))["pins"]

    # ----- the console (REPL) --------------------------------------------------------

    def console_write(self, text):
        return self.cmd("console_write", text=text)

    def console_read(self):
        return self.cmd("console_read")["text"]

    def console_until(self, text, timeout_ms=10000, regex=False):
        """Runs until ``text`` shows up on the console; returns the console text up to and
        including it. BoardError on timeout (with what did arrive)."""
        r = self.cmd("until", console=text, regex=regex, timeout_us=int(timeout_ms * 1000))
        if not r["found"]:
            raise BoardError("no %r on the console within %s ms; it said: %r"
                             % (text, timeout_ms, r["text"][-500:]))
        return r["text"]

    def enter_repl(self, timeout_ms=15000):
        """Ctrl-C, then a key at "Press any key": the REPL prompt. Returns what the console
        said on the way (the banner with the CircuitPython version)."""
        self.console_write("\x03")
        said = self.console_until(r">>> |" + ANY_KEY, timeout_ms, regex=True)
        if said.endswith(ANY_KEY):
            self.console_write("\r")
            said += self.console_until(PROMPT, timeout_ms)
        self.at_repl = True
        return said

    def repl(self, line, timeout_ms=15000):
        """Runs ``line`` (one line, or several: sent in paste mode) at the REPL and returns
        its output without the echo or the prompt. Enters the REPL first if needed."""
        if not self.at_repl:
            self.enter_repl(timeout_ms)
        if "\n" in line:
            self.console_write("\x05")
            self.console_until("=== ", timeout_ms)
            self.console_write(line.replace("\n", "\r") + "\x04")
        else:
            self.console_write(line + "\r")
        out = self.console_until(PROMPT, timeout_ms)[: -len(PROMPT)].replace("\r\n", "\n")
        # Drop the echo: one line per line typed (in paste mode the later ones after "=== ").
        echoed = line.count("\n") + 1
        out = out.split("\n", echoed)[echoed] if out.count("\n") >= echoed else ""
        return out[:-1] if out.endswith("\n") else out

    def reload(self):
        """Ctrl-D at the REPL: a soft reload, code.py runs again (with the console open)."""
        self.console_write("\x04")
        self.at_repl = False

    # ----- the data port (docs/serial-protocol.md) -----------------------------------

    def data_write(self, text):
        return self.cmd("data_write", text=text)

    def data_send(self, obj):
        return self.data_write(json.dumps(obj, separators=(",", ":")) + "\n")

    def data_lines(self):
        """The complete lines the board sent since they were last taken, parsed as JSON."""
        self._data_buf += self.cmd("data_read")["text"]
        *lines, self._data_buf = self._data_buf.split("\n")
        out = self._data_pending + [self._parse(ln, lines) for ln in lines if ln.strip()]
        self._data_pending = []
        return out

    @staticmethod
    def _parse(line, lines):
        try:
            return json.loads(line)
        except ValueError as e:
            # the text as it came, to tell a broken line from the firmware from a lost packet
            raise BoardError("data port line is not JSON (%s): %r; the lines read with it: %r"
                             % (e, line, lines)) from None

    def data_until(self, pred, timeout_ms=5000):
        """Runs until the board sends a line for which ``pred(obj)`` holds; returns
        ``(obj, earlier)``: that line and the lines before it. Later lines stay unread."""
        seen = []
        deadline = self.t_us + int(timeout_ms * 1000)
        while True:
            lines = self.data_lines()
            for i, obj in enumerate(lines):
                if pred(obj):
                    self._data_pending = lines[i + 1 :]
                    return obj, seen
                seen.append(obj)
            if self.t_us >= deadline:
                raise BoardError("no such line from the data port within %s ms; last lines: %r"
                                 % (timeout_ms, seen[-5:]))
            r = self.cmd("until", data="\n", timeout_us=deadline - self.t_us)
            if r["found"]:
                self._data_buf += r["text"]  # "until" takes the text it waited for

    def request(self, obj, timeout_ms=5000):
        """Sends a command with an id and returns its reply (other lines are dropped)."""
        self._next_id += 1
        obj = dict(obj, id=self._next_id)
        self.data_send(obj)
        reply, _ = self.data_until(lambda o: o.get("id") == obj["id"], timeout_ms)
        return reply

    def dtr(self, on, port="data"):
        return self.cmd("dtr", port=port, on=on)

    # ----- the devices -----------------------------------------------------------------

    def oled_frame(self):
        self.last_frame = Frame(self.cmd("oled"))
        return self.last_frame

    def ring(self):
        return self.cmd("ring")["pixels"]

    def buzzer(self):
        return self.cmd("buzzer")

    def lay(self, card_uid):
        return self.cmd("lay", card_uid=card_uid)

    def lift(self):
        return self.cmd("lift")

    # ----- a pseudo-terminal for the data port ---------------------------------------

    def data_pty(self, slice_ms=5, realtime=True):
        """A pseudo-terminal whose other end is the board's data port, for programs that
        open a serial port (``topper monitor --port PATH``). Use as a context manager; it
        runs the board in slices of ``slice_ms`` while open. See PtyBridge."""
        return PtyBridge(self, slice_ms, realtime)


class PtyBridge:
    """Bytes written to the pty go to the data port; bytes the board sends come out of it.
    The board runs ``slice_ms`` of emulated time per round, at most as fast as the wall
    clock (``realtime``; else as fast as it can). Bytes arrive when the other program
    writes them, so tests over a pty are not deterministic.
    While the bridge is open the data port is its own: press buttons, read the console,
    but leave ``data_*`` and ``request`` alone."""

    def __init__(self, board, slice_ms=5, realtime=True):
        self.board = board
        self.slice_us = int(slice_ms * 1000)
        # The program at the other end counts in wall seconds (timeouts, view requests):
        # never let the board run ahead of the wall clock (it may fall behind).
        self.realtime = realtime
        self.path = None
        self.errors = []
        self.rounds = 0
        self._stop = threading.Event()

    def __enter__(self):
        import tty

        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # no echo, no line editing: bytes pass as they are
        os.set_blocking(self.master, False)
        self.path = os.ttyname(self.slave)
        self.thread = threading.Thread(target=self._pump, name="board-pty", daemon=True)
        self.thread.start()
        return self

    def _pump(self):
        b = self.board
        wall0, emu0 = time.monotonic(), b.emulated_us
        try:
            while not self._stop.is_set():
                if self.realtime:
                    ahead = (b.emulated_us - emu0) / 1e6 - (time.monotonic() - wall0)
                    if ahead > 0:
                        time.sleep(ahead)
                try:
                    got = os.read(self.master, 4096)
                except BlockingIOError:
                    got = b""
                except OSError:  # no process has the pty open right now
                    got = b""
                with b.lock:
                    if got:
                        b.cmd("data_write", hex=got.hex())
                    b.cmd("run", us=self.slice_us)
                    out = b.cmd("data_read")["text"].encode()
                if out:
                    self._write(out)
                self.rounds += 1
        except Exception as e:  # noqa: BLE001 - reported by the test through .errors
            self.errors.append(e)

    def _write(self, data):
        while data and not self._stop.is_set():
            try:
                n = os.write(self.master, data)
                data = data[n:]
            except BlockingIOError:
                time.sleep(0.001)

    def __exit__(self, *exc):
        self._stop.set()
        self.thread.join(30)
        os.close(self.master)
        os.close(self.slave)
