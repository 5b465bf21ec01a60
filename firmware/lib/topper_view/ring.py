"""What the NeoPixel ring shows: pure functions from a view and a time to colours.

Every function returns a list of ``(r, g, b)`` tuples, one per ring pixel, numbered
clockwise from the pixel facing P1 (the pixel driver applies the ring's mounting
offset and direction). Colours are full scale; the driver's brightness dims them.

The picture, from the bottom layer up:
- seat ``i`` sits at pixel ``round(i * n / seats)`` in its own colour: dim while
  waiting, very dim when out of cards, steady bright for the seat in control,
  pulsing for the seat due to lay, red while its slaps are locked out, blinking
  amber while its next card is a hurry-up penalty card;
- the free pixels counter-clockwise from the seat due to lay show the hurry-up time
  left as a shrinking amber arc (red in the last second);
- the free pixels clockwise from that seat show its chances left as white dots;
- a won slap flashes the whole ring in the winner's colour, a wrong slap flashes red
  around the slapper; the end of the game runs a comet in the winner's colour;
- without a card pad (a blind view) seats that are out are very dim, and the seat
  whose slap waits for the table's verdict blinks white.
"""

from topper_view import effects

N = 24

OFF = (0, 0, 0)
WHITE = (255, 255, 255)
RED = (255, 0, 0)
AMBER = (255, 110, 0)
GREEN = (0, 255, 0)

# Seat colours P1..P8, chosen to stay apart from each other and from the red of a
# lockout and the amber of the hurry-up.
PALETTE = (
    (0, 70, 255),  # P1 blue
    (0, 255, 40),  # P2 green
    (255, 200, 0),  # P3 yellow
    (220, 0, 255),  # P4 magenta
    (0, 220, 220),  # P5 cyan
    (255, 255, 255),  # P6 white
    (255, 60, 120),  # P7 pink
    (140, 255, 0),  # P8 lime
)

DIM = 40
OUT = 10
FLASH_MS = 900


def seat_pixel(seat, seats, n=N):
    """round(seat * n / seats), in integers so that every platform agrees."""
    return (2 * seat * n + seats) // (2 * seats)


def seat_color(seat):
    return PALETTE[seat % len(PALETTE)]


