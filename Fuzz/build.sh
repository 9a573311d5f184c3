#!/usr/bin/env bash
# Builds the libFuzzer target into Fuzz/.build/routes-fuzzer (git-ignored):
#   1. every .swift file under Sources/Routes (all folders) as the module Routes (a static library), instrumented for
#      libFuzzer and AddressSanitizer;
#   2. Fuzz/FuzzTarget.swift and Fuzz/ShapesCheck.swift, the repository's linear reference
#      (Tests/RoutesTests/LinearReference.swift), Apple's universal-links matching
#      (Tests/RoutesTests/UniversalLinksMatcher.swift), the file's promise about literals
#      (Tests/RoutesTests/UniversalLinksPromise.swift) and the typed shapes
#      (Tests/RoutesTests/TypedShapes.swift), which import
#      Routes and see only its public API, linked with it.
#
#   Fuzz/build.sh              # optimized (-O), as run.sh uses
#   Fuzz/build.sh -Onone       # extra swiftc flags go to both steps (the last -O* wins)
#
# Set ROUTES_SOURCES to fuzz another copy of the sources (default: Sources/Routes).
set -euo pipefail

fuzz_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$fuzz_dir")"
sources="${ROUTES_SOURCES:-$root/Sources/Routes}"
out="$fuzz_dir/.build"
mkdir -p "$out/module"
mapfile -t library_sources < <(find "$sources" -name '*.swift' | sort)

flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g)
# lld links the sanitizer runtimes without gold's "Cannot export local symbol" warnings.
if command -v ld.lld >/dev/null 2>&1 || [ -x "$(dirname "$(command -v swiftc)")/ld.lld" ]; then
    flags+=(-use-ld=lld)
fi

swiftc "${flags[@]}" "$@" \
    -module-name Routes -emit-library -static \
    -emit-module -emit-module-path "$out/module/Routes.swiftmodule" \
    "${library_sources[@]}" \
    -o "$out/module/libRoutes.a"

swiftc "${flags[@]}" "$@" \
    -module-name RoutesFuzz \
    -I "$out/module" -L "$out/module" -lRoutes \
    "$fuzz_dir/FuzzTarget.swift" "$fuzz_dir/ShapesCheck.swift" "$root/Tests/RoutesTests/LinearReference.swift" \
    "$root/Tests/RoutesTests/UniversalLinksMatcher.swift" "$root/Tests/RoutesTests/UniversalLinksPromise.swift" \
    "$root/Tests/RoutesTests/TypedShapes.swift" \
    -o "$out/routes-fuzzer"

echo "built $out/routes-fuzzer"
