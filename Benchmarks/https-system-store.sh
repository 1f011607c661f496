#!/usr/bin/env bash
# The real path's cost: forecast and curl over HTTPS + HTTP/2, each trusting a realistic store
# (the system's ~140 CAs plus the mock's test CA) the way it does by default, in one run.
#
#   curl      reads the store as one bundle file (CURL_CA_BUNDLE), which is what libcurl does by
#             default on Debian: OpenSSL parses every certificate of it for each new connection.
#   forecast  is given the same certificates as a hashed directory (SSL_CERT_DIR), which is what
#             it does by default on Debian (/etc/ssl/certs): OpenSSL reads only the issuer a
#             handshake needs.
#
# With --system-store (as root), the test CA is instead added to the real system store with
# update-ca-certificates (and removed on exit), and neither tool is told anything: both run
# exactly as they would for a user.
#
# It prints:
#   - instructions (valgrind --tool=callgrind) for one city over HTTPS, and over plain HTTP;
#   - for CITIES cities at LATENCY ms, `forecast -p -j JOBS` against
#     `curl --parallel --parallel-max JOBS`: wall (median), CPU user+sys (median), peak RSS (max)
#     and TCP connections per run (from the mock's /stats); and forecast's peak RSS for the same
#     run over plain HTTP, to compare against.
#
# Usage: Benchmarks/https-system-store.sh [--latency MS] [--cities N] [--jobs J] [--runs R] [--system-store]
#        (defaults: 100 ms, 142 cities, 50, 5). Needs curl, openssl, valgrind, python3 and GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."

latency=100 count=142 jobs=50 runs=5 system_store=
source Benchmarks/options.sh
read_options "[--latency MS] [--cities N] [--jobs J] [--runs R] [--system-store]" "$@"
for tool in curl openssl valgrind python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install curl openssl valgrind python3 time)" >&2; exit 1; }
done
if [ -n "$system_store" ] && [ "$(id -u)" -ne 0 ]; then
    echo "--system-store changes /etc/ssl/certs: run it as root" >&2; exit 1
fi

source Benchmarks/build-release.sh

installed_ca=/usr/local/share/ca-certificates/forecast-benchmark-test-ca.crt
source Benchmarks/mock.sh
isolated_run
cleanup() {
    stop_mocks
    if [ -n "$system_store" ] && [ -e "$installed_ca" ]; then
        rm -f "$installed_ca"
        update-ca-certificates --fresh >/dev/null 2>&1 || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

start_mock tls_base --latency "$latency" --tls --ca-file "$work/test-ca.pem"
start_mock plain_base --latency "$latency"

# The tools' environments: nothing of curl's CA variables (isolated_run unsets them) unless a mode sets it.
if [ -n "$system_store" ]; then
    cp "$work/test-ca.pem" "$installed_ca"
    update-ca-certificates >/dev/null
    forecast_env=()
    curl_env=()
    store="the system store (/etc/ssl/certs) with the test CA added by update-ca-certificates"
else
    # The same certificates twice: one bundle file, and one file each in a hashed directory.
    mkdir "$work/certs"
    cat /etc/ssl/certs/ca-certificates.crt "$work/test-ca.pem" >"$work/bundle.crt"
    awk -v dir="$work/certs" '/-----BEGIN CERTIFICATE-----/ { n++; file = sprintf("%s/ca-%03d.pem", dir, n) }
        file { print > file } /-----END CERTIFICATE-----/ { close(file); file = "" }' "$work/bundle.crt"
    openssl rehash "$work/certs" 2>/dev/null
    forecast_env=(SSL_CERT_DIR="$work/certs")
    curl_env=(CURL_CA_BUNDLE="$work/bundle.crt")
    store="$(grep -c 'BEGIN CERTIFICATE' "$work/bundle.crt") CAs: curl reads them as a bundle file, forecast as a hashed directory"
fi

# connections BASE: how many connections the mock has accepted, this request's own included.
connections() {
    env "${curl_env[@]}" curl -s --cacert "$work/test-ca.pem" "$1/stats" | awk '$1 == "connections_accepted" { print $2 }'
}

# instructions [VAR=VALUE…] COMMAND…: what callgrind counts for one run of COMMAND with those
# variables set (valgrind itself runs the command: it does not follow env's exec).
instructions() {
    local vars=()
    while [[ $1 == *=* ]]; do vars+=("$1"); shift; done
    env "${vars[@]}" valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" >/dev/null 2>"$work/vg" || {
        echo "failed under valgrind: $*" >&2; tail -5 "$work/vg" >&2; exit 1; }
    awk '/Collected :/ { print $NF }' "$work/vg"
}

