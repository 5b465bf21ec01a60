"""Salted commitments: a sealed secret opens only with its own salt, secret and label, and
a log checker catches every kind of tampering a cheat could try."""

from topper import commit
from topper.rng import Rng


def _sealed_log(secrets, seed=1):
    vault = commit.Vault(Rng(seed))
    log = []
    for seat in range(len(secrets)):
        log.append(vault.seal("guess-my-card/h1/P%d" % (seat + 1), secrets[seat], seat))
    log.append({"r": "answer", "seat": 1, "n": 2})  # play goes on between seal and reveal
    log.extend(vault.reveal())
    return log


def _copy(log):
    return [dict(rec) for rec in log]


def test_an_honest_log_verifies():
    log = _sealed_log(["3RC", "1BS", "4YT"])
    assert commit.check_log(log) == []
    assert [r["r"] for r in log].count("commit") == 3
    assert [r["r"] for r in log].count("reveal") == 3


def test_the_seal_does_not_show_the_secret():
    log = _sealed_log(["3RC"])
    seal = log[0]
    assert sorted(seal) == ["digest", "label", "r", "seat"]
    assert "3RC" not in seal["digest"].upper()
    assert len(seal["digest"]) == 64


def test_equal_secrets_get_different_seals():
    # Without salts, two players holding notes of the same rule (or a guess of the
    # 64 cards) would be exposed by equal digests.
    log = _sealed_log(["2GH", "2GH"])
    assert log[0]["digest"] != log[1]["digest"]


def test_tampering_is_caught():
    honest = _sealed_log(["3RC", "1BS"])
    reveal_at = [i for i in range(len(honest)) if honest[i]["r"] == "reveal"]
    cases = [
        ("changed secret", lambda log: log[reveal_at[0]].update({"secret": "3RH"})),
        ("changed salt", lambda log: log[reveal_at[0]].update({"salt": "00" * 16})),
        ("bad salt text", lambda log: log[reveal_at[0]].update({"salt": "xyz"})),
        ("changed seal", lambda log: log[0].update({"digest": "0" * 64})),
        ("moved to another seat", lambda log: log[reveal_at[0]].update({"label": log[1]["label"]})),
        ("reveal dropped", lambda log: log.pop(reveal_at[1])),
        ("seal dropped", lambda log: log.pop(0)),
        ("sealed twice", lambda log: log.insert(1, dict(log[0]))),
    ]
    for name, tamper in cases:
        log = _copy(honest)
        tamper(log)
        problems = commit.check_log(log)
        assert problems, name


def test_secrets_swapped_between_seats_are_caught():
    log = _sealed_log(["3RC", "1BS"])
    reveals = [r for r in log if r["r"] == "reveal"]
    reveals[0]["secret"], reveals[1]["secret"] = reveals[1]["secret"], reveals[0]["secret"]
    assert len(commit.check_log(log)) == 2


def test_verify_pairs_a_seal_with_its_reveal():
    log = _sealed_log(["3RC", "1BS"])
    seals = [r for r in log if r["r"] == "commit"]
    reveals = [r for r in log if r["r"] == "reveal"]
    assert commit.verify(seals[0], reveals[0]) and commit.verify(seals[1], reveals[1])
    assert not commit.verify(seals[0], reveals[1])


def test_salts_come_from_the_source_and_replay():
    a = commit.new_salt(Rng(5))
    assert len(a) == commit.SALT_BYTES == 16
    assert a == commit.new_salt(Rng(5)) and a != commit.new_salt(Rng(6))
    assert commit.from_hex(commit.to_hex(a)) == a
    assert commit.to_hex(b"\x00\x0f\xff") == "000fff"


def test_digest_is_sha256_of_salt_label_and_secret():
    from topper.sha256 import sha256

    salt = bytes(range(16))
    want = commit.to_hex(sha256(salt + b"crazy-job/h2/P3|N=n+1"))
    assert commit.digest(salt, "crazy-job/h2/P3", "N=n+1") == want


def test_a_board_without_hashlib_seals_alike():
    salt = bytes(range(16))
    with_hashlib = commit.digest(salt, "guess-my-card/h1/P1", "3RC")
    saved = commit._native_sha256, commit._hash_new
    commit._native_sha256 = commit._hash_new = None  # as on a board built without hashlib
    try:
        assert commit.digest(salt, "guess-my-card/h1/P1", "3RC") == with_hashlib
    finally:
        commit._native_sha256, commit._hash_new = saved


def test_circuitpythons_hashlib_with_new_alone_seals_alike():
    if commit._hash_new is None:
        return  # MicroPython's hashlib has sha256() and no new(): nothing to compare
    salt = bytes(range(16))
    with_sha256 = commit.digest(salt, "guess-my-card/h1/P1", "3RC")
    saved = commit._native_sha256
    commit._native_sha256 = None  # CircuitPython's hashlib has no sha256, only new()
    try:
        assert commit.digest(salt, "guess-my-card/h1/P1", "3RC") == with_sha256
        assert commit.KeyedSalts(b"k" * 16).next32() == _salts_word(with_native=saved)
    finally:
        commit._native_sha256 = saved


def _salts_word(with_native):
    saved = commit._native_sha256
    commit._native_sha256 = with_native
    try:
        return commit.KeyedSalts(b"k" * 16).next32()
    finally:
        commit._native_sha256 = saved


def test_a_vault_empties_when_revealed():
    vault = commit.Vault(Rng(3))
    vault.seal("x/h1/P1", "3RC", 0)
    assert len(vault) == 1
    assert len(vault.reveal()) == 1
    assert len(vault) == 0 and vault.reveal() == []


def test_a_rewound_tape_gives_the_same_salts_then_goes_on():
    tape = commit.Tape(Rng(8))
    first = [tape.next32() for _ in range(6)]
    again = tape.rewound()
    assert [again.next32() for _ in range(6)] == first
    fresh = Rng(8)
    assert first == [fresh.next32() for _ in range(6)]
    assert again.next32() == fresh.next32(), "then the source goes on"


def _word_bytes(words):
    out = bytearray()
    for w in words:
        out.extend(bytes(((w >> 24) & 0xFF, (w >> 16) & 0xFF, (w >> 8) & 0xFF, w & 0xFF)))
    return bytes(out)


def test_salts_as_bytes_are_the_words_bytes():
    # The board takes a salt's bytes (next_bytes) rather than its words: the same salt.
    keyed = commit.KeyedSalts(b"k" * 16)
    words = [keyed.next32() for _ in range(20)]  # across the 8-word blocks
    assert commit.KeyedSalts(b"k" * 16).next_bytes(80) == _word_bytes(words)
    tape = commit.Tape(commit.KeyedSalts(b"k" * 16))
    salts = [_word_bytes(words[i : i + 4]) for i in range(0, 20, 4)]
    assert [commit.new_salt(tape) for _ in range(5)] == salts
    assert commit.new_salt(commit.Tape(Rng(5))) == commit.new_salt(Rng(5))
    again = tape.rewound()
    assert again.next32() == words[0] and commit.new_salt(again) == _word_bytes(words[1:5])
