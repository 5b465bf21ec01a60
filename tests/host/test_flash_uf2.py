"""`topper flash --uf2`: the image goes onto the RP2040's bootloader drive, and nowhere
else. Each refusal must leave the target folder exactly as it was."""

import struct

import pytest

from topper_host import boards, cli, origin, uf2

RP2040_FAMILY = boards.load(origin.firmware(), "raspberry_pi_pico").flash["uf2_family"]
RP2350_FAMILY = boards.load(origin.firmware(), "raspberry_pi_pico2").flash["uf2_family"]


def uf2_file(path, family=RP2040_FAMILY, blocks=3, addr=0x10000000):
    out = bytearray()
    for n in range(blocks):
        head = struct.pack(
            "<8I", uf2.MAGIC0, uf2.MAGIC1, uf2.FLAG_FAMILY, addr + 256 * n, 256, n, blocks, family
        )
        out += head + bytes(476) + struct.pack("<I", uf2.MAGIC_END)
    path.write_bytes(bytes(out))
    return path


def boot_drive(path, board_id="RPI-RP2"):
    path.mkdir(exist_ok=True)
    (path / "INFO_UF2.TXT").write_text(
        f"UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: {board_id}\n"
    )
    (path / "INDEX.HTM").write_text("<html></html>")
    return path


def listing(folder):
    return sorted((p.name, p.read_bytes()) for p in folder.iterdir())


def flash(*argv):
    return cli.main(["flash", *argv])


def test_image_lands_on_the_bootloader_drive(tmp_path, capsys):
    image = uf2_file(tmp_path / "topper.uf2")
    drive = boot_drive(tmp_path / "RPI-RP2")
    assert flash("--uf2", str(image), "--drive", str(drive)) == 0
    assert (drive / "topper.uf2").read_bytes() == image.read_bytes()
    assert "restarts into Topper Table" in capsys.readouterr().out


@pytest.mark.parametrize(
    "make_target, words",
    [
        (lambda p: p.mkdir() or p, "not a UF2 bootloader drive: no INFO_UF2.TXT"),
        (
            lambda p: (p.mkdir(), (p / "boot_out.txt").write_text("Adafruit CircuitPython 10"))[0] or p,
            "running board's drive: hold BOOTSEL",
        ),
        (lambda p: boot_drive(p, "RP2350"), "bootloader of a RP2350 board"),
    ],
    ids=["plain folder", "CIRCUITPY drive", "RP2350 bootloader"],
)
def test_refuses_a_drive_that_is_not_an_rp2040_bootloader(tmp_path, capsys, make_target, words):
    image = uf2_file(tmp_path / "topper.uf2")
    target = make_target(tmp_path / "target")
    before = listing(target)
    assert flash("--uf2", str(image), "--drive", str(target)) == 2
    out = capsys.readouterr().out
    assert words in out and out.count("\n") <= 2
    assert listing(target) == before


@pytest.mark.parametrize(
    "content, words",
    [
        (b"not a uf2 at all\n", "not a whole number of 512-byte blocks"),
        (bytes(1024), "has no UF2 magic numbers"),
    ],
)
def test_refuses_a_file_that_is_not_a_uf2(tmp_path, capsys, content, words):
    bad = tmp_path / "bad.uf2"
    bad.write_bytes(content)
    drive = boot_drive(tmp_path / "RPI-RP2")
    before = listing(drive)
    assert flash("--uf2", str(bad), "--drive", str(drive)) == 2
    assert words in capsys.readouterr().out
    assert listing(drive) == before


def test_refuses_an_image_for_another_chip(tmp_path, capsys):
    image = uf2_file(tmp_path / "rp2350.uf2", family=RP2350_FAMILY)
    drive = boot_drive(tmp_path / "RPI-RP2")
    assert flash("--uf2", str(image), "--drive", str(drive)) == 2
    out = capsys.readouterr().out
    assert "the bootloader of a RPI-RP2 board; this image is for RP2350" in out
    assert "topper-table-raspberry_pi_pico.uf2" in out  # which one to pass instead
    assert not (drive / "rp2350.uf2").exists()


