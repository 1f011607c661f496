#!/usr/bin/env bash
# Times the `forecast` command against curl fetching the same URLs from the same local mock of
# the API, in one run, alternating the two tools run by run so that both see the same machine:
#
#   sequential  forecast --no-cache <N cities>            vs  curl, one process, N URLs in a row
#   parallel    forecast --no-cache -p --jobs J <N>       vs  curl --parallel --parallel-immediate
#                                                             --parallel-max J (same URLs)
#   cold        forecast --no-cache 130010                vs  curl URL (one city, a new process)
#
# forecast decodes every body and formats TSV where curl only copies bytes to /dev/null.
# Every run is checked (forecast: 1 + 3N TSV lines; curl: N status codes of 200), and the
# script prints median wall times, the ratio forecast/curl and peak memory (GNU time's max RSS).
#
# --tls serves the mock over HTTPS with HTTP/2 (forecast-mock --tls), both tools trusting its
# test CA with --cacert, and compares the parallel run with plain `curl --parallel` (which waits
# to multiplex on one connection, as forecast does) instead of --parallel-immediate. It also
# prints the TCP connections each tool opened per run (from the mock's /stats).
#
# Usage: Benchmarks/forecast-vs-curl.sh [--latency MS] [--cities N] [--jobs J] [--runs R] [--tls]
#        (defaults: 100 ms, all 142 cities, 50, 7). Needs curl and GNU time (apt-get install time).
set -euo pipefail
cd "$(dirname "$0")/.."

latency=100 count=142 jobs=50 runs=7 tls=
source Benchmarks/options.sh
read_options "[--latency MS] [--cities N] [--jobs J] [--runs R] [--tls]" "$@"
[ -x /usr/bin/time ] || { echo "needs GNU time: apt-get install time" >&2; exit 1; }

source Benchmarks/build-release.sh

# Each tool is told about the CA on its command line; none of curl's CA variables applies (isolated_run unsets them).
source Benchmarks/mock.sh
isolated_run
trust=()
if [ -n "$tls" ]; then
    start_mock base --tls --latency "$latency" --ca-file "$work/ca.pem"
    trust=(--cacert "$work/ca.pem")
else
    start_mock base --latency "$latency"
fi

# connections: how many the mock has accepted so far, counting this request's own.
connections() {
    curl -s "${trust[@]}" "$base/stats" | awk '$1 == "connections_accepted" { print $2 }'
}

mapfile -t ids < <("$forecast" cities --no-header | cut -f1 | head -n "$count")
count=${#ids[@]}
for id in "${ids[@]}"; do
    printf 'url = "%s/api/forecast/city/%s"\noutput = "/dev/null"\n' "$base" "$id"
done >"$work/urls.cfg"
printf 'url = "%s/api/forecast/city/130010"\noutput = "/dev/null"\n' "$base" >"$work/one.cfg"

# run NAME EXPECTED_LINES COMMAND…: one timed run; appends "seconds kilobytes" to $work/NAME.
run() {
    local name=$1 expected=$2; shift 2
    local start end before after
    before=$(connections)
    start=$(date +%s%N)
    /usr/bin/time -f %M -o "$work/rss" "$@" >"$work/out" 2>"$work/err" || {
        echo "$name failed:" >&2; cat "$work/err" >&2; exit 1; }
    end=$(date +%s%N)
    local lines
    lines=$(wc -l <"$work/out")
    if [ "$lines" -ne "$expected" ]; then
        echo "$name printed $lines lines, expected $expected" >&2; head -3 "$work/out" >&2; exit 1
    fi
    if [[ $name == curl* ]] && grep -qv '^200$' "$work/out"; then
        echo "$name: a status other than 200" >&2; exit 1
    fi
    after=$(connections)
    # The second /stats request opened a connection of its own.
    echo "$(( (end - start) / 1000 )) $(cat "$work/rss") $(( after - before - 1 ))" >>"$work/$name"
}

curl_flags=(-s -f -w '%{http_code}\n' "${trust[@]}")
# Over plain HTTP nothing can be multiplexed, and curl's fastest parallel mode opens every
# connection at once; over HTTPS, plain --parallel waits to share one HTTP/2 connection.
curl_parallel=(--parallel --parallel-immediate)
[ -n "$tls" ] && curl_parallel=(--parallel)
for round in $(seq "$runs"); do
    echo "round $round/$runs" >&2
    run forecast-seq $((1 + 3 * count)) "$forecast" --no-cache "${trust[@]}" --base-url "$base" "${ids[@]}"
    run curl-seq "$count" curl "${curl_flags[@]}" -K "$work/urls.cfg"
    run forecast-par $((1 + 3 * count)) "$forecast" --no-cache "${trust[@]}" --parallel --jobs "$jobs" --base-url "$base" "${ids[@]}"
    run curl-par "$count" curl "${curl_flags[@]}" "${curl_parallel[@]}" --parallel-max "$jobs" -K "$work/urls.cfg"
    run forecast-one 4 "$forecast" --no-cache "${trust[@]}" --base-url "$base" 130010
    run curl-one 1 curl "${curl_flags[@]}" -K "$work/one.cfg"
done

median() {  # columns: microseconds, KiB, connections; prints "median_ms max_MB max_connections"
    sort -n "$1" | awk '{ t[NR] = $1; if ($2 > m) m = $2; if ($3 > c) c = $3 }
        END { med = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
              printf "%.1f %.1f %d", med / 1000, m / 1024, c }'
}

echo
echo "forecast vs curl: $count cities, latency $latency ms, jobs $jobs, $runs runs each (medians)${tls:+, HTTPS + HTTP/2}"
echo "curl's parallel mode: curl ${curl_parallel[*]} --parallel-max $jobs"
printf '%-12s %14s %12s %8s %16s %12s %12s %12s\n' "" "forecast (ms)" "curl (ms)" "ratio" "forecast (MB)" "curl (MB)" "forecast conn" "curl conn"
for kind in seq par one; do
    read -r ft fm fc <<<"$(median "$work/forecast-$kind")"
    read -r ct cm cc <<<"$(median "$work/curl-$kind")"
    label=$(case $kind in seq) echo sequential ;; par) echo "parallel" ;; one) echo "cold single" ;; esac)
    printf '%-12s %14s %12s %8s %16s %12s %12s %12s\n' "$label" "$ft" "$ct" "$(awk -v a="$ft" -v b="$ct" 'BEGIN { printf "%.3f", a / b }')" "$fm" "$cm" "$fc" "$cc"
done
echo "parallel floor: ceil($count/$jobs) x $latency ms = $(( (count + jobs - 1) / jobs * latency )) ms"
