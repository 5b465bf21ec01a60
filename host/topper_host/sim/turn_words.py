"""A turn-based game in words: each ruling for the commentary and the end of a match,
shared by the terminal UI, the batch summaries and the monitor."""


def words(ref, ruling):
    """A ruling in words for the commentary, or "" for none."""
    kind = ruling["r"]
    if kind == "error":
        return "refused: %s" % ruling["why"]
    if kind == "flag":
        return "P%d is out of time" % (ruling["seat"] + 1)
    if kind in ("pause", "resume"):
        return "clock %sd" % kind
    if kind == "stop":
        return "clock stopped"
    return ref.describe(ruling)  # "" for the game's bookkeeping (a commitment, a deal)


def result_text(view, stuck=""):
    """The end of a match in words: winners and scores."""
    if stuck:
        return "stopped: " + stuck
    won = view["winners"]
    text = " ".join(["P%d" % (s + 1) for s in won]) + " won" if won else "no winner"
    if view["scores"] is not None:
        text += "   scores " + "  ".join(["P%d %d" % (s + 1, v) for s, v in enumerate(view["scores"])])
    return text
