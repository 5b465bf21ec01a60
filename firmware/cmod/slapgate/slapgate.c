// slapgate: the slap race's hardware lockout (docs/slap-gate.md).
//
// CircuitPython runs no Python on an interrupt, and the Python loop takes 5-8 ms from a
// press to the ring. This module decides a race in the GPIO interrupt instead: it stamps
// every armed seat's first touch (its first falling edge) with the microsecond timer,
// follows each touched seat's contact through its bounce until it is a press or a glitch,
// and sends the earliest-touched press's ring frame,
// prepared by Python beforehand, by DMA through its own PIO state machine (the NeoPixel
// program of common-hal/neopixel_write). Python reads the winner and the stamps after.
// Python's own ring frames go through show(), the same state machine: one writer on the
// ring's pin, so a Python write can never overwrite or cut a winner's frame.
//
// The seat pins are not claimed: keypad.Keys or an rp2pio capture machine owns them, and
// the gate only listens to their edges. The ring's pin is claimed.
//
// The interrupt and alarm code runs from RAM (__not_in_flash_func): a flash cache miss
// must not delay a race. Stamps are the 32-bit microsecond timer, so a race's times are
// right for 71 minutes after its first edge; they are clamped to small ints, so that
// reading them allocates nothing (the slap path allocates 0 bytes).
#include <string.h>
#include "py/runtime.h"
#include "py/obj.h"
#include "hardware/gpio.h"
#include "hardware/irq.h"
#include "hardware/pio.h"
#include "hardware/dma.h"
#include "hardware/timer.h"
#include "hardware/sync.h"
#include "hardware/clocks.h"
#include "hardware/structs/iobank0.h"
#include "shared-bindings/microcontroller/Pin.h"
#include "shared-bindings/util.h"
#include "supervisor/port.h"
#include "common-hal/rp2pio/pio_alloc.h"

extern const uint16_t neopixel_program[];   // common-hal/neopixel_write: the same bits on the wire

#define MAX_SEATS 8
#define MAX_FRAME (3 * 64)   // a 64-pixel ring
#define LATCH_US 300         // WS2812B-V5 needs > 280 us low to latch a frame
#define US_PER_BYTE 10       // 8 bits of 1.25 us
#define CLAMP 0x3FFFFFFF     // stamps stay small ints: nothing allocated on the slap path

// LISTEN: armed, no seat touched. CONFIRM: the earliest touch is not decided yet: the alarm
// or the next edge decides. OUT: the winner is confirmed and its frame waits for the
// ring's latch gap. FIRED: the winner's frame started.
enum { PH_OFF, PH_DISARMED, PH_LISTEN, PH_CONFIRM, PH_OUT, PH_FIRED };

static struct {
    volatile uint8_t phase;
    uint8_t n, out_pin;
    uint8_t pins[MAX_SEATS];
    uint32_t pin_mask;
    uint32_t confirm_us;   // a press is a contact held this long without a break...
    uint32_t bounce_us;    // ...that began within this long of the seat's first touch
    uint16_t frame_len;
    PIO pio;
    int sm, offset, dma, alarm;
    // the race
    // stamped: touched (stamps[s] is the first touch); low: the contact is closed since
    // low_from[s], as far as its edges tell; pressed: held confirm_us, decided for good
    volatile uint8_t armed, stamped, low, pressed;
    volatile int8_t cand, winner;
    volatile bool have_origin;
    volatile uint32_t origin;
    volatile uint32_t stamps[MAX_SEATS];
    volatile uint32_t low_from[MAX_SEATS];
    uint8_t picks[MAX_SEATS + 1];
    // the ring
    volatile uint32_t busy_until;   // when the last bit on the ring's pin ends
    volatile uint32_t winner_until; // the same, for the winner's frame
    volatile uint32_t fires, shows, aborted, glitches, irqs;
    const mcu_pin_obj_t *out_obj;
    void *owner;   // the Gate that holds the hardware: an older Gate's finaliser may run late
    uint8_t frames[MAX_SEATS * MAX_FRAME] __attribute__((aligned(4)));
    uint8_t showbuf[MAX_FRAME] __attribute__((aligned(4)));
} g;

typedef struct { mp_obj_base_t base; } slapgate_gate_obj_t;
static const pio_program_t np_prog = { .instructions = neopixel_program, .length = 4, .origin = -1 };

