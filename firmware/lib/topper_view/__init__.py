"""Topper Table presentation, shared by the device and the host simulator.

Pure, portable functions: a referee ``view`` (and a time in ms) in, ring colours,
OLED screens (text lines and a painter with the project's own font) and buzzer tone
sequences out. No clock, no hardware, no randomness: the same view draws the same
picture on every platform.
"""
