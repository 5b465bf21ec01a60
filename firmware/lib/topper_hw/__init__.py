"""Topper Table device drivers (CircuitPython): buttons, NeoPixel ring, OLED, buzzer,
card pad, deck map in nvm. One job a module; each takes the hardware objects it drives,
so the host tests run them over recording fakes (tests/fakes/)."""
