#!/usr/bin/env bash
# What an app pays for the library: the Routes library built alone as a dynamic library in
# release, stripped, in KB; then the text (code and constants) each of its object files adds, the
# largest first, so that we see what takes room.
#
#   Benchmarks/Scripts/binary-size.sh [TOP]     # TOP object files listed (default 15)
#
# A scratch package under .build-size/ (git-ignored by the `.build-*/` rule) depends on the
# repository by path and declares one product, `RoutesDynamic`, a `.dynamic` library of the
# Routes target: the library product users get in Package.swift stays as it is. The object files
# are those of that release build; `size` reads their text, which the linker keeps once each
# (stripping removes symbols and debug data, not text).
set -euo pipefail

top="${1:-15}"
case "$top" in '' | *[!0-9]*) echo "usage: $0 [TOP]" >&2; exit 2 ;; esac
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
scratch="$root/.build-size"
mkdir -p "$scratch/Sources/RoutesDynamic"
cat > "$scratch/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
// Written by Benchmarks/Scripts/binary-size.sh: the Routes library as a dynamic library.
import PackageDescription

let package = Package(
    name: "RoutesSize",
    products: [.library(name: "RoutesDynamic", type: .dynamic, targets: ["RoutesDynamic"])],
    dependencies: [.package(name: "Routes", path: "..")],
    targets: [.target(name: "RoutesDynamic", dependencies: [.product(name: "Routes", package: "Routes")])]
)
SWIFT
# The product needs a target of its own; it re-exports the library and adds nothing.
echo '@_exported import Routes' > "$scratch/Sources/RoutesDynamic/RoutesDynamic.swift"

echo "building the Routes library as a dynamic library (release)" >&2
swift build -c release --package-path "$scratch" --product RoutesDynamic > /dev/null
bin="$(swift build -c release --package-path "$scratch" --show-bin-path)"
library=""
for candidate in "$bin"/libRoutesDynamic.so "$bin"/libRoutesDynamic.dylib; do
    [ -e "$candidate" ] && library="$candidate" && break
done
[ -n "$library" ] || { echo "no libRoutesDynamic in $bin" >&2; exit 1; }
stripped="$scratch/$(basename "$library").stripped"
cp "$library" "$stripped"
strip "$stripped" 2> /dev/null || strip -x "$stripped"  # ELF; Mach-O keeps its exported symbols

bytes() { wc -c < "$1" | tr -d ' '; }
commit="$(git -C "$root" log -1 --format=%h -- Sources 2> /dev/null || echo unknown)"
[ -z "$(git -C "$root" status --porcelain -- Sources 2> /dev/null | head -1)" ] || commit="$commit (Sources/ modified)"
printf 'Routes as a dynamic library, release, stripped: %s KB (%s bytes; unstripped %s KB), library at %s\n' \
    "$(( ($(bytes "$stripped") + 512) / 1024 ))" "$(bytes "$stripped")" "$(( ($(bytes "$library") + 512) / 1024 ))" "$commit"

# The stripped library by kind of section (ELF): an app's Mach-O keeps code and metadata alike,
# but stores unwind tables in a compact form and names its symbols differently.
if command -v size > /dev/null && size -A "$stripped" > /dev/null 2>&1; then
    size -A "$stripped" | awk '
        $1 ~ /^\./ || $1 ~ /^swift5_/ {
            if ($1 == ".bss" || $1 == ".comment") next
            if ($1 == ".text") code += $2
            else if ($1 ~ /^\.eh_frame/) unwind += $2
            else if ($1 ~ /^\.(dyn|rela|gnu|plt|got)/) linking += $2
            else data += $2
        }
        END {
            printf "  code %d KB, unwind tables %d KB, dynamic symbols and relocations %d KB, metadata and constants %d KB\n",
                (code + 512) / 1024, (unwind + 512) / 1024, (linking + 512) / 1024, (data + 512) / 1024
        }'
fi

# `size` in Berkeley format: text data bss dec hex filename. Text of the Routes objects only.
objects=("$bin"/Routes.build/*.o)
if command -v size > /dev/null && [ -e "${objects[0]}" ]; then
    echo
    echo "Text per object file of the Routes target (KB), largest first (top $top of ${#objects[@]}):"
    size "${objects[@]}" | awk 'NR > 1 { total += $1; n = split($6, p, "/"); printf "%8.1f  %s\n", $1 / 1024, p[n] } END { printf "%8.1f  total text of %d object files\n", total / 1024, NR - 1 > "/dev/stderr" }' \
        2> "$scratch/total.txt" | sort -rn | head -n "$top"
    cat "$scratch/total.txt"
fi
