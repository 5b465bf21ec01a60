"""Keys of a turn-based game in the terminal: pick from the numbered menu and do it.

The tty handling is ``keys.RawKeys``'s (cbreak, put back however the program ends);
only the meaning of the bytes differs from the slap games, where space lays a card.
"""

import os

from topper_host.sim.keys import RawKeys

LETTERS = {
    "\r": "do",
    "\n": "do",
    " ": "do",
    "k": "up",
    "j": "down",
    "p": "pause",
    "P": "pause",
    "q": "quit",
    "Q": "quit",
    "\x03": "quit",
    "?": "help",
    "h": "help",
    "x": "snapshot",
    "X": "snapshot",
}
ARROWS = {"A": "up", "B": "down"}


def decode(data):
    """Actions for a chunk of key bytes: ``("pick", n)`` for digit n (1-9, 0 is 10),
    plain strings for the rest; unknown escape sequences are skipped whole."""
    out = []
    text = data.decode("utf-8", "replace")
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\x1b":
            i += 1
            if i < len(text) and text[i] in "[O":
                i += 1
                start = i
                while i < len(text) and not ("@" <= text[i] <= "~"):
                    i += 1
                if i < len(text) and i == start and text[i] in ARROWS:
                    out.append(ARROWS[text[i]])
            i += 1
            continue
        if c.isdigit():
            out.append(("pick", int(c) or 10))
        elif c in LETTERS:
            out.append(LETTERS[c])
        i += 1
    return out


class TurnKeys(RawKeys):
    def read(self):
        out = []
        while self.wait(0):
            data = os.read(self.fd, 256)
            if not data:
                break
            out.extend(decode(data))
        return out
