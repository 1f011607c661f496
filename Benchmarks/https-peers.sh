#!/usr/bin/env bash
# forecast beside three other clients over HTTPS, each trusting the system's store as it does by
# default, in one run: CITIES cities from forecast-mock --tls (HTTP/2 and HTTP/1.1 offered by
# ALPN) at LATENCY ms, at most JOBS requests in flight:
#
#   forecast           forecast --no-cache -p -j JOBS --base-url BASE ID…
#   curl --parallel    curl -s -f --parallel --parallel-max JOBS -K FILE (the same URLs, each
#                      body to /dev/null, each status printed): it waits for its first connection
#                      and multiplexes the rest on it, as forecast does. With --immediate,
#                      --parallel-immediate too: a connection (and a handshake) per transfer
#                      until HTTP/2 is known, here JOBS of them.
#   async-http-client  ahc-fetch -j JOBS -f FILE     (Benchmarks/Peers, its default client)
#   URLSession         urlsession-fetch -j JOBS -f FILE (Benchmarks/Peers, FoundationNetworking,
#                      the default configuration)
#
# The test CA is added to the system store with update-ca-certificates (and removed on exit), and
# no tool is told anything about it: hence root. Each tool is run three times first, under GNU
# time, and its output checked (forecast: 1 + 3N TSV lines; curl: N statuses of 200; the other
# two: a failure count of 0); those runs give its peak RSS (the largest of the three) and the
# TCP connections it opened, and how many of them spoke HTTP/2 (the mock's /stats). Then RUNS rounds, each one hyperfine call
# timing the four commands once (hyperfine 1.15 cannot interleave commands, and a block of runs
# of one tool meets a different machine than the next block); the first command of a round
# rotates. It prints each tool's median wall time, its range and its ratio to curl's median.
#
# Usage: Benchmarks/https-peers.sh [--latency MS] [--cities N] [--jobs J] [--runs R] [--immediate]
#        (defaults: 100 ms, 142 cities, 50, 10). Run as root. Needs hyperfine, curl, python3,
#        GNU time and ca-certificates; builds Benchmarks/Peers (async-http-client) in release mode.
set -euo pipefail
cd "$(dirname "$0")/.."

latency=100 count=142 jobs=50 runs=10 immediate=
source Benchmarks/options.sh
read_options "[--latency MS] [--cities N] [--jobs J] [--runs R] [--immediate]" "$@"
for tool in hyperfine curl python3 /usr/bin/time update-ca-certificates; do
    command -v "$tool" >/dev/null || {
        echo "needs $tool (apt-get install hyperfine curl python3 time ca-certificates)" >&2; exit 1; }
done
[ "$(id -u)" -eq 0 ] || { echo "adds a test CA to /etc/ssl/certs: run it as root" >&2; exit 1; }