static inline uint32_t now_us(void) {
    return timer_hw->timerawl;
}

static inline uint32_t fall_bit(uint pin) {
    return GPIO_IRQ_EDGE_FALL << (4 * (pin & 7));
}

static inline uint32_t rise_bit(uint pin) {
    return GPIO_IRQ_EDGE_RISE << (4 * (pin & 7));
}

// Both edges: a touched seat's contact is followed until it is decided.
static inline uint32_t edge_bit(uint pin) {
    return fall_bit(pin) | rise_bit(pin);
}

// Edges latch in INTR whether enabled or not: forget the old ones before listening again.
static inline void __not_in_flash_func(listen)(uint seat, bool on) {
    uint pin = g.pins[seat];
    io_bank0_hw->intr[pin >> 3] = edge_bit(pin);
    if (on) {
        hw_set_bits(&io_bank0_hw->proc0_irq_ctrl.inte[pin >> 3], edge_bit(pin));
    } else {
        hw_clear_bits(&io_bank0_hw->proc0_irq_ctrl.inte[pin >> 3], edge_bit(pin));
    }
}

static inline bool seat_low(uint seat) {
    return !(sio_hw->gpio_in & (1u << g.pins[seat]));
}

// A race's first edge lands while a show() frame goes out: stop feeding it, so that the
// latch gap before the winner's frame runs during the confirmation. What is in the TX FIFO
// still goes out.
static void __not_in_flash_func(abort_show)(void) {
    if (dma_channel_is_busy(g.dma)) {
        dma_channel_abort(g.dma);
        g.aborted++;
        g.busy_until = now_us() + (pio_sm_get_tx_fifo_level(g.pio, g.sm) + 1) * US_PER_BYTE + 2;
    }
}

// The alarm for `deadline` (timerawl): false if that is now or past, and the caller goes
// on at once (the SDK does not fire an alarm set in the past).
static bool __not_in_flash_func(later)(uint32_t deadline) {
    int32_t wait = (int32_t)(deadline - now_us());
    if (wait <= 0) {
        return false;
    }
    return !hardware_alarm_set_target(g.alarm, from_us_since_boot(time_us_64() + (uint32_t)wait));
}

static void __not_in_flash_func(send_winner)(void) {
    if (later(g.busy_until + LATCH_US)) {
        g.phase = PH_OUT;
        return;
    }
    uint32_t t = now_us();
    dma_channel_transfer_from_buffer_now(g.dma, &g.frames[g.winner * g.frame_len], g.frame_len);
    g.busy_until = g.winner_until = t + g.frame_len * US_PER_BYTE + 2;
    g.fires++;
    g.phase = PH_FIRED;
}

// Of the seats in `set` (equal stamps), the one the referee's tie draw puts first.
static int __not_in_flash_func(pick)(uint32_t set) {
    int k = __builtin_popcount(set);
    int nth = k >= 2 ? g.picks[k] : 0;
    for (int s = 0; s < g.n; s++) {
        if (set & (1u << s)) {
            if (nth-- == 0) {
                return s;
            }
        }
    }
    return -1;
}

enum { UNDECIDED, PRESSED, GLITCH };

// What touched seat `s`'s contact is at `now` (docs/slap-gate.md, "How the gate decides"):
// PRESSED once it has stayed closed for confirm_us without a break, that closing having
// begun within bounce_us of its first touch; GLITCH once bounce_us has passed since the
// first touch with the contact open and no such closing under way; else UNDECIDED, and
// `*due` is when it will be decided if no edge comes first.
static int __not_in_flash_func(judge)(int s, uint32_t now, uint32_t *due) {
    uint32_t bit = 1u << s;
    if ((g.pressed & bit) || !g.confirm_us) {
        return PRESSED;
    }
    if (g.low & bit) {
        uint32_t held = g.low_from[s] + g.confirm_us;
        if ((int32_t)(now - held) >= 0) {
            g.pressed |= bit;
            return PRESSED;
        }
        *due = held;
        return UNDECIDED;
    }
    uint32_t end = g.stamps[s] + g.bounce_us;
    if ((int32_t)(now - end) >= 0) {
        return GLITCH;
    }
    *due = end;
    return UNDECIDED;
}

