#!/usr/bin/env python3
"""Writes the table Sources/Forecast/Catalog/agency-areas.tsv (Scripts/tables.py) from Fixtures/jma/areas.tsv: for each of the
API's 142 cities (a JMA class10 area) its name and English name, the forecast office whose file
holds it, the office's page code, the AMeDAS points whose temperatures stand for it (first
preferred) and its class20 code. Run from anywhere after changing the TSV; the table is committed, and the build makes it into Swift (Plugins/Tables).

The checks below are the table's invariants: every catalog city has exactly one row, the 142
cities fall into 56 offices (so a week for every city costs 56 requests), every point is a
5-digit AMeDAS code, and no point is listed twice for a city."""
import csv, pathlib, sys

root = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(root / "Scripts"))
from tables import write_table

def rows(name):
    with open(root / "Fixtures" / name, encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))

# Station codes the agency has since changed, that older files still carry: each former code
# is tried right after the code that replaced it, before the area's other stations. areas.tsv
# is the API's table of 2026, which names only 名瀬's new code 88837; the 2021 files name the
# same station 88836 (Fixtures/jma/forecast-460100-20210724.json).
FORMER_POINTS = {"460040": {"88837": "88836"}}

areas = rows("jma/areas.tsv")
catalog = [r["id"] for r in rows("cities.tsv")]
location = {r["id"]: r for r in rows("cities-api-location.tsv")}
assert [r["id"] for r in areas] == catalog, "areas.tsv must list the catalog's cities in its order"
assert len(areas) == 142

def points(row):
    listed = [p for p in row["amedas"].split(",") if p]
    former = FORMER_POINTS.get(row["id"], {})
    out = []
    for point in listed:
        out.append(point)
        if point in former:
            out.append(former[point])
    assert out and all(len(p) == 5 and p.isdigit() for p in out), row["id"]
    assert len(set(out)) == len(out), row["id"]
    return out


offices = []
area_rows = []
for r in areas:
    loc = location[r["id"]]
    assert loc["jma_office_code"] == r["office"], r["id"]
    if r["office"] not in offices:
        offices.append(r["office"])
    area_rows.append([r["id"], r["class10_name"], r["class10_en"], r["office"], r["office_name"],
                      loc["link_area_code"], points(r), r["class20"] or None])
assert len(offices) == 56, len(offices)
write_table(
    root / "Sources/Forecast/Catalog/agency-areas.tsv", "AgencyArea.table: [AgencyArea]",
    ["The 142 cities' areas in the catalog's order: class10 name and English name, office,",
     "the office's name, the agency page's code, AMeDAS points (first preferred) and class20.",
     "The catalog's order is ascending ID order, which `of(id:)` relies on. Written by",
     "Scripts/generate-agency-areas.py from Fixtures/jma/areas.tsv and Fixtures/cities-api-location.tsv."],
    ["city", "name", "english", "office", "officeName", "page", "points:list", "class20:optional"],
    area_rows)
print(f"{len(areas)} cities, {len(offices)} offices")
