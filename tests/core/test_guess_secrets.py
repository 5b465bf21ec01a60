"""Secret cards stay secret: nothing a screen, the serial link or the log shows names a
hidden secret card until it is revealed, and the log proves afterwards that every answer
was given against the card sealed at the start of the hand."""

from _scale import games

from topper import commit
from topper.games.guess.bots import Bot, RandomPlayer
from topper.cards import format_card, parse
from topper.games.guess.engine import Act, GuessMyCard, matches
from topper.jsonl import dumps

# Every int a public output may hold. Cards are written in their notation, never as ints.
PUBLIC_INTS = (
    "hand", "hands", "dealer", "seat", "target", "asker", "guesser", "by", "scorer", "turn",
    "player", "seats", "n", "answer", "points", "pile", "cards", "barred", "scores",
    "hand_points", "winners", "seed", "value", "shuffled",
)  # fmt: skip
# Where a card a player named aloud (asked about or guessed) is echoed.
SPOKEN_KEYS = ("shown", "declared", "card")


def _match(g):
    m = GuessMyCard(players=2 + g % 7, hands=1 + (g % 3 == 0)).new_match(g)
    players = [RandomPlayer(g + s) if s == 1 else Bot(g + s) for s in range(m.game.players)]
    for p in players:
        p.observe(m.rulings)
    while not m.is_over():
        rulings = m.apply(players[m.current_player()].choose(m))
        for p in players:
            p.observe(rulings)
    return m


def _check(obj, key, hidden, spoken, where):
    if isinstance(obj, str):
        if key in SPOKEN_KEYS and obj in spoken:
            return  # a player's own words
        text = obj
        for word in spoken:
            if key == "message":
                text = text.replace(word, "")
        for secret in hidden:
            assert secret not in text, "%s leaked under %r in %s" % (secret, key, where)
    elif isinstance(obj, bool) or obj is None:
        return
    elif isinstance(obj, int):
        assert key in PUBLIC_INTS, "an int under %r in %s" % (key, where)
    elif isinstance(obj, dict):
        for k in sorted(obj):
            _check(obj[k], k, hidden, spoken, where)
    else:
        for x in obj:
            _check(x, key, hidden, spoken, where)


def test_no_hidden_secret_in_any_public_output():
    for g in range(games(200)):
        m = _match(g)
        replayed = GuessMyCard(players=m.game.players, hands=m.game.hands).new_match(g)
        hidden = [format_card(c) for c in replayed.secrets]
        spoken = []
        outputs = list(replayed.rulings) + [replayed.view()]
        for obj in outputs:
            _check(obj, None, hidden, spoken, dumps(obj)[:120])
        for action in m.history:
            if action[0] == Act.ASK:
                spoken.extend([format_card(action[2]), format_card(action[3])])
            if action[0] == Act.GUESS:
                spoken.append(format_card(action[2]))
            rulings = replayed.apply(action)
            for rec in rulings:
                if rec["r"] == "hand":
                    hidden = []  # the secrets are dealt within the rulings that follow
                if rec["r"] == "commit":
                    hidden.append(format_card(replayed.secrets[rec["seat"]]))
                if rec["r"] in ("revealed", "reveal"):
                    secret = rec["card"] if rec["r"] == "revealed" else rec["secret"]
                    if secret in hidden:
                        hidden.remove(secret)
                    continue
                _check(rec, None, hidden, spoken, dumps(rec)[:120])
            _check(replayed.view(), None, hidden, spoken, "view")
        assert hidden == [], "every secret is revealed by the end of its hand"


def test_the_owner_alone_sees_the_secret_and_hand():
    m = GuessMyCard(players=3).new_match(11)
    secret = format_card(m.secrets[1])
    mine = m.hand_view(1)
    assert mine["secret"] == secret and len(mine["hand"]) >= 4
    view = dumps(m.view())
    assert secret not in view
    assert m.view()["secrets"] == [None, None, None]
    assert len([d for d in m.view()["digests"] if d]) == 3


def test_the_log_proves_the_answers_and_catches_a_forged_reveal():
    m = _match(5)
    replayed = GuessMyCard(players=m.game.players, hands=m.game.hands).new_match(5)
    log = list(replayed.rulings)
    for action in m.history:
        log.extend(replayed.apply(action))
    assert commit.check_log(log) == []
    # Every answer in the log is true against the card revealed at the end.
    secrets = {}
    for rec in log:
        if rec["r"] == "reveal":
            secrets[rec["seat"]] = parse(rec["secret"])
    count = 0
    for rec in log:
        if rec["r"] == "answer":
            assert matches(secrets[rec["seat"]], parse(rec["declared"])) == rec["n"]
            count += 1
    assert count
    forged = [dict(r) for r in log]
    for r in forged:
        if r["r"] == "reveal":
            r["secret"] = "4BS" if r["secret"] != "4BS" else "1RC"
            break
    assert len(commit.check_log(forged)) == 1
