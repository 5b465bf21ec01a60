"""Random hands on the buttons of every turn game, through the real firmware: short and
long presses by any seat (on turn or not), chords, table taps, a table press held to
"END GAME?" and taken back, and the power going at random moments (FRAM: every save
at once). No press may raise in the App, and every power cut must give back the game
the board last saved, exactly."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import fakes  # noqa: E402
from _link_fakes import boot, power_cut, remove_fram  # noqa: E402
from _turn_steps import choose  # noqa: E402
from topper import games  # noqa: E402
from topper.rng import Rng  # noqa: E402


def teardown_function(function):
    remove_fram()
    fakes.uninstall()


def _watch(app, errors):
    def failed(e, now):
        errors.append(repr(e))

    app._failed = failed
    return app


def _saved(app):
    d = app.ref.to_dict()
    d.pop("message", None)  # "Resumed game" after a cut
    return d


def _hands(rig, app, rng, seats):
    now = rig.now + 20
    k = rng.below(12)
    seat = rng.below(seats)
    if k < 6:
        if k < 4:  # mostly the seat on turn
            turn = app.ref.view(rig.now)["turn"]
            seat = turn if turn >= 0 else seat
        rig.press(seat, now, hold=(120, 900)[rng.below(2)])
        rig.run(app, now + 1100)
    elif k < 8:
        rig.table(now, hold=100)
        rig.run(app, now + 300)
    elif k < 10:  # a chord: the table held, a seat pressed
        rig.table(now, hold=500)
        rig.press(seat, now + 200)
        rig.run(app, now + 900)
    elif k < 11:  # "END GAME?", then the table plays on
        rig.table(now, hold=900)
        rig.run(app, now + 1100)
        rig.table(rig.now + 20, hold=100)
        rig.run(app, rig.now + 300)
    else:
        rig.run(app, now + 400 + rng.below(3000))


def test_random_presses_and_power_cuts_never_break_a_turn_game():
    for g, game in enumerate(games.keys(games.TURN)):
        rng = Rng(40 + g)
        errors = []
        rig, app, port, env, code = boot({"TOPPER_CARDPAD": 0}, fram=True)
        choose(rig, app, games.find(game).title)
        app = _watch(app, errors)
        seats = app.game["seats"]
        cuts = 0
        ended = 0
        for step in range(120):
            over = app.ref.view(rig.now)["over"]
            _hands(rig, app, rng, seats)
            assert errors == [], (game, step, errors)
            if app.mode == 0:  # the menu: only a game that was over may have been ended
                assert over, (game, step)
                ended += 1
                choose(rig, app, games.find(game).title)
            assert app.mode == 2 and games.is_turn(app.game["game"]), (game, step, app.mode)  # it goes on
            if rng.below(15) == 0:
                before = _saved(app)
                done = app.ref.view(rig.now)["over"]
                app = _watch(power_cut(rig, code, env, port), errors)
                if done:  # a finished game is not resumed: the menu, and a new one
                    assert app.mode == 0 and app.ref is None, (game, step)
                    choose(rig, app, games.find(game).title)
                    continue
                assert games.is_turn(app.game["game"]) and _saved(app) == before, (game, step)
                cuts += 1
        assert cuts >= 3, (game, cuts)
        remove_fram()
        fakes.uninstall()
