# Sourced by the benchmark scripts: builds forecast and forecast-mock in release mode with the
# command `make` builds with (its `swift-build` target prints it: Swift's runtime linked in, by
# lld), in a scratch path of its own so that a benchmark never waits for an interactive build,
# and sets `bin` to where they are.
read -ra build <<< "$(make -s --no-print-directory swift-build) --scratch-path .build-bench"
echo "building (release)…" >&2
# SwiftPM relinks only for changed objects or a missing binary, not for a changed link input.
old_bin=$("${build[@]}" --show-bin-path)/forecast
for input in Scripts/link/*; do
    if [ "$input" -nt "$old_bin" ]; then rm -f "$old_bin"; fi
done
"${build[@]}" --product forecast >/dev/null
"${build[@]}" --product forecast-mock >/dev/null
bin=$("${build[@]}" --show-bin-path)
# What the benchmarks run as `forecast`: that binary without its debug information, as
# `make install` strips it. valgrind 3.19 (Debian 12) gives up on the DWARF 5 that clang writes
# for CCurl's C file; the symbol table stays, so callgrind still names every function.
forecast=.build-bench/forecast
strip --strip-debug -o "$forecast" "$bin/forecast"
