"""The table's devices on the emulated board, through the models in tests/board/devices/
(skipped, with the reason, where a model is not there yet)."""

import pathlib

import pytest

RUNNING = r"topper: running|code\.py \|"
DEVICES = pathlib.Path(__file__).resolve().parent / "devices"


def needs(*models):
    """Skips before any board boots when a model's module is not there."""
    missing = [m for m in models if not (DEVICES / (m + ".mjs")).is_file()]
    why = "no %s model in tests/board/devices/" % ", ".join(missing)
    return pytest.mark.skipif(bool(missing), reason=why)


def have(board, model):
    """Skips when the board was built without the model (not fitted, say)."""
    if model not in board.status()["devices"]:
        pytest.skip("no %s on this board" % model)


@needs("i2c", "ssd1306")
def test_the_menu_is_on_the_oled(board):
    have(board, "ssd1306")
    board.run_ms(300)  # the first frames
    f = board.oled_frame()
    assert f.on and f.updates >= 1
    assert 500 < f.lit() < 128 * 64 - 500  # a drawn screen, neither blank nor all lit
    assert board.request({"cmd": "hello"})["mode"] == "menu"  # no "no screen" notice


@needs("neopixel")
def test_a_game_start_lights_the_ring(board):
    have(board, "neopixel")
    assert board.request({"cmd": "setup", "seats": 2})["k"] == "ok"
    board.press(1, hold_ms=80)
    board.data_until(lambda o: o.get("ev") == "start", timeout_ms=2000)
    board.run_ms(100)
    assert any(any(p) for p in board.ring())


@needs("buzzer")
def test_the_buzzer_reports_its_pwm(board):
    have(board, "buzzer")
    b = board.buzzer()
    assert {"freqHz", "duty", "on", "history"} <= set(b)


@needs("i2c", "fram")
def test_a_fram_is_found_and_kept_through_a_power_cut(board_factory):
    b = board_factory()
    b.boot(fram=32768)
    have(b, "fram")
    b.console_until(RUNNING, timeout_ms=15000, regex=True)
    assert b.request({"cmd": "hello"}, timeout_ms=15000)["journal"] == "fram"
    before = b.cmd("fram")["hex"]
    b.cut()
    b.boot()
    assert b.cmd("fram")["hex"] == before
