#!/usr/bin/env python3
"""Lists the public symbols of CurlHTTP and Forecast that have no doc comment.

Usage: Scripts/check-docs.py [SYMBOL_GRAPH_DIR]   (run `make docs` first; it extracts them)

Reads the symbol graphs the swift-docc-plugin extracted (by default under
.build/*/extracted-symbols/). Members a type gets from a protocol without writing them
(hash(into:), filter(_:) and the like) have no source location and are not counted: DocC shows
them as inherited. Exits 1 if any symbol is undocumented.
"""

import glob
import json
import sys

pattern = (sys.argv[1] + "/**/" if len(sys.argv) > 1 else ".build/*/extracted-symbols/**/")
paths = [p for p in glob.glob(pattern + "*.symbols.json", recursive=True)
         if p.rsplit("/", 1)[-1] in ("CurlHTTP.symbols.json", "Forecast.symbols.json")]
if not paths:
    sys.exit("check-docs: no symbol graphs found; run `make docs` first")
missing = []
for path in sorted(paths):
    for symbol in json.load(open(path))["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open") or "docComment" in symbol:
            continue
        location = symbol.get("location")
        if location is None:
            continue
        file = location["uri"].rsplit("/", 1)[-1]
        missing.append("%s:%d: %s" % (file, location["position"]["line"] + 1,
                                      ".".join(symbol["pathComponents"])))
for line in sorted(missing):
    print(line)
print("check-docs: %d public symbols without a doc comment" % len(missing))
sys.exit(1 if missing else 0)
