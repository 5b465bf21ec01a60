"""The device's seals cannot be opened from the log: with a salt key (as the firmware
passes from os.urandom), Crazy Job's and Guess My Card's salts come from the key, not
from the seed the log shows; every seal still opens at its reveal, and a game restored
from its private save (a power cut) seals and reveals exactly as the one that ran on."""

from topper import commit, jsonl
from topper.games.crazy import turn as turn_crazy
from topper.games.guess import turn as turn_guess
from topper.gamekit import Entry

KEY = "00112233445566778899aabbccddeeff"
OTHER = "ffeeddccbbaa99887766554433221100"


def test_keyed_salts_are_the_same_for_a_key_and_differ_between_keys():
    a = commit.KeyedSalts(commit.from_hex(KEY))
    b = commit.KeyedSalts(commit.from_hex(KEY))
    c = commit.KeyedSalts(commit.from_hex(OTHER))
    wa = [a.next32() for _ in range(20)]  # across the 8-word blocks
    assert wa == [b.next32() for _ in range(20)]
    wc = [c.next32() for _ in range(20)]
    assert len(set(wa)) == 20 and not set(wa) & set(wc)
    assert commit.salts_for(None) is None


def _play(module, seats, key, seed=7, save_at=-1):
    """A dealt bot game; returns every ruling and, when ``save_at`` >= 0, the rulings a
    copy restored from the save after that many actions gave from there on."""
    ref = module.referee(seats, Entry.DEALT, seed, None, {"hands": 1}, key)
    bots = [ref.bot(s, s) for s in range(seats)]
    out = list(ref.start(0))
    copy = None
    after = []
    steps = 0
    while not ref.is_over():
        if steps == save_at:
            saved = jsonl.loads(jsonl.dumps(ref.to_dict()))
            assert saved["salt_key"] == key
            copy = module.restore(saved, 0)
        action = bots[ref.match.current_player()].choose(ref)
        rulings = ref.act(action, steps)
        out.extend(rulings)
        if copy is not None:
            after.append((rulings, copy.act(action, steps)))
        steps += 1
        assert steps < 5000
    return out, after


def _seals(rulings):
    return [r["digest"] for r in rulings if r["r"] == "commit"]


def _salts(rulings):
    return [r["salt"] for r in rulings if r["r"] == "reveal"]


def test_the_seals_come_from_the_key_and_still_open():
    for module, seats in ((turn_crazy, 3), (turn_guess, 4)):
        seeded, _ = _play(module, seats, None)
        keyed, _ = _play(module, seats, KEY)
        other, _ = _play(module, seats, OTHER)
        assert commit.check_log(keyed) == [] and commit.check_log(other) == []
        assert _seals(keyed) and len(_seals(keyed)) == len(_seals(seeded))
        # The same seed, the same secrets: only the key changes every salt and seal.
        for a, b in ((keyed, seeded), (keyed, other)):
            assert not set(_seals(a)) & set(_seals(b)), module.GAME
            assert not set(_salts(a)) & set(_salts(b)), module.GAME
        # Nothing public carries the key.
        assert KEY not in jsonl.dumps(keyed)


def test_a_restored_keyed_game_seals_and_reveals_as_the_one_that_ran_on():
    for module, seats in ((turn_crazy, 3), (turn_guess, 3)):
        for save_at in (0, 3, 11):
            _, after = _play(module, seats, KEY, save_at=save_at)
            assert after, (module.GAME, save_at)
            for ran, restored in after:
                assert restored == ran, (module.GAME, save_at)