source Benchmarks/build-release.sh
installed_ca=/usr/local/share/ca-certificates/forecast-benchmark-peers-test-ca.crt
source Benchmarks/mock.sh
isolated_run
cleanup() {
    stop_mocks
    if [ -e "$installed_ca" ]; then
        rm -f "$installed_ca"
        update-ca-certificates --fresh >/dev/null 2>&1 || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

echo "building Benchmarks/Peers (release)…" >&2
peers=(swift build -c release --package-path Benchmarks/Peers)
for product in ahc-fetch urlsession-fetch; do
    "${peers[@]}" --product "$product" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
done
peers_bin=$("${peers[@]}" --show-bin-path)

start_mock base --tls --latency "$latency" --ca-file "$work/test-ca.pem"
for _ in $(seq 100); do [ -s "$work/test-ca.pem" ] && break; sleep 0.05; done
cp "$work/test-ca.pem" "$installed_ca"
update-ca-certificates >"$work/update.log" 2>&1 || { cat "$work/update.log" >&2; exit 1; }

mapfile -t ids < <("$forecast" cities --no-header | cut -f1 | head -n "$count")
count=${#ids[@]}
for id in "${ids[@]}"; do echo "$base/api/forecast/city/$id"; done >"$work/urls.txt"
while read -r url; do printf 'url = "%s"\noutput = "/dev/null"\n' "$url"; done <"$work/urls.txt" >"$work/urls.cfg"

names=(forecast "curl --parallel${immediate:+ --parallel-immediate}" async-http-client URLSession)
commands=(
    "$forecast --no-cache -p -j $jobs --base-url $base ${ids[*]}"
    "curl -s -f -w '%{http_code}\\n' --parallel ${immediate:+--parallel-immediate} --parallel-max $jobs -K $work/urls.cfg"
    "$peers_bin/ahc-fetch -j $jobs -f $work/urls.txt"
    "$peers_bin/urlsession-fetch -j $jobs -f $work/urls.txt"
)

# connections: "ACCEPTED H2", the connections the mock has accepted so far and how many of them
# spoke HTTP/2, counting this request's own (curl's default over TLS is HTTP/2).
connections() {
    curl -s "$base/stats" | awk '$1 == "connections_accepted" { a = $2 } $1 == "connections_h2" { h = $2 }
        END { print a + 0, h + 0 }'
}

# check I: runs command I three times under GNU time, each run's output checked; prints
# "PEAK_KIB CONNECTIONS H2" (the largest RSS of the three; the connections of the first run).
check() {
    local i=$1 rss=0 conns= run before after kib a0 h0 a1 h1
    for run in 1 2 3; do
        before=$(connections)
        # Split on spaces, as hyperfine -N splits these (no path or argument has a space); curl's
        # -w format, quoted for hyperfine, is set again unquoted.
        read -ra argv <<<"${commands[$i]}"
        [ "$i" -eq 1 ] && argv[4]=$'%{http_code}\n'
        /usr/bin/time -f %M -o "$work/rss" "${argv[@]}" >"$work/out" 2>"$work/err" || {
            echo "${names[$i]} failed:" >&2; cat "$work/err" >&2; exit 1; }
        after=$(connections)
        case $i in
            0) [ "$(wc -l <"$work/out")" -eq $((1 + 3 * count)) ] ;;
            1) [ "$(grep -cx 200 "$work/out")" -eq "$count" ] && [ "$(wc -l <"$work/out")" -eq "$count" ] ;;
            *) [ "$(cat "$work/out")" = 0 ] ;;
        esac || { echo "${names[$i]}: unexpected output:" >&2; head -5 "$work/out" >&2; exit 1; }
        kib=$(tail -1 "$work/rss")
        [ "$kib" -gt "$rss" ] && rss=$kib
        read -r a0 h0 <<<"$before"
        read -r a1 h1 <<<"$after"
        [ -n "$conns" ] || conns="$((a1 - a0 - 1)) $((h1 - h0 - 1))"
    done
    echo "$rss $conns"
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "checking each tool (3 runs each)…" >&2
checks=()
for i in 0 1 2 3; do result=$(check "$i"); checks+=("$result"); done

for round in $(seq "$runs"); do
    echo "round $round/$runs" >&2
    args=()
    for k in 0 1 2 3; do
        i=$(( (round - 1 + k) % 4 ))
        args+=(-n "${names[$i]}" "${commands[$i]}")
    done
    hyperfine -N --runs 1 --style none --export-json "$work/round-$round.json" "${args[@]}" >/dev/null
done

echo
echo "HTTPS + HTTP/2, the system store with the test CA added by update-ca-certificates, nothing set"
echo "$count cities at $latency ms, at most $jobs in flight, $runs rounds (hyperfine -N, one run of each a round, alternating)"
echo "load average (1, 5, 15 min): $load_before before the checks, $(cut -d' ' -f1-3 /proc/loadavg) after the rounds"
python3 - "$work" "$runs" "${names[@]}" "${checks[@]}" <<'EOF'
import json, statistics, sys
work, runs, names, checks = sys.argv[1], int(sys.argv[2]), sys.argv[3:7], sys.argv[7:]
times = {name: [] for name in names}
for r in range(1, runs + 1):
    for result in json.load(open(f"{work}/round-{r}.json"))["results"]:
        times[result["command"]] += result["times"]
curl = statistics.median(times[names[1]])
print(f"{'':26} {'median':>9} {'min–max':>15} {'÷ curl':>7} {'peak RSS':>9} {'connections (h2)':>17}")
for name, check in zip(names, checks):
    kib, conns, h2 = check.split()
    t = times[name]
    m = statistics.median(t)
    print(f"{name:26} {m * 1000:7.0f}ms {min(t) * 1000:6.0f}–{max(t) * 1000:4.0f} ms {m / curl:7.2f} "
          f"{int(kib) / 1024:7.1f}MB {conns:>12} ({h2})")
forecast = statistics.median(times[names[0]])
if names[1] == "curl --parallel":
    print(f"forecast ÷ {names[1]}: {forecast / curl:.2f} (issue 42's target: ≤ 0.80, "
          f"{'met' if forecast / curl <= 0.8 else 'not met'})")
EOF
