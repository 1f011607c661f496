#!/usr/bin/env bash
# Writes Scripts/link/forecast.order: the functions of `forecast` that its common runs execute,
# in the order they first run, for lld's --symbol-ordering-file (Makefile's release build).
#
# The release binary is about 10 MB of code, and a run executes about 750 KB of it, scattered:
# each page it touches is read in with its neighbours (the kernel maps up to 64 KB around a
# fault), and one city over loopback had 6.6 MB of the binary's code resident. Laid out in
# this order, the functions a run needs sit together, and fewer pages are touched.
#
# Only functions in a section of their own can be moved (most of Swift's runtime and of our
# modules; not all of the standard library), and a name the binary no longer has is skipped:
# an out-of-date list costs only some of the gain. Run it again after large changes.
#
# Usage: Scripts/make-symbol-order.sh   (needs valgrind and curl's headers; about 2 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }

source Benchmarks/build-release.sh
source Benchmarks/mock.sh
isolated_run
start_mock base

# The runs status bars, cron jobs and people make, most common first.
runs=(
    "--version"
    "--base-url $base 130010"
    "--no-cache --base-url $base 130010"
    "--base-url $base -f line 130010"
    "--no-cache -p --base-url $base 130010 140010 270000 016010"
    "--base-url $base -f table 130010 140010"
    "--base-url $base -f json 130010"
    "cities"
)
"$forecast" --base-url "$base" 130010 140010 >/dev/null   # the warm cache
i=0
for run in "${runs[@]}"; do
    i=$((i + 1))
    # shellcheck disable=SC2086 # each run is a list of words
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/run.$i" "$forecast" $run \
        >/dev/null 2>"$work/valgrind.$i" || { echo "failed under valgrind: forecast $run" >&2; tail -5 "$work/valgrind.$i" >&2; exit 1; }
done

nm --defined-only "$forecast" | awk '$2 ~ /^[tTwW]$/ { print $3 }' >"$work/defined"
python3 - "$work" >"$work/forecast.order" <<'PY'
import re, sys, glob, os
work = sys.argv[1]
# A name defined more than once is a local symbol that many objects have (objectdestroyTm, a
# value witness such as $sSnwxx): lld moves every section that defines it, and one of those
# pulled the whole 480 KB of _RegexParser, which no run executes, in among the hot functions.
# Such names are left out.
names_defined = open(os.path.join(work, "defined")).read().split()
counts = {}
for name in names_defined:
    counts[name] = counts.get(name, 0) + 1
defined = {name for name, count in counts.items() if count == 1}
seen, order = set(), []
for path in sorted(glob.glob(os.path.join(work, "run.*")), key=lambda p: int(p.rsplit(".", 1)[1])):
    names = {}
    for line in open(path, errors="replace"):
        match = re.match(r"^c?fn=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if not match:
            continue
        ident, name = match.groups()
        if name:
            names[ident] = name
        name = names.get(ident)
        if name in defined and name not in seen:
            seen.add(name)
            order.append(name)
print("\n".join(order))
PY
[ -s "$work/forecast.order" ] || { echo "make-symbol-order: no function found" >&2; exit 1; }
mv "$work/forecast.order" Scripts/link/forecast.order
echo "Scripts/link/forecast.order: $(wc -l <Scripts/link/forecast.order) functions; \`make\` relinks with it" >&2
