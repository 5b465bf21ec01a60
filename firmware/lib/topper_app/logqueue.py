"""The log's fan-out: the events and rulings of a step, queued for the host's log
(``dev.log``: the serial link, which keeps the game's log and streams it) and turned
into JSON lines at the end of the step, after the ring and the OLED (``App.step``):
turning them into JSON takes milliseconds on the board, and a slap's winner should not
wait for it. Nothing is queued while no host listens."""


class LogQueue:
    def __init__(self, dev):
        self.dev = dev
        self.due = []  # log objects waiting for the end of the step (flush)
        self.copy = False  # a slap ruling among them is still the referee's record (keep)

    def on(self):
        """A host listens: the log is written (else events are not even made)."""
        return self.dev.log is not None and self.dev.log.connected()

    def event(self, kind, t, **fields):
        if fields.get("us") == 0:
            del fields["us"]
        fields["ev"] = kind
        fields["t"] = t
        self.add(fields)

    def add(self, obj):
        """An event or a ruling for the host's log, written by ``flush``."""
        if self.on():
            if obj.get("r") == "slap":
                self.copy = True  # (keep, after the ring and the OLED)
            self.due.append(obj)

    def keep(self):
        """A slap ruling may be a record the referee reuses at its next race
        (``recycle``), which may settle before the line is written (the log waits while
        a race may be open): the log keeps a copy, made at the end of the step that
        ruled, once the ring and the OLED are out (no race settles before the next
        step)."""
        self.copy = False
        due = self.due
        for i in range(len(due)):
            if due[i].get("r") == "slap":
                due[i] = _ruling_copy(due[i])

    def header(self, head):
        """A new game's log begins (the last game's lines first)."""
        from topper import jsonl

        self.flush()
        self.dev.log(jsonl.dumps(head))

    def flush(self):
        due = self.due
        if not due:
            return
        self.due = []
        from topper import jsonl

        log = self.dev.log
        # The serial link takes the object with its line (no parse of the line back into
        # a copy of the object); other sinks take the line.
        keep = getattr(log, "keep", None)
        for obj in due:
            if keep is None:
                log(jsonl.dumps(obj))
            else:
                keep(obj, jsonl.dumps(obj))


def _ruling_copy(r):
    """A slap ruling's copy that its referee's next race cannot change (the lists of
    ``[seat, margin]`` too)."""
    c = dict(r)
    for k in ("order", "tie", "locked"):
        v = c.get(k)
        if v is not None:
            c[k] = [list(e) if isinstance(e, list) else e for e in v]
    return c
