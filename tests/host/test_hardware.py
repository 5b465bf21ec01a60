"""hardware/bom.csv is well formed and holds what an 8-seat build needs."""

import csv
import re
from pathlib import Path

BOM = Path(__file__).resolve().parents[2] / "hardware" / "bom.csv"


def rows():
    with open(BOM, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_bom_rows_are_complete():
    fields = ["ref", "qty", "part", "manufacturer", "part_number", "alternative", "notes"]
    with open(BOM, newline="", encoding="utf-8") as f:
        assert next(csv.reader(f)) == fields
    for row in rows():
        assert None not in row, "row {} has too many columns".format(row["ref"])
        assert row["ref"] and row["part"], row
        assert re.fullmatch(r"[1-9][0-9]*", row["qty"]), row


def test_bom_names_the_reference_parts():
    numbers = {r["part_number"] for r in rows()}
    for pn in ("SC0915", "1586", "938", "364", "1787", "160", "NTAG213"):
        assert pn in numbers, pn


def test_bom_has_a_button_per_seat_plus_the_table_button():
    buttons = sum(int(r["qty"]) for r in rows() if "Arcade button" in r["part"])
    assert buttons == 8 + 1
