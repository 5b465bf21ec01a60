"""Bots-only statistics: what happened in each game and over a run of games, counted
from the device's log as ``topper stats`` counts it."""

from topper import jsonl
from topper.ticks import ticks_diff

from topper_host import turn_moves


class GameStats:
    """A watcher of the virtual board that counts the rulings in the device's log."""

    def __init__(self, seats):
        self.seats = seats
        self.lays = 0
        self.slaps = 0
        self.wrong = 0
        self.late = 0
        self.hurries = 0
        self.pots = 0  # pots gathered after chances ran out
        self.won_slaps = [0] * seats
        self.fastest = []  # margin of the runner-up behind each won slap, in us
        self.winner = -1
        self.start_t = None
        self.end_t = None

    def __call__(self, lines, now):
        for line in lines:
            if '"r":' not in line:
                continue
            r = jsonl.loads(line)
            kind = r["r"]
            if self.start_t is None:
                self.start_t = r["t"]
            self.end_t = r["t"]
            if kind == "lay":
                self.lays += 1
            elif kind == "slap":
                if r["ok"]:
                    self.slaps += 1
                    self.won_slaps[r["by"]] += 1
                    if len(r["order"]) > 1:
                        self.fastest.append(r["order"][1][1])
                elif r["ok"] is False and r["by"] >= 0:  # (blind play: None, the table judges)
                    self.wrong += 1
            elif kind == "confirm":  # blind play: the table's word on the slap ranked
                if r["ok"]:
                    self.slaps += 1
                    self.won_slaps[r["seat"]] += 1
                else:
                    self.wrong += 1
            elif kind == "late":
                self.late += 1
            elif kind == "hurry":
                self.hurries += 1
            elif kind == "collect":
                self.pots += 1
            elif kind == "win":
                self.winner = r["seat"]

    def ms(self):
        if self.start_t is None:
            return 0
        return ticks_diff(self.end_t, self.start_t)

    def line(self, index):
        how = "P%d wins" % (self.winner + 1) if self.winner >= 0 else "unfinished (time cap)"
        return "game %d: %s after %s, %d cards laid, %d slaps won, %d wrong, %d late, %d hurry-ups" % (
            index,
            how,
            clock_text(self.ms()),
            self.lays,
            self.slaps,
            self.wrong,
            self.late,
            self.hurries,
        )


class TurnStats:
    """A watcher of the virtual board that keeps a turn game's rulings: its moves
    (``topper_host.turn_moves``) and its length, first ruling to last."""

    def __init__(self, game, pad):
        self.game = game
        self.pad = pad
        self.rulings = []

    def __call__(self, lines, now):
        for line in lines:
            obj = jsonl.loads(line)
            if "r" in obj:
                self.rulings.append(obj)

    def moves(self):
        return len(turn_moves.moves(self.game, self.pad, self.rulings))

    def ms(self):
        if not self.rulings:
            return 0
        return ticks_diff(self.rulings[-1]["t"], self.rulings[0]["t"])


def clock_text(ms):
    s = ms // 1000
    return "%d:%02d" % (s // 60, s % 60)


def total(games, seats):
    """The closing lines of a run: wins per seat and the averages."""
    n = len(games)
    wins = [0] * seats
    unfinished = 0
    for g in games:
        if g.winner >= 0:
            wins[g.winner] += 1
        else:
            unfinished += 1
    lines = [
        "%d game%s: wins %s%s"
        % (
            n,
            "" if n == 1 else "s",
            " ".join(["P%d %d" % (s + 1, wins[s]) for s in range(seats)]),
            ", %d unfinished" % unfinished if unfinished else "",
        )
    ]
    if n:
        ms = sum([g.ms() for g in games]) // n
        lays = sum([g.lays for g in games]) // n
        slaps = sum([g.slaps for g in games])
        wrong = sum([g.wrong for g in games])
        lines.append(
            "average game %s, %d cards laid; %d slaps won, %d wrong slaps in all"
            % (clock_text(ms), lays, slaps, wrong)
        )
    return lines
