"""The one interface of every referee: the slap games' with the card pad
(``games.slap.pad``) and blind (``games.slap.blind``), and every turn game's
(``turnref``), with the pad or with buttons. A shell (the device's ``topper_app``, the
simulator, a replay) uses these members and no others:

- ``start(t, seat=-1)``: the game begins at ``t``; ``seat`` is the seat whose press
  started it (-1: none, the referee finds who begins). Returns its rulings.
- ``take(kind, seat, t, us=0, card=None)``: one input (``topper.inputs``), its rulings.
  Time passing (``TICK``) and the table's "END GAME?" (``PAUSE``, ``RESUME``) are
  inputs too.
- ``uses(kind)``: whether the input means something to this game now; the shell keeps
  the rest (the table button's long press ends a game that does not use it).
- ``view(t)``: what a screen shows, a dict whose head every referee shares: ``game``,
  ``seats``, ``turn`` (the seat on turn, -1: none), ``over``, ``winners`` (a list),
  ``message``; then the game's own keys, which only its view module reads.
- ``header(cfg)``: the head of the game's log (docs/event-log.md): what a replay needs
  to make this referee again (``cfg`` the settings it was made from).
- ``save(t)``: everything a power cut must not lose, as JSON-able data; the module's
  ``restore(saved, now)`` gives the referee back.
- ``racing()`` / ``settling()``: a slap race is open / is due to be ranked (False for
  every game without races).
- ``logged(kind, seat, us, card)``: the log's event for an input before it is taken,
  ``(name, fields)``, or None while a secret is being entered (``secret_input()``):
  then nothing of it is logged, and the shell writes one ``secret`` event where the
  entry ends.

Each referee module has ``make(cfg, seed, settle_ms=1, salt_key=None)`` (``cfg`` the
menu's settings, ``seed`` the start press's stamp or the host's seed, ``settle_ms``
how long a slap race stays open on this device's buttons, ``salt_key`` a key for the
seals of a game with secrets) and ``restore(saved, now)``.

Every call returns a list of rulings, each a dict with ``"r"`` and ``"t"``; an input a
game has no use for is an ``error`` ruling and changes nothing.
"""

from topper import inputs


class Referee:
    GAME = ""  # the game's key (topper.games), in menus, logs and the serial protocol
    # Inputs this referee takes, as a mask of 1 << kind (topper.inputs).
    TAKES = 1 << inputs.TICK
    # A referee that is journaled input by input (topper.journal) instead of saved
    # whole after each ruling: the card-pad slap games, a few inputs a second.
    JOURNALED = False
    # A referee that tells a seat's short press from its long one (the buttons then
    # report both: topper_hw.buttons' holds).
    HOLDS = False
    # The device asks for rulings written into records reused from race to race, so
    # that a slap allocates nothing (the slap referees; a consumer copies what it keeps).
    recycle = False
    seed = 0

    def start(self, t, seat=-1):
        raise NotImplementedError

    def take(self, kind, seat, t, us=0, card=None):
        raise NotImplementedError

    def tick(self, t):
        return self.take(inputs.TICK, -1, t)

    def finish(self, t):
        """The log ended at ``t`` (a replay's last step): rulings on what still waits."""
        return []

    def uses(self, kind):
        return (self.TAKES >> kind) & 1 == 1

    def view(self, t):
        raise NotImplementedError

    def save(self, t):
        raise NotImplementedError

    def header(self, cfg):
        """The log's header: its format, and the game, seats and seed every log has."""
        return {"log": "topper-table", "v": 2, "game": cfg["game"], "seats": cfg["seats"], "seed": self.seed}

    def racing(self):
        return False

    def settling(self):
        return False

    def secret_input(self):
        return False

    def logged(self, kind, seat, us, card):
        """The log's event for an input (docs/event-log.md), ``(name, fields)``."""
        if kind == inputs.PRESS:
            return "press", {"seat": seat, "us": us}
        if kind == inputs.CARD:
            return "lay", {"card": self.card_name(card)}
        return inputs.NAMES[kind], {}

    def card_name(self, card):
        """A card's name as the log writes it."""
        raise NotImplementedError
