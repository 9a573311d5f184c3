#!/usr/bin/env bash
# Draws the chart of the README's Performance section: instructions per lookup (callgrind Ir, the
# benchmark's hit URLs, handlers that read nothing) against the table's size, for Routes,
# routing-kit's TrieRouter (path pre-split) and the linear JLRoutes-style reference. Writes
# Benchmarks/lookup-cost.svg (and prints the figures as a Markdown table).
#
#   Benchmarks/Scripts/chart.sh           # measure (about 5 minutes), then draw
#   Benchmarks/Scripts/chart.sh --draw    # draw again from the last measurement
#
# Each point is measured as Scripts/instructions.sh measures a case: two callgrind runs of
# `RouterProfile case`, one over the URLs once and one over them repeated, collecting only the
# Routers.lookUp loop; per lookup = difference of instructions / difference of lookups.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$here/.build/chart"
results="$out/points.txt"
if [ "${1:-}" != --draw ]; then  # measure, unless only drawing again
command -v valgrind > /dev/null || { echo "valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
echo "building RouterProfile (release)" >&2
swift build -c release --package-path "$here" --product RouterProfile > /dev/null
profile="$here/.build/release/RouterProfile"
mkdir -p "$out"
: > "$results"

# point CASE N LOOKUPS: appends "CASE N IR_PER_LOOKUP" to the results.
point() {
    local irs=() lookups=() l file
    for l in 1 "$3"; do
        file="$out/callgrind.$1.$2.$l.out"
        line="$(SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$file" \
            --toggle-collect='$s14RouterWorkload7RoutersO6lookUp*' "$profile" case "$1" "$2" "$l" 2> /dev/null \
            | grep '^case ')"
        irs+=("$(awk '/^summary:/ { print $2 }' "$file")")
        lookups+=("$(awk '{ print $6 }' <<< "$line")")
    done
    awk -v c="$1" -v n="$2" -v i1="${irs[0]}" -v i2="${irs[1]}" -v l1="${lookups[0]}" -v l2="${lookups[1]}" \
        'BEGIN { printf "%s %s %.0f\n", c, n, (i2 - i1) / (l2 - l1) }' >> "$results"
    echo "  $1 at $2 routes" >&2
}

for n in 10 100 1000 10000; do
    point hit "$n" 5000
    point trie-hit "$n" 2000
    point linear-hit "$n" 2000
done
fi

python3 - "$results" "$here/lookup-cost.svg" <<'PY'
import math, sys
points = {}
for line in open(sys.argv[1]):
    case, n, ir = line.split()
    points.setdefault(case, {})[int(n)] = float(ir)
series = [("hit", "Routes", "#1f77b4"), ("trie-hit", "routing-kit TrieRouter (path pre-split)", "#ff7f0e"),
          ("linear-hit", "linear JLRoutes-style reference", "#7f7f7f")]
sizes = sorted(points["hit"])
print("| routes | " + " | ".join(label for _, label, _ in series) + " |")
print("| ---: | " + " | ".join("---:" for _ in series) + " |")
for n in sizes:
    print(f"| {n:,} | " + " | ".join(f"{points[c][n]:,.0f}" for c, _, _ in series) + " |")

width, height, left, right, top, bottom = 660, 360, 90, 40, 40, 60
lo = 10 ** math.floor(math.log10(min(min(p.values()) for p in points.values())))
hi = 10 ** math.ceil(math.log10(max(max(p.values()) for p in points.values())))
def x(n):
    return left + (math.log10(n) - math.log10(sizes[0])) / (math.log10(sizes[-1]) - math.log10(sizes[0])) * (width - left - right)
def y(v):
    return top + (math.log10(hi) - math.log10(v)) / (math.log10(hi) - math.log10(lo)) * (height - top - bottom)
svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
       f'<rect width="{width}" height="{height}" fill="white"/>',
       f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="14">Instructions per lookup (callgrind), hits, against routes in the table</text>']
decade = lo
while decade <= hi:
    svg.append(f'<line x1="{left}" x2="{width - right}" y1="{y(decade):.1f}" y2="{y(decade):.1f}" stroke="#ddd"/>')
    svg.append(f'<text x="{left - 6}" y="{y(decade) + 4:.1f}" text-anchor="end">{decade:,.0f}</text>')
    decade *= 10
for n in sizes:
    svg.append(f'<line x1="{x(n):.1f}" x2="{x(n):.1f}" y1="{top}" y2="{height - bottom}" stroke="#eee"/>')
    svg.append(f'<text x="{x(n):.1f}" y="{height - bottom + 16}" text-anchor="middle">{n:,}</text>')
svg.append(f'<text x="{(left + width - right) / 2}" y="{height - 12}" text-anchor="middle">routes (log scale)</text>')
for index, (case, label, color) in enumerate(series):
    path = " ".join(f"{x(n):.1f},{y(points[case][n]):.1f}" for n in sizes)
    svg.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
    for n in sizes:
        svg.append(f'<circle cx="{x(n):.1f}" cy="{y(points[case][n]):.1f}" r="3" fill="{color}"/>')
    svg.append(f'<rect x="{left + 10}" y="{top + 8 + index * 16}" width="12" height="3" fill="{color}"/>')
    svg.append(f'<text x="{left + 28}" y="{top + 13 + index * 16}">{label}</text>')
svg.append("</svg>")
open(sys.argv[2], "w").write("\n".join(svg) + "\n")
PY
echo "wrote $here/lookup-cost.svg" >&2
