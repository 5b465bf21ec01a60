"""The link's ``mem`` command: a backup reads the deck maps and the game save in
pieces, a restore writes them back, and every bad request gets one error line and
changes nothing."""

from _link import ask, session


def test_a_backup_reads_an_area_in_pieces_that_join_to_its_bytes():
    table, s = session()
    got = bytearray()
    at = 0
    while True:
        r = ask(s, '{"cmd":"mem","area":"maps","at":%d,"id":4}' % at)[0]
        assert r["k"] == "mem" and r["size"] == 768 and r["at"] == at and r["id"] == 4
        piece = bytes.fromhex(r["data"])
        assert 0 < len(piece) <= 256 or at == 768
        got += piece
        at += len(piece)
        if not piece or at == r["size"]:
            break
    assert got == table.areas["maps"]
    r = ask(s, '{"cmd":"mem","area":"save","at":90,"n":50}')[0]
    assert bytes.fromhex(r["data"]) == b"\xff" * 10  # no further than the end


def test_a_restore_writes_a_piece_in_the_menu_only():
    table, s = session()
    assert ask(s, '{"cmd":"mem","area":"save","at":10,"data":"00ab","id":2}') == [{"k": "ok", "id": 2}]
    assert table.areas["save"][8:14] == b"\xff\xff\x00\xab\xff\xff"
    table.mode = "game"
    r = ask(s, '{"cmd":"mem","area":"save","at":0,"data":"0102"}')
    assert r == [{"k": "error", "msg": "the table is busy (game): restore from its menu"}]
    assert table.areas["save"][0:2] == b"\xff\xff"


def test_bad_requests_get_one_line_and_change_nothing():
    table, s = session()
    before = {k: bytes(v) for k, v in table.areas.items()}
    for line, msg in (
        ('{"cmd":"mem","area":"flash"}', "area must be one of maps, save"),
        ('{"cmd":"mem","area":"save","data":"xyz1"}', "data must be 1 to 64 bytes in hex"),
        ('{"cmd":"mem","area":"save","data":"abc"}', "data must be 1 to 64 bytes in hex"),
        ('{"cmd":"mem","area":"save","data":""}', "data must be 1 to 64 bytes in hex"),
        ('{"cmd":"mem","area":"save","data":"%s"}' % ("00" * 65), "data must be 1 to 64 bytes in hex"),
        ('{"cmd":"mem","area":"save","at":99,"data":"0000"}', "data past the end of save (100 bytes)"),
        ('{"cmd":"mem","area":"save","at":101}', "at must be a whole number from 0 to 100"),
        ('{"cmd":"mem","area":"maps","n":0}', "n must be a whole number from 1 to 256"),
        ('{"cmd":"mem","area":"maps","colour":1}', "unknown field 'colour' for mem"),
    ):
        assert ask(s, line) == [{"k": "error", "msg": msg}], line
    assert {k: bytes(v) for k, v in table.areas.items()} == before
