#!/usr/bin/env bash
# Runs the whole benchmark suite once and prints the results tables (README.md, "Results").
#
#   Benchmarks/run.sh                          # everything: about a minute on 2 cores once built
#   Benchmarks/run.sh --filter 'Lookup/.*'   # extra arguments go to `swift package benchmark`
#
# Raw results are kept in Benchmarks/.build/results/ (git-ignored).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
cd "$root"

out="$here/.build/results"
mkdir -p "$out"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
csv="$out/$stamp.csv"
mallinfo="$out/$stamp.mallinfo.txt"

echo "Routes benchmarks, $(date -u +%Y-%m-%d)"
echo "Machine: $(uname -sm), $(nproc) cores; $(swift --version 2>/dev/null | head -1)"
echo "Library: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')$(
    [ -n "$(git -C "$root" status --porcelain -- Sources 2>/dev/null)" ] && echo ' + uncommitted changes in Sources/')"
echo "Load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
echo

# One run of every benchmark, exported as influx CSV (raw, unscaled values: nanoseconds, counts, bytes).
swift package --package-path Benchmarks benchmark --no-progress --format influx --path stdout "$@" \
    | tee "$csv" | grep -v -E '^(RouterBenchmarks,|measurement,|#datatype|\[[0-9]+/[0-9]+\]|$)' || true

# A second reading of memory per route, with glibc's own accounting (release build, plain executable).
swift build -c release --package-path Benchmarks --product RouterProfile > /dev/null
"$here/.build/release/RouterProfile" memory 10000 > "$mallinfo"

echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
echo
python3 "$here/Scripts/summarize.py" "$csv" --mallinfo "$mallinfo"
