"""What ``topper serve`` relays: the board's lines, kept for pages that join late.

``Relay`` holds the current game's lines (from its header on, each numbered) and the
board's latest ``hello`` and ``view``; a page that connects gets them first (the
catch-up), then every new line as it comes. A page that reconnects says the number of
the last line it had (SSE's ``Last-Event-ID``) and gets only what followed it, when
those lines are still the current game's; otherwise it starts over from the header.

Only the board's own lines pass: the stream's log lines, its ``view`` replies and its
notices. The board's link sends no secret (``topper.session.public``), so a page sees
no more than the link carries.
"""

import threading

KEEP = 20000  # lines of one game kept for late pages (a long 8-seat game is a few thousand)


class Relay:
    def __init__(self):
        self._lock = threading.Condition()
        self._lines = []  # (number, text) of the current game, header first
        self._first = 1  # number of the first kept line
        self._next = 1  # number of the next line
        self.hello = None  # the board's hello reply (text)
        self.view = None  # the latest view reply (text)
        self.closed = False

    def add(self, obj, text):
        """One board line (``obj`` parsed, ``text`` its JSON): kept and sent on."""
        with self._lock:
            if obj.get("k") == "view":
                self.view = text  # a view replaces the last; it is not history
                self._lock.notify_all()
                return
            if obj.get("k") == "hello":
                self.hello = text
                return
            if "log" in obj and "k" not in obj:
                self._lines = []  # a new game: late pages start here
                self._first = self._next
            self._lines.append((self._next, text))
            self._next += 1
            if len(self._lines) > KEEP:
                del self._lines[0]
                self._first += 1
            self._lock.notify_all()

    def close(self):
        with self._lock:
            self.closed = True
            self._lock.notify_all()

    def catch_up(self, last_id=None):
        """``(reset, lines, view, next)``: what a page joining now is sent first.
        ``reset`` is True when the page must start over (its ``last_id`` is not one of
        the current game's lines)."""
        with self._lock:
            if last_id is not None and self._first - 1 <= last_id < self._next:
                keep = [x for x in self._lines if x[0] > last_id]
                return False, keep, self.view, self._next
            return True, list(self._lines), self.view, self._next

    def wait(self, after, view, timeout):
        """Lines numbered ``after`` and later, and the view if it is not ``view``;
        waits up to ``timeout`` s for either. ``(lines, view, next)``; the lines are
        ``None`` when a new game replaced lines the page had not had yet (it starts over)."""
        with self._lock:
            if after >= self._next and self.view is view and not self.closed:
                self._lock.wait(timeout)
            if after < self._first:
                return None, self.view, self._next
            return [x for x in self._lines if x[0] >= after], self.view, self._next