def scale(c, level):
    """``c`` at ``level``/255 of its brightness."""
    return ((c[0] * level) // 255, (c[1] * level) // 255, (c[2] * level) // 255)


def packed(c, level):
    """``scale`` as one ``0xRRGGBB`` int, which the NeoPixel driver takes as well as a
    tuple: a small int is no heap object, so a frame of these allocates nothing (the
    device's ring frames; the simulator and the tests read tuples from ``scale``)."""
    return ((c[0] * level) // 255) << 16 | ((c[1] * level) // 255) << 8 | (c[2] * level) // 255


def pulse(now, period, low=60, high=255):
    """A triangle wave between ``low`` and ``high`` with the given period in ms."""
    half = period // 2
    p = now % period
    if p >= half:
        p = period - p
    return low + (high - low) * p // half


# The free-pixel flags of each (seats, n), made once: the ring is drawn every step or
# so, and a slap's frame should allocate as little as it can. Read only.
_FREE = {}


def _free(seats, n):
    """Pixels that are not seat pixels, as a list of flags (shared: never change it)."""
    key = seats * 1024 + n
    used = _FREE.get(key)
    if used is None:
        used = [False] * n
        for s in range(seats):
            used[seat_pixel(s, seats, n)] = True
        _FREE[key] = used
    return used


# Each (seats, n)'s seat pixels, made once like _FREE. Read only.
_HOMES = {}


def _homes(seats, n):
    """``seat_pixel`` of every seat, as a list (shared: never change it)."""
    key = seats * 1024 + n
    homes = _HOMES.get(key)
    if homes is None:
        # A loop, not a comprehension: one would make ``seats`` and ``n`` closure cells,
        # allocated at every call (32 bytes a frame), cached or not.
        homes = []
        for s in range(seats):
            homes.append(seat_pixel(s, seats, n))
        _HOMES[key] = homes
    return homes


def _arc(px, c, start, step, used, count, n):
    """Colour ``c`` on the first ``count`` free pixels from ``start`` (excluded) in
    direction ``step`` (painted as it walks: no list of pixels is made)."""
    p = start
    for _ in range(n):
        if count <= 0:
            break
        p = (p + step) % n
        if not used[p]:
            px[p] = c
            count -= 1


def game(view, now, fx=None, n=N, px=None, dim=scale):
    """The ring during a slap game; written into ``px`` (a list of ``n``) when given,
    so that the device's frames reuse one list. ``dim`` makes a dimmed colour: the
    device passes ``packed`` (ints, nothing allocated), so its frames mix the
    constant tuples (``OFF``, ``RED``, the palette) with ints."""
    seats = view["seats"]
    if px is None:
        px = [OFF] * n
    else:
        for i in range(n):
            px[i] = OFF
    if view["phase"] == "over" and view["winner"] >= 0:
        return comet(px, view["winner"], seats, now, n, dim)
    used = _free(seats, n)
    free_count = n - seats
    turn = view["turn"]
    if turn >= 0:
        home = seat_pixel(turn, seats, n)
        left = view["hurry_left"]
        limit = view["hurry_ms"]
        if left >= 0 and limit > 0:
            lit = (free_count * left + limit - 1) // limit
            color = RED if left < 1000 else AMBER
            _arc(px, dim(color, 50), home, -1, used, lit, n)
        if view["controller"] >= 0 and view["chances"] > 0:
            _arc(px, dim(WHITE, 170), home, 1, used, view["chances"], n)
    stacks = view["stacks"]
    out = view.get("out")
    pending = view.get("pending", -1)
    # What every seat's pixel reads, looked up once: this loop is on a slap's way to
    # the ring, where each dict lookup and call on the board costs microseconds.
    locked = view["locked"]
    penalty = view["penalty"]
    controller = view["controller"]
    amber_on = (now // 250) % 2
    white_on = (now // 200) % 2
    home = _homes(seats, n)
    for s in range(seats):
        c = PALETTE[s % len(PALETTE)]
        if locked[s]:
            c = RED
        elif penalty[s] and amber_on:
            c = AMBER
        elif s == pending and white_on:
            c = WHITE
        if s == turn:
            level = pulse(now, 700)
        elif s == pending or s == controller:
            level = 255
        elif locked[s]:
            level = 200
        elif (stacks is not None and stacks[s] == 0) or (out is not None and out[s]):
            level = OUT
        else:
            level = DIM
        px[home[s]] = dim(c, level)
    if fx is not None and effects.active(fx.outcome_t, now, FLASH_MS):
        _slap_flash(px, fx.outcome, fx.outcome_t, seats, now, n)
    return px


def _slap_flash(px, r, t0, seats, now, n):
    by = r.get("by", -1)
    if by < 0:
        return
    on = (effects.age(t0, now) // 150) % 2 == 0
    _flash(px, by, r.get("ok"), on, seats, n)


def _flash(px, by, ok, on, seats, n):
    if ok:
        c = seat_color(by) if on else OFF
        for p in range(n):
            px[p] = c
        return
    # A wrong slap: red around the slapper, their own pixel included.
    home = seat_pixel(by, seats, n)
    for d in (-1, 0, 1):
        px[(home + d) % n] = RED if on else OFF


def first_slap(view, seat, now, n=N, px=None, dim=scale):
    """The ring the moment ``seat`` wins a slap race at the table ``view`` shows: the
    frame the slap gate sends from its interrupt before any Python runs
    (docs/slap-gate.md), so it is the first frame of the ruling that follows."""
    return slap_mark(game(view, now, None, n, px, dim), view, seat, n, dim)


def slap_mark(px, view, seat, n=N, dim=scale):
    """Marks ``seat``'s slap on ``px``, the table's frame (``game``'s): on a slappable
    pile the whole ring in the seat's colour (a won slap), on any other red around the
    seat (a wrong one); in blind play, where the table judges, the seat's pixel white
    (its slap waits for the table's word). The slap gate arms every seat from one frame
    of the table, a copy marked per seat."""
    seats = view["seats"]
    if view.get("blind"):
        px[seat_pixel(seat, seats, n)] = dim(WHITE, 255)
    else:
        _flash(px, seat, view["slappable"] is not None, True, seats, n)
    return px


def comet(px, winner, seats, now, n, dim=scale):
    c = seat_color(winner)
    head = (now // 45) % n
    for k in range(6):
        px[(head - k) % n] = dim(c, 255 >> k)
    px[seat_pixel(winner, seats, n)] = c
    return px


def idle(seats, now, n=N):
    """The menu: every seat in play breathes in its colour."""
    px = [OFF] * n
    level = pulse(now, 3000, 20, 120)
    for s in range(seats):
        px[seat_pixel(s, seats, n)] = scale(seat_color(s), level)
    return px


def waiting(seats, now, n=N):
    """Waiting for the starter's seat button: every seat blinks together."""
    px = [OFF] * n
    on = (now // 400) % 2 == 0
    for s in range(seats):
        px[seat_pixel(s, seats, n)] = seat_color(s) if on else scale(seat_color(s), 20)
    return px


def progress(done, total, now, n=N):
    """Deck enrollment: a green arc for the cards done, the next pixel blinking."""
    px = [OFF] * n
    lit = 0
    if total > 0:
        lit = done * n // total
    for p in range(min(lit, n)):
        px[p] = scale(GREEN, 90)
    if lit < n and (now // 300) % 2 == 0:
        px[lit] = WHITE
    return px


def alert(now, n=N):
    """Something is wrong (see the screen): the ring blinks red."""
    c = scale(RED, 120) if (now // 500) % 2 == 0 else OFF
    return [c] * n
