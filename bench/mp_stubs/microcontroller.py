# Heap-bench stand-in: 4 KB of erased nvm, as on an RP2040.
nvm = bytearray(b"\xff" * 4096)
