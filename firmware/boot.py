"""Topper Table boot.py: runs once at power-up or hard reset, before USB starts.

It does two things that only boot.py may do:
1. turns on the second USB serial port (usb_cdc.data) that carries the event log and
   commands, next to the REPL console;
2. if the table button is held while the board powers up, makes the CIRCUITPY drive
   writable by the device itself (to keep files of its own, e.g. a game journal).

Every step is guarded: an uncaught error here ends up only in boot_out.txt, leaves USB
half set up and, on recent CircuitPython, can stop the board in safe mode. Its print()
output goes to boot_out.txt on the drive, which is where to look when something is off.
"""

try:
    import usb_cdc

    usb_cdc.enable(console=True, data=True)
except Exception as e:  # noqa: BLE001 - nothing may stop the boot
    print("topper boot: no second USB serial port:", e)


def table_button_held():
    """True when the table button reads pressed (low) twice, 20 ms apart."""
    try:
        import os
        import time

        import board
        import digitalio

        from topper_hw import board_profile

        name = os.getenv("TOPPER_TABLE_PIN") or board_profile.TABLE_PIN
        pin = digitalio.DigitalInOut(getattr(board, str(name)))
        try:
            pin.switch_to_input(pull=digitalio.Pull.UP)
            # The pull-up has to charge the cable to the button before a read means
            # anything; two reads reject a glitch.
            time.sleep(0.02)
            first = pin.value
            time.sleep(0.02)
            return not first and not pin.value
        finally:
            # Free the pin so that code.py can claim it for keypad.
            pin.deinit()
    except Exception as e:  # noqa: BLE001
        print("topper boot: cannot read the table button:", e)
        return False


if table_button_held():
    # Device-writable mode. CircuitPython lets only one side write the FAT drive at a
    # time, or the two would corrupt it: from now until the next reset, code.py may
    # write files and the computer sees CIRCUITPY read-only (`topper flash` then says
    # so). code.py can tell which mode it is in from storage.getmount("/").readonly.
    # To undo: reset or unplug the board and power it up without holding the button.
    try:
        import storage

        storage.remount("/", readonly=False)
        print("topper boot: CIRCUITPY writable by the device, read-only for the computer")
    except Exception as e:  # noqa: BLE001
        print("topper boot: remount failed, drive stays host-writable:", e)
else:
    # Default: the computer can write the drive (to run `topper flash` or edit
    # settings.toml) and code.py cannot.
    print("topper boot: CIRCUITPY writable by the computer")
