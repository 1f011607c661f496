#!/usr/bin/env bash
# forecast now's targets, on the release build README makes, against forecast-mock (stamped):
#
#   requests: `forecast now` of all 142 cities asks for 2 files (latest_time.txt and the map);
#     a second run within the map's window asks for none
#   wall: `forecast now --no-cache -p` of the 142 cities at LATENCY ms, beside its peer the
#     shell way: `curl` of latest_time.txt, then `curl` of the map it names into `jq`, which
#     picks the same 142 stations' temperature (flags ignored, as such one-liners do), medians
#     of RUNS, alternating
#   instructions (callgrind): one city now over loopback, and from the cache, beside one city's
#     3-day forecast
#
# Usage: Benchmarks/now.sh [--latency MS] [--runs R]   (defaults 100, 7)
# Needs curl, jq and valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."

latency=100 runs=7
source Benchmarks/options.sh
read_options "[--latency MS] [--runs R]" "$@"
for tool in valgrind curl jq; do
    command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }
done

source Benchmarks/build-release.sh

source Benchmarks/mock.sh
isolated_run

start_mock fast --stamp-release --latency 0
start_mock slow --stamp-release --latency "$latency"

ids=$(awk -F'\t' 'NR > 1 { print $1 }' Fixtures/cities.tsv | tr '\n' ' ')
# Each city's first AMeDAS point, for the peer.
stations=$(awk -F'\t' 'NR > 1 { split($6, p, ","); printf "\"%s\",", p[1] }' Fixtures/jma/areas.tsv | sed 's/,$//')
amedas_requests() { curl -s "$1/stats" | awk '$1 ~ /^requests_amedas_/ { n += $2 } END { print n + 0 }'; }

echo "requests"
before=$(amedas_requests "$fast")
# shellcheck disable=SC2086
"$forecast" now -p --jma-url "$fast" $ids >"$work/now.tsv" 2>/dev/null || true
echo "  forecast now, 142 cities: $(( $(amedas_requests "$fast") - before )) files; $(( $(wc -l <"$work/now.tsv") - 1 )) rows"
before=$(amedas_requests "$fast")
# shellcheck disable=SC2086
"$forecast" now -p --jma-url "$fast" $ids >/dev/null 2>&1 || true
echo "  the same again, within the map's window: $(( $(amedas_requests "$fast") - before )) files"

peer() {
    local time
    time=$(curl -s "$slow/bosai/amedas/data/latest_time.txt")
    local name
    name=$(printf '%s' "${time:0:19}" | tr -d ':T-')
    curl -s "$slow/bosai/amedas/data/map/$name.json" | jq -r "[$stations] as \$s | \$s[] as \$k | [\$k, (.[\$k].temp[0] // \"\")] | @tsv" >"$work/peer.tsv"
}
peer
echo "  the peer (curl, curl | jq): 2 files; $(wc -l <"$work/peer.tsv") rows"

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
fw=() pw=()
for _ in $(seq "$runs"); do
    start=$(now_ms)
    # shellcheck disable=SC2086
    "$forecast" now --no-cache -p --jma-url "$slow" $ids >/dev/null 2>&1 || true
    fw+=($(( $(now_ms) - start )))
    start=$(now_ms)
    peer
    pw+=($(( $(now_ms) - start )))
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo "wall, 142 cities now at $latency ms (medians of $runs; the floor is 2 × $latency ms)"
echo "  forecast now --no-cache -p: $(median "${fw[@]}") ms  (runs: ${fw[*]})"
echo "  curl latest_time.txt; curl map | jq: $(median "${pw[@]}") ms  (runs: ${pw[*]})"

instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$@" 2>&1 >/dev/null |
        awk '/Collected :/ { print $4 }'
}
"$forecast" --base-url "$fast" 130010 >/dev/null
echo "instructions (callgrind), one city"
echo "  3-day forecast over loopback: $(instructions "$forecast" --no-cache --base-url "$fast" 130010)"
echo "  now over loopback:            $(instructions "$forecast" now --no-cache --jma-url "$fast" 130010)"
echo "  now from the cache:           $(instructions "$forecast" now --jma-url "$fast" 130010)"
