"""The firmware image's build steps that run in seconds: staging what is frozen, the
cache key, refusing code that does not compile (with its file and line), and adding
the drive. The CircuitPython build itself runs in `bash scripts/test` (step firmware),
and tests/board boots what it made."""

import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from topper_host import boards, image_build, origin, uf2

FIRMWARE = origin.firmware()
RP2040_FAMILY = boards.load(FIRMWARE, "raspberry_pi_pico").flash["uf2_family"]


@pytest.fixture
def firmware(tmp_path):
    """A copy of the firmware folder the test may break."""
    fw = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, fw, ignore=shutil.ignore_patterns("__pycache__"))
    return fw


def staged(fw, dest):
    cfg = image_build.load_config(fw)
    image_build.stage(fw, cfg, dest)
    return cfg


def test_stage_freezes_our_packages_and_the_libraries_and_keeps_the_drive_apart(firmware, tmp_path):
    cfg = staged(firmware, tmp_path / "stage")
    frozen = tmp_path / "stage" / "frozen"
    for name in ("topper", "topper_view", "topper_hw", "topper_app"):
        assert (frozen / name / "__init__.py").is_file()
    assert (frozen / "topper_app" / "main.py").is_file()
    for module in cfg.libraries:
        assert (frozen / module).is_dir() or (frozen / (module + ".py")).is_file(), module
    assert sorted(p.name for p in (tmp_path / "stage" / "drive").iterdir()) == [
        "boot.py",
        "code.py",
        "settings.toml",
    ]
    # nothing of the drive is frozen, and no library of the drive's lib/ either
    assert not (frozen / "code.py").exists() and not (frozen / "settings.toml").exists()
    # CircuitPython's freezing step runs `git describe` where a file has a __version__
    tag = subprocess.run(["git", "-C", str(frozen), "describe", "--tags"], capture_output=True, text=True)
    assert tag.returncode == 0 and tag.stdout.strip()


def test_the_key_follows_the_frozen_code_and_not_the_drive(firmware, tmp_path):
    cfg = staged(firmware, tmp_path / "a")
    key_a = image_build.image_key(tmp_path / "a" / "frozen", cfg, None)
    (firmware / "settings.toml").write_text((firmware / "settings.toml").read_text() + "\nTOPPER_SEATS = 6\n")
    staged(firmware, tmp_path / "b")
    assert image_build.image_key(tmp_path / "b" / "frozen", cfg, None) == key_a
    cards = firmware / "lib" / "topper" / "cards.py"
    cards.write_text(cards.read_text() + "\n# changed\n")
    staged(firmware, tmp_path / "c")
    assert image_build.image_key(tmp_path / "c" / "frozen", cfg, None) != key_a
    cfg.off["CIRCUITPY_KEYPAD_DEMUX"] = "not ours"
    assert image_build.image_key(tmp_path / "b" / "frozen", cfg, None) != key_a


def test_the_key_follows_our_c_modules_and_not_the_checkouts_place(firmware, tmp_path):
    cfg = staged(firmware, tmp_path / "a")
    assert cfg.c_modules == (firmware / "cmod").resolve()
    key_a = image_build.image_key(tmp_path / "a" / "frozen", cfg, None)
    # the same tree cloned elsewhere: the same key (CI builds from fresh clones)
    other = tmp_path / "elsewhere" / "firmware"
    shutil.copytree(firmware, other)
    cfg_other = staged(other, tmp_path / "b")
    assert image_build.image_key(tmp_path / "b" / "frozen", cfg_other, None) == key_a
    # a change to the C, or a new file beside it, builds again
    source = firmware / "cmod" / "slapgate" / "slapgate.c"
    source.write_text(source.read_text() + "\n// changed\n")
    assert image_build.image_key(tmp_path / "a" / "frozen", cfg, None) != key_a
    source.write_text(source.read_text().removesuffix("\n// changed\n"))
    assert image_build.image_key(tmp_path / "a" / "frozen", cfg, None) == key_a
    (firmware / "cmod" / "slapgate" / "extra.h").write_text("#define X 1\n")
    assert image_build.image_key(tmp_path / "a" / "frozen", cfg, None) != key_a


