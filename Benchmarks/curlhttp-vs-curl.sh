#!/usr/bin/env bash
# Times CurlHTTP against curl on the same local mock API, in one run:
#   1,000 sequential keep-alive requests (one process, one connection), and
#   200 concurrent requests at the given latency.
# Usage: Benchmarks/curlhttp-vs-curl.sh [LATENCY_MS=100] [SEQUENTIAL=1000] [PARALLEL=200]
set -euo pipefail
cd "$(dirname "$0")/.."
latency=${1:-100}
sequential=${2:-1000}
parallel=${3:-200}
command -v hyperfine >/dev/null || { echo "needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }

source Benchmarks/build-release.sh   # `build`, `bin`, and forecast-mock built
# An executable target without a product of its own: SwiftPM gives it an implicit one to build
# and link (`--target` alone compiles it without linking).
"${build[@]}" --product CurlHTTPBench >/dev/null

source Benchmarks/mock.sh
isolated_run
start_mock fast --latency 0
start_mock slow --latency "$latency"

url_list() {  # BASE N: N copies of BASE's URL of 東京 as a curl config file
    for _ in $(seq "$2"); do echo "url = \"$1/api/forecast/city/130010\""; echo 'output = "/dev/null"'; done
}

echo "== $sequential sequential requests, latency 0 ms"
url_list "$fast" "$sequential" >"$work/seq.cfg"
hyperfine --warmup 1 --runs 10 --export-markdown "$work/seq.md" \
    -n "CurlHTTP sequential" "$bin/CurlHTTPBench sequential $sequential $fast/api/forecast/city/130010" \
    -n "curl sequential" "curl -s -f -K $work/seq.cfg"

echo "== $parallel concurrent requests, latency $latency ms"
url_list "$slow" "$parallel" >"$work/par.cfg"
hyperfine --warmup 1 --runs 10 --export-markdown "$work/par.md" \
    -n "CurlHTTP parallel" "$bin/CurlHTTPBench parallel $parallel $slow/api/forecast/city/130010" \
    -n "curl --parallel --parallel-immediate" "curl -s -f --parallel --parallel-immediate --parallel-max $parallel -K $work/par.cfg" \
    -n "curl --parallel" "curl -s -f --parallel --parallel-max $parallel -K $work/par.cfg"
cat "$work/seq.md" "$work/par.md"
