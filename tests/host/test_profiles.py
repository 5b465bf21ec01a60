"""Board profiles (firmware/boards/, docs/boards.md): each one's facts agree with
CircuitPython's own source for that board, the pieces the build makes from a profile
are the profile (the default board's copies in firmware/ included), a new board needs
only its profile, and the Pico 2's image, where it has been built, is laid out as
CircuitPython's RP2350 build lays it out."""

import re
import shutil
import struct
import tarfile
import tomllib

import pytest

from topper_host import boards, cli, image_build, origin, uf2

FIRMWARE = origin.firmware()
NAMES = boards.names(FIRMWARE)
PORT = "ports/raspberrypi/"


@pytest.fixture(scope="module")
def source():
    """{path under ports/raspberrypi: text} of the files the profiles are read from, out
    of the offline CircuitPython source (skipped where it is absent)."""
    bundle = image_build.circuitpython_bundle(FIRMWARE)
    if bundle is None:
        pytest.skip("no offline CircuitPython source (../shared/circuitpython)")
    wanted = {PORT + "mpconfigport.h", PORT + "Makefile"}
    for name in NAMES:
        wanted |= {f"{PORT}boards/{name}/pins.c", f"{PORT}boards/{name}/mpconfigboard.mk"}
    out = {}
    with tarfile.open(image_build._tarball(bundle)) as tar:
        for member in tar:
            rel = member.name.split("/", 1)[-1]
            if rel in wanted:
                out[rel[len(PORT) :]] = tar.extractfile(member).read().decode()
    return out


def test_the_boards_the_project_supports_have_a_profile():
    assert {"raspberry_pi_pico", "raspberry_pi_pico2", "adafruit_feather_rp2040", "adafruit_kb2040"} <= set(
        NAMES
    )
    # the default board stays the Pico
    assert tomllib.loads((FIRMWARE / "image.toml").read_text())["board"] == "raspberry_pi_pico"


@pytest.mark.parametrize("name", NAMES)
def test_every_pin_is_the_gpio_circuitpythons_board_file_says(name, source):
    p = boards.load(FIRMWARE, name)
    pins_c = source[f"boards/{name}/pins.c"]
    mapped = dict(re.findall(r"MP_QSTR_(\w+)\), MP_ROM_PTR\(&pin_GPIO(\d+)\)", pins_c))
    for pin in p.used_pins():
        assert pin in mapped, f"{name}: board.{pin} does not exist"
        assert int(mapped[pin]) == p.gpio[pin], f"{name}: board.{pin} is GPIO{mapped[pin]}"


@pytest.mark.parametrize("name", NAMES)
def test_the_chip_and_flash_map_are_circuitpythons_for_the_board(name, source):
    p = boards.load(FIRMWARE, name)
    board_mk = source[f"boards/{name}/mpconfigboard.mk"]
    assert re.search(rf"^CHIP_VARIANT = {p.chip}$", board_mk, re.M), f"{name} is no {p.chip}"
    # the UF2 family the port's Makefile gives this chip variant
    makefile = source["Makefile"]
    block = makefile.split(f"ifeq ($(CHIP_VARIANT),{p.chip})", 1)[1].split("endif", 1)[0]
    assert int(re.search(r"UF2_ID = (0x[0-9a-fA-F]+)", block).group(1), 16) == p.flash["uf2_family"]
    # firmware region, nvm and the drive from mpconfigport.h (no board of ours overrides them)
    h = source["mpconfigport.h"]
    firmware_kib = int(re.search(r"define CIRCUITPY_FIRMWARE_SIZE \((\d+) \* 1024\)", h).group(1))
    nvm_kib = int(re.search(r"define CIRCUITPY_INTERNAL_NVM_SIZE\s+\((\d+) \* 1024\)", h).group(1))
    assert "CIRCUITPY_FIRMWARE_SIZE" not in board_mk
    assert p.flash["firmware_region"] == firmware_kib * 1024
    assert p.flash["nvm_bytes"] == nvm_kib * 1024
    assert "CIRCUITPY_CIRCUITPY_DRIVE_START_ADDR (CIRCUITPY_FIRMWARE_SIZE + CIRCUITPY_INTERNAL_NVM_SIZE)" in h
    assert p.flash["drive_offset"] == p.flash["firmware_region"] + p.flash["nvm_bytes"]
    # the flash chips the board may carry (W25Q64 = 64 Mbit = 8 MiB): the drive runs to the end
    devices = re.search(r'EXTERNAL_FLASH_DEVICES = "([^"]+)"', board_mk).group(1).split(",")
    for device in devices:
        mbit = int(re.search(r"Q(\d+)", device).group(1))
        assert mbit * 1024 * 1024 // 8 == p.flash["flash_bytes"], f"{name}: {device}"


