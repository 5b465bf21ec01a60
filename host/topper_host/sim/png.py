"""A minimal PNG writer (8-bit RGB, no filtering): zlib and struct are all it needs,
so snapshots and screenshots work without Pillow."""

import struct
import zlib


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def encode(width, height, rows):
    """PNG bytes for ``rows``: ``height`` bytes-like rows of ``3 * width`` RGB bytes."""
    raw = bytearray()
    for row in rows:
        if len(row) != 3 * width:
            raise ValueError("a row needs %d bytes, not %d" % (3 * width, len(row)))
        raw.append(0)  # filter type 0: the row as it is
        raw.extend(row)
    if len(rows) != height:
        raise ValueError("%d rows for a height of %d" % (len(rows), height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(bytes(raw), 9))
        + _chunk(b"IEND", b"")
    )


def decode(data):
    """``(width, height, rows)`` of a PNG this module wrote (tests read pictures back)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos = 8
    width = height = None
    idat = b""
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
            if depth != 8 or ctype != 2:
                raise ValueError("only 8-bit RGB")
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = 3 * width + 1
    rows = []
    for y in range(height):
        line = raw[y * stride : (y + 1) * stride]
        if line[0] != 0:
            raise ValueError("filtered rows are not read here")
        rows.append(bytes(line[1:]))
    return width, height, rows


class Picture:
    """An RGB picture to draw into before encoding."""

    def __init__(self, width, height, bg=(0, 0, 0)):
        self.width = width
        self.height = height
        self.rows = [bytearray(bytes(bg) * width) for _ in range(height)]

    def rect(self, x, y, w, h, rgb):
        x0 = max(0, x)
        x1 = min(self.width, x + w)
        if x1 <= x0:
            return
        seg = bytes(rgb) * (x1 - x0)
        for yy in range(max(0, y), min(self.height, y + h)):
            self.rows[yy][3 * x0 : 3 * x1] = seg

    def disc(self, cx, cy, r, rgb):
        for yy in range(int(cy - r), int(cy + r) + 1):
            dy = yy + 0.5 - cy
            if dy * dy > r * r or yy < 0 or yy >= self.height:
                continue
            half = (r * r - dy * dy) ** 0.5
            self.rect(round(cx - half), yy, round(2 * half), 1, rgb)

    def put_row(self, y, data):
        """Row ``y`` set to ``data``: ``3 * width`` RGB bytes."""
        if len(data) != 3 * self.width:
            raise ValueError("a row needs %d bytes, not %d" % (3 * self.width, len(data)))
        self.rows[y][:] = data

    def get(self, x, y):
        i = 3 * x
        return tuple(self.rows[y][i : i + 3])

    def png(self):
        return encode(self.width, self.height, self.rows)

    def save(self, path):
        with open(path, "wb") as f:
            f.write(self.png())
