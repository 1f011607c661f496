#!/usr/bin/env python3
"""Writes the table Sources/Forecast/Observations/amedas-stations.tsv (Scripts/tables.py) from Fixtures/jma/amedas/amedastable.json
(the agency's station table, bosai/amedas/const/amedastable.json) and the AMeDAS points of
Fixtures/jma/areas.tsv: the code, Japanese name and English name of every station that serves a
catalog city, in ascending code order (which `AmedasStation.named(_:)` searches by halves).
Run from anywhere after changing either file; the table is committed, and the build makes it into Swift (Plugins/Tables).

A point the table does not hold (a former code such as 名瀬's 88836) is left out: its
observations, if a file ever has them, print without a station name."""
import csv, json, pathlib, sys

root = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(root / "Scripts"))
from tables import write_table
with open(root / "Fixtures/jma/amedas/amedastable.json", encoding="utf-8") as f:
    table = json.load(f)
with open(root / "Fixtures/jma/areas.tsv", encoding="utf-8") as f:
    points = {p for row in csv.DictReader(f, delimiter="\t") for p in row["amedas"].split(",") if p}

# Codes the agency has since changed, which older files still carry, named as the station that
# replaced them (as Scripts/generate-agency-areas.py lists them among the points).
FORMER = {"88836": "88837"}
for former, current in FORMER.items():
    if former not in table and current in table:
        table[former] = table[current]
        points.add(former)
missing = sorted(p for p in points if p not in table)
stations = sorted(p for p in points if p in table)
assert all(len(p) == 5 and p.isdigit() for p in stations)

out = root / "Sources/Forecast/Observations/amedas-stations.tsv"
write_table(
    out, "AmedasStation.table: [AmedasStation]",
    [f"The {len(stations)} stations that serve the catalog's cities, in ascending code order.",
     "Written by Scripts/generate-amedas-stations.py from Fixtures/jma/amedas/amedastable.json",
     "and Fixtures/jma/areas.tsv."],
    ["code", "name", "english"],
    [[code, table[code]["kjName"], table[code]["enName"]] for code in stations])
print(f"{out.relative_to(root)}: {len(stations)} stations; not in the table: {', '.join(missing) or 'none'}")