def test_the_default_boards_copies_in_firmware_are_its_profile_rendered():
    pico = boards.load(FIRMWARE, "raspberry_pi_pico")
    module = FIRMWARE / "lib" / "topper_hw" / "board_profile.py"
    assert module.read_text() == boards.render_module(pico)
    settings = (FIRMWARE / "settings.toml").read_text()
    assert boards.render_settings(pico, settings) == settings


@pytest.mark.parametrize("name", NAMES)
def test_the_rendered_settings_and_module_say_what_the_profile_says(name):
    p = boards.load(FIRMWARE, name)
    settings = tomllib.loads(boards.render_settings(p, (FIRMWARE / "settings.toml").read_text()))
    module = {}
    exec(boards.render_module(p), module)  # noqa: S102 - our own generated constants
    assert settings["TOPPER_SEAT_PINS"] == module["SEAT_PINS"] == ",".join(p.pins["seats"])
    for role, key in boards.PIN_KEYS.items():
        if role != "seats":
            assert settings[key] == module[key.removeprefix("TOPPER_")] == p.pins[role]
    assert settings["TOPPER_SLAP_GATE"] == int(module["SLAP_GATE"]) == int(p.features["slap_gate"])
    assert module["BOARD"] == name and module["CHIP"] == p.chip


def test_the_pico_2_leaves_the_slap_gate_out():
    cfg = image_build.load_config(FIRMWARE, "raspberry_pi_pico2")
    assert cfg.c_modules is None  # no slapgate.c: its registers are the RP2040's
    assert image_build.load_config(FIRMWARE, "raspberry_pi_pico").c_modules is not None


# ----- a new board: its profile and nothing else ------------------------------------------

NEW = """
title = "Maker Board"
chip = "RP2040"
[pins]
seats = ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8"]
table = "T"
buzzer = "BZ"
sda = "DA"
scl = "CL"
cardpad_reset = "R"
cardpad_irq = "Q"
pixel = "NP"
[gpio]
S1 = 16
S2 = 17
S3 = 18
S4 = 19
S5 = 20
S6 = 21
S7 = 22
S8 = 23
T = 2
BZ = 3
DA = 4
CL = 5
R = 6
Q = 7
NP = 8
[flash]
uf2_family = 0xE48BFF56
boot_drive = "RPI-RP2"
flash_bytes = 4194304
firmware_region = 1044480
nvm_bytes = 4096
drive_offset = 0x100000
[features]
slap_gate = true
pio_capture = true
"""


def _firmware_uf2(path, family):
    head = struct.pack("<8I", uf2.MAGIC0, uf2.MAGIC1, uf2.FLAG_FAMILY, uf2.XIP_BASE, 256, 0, 1, family)
    path.write_bytes(head + bytes(476) + struct.pack("<I", uf2.MAGIC_END))
    return path


def test_a_new_board_is_its_profile_the_build_makes_its_settings_pins_and_drive(tmp_path):
    fw = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, fw, ignore=shutil.ignore_patterns("__pycache__"))
    (fw / "boards" / "maker_board.toml").write_text(NEW)
    cfg = image_build.load_config(fw, "maker_board")
    image_build.stage(fw, cfg, tmp_path / "stage")
    frozen, drive = tmp_path / "stage" / "frozen", tmp_path / "stage" / "drive"
    module = {}
    exec((frozen / "topper_hw" / "board_profile.py").read_text(), module)  # noqa: S102
    assert module["SEAT_PINS"] == "S1,S2,S3,S4,S5,S6,S7,S8" and module["TABLE_PIN"] == "T"
    settings = tomllib.loads((drive / "settings.toml").read_text())
    assert settings["TOPPER_SEAT_PINS"] == "S1,S2,S3,S4,S5,S6,S7,S8"
    assert (settings["TOPPER_SDA"], settings["TOPPER_SCL"], settings["TOPPER_PIXEL_PIN"]) == (
        "DA",
        "CL",
        "NP",
    )
    assert boards.pin_gpio(cfg.profile)["S1"] == 16
    # the drive image at the profile's offset, sized to its 4 MiB flash
    out = tmp_path / "maker.uf2"
    image_build.combine(_firmware_uf2(tmp_path / "fw.uf2", 0xE48BFF56), drive, cfg, out)
    image = uf2.read(out)
    assert image.family == 0xE48BFF56
    drive_start = [start for start, _ in image.spans if start >= 0x100000][0]
    assert drive_start == 0x100000
    boot = _block_at(out, 0x100000)
    assert boot[0] in (0xEB, 0xE9), "no FAT boot sector at the drive offset"
    total = struct.unpack_from("<H", boot, 19)[0] or struct.unpack_from("<I", boot, 32)[0]
    assert total * 512 == 4194304 - 0x100000  # the FAT fills the flash after the drive offset
    # the other firmware files were not touched to add it
    assert sorted(p.name for p in (fw / "boards").iterdir()) == sorted(
        [*(n + ".toml" for n in NAMES), "maker_board.toml"]
    )


