"""The journal's byte stores on their own: the nvm store holds writes back and puts
them on the chip in one assignment (one flash sector rewrite) at most once a second and
at pile boundaries; the FRAM store hides the driver's habits from the journal."""

import pathlib
import random
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402
from _link_fakes import FakeFram, install_fram, remove_fram  # noqa: E402
from fakes.circuitpython import Nvm  # noqa: E402
from topper import inputs, jsonl  # noqa: E402
from topper.journal import Journal  # noqa: E402
from topper.turnsave import TurnSave  # noqa: E402
from topper.games.slap.pad import PadSlapReferee, restore  # noqa: E402
from topper.games.slap.engine import SlapGame  # noqa: E402
from topper_app.gamesave import GameSave  # noqa: E402
from topper_hw.journal_store import NVM_START, FramStore, NvmStore, open_store  # noqa: E402


def teardown_function(function):
    remove_fram()
    fakes.uninstall()


def game():
    ref = PadSlapReferee(SlapGame("armageddon", 4, 2), seed=3)
    ref.start(1000)
    return ref


def same(a, b, now=0):
    return jsonl.dumps(restore(a.save(a.last_seen()), now).save(now)) == jsonl.dumps(
        restore(b.save(b.last_seen()), now).save(now))


def test_nvm_writes_are_held_and_written_in_one_assignment_a_second():
    nvm = Nvm(4096)
    deck_map = bytes(nvm.data[:NVM_START])
    store = NvmStore(nvm)
    assert len(store) == 4096 - NVM_START
    ref = game()
    j = Journal(store)
    j.start(ref)
    assert nvm.writes == [] and store.dirty()  # the new game waits in RAM
    assert store.step(1000, boundary=True) and len(nvm.writes) == 1
    t = 1000
    flushed = None
    for _ in range(40):
        t += 150
        j.take(ref, inputs.CARD, -1, t)
        if store.step(t):
            flushed = restore(ref.save(t), t)
    # 40 cards in 6 s: written once a second, each time in one assignment.
    assert 6 <= len(nvm.writes) <= 8
    assert all(b - a <= len(store) for a, b in nvm.writes)
    assert bytes(nvm.data[:NVM_START]) == deck_map  # the deck map is never touched
    # A cut now: what was held is lost, what was written comes back.
    resumed = Journal(NvmStore(nvm)).resume(0)
    assert same(resumed, flushed)
    assert not same(resumed, ref) or not store.dirty()


def test_a_full_slot_snapshots_into_the_other_without_holding_both():
    # When the live slot is full the journal snapshots into the other one. The records
    # still held in RAM go to the chip first: held together, the store would hold the
    # whole span of both slots (a 3 KB buffer on the slap path). After every event a
    # cut brings back the game as the chip has it.
    nvm = Nvm(4096)
    store = NvmStore(nvm)
    half = len(store) // 2
    ref = game()
    j = Journal(store)
    j.start(ref)
    store.step(1000, boundary=True)
    nvm.writes.clear()
    t = 1000
    slots = set()
    for _ in range(300):
        t += 120
        j.take(ref, inputs.CARD, -1, t)
        assert store._hi - store._lo <= half
        slots.add(j.slot)
        store.step(t)
    assert slots == {0, 1}
    assert all(b - a <= half for a, b in nvm.writes)
    store.step(t, boundary=True)
    assert same(Journal(NvmStore(nvm)).resume(0), ref)


def test_reads_see_the_writes_not_yet_on_the_chip():
    nvm = Nvm(4096)
    store = NvmStore(nvm)
    store[10:14] = b"ABCD"
    store[12:13] = b"x"
    assert bytes(store[8:16]) == b"\xff\xffABxD\xff\xff"
    assert store[12] == ord("x") and store[20] == 0xFF
    assert nvm.data[NVM_START + 10] == 0xFF
    store.step(0)
    assert bytes(nvm.data[NVM_START + 10 : NVM_START + 14]) == b"ABxD" and not store.dirty()


