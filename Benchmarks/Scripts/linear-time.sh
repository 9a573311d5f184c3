#!/usr/bin/env bash
# Hostile inputs take time linear in their size: each case of HostileWork (a long segment, many
# segments, query items, empty segments and `#`s, many parameters, long patterns, routes that
# cannot match, URLs flooding a full queue) is run at size n and 8n under valgrind's callgrind,
# which counts instructions exactly whatever the machine's load; the ratio must stay under 16
# (linear work gives about 8, quadratic 64), or under 2 for a case whose cost must not grow
# with its size (HostileWork.flatCases: templates that cannot match, 8 times as many). CI runs
# this instead of timing the work in the test suite.
#
#   Benchmarks/Scripts/linear-time.sh                              # every case
#   Benchmarks/Scripts/linear-time.sh urls-kept-while-suspended    # only the cases named
#
# Installs valgrind with apt-get when it is missing. Exits 1 when a case is not linear.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="${LINEAR_TIME_SCRATCH:-$here/.build}"

if ! command -v valgrind > /dev/null; then
    echo "valgrind is missing: installing it with apt-get" >&2
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq && $sudo apt-get install -y -qq valgrind > /dev/null
fi

swift build -c release --package-path "$here" --scratch-path "$scratch" --product RouterProfile > /dev/null
profile="$scratch/release/RouterProfile"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# Instructions of one run of the case's measured call (HostileWork.run).
instructions() {
    local file="$out/callgrind.$1.$2.out"
    valgrind --tool=callgrind --callgrind-out-file="$file" \
        --toggle-collect='$s14RouterWorkload11HostileWorkO3run*' "$profile" hostile "$1" "$2" > /dev/null 2>&1
    # The "summary:" line of callgrind's output: the collected instructions.
    awk '/^summary:/ { print $2; exit }' "$file"
}

failed=0
printf '%-28s %10s %14s %14s %7s\n' case n "Ir at n" "Ir at 8n" ratio
while read -r name size limit; do
    limit="${limit:-16}"
    if [ "$#" -gt 0 ] && [[ " $* " != *" $name "* ]]; then continue; fi
    small="$(instructions "$name" "$size")"
    large="$(instructions "$name" "$((size * 8))")"
    ratio="$(awk -v s="$small" -v l="$large" 'BEGIN { printf "%.1f", l / (s > 0 ? s : 1) }')"
    verdict=""
    if [ "${small:-0}" = 0 ] || [ "${large:-0}" = 0 ]; then
        verdict="  DID NOT RUN"
        failed=1
    elif awk -v r="$ratio" -v m="$limit" 'BEGIN { exit !(r >= m) }'; then
        verdict="  NOT LINEAR"
        [ "$limit" = 16 ] || verdict="  NOT FLAT (limit ${limit}x)"
        failed=1
    fi
    printf '%-28s %10s %14s %14s %6sx%s\n' "$name" "$size" "$small" "$large" "$ratio" "$verdict"
done < <("$profile" hostile list 0 2> /dev/null || true)

exit "$failed"
