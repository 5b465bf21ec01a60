"""The serial link's line protocol, version 1 (docs/serial-protocol.md).

One JSON object a line each way, on the ``usb_cdc.data`` channel. The device streams
every event and ruling of the game as its log lines (``ev`` / ``r`` keys) and answers
commands with objects keyed ``k``; the host sends commands keyed ``cmd``.

Bad input gets a clear answer and costs nothing: ``LineReader`` holds at most
``max_line`` bytes whatever arrives (an oversized line is dropped up to its newline and
reported once), and a line that is not UTF-8 text, not JSON, or not a known command is
answered with an ``error`` object while the game goes on.
"""

from topper import jsonl

PROTOCOL = 1
MAX_LINE = 256

COMMANDS = ("hello", "settings", "view", "setup", "log", "score", "mem")


class ProtocolError(ValueError):
    """A line that is not a valid command; the message is sent back to the host."""


class LineReader:
    """Splits a byte stream into lines in bounded memory."""

    def __init__(self, max_line=MAX_LINE):
        self.max_line = max_line
        self._buf = bytearray()
        self._dropping = False  # inside an oversized line: skip to its newline

    def feed(self, data):
        """Returns a list of ``(line, error)`` pairs: ``line`` a str and ``error``
        None, or ``line`` None and ``error`` a message."""
        out = []
        for b in data:
            if b == 10:  # \n ends a line
                if self._dropping:
                    self._dropping = False
                else:
                    out.append(self._line())
                self._buf = bytearray()
                continue
            if self._dropping:
                continue
            if len(self._buf) >= self.max_line:
                self._dropping = True
                self._buf = bytearray()
                out.append((None, "line too long (over %d bytes): dropped" % self.max_line))
                continue
            self._buf.append(b)
        return out

    def _line(self):
        raw = bytes(self._buf)
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        for b in raw:
            if b < 32 and b != 9:
                return (None, "binary data on the line: dropped")
        try:
            return (raw.decode(), None)
        except UnicodeError:
            return (None, "not UTF-8 text: dropped")


def parse_command(line):
    """The command object on a line; ProtocolError with a message for anything else."""
    if not line.strip():
        raise ProtocolError("empty line")
    try:
        obj = jsonl.loads(line)
    except jsonl.JsonLineError as e:
        raise ProtocolError(str(e))
    cmd = obj.get("cmd")
    if cmd not in COMMANDS:
        raise ProtocolError("unknown command %r (known: %s)" % (cmd, ", ".join(COMMANDS)))
    rid = obj.get("id")
    if rid is not None and (not isinstance(rid, int) or isinstance(rid, bool)):
        raise ProtocolError("id must be a whole number")
    return obj


def reply(kind, rid=None, **fields):
    """One reply line (without its newline)."""
    fields["k"] = kind
    if rid is not None:
        fields["id"] = rid
    return jsonl.dumps(fields)


def error(msg, rid=None):
    return reply("error", rid, msg=msg)
