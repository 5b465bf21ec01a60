# Heap-bench stand-in: no second serial port (no host listening).
data = None