mapfile -t ids < <("$forecast" cities --no-header | cut -f1 | head -n "$count")
count=${#ids[@]}
for base in "$tls_base" "$plain_base"; do
    name=$([ "$base" = "$tls_base" ] && echo tls || echo plain)
    for id in "${ids[@]}"; do
        printf 'url = "%s/api/forecast/city/%s"\noutput = "/dev/null"\n' "$base" "$id"
    done >"$work/$name.cfg"
done

echo "counting instructions…" >&2
fi_tls=$(instructions "${forecast_env[@]}" "$forecast" --no-cache --base-url "$tls_base" 130010)
ci_tls=$(instructions "${curl_env[@]}" curl -s -f -o /dev/null "$tls_base/api/forecast/city/130010")
fi_plain=$(instructions "$forecast" --no-cache --base-url "$plain_base" 130010)
ci_plain=$(instructions curl -s -f -o /dev/null "$plain_base/api/forecast/city/130010")

# run NAME BASE EXPECTED_LINES COMMAND…: one timed run; appends "wall_us cpu_s kib connections".
run() {
    local name=$1 base=$2 expected=$3; shift 3
    local before after lines wall user sys kib
    before=$(connections "$base")
    # Wall and CPU time to the microsecond from rusage.py, peak memory from GNU time under it.
    Benchmarks/rusage.py "$work/time" /usr/bin/time -f %M -o "$work/rss" "$@" >"$work/out" 2>"$work/err" || {
        echo "$name failed:" >&2; cat "$work/err" >&2; exit 1; }
    after=$(connections "$base")
    lines=$(wc -l <"$work/out")
    [ "$lines" -eq "$expected" ] || { echo "$name printed $lines lines, expected $expected" >&2; exit 1; }
    if [[ $name == curl* ]] && grep -qv '^200$' "$work/out"; then echo "$name: a status other than 200" >&2; exit 1; fi
    read -r wall user sys <"$work/time"
    kib=$(cat "$work/rss")
    echo "$(awk -v w="$wall" 'BEGIN { printf "%d", w * 1e6 }') $(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }') $kib $(( after - before - 1 ))" >>"$work/$name"
}

for round in $(seq "$runs"); do
    echo "round $round/$runs" >&2
    run forecast "$tls_base" $((1 + 3 * count)) env "${forecast_env[@]}" \
        "$forecast" --no-cache -p -j "$jobs" --base-url "$tls_base" "${ids[@]}"
    run curl "$tls_base" "$count" env "${curl_env[@]}" \
        curl -s -f -w '%{http_code}\n' --parallel --parallel-max "$jobs" -K "$work/tls.cfg"
    run forecast-plain "$plain_base" $((1 + 3 * count)) "$forecast" --no-cache -p -j "$jobs" --base-url "$plain_base" "${ids[@]}"
done

# stat FILE COLUMN median|max
stat() {
    cut -d' ' -f"$2" "$1" | sort -g | awk -v how="$3" '{ v[NR] = $1 } END {
        if (how == "max") { print v[NR]; exit }
        print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

fw=$(stat "$work/forecast" 1 median); cw=$(stat "$work/curl" 1 median)
fc=$(stat "$work/forecast" 2 median); cc=$(stat "$work/curl" 2 median)
fm=$(stat "$work/forecast" 3 max); cm=$(stat "$work/curl" 3 max); pm=$(stat "$work/forecast-plain" 3 max)
fn=$(stat "$work/forecast" 4 max); cn=$(stat "$work/curl" 4 max)

echo
echo "HTTPS + HTTP/2 with a realistic trust store: $store"
echo "$count cities at $latency ms, forecast -p -j $jobs vs curl --parallel --parallel-max $jobs, $runs runs each"
printf '%-44s %14s %14s %8s\n' "" "forecast" "curl $(curl --version | head -1 | cut -d' ' -f2)" "ratio"
printf '%-44s %13.1fM %13.1fM %8s\n' "one city over HTTPS, instructions" "$(awk -v n="$fi_tls" 'BEGIN { print n / 1e6 }')" \
    "$(awk -v n="$ci_tls" 'BEGIN { print n / 1e6 }')" "$(ratio "$fi_tls" "$ci_tls")"
printf '%-44s %13.1fM %13.1fM %8s\n' "the same over plain HTTP" "$(awk -v n="$fi_plain" 'BEGIN { print n / 1e6 }')" \
    "$(awk -v n="$ci_plain" 'BEGIN { print n / 1e6 }')" "$(ratio "$fi_plain" "$ci_plain")"
printf '%-44s %12.0fms %12.0fms %8s\n' "$count cities: wall (median)" "$(awk -v t="$fw" 'BEGIN { print t / 1000 }')" \
    "$(awk -v t="$cw" 'BEGIN { print t / 1000 }')" "$(ratio "$fw" "$cw")"
printf '%-44s %12.1fms %12.1fms %8s\n' "the same: CPU, user + sys (median)" "$(awk -v t="$fc" 'BEGIN { print t * 1000 }')" \
    "$(awk -v t="$cc" 'BEGIN { print t * 1000 }')" "$(ratio "$fc" "$cc")"
printf '%-44s %12sMB %12sMB %8s\n' "the same: peak RSS (max)" "$(mb "$fm")" "$(mb "$cm")" "$(ratio "$fm" "$cm")"
printf '%-44s %14s %14s\n' "the same: TCP connections (max per run)" "$fn" "$cn"
printf '%-44s %12sMB\n' "forecast's peak RSS, same run over plain HTTP" "$(mb "$pm")"
