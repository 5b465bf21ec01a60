"""Reading UF2 files: enough to check that a file is a UF2 for the right chip and to
say what it writes where (the firmware region, the CIRCUITPY drive).

A UF2 is a string of 512-byte blocks, each with two magic numbers at its start, one at
its end, a target flash address and up to 476 bytes of payload (Microsoft's UF2 spec).
"""

import struct
from dataclasses import dataclass

MAGIC0, MAGIC1, MAGIC_END = 0x0A324655, 0x9E5D5157, 0x0AB16F30
FLAG_FAMILY = 0x00002000
XIP_BASE = 0x10000000
BLOCK = 512


class UF2Error(Exception):
    """Not a UF2, or not one for this board."""


@dataclass
class Image:
    blocks: int
    family: int | None
    spans: list  # [(first address, last address + 1)] merged, in flash offsets

    def bytes_below(self, offset):
        """Payload bytes the image writes below ``offset`` (the firmware region)."""
        return sum(min(end, offset) - start for start, end in self.spans if start < offset)

    def writes_at_or_above(self, offset):
        return any(end > offset for _, end in self.spans)


def read(path):
    """Parse ``path``; UF2Error if any block is malformed."""
    try:
        data = open(path, "rb").read()
    except OSError as e:
        raise UF2Error(f"cannot read {path}: {e.strerror or e}") from e
    if not data or len(data) % BLOCK:
        raise UF2Error(f"{path} is not a UF2 file ({len(data)} bytes, not a whole number of 512-byte blocks)")
    family = None
    ranges = []
    for n in range(len(data) // BLOCK):
        block = data[n * BLOCK : (n + 1) * BLOCK]
        m0, m1, flags, addr, size, _, _, fam = struct.unpack_from("<8I", block)
        (end_magic,) = struct.unpack_from("<I", block, BLOCK - 4)
        if (m0, m1, end_magic) != (MAGIC0, MAGIC1, MAGIC_END) or size > 476:
            raise UF2Error(f"{path} is not a UF2 file (block {n} has no UF2 magic numbers)")
        if flags & FLAG_FAMILY:
            if family is not None and fam != family:
                raise UF2Error(f"{path} mixes UF2 families 0x{family:08x} and 0x{fam:08x}")
            family = fam
        ranges.append((addr - XIP_BASE, addr - XIP_BASE + size))
    return Image(len(data) // BLOCK, family, _merge(ranges))


def _merge(ranges):
    merged = []
    for start, end in sorted(ranges):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged
