#!/usr/bin/env bash
# Builds the libFuzzer target into Fuzz/.build/routes-fuzzer (git-ignored):
#   1. every .swift file under Sources/Routes and Sources/RoutesTesting (all folders) as ONE
#      module Routes (a static library), instrumented for libFuzzer and AddressSanitizer, as
#      CocoaPods' subspecs compile them: `-D ROUTES_ONE_MODULE` leaves out the tools'
#      `import Routes` and the unavailable names that point to RoutesTesting, and
#      `-package-name` lets the `package` declarations compile; so CI proves that this build
#      compiles, with zero warnings;
#   2. Fuzz/FuzzTarget.swift and Fuzz/ShapesCheck.swift, the repository's linear reference
#      (Tests/RoutesTestSupport/LinearReference.swift), Apple's universal-links matching
#      (Tests/RoutesTestingTests/UniversalLinksMatcher.swift), the file's promise about literals
#      (Tests/RoutesTestingTests/UniversalLinksPromise.swift) and the typed shapes
#      (Tests/RoutesTestingTests/TypedShapes.swift), which import
#      Routes and see only its public API, linked with it.
#
#   Fuzz/build.sh              # optimized (-O), as run.sh uses
#   Fuzz/build.sh -Onone       # extra swiftc flags go to both steps (the last -O* wins)
#
# Set ROUTES_SOURCES to fuzz another copy of the sources: a folder holding Routes/ and
# RoutesTesting/ (default: Sources).
set -euo pipefail

fuzz_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$fuzz_dir")"
sources="${ROUTES_SOURCES:-$root/Sources}"
out="$fuzz_dir/.build"
mkdir -p "$out/module"
mapfile -t library_sources < <(find "$sources/Routes" "$sources/RoutesTesting" -name '*.swift' | sort)

flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g)
# lld links the sanitizer runtimes without gold's "Cannot export local symbol" warnings.
if command -v ld.lld >/dev/null 2>&1 || [ -x "$(dirname "$(command -v swiftc)")/ld.lld" ]; then
    flags+=(-use-ld=lld)
fi

log="$out/module/build.log"
swiftc "${flags[@]}" "$@" \
    -module-name Routes -package-name Routes -D ROUTES_ONE_MODULE -emit-library -static \
    -emit-module -emit-module-path "$out/module/Routes.swiftmodule" \
    "${library_sources[@]}" \
    -o "$out/module/libRoutes.a" 2>&1 | tee "$log"
if grep -q "warning:" "$log"; then
    echo "warnings in the one-module build of Sources/Routes and Sources/RoutesTesting" >&2
    exit 1
fi

swiftc "${flags[@]}" "$@" \
    -module-name RoutesFuzz \
    -I "$out/module" -L "$out/module" -lRoutes \
    "$fuzz_dir/FuzzTarget.swift" "$fuzz_dir/ShapesCheck.swift" "$root/Tests/RoutesTestSupport/LinearReference.swift" \
    "$root/Tests/RoutesTestingTests/UniversalLinksMatcher.swift" \
    "$root/Tests/RoutesTestingTests/UniversalLinksPromise.swift" "$root/Tests/RoutesTestingTests/TypedShapes.swift" \
    -o "$out/routes-fuzzer"

echo "built $out/routes-fuzzer"
