#!/usr/bin/env bash
# Instruction-level profile with valgrind's callgrind (it counts instructions, so the figures
# repeat exactly whatever else the machine does; Swift's hashing is made deterministic too).
#
#   Benchmarks/Scripts/profile.sh [routes|url|trie|linear] [N] [mixed|hits|misses] [repetitions]
#   Benchmarks/Scripts/profile.sh register [routes|trie] [N] [repetitions]
#
# Only the measured work is collected: the lookup loops (Routers.lookUp), or building the router
# (Routers.routes / Routers.trie). Prints instructions per lookup (or per route) and the
# functions with the highest inclusive cost; the full profile stays in Benchmarks/.build/profiles/
# for callgrind_annotate or kcachegrind. (Allocation counts: use the benchmarks, and
# `swift package --package-path Benchmarks benchmark run --allocation-stacks --filter ...` for
# their call sites; callgrind's call counts also include what runs outside the collected part.)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
swift build -c release --package-path "$here" --product RouterProfile > /dev/null
mkdir -p "$here/.build/profiles"

if [ "${1:-}" = register ]; then
    router="${2:-routes}" n="${3:-10000}" repetitions="${4:-1}"
    symbol='$s14RouterWorkload7RoutersO6routes*'
    [ "$router" = trie ] && symbol='$s14RouterWorkload7RoutersO4trie*'
    file="$here/.build/profiles/callgrind.register.$router.$n.out"
    arguments=(register "$router" "$n" "$repetitions")
    units=$((repetitions * n)) unit=route
else
    router="${1:-routes}" n="${2:-10000}" mix="${3:-mixed}" repetitions="${4:-10}"
    symbol='$s14RouterWorkload7RoutersO6lookUp*'
    file="$here/.build/profiles/callgrind.$router.$n.$mix.out"
    arguments=(lookup "$router" "$n" "$mix" "$repetitions")
    units=$((repetitions * 1000)) unit=lookup
fi

SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$file" --toggle-collect="$symbol" \
    "$here/.build/release/RouterProfile" "${arguments[@]}" 2>&1 | grep -E "handled|registered|Collected" || true

annotated="$(callgrind_annotate --inclusive=yes "$file" 2>/dev/null)"
total="$(awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }' <<< "$annotated")"
echo "instructions per $unit: $((total / units))"
echo
echo "Inclusive cost (share of the collected instructions):"
swift demangle --simplified <<< "$annotated" \
    | sed -E "s/ \\[[^]]*\\]\$//; s#$(dirname "$here")/##" \
    | awk '/file:function/ { on = 1; next } on && NF { print }' \
    | head -40
