"""A slap game's view as the referee gives it (docs/architecture.md), for the view tests:
an open pot with P1 on turn, changed by keyword."""


def slap_view(seats=4, **kw):
    v = {
        "game": "ww3",
        "seats": seats,
        "phase": "open",
        "turn": 0,
        "controller": -1,
        "chances": 0,
        "stacks": [10] * seats,
        "pot": [],
        "facedown": 0,
        "slappable": None,
        "locked": [False] * seats,
        "penalty": [False] * seats,
        "hurry_ms": 3000,
        "hurry_left": -1,
        "race": None,
        "message": "",
        "winner": -1,
    }
    for k in kw:
        v[k] = kw[k]
    return v
