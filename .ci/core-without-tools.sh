#!/usr/bin/env bash
# The core never calls the tools: the library builds, with zero warnings, from Sources/Routes
# without its Tooling/ folder (lint, explain, the description, the universal-links file).
#
#   bash .ci/core-without-tools.sh
#
# A scratch package in .build-core/ (git-ignored by the `.build-*/` rule) holds a copy of
# Sources/Routes without Tooling/ and the DocC catalog, and the Routes target's settings and
# platforms (Package.swift's).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="$root/.build-core"
rm -rf "$scratch/Sources"
mkdir -p "$scratch/Sources"
cp -R "$root/Sources/Routes" "$scratch/Sources/Routes"
rm -rf "$scratch/Sources/Routes/Tooling" "$scratch/Sources/Routes/Routes.docc"
cat > "$scratch/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
// Written by .ci/core-without-tools.sh: the Routes target without Sources/Routes/Tooling.
import PackageDescription

let package = Package(
    name: "RoutesCore",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [.library(name: "Routes", targets: ["Routes"])],
    targets: [.target(name: "Routes", swiftSettings: [.swiftLanguageMode(.v6)])]
)
SWIFT
log="$scratch/build.log"
if ! swift build --package-path "$scratch" > "$log" 2>&1; then
    grep -E 'error:' "$log" | sort -u | head -20
    echo "the library does not build without Sources/Routes/Tooling: a core file uses a tool" >&2
    exit 1
fi
if grep -q 'warning:' "$log"; then
    grep 'warning:' "$log" | sort -u | head -20
    echo "warnings in the library built without its tools" >&2
    exit 1
fi
echo "the library builds without Sources/Routes/Tooling ($(find "$scratch/Sources/Routes" -name '*.swift' | wc -l | tr -d ' ') files)"
