#!/usr/bin/env bash
# Checks forecast(1): groff's man and mandoc macro packages render it without one warning on the
# UTF-8 device man uses, and the page keeps its Japanese examples and text (with no space the
# help's line breaks would leave inside a word: "(週間天気予報)"), and its EXIT STATUS,
# ENVIRONMENT and FILES sections. Run by `make check-man` and CI (.ci/package).
# Usage: Scripts/check-manpage.sh forecast.1
#
# groff's default device (-Tps) has no Japanese glyphs, so `groff -man -ww -z` without -Tutf8
# warns "can't find special character 'u6771'" for any page that keeps 東京; -Tutf8 is what
# man(1) uses in a UTF-8 locale.
set -euo pipefail
page=$1
status=0
for macros in -man -mandoc; do
    for preconv in "" -k; do
        warnings=$(groff $preconv $macros -ww -z -Tutf8 "$page" 2>&1)
        if [ -n "$warnings" ]; then
            echo "check-manpage: groff $preconv $macros -ww -z -Tutf8 warns:" >&2
            echo "$warnings" >&2
            status=1
        fi
    done
done
rendered=$(groff -man -Tutf8 -P-cbou "$page" 2>/dev/null)
for expected in "東京 and 横浜, one after the other" "forecast -p 東京 横浜 大阪" "(週間天気予報)" "EXIT STATUS" \
                "ENVIRONMENT" "FILES" "FORECAST_CACHE_DIR" "FORECAST_JMA_URL" "--parallel"; do
    if ! grep -qF -- "$expected" <<< "$rendered"; then
        echo "check-manpage: the rendered page lacks \"$expected\"" >&2
        status=1
    fi
done
if LC_ALL=C grep -q '[^[:print:][:space:]]' "$page"; then
    echo "check-manpage: the page has non-ASCII bytes; write them as \\[uXXXX]" >&2
    status=1
fi
[ $status -eq 0 ] && echo "check-manpage: $page renders cleanly (groff -man/-mandoc -ww -z -Tutf8) and keeps its Japanese examples"
exit $status
