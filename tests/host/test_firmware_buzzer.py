"""The buzzer's tune player (topper_hw.buzzer): every note of a tune is heard, in order,
whether the loop calls it on time or comes late from a long step."""

from topper_hw.buzzer import Buzzer
from topper_view import sounds


class Piezo:
    """A PWM output that remembers each pitch it was set to play, with the time."""

    def __init__(self):
        self.frequency = 1000
        self._duty = 0
        self.heard = []  # (ms, Hz) each time the output starts sounding or changes pitch
        self.now = 0

    @property
    def duty_cycle(self):
        return self._duty

    @duty_cycle.setter
    def duty_cycle(self, d):
        self._duty = d
        if d:
            self.heard.append((self.now, self.frequency))


def play(seq, loop_times):
    """Plays ``seq`` from 0 ms, the loop calling update at each of ``loop_times``."""
    piezo = Piezo()
    buzzer = Buzzer(piezo)
    buzzer.play(seq, 0)
    for t in loop_times:
        piezo.now = t
        buzzer.update(t)
    return piezo.heard, buzzer.busy()


def test_a_loop_on_time_keeps_the_tunes_rhythm():
    heard, busy = play(sounds.SLAP_OK, range(0, 400, 2))  # (1320, 80), (1760, 80), (2640, 180)
    assert heard == [(0, 1320), (80, 1760), (160, 2640)]
    assert not busy


def test_a_loop_a_little_late_keeps_the_planned_times():
    heard, _ = play(sounds.SLAP_OK, [0, 85, 170, 400])
    assert heard == [(0, 1320), (85, 1760), (170, 2640)]  # the pitch changes when the loop comes


def test_a_long_step_never_swallows_a_note():
    # a step of 150 ms (the OLED, the log and a save) right after the fanfare starts
    heard, busy = play(sounds.SLAP_OK, [0, 150] + list(range(152, 500, 2)))
    assert [hz for _, hz in heard] == [1320, 1760, 2640]
    (_, _), (t2, _), (t3, _) = heard
    assert t2 == 150 and t3 - t2 >= 80  # the second note starts late and is heard whole
    assert not busy


def test_rests_stay_silent_and_a_new_tune_replaces_the_old():
    piezo = Piezo()
    buzzer = Buzzer(piezo)
    buzzer.play(sounds.SLAP_ASK, 0)  # (1200, 60), (0, 40), (1200, 60)
    for t in range(0, 70, 2):
        piezo.now = t
        buzzer.update(t)
    assert piezo.duty_cycle == 0  # the rest
    piezo.now = 70
    buzzer.play(sounds.SLAP_WRONG, 70)
    assert piezo.heard[-1] == (70, 220) and piezo.duty_cycle
