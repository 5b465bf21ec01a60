"""Power cuts on the emulated board: the flash keeps what was written to it, and the
board boots again from it."""

RUNNING = r"topper: running|code\.py \|"


def test_a_file_written_before_a_power_cut_is_there_after_it(board_factory, tmp_path):
    b = board_factory()
    # The table button held at power-up: boot.py gives the drive to the device.
    b.press("table")
    b.boot()
    b.console_until(RUNNING, timeout_ms=15000, regex=True)
    assert b.repl("import storage; print(storage.getmount('/').readonly)") == "False"
    assert "writable by the device" in b.repl("print(open('/boot_out.txt').read())")
    b.repl("import os; f = open('/kept.txt', 'w'); f.write('slap'); f.close(); os.sync()")
    b.release("table")
    cut_at = b.cut(at_ms=b.t_ms + 5)
    b.flash_save(tmp_path / "flash.bin")

    assert b.t_us == 0
    b.boot()  # power back: from the kept flash, the table button up
    b.console_until(RUNNING, timeout_ms=15000, regex=True)
    assert b.repl("print(open('/kept.txt').read())") == "slap"
    assert "writable by the computer" in b.repl("print(open('/boot_out.txt').read())")
    saved = (tmp_path / "flash.bin").stat().st_size
    print("cut at %.3f s of board time; %d bytes of flash saved" % (cut_at / 1e6, saved))


def test_a_saved_flash_image_boots_on_another_board(board_factory, tmp_path):
    a = board_factory()
    a.press("table")
    a.boot()
    a.console_until(RUNNING, timeout_ms=15000, regex=True)
    a.repl("import os; f = open('/moved.txt', 'w'); f.write('deck'); f.close(); os.sync()")
    a.flash_save(tmp_path / "flash.bin")
    a.close()

    b = board_factory()
    b.boot(flash=tmp_path / "flash.bin")
    b.console_until(RUNNING, timeout_ms=15000, regex=True)
    assert b.repl("print(open('/moved.txt').read())") == "deck"
