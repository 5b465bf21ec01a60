"""Heap cost of importing the portable core, measured under MicroPython.

    node bench/mp_run.mjs --each bench/mp_heap.py          # each module alone, then all
    node bench/mp_run.mjs bench/mp_heap.py topper.cards    # one interpreter, these in turn
    node bench/mp_run.mjs bench/mp_heap.py topper.games.slap.pad,topper_view.screen   # together

For each argument (a module name, names joined by commas to import together, or ``all``
for every module of the portable packages)
it prints ``gc.mem_alloc()`` after ``gc.collect()`` before and after the import, and the
difference: the bytes the module keeps on the heap (bytecode, constants, functions, its
globals). Compiling the .py source needs more than that for a moment; a board compiling
.py files at import needs that peak free as well. Prints figures; asserts nothing.
"""

import gc
import os
import sys

PACKAGES = ("topper", "topper_view")


def core_modules():
    names = []
    for pkg in PACKAGES:
        try:
            files = sorted(os.listdir("/lib/" + pkg))
        except OSError:
            continue
        names.append(pkg)
        for f in files:
            if f.endswith(".py") and f != "__init__.py":
                names.append(pkg + "." + f[:-3])
    return names


def used():
    gc.collect()
    return gc.mem_alloc()


def measure(label, names):
    before = used()
    for name in names:
        __import__(name)
    after = used()
    print("%-30s before %7d  after %7d  import %7d" % (label, before, after, after - before))


if not hasattr(gc, "mem_alloc"):
    print("mp_heap.py needs MicroPython: node bench/mp_run.mjs --each bench/mp_heap.py")
else:
    for arg in sys.argv[1:] or ["all"]:
        if arg == "all":
            every = core_modules()
            measure("all (%d modules)" % len(every), every)
        else:
            measure(arg, arg.split(","))
