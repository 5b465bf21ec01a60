"""Power cuts: a game journaled into a byte store survives a cut at any byte of any
write, and resumes as the same game with nothing lost but the event being written."""

from _scale import games
from topper import inputs, jsonl
from topper.journal import Journal, JournalFull, crc8, crc16
from topper.games.slap.pad import PadSlapReferee, restore
from topper.rng import Rng
from topper.games.slap.engine import ARMAGEDDON, WW3, Phase, SlapGame


class PowerCut(Exception):
    pass


class CuttableStore:
    """A byte store whose power goes after ``budget`` more bytes have been written:
    the write in progress is torn, its first bytes landed and the rest not."""

    def __init__(self, size, budget=-1):
        self.mem = bytearray(size)
        self.budget = budget

    def __len__(self):
        return len(self.mem)

    def __getitem__(self, i):
        return self.mem[i]

    def __setitem__(self, sl, data):
        data = bytes(data)
        if self.budget >= 0 and len(data) > self.budget:
            self.mem[sl.start : sl.start + self.budget] = data[: self.budget]
            self.budget = 0
            raise PowerCut()
        if self.budget >= 0:
            self.budget -= len(data)
        self.mem[sl] = data


def _script(variant, seats, seed, n):
    """A seeded list of table events: ("press", seat, t, us) / ("lay", t) / ("tick", t)."""
    rng = Rng(seed)
    t = (1 << 29) - 20000  # the journal must also survive the tick wrap
    out = []
    for _ in range(n):
        t = (t + 30 + rng.below(700)) & ((1 << 29) - 1)
        r = rng.below(100)
        if r < 25:
            out.append(("press", rng.below(seats), t, rng.below(1000)))
        elif r < 35:
            out.append(("tick", (t + 3100) & ((1 << 29) - 1)))
            t = (t + 3100) & ((1 << 29) - 1)
        else:
            out.append(("lay", t))
    return out


def _new(variant, seats, seed):
    ref = PadSlapReferee(SlapGame(variant, seats, 2), seed=seed)
    ref.start(0)
    return ref


def _run(ref, journal, ev):
    """One event, through the journal (``take``) or straight to the referee."""
    if ev[0] == "press":
        what = (inputs.PRESS, ev[1], ev[2], ev[3])
    elif ev[0] == "lay":
        what = (inputs.CARD, -1, ev[1], 0)
    else:
        what = (inputs.TICK, -1, ev[1], 0)
    if journal:
        return journal.take(ref, *what)
    return ref.take(*what)


def _same(a, b, now):
    """Two referees hold the same game once both are resumed at ``now``."""
    sa = jsonl.dumps(restore(a.save(a.last_seen()), now).save(now))
    sb = jsonl.dumps(restore(b.save(b.last_seen()), now).save(now))
    return sa == sb


def test_crcs_match_their_published_check_values():
    assert crc8(b"123456789") == 0xF4  # CRC-8/SMBUS
    assert crc16(b"123456789") == 0x29B1  # CRC-16/CCITT-FALSE


def test_a_cut_at_any_point_loses_at_most_the_event_being_written():
    cases = 0
    for i in range(games(300)):
        variant = (WW3, ARMAGEDDON)[i % 2]
        seats = 2 + i % 7
        script = _script(variant, seats, i, 120)
        rng = Rng(7000 + i)
        # A small store (like nvm's 4 KB) so that snapshots into the other slot happen.
        store = CuttableStore(4096, budget=rng.below(9000))
        ref = _new(variant, seats, i)
        journal = Journal(store)
        done = 0
        try:
            journal.start(ref)
            for ev in script:
                _run(ref, journal, ev)
                done += 1
                if ref.game.phase == Phase.OVER:
                    break
        except PowerCut:
            pass
        resumed = Journal(store).resume(5)
        if resumed is None:
            assert done == 0  # the cut came while the new game was being saved
            continue
        # Either the event being written was lost, or it made it (a tick is applied
        # before it is journaled, and a snapshot taken then already holds it).
        before = _new(variant, seats, i)
        for ev in script[:done]:
            _run(before, None, ev)
        after = restore(before.save(before.last_seen()), before.last_seen())
        if done < len(script):
            _run(after, None, script[done])
        assert _same(resumed, before, 5) or _same(resumed, after, 5), (
            "game %d lost more than the event being written" % i
        )
        cases += 1
    assert cases > games(300) // 2


def test_a_resumed_game_goes_on_and_can_be_cut_again():
    store = CuttableStore(4096)
    ref = _new(WW3, 4, 42)
    journal = Journal(store)
    journal.start(ref)
    script = _script(WW3, 4, 42, 400)
    for ev in script[:150]:
        _run(ref, journal, ev)
    # reset: the clock restarts at 0; the game goes on from the journal
    journal = Journal(store)
    resumed = journal.resume(0)
    assert _same(resumed, ref, 0)
    twin = restore(ref.save(ref.last_seen()), 0)
    shift = 0 - script[149][-1] if script[149][0] != "press" else 0 - script[149][2]
    for ev in script[150:250]:
        moved = list(ev)
        k = 2 if ev[0] == "press" else 1
        moved[k] = (ev[k] + shift) & ((1 << 29) - 1)
        _run(resumed, journal, tuple(moved))
        _run(twin, None, tuple(moved))
    assert _same(Journal(store).resume(9), twin, 9)


def test_an_empty_or_garbage_store_holds_no_game():
    assert Journal(CuttableStore(4096)).resume(0) is None
    junk = CuttableStore(4096)
    rng = Rng(5)
    for k in range(4096):
        junk.mem[k] = rng.below(256)
    junk.mem[0:2] = b"TJ"
    assert Journal(junk).resume(0) is None


def test_a_store_too_small_for_a_snapshot_is_refused():
    try:
        Journal(CuttableStore(256)).start(_new(ARMAGEDDON, 4, 1))
    except JournalFull as e:
        assert "snapshot" in str(e)
    else:
        assert False
