#!/usr/bin/env python3
"""Writes Fixtures/jma/crafted/*: the agency's real office files with one trap each, for the
tests of AgencyForecast. Run from anywhere; the output is committed.

- forecast-380000-crafted.json: 愛媛県, for which no real file was saved. Built from Aichi's
  2025-07-17 17:00 file, whose weekly forecast also has one area for the whole office:
  380010 中予 takes 西部's series, 380020 東予 東部's, 380030 南予 its own; the 3-day
  temperatures name 松山 73166 (名古屋's values), 新居浜 73141 (豊橋's: 380020's first point
  73136 is left out, as the API's source says happens) and 宇和島 73442; the weekly forecast
  has 愛媛県 380000 (愛知県's values) and 松山 only.
- unknown-code.json: Tokyo 2026-03-12, with code "999" on 03-13 (3-day) and 03-14 (weekly).
- empty-strings.json: Tokyo 2026-03-12, with "" in place of several values.
- short-array.json / short-weekly.json: an array with one value fewer than its times.
- one-report.json: the 3-day report alone. html.json, truncated.json: not JSON.
- bad-number.json: a temperature that is not a number. object.json: an overview, not a forecast.
"""
import copy, json, pathlib

root = pathlib.Path(__file__).resolve().parent.parent
jma = root / "Fixtures" / "jma"
out = jma / "crafted"
out.mkdir(exist_ok=True)

def load(name):
    return json.loads((jma / name).read_text(encoding="utf-8"))

def write(name, body):
    text = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False, separators=(",", ":")) + "\n"
    (out / name).write_text(text, encoding="utf-8")

# 愛媛県 from Aichi.
aichi = load("forecast-230000-20250717.json")
b = copy.deepcopy(aichi)
for report in b:
    report["publishingOffice"] = "松山地方気象台"
weather, rain, temps = b[0]["timeSeries"]
west, east = weather["areas"]
west["area"] = {"name": "中予", "code": "380010"}
east["area"] = {"name": "東予", "code": "380020"}
south = copy.deepcopy(east)
south["area"] = {"name": "南予", "code": "380030"}
south["weatherCodes"] = ["300", "202", "201"]
weather["areas"] = [west, east, south]
rain_west, rain_east = rain["areas"]
rain_west["area"] = {"name": "中予", "code": "380010"}
rain_east["area"] = {"name": "東予", "code": "380020"}
rain_south = {"area": {"name": "南予", "code": "380030"}, "pops": ["70", "60", "50", "40", "30"]}
rain["areas"] = [rain_west, rain_east, rain_south]
nagoya, toyohashi = temps["areas"]
nagoya["area"] = {"name": "松山", "code": "73166"}
toyohashi["area"] = {"name": "新居浜", "code": "73141"}
temps["areas"] = [nagoya, toyohashi, {"area": {"name": "宇和島", "code": "73442"}, "temps": ["24", "29"]}]
week_weather, week_temps = b[1]["timeSeries"]
week_weather["areas"][0]["area"] = {"name": "愛媛県", "code": "380000"}
week_temps["areas"][0]["area"] = {"name": "松山", "code": "73166"}
for average in ("tempAverage", "precipAverage"):
    b[1][average]["areas"][0]["area"] = {"name": "松山", "code": "73166"}
write("forecast-380000-crafted.json", b)

tokyo = load("forecast-130000-20260312.json")

b = copy.deepcopy(tokyo)
b[0]["timeSeries"][0]["areas"][0]["weatherCodes"][1] = "999"
b[1]["timeSeries"][0]["areas"][0]["weatherCodes"][2] = "999"
write("unknown-code.json", b)

b = copy.deepcopy(tokyo)
b[0]["timeSeries"][0]["areas"][0]["weatherCodes"][0] = ""     # today's weather: from the week
b[0]["timeSeries"][0]["areas"][0]["winds"][0] = ""             # today's wind: unknown
b[0]["timeSeries"][1]["areas"][0]["pops"][4] = ""              # 03-13 06:00: unknown
b[0]["timeSeries"][2]["areas"][0]["temps"][3] = ""             # 03-13 09:00 max: unknown
b[1]["timeSeries"][0]["areas"][0]["reliabilities"][3] = ""     # 03-15
b[1]["timeSeries"][0]["areas"][0]["pops"][4] = ""              # 03-16
b[1]["timeSeries"][1]["areas"][0]["tempsMax"][5] = ""          # 03-17
b[1]["timeSeries"][1]["areas"][0]["tempsMinLower"][6] = ""     # 03-18
write("empty-strings.json", b)

b = copy.deepcopy(tokyo)
b[0]["timeSeries"][1]["areas"][0]["pops"].pop()
write("short-array.json", b)

b = copy.deepcopy(tokyo)
b[1]["timeSeries"][1]["areas"][2]["tempsMin"].pop()
write("short-weekly.json", b)

write("one-report.json", [copy.deepcopy(tokyo[0])])

b = copy.deepcopy(tokyo)
b[1]["timeSeries"][1]["areas"][0]["tempsMin"][1] = "4度"
write("bad-number.json", b)

write("html.json", "<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body></body></html>\n")
write("truncated.json", (jma / "forecast-130000-20260312.json").read_text(encoding="utf-8")[:300])
write("object.json", load("overview_forecast-130000-20230728.json"))
