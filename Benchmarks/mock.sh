# Sourced by the benchmark scripts, Scripts/make-symbol-order.sh and .ci/instructions, after `bin` (where forecast-mock
# is) is set.
#
# isolated_run: a scratch folder `work`, removed at exit with the mocks stopped, and an environment that the user's
# config file, cache, base URLs and CA variables do not reach. A script with more to undo at exit sets its own trap
# after it, calling stop_mocks and removing `work` itself.
#
# start_mock NAME ARGS… starts forecast-mock with ARGS (its output in files under `work`, so that nothing waits on the
# script's pipes), waits for its first line and sets the variable NAME to its base URL; it ends the script if the mock
# does not start.
mock_pids=()
isolated_run() {
    work=$(mktemp -d)
    trap 'stop_mocks; rm -rf "$work"' EXIT
    unset CURL_CA_BUNDLE SSL_CERT_FILE SSL_CERT_DIR FORECAST_BASE_URL FORECAST_JMA_URL FORECAST_CONFIG
    export FORECAST_CACHE_DIR=$work/cache XDG_CONFIG_HOME=$work/config
}
stop_mocks() {
    for pid in "${mock_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
}
start_mock() {
    local name=$1
    shift
    "$bin/forecast-mock" "$@" >"$work/mock-$name.url" 2>"$work/mock-$name.err" &
    mock_pids+=($!)
    for _ in $(seq 100); do [ -s "$work/mock-$name.url" ] && break; sleep 0.05; done
    [ -s "$work/mock-$name.url" ] || { echo "forecast-mock did not start: $(cat "$work/mock-$name.err")" >&2; exit 1; }
    printf -v "$name" '%s' "$(head -1 "$work/mock-$name.url")"
}
