"""`topper backup` and `topper restore` (and the backup `topper flash` offers): a board's
settings.toml from a folder standing in for its CIRCUITPY drive, its deck maps and game
save over the data port of the real device app on the fakes (the link's ``mem``)."""

import json
import pathlib
import sys
import zipfile

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import fakes  # noqa: E402
from _link_fakes import boot  # noqa: E402
from _turn_steps import choose  # noqa: E402
from test_flash import make_drive, make_firmware  # noqa: E402
from topper_host import backup, cli, cmd_backup, serial_link  # noqa: E402

SETTINGS = b'TOPPER_SEATS = 3\nTOPPER_GAME = "tripp"\n'


class AppPort:
    """The host's end of the data port: what it writes reaches the app's session, and
    each read lets the app run 20 ms."""

    def __init__(self, rig, app, port):
        self.rig, self.app, self.port = rig, app, port

    @property
    def in_waiting(self):
        return len(self.port.from_device)

    def read(self, n=1):
        self.rig.run(self.app, self.rig.now + 20)
        data = bytes(self.port.from_device[:n])
        del self.port.from_device[:n]
        return data

    def write(self, data):
        self.port.to_device += data
        return len(data)

    def close(self):
        pass


@pytest.fixture
def board(monkeypatch, tmp_path):
    """A booted board with both decks enrolled and a drive; the link found by --port."""
    rig, app, port, settings, code = boot({"TOPPER_CARDPAD": 1})
    from fakes.scenario import put_map

    put_map(rig, "standard", 0, 1, [bytes([4, 0x5D, 0, c, 0x1C, 0x77, 0x80]) for c in range(52)])
    rig.nvm.data[1000:1010] = b"0123456789"  # bytes of the game save's store
    app.decks_changed()
    drive = make_drive(tmp_path)
    (drive / "settings.toml").write_bytes(SETTINGS)
    state = {"app": app}
    monkeypatch.setattr(cmd_backup, "open_port", lambda name: AppPort(rig, state["app"], port))
    monkeypatch.setattr(serial_link, "find_port", lambda: "fake")
    yield rig, state, drive, code
    fakes.uninstall()


def test_a_backup_holds_the_settings_the_maps_and_the_save_and_comes_back(board, tmp_path, capsys):
    rig, state, drive, code = board
    out = tmp_path / "b.zip"
    assert cli.main(["backup", "--drive", str(drive), "--port", "fake", "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert "settings (%d bytes), deck maps (768 bytes), game save (3328 bytes)" % len(SETTINGS) in said
    with zipfile.ZipFile(out) as z:
        manifest = json.loads(z.read("backup.json"))
        assert manifest["format"] == "topper-backup" and manifest["version"] == 1
        assert manifest["board"]["journal"] == "nvm"
        assert z.read("settings.toml") == SETTINGS
        assert z.read("deck-maps.bin") == bytes(rig.nvm.data[0:768])
        assert z.read("game-save.bin") == bytes(rig.nvm.data[768:4096])
    # A new board (the old one lost): nothing enrolled, a drive without settings.
    kept = bytes(rig.nvm.data)
    rig.nvm.data[:] = b"\xff" * 4096
    (drive / "settings.toml").unlink()
    state["app"] = code.make_app({"TOPPER_CARDPAD": 1}.get, rig.now)
    rig.run(state["app"], rig.now + 100)
    assert cli.main(["restore", str(out), "--drive", str(drive)]) == 0
    said = capsys.readouterr().out
    assert "reset the board" in said, said
    assert bytes(rig.nvm.data) == kept
    assert (drive / "settings.toml").read_bytes() == SETTINGS
    assert state["app"].menu.decks_word() == "TT std"  # the menu knows the decks at once


def test_the_drive_alone_and_the_port_alone(board, tmp_path, capsys):
    rig, state, drive, code = board
    assert cli.main(["backup", "--drive", str(drive), "-o", str(tmp_path / "d.zip")]) == 0
    assert cli.main(["backup", "--port", "fake", "-o", str(tmp_path / "p.zip")]) == 0
    assert list(backup.load(tmp_path / "p.zip").parts) == ["deck-maps.bin", "game-save.bin"]


def test_restore_refuses_a_file_it_cannot_read_with_one_line_and_changes_nothing(board, tmp_path, capsys):
    rig, state, drive, code = board
    before = bytes(rig.nvm.data)
    bad = {
        "notzip": (b"hello", "not a zip file"),
        "nomanifest": ({"x.txt": b"1"}, "not a Topper Table backup (no backup.json in it)"),
        "other": ({"backup.json": b'{"format":"else"}'}, "its backup.json says another format"),
        "future": ({"backup.json": b'{"format":"topper-backup","version":2,"parts":[]}'},
                   "backup version 2: this topper reads version 1"),
        "missing": ({"backup.json": b'{"format":"topper-backup","version":1,"parts":["deck-maps.bin"]}'},
                    "deck-maps.bin is listed but not in the file"),
    }
    for name, (content, why) in bad.items():
        path = tmp_path / (name + ".zip")
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            with zipfile.ZipFile(path, "w") as z:
                for part, data in content.items():
                    z.writestr(part, data)
        assert cli.main(["restore", str(path), "--drive", str(drive)]) == 2
        out = capsys.readouterr().out.strip().splitlines()
        assert len(out) == 1 and why in out[0], (name, out)
    assert bytes(rig.nvm.data) == before and (drive / "settings.toml").read_bytes() == SETTINGS


def test_a_board_playing_a_game_keeps_it_and_the_restore_says_so(board, tmp_path, capsys):
    rig, state, drive, code = board
    out = tmp_path / "b.zip"
    assert cli.main(["backup", "--port", "fake", "-o", str(out)]) == 0
    rig.nvm.data[20] ^= 1  # a map that differs from the backup's
    before = bytes(rig.nvm.data[0:768])
    choose(rig, state["app"], "TRIPP JOKES")
    assert state["app"].ref is not None
    capsys.readouterr()
    assert cli.main(["restore", str(out)]) == 2
    said = capsys.readouterr().out
    assert "deck maps not put back: the board refused the maps: the table is busy (game)" in said, said
    assert bytes(rig.nvm.data[0:768]) == before


def test_flash_takes_the_backup_asked_for_first_and_says_so_when_it_is_not_asked(board, tmp_path, capsys):
    rig, state, drive, code = board
    fw = make_firmware(tmp_path)
    out = tmp_path / "before-flash.zip"
    argv = ["flash", "--drive", str(drive), "--firmware", str(fw), "--no-libs"]
    assert cli.main(argv + ["--backup", str(out)]) == 0
    b = backup.load(out)
    assert b.parts["settings.toml"] == SETTINGS and b.parts["deck-maps.bin"] == bytes(rig.nvm.data[0:768])
    capsys.readouterr()
    assert cli.main(argv) == 0  # stdin is no terminal here: no question, one line
    assert "no backup taken (stdin is not a terminal" in capsys.readouterr().out
    # A backup asked for that cannot be written: nothing is flashed.
    (drive / "code.py").write_text("kept")
    assert cli.main(argv + ["--force", "--backup", str(tmp_path / "no" / "such" / "b.zip")]) == 2
    assert (drive / "code.py").read_text() == "kept"
