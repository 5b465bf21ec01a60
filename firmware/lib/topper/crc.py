"""The checksums of the power-cut saves (topper.journal, topper.turnsave): a torn
write must never read as good data."""


def crc8(data, n=-1):
    """CRC-8 (poly 0x07) of ``data``, or of its first ``n`` bytes (no slice made)."""
    c = 0
    for i in range(len(data) if n < 0 else n):
        c ^= data[i]
        for _ in range(8):
            c = ((c << 1) ^ 0x07) & 0xFF if c & 0x80 else (c << 1) & 0xFF
    return c


def crc16(data, c=0xFFFF):
    """CRC-16/CCITT-FALSE of ``data``; ``c``, the CRC of the bytes before it, goes on
    over a second piece (the CRC of two pieces is that of the two joined, without
    joining them)."""
    for b in data:
        c ^= b << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) & 0xFFFF if c & 0x8000 else (c << 1) & 0xFFFF
    return c
