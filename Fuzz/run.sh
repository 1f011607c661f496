#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ and runs them, one after the other.
#
#   Fuzz/run.sh [--short] [--time SECONDS] [--build-only] [target...]
#
# Targets: decoder (ResponseDecoder), cache (ForecastCache.read), resolver (CityCatalog.resolve);
# all three when none is named. Each runs for 600 s, 30 s with --short (for CI), or --time.
# Everything it makes goes under .build-fuzz/ (ignored by git): bin/ the fuzzers, seeds/ the
# seed corpora made from Fixtures/ afresh on every run, corpus/ the working corpora kept
# between runs, artifacts/ crash inputs, logs/ libFuzzer's output. Exits non-zero if a
# target finds a crash, a leak, a hang (10 s for one input) or an out-of-memory.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/.build-fuzz"
seconds=600
build_only=0
targets=()
while (($#)); do
    case "$1" in
        --short) seconds=30 ;;
        --time) seconds="$2"; shift ;;
        --build-only) build_only=1 ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        decoder|cache|resolver) targets+=("$1") ;;
        *) echo "run.sh: unknown argument '$1' (targets: decoder cache resolver)" >&2; exit 64 ;;
    esac
    shift
done
((${#targets[@]})) || targets=(decoder cache resolver)

curl_cflags=()
for flag in $(pkg-config --cflags libcurl); do curl_cflags+=(-Xcc "$flag"); done
mkdir -p "$out/lib" "$out/bin"

# True if $1 is missing or older than any file under the folders that follow.
stale() {
    local output="$1"; shift
    [[ ! -e "$output" ]] || [[ -n "$(find "$@" -newer "$output" -type f -print -quit)" ]]
}

# CurlHTTP, which Forecast imports, as a plain static library: it is not fuzzed, only linked.
# CCurl's ccurl.c (libcurl opened on first use) goes into the same archive.
if stale "$out/lib/libCurlHTTP.a" "$root/Sources/CurlHTTP" "$root/Sources/CCurl"; then
    echo "== building CurlHTTP"
    clang -O2 -c -I "$root/Sources/CCurl/include" $(pkg-config --cflags libcurl) \
        "$root/Sources/CCurl/ccurl.c" -o "$out/lib/ccurl.o"
    # -package-name: Forecast uses CurlHTTP's `package` declarations (LockedValue), as SwiftPM
    # allows within one package.
    nice -n 10 swiftc -O -parse-as-library -module-name CurlHTTP -package-name forecast \
        -emit-module -emit-module-path "$out/lib/CurlHTTP.swiftmodule" \
        -emit-library -static -o "$out/lib/libCurlHTTP.a" \
        -I "$root/Sources/CCurl/include" "${curl_cflags[@]}" "$root"/Sources/CurlHTTP/*.swift
    ar rs "$out/lib/libCurlHTTP.a" "$out/lib/ccurl.o"
fi

# JapanTime, which Forecast imports too: a static library, linked, not fuzzed.
if stale "$out/lib/libJapanTime.a" "$root/Sources/JapanTime"; then
    echo "== building JapanTime"
    nice -n 10 swiftc -O -parse-as-library -module-name JapanTime \
        -emit-module -emit-module-path "$out/lib/JapanTime.swiftmodule" \
        -emit-library -static -o "$out/lib/libJapanTime.a" "$root"/Sources/JapanTime/*.swift
fi

# Forecast's tables, made into Swift as the Tables plugin makes them in a SwiftPM build.
# Made again when a table or the maker changed, or when the list of tables did (a table
# removed leaves no newer file behind), which `.made` records.
tables=$(cd "$root/Sources/Forecast" && find . -name "*.tsv" | sort)
if stale "$out/gen/.made" "$root/Sources/Forecast" "$root/Plugins/TableToSwift" ||
   [[ "$(cat "$out/gen/.made")" != "$tables" ]]; then
    echo "== making the tables"
    mkdir -p "$out/gen"
    nice -n 10 swiftc -O "$root/Plugins/TableToSwift/main.swift" -o "$out/bin/table-to-swift"
    rm -f "$out"/gen/*.swift
    for table in $tables; do
        folder=$(basename "$(dirname "$table")")
        "$out/bin/table-to-swift" "$root/Sources/Forecast/$table" "$out/gen/$folder-$(basename "$table" .tsv).swift"
    done
    echo "$tables" > "$out/gen/.made"
fi

# The fuzzers are one binary, Forecast's sources and the three targets' entries compiled together
# with coverage instrumentation (libFuzzer) and AddressSanitizer, and linked under each target's
# name, which picks the target (Targets/Entry.swift): Forecast is compiled once, not three times.
fuzzer="$out/bin/fuzz"
if stale "$fuzzer" "$root/Sources/Forecast" "$root/Fuzz/Targets" "$out/lib/libCurlHTTP.a" "$out/lib/libJapanTime.a" "$out/gen/.made"; then
    echo "== building the fuzzers"
    nice -n 10 swiftc -O -g -parse-as-library -sanitize=fuzzer,address -use-ld=lld \
        -module-name ForecastFuzz -package-name forecast -I "$out/lib" -I "$root/Sources/CCurl/include" "${curl_cflags[@]}" \
        $(find "$root/Sources/Forecast" "$out/gen" "$root/Fuzz/Targets" -name "*.swift" | sort) \
        -L "$out/lib" -lCurlHTTP -lJapanTime -o "$fuzzer"
fi
for target in decoder cache resolver; do
    ln -sf fuzz "$out/bin/$target"
done
((build_only)) && exit 0

# Seed corpora, from Fixtures/ only.
make_seeds() {
    local target="$1" dir="$out/seeds/$1"
    rm -rf "$dir"; mkdir -p "$dir"
    case "$target" in
        decoder)
            cp "$root"/Fixtures/*.json "$root"/Fixtures/crafted/*.json "$dir/" ;;
        cache)
            # Entries as ForecastCache.write makes them, fetched a minute before the fuzzer's
            # clock (2022-05-19 05:30 JST, see CacheFuzz.swift) and a day before it.
            local body name
            for body in "$root"/Fixtures/*.json "$root"/Fixtures/crafted/*.json; do
                name=$(basename "$body" .json)
                { printf 'forecast-cache 1 %s\n' 1652905740; cat "$body"; } > "$dir/$name-fresh"
                { printf 'forecast-cache 1 %s\n' 1652819400; cat "$body"; } > "$dir/$name-old"
            done ;;
        resolver)
            # Every ID, name and prefecture of the catalog, and a few spellings people use.
            local id name prefecture
            while IFS=$'\t' read -r id name prefecture; do
                [[ "$id" == id ]] && continue
                printf '%s' "$id" > "$dir/id-$id"
                printf '%s' "$name" > "$dir/name-$id"
                printf '%s' "$prefecture" > "$dir/prefecture-$id"
                printf '　%s ' "$name" > "$dir/spaced-$id"
            done < "$root/Fixtures/cities.tsv"
            printf '１３００１０' > "$dir/full-width-id"
            printf '13001' > "$dir/short-id"
            printf '999999' > "$dir/unknown-id"
            printf '東京都' > "$dir/longer-name" ;;
    esac
    # Inputs that once failed stay in every run (and in Tests/ForecastTests).
    if [[ -d "$root/Fixtures/fuzz/$target" ]]; then
        cp "$root/Fixtures/fuzz/$target"/* "$dir/"
    fi
}

status=0
summary=()
for target in "${targets[@]}"; do
    make_seeds "$target"
    mkdir -p "$out/corpus/$target" "$out/artifacts/$target" "$out/logs" "$out/tmp/$target"
    dict=()
    [[ "$target" != resolver ]] && dict=(-dict="$root/Fuzz/forecast.dict")
    log="$out/logs/$target.log"
    echo "== fuzzing $target for $seconds s (log: ${log#$root/})"
    started=$(date +%s)
    set +e
    # The Swift runtime's own backtracer is off so that a trap reaches libFuzzer as a
    # "deadly signal" with ASan's stack, instead of both fighting over the signal.
    TMPDIR="$out/tmp/$target" SWIFT_BACKTRACE=enable=no \
    ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
    LSAN_OPTIONS="suppressions=$root/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
        nice -n 19 "$out/bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 "${dict[@]}" -artifact_prefix="$out/artifacts/$target/" \
        "$out/corpus/$target" "$out/seeds/$target" > "$log" 2>&1
    result=$?
    set -e
    rm -rf "$out/tmp/$target"
    elapsed=$(($(date +%s) - started))
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    corpus=$(find "$out/corpus/$target" -type f | wc -l)
    if ((result == 0)); then
        summary+=("$target: ${runs:-?} executions in $elapsed s, corpus $corpus inputs, nothing found")
    else
        status=1
        summary+=("$target: FAILED (exit $result) after ${runs:-?} executions in $elapsed s; see ${log#$root/} and ${out#$root/}/artifacts/$target/")
        grep -m1 -E '^==[0-9]+==ERROR|^SUMMARY|deadly signal|Fatal error' "$log" >&2 || true
    fi
done
printf '%s\n' "${summary[@]}"
exit $status
