"""The portable SHA-256 against the FIPS 180-4 examples and, where the platform has one,
its own hashlib: every length around the 55/56/64-byte padding edges."""

from topper.sha256 import sha256

try:
    import hashlib
except ImportError:  # a board without hashlib: the published vectors still run
    hashlib = None


def _hex(data):
    return "".join(["%02x" % b for b in data])


VECTORS = [
    (b"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    (b"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
        b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ),
    (
        (
            b"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
            b"hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        ),
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
    ),
]


def test_published_vectors():
    for data, want in VECTORS:
        assert _hex(sha256(data)) == want, data


def test_digest_is_32_bytes_and_takes_bytearray():
    d = sha256(bytearray(b"abc"))
    assert isinstance(d, bytes) and len(d) == 32
    assert d == sha256(b"abc")


def test_agrees_with_hashlib_around_padding_edges():
    if hashlib is None or not hasattr(hashlib, "sha256"):
        return
    for n in list(range(130)) + [1000]:
        data = bytes([(i * 7 + n) & 0xFF for i in range(n)])
        assert sha256(data) == hashlib.sha256(data).digest(), n


def test_one_bit_changes_the_digest():
    a = sha256(b"3RC")
    b = sha256(b"3RD")
    assert a != b
    differing = 0
    for i in range(32):
        x = a[i] ^ b[i]
        while x:
            differing += x & 1
            x >>= 1
    assert differing > 64, "about half of the 256 bits flip"
