"""The OLED screens: what a player reads (topper_view.screen)."""

from _slapview import slap_view
from topper import cards
from topper_view import effects, font5x8, screen


view = slap_view


def fits(lines):
    assert len(lines) == screen.LINES, lines
    for s in lines:
        assert isinstance(s, str) and len(s) <= screen.COLS, (s, len(s))


def has(lines, text):
    for s in lines:
        if text in s:
            return True
    return False


def test_title_shows_game_turn_and_hurry_countdown():
    lines = screen.game(view(4, turn=1, hurry_left=2350), 0, None, cards.format_card)
    fits(lines)
    assert lines[0].startswith("WW3 P2 lays")
    assert lines[0].endswith("2.4s")
    lines = screen.game(view(4, game="armageddon", turn=3), 0, None, cards.format_card)
    assert lines[0].startswith("ARMAGEDDON P4 lays")


def test_control_line_shows_controller_and_chances():
    v = view(4, phase="control", turn=2, controller=1, chances=3)
    lines = screen.game(v, 0, None, cards.format_card)
    assert has(lines, "Ctrl P2  chances 3")


def test_pot_line_shows_size_facedown_and_top_cards():
    pot = [cards.parse(s) for s in ("1RC", "2RH", "3YT", "4BS", "JK")]
    lines = screen.game(view(4, pot=pot, facedown=3), 0, None, cards.format_card)
    pot_line = lines[2]
    assert pot_line.startswith("Pot 5+3")
    assert pot_line.endswith("4BS JK")  # the top card is rightmost
    assert "3YT" in pot_line


def test_stacks_of_eight_seats_with_marks():
    v = view(
        8,
        turn=3,
        stacks=[5, 10, 15, 20, 0, 1, 2, 30],
        locked=[False, True, False, False, False, False, False, False],
        penalty=[False, False, False, False, False, True, False, False],
    )
    lines = screen.game(v, 0, None, cards.format_card)
    fits(lines)
    text = "\n".join(lines)
    for seat, n in ((1, 5), (2, 10), (4, 20), (8, 30)):
        assert ("P%d %2d" % (seat, n)) in text
    assert "xP2" in text and ">P4" in text and "!P6" in text


def test_last_slap_race_is_shown_with_ms_margins():
    race = {
        "order": [[2, 0], [0, 4000], [1, 12400]],
        "by": 2,
        "ok": True,
        "rule": "pair",
        "paid": 0,
        "locked": [],
    }
    lines = screen.game(view(4, race=race), 0, None, cards.format_card)
    assert lines[6] == "P3 +0ms P1 +4ms"  # as many as fit; the slap screen lists all


def test_slap_screen_ranks_seats_and_names_the_ruling():
    fx = effects.Effects()
    fx.note(
        [
            {
                "r": "slap",
                "t": 100,
                "by": 2,
                "ok": False,
                "paid": 3,
                "rule": None,
                "order": [[3, 0], [2, 1000], [0, 4000]],
                "locked": [3],
                "tie": [],
            }
        ]
    )
    lines = screen.game(view(4), 200, fx, cards.format_card)
    fits(lines)
    assert lines[0] == "WRONG SLAP: P3"
    assert has(lines, "P3 pays 3 cards")
    assert has(lines, "1. P4     0ms locked")
    assert has(lines, "2. P3     1ms")
    assert has(lines, "3. P1     4ms")
    # After a moment the normal screen is back.
    later = screen.game(view(4), 100 + effects.SLAP_MS, fx, cards.format_card)
    assert later[0].startswith("WW3")


def test_won_slap_screen():
    fx = effects.Effects()
    fx.note(
        [
            {
                "r": "slap",
                "t": 0,
                "by": 0,
                "ok": True,
                "rule": "pair",
                "paid": 0,
                "order": [[0, 0], [1, 0]],
                "locked": [],
                "tie": [0, 1],
            }
        ]
    )
    lines = screen.game(view(4), 10, fx, cards.format_card)
    assert lines[0] == "SLAP! P1 TAKES POT"
    assert has(lines, "rule: pair")
    assert has(lines, "tie")


def test_winner_screen():
    lines = screen.game(view(3, phase="over", winner=1, turn=-1, stacks=[0, 64, 0]), 0)
    fits(lines)
    assert has(lines, "P2 WINS!")
    assert has(lines, "P2 64")
    assert "GAME OVER" in lines[0]