def test_held_writes_in_any_order_reach_the_chip_as_written():
    # Records next to each other (the journal's), a terminator before its record, writes
    # far apart (a snapshot into the other slot) and writes over held bytes: what reads
    # see before the flush, and the chip after it, is what a plain byte array would hold.
    rng = random.Random(16)
    for _ in range(200):
        nvm = Nvm(4096)
        store = NvmStore(nvm)
        model = bytearray(nvm.data[NVM_START:])
        for _ in range(rng.randrange(1, 12)):
            n = rng.choice((1, 2, 11, 40, 300, 1500))
            at = rng.randrange(0, len(store) - n)
            data = bytes(rng.randrange(256) for _ in range(n))
            if rng.random() < 0.5:
                store.write(at, data)
            else:
                store[at : at + n] = data
            model[at : at + n] = data
            a = rng.randrange(0, len(store) - 64)
            assert bytes(store[a : a + 64]) == bytes(model[a : a + 64])
            if rng.random() < 0.3:
                assert store.step(0, boundary=True) and len(nvm.writes) == store.flushes
        store.step(0, boundary=True)
        assert bytes(nvm.data[NVM_START:]) == bytes(model) and not store.dirty()


def test_turn_saves_within_a_second_stay_in_one_slot_and_a_cut_keeps_the_last_written():
    # A turn game saves after every move. Saves within the second before a flush are
    # written over the held one, in its slot: the held bytes never span both slots
    # (a 3 KB buffer), and a cut at any point brings back the newest save
    # that reached the chip.
    rng = random.Random(17)
    nvm = Nvm(4096)
    store = NvmStore(nvm)
    saves = TurnSave(store)
    saves.start({"move": 0, "pad": "x" * 300})
    store.step(0, boundary=True)
    on_chip = 0
    t = 0
    for move in range(1, 120):
        t += rng.choice((100, 250, 400, 1200))
        saves.save({"move": move, "pad": "x" * rng.randrange(200, 700)})
        assert store._hi - store._lo <= saves.slot_size  # one slot at a time
        if store.step(t):
            on_chip = move
        # A cut now: what was held is lost, the chip's newest comes back.
        assert TurnSave(NvmStore(nvm)).load()["move"] == on_chip
    assert on_chip > 60  # most moves reached the chip (once a second)


def test_games_start_and_end_writing_one_slot_at_a_time():
    # Game after game, saved whole or journaled: every chip write stays within one
    # slot (a write spanning both made the store hold 3 KB at a game's start and end),
    # an ended game leaves nothing to resume, and a started one resumes.
    nvm = Nvm(4096)
    store = NvmStore(nvm)
    save = GameSave(store)
    half = len(store) // 2
    for n in range(6):
        nvm.writes.clear()
        if n % 2:
            save.begin_whole({"game": "toy", "move": n}, 1000 * n)
            assert save.resume_whole() == {"game": "toy", "move": n}
        else:
            save.begin(game(), 1000 * n)
            assert same(Journal(NvmStore(nvm)).resume(0), game())
        save.forget(1000 * n + 500)
        assert not store.dirty()
        assert GameSave(NvmStore(nvm)).resume_whole() is None
        assert Journal(NvmStore(nvm)).resume(0) is None
        for a, b in nvm.writes:
            a -= NVM_START
            b -= NVM_START
            assert b <= half or a >= half, (n, a, b)


def test_fram_store_gives_the_journal_ints_and_exact_slices():
    rig = fakes.install()
    install_fram(rig)
    import busio

    store = open_store(busio.I2C(None, None), Nvm(4096))
    assert isinstance(store, FramStore) and len(store) == 32766
    store[100:103] = b"abc"
    assert store[101] == ord("b")  # the driver gives a 1-byte bytearray: the store an int
    assert bytes(store[100:103]) == b"abc"  # the driver's slice is one byte longer
    assert bytes(store[32760:32766]) == bytes(6)  # up to the end the store offers
    ref = game()
    j = Journal(store)
    j.start(ref)
    for i in range(30):
        j.take(ref, inputs.CARD, -1, 2000 + 300 * i)
    assert same(Journal(store).resume(0), ref)
    assert FakeFram.chip[0:2] == b"TJ" or FakeFram.chip[16383:16385] == b"TJ"


def test_no_fram_on_the_bus_means_the_nvm_store():
    rig = fakes.install()
    install_fram(rig)
    rig.i2c_present.discard(0x50)
    import busio

    assert isinstance(open_store(busio.I2C(None, None), Nvm(4096)), NvmStore)
    remove_fram()  # no driver in lib/ at all
    assert isinstance(open_store(busio.I2C(None, None), Nvm(4096)), NvmStore)
    assert open_store(None, None) is None
