"""The single deck map the firmware kept before it kept one a deck (its layout is in
topper_hw.oldmap): what a board updated from that firmware still holds in its nvm."""

from topper.crc import crc16


def old_map(entries, finished=True, standard=False):
    """The bytes of an old map of ``entries``, a list of ``(uid, card)``."""
    body = bytearray()
    for uid, card in entries:
        h = 0x811C9DC5  # the old key: FNV-1a of the UID folded to 30 bits
        for b in uid:
            h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
        key = (h ^ (h >> 30)) & 0x3FFFFFFF
        body += key.to_bytes(4, "little") + bytes((card,))
    head = bytearray(b"TD\x01\x00\x00\x00\x00\x00")
    head[3] = (1 if finished else 0) | (2 if standard else 0)
    head[4:6] = (len(entries)).to_bytes(2, "little")
    head[6:8] = crc16(bytes(body), crc16(bytes(head[2:6]))).to_bytes(2, "little")
    return bytes(head + body)
