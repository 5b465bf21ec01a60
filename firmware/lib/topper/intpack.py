"""Long lists of small ints, packed into short text for the power-cut saves.

A turn game is saved whole after every action (``topper.turnsave``), and most of a save
is its history: hundreds of short lists of small ints (``[2,-1,-1]``, ``[0,45]``). As
JSON each costs 3 to 4 characters an int; the nvm store has 1,664 bytes a slot. ``pack``
replaces every list of 4 or more items that are small ints, or short lists of them, by
``{"~pack": text}``, about 1.4 characters an int; ``unpack`` gives the same lists back.
Anything else passes through unchanged, so a save written before packing still loads.

A flat list of 4 or more ints from 0 to 63 (a referee's inputs kept as such) is
``{"~six": text}`` instead, one character an int: the int is the character's place in
base64's alphabet. Any other packable list is ``{"~pack": text}``, its bytes, before
they become text (6 bits a character, base64's alphabet):

- 0..239: the int ``byte - 1`` (-1 to 238);
- 240..254: a list of ``byte - 240`` items (0 to 14), its items following;
- 255: the int in the next two bytes, minus 1 (-1 to 65534).
"""

KEY = "~pack"
SIX = "~six"
MIN_ITEMS = 4

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_CODES = _ALPHABET.encode()
_VALUE = {}
for _i, _c in enumerate(_ALPHABET):
    _VALUE[_c] = _i


def _small(v):
    return isinstance(v, int) and not isinstance(v, bool) and -1 <= v <= 65534


def _packable(items):
    if len(items) < MIN_ITEMS:
        return False
    for v in items:
        if isinstance(v, list):
            if len(v) > 14:
                return False
            for w in v:
                if not _small(w):
                    return False
        elif not _small(v):
            return False
    return True


def _six(items):
    """A flat list of 4 or more ints from 0 to 63: one character each."""
    if len(items) < MIN_ITEMS:
        return False
    for v in items:
        if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > 63:
            return False
    return True


def _six_text(items):
    out = bytearray(len(items))
    for i in range(len(items)):
        out[i] = _CODES[items[i]]
    return {SIX: str(out, "ascii")}


def _size(v):
    return 1 if v <= 238 else 3


def _put_int(out, i, v):
    if v <= 238:
        out[i] = v + 1
        return i + 1
    out[i] = 255
    out[i + 1] = (v + 1) >> 8
    out[i + 2] = (v + 1) & 0xFF
    return i + 3


def _to_text(data):
    n = len(data)
    full = n // 3
    left = n - 3 * full
    out = bytearray(4 * full + (left + 1 if left else 0))
    j = 0
    for i in range(0, n, 3):
        k = n - i if n - i < 3 else 3
        b = data[i] << 16
        if k > 1:
            b |= data[i + 1] << 8
        if k > 2:
            b |= data[i + 2]
        for c in range(k + 1):
            out[j] = _CODES[(b >> (18 - 6 * c)) & 63]
            j += 1
    return str(out, "ascii")


def _from_text(text):
    out = bytearray()
    n = len(text)
    for i in range(0, n, 4):
        group = text[i : i + 4]
        if len(group) < 2:
            raise ValueError("packed text of a bad length")
        b = 0
        for k in range(4):
            b = (b << 6) | (_VALUE[group[k]] if k < len(group) else 0)
        for k in range(len(group) - 1):
            out.append((b >> (16 - 8 * k)) & 0xFF)
    return out


def _packed(items):
    """``{KEY: text}`` for a packable list. Its bytes and its text are each made in one
    buffer of the right size: a save is packed after every ruling, and a buffer grown
    an item at a time left many times its size in garbage on the board."""
    n = 0
    for v in items:
        if isinstance(v, list):
            n += 1
            for w in v:
                n += _size(w)
        else:
            n += _size(v)
    data = bytearray(n)
    i = 0
    for v in items:
        if isinstance(v, list):
            data[i] = 240 + len(v)
            i += 1
            for w in v:
                i = _put_int(data, i, w)
        else:
            i = _put_int(data, i, v)
    return {KEY: _to_text(data)}


