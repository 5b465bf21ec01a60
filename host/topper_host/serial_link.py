"""The host's end of the serial link, protocol v1 (docs/serial-protocol.md).

``find_port()`` picks the board's *data* port among the serial ports pyserial lists:
the board is a Raspberry Pi (USB vendor 0x2E8A) or Adafruit (0x239A) device, and
CircuitPython names the data port's interface "... CDC2 ..." (the REPL console is
"... CDC ..."). Where the OS does not give interface names (Windows, older macOS
pyserial), the data port is the board's second port: the higher USB interface number
in ``location``, else the later device name.

``Link`` wraps an open pyserial port (``serial.serial_for_url`` also opens ``loop://``
and other URLs): it sends commands with fresh ids, splits what arrives into objects,
and keeps the device's unsolicited lines (the live game) in ``backlog`` while a
request waits for its reply.
"""

import time

from topper import jsonl

VENDORS = {0x2E8A: "Raspberry Pi", 0x239A: "Adafruit"}
PROTOCOL = 1
MAX_LINE = 1 << 16  # a device line is well under 1 KB: anything this long is noise


class LinkError(Exception):
    """Something the user can act on: no board, no answer, a refused command."""


class NotReading(LinkError):
    """A command could not be written in time: the board is not reading."""


def _board_key(p):
    return (p.vid, p.pid, p.serial_number or "")


def _interface_number(p):
    """The USB interface number at the end of ``location`` ("1-1.4:1.2" -> 2), or -1."""
    loc = p.location or ""
    tail = loc.rsplit(".", 1)[-1] if ":" in loc else ""
    return int(tail) if tail.isdigit() else -1


def find_port(ports=None):
    """The device path of the one connected board's data port (LinkError otherwise)."""
    if ports is None:
        from serial.tools import list_ports

        ports = list_ports.comports()
    boards = {}
    for p in ports:
        if p.vid in VENDORS:
            boards.setdefault(_board_key(p), []).append(p)
    if not boards:
        raise LinkError(
            "no board found (USB vendor 0x2E8A Raspberry Pi or 0x239A Adafruit): plug it in, "
            "or name the port with --port"
        )
    found = []
    for key in sorted(boards):
        group = boards[key]
        named = [p for p in group if p.interface]
        if named:
            data = [p for p in named if "CDC2" in p.interface]
        elif len(group) >= 2:
            by = sorted(group, key=lambda p: (_interface_number(p), p.device))
            data = [by[-1]]
        else:
            data = []
        found.extend(data)
    if not found:
        raise LinkError(
            "the board has no data port: its boot.py must call usb_cdc.enable(data=True) "
            "(firmware/boot.py does), then reset the board"
        )
    if len(found) > 1:
        raise LinkError(
            "several boards are connected (%s): choose one with --port"
            % ", ".join(sorted(p.device for p in found))
        )
    return found[0].device


class Link:
    def __init__(self, port, clock=time.monotonic):
        self.port = port
        self.clock = clock
        self.backlog = []  # device lines that are not the reply being waited for
        self.garbage = 0  # lines that were not JSON objects (noise, a REPL port)
        self._buf = bytearray()
        self._next_id = 1

    # ----- lines ------------------------------------------------------------------

    def _read(self, timeout):
        """Complete lines that arrive within ``timeout`` s (at least one if any does)."""
        out = []
        end = self.clock() + timeout
        while True:
            waiting = self.port.in_waiting
            data = self.port.read(waiting or 1)
            if data:
                self._buf += data
                out.extend(self._split())
            if out or self.clock() >= end:
                return out
            if not data and timeout <= 0:
                return out

    def _split(self):
        out = []
        while True:
            i = self._buf.find(b"\n")
            if i < 0:
                if len(self._buf) > MAX_LINE:
                    del self._buf[:]
                    self.garbage += 1
                return out
            raw = bytes(self._buf[:i]).rstrip(b"\r")
            del self._buf[: i + 1]
            try:
                obj = jsonl.loads(raw.decode("utf-8"))
            except (UnicodeError, ValueError):
                self.garbage += 1
                continue
            if "cmd" in obj:
                continue  # our own command coming back (a loopback port): not the device's
            out.append(obj)

    def lines(self, timeout=0.0):
        """The device's lines: first those kept aside, then what arrives in ``timeout``."""
        out = self.backlog
        self.backlog = []
        if not out:
            out = self._read(timeout)
        else:
            out.extend(self._read(0))
        return out

    # ----- commands ---------------------------------------------------------------

    def send(self, cmd, **fields):
        """Send one command; returns its id."""
        rid = self._next_id
        self._next_id += 1
        fields["cmd"] = cmd
        fields["id"] = rid
        import serial

        try:
            self.port.write(jsonl.dumps(fields).encode() + b"\n")
        except serial.SerialTimeoutException:
            raise NotReading("the board is not reading commands (%s)" % cmd)
        return rid

    def wait(self, rid, timeout=2.0, kinds=None):
        """The reply to ``rid`` (of one of ``kinds`` if given); the device's other
        lines go to ``backlog``. LinkError when none comes in time."""
        end = self.clock() + timeout
        while True:
            for i, obj in enumerate(self.backlog):
                if obj.get("id") == rid and "k" in obj and (kinds is None or obj["k"] in kinds):
                    del self.backlog[i]
                    return obj
            left = end - self.clock()
            if left <= 0:
                raise LinkError("no answer from the board in %.1f s" % timeout)
            self.backlog.extend(self._read(min(left, 0.1)))

    def request(self, cmd, timeout=2.0, **fields):
        """Send a command and return its reply. A request the table must confirm
        answers ``pending`` first: then the table's answer is awaited for as long as
        the device says it waits, and returned (``ok`` or ``refused``)."""
        rid = self.send(cmd, **fields)
        reply = self.wait(rid, timeout)
        if reply["k"] == "pending":
            reply = self.wait(rid, reply.get("ms", 10000) / 1000.0 + timeout, ("ok", "refused", "error"))
        return reply

    def hello(self, timeout=2.0):
        reply = self.request("hello", timeout)
        if reply["k"] != "hello":
            raise LinkError("the board answered hello with %s" % jsonl.dumps(reply))
        return reply

    def download(self, which="current", timeout=10.0):
        """``(head, lines, end)`` of a game's log from the board: ``lines`` are the log's
        own lines (the header first, unless the game was resumed after a power cut).
        Live log lines that came before the download's head are dropped: the board
        recorded them before it started sending, so their events are in ``lines``
        (the live lines that follow ``end`` continue it without a gap). The board's
        other lines keep their order in ``backlog``."""
        rid = self.send("log", which=which)
        before = []  # replies and notices from before the download started
        kept = []  # replies and notices about other things, during the download
        head = None
        lines = []
        pending = self.backlog
        self.backlog = []
        deadline = self.clock() + timeout
        while True:
            for i, obj in enumerate(pending):
                mine = obj.get("id") == rid and "k" in obj
                if head is None:
                    if mine and obj["k"] == "error":
                        self.backlog = before + pending[i + 1 :]
                        raise LinkError("log: %s" % obj["msg"])
                    if mine and obj["k"] == "log":
                        head = obj
                    elif "k" in obj:
                        before.append(obj)
                elif mine and obj["k"] == "end":
                    self.backlog = before + kept + pending[i + 1 :]
                    return head, lines, obj
                elif "k" in obj:
                    kept.append(obj)
                else:
                    lines.append(obj)  # no live line comes between a log and its end
            if self.clock() > deadline:
                self.backlog = before + kept
                raise LinkError("the log download stopped after %d lines" % len(lines))
            pending = self._read(0.05)
