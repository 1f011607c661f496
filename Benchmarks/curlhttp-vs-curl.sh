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

work=$(mktemp -d)
trap 'kill $mock_pid 2>/dev/null; rm -rf "$work"' EXIT

start_mock() {
    "$bin/forecast-mock" --latency "$1" >"$work/mock.out" &
    mock_pid=$!
    for _ in $(seq 100); do [ -s "$work/mock.out" ] && break; sleep 0.05; done
    base=$(head -1 "$work/mock.out")
}

url_list() {  # N copies of the URL as a curl config file
    for _ in $(seq "$1"); do echo "url = \"$base/api/forecast/city/130010\""; echo 'output = "/dev/null"'; done
}

echo "== $sequential sequential requests, latency 0 ms"
start_mock 0
url_list "$sequential" >"$work/seq.cfg"
hyperfine --warmup 1 --runs 10 --export-markdown "$work/seq.md" \
    -n "CurlHTTP sequential" "$bin/CurlHTTPBench sequential $sequential $base/api/forecast/city/130010" \
    -n "curl sequential" "curl -s -f -K $work/seq.cfg"
kill $mock_pid; wait $mock_pid 2>/dev/null || true

echo "== $parallel concurrent requests, latency $latency ms"
start_mock "$latency"
url_list "$parallel" >"$work/par.cfg"
hyperfine --warmup 1 --runs 10 --export-markdown "$work/par.md" \
    -n "CurlHTTP parallel" "$bin/CurlHTTPBench parallel $parallel $base/api/forecast/city/130010" \
    -n "curl --parallel --parallel-immediate" "curl -s -f --parallel --parallel-immediate --parallel-max $parallel -K $work/par.cfg" \
    -n "curl --parallel" "curl -s -f --parallel --parallel-max $parallel -K $work/par.cfg"
cat "$work/seq.md" "$work/par.md"
