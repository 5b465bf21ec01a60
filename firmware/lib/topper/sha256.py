"""SHA-256 (FIPS 180-4) in plain Python, for boards whose firmware has no ``hashlib``.

CircuitPython on a plain RP2040 may be built without ``hashlib``, and the commitments of
``topper.commit`` must give the same digest on the device, in the simulator and in a
checker run years later. This is the textbook algorithm on 32-bit words kept in Python
ints; it hashes a few hundred bytes per hand, so clarity beats speed here.
"""

_MASK = 0xFFFFFFFF

# First 32 bits of the fractional parts of the cube roots of the first 64 primes.
_K = (
    0x428A2F98, 0x71374491, 0xB5C0FBCF, 0xE9B5DBA5, 0x3956C25B, 0x59F111F1, 0x923F82A4, 0xAB1C5ED5,
    0xD807AA98, 0x12835B01, 0x243185BE, 0x550C7DC3, 0x72BE5D74, 0x80DEB1FE, 0x9BDC06A7, 0xC19BF174,
    0xE49B69C1, 0xEFBE4786, 0x0FC19DC6, 0x240CA1CC, 0x2DE92C6F, 0x4A7484AA, 0x5CB0A9DC, 0x76F988DA,
    0x983E5152, 0xA831C66D, 0xB00327C8, 0xBF597FC7, 0xC6E00BF3, 0xD5A79147, 0x06CA6351, 0x14292967,
    0x27B70A85, 0x2E1B2138, 0x4D2C6DFC, 0x53380D13, 0x650A7354, 0x766A0ABB, 0x81C2C92E, 0x92722C85,
    0xA2BFE8A1, 0xA81A664B, 0xC24B8B70, 0xC76C51A3, 0xD192E819, 0xD6990624, 0xF40E3585, 0x106AA070,
    0x19A4C116, 0x1E376C08, 0x2748774C, 0x34B0BCB5, 0x391C0CB3, 0x4ED8AA4A, 0x5B9CCA4F, 0x682E6FF3,
    0x748F82EE, 0x78A5636F, 0x84C87814, 0x8CC70208, 0x90BEFFFA, 0xA4506CEB, 0xBEF9A3F7, 0xC67178F2,
)  # fmt: skip

# First 32 bits of the fractional parts of the square roots of the first 8 primes.
_H0 = (
    0x6A09E667,
    0xBB67AE85,
    0x3C6EF372,
    0xA54FF53A,
    0x510E527F,
    0x9B05688C,
    0x1F83D9AB,
    0x5BE0CD19,
)


def _rotr(x, n):
    return ((x >> n) | (x << (32 - n))) & _MASK


def _compress(h, block, at):
    w = [0] * 64
    for i in range(16):
        j = at + 4 * i
        w[i] = (block[j] << 24) | (block[j + 1] << 16) | (block[j + 2] << 8) | block[j + 3]
    for i in range(16, 64):
        x = w[i - 15]
        y = w[i - 2]
        s0 = _rotr(x, 7) ^ _rotr(x, 18) ^ (x >> 3)
        s1 = _rotr(y, 17) ^ _rotr(y, 19) ^ (y >> 10)
        w[i] = (w[i - 16] + s0 + w[i - 7] + s1) & _MASK
    a, b, c, d, e, f, g, hh = h
    for i in range(64):
        t1 = hh + (_rotr(e, 6) ^ _rotr(e, 11) ^ _rotr(e, 25)) + ((e & f) ^ (~e & g)) + _K[i] + w[i]
        t2 = (_rotr(a, 2) ^ _rotr(a, 13) ^ _rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))
        hh = g
        g = f
        f = e
        e = (d + t1) & _MASK
        d = c
        c = b
        b = a
        a = (t1 + t2) & _MASK
    return [
        (h[0] + a) & _MASK, (h[1] + b) & _MASK, (h[2] + c) & _MASK, (h[3] + d) & _MASK,
        (h[4] + e) & _MASK, (h[5] + f) & _MASK, (h[6] + g) & _MASK, (h[7] + hh) & _MASK,
    ]  # fmt: skip


def sha256(data):
    """The 32-byte SHA-256 digest of ``data`` (bytes or bytearray)."""
    n = len(data)
    # Padding: a 1 bit, zeros up to 56 mod 64 bytes, then the bit length as 64 bits.
    padded = bytearray(data)
    padded.append(0x80)
    while len(padded) % 64 != 56:
        padded.append(0)
    bits = n * 8
    for shift in (56, 48, 40, 32, 24, 16, 8, 0):
        padded.append((bits >> shift) & 0xFF)
    h = list(_H0)
    for at in range(0, len(padded), 64):
        h = _compress(h, padded, at)
    out = bytearray(32)
    for i in range(8):
        for j in range(4):
            out[4 * i + j] = (h[i] >> (24 - 8 * j)) & 0xFF
    return bytes(out)
