"""A referee left switched on for days: CircuitPython's ticks are signed differences
over 2**29 ms, so a stamp 3.1 days old reads as in the future. What the table does
after such a wait must not depend on it (the buttons' side: test_firmware_buttons.py)."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "firmware" / "lib"))

from topper.ticks import MASK  # noqa: E402
from topper_hw.cardpad import CardPad  # noqa: E402

DAY = 24 * 3600 * 1000


class Reader:
    """The two calls the card pad makes of its PN532, with a tag on it or not."""

    def __init__(self):
        self.uid = None

    def listen_for_passive_target(self, timeout=1):
        return True

    def get_passive_target(self, timeout=1):
        return self.uid


def taps(pad, reader, uid, t, ms=300):
    """The tag on the pad for ``ms`` from ``t``, then off: what the pad reported."""
    got = []
    reader.uid = uid
    for now in range(t, t + ms, 40):
        e = pad.poll(now & MASK)
        if e is not None:
            got.append(e[0])
    reader.uid = None
    for now in range(t + ms, t + ms + 1000, 40):
        pad.poll(now & MASK)
    return got


def test_the_same_card_tapped_again_days_later_is_read():
    card = b"\x04\x5e\x00\x07\xa1\x77\x80"
    for days in (1, 3.2, 4, 6.5):
        reader = Reader()
        pad = CardPad(reader)
        assert taps(pad, reader, card, 1000) == ["tag"]
        assert taps(pad, reader, card, 3000) == ["tag"]  # lifted and tapped again: a new tap
        assert taps(pad, reader, card, 3000 + int(days * DAY)) == ["tag"], days