def pack(obj):
    """``obj`` with its long small-int lists packed. ``obj`` is kept; what had nothing to
    pack is shared with it, not copied (the save only writes it out)."""
    if isinstance(obj, dict):
        out = None
        for k in obj:
            v = obj[k]
            p = pack(v)
            if p is not v:
                if out is None:
                    out = dict(obj)
                out[k] = p
        return obj if out is None else out
    if isinstance(obj, list):
        if _six(obj):
            return _six_text(obj)
        if _packable(obj):
            return _packed(obj)
        out = None
        for i in range(len(obj)):
            v = obj[i]
            p = pack(v)
            if p is not v:
                if out is None:
                    out = list(obj)
                out[i] = p
        return obj if out is None else out
    return obj


def unpack(obj):
    """What ``pack`` was given; ValueError for packed text that is not ``pack``'s."""
    if isinstance(obj, dict):
        if len(obj) == 1 and KEY in obj:
            try:
                return _decode(_from_text(obj[KEY]))
            except (KeyError, IndexError, TypeError):
                raise ValueError("bad packed list")
        if len(obj) == 1 and SIX in obj:
            try:
                return [_VALUE[c] for c in obj[SIX]]
            except (KeyError, TypeError):
                raise ValueError("bad packed list")
        out = {}
        for k in obj:
            out[k] = unpack(obj[k])
        return out
    if isinstance(obj, list):
        return [unpack(v) for v in obj]
    return obj


def _decode(data):
    out = []
    i = 0
    n = len(data)
    inner = None
    left = 0
    while i < n:
        b = data[i]
        i += 1
        if 240 <= b <= 254:
            if left:
                raise ValueError("bad packed list")
            inner = []
            left = b - 240
            out.append(inner)
            continue
        if b == 255:
            v = ((data[i] << 8) | data[i + 1]) - 1
            i += 2
        else:
            v = b - 1
        if left:
            inner.append(v)
            left -= 1
        else:
            out.append(v)
    if left:
        raise ValueError("bad packed list")
    return out



def flat(actions):
    """A history of engine actions (``(kind, arg, ...)`` of small ints) as one flat list
    that packs one byte an int: each action its head ``kind * 8 + len(args)``, then its
    args; an action of 7 args or more has the head ``kind * 8 + 7``, then its number of
    args. A list of lists costs a byte more an action (its length). None when an action
    does not fit (a kind above 28, an arg not small): the history is saved as lists."""
    n = 0
    for a in actions:
        if not a or not _small(a[0]) or a[0] < 0 or a[0] > 28:
            return None
        n += len(a) + (1 if len(a) > 7 else 0)
    out = [0] * n
    i = 0
    for a in actions:
        k = len(a) - 1
        if k < 7:
            out[i] = a[0] * 8 + k
            i += 1
        else:
            out[i] = a[0] * 8 + 7
            out[i + 1] = k
            i += 2
        for j in range(1, k + 1):
            v = a[j]
            if not _small(v):
                return None
            out[i] = v
            i += 1
    return out


def nested(items):
    """The actions ``flat`` flattened, each a list; ValueError for a list it did not make."""
    out = []
    i = 0
    n = len(items)
    while i < n:
        head = items[i]
        i += 1
        if not _small(head) or head < 0 or head > 238:
            raise ValueError("bad flat history")
        k = head & 7
        if k == 7:
            k = items[i] if i < n else -1
            i += 1
            if not _small(k) or k < 7:
                raise ValueError("bad flat history")
        if i + k > n:
            raise ValueError("bad flat history")
        action = [head >> 3] + list(items[i : i + k])
        for v in action:
            if not _small(v):
                raise ValueError("bad flat history")
        out.append(action)
        i += k
    return out
