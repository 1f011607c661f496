#!/usr/bin/env python3
"""Writes the tables Sources/Forecast/Catalog/cities.tsv and prefectures.tsv (Scripts/tables.py) from
Fixtures/cities.tsv, Fixtures/cities-api-location.tsv (the API's 142 cities),
Fixtures/cities-readings.tsv (JMA's kana reading and English name of each) and
Fixtures/prefectures.tsv (the 47 prefectures and their readings). Run from anywhere after
changing one of them; the table is committed, and the build makes it into Swift (Plugins/Tables).

The Hepburn romaji of every reading and the folded lookup keys of every name form are computed
here, once, so that the command does no kana conversion when it starts (Scripts/namekey.py folds
them as `NameKey.fold` does; a test checks that the two agree for every key)."""
import csv, pathlib, sys

root = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(root / "Scripts"))
from tables import write_table
from namekey import fold, hiragana, keys
def rows(name):
    with open(root / "Fixtures" / name, encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))

# --- kana to Hepburn romaji ------------------------------------------------------------------

BASE = dict(zip(
    "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"
    "がぎぐげござじずぜぞだぢづでどばびぶべぼぱぴぷぺぽ",
    "a i u e o ka ki ku ke ko sa shi su se so ta chi tsu te to na ni nu ne no ha hi fu he ho "
    "ma mi mu me mo ya yu yo ra ri ru re ro wa o n "
    "ga gi gu ge go za ji zu ze zo da ji zu de do ba bi bu be bo pa pi pu pe po".split()))
SMALL_Y = {"ゃ": "a", "ゅ": "u", "ょ": "o"}

def syllables(reading):
    """The reading as Hepburn syllables, before long vowels are marked."""
    text = hiragana(reading)
    out, i, double = [], 0, False
    while i < len(text):
        c = text[i]
        if c == "っ":
            double = True
            i += 1
            continue
        syllable = BASE[c]
        if i + 1 < len(text) and text[i + 1] in SMALL_Y:
            stem = syllable[:-1]  # き → k, し → sh, ち → ch, じ → j
            syllable = (stem if stem in ("sh", "ch", "j") else stem + "y") + SMALL_Y[text[i + 1]]
            i += 1
        if double:
            syllable = ("t" if syllable.startswith("ch") else syllable[0]) + syllable
            double = False
        out.append(syllable)
        i += 1
    return out

MACRON = {"o": "ō", "u": "ū", "a": "ā"}

def romaji(reading):
    """Modified Hepburn with macrons: トウキョウ → Tōkyō, オオサカ → Ōsaka, シンジョウ → Shinjō."""
    parts = syllables(reading)
    text = ""
    for n, s in enumerate(parts):
        if text and text[-1] == "n" and parts[n - 1] == "n" and s[0] in "aiueoy":
            text += "'"
        long_vowel = text and ((text[-1] == "o" and s in ("u", "o")) or (text[-1] == "u" and s == "u"))
        if long_vowel:
            text = text[:-1] + MACRON[text[-1]]
        else:
            text += s
    return text[0].upper() + text[1:]

# --- the catalog -----------------------------------------------------------------------------

catalog = rows("cities.tsv")
location = {r["id"]: r for r in rows("cities-api-location.tsv")}
readings = {r["id"]: r for r in rows("cities-readings.tsv")}
assert len(catalog) == 142 and set(location) == {r["id"] for r in catalog} == set(readings)
# CityCatalog.city(id:) searches the table by bisection: the IDs must ascend.
assert [r["id"] for r in catalog] == sorted(r["id"] for r in catalog), "cities.tsv must list IDs in ascending order"

owner = {}
city_rows = []
for r in catalog:
    loc, rd = location[r["id"]], readings[r["id"]]
    assert rd["name"] == r["name"], r["id"]
    roman = romaji(rd["kana"])
    city_keys = keys(r["name"], rd["kana"], rd["english"], roman)
    for key in city_keys:
        assert owner.setdefault(key, r["id"]) == r["id"], f"{key}: {owner[key]} and {r['id']}"
    city_rows.append([r["id"], r["name"], loc["location_prefecture"], r["prefecture"], loc["location_district"],
                      loc["location_area"], rd["english"], rd["kana"], roman,
                      f'{float(rd["lat"]):.4f}', f'{float(rd["lon"]):.4f}', city_keys])
write_table(
    root / "Sources/Forecast/Catalog/cities.tsv", "CityCatalog.cities: [City]",
    ["The API's 142 cities, in the order of its primary_area.xml, with JMA's readings and",
     "English names, the Hepburn romaji, the coordinates of its AMeDAS point and the folded",
     "keys of every name form. That order is also ascending ID order, which `city(id:)` relies",
     "on. Written by Scripts/generate-catalog.py from Fixtures/cities.tsv,",
     "Fixtures/cities-api-location.tsv and Fixtures/cities-readings.tsv, which checks the order."],
    ["id", "name", "prefecture", "region", "district", "area", "english", "kana", "romaji",
     "latitude:number", "longitude:number", "keys:list"],
    city_rows)

prefectures = rows("prefectures.tsv")
assert len(prefectures) == 47
assert {loc["location_prefecture"] for loc in location.values()} == {p["name"] for p in prefectures}
prefecture_rows = []
for p in prefectures:
    roman = romaji(p["kana"])
    full_kana = p["kana"] + p["suffix_kana"]
    prefecture_rows.append([p["name"], full_kana, roman, keys(p["name"], p["short"], p["kana"], full_kana, roman, romaji(full_kana))])
write_table(
    root / "Sources/Forecast/Catalog/prefectures.tsv", "CityCatalog.prefectures: [Prefecture]",
    ["The 47 prefectures, north to south, with the folded keys of their names (with and",
     "without 都, 道, 府 or 県, in kana and in romaji). Written by Scripts/generate-catalog.py",
     "from Fixtures/prefectures.tsv."],
    ["name", "kana", "romaji", "keys:list"],
    prefecture_rows)
