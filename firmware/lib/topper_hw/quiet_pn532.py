"""The card pad's two PN532 calls written by hand, in buffers made once.

Why it exists: the card pad asks the PN532 every ``poll_ms`` whether it found a tag,
whatever happens at the table, so a poll is on every slap's path. Through
adafruit_pn532 a poll that found nothing allocated about 160 bytes on the board
(``_wait_ready``'s status bytearray and ``time.monotonic()`` floats), and listening
again after each tag read more (the parameter list, the command's bytearrays, the ACK's
bytearray and slice): garbage that brings the collections a slap must not wait for
(docs/board-heap.md, "The slap path's allocations").

``QuietPN532`` is the library's ``PN532_I2C`` (which still resets the chip, checks its
firmware, configures it and does anything else) with the two calls the card pad makes,
``listen_for_passive_target`` and ``get_passive_target``, written over ``busio.I2C``
with preallocated buffers. Same frames as the library (PN532 User Manual UM0701-02,
6.2: the host writes ``00 00 FF LEN LCS D4 CMD params DCS 00``, the PN532 answers with
an ACK frame, then a response frame ``D5 CMD+1 data``; over I2C every read starts with a
status byte, 0x01 when a frame is ready, and a read of the status alone leaves the
frame in place), same results and same errors (the card pad reads "More than one" in
one). Differences: the readiness check asks again every millisecond where the library
slept 10 ms, and a UID is a memoryview of the reader's own buffer, valid until its
next call (the card pad copies a new tag's UID).

The host tests' fake adafruit_pn532 answers at the API level, and stands in for this
module too (tests/fakes); the emulated board's PN532 (tests/board/devices/pn532.mjs)
answers these frames byte by byte.
"""

import time

import supervisor
from adafruit_pn532.adafruit_pn532 import BusyError
from adafruit_pn532.i2c import PN532_I2C

from topper.ticks import ticks_add, ticks_diff

_I2C_ADDRESS = 0x24
_ACK = b"\x00\x00\xff\x00\xff\x00"
_HOST_TO_PN532 = 0xD4
_PN532_TO_HOST = 0xD5
_IN_LIST_PASSIVE_TARGET = 0x4A
_RESPONSE = 64  # the response length the library allows a tag's listing
_MAX_UID = 10  # ISO 14443A: 4, 7 or 10 bytes (the library refuses more than 7)


