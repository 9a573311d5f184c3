#!/usr/bin/env bash
# Builds the fuzzer, replays Fuzz/regressions/, then fuzzes for a time budget.
#
#   Fuzz/run.sh            # 60 seconds
#   Fuzz/run.sh 600        # 10 minutes
#   Fuzz/run.sh 3600 -fork=2 -ignore_crashes=1   # extra arguments go to libFuzzer
#
# New interesting inputs are kept in Fuzz/corpus-work/ (git-ignored), seeded from Fuzz/corpus/.
# A failing input is written to Fuzz/.build/crash-* ; copy it to Fuzz/regressions/ with a
# descriptive name once the bug is understood, and add a test for it.
set -euo pipefail

fuzz_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
seconds="${1:-60}"
shift || true

"$fuzz_dir/build.sh"
fuzzer="$fuzz_dir/.build/routes-fuzzer"
# The Swift runtime backtracer fights with the sanitizer's reports; libFuzzer prints the stack.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
# Checks of known, reported bugs that are not enforced (see Fuzz/known-issues).
if [ -z "${ROUTES_FUZZ_SKIP+set}" ] && [ -f "$fuzz_dir/known-issues" ]; then
    ROUTES_FUZZ_SKIP="$({ grep -v '^[[:space:]]*#' "$fuzz_dir/known-issues" || true; } | awk 'NF { print $1 }' | paste -sd, -)"
fi
export ROUTES_FUZZ_SKIP="${ROUTES_FUZZ_SKIP:-}"
if [ -n "$ROUTES_FUZZ_SKIP" ]; then echo "known issues not enforced: $ROUTES_FUZZ_SKIP"; fi

# Regressions first: each file is run once; any failure stops here.
shopt -s nullglob
regressions=("$fuzz_dir"/regressions/*)
if [ ${#regressions[@]} -gt 0 ]; then
    echo "replaying ${#regressions[@]} regression inputs"
    # Given files (not folders), libFuzzer runs each one once and exits.
    if ! "$fuzzer" "${regressions[@]}" >"$fuzz_dir/.build/regressions.log" 2>&1; then
        cat "$fuzz_dir/.build/regressions.log"
        echo "a regression input fails (see above)" >&2
        exit 1
    fi
fi

mkdir -p "$fuzz_dir/corpus-work"
exec "$fuzzer" \
    -max_total_time="$seconds" \
    -max_len=4096 \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -print_final_stats=1 \
    -artifact_prefix="$fuzz_dir/.build/" \
    "$@" \
    "$fuzz_dir/corpus-work" "$fuzz_dir/corpus"
