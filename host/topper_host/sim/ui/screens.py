"""The screens the simulator puts over the game: the help, and the request for a
bigger terminal. While either is up the shell holds the table's clock (``SimShell.hold``):
the game waits for the player, as a paused game does."""

import re
import textwrap

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

MIN_SIZE = (80, 24)  # the smallest terminal every part of the screen is laid out for
HELP_WIDTH = 100  # the help box's widest, in columns


class HelpScreen(ModalScreen):
    """Every key and what the screen's parts mean, in a box that scrolls (a small
    terminal shows part of it); any of ``? Escape q h`` closes it. The text is wrapped
    to the box here, each line under its own description column (``wrap_help``)."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    #help { width: 100%%; max-width: %d; height: auto; max-height: 100%%; border: solid rgb(140,140,140);
            background: rgb(20,20,30); padding: 0 1; scrollbar-size-vertical: 1; }
    #help-text { height: auto; }
    """ % HELP_WIDTH
    AUTO_FOCUS = "#help"  # the scrolling keys (up, down, Page Up, Page Down, Home, End) go to the box
    BINDINGS = [
        Binding("question_mark", "close", "close"),
        Binding("escape", "close", "close"),
        Binding("q", "close", "close"),
        Binding("h", "close", "close"),
    ]

    def __init__(self, text, paused=True):
        """``paused``: the game waits meanwhile (not a real board's, in the monitor)."""
        ModalScreen.__init__(self)
        self.text = text
        self.paused = paused

    def compose(self):
        with VerticalScroll(id="help") as box:
            box.border_title = "help%s; ? or Esc closes" % (": the game is paused" if self.paused else "")
            box.border_subtitle = "up/down, PgUp/PgDn: scroll"
            yield Static("", id="help-text")

    def on_mount(self):
        self._wrap(self.app.size.width)

    def on_resize(self, event):
        self._wrap(event.size.width)

    def _wrap(self, columns):
        # The box's inside: its border, padding and scroll bar take 5 columns.
        width = min(columns, HELP_WIDTH) - 5
        self.query_one("#help-text", Static).update(Text("\n".join(wrap_help(self.text, width))))

    def action_close(self):
        self.dismiss()


def wrap_help(text, width):
    """``text`` wrapped to ``width``. The help texts are written as a key column and
    its words, or as paragraphs; a line at the indent its line above goes on at (the
    words' column of a key's line, the margin of a paragraph) goes on that line, and
    each entry is wrapped anew, under its words."""
    out = []
    for line, indent in _entries(text):
        if indent > width // 2:
            indent = len(line) - len(line.lstrip())  # a narrow box: the words need the room
        out.extend(textwrap.wrap(line, width, subsequent_indent=" " * indent) or [""])
    return out


def _entries(text):
    """``(line, hanging indent)`` of each entry, its continuation lines joined to it."""
    entries = []
    for line in text.splitlines():
        margin = len(line) - len(line.lstrip())
        if entries and line.strip() and entries[-1][0].strip() and margin == entries[-1][1]:
            entries[-1][0] += " " + line.strip()
            continue
        key = re.match(r"^(\s*\S.*?\s{2,})\S", line)
        entries.append([line, len(key.group(1)) if key else margin])
    return entries


class TooSmall(ModalScreen):
    """Over the game while the terminal is under ``MIN_SIZE``: what to do, in words
    that fit a terminal of any size (they wrap)."""

    DEFAULT_CSS = """
    TooSmall { align: center middle; background: rgb(14,14,18); }
    #small { width: 100%; height: auto; text-align: center; color: rgb(255,160,0); text-style: bold; }
    """

    def compose(self):
        yield Static("", id="small")

    def on_mount(self):
        self.show(self.app.size)

    def show(self, size):
        w, h = size
        text = "Make the terminal at least %d x %d (it is %d x %d now).\nThe game is paused until then." % (
            MIN_SIZE + (w, h)
        )
        self.query_one("#small", Static).update(text)


def too_small(size):
    return size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]
