"""What a board's turn log leaves unnamed, found again so that a replay goes to the
game's end (docs/event-log.md, "What a log names").

A board never logs a secret while it is one: a card the pad reads is logged without its
name where the game does not lay it face up for all to see (Crazy Job, Guess My Card),
and the presses that enter a stored Crazy Job rule are left out, one ``secret`` event
standing where the entry ended. The rest of the log still holds what a replay needs:

- a secret (a Guess My Card secret card, a stored rule) is sealed (a ``commit`` ruling)
  and revealed with its salt at the hand's end (``reveal``, ``topper.commit``). The
  replay reads ahead to that reveal, checks that it opens the seal, and hands the
  referee the secret where it was entered;
- any other read is named by the rulings that follow it: the card shown to ask, a
  starting card, a card moved, the cards of a play read one by one (by their place in
  the play). A read the game refused changed nothing: any card the game refuses in the
  same words stands for it.

A read is tried on a copy of the referee and kept only when its rulings are the log's;
the rulings after it are then checked against the core's as for any log.
"""

import copy

from topper import commit, inputs
from topper.replay import LogError
from topper_host.sim import moves

DECK = 125  # card codes 0..124: the Triple Topper deck (a standard card's code is lower)


class Stop(LogError):
    """The log stops holding what the replay needs (a hand cut off before its reveal):
    the replay goes this far; the log is not wrong for it."""


