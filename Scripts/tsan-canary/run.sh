#!/usr/bin/env bash
# Shows that ThreadSanitizer, as this package uses it, catches a race:
#   racy.swift   a counter with no lock          must be reported
#   locked.swift the counter behind LockedValue  must not be reported
#   mutex.swift  the counter behind Mutex        reported on Linux (a false race; for the record)
# Exits non-zero if the first two do not behave so. Run from anywhere; builds in a temporary folder.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Builds a program with ThreadSanitizer; the first source file is its main file.
build() {
    local name="$1" main="$2"; shift 2
    mkdir -p "$work/$name"
    cp "$main" "$work/$name/main.swift"
    swiftc -swift-version 6 -sanitize=thread -g -module-name "$name" -package-name canary \
        "$work/$name/main.swift" "$@" -o "$work/$name/program"
}

# Prints how many ThreadSanitizer warnings a run of the program reports.
warnings() {
    # halt_on_error=0: count every report; exitcode=0: a report is what we look for here.
    TSAN_OPTIONS="halt_on_error=0 exitcode=0" "$work/$1/program" > "$work/$1.out" 2>&1 || true
    grep -c "WARNING: ThreadSanitizer" "$work/$1.out" || true
}

# -enforce-exclusivity=unchecked: Swift's own dynamic check would otherwise trap on the
# overlapping accesses before ThreadSanitizer gets to report them.
build racy "$here/racy.swift" -enforce-exclusivity=unchecked
build locked "$here/locked.swift" "$root/Sources/CurlHTTP/LockedValue.swift"
build mutex "$here/mutex.swift"
racy=$(warnings racy)
locked=$(warnings locked)
mutex=$(warnings mutex)
echo "tsan canary: racy counter: $racy warning(s); LockedValue: $locked; Synchronization.Mutex: $mutex"

status=0
if [ "$racy" -eq 0 ]; then
    echo "tsan canary: FAILED: the deliberate race was not reported" >&2
    sed -n 1,40p "$work/racy.out" >&2
    status=1
fi
if [ "$locked" -ne 0 ]; then
    echo "tsan canary: FAILED: LockedValue was reported as racy" >&2
    sed -n 1,60p "$work/locked.out" >&2
    status=1
fi
exit $status
