"""The commentary: the latest lines at the bottom, each wrapped to the width with its
time stamp's indent kept, so a long ruling or a learner's "why" is read whole at any
terminal size (older lines give way at the top)."""

import textwrap

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from topper_host.sim import look

FEED = 200
INDENT = 12  # "%8.1f s  " is ten wide: continuation lines start under the words


class Feed(Widget):
    DEFAULT_CSS = """
    Feed { width: 1fr; height: 1fr; min-height: 2; padding: 0 1; }
    """

    def __init__(self, **kw):
        Widget.__init__(self, **kw)
        self.lines = []  # (text, colour)

    def write(self, text, color=look.TEXT):
        self.lines.append((text, color))
        del self.lines[:-FEED]
        self.refresh()

    def clear(self):
        self.lines = []
        self.refresh()

    def rows(self, width, height):
        """The last ``height`` screen rows of the commentary at ``width``."""
        out = []
        for i in range(len(self.lines) - 1, -1, -1):
            text, color = self.lines[i]
            wrapped = textwrap.wrap(text, width, subsequent_indent=" " * INDENT) or [""]
            out[:0] = [(w, color, i == len(self.lines) - 1) for w in wrapped]
            if len(out) >= height:
                break
        return out[-height:] if height > 0 else []

    def render(self):
        width = max(10, self.size.width)
        out = Text(no_wrap=True)
        rows = self.rows(width, self.size.height)
        for n, (s, color, last) in enumerate(rows):
            # The newest line bright, the older ones dimmed, as a log scrolls by.
            c = color if last or color != look.TEXT else look.DIM
            out.append(s, Style(color=look.rgb(c)))
            if n < len(rows) - 1:
                out.append("\n")
        return out
