#!/usr/bin/env bash
# Memory pages a lookup reads at 1,000,000 routes, beyond what a TLB of 2,048 entries keeps: the
# cost that makes a lookup on a large table slower than on a small one, although it runs the same
# instructions. Prints the misses per lookup and the source lines that have them.
#
#   Benchmarks/Scripts/pages.sh [N]     N routes (default 1000000); about 5 minutes on 2 cores
#
# A model, not a measurement of the hardware (a virtual machine has no TLB counters): callgrind's
# cache simulator with 4 KB lines is a TLB that maps 4 KB pages, here 2,048 entries, 8-way
# associative, as the second-level data TLB of this machine's AMD EPYC (Zen 3; the first level,
# 64 entries, misses on nearly every random page anyway). The mixed workload (10% misses) runs
# twice under callgrind, collecting only the lookups: over its 1,000 URLs once, then 5 times; the
# difference is 4,000 lookups of a workload whose pages the model has already seen once, as in
# the `scale` timing (RouterProfile scale), which repeats the same 1,000 URLs.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n="${1:-1000000}"
command -v valgrind > /dev/null || { echo "valgrind is missing (Scripts/instructions.sh installs it)" >&2; exit 2; }
echo "building RouterProfile (release)" >&2
swift build -c release --package-path "$here" --product RouterProfile > /dev/null
out="$here/.build/pages"
mkdir -p "$out"

run() {
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --cache-sim=yes \
        --I1=65536,4,64 --D1=8388608,8,4096 --LL=16777216,8,4096 \
        --callgrind-out-file="$out/$1.out" --toggle-collect='$s14RouterWorkload7RoutersO6lookUp*' \
        "$here/.build/release/RouterProfile" case mixed "$n" "$1" > /dev/null 2> "$out/$1.log"
}
run 1000 &
first=$!
run 5000
wait "$first"

python3 - "$out/1000.out" "$out/5000.out" <<'EOF'
import re, subprocess, sys
def misses(path):
    text = subprocess.run(
        ["callgrind_annotate", "--show=D1mr", "--sort=D1mr", "--inclusive=no", "--tree=none", path],
        capture_output=True, text=True).stdout
    counts, total = {}, 0
    for line in text.splitlines():
        match = re.match(r"\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*)$", line)
        if not match or "events annotated" in line:
            continue
        count, what = int(match.group(1).replace(",", "")), match.group(2).split(" [")[0].strip()
        if what == "PROGRAM TOTALS":
            total = count
        else:  # a function ("file:symbol") or, below it, one of its source lines
            counts[what[:110]] = count
    return total, counts
once, repeated = misses(sys.argv[1]), misses(sys.argv[2])
print(f"TLB misses per lookup (model): {(repeated[0] - once[0]) / 4000:.2f}")
for key, count in sorted(repeated[1].items(), key=lambda item: -item[1]):
    per = (count - once[1].get(key, 0)) / 4000
    if per >= 0.02:
        print(f"  {per:5.2f}  {key}")
EOF
