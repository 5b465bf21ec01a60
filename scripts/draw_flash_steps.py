"""Draws docs/img/flash-steps.png: the one-file install in four pictures.

The last picture is not drawn by hand: it is the OLED of the emulated board booted from
the image, as a maker sees it after the drag-and-drop (tests/board harness).

    .venv/bin/python scripts/draw_flash_steps.py      # needs the image and matplotlib
"""

import pathlib
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import FancyBboxPatch, Rectangle  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img" / "flash-steps.png"
UF2 = "topper-table-raspberry_pi_pico.uf2"


def menu_frame():
    """The OLED rows of the emulated board in its menu, booted from the built image."""
    sys.path.insert(0, str(ROOT / "tests" / "board"))
    from board import Board

    with Board() as b:
        b.boot()
        b.console_until("topper: running", timeout_ms=20000)
        b.run_ms(300)
        return b.oled_frame().rows


def pico(ax, bootsel_down):
    ax.add_patch(FancyBboxPatch((0.25, 0.15), 0.5, 0.7, boxstyle="round,pad=0.02", fc="#2e7d32", ec="black"))
    ax.add_patch(Rectangle((0.42, 0.8), 0.16, 0.12, fc="#c0c0c0", ec="black"))  # USB socket
    ax.add_patch(Rectangle((0.4, 0.42), 0.2, 0.2, fc="#222222", ec="black"))  # RP2040
    ax.text(0.5, 0.52, "RP2040", color="white", ha="center", va="center", fontsize=7)
    colour = "#f5f5f5" if not bootsel_down else "#ffcc00"
    ax.add_patch(FancyBboxPatch((0.33, 0.66), 0.1, 0.08, boxstyle="round,pad=0.01", fc=colour, ec="black"))
    ax.text(0.38, 0.62, "BOOTSEL", ha="center", va="top", fontsize=7, color="white")


def step(ax, number, title):
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.axis("off")
    ax.set_title("%d. %s" % (number, title), fontsize=10, loc="left")


def main():
    rows = menu_frame()
    fig, axes = plt.subplots(1, 4, figsize=(13, 3.4))
    ax = axes[0]
    step(ax, 1, "hold BOOTSEL")
    pico(ax, bootsel_down=True)
    ax.annotate("hold", (0.38, 0.74), (0.12, 0.95), arrowprops={"arrowstyle": "->"}, fontsize=9)

    ax = axes[1]
    step(ax, 2, "plug in USB, let go")
    pico(ax, bootsel_down=False)
    ax.plot([0.5, 0.5], [0.92, 1.0], color="black", lw=4)
    ax.text(0.5, 0.04, "a drive named RPI-RP2 appears", ha="center", fontsize=9)

    ax = axes[2]
    step(ax, 3, "drag the image onto RPI-RP2")
    ax.add_patch(FancyBboxPatch((0.05, 0.1), 0.9, 0.7, boxstyle="round,pad=0.02", fc="#eeeeee", ec="#555555"))
    ax.text(0.1, 0.72, "RPI-RP2", fontsize=10, weight="bold", va="top")
    ax.text(0.1, 0.58, "INDEX.HTM\nINFO_UF2.TXT", fontsize=8, va="top", family="monospace")
    ax.add_patch(FancyBboxPatch((0.3, 0.2), 0.6, 0.12, boxstyle="round,pad=0.01", fc="#bbdefb", ec="#1565c0"))
    ax.text(0.6, 0.26, UF2, fontsize=6.5, ha="center", va="center", family="monospace")
    ax.text(0.5, 0.02, "or: topper flash --uf2", ha="center", fontsize=9, family="monospace")

    ax = axes[3]
    step(ax, 4, "it restarts: the referee's menu")
    ax.imshow(rows, cmap="gray", interpolation="nearest", extent=(0.02, 0.98, 0.2, 0.88))
    ax.text(0.5, 0.06, "the OLED of the emulated board, booted from the image", ha="center", fontsize=7.5)

    fig.tight_layout()
    fig.savefig(OUT, dpi=110)
    print(OUT)


if __name__ == "__main__":
    main()
