#!/usr/bin/env python3
"""Writes the tables Sources/Forecast/Catalog/municipalities.tsv and municipality-names.tsv
(Scripts/tables.py) from Fixtures/jma/area-20250310.json, the agency's area table: its 1,787
municipalities (市区町村, class20 areas), each with the catalog city (class10 area) it lies in, and
the folded name forms by which an argument finds one. Run from anywhere after changing the JSON;
the tables are committed, and the build makes them into Swift (Plugins/Tables).

A municipality is found by its name, kana or English name (新宿区, しんじゅくく, Shinjuku City) and,
for a plain 市, 区, 町 or 村, without that suffix (新宿, しんじゅく, shinjuku). The agency splits 31
municipalities into parts (仙台市東部 and 仙台市西部; 釧路市釧路, 釧路市阿寒, …); a part is found by
its own name, and the municipality's name, when no part has it, finds every part. A form shared by
several municipalities stays in the table for each: the command lists them as candidates. A form
that folds to a catalog city's or a prefecture's key is left out: the catalog's own names win, and
the command looks here only when they fail.

The checks below are the table's invariants: 1,787 municipalities, each in a catalog city, codes
ascending (`Municipality.of(code:)` bisects), the keys ascending (`Municipality.named(_:)` bisects)."""
import collections, json, os, pathlib, sys

root = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(root / "Scripts"))
from tables import write_table
from namekey import fold

areas = json.loads((root / "Fixtures/jma/area-20250310.json").read_text(encoding="utf-8"))
class10s, class15s, class20s = areas["class10s"], areas["class15s"], areas["class20s"]


def table_rows(name):
    """The rows of a table this repository generates, as dictionaries, its `keys:list` split."""
    lines = [line for line in (root / "Sources/Forecast/Catalog" / name).read_text(encoding="utf-8").splitlines()
             if not line.startswith("#")]
    header = [label.split(":")[0] for label in lines[0].split("\t")]
    return [dict(zip(header, line.split("\t"))) for line in lines[1:]]


catalog = {row["id"]: row for row in table_rows("cities.tsv")}
catalog_keys = {key for name in ("cities.tsv", "prefectures.tsv") for row in table_rows(name) for key in row["keys"].split("|")}
assert len(catalog) == 142 and set(class10s) == set(catalog), "the class10 areas are the catalog's cities"


def city_of(code):
    parent = class20s[code]["parent"]
    return parent if parent in class10s else class15s[parent]["parent"]


SUFFIX_KANA = {"市": ("し",), "区": ("く",), "町": ("ちょう", "まち"), "村": ("むら", "そん")}
SUFFIX_ENGLISH = (" City", " Town", " Village", " Ward")


def forms(name, kana, english):
    """A municipality's name forms: as the agency writes them, and without the suffix of a plain 市,
    区, 町 or 村 (not a designated city's ward, 広島市中区, whose name without 区 names nothing)."""
    found = [name, kana, english]
    suffix = name[-1]
    if suffix in SUFFIX_KANA and len(name) > 1 and not (suffix == "区" and "市" in name[:-1]):
        found.append(name[:-1])
        found += [kana[:-len(ending)] for ending in SUFFIX_KANA[suffix] if kana.endswith(ending) and len(kana) > len(ending)]
        found += [english[:-len(ending)] for ending in SUFFIX_ENGLISH if english.endswith(ending)]
    return found


def common_base(names, suffixes):
    """The longest common start of `names` that ends with one of `suffixes`."""
    prefix = os.path.commonprefix(names)
    while prefix and not prefix.endswith(suffixes):
        prefix = prefix[:-1]
    return prefix


def base_english(english):
    """The municipality's English name in a part's: "Kushiro, Kushiro City", "Eastern Sendai City" and
    "Sasebo City (Uku Area)" are parts of "Kushiro City", "Sendai City" and "Sasebo City"."""
    english = english.split(" (")[0].split(", ")[-1]
    for side in ("Eastern ", "Western ", "Northern ", "Southern "):
        english = english.removeprefix(side)
    return english


codes = sorted(class20s)
assert codes == list(class20s), "the agency lists its municipalities in code order"
assert len(codes) == 1787, len(codes)

names = collections.defaultdict(set)   # folded key → codes


def add(key_forms, targets):
    for form in key_forms:
        key = fold(form)
        if key and key not in catalog_keys:
            names[key].update(targets)


# A municipality is the first five digits of a code (its JIS code); the last two tell its parts apart.
by_municipality = collections.defaultdict(list)
for code in codes:
    by_municipality[code[:5]].append(code)
split = 0
for parts in by_municipality.values():
    entries = [class20s[code] for code in parts]
    if len(parts) == 1:
        entry = entries[0]
        add(forms(entry["name"], entry["kana"], entry["enName"]), parts)
        continue
    split += 1
    base = common_base([entry["name"] for entry in entries], tuple(SUFFIX_KANA))
    base_kana = common_base([entry["kana"] for entry in entries], tuple(k for ks in SUFFIX_KANA.values() for k in ks))
    english = {base_english(entry["enName"]) for entry in entries}
    assert base and base_kana and len(english) == 1, (parts, base, base_kana, english)
    whole = [code for code in parts if class20s[code]["name"] == base]
    for code, entry in zip(parts, entries):
        add([entry["name"], entry["kana"], entry["enName"]] if code not in whole else [], [code])
    # The municipality's own name finds its whole part (郡山市) if it has one, else every part.
    add(forms(base, base_kana, english.pop()), whole or parts)
assert split == 31, split

write_table(
    root / "Sources/Forecast/Catalog/municipalities.tsv", "Municipality.table: String",
    ["The agency's 1,787 municipalities (市区町村, its class20 areas) in code order, which",
     "`of(code:)` relies on: code, name, kana, English name and the catalog city they lie in;",
     "kept as text (`TextTable`). Written by Scripts/generate-municipalities.py from",
     "Fixtures/jma/area-20250310.json."],
    ["code", "name", "kana", "english", "city"],
    [[code, class20s[code]["name"], class20s[code]["kana"], class20s[code]["enName"], city_of(code)] for code in codes])

# In the order of their UTF-8 bytes, which is the order of their code points.
key_rows = [[key, code] for key in sorted(names) for code in sorted(names[key])]
assert all("\t" not in key and "\n" not in key for key in names)
write_table(
    root / "Sources/Forecast/Catalog/municipality-names.tsv", "Municipality.names: String",
    ["The folded name forms of the municipalities, a row a form and municipality, in ascending",
     "order of the form (its UTF-8 bytes), which `named(_:)` relies on; a form several",
     "municipalities share has a row for each. Forms that are a catalog city's or a",
     "prefecture's are left out. Kept as text (`TextTable`). Written by",
     "Scripts/generate-municipalities.py from Fixtures/jma/area-20250310.json."],
    ["key", "code"],
    key_rows)
shared = sorted({class20s[c]["name"] for c in codes if sum(class20s[d]["name"] == class20s[c]["name"] for d in codes) > 1})
print(f"{len(codes)} municipalities ({split} split), {len(names)} forms in {len(key_rows)} rows; {len(shared)} names shared")
