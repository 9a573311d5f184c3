#!/usr/bin/env bash
# The cost of compiling the library: a clean release build of the `Routes` target alone, against
# a clean release build of min/Routes' sources, side by side in one run (user CPU seconds; the
# ratio is what to compare across machines).
#
#   Benchmarks/Scripts/compile-time.sh MIN_ROUTES [RUNS]
#
#   MIN_ROUTES  a checkout of https://github.com/min/Routes (its `Routes/*.swift` are built as a
#               Swift 5 module in a scratch package; they stay out of this repository)
#   RUNS        builds of each, alternating (default 2); the fastest of each is reported
#
# Scratch packages and build folders live under .build-compile/ (git-ignored by `.build-*/`).
# `-stats-output-dir` makes the compiler write where the time went (type checking, the SIL
# optimizer, LLVM) for the last build of Routes: printed at the end.
set -euo pipefail

[ $# -ge 1 ] || { echo "usage: $0 MIN_ROUTES [RUNS]" >&2; exit 2; }
min="$(cd "$1" && pwd)"
runs="${2:-2}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
scratch="$root/.build-compile"
rm -rf "$scratch"
mkdir -p "$scratch/min/Sources/MinRoutes" "$scratch/stats"
cp "$min"/Routes/*.swift "$scratch/min/Sources/MinRoutes/"
find "$min/Routes" -mindepth 2 -name '*.swift' -exec cp {} "$scratch/min/Sources/MinRoutes/" \;
# swift-corelibs-foundation's Scanner.scanUpTo(_:into:) writes a String, Darwin's an NSString:
# off Darwin, the two variables it writes become String (the same work for the compiler).
if [ "$(uname)" != Darwin ]; then
    sed -i -e 's/: NSString?/: String?/' -e 's/\.length > 0/.utf16.count > 0/' \
        "$scratch/min/Sources/MinRoutes/String+Utilities.swift"
fi
cat > "$scratch/min/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
// Written by Benchmarks/Scripts/compile-time.sh: min/Routes' sources, to time their build.
import PackageDescription

let package = Package(
    name: "MinRoutes",
    platforms: [.macOS(.v10_15)],
    targets: [.target(name: "MinRoutes", swiftSettings: [.swiftLanguageMode(.v5)])]
)
SWIFT

# User CPU seconds of a command (bash's `time`, user part only).
user_seconds() {
    local TIMEFORMAT=%U
    { time "$@" > "$scratch/last.log" 2>&1 || { cat "$scratch/last.log" >&2; exit 1; }; } 2>&1
}

best_routes="" best_min=""
for run in $(seq "$runs"); do
    rm -rf "$scratch/routes-build" "$scratch/min-build" "$scratch/stats"/*
    r="$(user_seconds swift build -c release --package-path "$root" --scratch-path "$scratch/routes-build" \
        --target Routes -Xswiftc -stats-output-dir -Xswiftc "$scratch/stats")"
    m="$(user_seconds swift build -c release --package-path "$scratch/min" --scratch-path "$scratch/min-build" \
        --target MinRoutes)"
    echo "run $run: Routes ${r}s, min/Routes ${m}s (user CPU)" >&2
    if [ -z "$best_routes" ] || awk "BEGIN { exit !($r < $best_routes) }"; then best_routes="$r"; fi
    if [ -z "$best_min" ] || awk "BEGIN { exit !($m < $best_min) }"; then best_min="$m"; fi
done
commit="$(git -C "$root" log -1 --format=%h -- Sources 2> /dev/null || echo unknown)"
awk -v r="$best_routes" -v m="$best_min" -v c="$commit" 'BEGIN {
    printf "clean release build, user CPU, fastest of the runs: Routes %.1f s, min/Routes %.1f s: %.1fx (library at %s)\n", r, m, r / m, c
}'

# Where the Routes build's frontend spent its time (wall seconds, the largest phases).
python3 - "$scratch/stats" <<'PY'
import glob, json, sys
totals = {}
for path in glob.glob(sys.argv[1] + "/*.json"):
    for key, value in json.load(open(path)).items():
        if key.startswith("time.swift.") and key.endswith(".wall"):
            name = key[len("time.swift."):-len(".wall")]
            totals[name] = totals.get(name, 0) + value
wanted = ["Type checking and Semantic analysis", "SILGen", "SIL optimization", "IRGen", "LLVM pipeline"]
print("  Routes' frontend, wall seconds: " + ", ".join(f"{name} {totals.get(name, 0):.1f}" for name in wanted))
PY
