"""The power-cut saves pack a turn game's long lists of small ints (topper.intpack):
whatever goes in comes back the same, through JSON; the saves of real games shrink to
two thirds of their JSON or less; bad packed text is refused."""

from topper import intpack, jsonl
from topper.games.crazy import turn as turn_crazy
from topper.games.guess import turn as turn_guess
from topper.games.tricky import turn as turn_tricky
from topper.games.tripp import turn as turn_tripp
from topper.gamekit import Entry
from topper.rng import Rng


def _round(obj):
    return intpack.unpack(jsonl.loads(jsonl.dumps({"v": intpack.pack(obj)})))["v"]


def _random_list(rng):
    out = []
    for _ in range(rng.below(40)):
        k = rng.below(6)
        if k == 0:
            out.append([rng.below(300) - 1 for _ in range(rng.below(15))])
        elif k == 1:
            out.append(rng.below(65536) - 1)
        elif k == 2:
            out.append("text")  # not packable: the list stays a list
        else:
            out.append(rng.below(240) - 1)
    return out


def test_anything_comes_back_the_same():
    rng = Rng(9)
    edge = [[-1, 0, 238, 239, 240, 254, 255, 256, 65534], [], [[]] * 5, [[-1] * 14] * 4,
            [True, 1, 2, 3], [1, 2, 3], [None, 2, 3, 4], [[1] * 15, 1, 2, 3]]
    for obj in edge:
        assert _round(obj) == obj and _round({"a": obj, "b": [obj, "x"]}) == {"a": obj, "b": [obj, "x"]}
    for _ in range(400):
        obj = {"history": _random_list(rng), "nested": [_random_list(rng), {"x": _random_list(rng)}],
               "message": "P2: 1 right", "n": rng.below(9)}
        assert _round(obj) == obj


def test_only_small_int_lists_are_packed():
    assert intpack.pack([1, 2, 3]) == [1, 2, 3]  # too short to be worth it
    assert intpack.pack([True, 1, 2, 3]) == [True, 1, 2, 3]  # a bool is no int here
    assert intpack.pack(["a", 1, 2, 3]) == ["a", 1, 2, 3]
    packed = intpack.pack({"h": [[2, -1, -1, -1, -1]] * 10})
    assert list(packed["h"]) == [intpack.KEY]


def test_a_flat_list_of_ints_below_64_takes_one_character_an_int():
    inputs = [0, 63, 52, 61, 17, 62, 1, 2]
    packed = intpack.pack({"log": inputs})
    assert list(packed["log"]) == [intpack.SIX] and len(packed["log"][intpack.SIX]) == len(inputs)
    assert _round(inputs) == inputs
    for other in ([0, 1, 2, 64], [-1, 1, 2, 3], [0, [1], 2, 3]):  # the other form
        assert list(intpack.pack(other)) == [intpack.KEY] and _round(other) == other


def _saved_game(module, seats, options):
    ref = module.referee(seats, Entry.DEALT, 3, None, options)
    bots = [ref.bot(s, s) for s in range(seats)]
    ref.start(0)
    i = 0
    while not ref.is_over():
        ref.act(bots[ref.view(i)["turn"]].choose(ref), i)
        i += 1
    return ref.to_dict()


def test_whole_games_pack_to_two_thirds_or_less_and_come_back():
    for module, seats, options in (
        (turn_tripp, 6, None),
        (turn_tricky, 4, {"hands": 8}),
        (turn_crazy, 4, {"hands": 4}),
        (turn_guess, 4, {"hands": 2}),
    ):
        d = _saved_game(module, seats, options)
        plain = len(jsonl.dumps(d))
        packed = len(jsonl.dumps(intpack.pack(d)))
        assert _round(d) == d
        assert packed < plain * 0.7, (module.GAME, plain, packed)


def test_bad_packed_text_is_refused():
    for key, text in ((intpack.KEY, "A"), (intpack.KEY, "?!!!"), (intpack.KEY, "8Q"), (intpack.KEY, "/w"),
                      (intpack.KEY, 5), (intpack.SIX, "AB?C"), (intpack.SIX, 5)):
        bad = {key: text}
        try:
            intpack.unpack(bad)
        except ValueError:
            pass
        else:
            raise AssertionError("took %r" % (bad,))
