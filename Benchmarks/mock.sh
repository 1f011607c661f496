# Sourced by the benchmark scripts and Scripts/make-symbol-order.sh, after `bin` (where forecast-mock is) and `work`
# (a scratch folder) are set: start_mock NAME ARGS… starts forecast-mock with ARGS (its output in files, so that nothing
# waits on the script's pipes), adds its PID to `mock_pids` for the script's trap to stop, waits for its first line,
# and sets the variable NAME to its base URL; it ends the script if the mock does not start.
mock_pids=()
start_mock() {
    local name=$1
    shift
    "$bin/forecast-mock" "$@" >"$work/mock-$name.url" 2>"$work/mock-$name.err" &
    mock_pids+=($!)
    for _ in $(seq 100); do [ -s "$work/mock-$name.url" ] && break; sleep 0.05; done
    [ -s "$work/mock-$name.url" ] || { echo "forecast-mock did not start: $(cat "$work/mock-$name.err")" >&2; exit 1; }
    printf -v "$name" '%s' "$(head -1 "$work/mock-$name.url")"
}
