"""The card pad: a PN532 NFC reader polled without stalling the game loop.

A player taps a card on the pad, then lays it ("tap then lay"). ``CardPad.poll(now)``
returns at most one event a call:

- ``("tag", uid, t)``: a tag that was not on the pad a moment ago;
- ``("error", text, t)``: two tags at once, or a reader that stopped answering.

The PN532 is put in listening mode once (``listen_for_passive_target``) and then only
asked whether it has found a tag: through its IRQ pin when it is wired (a pin read
costs nothing), otherwise with a short ``get_passive_target`` every ``poll_ms``, which
allocates nothing when no tag is found (``topper_hw.quiet_pn532``: a poll is on every
slap's path). So a
loop waits a few ms at most for the reader, never the whole second
``read_passive_target`` would. A card resting on the pad is read again and again;
the same UID within ``hold_ms`` of its last sighting is the same tap, reported once.
Which card a tag is, and whether it may be laid, is the app's and the core's job.
"""

from topper.ticks import ticks_add, ticks_diff

WAIT_S = 0.005  # how long one readiness check may wait for the reader
LISTEN_S = 0.02  # how long the reader may take to acknowledge listening (a constant:
# a product worked out at each call would be a float on the heap)


def open_pn532(i2c, board, reset_name="", irq_name=""):
    """``(pn532, irq_pin_or_None)``; raises if no reader answers."""
    import digitalio

    from topper_hw.quiet_pn532 import QuietPN532

    reset = None
    if reset_name:
        reset = digitalio.DigitalInOut(getattr(board, reset_name))
    irq = None
    if irq_name:
        irq = digitalio.DigitalInOut(getattr(board, irq_name))
        irq.switch_to_input(pull=digitalio.Pull.UP)
    pn = QuietPN532(i2c, reset=reset)
    pn.SAM_configuration()
    return pn, irq


class CardPad:
    def __init__(self, pn532, irq=None, poll_ms=40, hold_ms=800, retry_ms=1000):
        self.pn = pn532
        self.irq = irq
        self.poll_ms = poll_ms
        self.hold_ms = hold_ms
        self.retry_ms = retry_ms
        self._listening = False
        self._next = None  # no check before this stamp (polling pace, or a retry)
        self._wait_max = max(poll_ms, retry_ms)
        self._last_uid = None
        self._last_seen = 0
        self.reads = 0
        self.failures = 0

    def poll(self, now):
        # Wait for _next, set at most retry_ms or poll_ms ahead: a wait longer than that
        # is a stamp from before days without polls (the pad is read only in a game),
        # which the ticks' wrap makes look ahead.
        if self._next is not None and 0 < ticks_diff(self._next, now) <= self._wait_max:
            return None
        try:
            return self._poll(now)
        except RuntimeError as e:
            # adafruit_pn532 raises RuntimeError for two tags in the field and for a
            # garbled frame: neither is a card, and the reader must listen afresh.
            self._listening = False
            self.failures += 1
            if "More than one" in str(e):
                return ("error", "two cards on the pad: tap one", now)
            return ("error", "card pad: bad read, tap again", now)
        except OSError:
            self._listening = False
            self.failures += 1
            self._next = ticks_add(now, self.retry_ms)
            return ("error", "card pad not answering", now)

    def _poll(self, now):
        if not self._listening:
            if not self.pn.listen_for_passive_target(timeout=LISTEN_S):
                self._next = ticks_add(now, self.poll_ms)
                return None
            self._listening = True
        if self.irq is not None:
            if self.irq.value:
                return None  # IRQ is active low: nothing found yet
        else:
            self._next = ticks_add(now, self.poll_ms)
        uid = self.pn.get_passive_target(timeout=WAIT_S)
        if uid is None:
            return None
        self._listening = False  # a finished command: listen again next time
        self.reads += 1
        # The reader's UID is valid until its next command (QuietPN532 hands out a view
        # of its buffer): compared in place, copied only when it is another tag.
        if self._last_uid is not None and uid == self._last_uid:
            # (a sighting days old can read negative: the ticks wrap every 6.2 days)
            fresh = not 0 <= ticks_diff(now, self._last_seen) < self.hold_ms
        else:
            self._last_uid = bytes(uid)
            fresh = True
        self._last_seen = now
        if not fresh:
            return None
        return ("tag", self._last_uid, now)
