#!/usr/bin/env bash
# Status bars' targets, on a faked clock (libfaketime, one clock shared by every process the
# faketime wrapper starts, sped up), against forecast-mock stamping its bodies with the last
# release before that clock:
#
#   a faked day from 2026-08-12 04:59 JST: one poller alone (`forecast -f line 130010` every
#     minute), then three pollers and one `--watch` on one cache: the requests the mock served
#   a faked week of one `--watch`: requests, lines printed, and its RSS sampled as it runs
#   instructions (callgrind) of a cache hit, for the lock's cost
#
# Usage: Benchmarks/status-bars.sh [--speed X] [--week-speed Y] [--only day|week|hit]
#   X (default 360) runs each faked day in 4 minutes; Y (default 3600) the faked week in 3.
# Needs faketime (Debian's package), a C compiler, curl and valgrind.
#
# Every process runs with Benchmarks/faketime-timerfd.c preloaded before libfaketime: without it
# a Swift task's sleep (the watch's, the lock wait's) never ends under faketime, at any speed
# (libfaketime takes libdispatch's monotonic timerfd deadlines for real-time ones).
set -euo pipefail
cd "$(dirname "$0")/.."

speed=360
week_speed=3600
only=
while [ $# -gt 0 ]; do
    case "$1" in
        --speed) speed=$2; shift 2 ;;
        --week-speed) week_speed=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        *) echo "usage: $0 [--speed X] [--week-speed Y] [--only day|week|hit]" >&2; exit 64 ;;
    esac
done
for tool in faketime cc curl valgrind; do
    command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install faketime gcc curl valgrind)" >&2; exit 1; }
done

source Benchmarks/build-release.sh

work=$(mktemp -d)
trap 'pkill -P $$ 2>/dev/null || true; rm -rf "$work"' EXIT
unset CURL_CA_BUNDLE SSL_CERT_FILE SSL_CERT_DIR FORECAST_BASE_URL FORECAST_JMA_URL FORECAST_CONFIG
export XDG_CONFIG_HOME=$work/config
cc -shared -fPIC -O2 -o "$work/faketime-timerfd.so" Benchmarks/faketime-timerfd.c -ldl

# The faked start: 2026-08-12 04:59:00 JST, as an offset from now for faketime's shared clock.
start_epoch=$(date -d '2026-08-11 19:59:00 UTC' +%s)
offset=$(( start_epoch - $(date +%s) ))

# scenario NAME POLLERS WATCHERS SECONDS SPEED [FORMAT]: a faked span with POLLERS polling
# `-f line` every faked minute and WATCHERS `--watch -f FORMAT` processes on one cache; prints the
# requests the mock served. The timeout is 1.7 s of real time at any speed, so that a request
# slowed by a busy machine is not a faked timeout.
scenario() {
    local name=$1 pollers=$2 watchers=$3 span=$4 speed=$5 format=${6:-line} dir=$work/$1
    mkdir -p "$dir"
    FORECAST=$forecast MOCK=$bin/forecast-mock DIR=$dir POLLERS=$pollers WATCHERS=$watchers SPAN=$span \
        FORMAT=$format TIMEOUT=$(( 600 * speed / 360 )) \
        LD_PRELOAD=$work/faketime-timerfd.so faketime -f "${offset} x${speed}" bash -c '
            "$MOCK" --stamp-release >"$DIR/mock.url" 2>/dev/null &
            mock=$!
            while [ ! -s "$DIR/mock.url" ]; do sleep 1; done
            base=$(head -1 "$DIR/mock.url")
            export FORECAST_BASE_URL=$base FORECAST_JMA_URL=$base FORECAST_CACHE_DIR=$DIR/cache
            end=$(( $(date +%s) + SPAN ))
            for i in $(seq "$WATCHERS"); do
                "$FORECAST" --watch --timeout "$TIMEOUT" -f "$FORMAT" 130010 >"$DIR/watch-$i.out" 2>"$DIR/watch-$i.err" &
                echo $! >>"$DIR/watch.pids"
            done
            for i in $(seq "$POLLERS"); do
                ( while [ "$(date +%s)" -lt "$end" ]; do
                      "$FORECAST" --timeout "$TIMEOUT" -f line 130010 >/dev/null 2>>"$DIR/poll.err"
                      sleep 60
                  done ) &
            done
            while [ "$(date +%s)" -lt "$end" ]; do
                for pid in $(cat "$DIR/watch.pids" 2>/dev/null); do
                    echo "$(date +%s) $(awk "/VmRSS/ { print \$2 }" /proc/$pid/status 2>/dev/null)" >>"$DIR/rss-$pid"
                done
                sleep 3600
            done
            for pid in $(cat "$DIR/watch.pids" 2>/dev/null); do kill -TERM "$pid"; done
            # `wait` with no pid waits for the mock too: name the others, if any are left.
            others=$(jobs -p | grep -v "^$mock$" || true)
            if [ -n "$others" ]; then wait $others 2>/dev/null || true; fi
            curl -s "$base/stats" | awk "\$1 == \"requests_served\" { print \$2 - 1 }" >"$DIR/requests"
            kill "$mock"
        ' >/dev/null 2>&1 || true
    echo "$(cat "$dir/requests" 2>/dev/null || echo '?')"
}

if [ -z "$only" ] || [ "$only" = day ]; then
echo "a faked day from 2026-08-12 04:59 JST, at x$speed"
one=$(scenario alone 1 0 86400 "$speed")
echo "  one poller alone: $one requests"
four=$(scenario bars 3 1 86400 "$speed")
echo "  three pollers and one --watch on one cache: $four requests (target: as many as one poller)"
echo "  the watch printed $(wc -l <"$work/bars/watch-1.out") line(s): the stamped mock serves the same text at every release"

fi

if [ -z "$only" ] || [ "$only" = week ]; then
echo "a faked week of one --watch, at x$week_speed"
# A template with the date, so that the text changes at least once a day.
week=$(scenario week 0 1 $(( 7 * 86400 )) "$week_speed" '%d %l %C %L/%H° %p')
echo "  requests: $week (target: <= 28: four a day); lines printed: $(wc -l <"$work/week/watch-1.out")"
sed 's/^/    /' "$work/week/watch-1.out"
for file in "$work"/week/rss-*; do
    echo "  RSS (KiB) at the start, then at the end of each faked day: $(awk 'NR == 1 || NR % 24 == 0 { printf "%s ", $2 }' "$file")"
    awk '{ if (min == "" || $2 < min) min = $2; if ($2 > max) max = $2 } END { print "  RSS min " min " KiB, max " max " KiB over " NR " samples" }' "$file"
done

fi

[ -z "$only" ] || [ "$only" = hit ] || exit 0
echo "instructions of a cache hit (callgrind)"
"$bin/forecast-mock" >"$work/plain.url" 2>/dev/null &
for _ in $(seq 100); do [ -s "$work/plain.url" ] && break; sleep 0.05; done
plain=$(head -1 "$work/plain.url")
export FORECAST_CACHE_DIR=$work/hit-cache
"$forecast" --base-url "$plain" 130010 >/dev/null
valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$forecast" --base-url "$plain" 130010 2>&1 >/dev/null |
    awk '/Collected :/ { print "  forecast 130010 from a warm cache: " $4 }'
