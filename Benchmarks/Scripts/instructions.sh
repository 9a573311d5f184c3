#!/usr/bin/env bash
# Instructions and allocations per lookup for each case of the performance targets, with
# valgrind's callgrind (it counts instructions, so the figures repeat exactly whatever else the
# machine does; Swift's hashing is made deterministic too). Prints one Markdown table.
#
#   Benchmarks/Scripts/instructions.sh [N] [--memory] [--scale] [--all]
#
#   N         routes in the table (default 1000); the benchmark's workload
#             (Sources/RouterWorkload/Workload.swift): 1,000 URLs, 10% misses
#   --memory  also memory per route at 1,000,000 routes (RouterProfile memory; ~10 s, ~1.5 GB)
#   --scale   also the wall-clock ratio of a lookup at 1,000,000 routes to one at 10 routes,
#             timed side by side in one process (RouterProfile scale 300; ~10 s)
#   --all     both
#
# Cases 11 (templates without fixed text at either end, `/p/{a}-k{i}-{b}`) also run at 10
# templates, and their row compares the two.
#
# Each case runs twice under callgrind, collecting only the Routers.lookUp loop: once over its
# URLs one time, once over them repeated to about 20,000 lookups (5,000 for routing-kit, 2,000
# for the linear reference). Per lookup = (difference of the two runs) / (difference of their
# lookups), for the instructions (Ir) and for the calls to malloc (malloc, calloc, realloc,
# posix_memalign, aligned_alloc): callgrind also counts calls made while collection is off, and
# those are the same in both runs. Profiles stay in Benchmarks/.build/instructions/.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n=1000 memory=0 scale=0
for argument in "$@"; do
    case "$argument" in
    --memory) memory=1 ;;
    --scale) scale=1 ;;
    --all) memory=1 scale=1 ;;
    '' | *[!0-9]*) echo "usage: $0 [N] [--memory] [--scale] [--all]" >&2; exit 2 ;;
    *) n="$argument" ;;
    esac
done

if ! command -v valgrind > /dev/null || ! command -v callgrind_annotate > /dev/null; then
    echo "valgrind is missing: installing it with apt-get" >&2
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq && $sudo apt-get install -y -qq valgrind > /dev/null
fi

echo "building RouterProfile (release)" >&2
swift build -c release --package-path "$here" --product RouterProfile > /dev/null
profile="$here/.build/release/RouterProfile"
out="$here/.build/instructions"
mkdir -p "$out"
results="$out/results.$n.txt"
: > "$results"

# Instructions and calls to malloc in one callgrind output file: "IR MALLOCS".
counts() {
    python3 - "$1" <<'EOF'
import re, sys
allocators = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign"}
names, callee, ir, mallocs = {}, None, 0, 0
for line in open(sys.argv[1], errors="replace"):
    match = re.match(r"(c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
    if match:
        kind, number, name = match.groups()
        if name:
            names[number] = name
        if kind == "cfn":
            callee = re.sub(r"'\d+$", "", names.get(number, ""))
    elif line.startswith("calls="):
        if callee in allocators:
            mallocs += int(line[len("calls="):].split()[0])
    elif line.startswith("summary:"):
        ir = int(line.split()[1])
print(ir, mallocs)
EOF
}

# run CASE LOOKUPS [ROUTES]: prints "IR MALLOCS LOOKUPS VALUES_PER_HIT" of one run at ROUTES
# routes (default N).
run() {
    local size="${3:-$n}"
    local file="$out/callgrind.$1.$size.$2.out" line
    line="$(SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$file" \
        --toggle-collect='$s14RouterWorkload7RoutersO6lookUp*' "$profile" case "$1" "$size" "$2" 2> "$file.log" \
        | grep '^case ')" || { cat "$file.log" >&2; exit 1; }
    echo "$(counts "$file") $(awk '{ print $6, $8 }' <<< "$line")"
}