// The contact of touched seat `s` closed (`closed`) or opened at `now`. A closing after
// the bounce window of a touch that never became a press is a new first touch: the old
// one was a glitch.
static void __not_in_flash_func(follow)(int s, uint32_t now, bool closed) {
    uint32_t bit = 1u << s;
    if (closed) {
        if (!(g.low & bit) && (int32_t)(now - (g.stamps[s] + g.bounce_us)) >= 0) {
            g.stamps[s] = now;
            g.glitches++;
        }
        g.low |= bit;
        g.low_from[s] = now;
        return;
    }
    if ((g.low & bit) && (int32_t)(now - (g.low_from[s] + g.confirm_us)) >= 0) {
        g.pressed |= bit;   // held long enough: a press, whatever the contact does next
        listen(s, false);
    }
    g.low &= ~bit;
}

// No winner yet: forget the touches that turned out glitches (those seats listen afresh
// for a first touch), then look at the earliest remaining touch (a group, if several
// seats share its microsecond). Once every seat of that group is a press, the one the
// referee's tie draw puts first wins; while one is undecided, nobody later may win, and
// the gate waits for its next edge or its deadline.
static void __not_in_flash_func(decide)(void) {
    for (;;) {
        uint32_t now = now_us();
        uint32_t due = 0;
        for (int s = 0; s < g.n; s++) {
            if ((g.stamped & (1u << s)) && judge(s, now, &due) == GLITCH) {
                g.stamped &= ~(1u << s);
                g.glitches++;
            }
        }
        uint32_t group = 0, best = 0;
        for (int s = 0; s < g.n; s++) {
            if (!(g.stamped & (1u << s))) {
                continue;
            }
            if (!group || (int32_t)(g.stamps[s] - best) < 0) {
                group = 1u << s;
                best = g.stamps[s];
            } else if (g.stamps[s] == best) {
                group |= 1u << s;
            }
        }
        if (!group) {
            g.cand = -1;   // (an alarm still set finds nothing to do in LISTEN)
            g.phase = PH_LISTEN;
            return;
        }
        bool waiting = false;
        uint32_t next = 0;
        for (int s = 0; s < g.n; s++) {
            if ((group & (1u << s)) && judge(s, now, &due) == UNDECIDED) {
                if (!waiting || (int32_t)(due - next) < 0) {
                    next = due;
                }
                waiting = true;
            }
        }
        g.cand = (int8_t)pick(group);
        if (!waiting) {
            g.winner = g.cand;
            send_winner();
            return;
        }
        g.phase = PH_CONFIRM;
        if (later(next)) {
            return;
        }
    }
}

static void __not_in_flash_func(gate_irq)(void) {
    uint32_t now = now_us();
    g.irqs++;
    bool touched = false;
    for (int s = 0; s < g.n; s++) {
        uint pin = g.pins[s];
        uint32_t bits = io_bank0_hw->proc0_irq_ctrl.ints[pin >> 3] & edge_bit(pin);
        if (!bits) {
            continue;
        }
        io_bank0_hw->intr[pin >> 3] = bits;
        uint32_t bit = 1u << s;
        if (!(g.armed & bit) || g.phase < PH_LISTEN || (g.pressed & bit)) {
            continue;
        }
        bool closed = seat_low(s);
        if (!(g.stamped & bit)) {
            if (bits & fall_bit(pin)) {
                // the first touch: its stamp, whatever the contact does next
                g.stamps[s] = now;
                g.low_from[s] = now;
                g.stamped |= bit;
                if (closed) {
                    g.low |= bit;
                } else {
                    g.low &= ~bit;   // already open again: a bounce, or a glitch
                }
                touched = true;
            }
            continue;
        }
        // Both edges latched since the last look: the level says where the contact is
        // now; a rise and a fall together with the contact closed are a new closing.
        if (closed && (!(g.low & bit) || (bits & rise_bit(pin)))) {
            follow(s, now, true);
        } else if (!closed) {
            follow(s, now, false);
        }
    }
    if (touched && !g.have_origin) {
        g.origin = now;
        g.have_origin = true;
        abort_show();
    }
    if (g.phase == PH_LISTEN || g.phase == PH_CONFIRM) {
        decide();
    }
}

static void __not_in_flash_func(alarm_cb)(uint alarm) {
    (void)alarm;
    if (g.phase == PH_CONFIRM) {
        decide();
    } else if (g.phase == PH_OUT) {
        send_winner();
    }
}

