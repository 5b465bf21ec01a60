"""The core's own seeded random generator (xorshift32) and a Fisher-Yates shuffle.

The core never touches the global ``random``: CircuitPython's has no ``Random`` class
and no ``shuffle``, and a shared generator would make replays depend on whatever else
drew from it. Each user of randomness owns a ``Rng`` built from a logged seed, so the
same seed gives the same deal and the same tie draws on every platform.
"""

_MASK32 = 0xFFFFFFFF


def _bit_lengths():
    out = bytearray(256)
    for i in range(1, 256):
        out[i] = out[i >> 1] + 1
    return bytes(out)


_BITS = _bit_lengths()  # _BITS[m]: the bit length of m, for m < 256


class Rng:
    def __init__(self, seed):
        # Scramble the seed so that nearby seeds start far apart, and avoid the
        # all-zero state, which xorshift never leaves.
        s = (int(seed) * 0x9E3779B1 + 0x7F4A7C15) & _MASK32
        s ^= s >> 16
        self.state = s or 0x6D2B79F5

    def next32(self):
        """The next 32-bit unsigned value."""
        x = self.state
        x ^= (x << 13) & _MASK32
        x ^= x >> 17
        x ^= (x << 5) & _MASK32
        self.state = x
        return x

    def below(self, n):
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if n == 1:
            return 0
        # The bit length of n - 1: from a table below 2**16, else a bit at a time.
        m = n - 1
        if m < 256:
            bits = _BITS[m]
        elif m < 65536:
            bits = _BITS[m >> 8] + 8
        else:
            bits = 0
            while m:
                bits += 1
                m >>= 1
        shift = 32 - bits
        # next32() written out here: this draw is the hot loop of every bot, deal and
        # benchmark, and the draws must stay exactly those of next32().
        x = self.state
        while True:
            x ^= (x << 13) & _MASK32
            x ^= x >> 17
            x ^= (x << 5) & _MASK32
            r = x >> shift
            if r < n:
                self.state = x
                return r

    def shuffle(self, items):
        """Fisher-Yates shuffle of a list, in place."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
