"""The game's view, built once a step.

A turn game's ``view`` is a fresh dict of a few KB. A step that rules wants it twice:
for the rulings' sound (the drawing's ``ruled``), then for the ring and the OLED
(``show.output``, which hands its one view to both). ``StepView`` keeps the one it
built while neither the time nor the rulings nor the referee change, up to the step's
ring and OLED (App.step forgets it there, so that it is not held through the log's and
the save's garbage). A slap referee's view is its own dict, rewritten in place: its
drawing says so (``ONE_VIEW`` False) and gets a fresh read each time.
"""


class StepView:
    def __init__(self):
        self.ref = None
        self.now = None
        self.ruled = 0
        self.view = None

    def of(self, ref, now, ruled):
        """``ref.view(now)``, kept for the step: ``ruled`` counts the steps that ruled."""
        if self.ref is not ref or self.now != now or self.ruled != ruled:
            self.view = ref.view(now)
            self.ref = ref
            self.now = now
            self.ruled = ruled
        return self.view

    def forget(self):
        """The game changed without a ruling (a message the shell set)."""
        self.ref = None
        self.view = None
