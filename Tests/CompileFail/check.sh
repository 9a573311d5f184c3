#!/usr/bin/env bash
# Compile-fail checks: code that must NOT compile, with the error it must give. A test cannot
# call an unavailable member, so each file here is type-checked against the built Routes module
# with the compiler's -verify mode: every line marked `expected-error {{...}}` must give exactly
# that error, and nothing else may be reported. Run from anywhere: bash Tests/CompileFail/check.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
swift build --target RoutesTesting > /dev/null 2>&1 || swift build --target RoutesTesting
bin="$(swift build --show-bin-path)"
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"  # older toolchains put modules next to the products
status=0
# A file is checked in Swift 6 mode, or in each mode that its `// swift-versions:` line names.
for file in Tests/CompileFail/*.swift; do
    versions="$(sed -n 's|^// swift-versions: ||p' "$file")"
    for version in ${versions:-6}; do
        if swiftc -typecheck -swift-version "$version" -I "$modules" -Xfrontend -verify \
            -Xfrontend -verify-ignore-unrelated "$file"; then
            echo "ok    $file (Swift $version)"
        else
            echo "FAIL  $file (Swift $version)"
            status=1
        fi
    done
done
exit "$status"
