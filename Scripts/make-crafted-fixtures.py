#!/usr/bin/env python3
"""Writes Fixtures/crafted/*.json: real sample bodies with one trap each, for decoding tests.
Run from the repository root; the output is committed."""
import copy, json, pathlib

root = pathlib.Path(__file__).resolve().parent.parent
out = root / "Fixtures" / "crafted"
out.mkdir(exist_ok=True)
tokyo = json.loads((root / "Fixtures" / "130010.json").read_text(encoding="utf-8"))

def write(name, body):
    text = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False, indent=4) + "\n"
    (out / name).write_text(text, encoding="utf-8")

b = copy.deepcopy(tokyo)
for day in b["forecasts"]:
    day["detail"] = {"weather": None, "wind": None, "wave": None}
write("detail-null.json", b)

b = copy.deepcopy(tokyo)
b["forecasts"][2]["telop"] = None
b["forecasts"][2]["image"]["title"] = None
b["forecasts"][2]["image"]["url"] = None
write("telop-null.json", b)

b = copy.deepcopy(tokyo)
for day in b["forecasts"]:
    day["chanceOfRain"] = {k: "--%" for k in ("T00_06", "T06_12", "T12_18", "T18_24")}
write("rain-unknown.json", b)

b = copy.deepcopy(tokyo)
b["forecasts"][0]["temperature"]["max"] = {"celsius": "-0.5", "fahrenheit": "31.1"}
b["forecasts"][1]["temperature"]["min"] = {"celsius": "-3", "fahrenheit": "26.6"}
b["forecasts"][1]["temperature"]["max"] = {"celsius": "26.5", "fahrenheit": "79.7"}
write("temperatures-negative-fractional.json", b)

b = copy.deepcopy(tokyo)
b["pinpointLocations"] = [{"link": "https://example.invalid/", "name": "千代田区"}]
b["forecasts"][0]["extra"] = {"nested": [1, 2, 3]}
b["location"]["latitude"] = 35.69
write("extra-fields.json", b)

b = copy.deepcopy(tokyo)
del b["forecasts"][1]["dateLabel"]
write("missing-field.json", b)

# Keys that may hold null must still be there: a missing one is a broken body, not "unknown".
b = copy.deepcopy(tokyo)
del b["forecasts"][0]["detail"]["wave"]
write("missing-nullable-wave.json", b)

b = copy.deepcopy(tokyo)
del b["forecasts"][2]["telop"]
write("missing-nullable-telop.json", b)

b = copy.deepcopy(tokyo)
b["forecasts"][1]["temperature"]["max"]["celsius"] = 27
write("wrong-type-temperature.json", b)

b = copy.deepcopy(tokyo)
b["forecasts"][0]["chanceOfRain"]["T12_18"] = 10
write("wrong-type-rain.json", b)

b = copy.deepcopy(tokyo)
b["forecasts"][2]["chanceOfRain"]["T06_12"] = "ten"
write("bad-percentage.json", b)

b = copy.deepcopy(tokyo)
b["forecasts"] = {"today": "晴れ"}
write("wrong-type-forecasts.json", b)

b = copy.deepcopy(tokyo)
b["forecasts"][1]["temperature"]["min"] = {"celsius": "－１", "fahrenheit": "３０．２"}
b["forecasts"][1]["temperature"]["max"] = {"celsius": "２６．５", "fahrenheit": "79.7"}
b["forecasts"][1]["chanceOfRain"] = {"T00_06": "１０％", "T06_12": "０%", "T12_18": "100%", "T18_24": "－－％"}
write("full-width-numbers.json", b)

b = copy.deepcopy(tokyo)
b["forecasts"][0]["telop"] = "曇海上海岸は霧か霧雨"
write("long-telop.json", b)

write("empty.json", "")
write("html.json", "<!DOCTYPE html>\n<html><head><title>500 Server Error</title></head>\n<body><h1>Server Error</h1></body></html>\n")
write("api-error.json", '{\n    "error": "The specified city ID is invalid."\n}')
write("api-error-jma.json", '{\n    "error": "Request to JMA API failed (HTTP Error 503)"\n}')
write("truncated.json", (root / "Fixtures" / "130010.json").read_text(encoding="utf-8")[:1000])

# Hostile text: every text field carries what would take over a terminal printed raw. OSC 0
# (window title, ended by BEL), CSI 2J (clear screen), the 8-bit CSI (U+009B), DEL, a bidi
# override and an isolate, a tab, CR, LF, NUL, NEL and LINE SEPARATOR. C0 controls are \u-escaped
# in the JSON text (as JSON requires); DEL, C1 and bidi characters are written raw, in UTF-8.
HOSTILE = "\u001b]0;PWNED\u0007\u001b[2J\u009b31m\u007f\u202eevil\u2069\u2066\t\r\n\u0000\u0085\u2028!"
NUMERIC = {"temperature", "chanceOfRain", "width", "height"}

def poison(value, key=None):
    if key in NUMERIC:
        return value
    if isinstance(value, dict):
        return {k: poison(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [poison(v, key) for v in value]
    if isinstance(value, str):
        return value + HOSTILE
    return value

write("hostile.json", poison(copy.deepcopy(tokyo)))
write("api-error-hostile.json", json.dumps({"error": "The specified city ID" + HOSTILE + " is invalid."}, ensure_ascii=False, indent=4) + "\n")