static void reset_race(uint8_t mask) {
    hardware_alarm_cancel(g.alarm);
    g.armed = mask;
    g.stamped = g.low = g.pressed = 0;
    g.cand = g.winner = -1;
    g.have_origin = false;
    for (int s = 0; s < g.n; s++) {
        listen(s, (mask >> s) & 1);
    }
    g.phase = mask ? PH_LISTEN : PH_DISARMED;
}

static void gate_release(void) {
    if (g.phase == PH_OFF) {
        return;
    }
    uint32_t saved = save_and_disable_interrupts();
    reset_race(0);
    g.phase = PH_OFF;
    restore_interrupts(saved);
    gpio_remove_raw_irq_handler_masked(g.pin_mask, gate_irq);
    irq_set_priority(IO_IRQ_BANK0, PICO_DEFAULT_IRQ_PRIORITY);
    irq_set_priority(hardware_alarm_get_irq_num(g.alarm), PICO_DEFAULT_IRQ_PRIORITY);
    hardware_alarm_set_callback(g.alarm, NULL);
    hardware_alarm_unclaim(g.alarm);
    dma_channel_abort(g.dma);
    dma_channel_unclaim(g.dma);
    pio_sm_set_enabled(g.pio, g.sm, false);
    pio_remove_program(g.pio, &np_prog, g.offset);
    pio_sm_unclaim(g.pio, g.sm);
    common_hal_reset_pin(g.out_obj);   // back to an input, and free for others
    g.out_obj = NULL;
}