# measure CASE LOOKUPS [ROUTES]: appends "CASE IR_PER_LOOKUP MALLOCS_PER_LOOKUP VALUES_PER_HIT"
# to results (CASE@ROUTES when ROUTES is given).
measure() {
    local name="$1${3:+@$3}"
    echo "  $name" >&2
    local one many
    one=($(run "$1" 1 "${3:-}")) && many=($(run "$1" "$2" "${3:-}"))
    if [ "${#one[@]}" != 4 ] || [ "${#many[@]}" != 4 ]; then echo "$name failed" >&2; exit 1; fi
    awk -v c="$name" -v i1="${one[0]}" -v m1="${one[1]}" -v l1="${one[2]}" \
        -v i2="${many[0]}" -v m2="${many[1]}" -v l2="${many[2]}" -v v="${many[3]}" \
        'BEGIN { printf "%s %.1f %.3f %s\n", c, (i2 - i1) / (l2 - l1), (m2 - m1) / (l2 - l1), v }' >> "$results"
}

echo "callgrind, N = $n routes (each case twice):" >&2
for c in miss hit subscript string string-any int dictionary canroute-hit canroute-miss canroute-mixed mixed typed-hit in-segment-hit resolve-hit; do
    measure "$c" 20000
done
# Templates without fixed text at either end, all in one place: at N and at 10 templates.
for c in middle-text-hit middle-text-miss; do measure "$c" 5000; measure "$c" 5000 10; done
for c in trie-miss trie-hit; do measure "$c" 5000; done
for c in linear-miss linear-hit; do measure "$c" 2000; done

memory_line="" scale_line=""
if [ "$memory" = 1 ]; then
    echo "memory at 1,000,000 routes (RouterProfile memory 1000000)" >&2
    memory_line="$("$profile" memory 1000000 | awk '/per route/ { printf "%s ", $(NF - 2) }')"
fi
if [ "$scale" = 1 ]; then
    echo "lookups at 10 and 1,000,000 routes (RouterProfile scale 300)" >&2
    scale_line="$("$profile" scale 300 | awk '/ns per lookup/ { printf "%s ", $3 } /ratio/ { printf "%s", $2 }')"
fi

# The library as measured: the last commit that changed Sources/, and whether it is modified.
commit="$(git -C "$here/.." log -1 --format=%h -- Sources 2> /dev/null || echo unknown)"
dirty="$(git -C "$here/.." status --porcelain -- Sources 2> /dev/null | head -1)"
[ -n "$dirty" ] && commit="$commit (Sources/ modified)"

python3 - "$results" "$n" "$commit" "$memory_line" "$scale_line" <<'EOF'
import sys
path, n, commit, memory, scale = sys.argv[1:6]
rows = {}
for line in open(path):
    case, ir, mallocs, values = line.split()
    rows[case] = (float(ir), float(mallocs))
values = float(values)

def number(x):
    return f"{x:,.0f}"

def cell(case):
    ir, mallocs = rows[case]
    return f"{number(ir)} ({mallocs:.2f})"

def met(ok):
    return "yes" if ok else "**no**"

print(f"Instructions per lookup (callgrind Ir) and, in parentheses, calls to malloc per lookup; "
      f"N = {int(n):,} routes, the benchmark's workload (1,000 URLs, 10% misses), library at {commit}.")
print()
print("| # | Case | Routes | routing-kit `TrieRouter` (path pre-split) | linear reference | Target (Routes) | Met |")
print("|---|---|---:|---:|---:|---|---|")

def row(label, key, target, mallocs_max, trie="", linear="", number_label=""):
    ir, mallocs = rows[key]
    ok = (target is None or ir <= target) and mallocs <= mallocs_max
    goal = []
    if target is not None:
        goal.append(f"≤ {number(target)}")
    goal.append("0 mallocs" if mallocs_max == 0 else f"≤ {mallocs_max} mallocs")
    t = cell(trie) if trie else ""
    l = cell(linear) if linear else ""
    print(f"| {number_label} | {label} | {cell(key)} | {t} | {l} | {', '.join(goal)} | {met(ok)} |")

