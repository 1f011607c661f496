#!/usr/bin/env bash
# The week ahead's targets, on the release build README makes, against forecast-mock:
#
#   requests: `forecast week` of all 142 cities asks for 56 office files (one per office);
#     `forecast` (--source auto) of all 142 asks the agency nothing while the API answers
#   wall: `forecast week --no-cache -p -j JOBS` of the 142 cities at LATENCY ms, beside
#     `curl --parallel --parallel-max JOBS` fetching the same 56 files, medians of RUNS,
#     alternating; the floor is ⌈56/JOBS⌉ rounds of LATENCY
#   instructions (callgrind): one city's week over loopback beside one city's 3-day forecast
#
# Usage: Benchmarks/week.sh [--latency MS] [--jobs J] [--runs R]   (defaults 100, 50, 7)
# Needs curl and valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."

latency=100 jobs=50 runs=7
source Benchmarks/options.sh
read_options "[--latency MS] [--jobs J] [--runs R]" "$@"
for tool in valgrind curl; do
    command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }
done

source Benchmarks/build-release.sh

source Benchmarks/mock.sh
isolated_run

start_mock fast --stamp-release --latency 0
start_mock slow --stamp-release --latency "$latency"

ids=$(awk -F'\t' 'NR > 1 { print $1 }' Fixtures/cities.tsv | tr '\n' ' ')
offices=$(awk -F'\t' 'NR > 1 { print $4 }' Fixtures/jma/areas.tsv | sort -u)
office_count=$(echo "$offices" | wc -l)

stat() { curl -s "$1/stats" | awk -v name="$2" '$1 == name { print $2 }'; }
office_requests() { curl -s "$1/stats" | awk '$1 ~ /^requests_office_/ { n += $2 } END { print n + 0 }'; }

echo "requests"
before=$(office_requests "$fast")
# shellcheck disable=SC2086
"$forecast" week --no-cache -p -j "$jobs" --jma-url "$fast" $ids >"$work/week.tsv"
echo "  forecast week, 142 cities: $(( $(office_requests "$fast") - before )) office files (offices: $office_count); $(( $(wc -l <"$work/week.tsv") - 1 )) rows"
before=$(office_requests "$fast")
# shellcheck disable=SC2086
"$forecast" --no-cache -p -j "$jobs" --base-url "$fast" --jma-url "$fast" $ids >/dev/null
echo "  forecast (--source auto), 142 cities, the API answering: $(( $(office_requests "$fast") - before )) office files"

curl_args=()
for office in $offices; do curl_args+=(-o /dev/null "$slow/bosai/forecast/data/forecast/$office.json"); done
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
fw=() cw=()
for _ in $(seq "$runs"); do
    start=$(now_ms)
    # shellcheck disable=SC2086
    "$forecast" week --no-cache -p -j "$jobs" --jma-url "$slow" $ids >/dev/null
    fw+=($(( $(now_ms) - start )))
    start=$(now_ms)
    curl -s --no-progress-meter --parallel --parallel-immediate --parallel-max "$jobs" "${curl_args[@]}" 2>/dev/null
    cw+=($(( $(now_ms) - start )))
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
rounds=$(( (office_count + jobs - 1) / jobs ))
echo "wall, 142 cities' weeks at $latency ms, -p -j $jobs (medians of $runs)"
echo "  forecast week: $(median "${fw[@]}") ms  (runs: ${fw[*]})"
echo "  curl --parallel, the same $office_count files: $(median "${cw[@]}") ms  (runs: ${cw[*]})"
echo "  floor: $rounds rounds of $latency ms = $(( rounds * latency )) ms"

instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$@" 2>&1 >/dev/null |
        awk '/Collected :/ { print $4 }'
}
week=$(instructions "$forecast" week --no-cache --jma-url "$fast" 130010)
three=$(instructions "$forecast" --no-cache --base-url "$fast" 130010)
echo "instructions, one city over loopback"
echo "  forecast week 130010: $week"
echo "  forecast 130010 (3-day): $three"
awk -v w="$week" -v t="$three" 'BEGIN { printf "  ratio: %.3f (target <= 1.10)\n", w / t }'