// Gate(seats, out, *, frame_len=72, confirm_us=500, bounce_us=5000)
static mp_obj_t gate_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw, const mp_obj_t *all_args) {
    enum { A_SEATS, A_OUT, A_LEN, A_CONFIRM, A_BOUNCE };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_seats, MP_ARG_REQUIRED | MP_ARG_OBJ, {.u_obj = MP_OBJ_NULL} },
        { MP_QSTR_out, MP_ARG_REQUIRED | MP_ARG_OBJ, {.u_obj = MP_OBJ_NULL} },
        { MP_QSTR_frame_len, MP_ARG_KW_ONLY | MP_ARG_INT, {.u_int = 72} },
        { MP_QSTR_confirm_us, MP_ARG_KW_ONLY | MP_ARG_INT, {.u_int = 500} },
        { MP_QSTR_bounce_us, MP_ARG_KW_ONLY | MP_ARG_INT, {.u_int = 5000} },
    };
    mp_arg_val_t a[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all_kw_array(n_args, n_kw, all_args, MP_ARRAY_SIZE(allowed), allowed, a);
    if (g.phase != PH_OFF) {
        mp_raise_RuntimeError(MP_ERROR_TEXT("in use"));
    }
    size_t n;
    mp_obj_t *items;
    mp_obj_get_array(a[A_SEATS].u_obj, &n, &items);
    mp_arg_validate_length_range(n, 1, MAX_SEATS, MP_QSTR_seats);
    mp_int_t len = mp_arg_validate_int_range(a[A_LEN].u_int, 3, MAX_FRAME, MP_QSTR_frame_len);
    mp_int_t confirm = mp_arg_validate_int_range(a[A_CONFIRM].u_int, 0, 100000, MP_QSTR_confirm_us);
    mp_int_t bounce = mp_arg_validate_int_range(a[A_BOUNCE].u_int, 0, 100000, MP_QSTR_bounce_us);
    uint8_t pins[MAX_SEATS];
    uint32_t mask = 0;
    for (size_t s = 0; s < n; s++) {
        pins[s] = validate_obj_is_pin(items[s], MP_QSTR_seats)->number;
        if (mask & (1u << pins[s])) {
            mp_raise_ValueError(MP_ERROR_TEXT("seats"));
        }
        mask |= 1u << pins[s];
    }
    const mcu_pin_obj_t *out = validate_obj_is_free_pin(a[A_OUT].u_obj, MP_QSTR_out);
    if (mask & (1u << out->number)) {
        mp_raise_ValueError(MP_ERROR_TEXT("out"));
    }
    uint8_t pio_index = rp2pio_statemachine_find_pio(np_prog.length, 1);
    if (pio_index >= NUM_PIOS) {
        mp_raise_RuntimeError(MP_ERROR_TEXT("no PIO"));
    }
    // Allocated before the hardware is claimed: a MemoryError after would leak it all.
    slapgate_gate_obj_t *self = mp_obj_malloc_with_finaliser(slapgate_gate_obj_t, type);
    int alarm = hardware_alarm_claim_unused(false);
    if (alarm < 0) {
        mp_raise_RuntimeError(MP_ERROR_TEXT("no alarm"));
    }
    int dma = dma_claim_unused_channel(false);
    if (dma < 0) {
        hardware_alarm_unclaim(alarm);
        mp_raise_RuntimeError(MP_ERROR_TEXT("no DMA"));
    }
    // Nothing raises from here on: the hardware is claimed.
    memset(&g, 0, offsetof(typeof(g), frames));
    g.n = n;
    memcpy(g.pins, pins, n);
    g.pin_mask = mask;
    g.out_pin = out->number;
    g.out_obj = out;
    g.frame_len = len;
    g.confirm_us = confirm;
    g.bounce_us = bounce;
    g.alarm = alarm;
    g.dma = dma;
    g.cand = g.winner = -1;
    memset(g.frames, 0, sizeof(g.frames));
    common_hal_mcu_pin_claim(out);
    for (size_t s = 0; s < n; s++) {
        // CircuitPython resets unused pads with their input off: enable it (and the pull-up,
        // as keypad.Keys(pull=True) would) or the edges never reach the interrupt on silicon.
        gpio_set_input_enabled(pins[s], true);
        gpio_pull_up(pins[s]);
    }
    g.pio = pio_get_instance(pio_index);
    g.sm = pio_claim_unused_sm(g.pio, true);
    g.offset = pio_add_program(g.pio, &np_prog);
    pio_sm_config c = pio_get_default_sm_config();
    sm_config_set_wrap(&c, g.offset, g.offset + 3);
    sm_config_set_sideset(&c, 1, false, false);
    sm_config_set_sideset_pins(&c, g.out_pin);
    sm_config_set_out_shift(&c, false, true, 8);
    sm_config_set_fifo_join(&c, PIO_FIFO_JOIN_TX);
    sm_config_set_clkdiv(&c, (float)clock_get_hz(clk_sys) / 12800000.0f);
    pio_gpio_init(g.pio, g.out_pin);
    pio_sm_set_pins_with_mask(g.pio, g.sm, 0, 1u << g.out_pin);
    pio_sm_set_pindirs_with_mask(g.pio, g.sm, 1u << g.out_pin, 1u << g.out_pin);
    pio_sm_init(g.pio, g.sm, g.offset, &c);
    pio_sm_set_enabled(g.pio, g.sm, true);
    dma_channel_config dc = dma_channel_get_default_config(g.dma);
    channel_config_set_transfer_data_size(&dc, DMA_SIZE_8);
    channel_config_set_read_increment(&dc, true);
    channel_config_set_write_increment(&dc, false);
    channel_config_set_dreq(&dc, pio_get_dreq(g.pio, g.sm, true));
    dma_channel_configure(g.dma, &dc, &g.pio->txf[g.sm], g.frames, len, false);
    hardware_alarm_set_callback(g.alarm, alarm_cb);
    g.busy_until = g.winner_until = now_us();
    g.phase = PH_DISARMED;
    reset_race(0);
    gpio_add_raw_irq_handler_masked(mask, gate_irq);
    // Above every other interrupt: the 1 ms tick runs keypad's scan (tens of us) and USB
    // has its own, and a touch must be stamped when it comes, not when they end. The
    // gate's alarm shares the level, so the two never interrupt each other.
    irq_set_priority(IO_IRQ_BANK0, PICO_HIGHEST_IRQ_PRIORITY);
    irq_set_priority(hardware_alarm_get_irq_num(g.alarm), PICO_HIGHEST_IRQ_PRIORITY);
    irq_set_enabled(IO_IRQ_BANK0, true);
    g.owner = self;
    return MP_OBJ_FROM_PTR(self);
}

static void check(mp_obj_t self) {
    if (g.phase == PH_OFF || g.owner != MP_OBJ_TO_PTR(self)) {
        raise_deinited_error();
    }
}