row("miss: `route(to:)`, URLs that match nothing", "miss", 1500, 0, "trie-miss", "linear-miss", "1")
row("hit, handler reads nothing", "hit", 2500, 0, "trie-hit", "linear-hit", "2")
row("hit, reads each value as `params[\"name\"] as? String`", "subscript", 3000, 0, number_label="3")
row("hit, reads each value with `params.string(_:)`", "string", 2800, 0, number_label="4")
row("hit, reads each value with `params.int(_:)`", "int", 2800, 0, number_label="5")
row("hit, reads `params.dictionary`", "dictionary", None, 3, number_label="6")
row("`canRoute(to:)`, hits", "canroute-hit", 1500, 0, number_label="7")
row("`canRoute(to:)`, misses", "canroute-miss", 1500, 0, number_label="7")
row("`canRoute(to:)`, mixed (90% hits)", "canroute-mixed", 1500, 0, number_label="7")
row("hit, extended patterns: each value a typed capture (`{id:int}`)", "typed-hit", None, 0, number_label="9")
row("hit, extended patterns: each value beside fixed text (`{id}.json`)", "in-segment-hit", None, 0, number_label="9")
row("`RouteMap.resolve(_:)` hit, each closure gives a four-word value", "resolve-hit", None, 0, number_label="10")
# Templates without fixed text at either end in one place: flat in their number, like lookups
# in the number of routes (the same instructions at N and at 10 templates, within 2%).
for label, key in [("hit", "middle-text-hit"), ("miss", "middle-text-miss")]:
    ir, mallocs = rows[key]
    small = rows[key + "@10"][0]
    flat = ir / small
    print(f"| 11 | {label}, {int(n):,} templates without fixed text at either end in one place "
          f"(`/p/{{a}}-k{{i}}-{{b}}`) | {cell(key)} |  |  | ≤ 1.02× the instructions at 10 templates "
          f"({number(small)}: {flat:.3f}×), 0 mallocs | {met(flat <= 1.02 and mallocs == 0)} |")
ir, mallocs = rows["mixed"]
print(f"|  | `route(to:)`, mixed (90% hits), reads nothing: the benchmark's lookup | {cell('mixed')} |  |  | "
      f"0 mallocs | {met(mallocs == 0)} |")
for label, key, target in [("subscript", "subscript", 400), ("`string(_:)`", "string", 300), ("`int(_:)`", "int", 300)]:
    per_value = (rows[key][0] - rows["hit"][0]) / values
    print(f"| 8 | per value read, {label}: (case {'3' if key == 'subscript' else '4' if key == 'string' else '5'} − case 2) "
          f"/ {values:.2f} values per hit | {number(per_value)} |  |  | ≤ {target} | {met(per_value <= target)} |")
# What the subscript's callers pay the runtime: a typed read, then the value as an `Any?` the
# optimizer cannot see, cast back (`as? String`).
per_value = (rows["string-any"][0] - rows["hit"][0]) / values
cast = (rows["string-any"][0] - rows["string"][0]) / values
print(f"|  | per value read, `string(_:)`, then cast back from an opaque `Any?` (`as? String`): "
      f"a typed read and the runtime's cast that a subscript read pays | {number(per_value)} "
      f"(the cast: {number(cast)}) |  |  |  |  |")
if memory:
    routes, trie = memory.split()[:2]
    print(f"|  | memory per route at 1,000,000 routes (glibc in-use bytes) | {routes} B | {trie} B |  | ≤ 450 B | "
          f"{met(int(routes) <= 450)} |")
if scale:
    small, large, ratio = scale.split()
    print(f"|  | wall clock, lookup at 1,000,000 vs 10 routes (fastest of 300 alternating rounds) | "
          f"{float(ratio):.2f}× ({large} vs {small} ns) |  |  | ≤ 1.5× | {met(float(ratio) <= 1.5)} |")
print()
print(f"Values per hit URL: {values:.2f} (the workload's hits: `/s{{i}}/users/:uid/posts/:pid` has 2, "
      f"`/section{{i}}/item/:id` 1). Every value is a number, so `int(_:)` reads the text and parses it.")
EOF