class QuietPN532(PN532_I2C):
    def __init__(self, i2c, address=_I2C_ADDRESS, **kw):
        self._bus = i2c
        self._addr = address
        self._cmd = bytearray(11)  # InListPassiveTarget: 2 bytes of data, 2 of params
        self._status = bytearray(1)
        self._ack = bytearray(1 + len(_ACK))
        # the status byte, the frame's preamble and framing, D5 4B and the listing
        self._resp = bytearray(1 + 7 + 2 + _RESPONSE)
        self._uid = bytearray(_MAX_UID)
        # a view of each UID length, made once: a read hands one out without allocating
        mv = memoryview(self._uid)
        self._uid_views = [mv[0:n] for n in range(_MAX_UID + 1)]
        self._timeout = None  # the last timeout object and its milliseconds
        self._timeout_ms = 0
        self._length = 0  # the last response frame's data length (_frame)
        super().__init__(i2c, address, **kw)

    # ----- the card pad's calls -------------------------------------------------------

    def listen_for_passive_target(self, card_baud=0, timeout=1):
        """Asks the PN532 to list one type A tag (InListPassiveTarget, MaxTg 1); True
        once it acknowledged."""
        if self.low_power:
            self._wakeup()
        f = self._cmd
        f[0] = 0x00
        f[1] = 0x00
        f[2] = 0xFF
        f[3] = 4  # D4 4A MaxTg BrTy
        f[4] = 0xFC
        f[5] = _HOST_TO_PN532
        f[6] = _IN_LIST_PASSIVE_TARGET
        f[7] = 0x01
        f[8] = card_baud
        f[9] = (-(_HOST_TO_PN532 + _IN_LIST_PASSIVE_TARGET + 1 + card_baud)) & 0xFF
        f[10] = 0x00
        self._lock()
        try:
            self._bus.writeto(self._addr, f)
        except OSError:
            return False
        finally:
            self._bus.unlock()
        if not self._ready(timeout):
            return False
        ack = self._ack
        try:
            self._read_into(ack, len(ack))
        except BusyError:
            return False
        for i in range(len(_ACK)):
            if ack[1 + i] != _ACK[i]:
                raise RuntimeError("Did not receive expected ACK from PN532!")
        return True

    def get_passive_target(self, timeout=1):
        """The UID of the tag the PN532 listed (a memoryview, valid until the next
        call), or None when it has not found one within ``timeout`` seconds."""
        if not self._ready(timeout):
            return None
        r = self._resp
        self._read_into(r, len(r))
        data = self._frame(r)
        n = self._length
        if n < 3 or r[data] != _PN532_TO_HOST or r[data + 1] != _IN_LIST_PASSIVE_TARGET + 1:
            raise RuntimeError("Received unexpected command response!")
        # D5 4B NbTg Tg SENS_RES(2) SEL_RES NFCIDLength NFCID...
        if r[data + 2] != 0x01:
            raise RuntimeError("More than one card detected!")
        if n < 8:
            raise RuntimeError("Response contains no UID!")
        length = r[data + 7]
        if length > 7 or 8 + length > n:
            raise RuntimeError("Found card with unexpectedly long UID!")
        uid = self._uid
        at = data + 8
        for i in range(length):
            uid[i] = r[at + i]
        return self._uid_views[length]

    # ----- frames ---------------------------------------------------------------------

    def _lock(self):
        bus = self._bus
        while not bus.try_lock():
            pass

    def _read_into(self, buf, end):
        """A ready frame, its status byte first, read into ``buf[0:end]``; BusyError
        when the status says no frame is ready."""
        self._lock()
        try:
            self._bus.readfrom_into(self._addr, buf, end=1)
            if buf[0] != 0x01:
                raise BusyError
            self._bus.readfrom_into(self._addr, buf, end=end)
        finally:
            self._bus.unlock()

    def _ready(self, timeout):
        """Whether the PN532 has a frame ready within ``timeout`` seconds."""
        if timeout is not self._timeout:  # the callers pass constants: worked out once
            self._timeout = timeout
            self._timeout_ms = int(timeout * 1000)
        status = self._status
        bus = self._bus
        end = ticks_add(supervisor.ticks_ms(), self._timeout_ms)
        while True:
            self._lock()
            try:
                bus.readfrom_into(self._addr, status)
                if status[0] == 0x01:
                    return True
            except OSError:
                pass  # the chip busy on the bus: as the library, ask again
            finally:
                bus.unlock()
            if ticks_diff(supervisor.ticks_ms(), end) >= 0:
                return False
            time.sleep(0.001)

    def _frame(self, r):
        """Where a response frame's data starts in ``r`` (after the status byte), once
        its framing and checksums are checked; its length in ``_length`` (two results
        returned would be a tuple on the heap)."""
        end = len(r)
        i = 1
        while r[i] == 0x00:
            i += 1
            if i >= end:
                raise RuntimeError("Response frame preamble does not contain 0x00FF!")
        if r[i] != 0xFF:
            raise RuntimeError("Response frame preamble does not contain 0x00FF!")
        if i + 2 >= end:
            raise RuntimeError("Response contains no data!")
        n = r[i + 1]
        if (n + r[i + 2]) & 0xFF != 0:
            raise RuntimeError("Response length checksum did not match length!")
        data = i + 3
        if data + n >= end:
            raise RuntimeError("Response longer than the reader's buffer!")
        total = 0
        for k in range(data, data + n + 1):  # the data and its checksum
            total += r[k]
        if total & 0xFF != 0:
            raise RuntimeError("Response checksum did not match expected value!")
        self._length = n
        return data