// load(frames): seat i's frame at i * frame_len
static mp_obj_t gate_load(mp_obj_t self, mp_obj_t frames) {
    check(self);
    mp_buffer_info_t bi;
    mp_get_buffer_raise(frames, &bi, MP_BUFFER_READ);
    if (bi.len != (size_t)g.n * g.frame_len) {
        mp_raise_ValueError(MP_ERROR_TEXT("frames"));
    }
    uint32_t saved = save_and_disable_interrupts();
    memcpy(g.frames, bi.buf, bi.len);
    restore_interrupts(saved);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(gate_load_obj, gate_load);

// arm(mask, picks): a new race on the seats of mask (0: disarmed)
static mp_obj_t gate_arm(mp_obj_t self, mp_obj_t mask_in, mp_obj_t picks) {
    check(self);
    mp_int_t mask = mp_obj_get_int(mask_in);
    if (mask < 0 || mask >= (1 << g.n)) {
        mp_raise_ValueError(MP_ERROR_TEXT("mask"));
    }
    mp_buffer_info_t bi;
    mp_get_buffer_raise(picks, &bi, MP_BUFFER_READ);
    if (bi.len < (size_t)g.n + 1) {
        mp_raise_ValueError(MP_ERROR_TEXT("picks"));
    }
    const uint8_t *p = bi.buf;
    for (int k = 2; k <= g.n; k++) {
        if (p[k] >= k) {
            mp_raise_ValueError(MP_ERROR_TEXT("picks"));
        }
    }
    uint32_t saved = save_and_disable_interrupts();
    memcpy(g.picks, p, g.n + 1);
    reset_race((uint8_t)mask);
    restore_interrupts(saved);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_3(gate_arm_obj, gate_arm);

static mp_obj_t gate_winner(mp_obj_t self) {
    check(self);
    return MP_OBJ_NEW_SMALL_INT(g.winner);
}
static MP_DEFINE_CONST_FUN_OBJ_1(gate_winner_obj, gate_winner);

static mp_obj_t since_origin(uint32_t t) {
    uint32_t d = t - g.origin;
    return MP_OBJ_NEW_SMALL_INT(d > CLAMP ? CLAMP : d);
}

// stamp(seat): us from the race's first edge to the seat's, or -1
static mp_obj_t gate_stamp(mp_obj_t self, mp_obj_t seat_in) {
    check(self);
    mp_int_t s = mp_obj_get_int(seat_in);
    uint32_t saved = save_and_disable_interrupts();
    uint32_t due;
    // a touch that has turned out a glitch is no press's stamp
    bool has = s >= 0 && s < g.n && (g.stamped & (1u << s)) && judge(s, now_us(), &due) != GLITCH;
    uint32_t t = has ? g.stamps[s] : 0;
    restore_interrupts(saved);
    return has ? since_origin(t) : MP_OBJ_NEW_SMALL_INT(-1);
}
static MP_DEFINE_CONST_FUN_OBJ_2(gate_stamp_obj, gate_stamp);

static mp_obj_t gate_elapsed(mp_obj_t self) {
    check(self);
    return g.have_origin ? since_origin(now_us()) : MP_OBJ_NEW_SMALL_INT(-1);
}
static MP_DEFINE_CONST_FUN_OBJ_1(gate_elapsed_obj, gate_elapsed);

static mp_obj_t gate_fires(mp_obj_t self) {
    check(self);
    return MP_OBJ_NEW_SMALL_INT(g.fires & CLAMP);
}
static MP_DEFINE_CONST_FUN_OBJ_1(gate_fires_obj, gate_fires);

// A winner being confirmed, or its frame going out or latching: the ring is the gate's.
static bool winner_owns_ring(void) {
    return g.phase == PH_CONFIRM || g.phase == PH_OUT ||
           (g.phase == PH_FIRED && (int32_t)(g.winner_until + LATCH_US - now_us()) > 0);
}

// show(buf) -> bool: Python's own frame, through the same state machine
static mp_obj_t gate_show(mp_obj_t self, mp_obj_t buf) {
    check(self);
    mp_buffer_info_t bi;
    mp_get_buffer_raise(buf, &bi, MP_BUFFER_READ);
    if (bi.len > MAX_FRAME) {
        mp_raise_ValueError(MP_ERROR_TEXT("show"));
    }
    if (winner_owns_ring()) {
        return mp_const_false;
    }
    while ((int32_t)(g.busy_until + LATCH_US - now_us()) > 0) {
        RUN_BACKGROUND_TASKS;   // the previous frame is going out or latching
    }
    uint32_t saved = save_and_disable_interrupts();
    // a press may have landed while we waited
    bool ok = g.phase != PH_OFF && !winner_owns_ring() && (int32_t)(g.busy_until + LATCH_US - now_us()) <= 0;
    if (ok && bi.len) {
        memcpy(g.showbuf, bi.buf, bi.len);
        dma_channel_transfer_from_buffer_now(g.dma, g.showbuf, bi.len);
        g.busy_until = now_us() + bi.len * US_PER_BYTE + 2;
        g.shows++;
    }
    restore_interrupts(saved);
    return mp_obj_new_bool(ok);
}
static MP_DEFINE_CONST_FUN_OBJ_2(gate_show_obj, gate_show);

// stats() -> (phase, armed, stamped, candidate, irqs, glitches, shows, aborted, pio, sm, dma, alarm)
static mp_obj_t gate_stats(mp_obj_t self) {
    check(self);
    mp_obj_t t[12] = {
        MP_OBJ_NEW_SMALL_INT(g.phase), MP_OBJ_NEW_SMALL_INT(g.armed), MP_OBJ_NEW_SMALL_INT(g.stamped),
        MP_OBJ_NEW_SMALL_INT(g.cand), mp_obj_new_int_from_uint(g.irqs), mp_obj_new_int_from_uint(g.glitches),
        mp_obj_new_int_from_uint(g.shows), mp_obj_new_int_from_uint(g.aborted),
        MP_OBJ_NEW_SMALL_INT(pio_get_index(g.pio)), MP_OBJ_NEW_SMALL_INT(g.sm),
        MP_OBJ_NEW_SMALL_INT(g.dma), MP_OBJ_NEW_SMALL_INT(g.alarm),
    };
    return mp_obj_new_tuple(12, t);
}
static MP_DEFINE_CONST_FUN_OBJ_1(gate_stats_obj, gate_stats);

static mp_obj_t gate_deinit(mp_obj_t self) {
    if (g.owner == MP_OBJ_TO_PTR(self)) {
        gate_release();
        g.owner = NULL;
    }
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(gate_deinit_obj, gate_deinit);

static const mp_rom_map_elem_t gate_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_load), MP_ROM_PTR(&gate_load_obj) },
    { MP_ROM_QSTR(MP_QSTR_arm), MP_ROM_PTR(&gate_arm_obj) },
    { MP_ROM_QSTR(MP_QSTR_winner), MP_ROM_PTR(&gate_winner_obj) },
    { MP_ROM_QSTR(MP_QSTR_stamp), MP_ROM_PTR(&gate_stamp_obj) },
    { MP_ROM_QSTR(MP_QSTR_elapsed), MP_ROM_PTR(&gate_elapsed_obj) },
    { MP_ROM_QSTR(MP_QSTR_fires), MP_ROM_PTR(&gate_fires_obj) },
    { MP_ROM_QSTR(MP_QSTR_show), MP_ROM_PTR(&gate_show_obj) },
    { MP_ROM_QSTR(MP_QSTR_stats), MP_ROM_PTR(&gate_stats_obj) },
    { MP_ROM_QSTR(MP_QSTR_deinit), MP_ROM_PTR(&gate_deinit_obj) },
    // Ctrl-D: a user C module has no reset_port() hook, the finaliser releases the hardware
    { MP_ROM_QSTR(MP_QSTR___del__), MP_ROM_PTR(&gate_deinit_obj) },
};
static MP_DEFINE_CONST_DICT(gate_locals, gate_locals_table);

static MP_DEFINE_CONST_OBJ_TYPE(slapgate_gate_type, MP_QSTR_Gate, MP_TYPE_FLAG_NONE,
    make_new, gate_make_new, locals_dict, &gate_locals);

static const mp_rom_map_elem_t slapgate_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_slapgate) },
    { MP_ROM_QSTR(MP_QSTR_Gate), MP_ROM_PTR(&slapgate_gate_type) },
};
static MP_DEFINE_CONST_DICT(slapgate_globals, slapgate_globals_table);

const mp_obj_module_t slapgate_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&slapgate_globals,
};
MP_REGISTER_MODULE(MP_QSTR_slapgate, slapgate_module);
