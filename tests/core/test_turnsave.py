"""A turn game's snapshot store: the newest snapshot comes back, and a power cut at any
byte of a save leaves either the new snapshot or the one before, never garbage."""

from topper.rng import Rng
from topper.turnsave import SaveFull, TurnSave, held


class TornStore:
    """A byte store whose power goes after ``budget`` bytes written (the write being
    made is torn there)."""

    def __init__(self, size, budget=-1):
        self.data = bytearray(size)
        self.budget = budget

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, value):
        value = bytes(value)
        if self.budget >= 0:
            if self.budget < len(value):
                self.data[i.start : i.start + self.budget] = value[: self.budget]
                self.budget = 0
                raise OSError("power cut")
            self.budget -= len(value)
        self.data[i.start : i.start + len(value)] = value


def snap(n):
    return {"game": "toy", "move": n, "hands": [[n, n + 1], [n * 2]], "name": "P%d" % n}


def test_the_newest_snapshot_comes_back_and_saves_go_on_from_it():
    st = TornStore(2048)
    s = TurnSave(st)
    assert s.load() is None and not held(st)
    s.start(snap(0))
    for n in range(1, 6):
        s.save(snap(n))
    assert held(st)
    again = TurnSave(st)
    assert again.load() == snap(5)
    again.save(snap(6))
    assert TurnSave(st).load() == snap(6)
    s = TurnSave(st)
    s.start(snap(100))  # a new game forgets the old one
    assert TurnSave(st).load() == snap(100)


def test_a_cut_at_any_byte_leaves_the_new_or_the_old_snapshot():
    rng = Rng(7)
    for trial in range(60):
        st = TornStore(1024)
        s = TurnSave(st)
        s.start(snap(0))
        moves = 1 + rng.below(6)
        for n in range(1, moves):
            s.save(snap(n))
        st.budget = rng.below(200)
        try:
            s.save(snap(moves))
            cut = False
        except OSError:
            cut = True
        got = TurnSave(st).load()
        if cut:
            assert got in (snap(moves - 1), snap(moves)), (trial, got)
        else:
            assert got == snap(moves)


def test_a_snapshot_too_big_is_refused_and_the_old_one_stays():
    st = TornStore(256)
    s = TurnSave(st)
    s.start(snap(1))
    try:
        s.save({"big": "x" * 200})
    except SaveFull as e:
        assert "slot" in str(e)
    else:
        raise AssertionError("a snapshot bigger than its slot was saved")
    assert TurnSave(st).load() == snap(1)


def test_garbage_and_a_slap_journal_are_no_turn_game():
    st = TornStore(512)
    for i in range(512):
        st.data[i] = (i * 37 + 11) & 0xFF
    assert TurnSave(st).load() is None
    st.data[0:2] = b"TJ"  # the slap games' journal magic
    assert not held(st) and TurnSave(st).load() is None
