#!/usr/bin/env bash
# CurlHTTP's download to a file, its streamed body (responseStream's callback and stream()'s
# for-try-await loop) and its upload of a file beside curl's, and async-http-client's streamed
# body, against nginx on loopback, in one run: the wall time, the CPU time and the peak RSS of
# each (GNU time), for a body of SIZE (1G by default) and of 1M (the baseline a large body's
# RSS is compared with).
# Usage: Benchmarks/transfer.sh [SIZE=1G]   (needs nginx: apt-get install nginx-light)
# Then the download and both streams of SIZE against curl in pairs taken in turn (10, 30 and 30
# pairs; PAIRS=N for N of each).
# async-http-client is built from Benchmarks/Peers (its AHCStream), a package of its own; set
# NO_AHC=1 to leave it out.
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-1G}
command -v nginx >/dev/null || { echo "needs nginx (apt-get install nginx-light)" >&2; exit 1; }
swift build -c release --product CurlHTTPBench >/dev/null
bench=$(swift build -c release --show-bin-path)/CurlHTTPBench
ahc=""
if [ -z "${NO_AHC:-}" ]; then
    swift build -c release --package-path Benchmarks/Peers --product AHCStream >/dev/null
    ahc=$(swift build -c release --package-path Benchmarks/Peers --show-bin-path)/AHCStream
fi

work=$(mktemp -d -p /dev/shm)
trap '[ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null; rm -rf "$work"' EXIT
chmod 755 "$work"   # nginx's worker, not root, reads the files
mkdir -p "$work/www/put" "$work/tmp"
chmod 777 "$work/www/put" "$work/tmp"   # where nginx's worker writes the uploads
head -c "$size" /dev/zero | tr '\0' 'x' >"$work/www/big.bin"
head -c 1M /dev/zero | tr '\0' 'x' >"$work/www/small.bin"
port=$((20000 + RANDOM % 20000))
cat >"$work/nginx.conf" <<CONF
daemon on; pid $work/nginx.pid; error_log $work/error.log; worker_processes 1;
events { worker_connections 64; }
http {
    access_log off; sendfile on; client_body_temp_path $work/tmp; proxy_temp_path $work/tmp;
    fastcgi_temp_path $work/tmp; uwsgi_temp_path $work/tmp; scgi_temp_path $work/tmp;
    server {
        listen 127.0.0.1:$port; root $work/www;
        location /put/ { dav_methods PUT; client_max_body_size 0; }
    }
}
CONF
nginx -c "$work/nginx.conf" -p "$work"
base=http://127.0.0.1:$port
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY
for _ in $(seq 50); do curl -s -o /dev/null "$base/small.bin" && break; sleep 0.1; done

measure() {  # name, command...: wall s, user+sys s, peak RSS KB
    local name=$1; shift
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >/dev/null
    read -r wall user sys rss <"$work/time"
    printf '%-34s %8.2f s  cpu %6.2f s  peak RSS %7d KB\n' "$name" "$wall" "$(echo "$user + $sys" | bc)" "$rss"
}

# A transfer that writes a file (a download, or an upload nginx writes), timed, then checked
# against the served file and removed, so that neither side writes into a tmpfs that already
# holds the other's gigabyte: name, file served, file written, command...
checked() {
    local name=$1 served=$2 written=$3; shift 3
    measure "$name" "$@"
    cmp -s "$served" "$written" || { echo "$name: the file differs" >&2; exit 1; }
    rm -f "$written"
}

# One untimed download first: the first gigabyte written to tmpfs after the served file was
# made costs its writer two to three times as much system time (seen with curl -o: 2.7-3.3 s
# against 1.0 s), whichever program comes first.
curl -s -f -o "$work/out" "$base/big.bin" && rm -f "$work/out"

for file in small.bin big.bin; do
    echo "== $file ($(stat -c %s "$work/www/$file") bytes)"
    served=$work/www/$file
    checked "curl -o (download)" "$served" "$work/out" curl -s -f -o "$work/out" "$base/$file"
    checked "CurlHTTP download(_:to:)" "$served" "$work/out" "$bench" download 1 "$base/$file" "$work/out"
    measure "curl > /dev/null (stream)" curl -s -f "$base/$file"
    measure "CurlHTTP responseStream" "$bench" stream 1 "$base/$file"
    measure "CurlHTTP stream() (for try await)" "$bench" async-stream 1 "$base/$file"
    [ -n "$ahc" ] && measure "async-http-client (stream)" "$ahc" "$base/$file"
    # An upload is a PUT that nginx writes to tmpfs.
    checked "curl -T (upload)" "$served" "$work/www/put/up.bin" curl -s -f -T "$served" "$base/put/up.bin"
    checked "CurlHTTP upload(fileAt:)" "$served" "$work/www/put/up.bin" "$bench" upload 1 "$base/put/up.bin" "$served"
done

# The download and the stream against curl, from pairs run one after the other, in turn which
# goes first, so that a change in the machine's speed between two blocks of runs (this one's is
# shared, and swings by a third) falls on both of a pair: the medians, and the median and
# quartiles of the pairs' ratios. A download's file is removed after each run, untimed.
elapsed() { local start; start=$(date +%s%N); "$@" >/dev/null; echo $(( $(date +%s%N) - start )); }
in_turn() {  # name, pairs, curl's function, CurlHTTP's function
    local name=$1 pairs=$2 theirs=$3 ours=$4 c o i
    echo "== $name, $pairs pairs in turn"
    for i in $(seq "$pairs"); do
        if (( i % 2 )); then
            c=$(elapsed "$theirs"); rm -f "$work/out"; o=$(elapsed "$ours"); rm -f "$work/out"
        else
            o=$(elapsed "$ours"); rm -f "$work/out"; c=$(elapsed "$theirs"); rm -f "$work/out"
        fi
        echo "$c $o"
    done | awk '{ curl[NR] = $1; ours[NR] = $2; ratio[NR] = $2 / $1 }
        function sorted(a, n, b,   i, j, v) {  # insertion sort: mawk, Debian'"'"'s awk, has no asort
            for (i = 1; i <= n; i++) { v = a[i]; for (j = i - 1; j >= 1 && b[j] > v; j--) b[j + 1] = b[j]; b[j + 1] = v } }
        function at(a, n, q,   b) { sorted(a, n, b); return b[int(q * (n - 1) + 0.5) + 1] }
        END { printf "curl %.0f ms, CurlHTTP %.0f ms (medians); CurlHTTP'"'"'s time over curl'"'"'s: median %.2f, quartiles %.2f-%.2f (throughput %.2fx curl'"'"'s)\n",
              at(curl, NR, 0.5) / 1e6, at(ours, NR, 0.5) / 1e6, at(ratio, NR, 0.5), at(ratio, NR, 0.25), at(ratio, NR, 0.75), 1 / at(ratio, NR, 0.5) }'
}
download_curl() { curl -s -f -o "$work/out" "$base/big.bin"; }
download_ours() { "$bench" download 1 "$base/big.bin" "$work/out"; }
stream_curl() { curl -s -f -o /dev/null "$base/big.bin"; }
stream_ours() { "$bench" stream 1 "$base/big.bin"; }
async_stream_ours() { "$bench" async-stream 1 "$base/big.bin"; }
in_turn "download of big.bin to tmpfs" "${PAIRS:-10}" download_curl download_ours
in_turn "stream of big.bin, responseStream" "${PAIRS:-30}" stream_curl stream_ours
in_turn "stream of big.bin, stream()" "${PAIRS:-30}" stream_curl async_stream_ours
