# Heap-bench stand-in for CircuitPython's board: pins are plain names.
def __getattr__(name):
    return name