def _make_calls(monkeypatch, tmp_path):
    """Runs build_circuitpython up to make, and records what make would have been given."""
    monkeypatch.setenv("TOPPER_CACHE", str(tmp_path / "cache"))
    calls = []

    def fake_run(cmd, env=None, **kw):
        calls.append((cmd, env))
        return subprocess.CompletedProcess(cmd, 1, "", "stopped by the test")

    monkeypatch.setattr(image_build.subprocess, "run", fake_run)
    return calls


def test_make_gets_the_c_modules_from_a_fixed_place_in_the_build_tree(firmware, tmp_path, monkeypatch):
    calls = _make_calls(monkeypatch, tmp_path)
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    (bundle / image_build.BUILD_UF2).write_text("")
    (bundle / "circuitpython-1-rp2-src.tar.xz").write_text("")
    trees = []
    for place in ("one", "two"):
        fw = tmp_path / place / "firmware"
        shutil.copytree(firmware, fw)
        cfg = image_build.load_config(fw)
        cfg.patches = []  # (the empty tarball has nothing to patch: see the patch tests)
        with pytest.raises(image_build.ImageError, match="stopped by the test"):
            image_build.build_circuitpython(cfg, tmp_path / "frozen", bundle, tmp_path / "out", print)
        cmd, env = calls[-1]
        tree = Path(cmd[3])
        trees.append(tree)
        usercmod = tree / image_build.USERCMOD
        assert f"USER_C_MODULES={usercmod}" in env["EXTRA_MAKE_ARGS"].split()
        assert "CIRCUITPY_ULAB=0" in env["EXTRA_MAKE_ARGS"].split()
        assert (usercmod / "slapgate" / "slapgate.c").read_bytes() == (
            fw / "cmod" / "slapgate" / "slapgate.c"
        ).read_bytes()
    # the tree's name does not depend on where the checkout is
    assert trees[0] == trees[1]
    # a module removed from the firmware is removed from the tree
    shutil.rmtree(tmp_path / "two" / "firmware" / "cmod" / "slapgate" / "__pycache__", ignore_errors=True)
    (tmp_path / "two" / "firmware" / "cmod" / "gone").mkdir()
    (tmp_path / "two" / "firmware" / "cmod" / "gone" / "micropython.mk").write_text("")
    cfg = image_build.load_config(tmp_path / "two" / "firmware")
    cfg.patches = []
    with pytest.raises(image_build.ImageError):
        image_build.build_circuitpython(cfg, tmp_path / "frozen", bundle, tmp_path / "out", print)
    assert (trees[0] / image_build.USERCMOD / "gone").is_dir()
    shutil.rmtree(tmp_path / "two" / "firmware" / "cmod" / "gone")
    with pytest.raises(image_build.ImageError):
        image_build.build_circuitpython(cfg, tmp_path / "frozen", bundle, tmp_path / "out", print)
    assert not (trees[0] / image_build.USERCMOD / "gone").exists()


def test_the_git_path_gets_the_c_modules_too(firmware, tmp_path, monkeypatch):
    calls = _make_calls(monkeypatch, tmp_path)
    cfg = image_build.load_config(firmware)
    with pytest.raises(image_build.ImageError, match="stopped by the test"):
        image_build.build_circuitpython(cfg, tmp_path / "frozen", None, tmp_path / "out", print)
    cmd, env = calls[-1]
    tree = Path(cmd[5])
    assert cmd[1].endswith("circuitpython-from-git")
    assert f"USER_C_MODULES={tree / image_build.USERCMOD}" in cmd[7:]
    assert (tree / image_build.USERCMOD / "slapgate" / "micropython.mk").is_file()
    # the clone gets our patches, one path a line
    assert env["TOPPER_PATCHES"].splitlines() == [str(p) for p in cfg.patches]
    assert cfg.patches and all(p.parent == (firmware / "patches").resolve() for p in cfg.patches)


# ----- our fixes to CircuitPython's source ------------------------------------------


