"""Writes hardware/boards/NAME.md (the wiring table), NAME.dot and NAME.png (the wiring
picture, with Graphviz's dot) for every board profile in firmware/boards/ but the
reference Pico, whose hardware/pinmap.md and wiring.dot are drawn by hand.

    .venv/bin/python scripts/board_docs.py        # needs `dot` (Debian: graphviz)
"""

import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "host"), str(ROOT / "firmware" / "lib")]

from topper_host import board_docs, boards  # noqa: E402

REFERENCE = "raspberry_pi_pico"


def main():
    if shutil.which("dot") is None:
        print("board_docs: Graphviz's dot is missing (apt-get install graphviz)")
        return 1
    out = ROOT / "hardware" / "boards"
    out.mkdir(exist_ok=True)
    firmware = ROOT / "firmware"
    for name in boards.names(firmware):
        if name == REFERENCE:
            continue
        p = boards.load(firmware, name)
        (out / f"{name}.md").write_text(board_docs.markdown(p), encoding="utf-8")
        (out / f"{name}.dot").write_text(board_docs.dot(p), encoding="utf-8")
        subprocess.run(
            ["dot", "-Tpng", "-Gdpi=100", str(out / f"{name}.dot"), "-o", str(out / f"{name}.png")],
            check=True,
        )
        print(f"board_docs: wrote hardware/boards/{name}.md, .dot, .png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