def _block_at(path, offset):
    data = path.read_bytes()
    for i in range(0, len(data), 512):
        if struct.unpack_from("<I", data, i + 12)[0] == uf2.XIP_BASE + offset:
            return data[i + 32 : i + 32 + 256]
    raise AssertionError(f"no block at 0x{offset:x}")


@pytest.mark.parametrize(
    "change, says",
    [
        (
            ('seats = ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8"]', 'seats = ["S1", "S2"]'),
            "must list 8 pins",
        ),
        (("S8 = 23", "S8 = 24"), "8 consecutive GPIOs"),
        (('table = "T"', 'table = "S1"'), "pins used twice: S1"),
        (("NP = 8\n", ""), "no [gpio] entry for NP"),
        (("nvm_bytes = 4096\n", ""), "missing 'nvm_bytes'"),
    ],
)
def test_a_profile_that_does_not_hold_together_is_one_clear_line(tmp_path, capsys, change, says):
    fw = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, fw, ignore=shutil.ignore_patterns("__pycache__", "lib"))
    (fw / "boards" / "maker_board.toml").write_text(NEW.replace(*change))
    assert (
        cli.main(["build", "--firmware", str(fw), "--board", "maker_board", "--out", str(tmp_path / "b")])
        == 1
    )
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and says in out, out


def test_an_unknown_board_names_the_profiles_there_are(tmp_path, capsys):
    assert cli.main(["build", "--firmware", str(FIRMWARE), "--board", "nope", "--out", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "no profile for board 'nope'" in out and "adafruit_kb2040" in out


# ----- the Pico 2's image, where it has been built ------------------------------------------

PICO2_UF2 = FIRMWARE.parent / "build" / "topper-table-raspberry_pi_pico2.uf2"


@pytest.mark.skipif(
    not PICO2_UF2.is_file(), reason=f"no {PICO2_UF2}: topper build --board raspberry_pi_pico2"
)
def test_the_pico_2_image_is_laid_out_as_circuitpythons_rp2350_build(source):
    p = boards.load(FIRMWARE, "raspberry_pi_pico2")
    image = uf2.read(PICO2_UF2)
    makefile = source["Makefile"]
    rp2350 = makefile.split("ifeq ($(CHIP_VARIANT),RP2350)", 1)[1].split("endif", 1)[0]
    assert image.family == int(re.search(r"UF2_ID = (0x[0-9a-fA-F]+)", rp2350).group(1), 16)
    region, nvm, offset = p.flash["firmware_region"], p.flash["nvm_bytes"], p.flash["drive_offset"]
    # the firmware from the start of flash, within its region; nothing in the nvm sector
    assert image.spans[0][0] == 0 and 0 < image.bytes_below(region) < region
    assert image.bytes_below(region + nvm) == image.bytes_below(region)
    # the drive's FAT at the drive offset, sized to the Pico 2's 4 MiB
    boot = _block_at(PICO2_UF2, offset)
    assert boot[0] in (0xEB, 0xE9), "no FAT boot sector at the drive offset"
    total = struct.unpack_from("<H", boot, 19)[0] or struct.unpack_from("<I", boot, 32)[0]
    assert total * 512 == p.flash["flash_bytes"] - offset
    assert not image.writes_at_or_above(p.flash["flash_bytes"])
