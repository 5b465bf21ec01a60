"""The Raspberry Pi Pico's defaults, written by `topper build` from
firmware/boards/raspberry_pi_pico.toml (edit that, not this file)."""

BOARD = "raspberry_pi_pico"
CHIP = "RP2040"
SEAT_PINS = "GP6,GP7,GP8,GP9,GP10,GP11,GP12,GP13"
TABLE_PIN = "GP14"
BUZZER_PIN = "GP15"
SDA = "GP4"
SCL = "GP5"
CARDPAD_RESET = "GP3"
CARDPAD_IRQ = "GP2"
PIXEL_PIN = "GP22"
SLAP_GATE = True
PIO_CAPTURE = True
NVM_BYTES = 4096
