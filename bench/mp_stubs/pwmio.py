# Heap-bench stand-in for a PWM pin.


class PWMOut:
    def __init__(self, pin, frequency=500, duty_cycle=0, variable_frequency=False):
        self.frequency = frequency
        self.duty_cycle = duty_cycle
