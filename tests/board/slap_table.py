"""Steps a person at the table takes in the slap games (World War 3, Armageddon) on the
emulated board, shared by the tests/board/test_slap_*.py files: read the OLED as text,
walk the menu with the table and seat buttons, enroll a deck on the card pad, lay and
lift tagged cards, and read the link's game lines.

Everything goes through the pins, the pad and the data port; nothing reaches into the
firmware. Times are the board's emulated time.
"""

import pathlib
import sys

TESTS = pathlib.Path(__file__).resolve().parents[1]
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))  # fakes.oledread: the firmware's own font, read back

from fakes import oledread  # noqa: E402
from topper import cards  # noqa: E402

RUNNING = "topper: running"
SHORT_MS = 80  # a short press of the table button (the firmware's long press is 0.7 s)
LONG_MS = 900
SLAP_MS = 60  # how long a slapping hand stays on a seat button


# ----- what the table sees ---------------------------------------------------------------


def screen(b):
    """The OLED's 8 lines of text, read with the firmware's font."""
    f = b.oled_frame()
    pages = bytearray(1024)
    for y, row in enumerate(f.rows):
        for x, v in enumerate(row):
            if v:
                pages[(y // 8) * 128 + x] |= 1 << (y % 8)
    return oledread.text(bytes(pages))


def shows(lines, text):
    return any(text in s for s in lines)


FRAME_MS = 60  # longer than one OLED frame's I2C (about 45 ms on the board)


def until_screen(b, text, timeout_ms=3000, step_ms=50):
    """Runs until the OLED shows ``text`` on some line; returns the lines (AssertionError
    with the last screen when it never does). A frame takes about 45 ms of I2C and the
    model shows it as it is written: the lines are read again one frame later, so that
    the rest of the frame that showed ``text`` is in them too (a line read half drawn
    failed a test once)."""
    waited = 0
    while True:
        lines = screen(b)
        if shows(lines, text):
            b.run_ms(FRAME_MS)
            again = screen(b)
            return again if shows(again, text) else lines  # (else the text was brief)
        if waited >= timeout_ms:
            raise AssertionError("the OLED never showed %r; it shows:\n%s" % (text, "\n".join(lines)))
        b.run_ms(step_ms)
        waited += step_ms


def lines_until(b, kind, timeout_ms=3000, after_ms=0):
    """The link's lines up to the first ruling of ``kind`` ("slap", "late"...), waited
    for as a host waits (the log goes out after the ring and the OLED, in a later step,
    and how much later varies), then those that follow within ``after_ms``."""
    hit, before = b.data_until(lambda o: o.get("r") == kind, timeout_ms=timeout_ms)
    if after_ms:
        b.run_ms(after_ms)
    return before + [hit] + b.data_lines()


def tones(b, since_us, min_us=5000):
    """Pitches (Hz, rounded) the buzzer held for at least ``min_us`` since ``since_us`` of
    this boot, in order; silences left out. The model records [ns, Hz, duty] at every
    PWM register write, so a change of pitch passes through a state or two that lasts
    microseconds (divider written, top not yet): those are no note."""
    hist = b.cmd("buzzer", last=400)["history"]
    end = b.t_us * 1000
    out = []
    for i, (ns, hz, _duty) in enumerate(hist):
        until = hist[i + 1][0] if i + 1 < len(hist) else end
        if ns >= since_us * 1000 and hz and until - ns >= min_us * 1000:
            out.append(round(hz))
    return out


# ----- booting a table -------------------------------------------------------------------


def boot(b, fram=None, timeout_ms=15000):
    """Power on until the app runs and answers ``hello`` on the data port."""
    b.boot(fram=fram)
    b.console_until(RUNNING, timeout_ms=timeout_ms)
    hello = b.request({"cmd": "hello"}, timeout_ms=timeout_ms)
    assert hello["k"] == "hello", hello
    return hello


# ----- the buttons -----------------------------------------------------------------------


def table_short(b, after_ms=150):
    b.press("table", hold_ms=SHORT_MS)
    b.run_ms(SHORT_MS + after_ms)


def table_long(b, after_ms=150):
    b.press("table", hold_ms=LONG_MS)
    b.run_ms(LONG_MS + after_ms)


def slap(b, seat, after_ms=20):
    """P``seat`` slaps (1 = P1): down for SLAP_MS, the board then runs ``after_ms`` more."""
    b.press(seat, hold_ms=SLAP_MS)
    b.run_ms(SLAP_MS + after_ms)


def cursor(b):
    """The menu line under the cursor ('' while the OLED is between frames)."""
    for s in screen(b):
        if s.startswith(">"):
            return s[1:]
    return ""


def menu_to(b, label, tries=12):
    """Short presses of the table button until the menu's cursor is on ``label``; each
    press is seen on the OLED (a frame every 100 ms) before the next."""
    for _ in range(tries):
        now = cursor(b)
        if now.startswith(label):
            return
        table_short(b, after_ms=0)
        for _ in range(12):
            b.run_ms(50)
            moved = cursor(b)
            if moved and moved != now:
                break
        # A pause as a hand leaves: quicker table presses right after a P2 step once
        # stopped the menu on the emulated board (seen with Armageddon, not pinned down).
        b.run_ms(300)
    raise AssertionError("the menu has no line %r:\n%s" % (label, "\n".join(screen(b))))


def menu_set(b, label, value, tries=20):
    """On the menu line ``label``, P2 steps the value forward until it reads ``value``."""
    menu_to(b, label)
    for _ in range(tries):
        now = cursor(b)
        if now.startswith(label) and now.split()[-1] == value:
            return
        b.press(2, hold_ms=SLAP_MS)
        for _ in range(12):
            b.run_ms(50)
            moved = cursor(b)
            if moved and moved != now:
                break
        b.run_ms(300)  # as in menu_to
    raise AssertionError("%s never reads %r: %r" % (label, value, screen(b)))


# ----- the card pad ----------------------------------------------------------------------


def uid(card, copy=0):
    """The tag UID (hex) the tests give to a card code, as tests/fakes/scenario.py does:
    a 7-byte NTAG-like UID; ``copy`` tells the jokers apart."""
    return bytes([0x04, 0x5E, copy, card, 0xA1, 0x77, 0x80]).hex()


def deck_uids(deck):
    """(card, uid) for every card of a deck list, jokers numbered by their copy."""
    out, jokers = [], 0
    for c in deck:
        if c == cards.JOKER:
            out.append((c, uid(c, jokers)))
            jokers += 1
        else:
            out.append((c, uid(c)))
    return out


def tap(b, card_uid, on_ms=60, off_ms=40):
    """A card laid on the pad and taken off again ("tap, then lay")."""
    b.lay(card_uid)
    b.run_ms(on_ms)
    b.lift()
    b.run_ms(off_ms)


def enroll(b, game="armageddon", jokers=2):
    """Menu -> Enroll deck with ``game`` chosen: taps every card of its deck in the order
    the screen asks for them; returns the closing notice's lines (back to the menu)."""
    menu_set(b, "Game", "ARMAGEDDON" if game == "armageddon" else "WW3")
    menu_to(b, "Enroll deck")
    table_long(b)
    until_screen(b, "ENROLL DECK")
    deck = cards.full_deck(jokers) if game == "armageddon" else cards.squares_deck(jokers)
    for _card, u in deck_uids(deck):
        tap(b, u)
    lines = until_screen(b, "Saved", timeout_ms=3000)
    table_short(b)  # the notice's OK
    return lines


# ----- the data port ---------------------------------------------------------------------


def game_lines(b):
    """The game's log lines (header, events, rulings) the board streamed since last read."""
    return [o for o in b.data_lines() if "log" in o or "ev" in o or "r" in o]


def setup(b, **fields):
    """``setup`` over the link; with a game on the table the board asks the table first,
    and a short press of the table button says yes (docs/serial-protocol.md)."""
    reply = b.request(dict(fields, cmd="setup"))
    if reply["k"] == "pending":
        table_short(b)
        reply, _ = b.data_until(lambda o: o.get("id") == reply["id"] and o["k"] != "pending", 3000)
    assert reply["k"] == "ok", reply
    b.data_lines()
    return reply


def blind_race_board(board_factory, seats, capture="keypad", gate=True, seed=3):
    """A board booted with ``seats`` seats, the ``capture`` mode and the slap gate on or
    off, playing blind World War 3 with no hurry-up: P1 has started, and the gate (when
    on) is armed for the first race."""
    settings = {"TOPPER_SLAP_CAPTURE": capture, "TOPPER_SEATS": seats, "TOPPER_SLAP_GATE": int(gate)}
    b = board_factory(settings=settings)
    boot(b)
    setup(b, game="ww3", seats=seats, cardpad=False, hurry_ms=0, seed=seed)
    slap(b, 1, after_ms=300)  # P1 starts
    b.run_ms(300)  # the gate is armed after the start's ruling
    return b


def near(got, want, tolerance=0.03):
    """Tone lists equal within ``tolerance``: the PWM divider cannot make every pitch
    exactly (the ask's 1200 Hz comes out at 1221 Hz at 125 MHz)."""
    return len(got) == len(want) and all(abs(g - w) <= w * tolerance for g, w in zip(got, want))


def has_tone(got, want, tolerance=0.03):
    return any(abs(g - want) <= want * tolerance for g in got)
