#!/usr/bin/env bash
# Where a short run's instructions and resident pages go, forecast beside curl, in one run: issue
# 42's "measure first, per part".
#
#   instructions (valgrind --tool=callgrind, inclusive costs): of --version, one city from a warm
#   cache, one city over loopback (--no-cache) and curl for the same URL, split into
#     loader     the dynamic loader before main (_dl_start: mapping and relocating the binary,
#                libc and, for curl, libcurl and the 30 libraries behind it)
#     libcurl    libcurl's load by dlopen (forecast loads it on first use: the same 30 libraries,
#                mapped and relocated) and its global init (OpenSSL's, mostly)
#     types      Swift metadata made by mangled name on first use (__swift_instantiateConcrete-
#                TypeFromMangledName, swift_getTypeByMangledName from elsewhere), the protocol
#                conformance scans it and other first uses do included
#     run        everything else: the runtime's own start, option parsing, the fetch, the output
#   resident pages (smaps at exit, Benchmarks/smaps-at-exit.c preloaded): the binary, libc,
#   OpenSSL's libcrypto and libssl, the rest of libcurl's tree, anonymous memory and the heap
#
# Usage: Benchmarks/startup-parts.sh [FORECAST]   (default: the release build, built as `make` does)
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in valgrind callgrind_annotate curl gcc python3; do
    command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }
done

if [ $# -gt 0 ]; then
    forecast=$1
    bin=$(dirname "$(readlink -f "$forecast")")
    [ -x "$bin/forecast-mock" ] || bin=$(swift build --show-bin-path)
    [ -x "$bin/forecast-mock" ] || swift build --product forecast-mock >/dev/null
else
    source Benchmarks/build-release.sh
fi

source Benchmarks/mock.sh
isolated_run
start_mock base
gcc -O2 -shared -fPIC -o "$work/smaps.so" Benchmarks/smaps-at-exit.c
"$forecast" --base-url "$base" 130010 >/dev/null   # the warm cache

# parts NAME COMMAND…: one callgrind run and one run with smaps at exit; prints a line of parts.
parts() {
    local name=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$work/$name.cg" "$@" >/dev/null 2>&1
    SMAPS_OUT="$work/$name.smaps" LD_PRELOAD="$work/smaps.so" "$@" >/dev/null 2>&1
    callgrind_annotate --inclusive=yes --threshold=100 "$work/$name.cg" >"$work/$name.txt" 2>/dev/null
    python3 - "$name" "$work/$name.txt" "$work/$name.smaps" "$(readlink -f "$(command -v "$1")")" <<'EOF'
import re, sys
name, annotated, smaps, executable = sys.argv[1:]
inclusive = {}
total = 0
for line in open(annotated, encoding="utf-8", errors="replace"):
    m = re.match(r"\s*([\d,]+) \([^)]*\)\s+(.*)$", line)
    if not m:
        continue
    cost, what = int(m.group(1).replace(",", "")), m.group(2)
    if what == "PROGRAM TOTALS":
        total = cost
        continue
    # The function's name without its file, its object and a recursion mark ('2).
    function = re.sub(r"'\d+$", "", re.sub(r" \[[^]]*\]$", "", what).split(":", 1)[-1])
    inclusive.setdefault(function, cost)
def cost(*names):
    return max((inclusive.get(n, 0) for n in names), default=0)
loader = cost("_dl_start")
libcurl = cost("dlopen@@GLIBC_2.34") + cost("curl_global_init")
types = cost("__swift_instantiateConcreteTypeFromMangledName")
run = total - loader - libcurl - types
pages = {}
mapping = None
for line in open(smaps):
    m = re.match(r"^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$", line)
    if m:
        path = m.group(1).strip()
        base = path.rsplit("/", 1)[-1]
        if path == executable:
            mapping = "binary"
        elif base.startswith("libc.so") or base.startswith("libm.so") or base.startswith("ld-linux"):
            mapping = "libc"
        elif base.startswith(("libcrypto", "libssl")):
            mapping = "openssl"
        elif base.startswith("lib") and ".so" in base and "smaps" not in base:
            mapping = "curltree"
        elif base in ("smaps.so",):
            mapping = "ignored"
        else:
            mapping = "anon"
        continue
    if line.startswith("Rss:") and mapping != "ignored":
        pages[mapping] = pages.get(mapping, 0) + int(line.split()[1])
m = lambda n: "%.2f M" % (n / 1e6)
mb = lambda k: "%.1f MB" % (k / 1024)
print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
    name, m(total), m(loader), m(libcurl), m(types), m(run),
    mb(sum(pages.values())), mb(pages.get("binary", 0)), mb(pages.get("libc", 0)), mb(pages.get("openssl", 0)),
    mb(pages.get("curltree", 0)), mb(pages.get("anon", 0))))
EOF
}

echo "| run | instructions | loader | libcurl | types | run | resident at exit | binary | libc | OpenSSL | libcurl's tree | anonymous |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
parts "forecast --version" "$forecast" --version
parts "forecast, a cache hit" "$forecast" --base-url "$base" 130010
parts "forecast, one city over loopback" "$forecast" --no-cache --base-url "$base" 130010
parts "curl, the same city" curl -s -o /dev/null "$base/api/forecast/city/130010"
