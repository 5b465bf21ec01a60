"""The device on the host: the firmware's own table shell over virtual parts.

``topper_app.App`` is the whole device above the drivers: the menu, blind play, every
game with or without the card pad, enrollment, power-cut saves, the ring, the OLED,
the sounds and the log. The firmware builds it over pins (``topper_hw.devices``);
``board.VirtualBoard`` builds the very same ``App`` over parts that live in memory, so
a person at a terminal (``topper sim --device``) and the tests press the same buttons
and see the same screens as a table does. The drivers stay the firmware's
(``topper_hw.buttons``, ``pixels``, ``buzzer``, ``cardpad``, ``oled``, ``nvstore``):
only what sits under them is virtual.

The parts run under MicroPython as well as CPython: the browser page (``topper web``,
``topper_host.web``) builds the same board under MicroPython compiled to WebAssembly.

One job a module: ``keypad`` (CircuitPython's ``keypad`` event queue, stamped with the
board's clock), ``parts`` (the NeoPixel strip, the buzzer's PWM, the I2C bus with the
OLED on it, the PN532 card reader), ``deck`` (the tags of a virtual deck, enrolled),
``board`` (the parts wired to an ``App`` and a clock to step it by).
"""