def test_error_message_replaces_the_message_line_for_a_while():
    fx = effects.Effects()
    fx.fail("unknown card tag", 1000)
    lines = screen.game(view(4, message="P1 laid 3RC"), 1500, fx, cards.format_card)
    assert lines[7] == "! unknown card tag"
    lines = screen.game(view(4, message="P1 laid 3RC"), 1000 + effects.ERROR_MS, fx, cards.format_card)
    assert lines[7] == "P1 laid 3RC"


def test_message_wraps_long_text_and_keeps_the_hint():
    lines = screen.message("CARD PAD", "3RC was already laid in this pile: not applied", "tap the right card")
    fits(lines)
    assert lines[0] == "CARD PAD"
    assert lines[7] == "tap the right card"
    assert " ".join([s for s in lines[1:7] if s]) == ("3RC was already laid in this pile: not applied")


def test_enroll_progress():
    lines = screen.enroll(64, 128, "1RT 1 red triangle", "last: 4BS ok")
    fits(lines)
    assert lines[0].endswith("64/128")
    bar = lines[4]
    assert bar.count("#") * 2 == len(bar) - 2 - 1 or abs(bar.count("#") - bar.count(".")) <= 1


def test_every_screen_fits_through_a_whole_game():
    from topper.games.slap.pad import PadSlapReferee
    from topper.games.slap.engine import SlapGame

    for variant, seats in (("ww3", 8), ("armageddon", 3)):
        ref = PadSlapReferee(SlapGame(variant, seats, 2), seed=11, hurry_ms=3000)
        fx = effects.Effects()
        fx.note(ref.start(0))
        t = 0
        for i in range(400):
            t += 900 if i % 5 else 3500  # some turns run out of time
            fx.note(ref.tick(t))
            fx.note(ref.lay(t))
            if i % 3 == 1:
                fx.note(ref.press(i % seats, t + 30))
                fx.note(ref.press((i + 1) % seats, t + 31))
            fx.note(ref.tick(t + 50))
            v = ref.view(t + 50)
            fits(screen.game(v, t + 50, fx, cards.format_card))
            if v["phase"] == "over":
                assert has(screen.game(v, t + 50, fx, cards.format_card), "WINS!")
                break


class Canvas:
    """A bare framebuf-like target: pixel, fill, fill_rect over a set of lit pixels."""

    def __init__(self):
        self.on = [[0] * 128 for _ in range(64)]

    def pixel(self, x, y, c):
        if 0 <= x < 128 and 0 <= y < 64:
            self.on[y][x] = c

    def fill(self, c):
        for row in self.on:
            for x in range(128):
                row[x] = c

    def fill_rect(self, x, y, w, h, c):
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self.pixel(xx, yy, c)


class ColumnCanvas(Canvas):
    """The same with the fast column path the OLED driver offers."""

    def put_column(self, x, y, bits, c):
        for r in range(8):
            if bits >> r & 1:
                self.pixel(x, y + r, c)


def read_cell(canvas, row, col, inverted):
    cols = []
    for c in range(5):
        b = 0
        for r in range(8):
            v = canvas.on[row * 8 + r][1 + col * 6 + c]
            if inverted:
                v = 1 - v
            if v:
                b |= 1 << r
        cols.append(b)
    return bytes(cols)


def test_paint_draws_the_title_inverted_and_the_text_readably():
    lines = ["WW3 P2 lays", "Ctrl P1  chances 2", "", "", "", "", "", "gjpqy 0O"]
    for cls in (Canvas, ColumnCanvas):
        cv = cls()
        screen.paint(cv, lines)
        # Title bar: lit background, dark letters.
        assert cv.on[0][0] == 1 and cv.on[7][127] == 1
        assert read_cell(cv, 0, 0, True) == font5x8.glyph("W")
        assert read_cell(cv, 1, 0, False) == font5x8.glyph("C")
        assert read_cell(cv, 7, 6, False) == font5x8.glyph("0")
        assert read_cell(cv, 7, 7, False) == font5x8.glyph("O")
        assert cv.on[20][100] == 0  # empty lines stay dark
    a = Canvas()
    b = ColumnCanvas()
    screen.paint(a, lines)
    screen.paint(b, lines)
    assert a.on == b.on