def _source_bundle(tmp_path, text):
    """A bundle whose tarball holds one file, py/gc.c, under a top folder."""
    bundle = tmp_path / "bundle"
    (bundle / "top" / "py").mkdir(parents=True)
    (bundle / "top" / "py" / "gc.c").write_text(text)
    (bundle / image_build.BUILD_UF2).write_text("")
    tarball = bundle / "circuitpython-1-rp2-src.tar.xz"
    subprocess.run(["tar", "-cJf", str(tarball), "-C", str(bundle), "top"], check=True)
    return bundle


def _patch(folder, name, old, new):
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(
        f"--- a/py/gc.c\n+++ b/py/gc.c\n@@ -1,2 +1,2 @@\n int a;\n-{old}\n+{new}\n"
    )


def _build_until_make(cfg, bundle, tmp_path, monkeypatch):
    """Runs build_circuitpython with make (build-uf2) stopped; returns the tree."""
    monkeypatch.setenv("TOPPER_CACHE", str(tmp_path / "cache"))
    real_run = subprocess.run
    made = []

    def run(cmd, **kw):
        if cmd[0] == "bash":  # build-uf2: what it would build is what the test reads
            made.append(Path(cmd[3]))
            return subprocess.CompletedProcess(cmd, 1, "", "stopped by the test")
        return real_run(cmd, **kw)

    monkeypatch.setattr(image_build.subprocess, "run", run)
    with pytest.raises(image_build.ImageError, match="stopped by the test"):
        image_build.build_circuitpython(cfg, tmp_path / "frozen", bundle, tmp_path / "out", print)
    return made[-1]


def test_our_patches_are_applied_to_the_source_before_it_is_built(firmware, tmp_path, monkeypatch):
    bundle = _source_bundle(tmp_path, "int a;\nint b = 0;\n")
    _patch(firmware / "patches", "0002-b.patch", "int b = 0;", "int b = 1;")
    cfg = image_build.load_config(firmware)
    cfg.patches = [firmware / "patches" / "0002-b.patch"]
    tree = _build_until_make(cfg, bundle, tmp_path, monkeypatch)
    src = tree / "work" / "src"
    assert (src / "py" / "gc.c").read_text() == "int a;\nint b = 1;\n"
    # build-uf2 extracts only into a tree without this mark: it builds what was patched
    assert (src / ".extracted").is_file()
    # another patch is another tree, and another image
    key = image_build.image_key(tmp_path / "frozen", cfg, bundle)
    _patch(firmware / "patches", "0002-b.patch", "int b = 0;", "int b = 2;")
    other = _build_until_make(cfg, bundle, tmp_path, monkeypatch)
    assert other != tree
    assert (other / "work" / "src" / "py" / "gc.c").read_text() == "int a;\nint b = 2;\n"
    assert image_build.image_key(tmp_path / "frozen", cfg, bundle) != key


def test_a_patch_that_does_not_apply_stops_the_build_with_its_name(firmware, tmp_path, monkeypatch):
    bundle = _source_bundle(tmp_path, "int a;\nint b = 0;\n")
    _patch(firmware / "patches", "0002-b.patch", "int c = 0;", "int c = 1;")
    cfg = image_build.load_config(firmware)
    cfg.patches = [firmware / "patches" / "0002-b.patch"]
    monkeypatch.setenv("TOPPER_CACHE", str(tmp_path / "cache"))
    refused = "^0002-b.patch does not apply to CircuitPython's source: "
    with pytest.raises(image_build.ImageError, match=refused) as e:
        image_build.build_circuitpython(cfg, tmp_path / "frozen", bundle, tmp_path / "out", print)
    assert "\n" not in str(e.value)


def test_the_firmware_patches_apply_to_the_offline_source(tmp_path):
    """Each of firmware/patches applies to the CircuitPython source the image is built
    from (the build itself runs in scripts/test's firmware step)."""
    bundle = image_build.circuitpython_bundle(FIRMWARE)
    if bundle is None:
        pytest.skip("no offline CircuitPython bundle here")
    cfg = image_build.load_config(FIRMWARE)
    assert [p.name for p in cfg.patches] == sorted(p.name for p in (FIRMWARE / "patches").glob("*.patch"))
    src = tmp_path / "src"
    image_build._patched_source(image_build._tarball(bundle), src, cfg.patches)
    gc_c = (src / "py" / "gc.c").read_text()
    assert "last_used_block == 0 && ATB_GET_KIND(area, 0) == AT_FREE" in gc_c


