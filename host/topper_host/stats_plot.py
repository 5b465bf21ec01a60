"""PNG plots of ``topper stats`` with matplotlib (the optional extra ``plots``).

Each seat is drawn in its colour on the device's ring (``topper_view.ring.PALETTE``),
with the ring's white P6 drawn grey so that it shows on a white page. Only the plots
the games have data for are written:

- ``reactions.png``: slap reaction times per seat, each reaction a dot over a box
  (median, quartiles), and beside it the share of reactions under each time;
- ``races.png``: slap races won and lost and wrong slaps per seat, and the margins;
- ``turns.png``: think time per move per seat in the turn games;
- ``games.png``: each game's length, coloured by its winner, and the wins per seat.
"""

import os

from topper.rng import Rng
from topper_view.ring import PALETTE

from topper_host import stats

DPI = 110


def seat_color(seat):
    r, g, b = PALETTE[seat % len(PALETTE)]
    if (r, g, b) == (255, 255, 255):
        r, g, b = (150, 150, 150)
    return (r / 255.0, g / 255.0, b / 255.0)


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _label(games, kind):
    some = [g for g in games if g.kind == kind]
    if len(some) == 1:
        return "%s, %s" % (some[0].game, some[0].source)
    return "%d games" % len(some)


def write(games, folder):
    """Writes the plots for ``games`` into ``folder``; returns the paths written."""
    plt = _pyplot()
    os.makedirs(folder, exist_ok=True)
    out = []
    slap = [g for g in games if g.kind == "slap"]
    turn = [g for g in games if g.kind == "turn"]
    sp = stats.players(slap)
    if any(p.reactions for p in sp):
        out.append(_save(plt, reactions(plt, sp, _label(games, "slap")), folder, "reactions.png"))
    if any(p.won or p.lost or p.wrong for p in sp):
        out.append(_save(plt, races(plt, sp, _label(games, "slap")), folder, "races.png"))
    tp = stats.players(turn)
    if any(p.think for p in tp):
        out.append(_save(plt, turns(plt, tp, _label(games, "turn")), folder, "turns.png"))
    if games:
        out.append(_save(plt, overview(plt, games), folder, "games.png"))
    return out


def _save(plt, fig, folder, name):
    path = os.path.join(folder, name)
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path


def _names(players):
    return ["P%d" % (p.seat + 1) for p in players]


def _jitter(n, seed):
    rng = Rng(seed + 1)
    return [(rng.below(1000) / 1000.0 - 0.5) * 0.35 for _ in range(n)]


def _box(ax, data, positions):
    shown = [(d, x) for d, x in zip(data, positions) if d]
    if not shown:
        return
    # Drawn over the dots: a box without fill, so the dots still show through.
    ax.boxplot([d for d, _ in shown], positions=[x for _, x in shown], widths=0.5, showfliers=False,
               medianprops={"color": "black", "linewidth": 2.5}, whiskerprops={"color": "0.15"},
               capprops={"color": "0.15"}, boxprops={"color": "0.15", "linewidth": 1.3}, zorder=4)


def _dots(n):
    """Dot size and opacity: smaller and lighter when there are many."""
    return (14, 0.8) if n < 150 else (8, 0.45)


def reactions(plt, players, label):
    fig, (ax, cdf) = plt.subplots(1, 2, figsize=(11, 4.8), gridspec_kw={"width_ratios": [3, 2]})
    fig.suptitle("Slap reaction times (%s)" % label, fontsize=13)
    xs = list(range(1, len(players) + 1))
    for x, p in zip(xs, players):
        jit = _jitter(len(p.reactions), p.seat)
        size, alpha = _dots(len(p.reactions))
        ax.scatter([x + j for j in jit], p.reactions, s=size, color=seat_color(p.seat), alpha=alpha,
                   edgecolors="0.2", linewidths=0.3, zorder=3)
    _box(ax, [p.reactions for p in players], xs)
    top = max([max(p.reactions) for p in players if p.reactions])
    for x, p in zip(xs, players):
        m = stats.median(p.reactions)
        if m is not None:
            ax.annotate("%d ms" % round(m), (x, top * 1.04), ha="center", fontsize=9)
    ax.set_ylim(0, top * 1.12)
    ax.set_xticks(xs)
    ax.set_xticklabels(["%s\n(%d)" % (n, len(p.reactions)) for n, p in zip(_names(players), players)])
    ax.set_xlabel("seat (number of reactions); medians above")
    ax.set_ylabel("reaction time, ms\n(slappable card laid \u2192 seat's press)")
    ax.grid(axis="y", alpha=0.3)
    for p in players:
        v = sorted(p.reactions)
        if not v:
            continue
        ys = [100.0 * (i + 1) / len(v) for i in range(len(v))]
        cdf.step(v, ys, where="post", color=seat_color(p.seat), linewidth=2, label="P%d" % (p.seat + 1))
    cdf.axhline(50, color="0.5", linestyle=":", linewidth=1)
    cdf.axhline(90, color="0.5", linestyle=":", linewidth=1)
    cdf.set_xlabel("reaction time, ms")
    cdf.set_ylabel("% of the seat's reactions this fast or faster")
    cdf.set_ylim(0, 101)
    cdf.set_xlim(left=0)
    cdf.grid(alpha=0.3)
    cdf.legend(loc="lower right", fontsize=9)
    cdf.set_title("distribution (dotted: median, 90th percentile)", fontsize=10)
    fig.tight_layout()
    return fig


