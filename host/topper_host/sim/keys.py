"""Raw keyboard input for the live simulator: no echo, no line buffering, no waiting.

``RawKeys`` is a context manager: it switches the terminal to cbreak mode (keys
arrive one at a time, unechoed; Ctrl-C still interrupts) and always puts the saved
settings back on the way out, whatever ends the game: a quit, an exception, Ctrl-C or
a SIGTERM (turned into SystemExit so that the ``finally`` runs).
"""

import os
import select
import signal
import termios
import tty

# Key bytes -> actions. Space and Enter lay (the hand that holds the cards); s and j
# slap (a finger on either hand's home row).
ACTIONS = {
    " ": "lay",
    "\r": "lay",
    "\n": "lay",
    "s": "slap",
    "S": "slap",
    "j": "slap",
    "J": "slap",
    "p": "pause",
    "P": "pause",
    "q": "quit",
    "Q": "quit",
    "\x03": "quit",
    "x": "snapshot",
    "X": "snapshot",
    "n": "new",
    "N": "new",
    "+": "faster",
    "-": "slower",
}


def decode(data):
    """Actions for a chunk of key bytes; escape sequences (arrows, function keys)
    are skipped whole so their letters do not count as keys."""
    out = []
    i = 0
    text = data.decode("utf-8", "replace")
    while i < len(text):
        c = text[i]
        if c == "\x1b":
            i += 1
            if i < len(text) and text[i] in "[O":
                i += 1
                while i < len(text) and not ("@" <= text[i] <= "~"):
                    i += 1
            i += 1
            continue
        act = ACTIONS.get(c)
        if act is not None:
            out.append(act)
        i += 1
    return out


class RawKeys:
    def __init__(self, fd=0):
        self.fd = fd
        self._saved = None
        self._old_term = None

    def __enter__(self):
        self._saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        self._old_term = signal.signal(signal.SIGTERM, _exit_on_term)
        return self

    def __exit__(self, *exc):
        self.restore()
        return False

    def restore(self):
        if self._saved is not None:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
            self._saved = None
        if self._old_term is not None:
            signal.signal(signal.SIGTERM, self._old_term)
            self._old_term = None

    def wait(self, seconds):
        """True when a key is waiting, after at most ``seconds``."""
        r, _, _ = select.select([self.fd], [], [], max(0.0, seconds))
        return bool(r)

    def read(self):
        """Actions for every key pressed since the last read (never blocks)."""
        out = []
        while self.wait(0):
            data = os.read(self.fd, 256)
            if not data:
                break
            out.extend(decode(data))
        return out


def _exit_on_term(signum, frame):
    raise SystemExit(128 + signum)