class Unnamed:
    """The unnamed inputs of one read log (``topper.replay.read``): ``needs(ev)`` says
    whether an event is one, ``apply`` gives it to the referee as the table made it.
    ``opened`` holds the lines of the seals and reveals checked against each other: the
    replay's referee seals with salts of its own, so there the log's digest and salt
    stand for the core's (they open each other). ``found`` keeps what each event was,
    by its index: ``("card", code)``, ``("rule", code)`` (a stored rule) or
    ``("left", None)`` (a rule's entry left), for playing the log on a device."""

    def __init__(self, h, events, parse_card):
        self.game = h["game"]
        self.host = moves.host(self.game)  # the game's host package (its secrets)
        self.events = events
        self.parse_card = parse_card
        self.opened = set()
        self.found = {}
        self._last = -1  # the code of the last read found by trial

    def needs(self, ev):
        return ev["ev"] == "secret" or (ev["ev"] == "card" and "card" not in ev)

    def apply(self, ref, i, compare):
        """Event ``i`` on ``ref``: its rulings. ``compare(ev, rulings)`` raises
        LogError unless the rulings are the ones the log holds for ``ev``."""
        if self.events[i]["ev"] == "secret":
            return self._entered(ref, i)
        return self._read(ref, i, compare)

    # ----- secrets -------------------------------------------------------------------

    def _entered(self, ref, i):
        """A secret entered with the buttons (a stored Crazy Job rule): once revealed,
        one engine action (the game's host package says which, ``entered``); an entry
        left (no ruling) is the table button at its start."""
        ev = self.events[i]
        if getattr(self.host, "SECRET_ENTRY", None) is None:
            why = "a secret event in a %s log: the game enters no secret with the buttons"
            raise LogError(ev["_line"], why % self.game)
        seat = _seat_of(ev, self.host.SECRET_ENTRY)
        if seat is None:
            self.found[i] = ("left", None)
            return ref.take(inputs.TABLE, -1, ev["t"])
        text, line = self._secret(i, seat)
        try:
            code, action = self.host.entered(text)
        except ValueError as e:
            raise LogError(line, str(e))
        self.found[i] = ("rule", code)
        return ref.act(action, ev["t"])

    def _secret(self, i, seat):
        """``(secret, line)``: what ``seat`` entered at event ``i``, read ahead from the
        hand's reveal (at ``line``) once it opens the seal. LogError at the reveal's
        line where it does not; Stop where the log ends before it."""
        ev = self.events[i]
        seal = None
        for k in range(i, len(self.events)):
            later = self.events[k]
            if k > i and seal is None and self._secret_seat(later) == seat:
                # Entered again before it was sealed (the entry undone): the first one
                # made no ruling that names it; the one revealed is the one that counts.
                return self._secret(k, seat)
            for r in later["_rulings"]:
                if seal is None:
                    if r.get("r") == "commit" and r.get("seat") == seat:
                        seal = r
                    continue
                if r.get("label") != seal.get("label"):
                    continue
                if r.get("r") == "commit":
                    raise Stop(
                        ev["_line"],
                        "this secret was sealed at line %d, then undone and sealed again: the "
                        "log never reveals it, so the replay stops here" % seal["_line"],
                    )
                if r.get("r") == "reveal":
                    if not isinstance(r.get("salt"), str) or not commit.verify(seal, r):
                        raise LogError(
                            r["_line"],
                            "this reveal does not open the seal of line %d (the secret or the "
                            "salt is not the one sealed)" % seal["_line"],
                        )
                    self.opened.update((seal["_line"], r["_line"]))
                    return r.get("secret"), r["_line"]
        what = "a stored rule was entered" if ev["ev"] == "secret" else "the pad read a secret card"
        until = "it is sealed" if seal is None else "the hand's reveal"
        raise Stop(
            ev["_line"],
            "%s here and the log ends before %s (a game stopped mid-hand, a power "
            "cut), so the replay stops here" % (what, until),
        )

    def _secret_seat(self, ev):
        """The seat whose secret event ``ev`` enters, or None: by the ruling the game's
        host package names (a stored rule entered, a secret card read)."""
        kind = None
        if ev["ev"] == "secret":
            kind = getattr(self.host, "SECRET_ENTRY", None)
        elif ev["ev"] == "card" and "card" not in ev:
            kind = getattr(self.host, "SECRET_CARD", None)
        return None if kind is None else _seat_of(ev, kind)

    # ----- other reads ---------------------------------------------------------------

    def _read(self, ref, i, compare):
        ev = self.events[i]
        seat = self._secret_seat(ev)
        if seat is not None:  # a Guess My Card secret card
            text, line = self._secret(i, seat)
            try:
                code = self.parse_card(text)
            except (ValueError, AttributeError, TypeError):
                raise LogError(line, "the revealed secret %r is not a card" % (text,))
            self.found[i] = ("card", code)
            return ref.take(inputs.CARD, -1, ev["t"], 0, code)
        why = [r.get("why") for r in ev["_rulings"]]
        if len(why) == 1 and why[0] in getattr(self.host, "OLDER_REFUSALS", ()):
            # A read an older board refused, which the game now takes (the game's host
            # package names them): that refusal changed nothing then, so the replay
            # hands the referee nothing.
            return [{"r": "error", "t": ev["t"], "why": why[0]}]
        # Any card the game refuses alike will do: not the one read last, which a pad
        # would take for the same card still lying on it.
        after = self._last + 1
        tried = set()
        for code in self._named(i) + list(range(after, DECK)) + list(range(after)):
            if code in tried:
                continue
            tried.add(code)
            trial = copy.deepcopy(ref)
            try:
                compare(ev, trial.take(inputs.CARD, -1, ev["t"], 0, code))
            except LogError:
                continue
            self.found[i] = ("card", code)
            self._last = code
            return ref.take(inputs.CARD, -1, ev["t"], 0, code)
        raise LogError(ev["_line"], "no card the pad could read here makes the rulings the log holds")

    def _named(self, i):
        """Codes of the cards the log names after read ``i``, most likely first: those
        of the rulings that settle it (its own, or the play it is part of), from its
        place in that play."""
        events = self.events
        names = []
        for k in range(i, len(events)):
            ev = events[k]
            if _chord(ev):
                break  # the cards read so far were cleared, never named
            for r in ev["_rulings"]:
                names.extend(self._cards_in(r))
            if _moved(ev):
                break
        place = 0
        for k in range(i - 1, -1, -1):
            ev = events[k]
            if _chord(ev) or _moved(ev):
                break
            if self.needs(ev) and ev["ev"] == "card" and not ev["_rulings"]:
                place += 1
        return names[place:] + names[:place]

    def _cards_in(self, ruling):
        out = []
        for key in sorted(ruling):
            value = ruling[key]
            if key == "why" and isinstance(value, str):
                value = [w.strip(".,:;!?") for w in value.split()]
            for text in value if isinstance(value, list) else [value]:
                if isinstance(text, str):
                    try:
                        out.append(self.parse_card(text))
                    except ValueError:
                        pass  # a word that names no card
        return out


def _seat_of(ev, kind):
    """The seat of the ruling ``kind`` among the rulings ``ev`` made (a stored rule's
    ``rule`` ruling, whose ``stored`` says it was stored), or None."""
    for r in ev["_rulings"]:
        if r.get("r") == kind and (kind != "rule" or r.get("stored")):
            seat = r.get("seat")
            return seat if isinstance(seat, int) and not isinstance(seat, bool) else None
    return None


def _chord(ev):
    return ev["ev"] == "button" and ev.get("press") == "chord"


def _moved(ev):
    """Did ``ev`` make a ruling other than a refusal (the game moved)?"""
    for r in ev["_rulings"]:
        if r.get("r") != "error":
            return True
    return False