def races(plt, players, label):
    fig, (ax, mg) = plt.subplots(1, 2, figsize=(11, 4.8))
    fig.suptitle("Slap races (%s)" % label, fontsize=13)
    xs = list(range(len(players)))
    w = 0.27
    colors = [seat_color(p.seat) for p in players]
    bars = [
        ("races won", [p.won for p in players], {"color": colors, "edgecolor": "black"}),
        ("races lost", [p.lost for p in players], {"color": colors, "edgecolor": "black", "hatch": "//",
                                                   "alpha": 0.45}),
        ("wrong slaps", [p.wrong for p in players], {"color": "#d62728", "edgecolor": "black"}),
    ]
    for k, (name, values, style) in enumerate(bars):
        pos = [x + (k - 1) * w for x in xs]
        ax.bar(pos, values, w, label=name, **style)
        for x, v in zip(pos, values):
            ax.annotate(str(v), (x, v), ha="center", va="bottom", fontsize=8)
    ax.set_xticks(xs)
    ax.set_xticklabels(_names(players))
    ax.set_xlabel("seat")
    ax.set_ylabel("count")
    from matplotlib.patches import Patch

    ax.legend(handles=[Patch(facecolor="0.6", edgecolor="black", label="races won"),
                       Patch(facecolor="0.85", edgecolor="black", hatch="//", label="races lost"),
                       Patch(facecolor="#d62728", edgecolor="black", label="wrong slaps")], fontsize=9)
    ax.grid(axis="y", alpha=0.3)
    ax.set_title("won (solid), lost (hatched) in the seat's colour; wrong (red)", fontsize=10)
    pos = list(range(1, len(players) + 1))
    for x, p in zip(pos, players):
        won = p.won_by
        lost = [-v for v in p.lost_by]
        mg.scatter([x + j for j in _jitter(len(won), p.seat)], won, s=14, color=seat_color(p.seat),
                   edgecolors="0.2", linewidths=0.4, zorder=3)
        mg.scatter([x + j for j in _jitter(len(lost), p.seat + 50)], lost, s=14, color=seat_color(p.seat),
                   edgecolors="0.2", linewidths=0.4, alpha=0.4, marker="v", zorder=3)
    mg.axhline(0, color="black", linewidth=1)
    mg.set_xticks(pos)
    mg.set_xticklabels(_names(players))
    mg.set_xlabel("seat")
    mg.set_ylabel("margin, ms\n(above 0: ahead of the next press; below: behind the winner)")
    mg.grid(axis="y", alpha=0.3)
    mg.set_title("margins of races won (\u25cf) and lost (\u25bc)", fontsize=10)
    fig.tight_layout()
    return fig


def turns(plt, players, label):
    fig, ax = plt.subplots(figsize=(8, 4.8))
    ax.set_title("Think time per move (%s)" % label, fontsize=13)
    xs = list(range(1, len(players) + 1))
    for x, p in zip(xs, players):
        secs = [v / 1000.0 for v in p.think]
        ax.scatter([x + j for j in _jitter(len(secs), p.seat)], secs, s=14, color=seat_color(p.seat),
                   alpha=0.75, edgecolors="0.2", linewidths=0.4, zorder=3)
    _box(ax, [[v / 1000.0 for v in p.think] for p in players], xs)
    ax.set_xticks(xs)
    labels = []
    for p in players:
        m = stats.median(p.think)
        labels.append("P%d\n%d moves\nmedian %s s\nflags %d"
                      % (p.seat + 1, len(p.think), "-" if m is None else "%.1f" % (m / 1000.0), p.flags))
    ax.set_xticklabels(labels, fontsize=9)
    ax.set_ylabel("think time, s\n(previous move \u2192 this seat's move)")
    ax.set_ylim(bottom=0)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    return fig


def overview(plt, games):
    fig, (ln, wn) = plt.subplots(1, 2, figsize=(11, 4.2), gridspec_kw={"width_ratios": [3, 2]})
    fig.suptitle("Games and wins (%d game%s)" % (len(games), "" if len(games) == 1 else "s"), fontsize=13)
    xs = list(range(1, len(games) + 1))
    colors = [seat_color(g.winners[0]) if g.winners else (0.85, 0.85, 0.85) for g in games]
    ln.bar(xs, [g.length_ms / 60000.0 for g in games], color=colors, edgecolor="black")
    for x, g in zip(xs, games):
        ln.annotate(winners(g), (x, g.length_ms / 60000.0), ha="center", va="bottom", fontsize=8)
    ln.set_xlabel("game (in the order given)")
    ln.set_ylabel("length, minutes")
    ln.set_title("bar colour and label: the winner", fontsize=10)
    ln.set_xticks(xs if len(xs) <= 20 else xs[:: max(1, len(xs) // 10)])
    ln.grid(axis="y", alpha=0.3)
    ps = stats.players(games)
    wn.bar(range(len(ps)), [p.wins for p in ps], color=[seat_color(p.seat) for p in ps], edgecolor="black")
    for i, p in enumerate(ps):
        wn.annotate("%d of %d" % (p.wins, p.games), (i, p.wins), ha="center", va="bottom", fontsize=8)
    wn.set_xticks(range(len(ps)))
    wn.set_xticklabels(_names(ps))
    wn.set_xlabel("seat")
    wn.set_ylabel("games won")
    wn.set_ylim(0, max([p.wins for p in ps] + [1]) * 1.2)
    from matplotlib.ticker import MaxNLocator

    wn.yaxis.set_major_locator(MaxNLocator(integer=True))
    wn.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    return fig


def winners(g):
    return " ".join(["P%d" % (s + 1) for s in g.winners]) if g.winners else "unfinished"
