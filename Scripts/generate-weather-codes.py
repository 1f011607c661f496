#!/usr/bin/env python3
"""Writes the table Sources/Forecast/Catalog/weather-codes.tsv (Scripts/tables.py) from Fixtures/telops.tsv (the API's
WeatherDefinition table: JMA weather code, day icon, group code, Japanese phrase, JMA's English
phrase). Run from anywhere after changing the TSV; the table is committed, and the build makes it into Swift (Plugins/Tables).

JMA writes its English phrases in capitals, with a few typing slips. They are compiled in
sentence case ("CLEAR, PARTLY CLOUDY LATER" -> "Clear, partly cloudy later"), with a space
after every comma, no trailing comma, and the slips below mended; a test checks that every
phrase still says what JMA's says, letter for letter apart from case, spaces and these fixes."""
import csv, pathlib, sys

root = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(root / "Scripts"))
from tables import write_table

# JMA's slips: words run together, letters doubled or dropped.
FIXES = {
    "SCCATERED": "SCATTERED",
    "MOUTAINOUS": "MOUNTAINOUS",
    "RAINORSNOW": "RAIN OR SNOW",
    "SNOWORRAIN": "SNOW OR RAIN",
    "HEAVYRAIN": "HEAVY RAIN",
    "HEAVYSNOWSTORM": "HEAVY SNOWSTORM",
    "HEAVYSNOW": "HEAVY SNOW",
    "SNOWTHROUGHOUT": "SNOW THROUGHOUT",
    "CLOUDY FREQUENT": "CLOUDY, FREQUENT",
    "CLOUDY OCCASIONAL": "CLOUDY, OCCASIONAL",
}


def sentence_case(text):
    for wrong, right in FIXES.items():
        text = text.replace(wrong, right)
    parts = [part.strip() for part in text.split(",")]
    text = ", ".join(part for part in parts if part)
    text = text.lower()
    return text[:1].upper() + text[1:]


with open(root / "Fixtures" / "telops.tsv", encoding="utf-8") as f:
    rows = list(csv.DictReader(f, delimiter="\t"))
# WeatherCode.lookup(_:) searches the table by bisection: the codes must ascend.
assert [int(r["code"]) for r in rows] == sorted(int(r["code"]) for r in rows), "telops.tsv must list codes in ascending order"

write_table(
    root / "Sources/Forecast/Catalog/weather-codes.tsv", "WeatherCode.table: [WeatherCode]",
    ["The API's 118 weather codes in JMA's order: code, day icon, group, the API's Japanese",
     "phrase and JMA's English phrase in sentence case. JMA's order is ascending code order,",
     "which `lookup(_:)` relies on. Written by Scripts/generate-weather-codes.py from",
     "Fixtures/telops.tsv, which checks the order."],
    ["code:number", "icon:number", "group:number", "telop", "english"],
    [[int(row["code"]), int(row["day_icon"].removesuffix(".svg")), int(row["group_code"]), row["telop"],
      sentence_case(row["telop_en"])] for row in rows])
