"""The serial link on ``usb_cdc.data``: bytes between the port and a
``topper.session.Session``, never waiting (docs/serial-protocol.md).

boot.py turns the second USB serial port on. Every loop step ``Link.step(now)`` reads
what the host has sent (at most ``READ_MAX`` bytes a step, so a flood costs a bounded
step at a time and the rest waits in the USB buffer), lets the session answer, and
writes what the port takes now (at most ``WRITE_MAX`` bytes a step). What the port
cannot take yet waits in the session's bounded queue, and no command is read while
that queue is short of room. The port counts as open while
the host asserts DTR (``connected``), as pyserial and terminal programs do.

``Link`` is also the app's log sink (``dev.log``): it is called with each log line,
and ``connected()`` tells the app to write lines even with no host listening, because
the session keeps the game's log for a host that connects later.
"""

from topper import VERSION, jsonl

READ_MAX = 256
WRITE_MAX = 1024


class Link:
    def __init__(self, port, session):
        self.port = port
        self.session = session
        port.timeout = 0  # read() returns what is there
        port.write_timeout = 0  # write() takes what fits and returns
        self._rest = b""  # the part of a line the port has not taken yet
        # A port the app can only write to (a log-only stand-in) still gets the stream.
        self.readable = hasattr(port, "in_waiting")
        if port.connected:
            session.connect(True)  # a host already listening hears about a resumed game

    # ----- the app's log sink ---------------------------------------------------------

    def connected(self):
        return True

    def __call__(self, line):
        self.session.record(jsonl.loads(line))

    # ----- the loop -------------------------------------------------------------------

    def step(self, now):
        s = self.session
        s.tick(now)
        port = self.port
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
    from topper.session import Session

    return Link(port, Session(table, board_info(journal)))
