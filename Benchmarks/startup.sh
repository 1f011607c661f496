#!/usr/bin/env bash
# Start-up and footprint, forecast beside curl in one run, on the release build README makes:
# the whole table of issue 14.
#
#   instructions (valgrind --tool=callgrind, repeatable on a noisy machine):
#     forecast --version; one city from a warm cache; one city over loopback (--no-cache),
#     against `curl -s URL` for the same city
#   wall: CITIES cities at LATENCY ms, `forecast --no-cache -p -j JOBS` against
#     `curl --parallel --parallel-immediate --parallel-max JOBS`, medians of RUNS, alternating
#   peak RSS (GNU time): one city over loopback, and the parallel run, each tool
#
# Every figure is printed beside its target, and whether it is met.
#
# Usage: Benchmarks/startup.sh [--latency MS] [--cities N] [--jobs J] [--runs R]
#        (defaults: 100 ms, 142 cities, 50, 5). Needs curl, valgrind and GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."

latency=100 count=142 jobs=50 runs=5
source Benchmarks/options.sh
read_options "[--latency MS] [--cities N] [--jobs J] [--runs R]" "$@"
for tool in valgrind curl /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install valgrind curl time)" >&2; exit 1; }
done

source Benchmarks/build-release.sh

source Benchmarks/mock.sh
isolated_run

start_mock fast --latency 0
start_mock slow --latency "$latency"

# instructions COMMAND…: callgrind's instruction count of one run.
instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$@" 2>&1 >/dev/null |
        awk '/Collected :/ { print $4 }'
}
# rss COMMAND…: peak RSS of one run, in KiB.
rss() {
    /usr/bin/time -f %M -o "$work/rss" "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
    cat "$work/rss"
}
# best_rss COMMAND…: the lowest of three runs (the run's own footprint, without the noise).
best_rss() {
    local a b c
    a=$(rss "$@"); b=$(rss "$@"); c=$(rss "$@")
    printf '%s\n%s\n%s\n' "$a" "$b" "$c" | sort -n | head -1
}

"$forecast" --base-url "$fast" 130010 >/dev/null   # the warm cache
version_f=$(instructions "$forecast" --version)
cached_f=$(instructions "$forecast" --base-url "$fast" 130010)
one_f=$(instructions "$forecast" --no-cache --base-url "$fast" 130010)
one_c=$(instructions curl -s -o /dev/null "$fast/api/forecast/city/130010")
rss_one_f=$(best_rss "$forecast" --no-cache --base-url "$fast" 130010)
rss_one_c=$(best_rss curl -s -o /dev/null "$fast/api/forecast/city/130010")

mapfile -t ids < <("$forecast" cities --no-header | cut -f1 | head -n "$count")
count=${#ids[@]}
for id in "${ids[@]}"; do
    printf 'url = "%s/api/forecast/city/%s"\noutput = "/dev/null"\n' "$slow" "$id"
done >"$work/urls.cfg"
parallel_f=("$forecast" --no-cache -p -j "$jobs" --base-url "$slow" "${ids[@]}")
parallel_c=(curl -s -f --parallel --parallel-immediate --parallel-max "$jobs" -K "$work/urls.cfg")
rss_par_f=$(best_rss "${parallel_f[@]}")
rss_par_c=$(best_rss "${parallel_c[@]}")

# wall COMMAND…: milliseconds of one run.
wall() {
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || { echo "failed: $1" >&2; exit 1; }
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
}
: >"$work/wall-f"; : >"$work/wall-c"
for round in $(seq "$runs"); do
    echo "round $round/$runs" >&2
    wall "${parallel_f[@]}" >>"$work/wall-f"
    wall "${parallel_c[@]}" >>"$work/wall-c"
done
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
wall_f=$(median "$work/wall-f")
wall_c=$(median "$work/wall-c")

# row MEASURE FORECAST CURL SHOWN TARGET OK
row() { printf '%-46s %14s %12s %10s   %-14s %s\n' "$@"; }
m() { awk -v n="$1" 'BEGIN { printf "%.1f M", n / 1e6 }'; }
mb() { awk -v n="$1" 'BEGIN { printf "%.1f MB", n / 1024 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
met() { awk -v v="$1" -v t="$2" 'BEGIN { print (v <= t) ? "met" : "MISSED" }'; }

echo
echo "forecast vs curl ($(curl --version | head -1 | cut -d' ' -f1-2)), release build as README makes it"
row "measure" "forecast" "curl" "" "target" ""
row "instructions, --version" "$(m "$version_f")" "-" "" "<= 15 M" "$(met "$version_f" 15000000)"
row "instructions, one city from a warm cache" "$(m "$cached_f")" "-" "" "<= 20 M" "$(met "$cached_f" 20000000)"
row "instructions, one city over loopback" "$(m "$one_f")" "$(m "$one_c")" "$(ratio "$one_f" "$one_c")" "<= 1.3x curl" \
    "$(met "$(awk -v a="$one_f" -v b="$one_c" 'BEGIN { print a / b }')" 1.3)"
row "wall, $count cities at $latency ms, -p -j $jobs" "$wall_f ms" "$wall_c ms" "$(ratio "$wall_f" "$wall_c")" "<= 0.95x curl" \
    "$(met "$(awk -v a="$wall_f" -v b="$wall_c" 'BEGIN { print a / b }')" 0.95)"
row "peak RSS, one city" "$(mb "$rss_one_f")" "$(mb "$rss_one_c")" "" "<= 16 MB" "$(met "$rss_one_f" 16384)"
row "peak RSS, $count cities in parallel" "$(mb "$rss_par_f")" "$(mb "$rss_par_c")" "" "<= 18 MB" "$(met "$rss_par_f" 18432)"
echo "curl's parallel mode: curl --parallel --parallel-immediate --parallel-max $jobs; wall: medians of $runs, alternating"
echo "walls: forecast $(sort -n "$work/wall-f" | tr '\n' ' ')| curl $(sort -n "$work/wall-c" | tr '\n' ' ')"
