// The BOOTSEL button, not pressed.
//
// CircuitPython reads BOOTSEL at start-up the way the Pico SDK does: it stops driving the
// flash chip-select line (QSPI_SS), which the button would pull low, and reads the pin
// through SIO GPIO_HI_IN. rp2040js reads every QSPI input as 0, which says "held"; and
// CircuitPython then waits for it to be let go. On the board a pull-up holds the line high.
export const QSPI_SS = 1;

export function bootselReleased(mcu) {
  Object.defineProperty(mcu.qspi[QSPI_SS], 'inputValue', { get: () => true, configurable: true });
}
