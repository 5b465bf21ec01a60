"""Salted commitments: a hand's secrets logged sealed at its start, opened at its end.

A secret (a Guess My Card secret card, a stored Crazy Job rule) is written to the public
log at the start of a hand only as ``SHA-256(salt | label | secret)``. At the end of the
hand the salt and the secret are logged too, so anyone holding the log can check that the
device judged the whole hand against the secret it had sealed, and never learned or
changed it half-way. The salt is what keeps the seal shut: a secret card is one of 64, a
rule one of a few thousand, and without a salt anyone could try them all.

Salts come from the ``source`` the caller hands a ``Vault`` (anything with ``next32()``;
a source with ``next_bytes(n)`` too gives the same words' bytes without making them ints).
The simulator passes a seeded ``topper.rng.Rng`` so that a replay gives the same log. The
device cannot: its seed is the stamp of the press that started the game, which the log
shows, so salts drawn from it would open every seal to whoever holds the log. It passes
``KeyedSalts`` with a 16-byte key from ``os.urandom``: the salts are SHA-256 of the key and
a counter, the same on every replay of the match (an undo, a resume after a power cut,
which keep the key in the game's private save), and out of reach without the key.

Records (``"r"`` is the kind, as for every ruling):
``{"r": "commit", "label": L, "seat": s, "digest": hex}`` and
``{"r": "reveal", "label": L, "seat": s, "secret": text, "salt": hex}``; the label names
the game, the hand and the seat, and is what ties a reveal to its seal.
"""

try:
    from hashlib import sha256 as _native_sha256  # CPython, MicroPython
except ImportError:
    _native_sha256 = None
try:
    # CircuitPython's hashlib has only new(name, data). Without it (a build with no
    # hashlib) the digest is made in Python: the same bytes, but on the board a hand's
    # seals then made about 57 KB of garbage in one step (32-bit words are long ints
    # there; CHANGELOG.md).
    from hashlib import new as _hash_new
except ImportError:
    _hash_new = None

SALT_BYTES = 16
_HEX = b"0123456789abcdef"


def _sha256(data):
    if _native_sha256 is not None:
        return _native_sha256(data).digest()
    if _hash_new is not None:
        return _hash_new("sha256", data).digest()
    # Imported here so that a board with hashlib never spends heap on it.
    from topper.sha256 import sha256

    return sha256(data)


def to_hex(data):
    # bytes.hex() and binascii are not in every build. Written into one buffer: a
    # string a byte (as "".join of "%02x"s) was about 1 KB of garbage for a seal's
    # digest on the board, and a hand seals one a seat.
    out = bytearray(2 * len(data))
    for i in range(len(data)):
        b = data[i]
        out[2 * i] = _HEX[b >> 4]
        out[2 * i + 1] = _HEX[b & 15]
    return str(out, "ascii")


def _word(b, i):
    """The big-endian 32-bit word at ``b[i:i+4]``."""
    return (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]