def test_refuses_an_image_for_a_chip_no_board_has(tmp_path, capsys):
    image = uf2_file(tmp_path / "esp.uf2", family=0x12345678)
    drive = boot_drive(tmp_path / "RPI-RP2")
    assert flash("--uf2", str(image), "--drive", str(drive)) == 2
    assert "not a UF2 for RP2350 or RPI-RP2 (family 0x12345678)" in capsys.readouterr().out
    assert listing(drive) == listing(boot_drive(tmp_path / "again"))


def test_an_rp2350_drive_gets_the_pico_2_image_when_none_is_named(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "build").mkdir()
    uf2_file(tmp_path / "build" / "topper-table-raspberry_pi_pico.uf2", blocks=2)
    pico2 = uf2_file(tmp_path / "build" / "topper-table-raspberry_pi_pico2.uf2", family=RP2350_FAMILY)
    drive = boot_drive(tmp_path / "RP2350", board_id="RP2350")
    assert flash("--uf2", "--drive", str(drive)) == 0
    assert "an RP2350 bootloader: taking build/topper-table-raspberry_pi_pico2.uf2" in capsys.readouterr().out
    assert (drive / pico2.name).read_bytes() == pico2.read_bytes()
    assert not (drive / "topper-table-raspberry_pi_pico.uf2").exists()


def test_an_rp2350_drive_without_its_image_is_told_which_to_pass(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "build").mkdir()
    uf2_file(tmp_path / "build" / "topper-table-raspberry_pi_pico.uf2")
    drive = boot_drive(tmp_path / "RP2350", board_id="RP2350")
    assert flash("--uf2", "--drive", str(drive)) == 2
    out = capsys.readouterr().out
    assert "bootloader of a RP2350 board; this image is for RPI-RP2" in out
    assert "pass --uf2 with its image (topper-table-raspberry_pi_pico2.uf2)" in out
    assert listing(drive) == listing(boot_drive(tmp_path / "again", board_id="RP2350"))


def test_a_missing_image_says_how_to_build_it(tmp_path, capsys):
    drive = boot_drive(tmp_path / "RPI-RP2")
    assert flash("--uf2", str(tmp_path / "none.uf2"), "--drive", str(drive)) == 2
    out = capsys.readouterr().out
    assert "cannot read" in out and "scripts/build-firmware" in out
    assert "Traceback" not in out
    assert len(out.splitlines()) == 1


def test_a_wrong_image_path_is_named_before_any_drive_is_looked_for(tmp_path, capsys, monkeypatch):
    from topper_host import bootdrive

    looked = []
    monkeypatch.setattr(bootdrive, "find", lambda explicit=None: looked.append(explicit))
    assert flash("--uf2", str(tmp_path / "typo.uf2")) == 2
    out = capsys.readouterr().out
    assert "typo.uf2" in out and len(out.splitlines()) == 1
    assert looked == []


def test_dry_run_checks_but_writes_nothing(tmp_path, capsys):
    image = uf2_file(tmp_path / "topper.uf2")
    drive = boot_drive(tmp_path / "RPI-RP2")
    before = listing(drive)
    assert flash("--uf2", str(image), "--drive", str(drive), "--dry-run") == 0
    assert listing(drive) == before
    assert "3 blocks" in capsys.readouterr().out


def test_the_bootloader_drive_is_found_among_mounts(tmp_path):
    from topper_host import bootdrive

    media = tmp_path / "media"
    media.mkdir()
    boot_drive(media / "RPI-RP2")
    (media / "CIRCUITPY").mkdir()
    found = bootdrive.find(patterns=(str(media / "RPI-RP2*"), str(media / "CIRCUITPY*")), mounts_file="/nope")
    assert found == media / "RPI-RP2"
    boot_drive(media / "RPI-RP21")
    with pytest.raises(bootdrive.BootDriveError, match="several RP2350 or RPI-RP2 drives"):
        bootdrive.find(patterns=(str(media / "RPI-RP2*"),), mounts_file="/nope")


def test_uf2_reader_reports_what_lands_where(tmp_path):
    image = uf2.read(uf2_file(tmp_path / "a.uf2", blocks=4))
    assert image.blocks == 4 and image.family == RP2040_FAMILY
    assert image.spans == [(0, 1024)]
    assert image.bytes_below(512) == 512
    assert not image.writes_at_or_above(0x100000)
