"""The project's own 5x8 font (topper_view.font5x8)."""

try:
    import topper_view  # noqa: F401
except ImportError:  # CPython pytest: firmware/lib is not on the path by itself
    import sys

    sys.path.insert(0, __file__.rsplit("/", 3)[0] + "/firmware/lib")

from topper_view import font5x8


def test_every_printable_character_has_its_own_glyph():
    seen = {}
    for o in range(33, 127):
        g = bytes(font5x8.glyph(chr(o)))
        assert len(g) == 5
        assert g != b"\x00\x00\x00\x00\x00", chr(o)
        assert g not in seen, (chr(o), seen.get(g))
        seen[g] = chr(o)
    assert bytes(font5x8.glyph(" ")) == b"\x00\x00\x00\x00\x00"


def test_look_alikes_differ_in_several_pixels():
    def bits(ch):
        n = 0
        for b in font5x8.glyph(ch):
            n = (n << 8) | b
        return n

    for a, b in (
        ("0", "O"),
        ("1", "l"),
        ("1", "I"),
        ("5", "S"),
        ("8", "B"),
        ("2", "Z"),
        ("O", "Q"),
        ("C", "G"),
    ):
        diff = bits(a) ^ bits(b)
        count = 0
        while diff:
            count += diff & 1
            diff >>= 1
        assert count >= 2, (a, b)


def test_only_descenders_use_the_bottom_row():
    low = "gjpqy_,"
    for o in range(32, 127):
        ch = chr(o)
        uses = False
        for b in font5x8.glyph(ch):
            if b & 0x80:
                uses = True
        assert uses == (ch in low), ch


def test_unknown_characters_draw_as_question_marks():
    assert font5x8.glyph("\u00e9") == font5x8.glyph("?")
    assert font5x8.glyph("\n") == font5x8.glyph("?")


def test_text_advances_six_pixels_a_character():
    class Dots:
        def __init__(self):
            self.dots = []

        def pixel(self, x, y, c):
            self.dots.append((x, y))

    d = Dots()
    assert font5x8.text(d, "AB", 10, 0) == 22
    xs = [p[0] for p in d.dots]
    assert min(xs) == 10 and max(xs) <= 10 + 6 + 4