def from_hex(text):
    """The bytes written by ``to_hex``; ValueError on anything else."""
    if len(text) % 2:
        raise ValueError("odd-length hex %r" % (text,))
    out = bytearray(len(text) // 2)
    for i in range(len(out)):
        out[i] = int(text[2 * i : 2 * i + 2], 16)
    return bytes(out)


def new_salt(source):
    """SALT_BYTES fresh bytes from ``source.next32()``, or the same bytes from its
    ``next_bytes``: on a board a 32-bit word is a long int, and a salt made of words
    and shifts was a kilobyte of garbage."""
    next_bytes = getattr(source, "next_bytes", None)
    if next_bytes is not None:
        return next_bytes(SALT_BYTES)
    out = bytearray(SALT_BYTES)
    for i in range(0, SALT_BYTES, 4):
        word = source.next32()
        for j in range(4):
            out[i + j] = (word >> (24 - 8 * j)) & 0xFF
    return bytes(out)


class KeyedSalts:
    """32-bit words from SHA-256(key | block number): a salt source that a secret
    ``key`` (bytes) makes unguessable and that gives the same words again from the
    start for the same key."""

    def __init__(self, key):
        self.key = bytes(key)
        self._block = 0
        self._h = b""  # the current block's digest
        self._at = 0  # the bytes of it handed out

    def next_bytes(self, n):
        """The next ``n`` bytes (a multiple of 4) of the words ``next32`` gives."""
        out = bytearray(n)
        for i in range(n):
            if self._at == len(self._h):
                self._h = _sha256(self.key + ("|%d" % self._block).encode())
                self._block += 1
                self._at = 0
            out[i] = self._h[self._at]
            self._at += 1
        return bytes(out)

    def next32(self):
        return _word(self.next_bytes(4), 0)


def salts_for(key_hex):
    """The salt source for a match: ``KeyedSalts`` for a key (hex text, as the saves
    keep it), or None for the match's own seeded salts (the simulator, the tests)."""
    return None if key_hex is None else KeyedSalts(from_hex(key_hex))


def digest(salt, label, secret):
    """Hex SHA-256 of the salt, then ``label|secret`` in UTF-8. The label (game, hand and
    seat) binds the seal to its place, so a seal cannot be moved to another seat."""
    return to_hex(_sha256(bytes(salt) + ("%s|%s" % (label, secret)).encode()))


def verify(commit_record, reveal_record):
    """Does this reveal open this commitment?"""
    try:
        salt = from_hex(reveal_record["salt"])
    except (KeyError, ValueError):
        return False
    if commit_record.get("label") != reveal_record.get("label"):
        return False
    return commit_record.get("digest") == digest(salt, reveal_record["label"], reveal_record.get("secret"))


def check_log(records):
    """Problems found checking every reveal in ``records`` against the commitment sealed
    earlier under its label; an empty list means the log verifies. A seal still shut at
    the end is reported too (a hand that never ended, or a reveal cut out of the log)."""
    sealed = {}
    problems = []
    for rec in records:
        kind = rec.get("r")
        if kind == "commit":
            label = rec.get("label")
            if label in sealed:
                problems.append("%s sealed twice" % (label,))
            sealed[label] = rec
        elif kind == "reveal":
            label = rec.get("label")
            seal = sealed.pop(label, None)
            if seal is None:
                problems.append("%s revealed without a seal" % (label,))
            elif not verify(seal, rec):
                problems.append("%s does not open its seal" % (label,))
    for label in sorted(sealed):
        problems.append("%s never revealed" % (label,))
    return problems


class Tape:
    """A salt source that keeps every word it gave, so that a match rebuilt from its history
    (an undo) draws the same salts again and the seals already logged still open. The
    words are kept as their bytes (big-endian): on a board an int of 32 bits is a long
    int of its own on the heap."""

    def __init__(self, source, kept=b""):
        self.source = source
        self.kept = bytearray(kept)
        self._at = 0

    def next_bytes(self, n):
        """The next ``n`` bytes (a multiple of 4) of the words ``next32`` gives."""
        kept = self.kept
        while len(kept) < self._at + n:
            more = getattr(self.source, "next_bytes", None)
            if more is not None:
                kept.extend(more(4))
            else:
                w = self.source.next32()
                kept.extend(bytes(((w >> 24) & 0xFF, (w >> 16) & 0xFF, (w >> 8) & 0xFF, w & 0xFF)))
        out = bytes(kept[self._at : self._at + n])
        self._at += n
        return out

    def next32(self):
        return _word(self.next_bytes(4), 0)

    def rewound(self):
        """A tape that gives the same words from the start, then goes on like this one."""
        return Tape(self.source, self.kept)


class Vault:
    """The secrets sealed for one hand, with their salts, until they are revealed."""

    def __init__(self, source):
        self.source = source
        self._kept = []  # [label, secret, salt], in sealing order

    def seal(self, label, secret, seat):
        """Keep ``seat``'s ``secret`` and return its public commit record."""
        salt = new_salt(self.source)
        self._kept.append([label, secret, salt, seat])
        return {"r": "commit", "label": label, "seat": seat, "digest": digest(salt, label, secret)}

    def reveal(self):
        """The reveal records of every kept secret, in sealing order; the vault empties."""
        out = []
        for label, secret, salt, seat in self._kept:
            rec = {"r": "reveal", "label": label, "seat": seat, "secret": secret}
            rec["salt"] = to_hex(salt)
            out.append(rec)
        self._kept = []
        return out

    def __len__(self):
        return len(self._kept)