def test_a_c_modules_folder_without_a_module_is_refused(firmware):
    toml = firmware / "image.toml"
    toml.write_text(toml.read_text().replace('c_modules = "cmod"', 'c_modules = "nowhere"'))
    with pytest.raises(image_build.ImageError, match="holds no <module>/micropython.mk"):
        image_build.load_config(firmware)


def test_a_module_that_does_not_compile_stops_the_build_with_its_file_and_line(firmware, tmp_path):
    bad = firmware / "lib" / "topper" / "cards.py"
    lines = bad.read_text().splitlines()
    lines.insert(11, "def broken(:")
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(image_build.ImageError) as e:
        staged(firmware, tmp_path / "stage")
    assert str(e.value).startswith(f"{bad}:12: ")


def test_a_circuitpython_compile_error_names_our_file():
    frozen = "/cache/stage/frozen"
    log = (
        "FREEZE /cache/stage/frozen\n"
        f'  File "{frozen}/topper/cards.py", line 40\n'
        "SyntaxError: invalid syntax\n"
        "make: *** [frozen_content.c] Error 1\n"
    )
    proc = subprocess.CompletedProcess([], 2, stdout=log, stderr="")
    text = image_build._build_failure(proc, image_build.Path("/nope"), image_build.Path(frozen))
    assert text.startswith("firmware/lib/topper/cards.py:40: does not compile for CircuitPython")
    assert "SyntaxError" in text


def test_settings_errors_are_one_clear_line(tmp_path):
    with pytest.raises(image_build.ImageError, match="image.toml not found"):
        image_build.load_config(tmp_path)
    (tmp_path / "image.toml").write_text('board = "x"\n')
    with pytest.raises(image_build.ImageError, match="missing setting 'circuitpython_repo'"):
        image_build.load_config(tmp_path)


def test_combine_puts_the_drive_at_its_flash_offset(firmware, tmp_path):
    cfg = staged(firmware, tmp_path / "stage")
    fw = tmp_path / "fw.uf2"
    block = struct.pack(
        "<8I", uf2.MAGIC0, uf2.MAGIC1, uf2.FLAG_FAMILY, uf2.XIP_BASE, 256, 0, 1, RP2040_FAMILY
    )
    fw.write_bytes(block + bytes(476) + struct.pack("<I", uf2.MAGIC_END))
    out = tmp_path / "both.uf2"
    image_build.combine(fw, tmp_path / "stage" / "drive", cfg, out)
    image = uf2.read(out)
    assert image.family == RP2040_FAMILY
    assert image.spans[0] == (0, 256)
    assert image.writes_at_or_above(cfg.profile.flash["drive_offset"])
    # the FAT holds our code.py byte for byte
    assert (firmware / "code.py").read_bytes() in out.read_bytes().replace(b"", b"") or _in_blocks(
        out, firmware
    )


def _in_blocks(path, firmware):
    data = path.read_bytes()
    payload_bytes = b"".join(data[i + 32 : i + 32 + 256] for i in range(0, len(data), 512))
    return (firmware / "code.py").read_bytes() in payload_bytes


def test_the_cli_says_what_is_wrong_in_one_line(tmp_path, capsys):
    from topper_host import cli

    assert cli.main(["build", "--firmware", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "image.toml not found" in out


def test_the_report_of_a_built_image(tmp_path):
    """Reading a build's report needs no build: the numbers come from the UF2."""
    fw = tmp_path / "fw.uf2"
    blocks = b""
    for n in range(8):
        head = struct.pack(
            "<8I",
            uf2.MAGIC0,
            uf2.MAGIC1,
            uf2.FLAG_FAMILY,
            uf2.XIP_BASE + 256 * n,
            256,
            n,
            8,
            RP2040_FAMILY,
        )
        blocks += head + bytes(476) + struct.pack("<I", uf2.MAGIC_END)
    fw.write_bytes(blocks)
    use = image_build.flash_use(fw, 1020 * 1024)
    assert use["firmware_bytes"] == 2048
    assert use["flash_free_bytes"] == 1020 * 1024 - 2048
