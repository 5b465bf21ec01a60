"""The board's lines checked before ``topper monitor`` shows or saves them.

A board's firmware may be older or newer than the host, a cable may garble a line, a
fuzzing test may send anything: what the monitor cannot honour gets one warning line
and is left out, and the monitor goes on. ``Checker`` keeps the game the last header
named (its seats and its deck) and says why a line cannot be taken (None when it can):

- a header (``"log"``): a format and version this host reads, a registered game, a
  number of seats that game is played with;
- a ruling (``"r"``): its kind a word, its stamp ``t`` a whole number of ms, every seat
  it names one of the game's, a card one of the game's deck, and, for a slap game,
  each field the commentary reads of the type it needs;
- a view (``"k": "view"``): no view, or an object naming a registered game and seats it
  is played with.

It reads the lines on the host (nothing is checked twice on the board's slap path).
"""

from topper import cards, games, stdcards
from topper.replay import FORMAT, READS
from topper.ticks import PERIOD

OLD_TURN = "topper-turn"  # a board's turn game header before format version 2
SEAT_KEYS = ("seat", "by", "control", "award")


def whole(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _text(v):
    return isinstance(v, str)


def _flag(v):
    return isinstance(v, bool)


def _maybe_flag(v):
    return v is None or isinstance(v, bool)


def _list(v):
    return isinstance(v, list)


def _order(v):
    return isinstance(v, list) and all(isinstance(e, list) and len(e) == 2 and whole(e[0]) and whole(e[1])
                                       for e in v)


def _maybe_text(v):
    return v is None or isinstance(v, str)


def _locked(v):
    return isinstance(v, (bool, list))


# What the commentary (``sim.narrate``) and the effects read of each slap game ruling.
SLAP_NEEDS = {
    "starter": {"seat": whole},
    "lay": {"seat": whole, "card": _text},
    "slap": {"by": whole, "order": _order, "ok": _maybe_flag},
    "late": {"seat": whole, "margin_us": whole},
    "locked": {"seat": whole},
    "hurry": {"seat": whole},
    "collect": {"seat": whole, "cards": whole},
    "win": {"seat": whole},
    "confirm": {"seat": whole, "ok": _flag},
    "out": {"seat": whole},
    "turn": {"seat": whole},
    "error": {"msg": _text},
}
SLAP_MAY = {"shows": _list, "penalty": _flag, "chances": whole, "paid": whole, "rule": _maybe_text,
            "locked": _locked, "slap": _maybe_text}


def _seats_of(game, seats):
    """None, or why ``seats`` is not a number of seats ``game`` is played with."""
    lo, hi = games.find(game).players
    if not whole(seats) or not lo <= seats <= hi:
        return "%s is played by %d to %d, not %r" % (game, lo, hi, seats)
    return None


class Checker:
    def __init__(self):
        self.game = None  # the game of the last header taken (or of the first view)
        self.seats = 8
        self.refused = False  # the last header was refused: its game's lines are left out

    @property
    def slap(self):
        return self.game is not None and self.game in games.keys(games.SLAP)

    def header(self, h):
        log = h.get("log")
        game = h.get("game")
        if log == OLD_TURN:
            if game not in games.keys(games.TURN):
                return "a turn game header that names no turn game (game %r)" % (game,)
        elif log != FORMAT:
            return "not a Topper Table log header (log %r)" % (log,)
        elif h.get("v") not in READS:
            return "log format version %r; this host reads versions %s" % (
                h.get("v"), " and ".join([str(v) for v in READS]))
        elif game not in games.keys():
            return "no game %r on this host (%s)" % (game, ", ".join(games.keys()))
        why = _seats_of(game, h.get("seats"))
        if why is not None:
            return why
        if h.get("blind") and game not in games.keys(games.SLAP):
            return "blind play of %s, which is no slap game" % game
        self.game = game
        self.seats = h["seats"]
        self.refused = False
        return None

    def ruling(self, r):
        kind = r.get("r")
        if not isinstance(kind, str) or not kind:
            return "a ruling's kind is a word, not %r" % (kind,)
        t = r.get("t")
        if not whole(t) or not 0 <= t < PERIOD:
            return "ruling %r: its stamp t is a whole number of ms, not %r" % (kind, t)
        for key in SEAT_KEYS:
            if key in r and not (whole(r[key]) and -1 <= r[key] < self.seats):
                return "ruling %r: %s %r is not one of the %d seats" % (kind, key, r[key], self.seats)
        winners = r.get("winners")
        if winners is not None and not (isinstance(winners, list)
                                        and all(whole(s) and 0 <= s < self.seats for s in winners)):
            return "ruling %r: winners %r are not seats of the game" % (kind, winners)
        if "order" in r and not (_order(r["order"]) and all(0 <= e[0] < self.seats for e in r["order"])):
            return "ruling %r: order %r is not a list of [seat, us]" % (kind, r["order"])
        card = r.get("card")
        if isinstance(card, str):
            try:
                if self.game is not None and games.find(self.game).deck == games.STANDARD:
                    stdcards.parse(card)
                else:
                    cards.parse(card)
            except ValueError:
                return "ruling %r: %r is no card of the game's deck" % (kind, card)
        elif card is not None and not whole(card):
            return "ruling %r: card %r is no card" % (kind, card)
        if self.slap or self.game is None:
            for key, ok in SLAP_NEEDS.get(kind, {}).items():
                if key not in r or not ok(r[key]):
                    return "ruling %r needs %s, not %r" % (kind, key, r.get(key))
            for key, ok in SLAP_MAY.items():
                if key in r and not ok(r[key]):
                    return "ruling %r: %s cannot be %r" % (kind, key, r[key])
            if kind == "lay" and "control" in r and not whole(r.get("chances")):
                return "ruling 'lay' takes control without a whole number of chances"
        return None

    def view(self, reply):
        v = reply.get("view")
        if v is None:
            return None
        if not isinstance(v, dict):
            return "a view is an object, not %r" % (v,)
        game = v.get("game")
        if game is None:
            return None  # the board between games
        if game not in games.keys():
            return "a view of no game this host knows (%r)" % (game,)
        why = _seats_of(game, v.get("seats"))
        if why is not None:
            return "a view of %s" % why
        if not whole(reply.get("t", 0)):
            return "a view's stamp t is a whole number of ms, not %r" % (reply.get("t"),)
        if self.game is None:
            self.game, self.seats = game, v["seats"]
        return None
