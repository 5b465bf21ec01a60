"""The piezo buzzer: plays ``topper_view.sounds`` sequences without blocking.

``play`` starts a sequence and ``update(now)`` (called every loop) moves to the next
step when its time is up, so a fanfare never holds up the buttons or the card pad.
Each step starts at the planned end of the previous one, so a loop a little late keeps
the tune's rhythm. A loop late by half a step or more starts the next step then, at
its full length: every note of a tune is heard, even if the tune runs late. (The step
that starts a fanfare goes on to draw the OLED, write the log and save the game: on
the emulated board a blind slap's first 80 ms note was held 137 ms.)
A tone is a 50 % square wave; a rest is duty 0.
"""

from topper.ticks import ticks_add, ticks_diff

ON = 0x8000  # 50 % duty: the loudest square wave for a piezo


def open_pwm(board, pin_name):
    import pwmio

    return pwmio.PWMOut(
        getattr(board, pin_name), frequency=1000, duty_cycle=0, variable_frequency=True
    )


class Buzzer:
    def __init__(self, pwm, enabled=True):
        self.pwm = pwm
        self.enabled = enabled
        self.seq = None
        self.i = 0
        self.until = 0

    def busy(self):
        return self.seq is not None

    def play(self, seq, now, if_idle=False):
        """Start ``seq`` (replacing what plays, unless ``if_idle``)."""
        if not self.enabled or not seq:
            return
        if if_idle and self.seq is not None:
            return
        self.seq = seq
        self.i = 0
        self._begin(now)

    def _begin(self, at):
        hz, ms = self.seq[self.i]
        if hz:
            self.pwm.frequency = hz
            self.pwm.duty_cycle = ON
        else:
            self.pwm.duty_cycle = 0
        self.until = ticks_add(at, ms)

    def update(self, now):
        late = ticks_diff(now, self.until)
        if self.seq is None or late < 0:
            return
        self.i += 1
        if self.i >= len(self.seq):
            self.stop()
            return
        self._begin(self.until if late < self.seq[self.i][1] // 2 else now)

    def stop(self):
        self.seq = None
        self.pwm.duty_cycle = 0
