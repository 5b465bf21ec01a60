"""Remembers when the latest notable rulings happened, for short-lived effects.

The referee's ``view`` says what the table looks like now, not when something
happened; a slap flash on the ring or a slap screen that stays for two seconds needs
the time of the ruling. Rulings carry their own stamp (``"t"``), so feeding every
ruling list through ``Effects.note`` gives the same effects on the device, in the
simulator and in a replay, with no clock read here.
"""

from topper.ticks import ticks_diff

SLAP_MS = 2500  # how long the slap screen and the ring flash stay up
HURRY_MS = 1500
ERROR_MS = 3000
CONTROL_MS = 800


class Effects:
    def __init__(self):
        self.slap = None  # the latest "slap" ruling
        self.slap_t = None
        # The latest decided slap, ``{"by": seat, "ok": bool, ...}``: a slap ruling of
        # the full referee, or the table's confirmation of a blind slap.
        self.outcome = None
        self.outcome_t = None
        self.hurry_seat = -1
        self.hurry_t = None
        self.control_seat = -1
        self.control_t = None
        self.win_t = None
        self.error = ""  # text of the latest error (a ruling or a card pad problem)
        self.error_t = None

    def note(self, rulings):
        """Take in a list of rulings (in the order the referee made them)."""
        for r in rulings:
            kind = r["r"]
            t = r["t"]
            if kind == "slap":
                self.slap = r
                self.slap_t = t
                if r.get("ok") is not None:
                    self.outcome = r
                    self.outcome_t = t
            elif kind == "confirm":
                self.outcome = {"by": r["seat"], "ok": r["ok"], "paid": r.get("paid", 0)}
                self.outcome_t = t
            elif kind == "hurry":
                self.hurry_seat = r.get("seat", -1)
                self.hurry_t = t
            elif kind == "lay" and "control" in r:
                self.control_seat = r["control"]
                self.control_t = t
            elif kind == "win":
                self.win_t = t
            elif kind == "error":
                self.fail(r.get("msg", "error"), t)

    def fail(self, msg, t):
        """An error from outside the referee (card pad, buttons) shown like a ruling's."""
        self.error = msg
        self.error_t = t

    def clear_error(self):
        self.error_t = None


def age(t0, now):
    """Milliseconds since ``t0``, or None when it never happened."""
    if t0 is None:
        return None
    return ticks_diff(now, t0)


def active(t0, now, span):
    """True while ``now`` is within ``span`` ms after ``t0``."""
    a = age(t0, now)
    return a is not None and 0 <= a < span
