"""What the device shows now in a turn-based game: the OLED's 8 lines and pixels and
the ring's colours, made by ``topper_view.turns`` from the referee's view (the calls
the firmware makes) and painted with the same painter and font as the slap games."""

from topper_host.sim.frame import oled_pixels
from topper_view import turns


class TurnFrame:
    """Like ``frame.Frame``: ``lines``, ``oled`` (pixels), ``ring`` and ``view``, so
    snapshots and the terminal take either."""

    def __init__(self, view, now):
        self.view = view
        self.now = now
        self.lines = turns.lines(view)
        self.ring = turns.frame(view, now)
        self._oled = None

    @property
    def oled(self):
        if self._oled is None:
            self._oled = oled_pixels(self.lines)
        return self._oled
