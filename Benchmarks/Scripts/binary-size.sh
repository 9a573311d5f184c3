#!/usr/bin/env bash
# What an app pays for the library, in one run (Linux or macOS, release, stripped, KB):
#   1. the `Routes` product built alone as a dynamic library (as CocoaPods frameworks and Carthage
#      ship it), with its split by kind of section;
#   2. what the tools' product (`RoutesTesting`) adds to that dynamic library;
#   3. what an app that registers five `:param` routes and routes a URL pays, statically linked
#      with SwiftPM's default flags: the app minus the same app written by hand with Foundation;
#      and the same for an app that also uses a guard, a `RouteMap` and a typed route;
#   4. the text (code and constants) each object file of the `Routes` target adds, largest first.
#
#   Benchmarks/Scripts/binary-size.sh [TOP]            # TOP object files listed (default 15)
#   Benchmarks/Scripts/binary-size.sh --check-budget   # only 1., failing above Benchmarks/size-budget
#
# A scratch package under .build-size/ (git-ignored by the `.build-*/` rule) depends on the
# repository by path; its products re-export the library's and add nothing, and its executables
# are the apps of 3. (Sources/*App*/main.swift, written below). The object files are those of
# that release build; `size` reads their text, which the linker keeps once each (stripping
# removes symbols and debug data, not text).
set -euo pipefail

top=15 check_budget=0
case "${1:-}" in
'') ;;
--check-budget) check_budget=1 ;;
*[!0-9]*) echo "usage: $0 [TOP | --check-budget]" >&2; exit 2 ;;
*) top="$1" ;;
esac
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
scratch="$root/.build-size"
budget_file="$root/Benchmarks/size-budget"
has_testing=0
grep -q '"RoutesTesting"' "$root/Package.swift" && has_testing=1

mkdir -p "$scratch/Sources"
testing_product="" testing_target=""
if [ "$has_testing" = 1 ]; then
    testing_product='.library(name: "RoutesWithTestingDynamic", type: .dynamic, targets: ["RoutesWithTestingDynamic"]),'
    testing_target='.target(name: "RoutesWithTestingDynamic", dependencies: [.product(name: "Routes", package: "Routes"), .product(name: "RoutesTesting", package: "Routes")]),'
fi
cat > "$scratch/Package.swift" <<SWIFT
// swift-tools-version:6.0
// Written by Benchmarks/Scripts/binary-size.sh: the library as dynamic libraries, and small apps.
import PackageDescription

let package = Package(
    name: "RoutesSize",
    platforms: [.macOS(.v10_15)],
    products: [
        .library(name: "RoutesDynamic", type: .dynamic, targets: ["RoutesDynamic"]),
        $testing_product
    ],
    dependencies: [.package(name: "Routes", path: "..")],
    targets: [
        .target(name: "RoutesDynamic", dependencies: [.product(name: "Routes", package: "Routes")]),
        $testing_target
        .executableTarget(name: "FiveRoutesByHand"),
        .executableTarget(name: "FiveRoutesApp", dependencies: [.product(name: "Routes", package: "Routes")]),
        .executableTarget(name: "FeaturesApp", dependencies: [.product(name: "Routes", package: "Routes")]),
    ]
)
SWIFT
mkdir -p "$scratch"/Sources/{RoutesDynamic,RoutesWithTestingDynamic,FiveRoutesByHand,FiveRoutesApp,FeaturesApp}
# The products need targets of their own; they re-export the libraries and add nothing.
echo '@_exported import Routes' > "$scratch/Sources/RoutesDynamic/RoutesDynamic.swift"
printf '@_exported import Routes\n@_exported import RoutesTesting\n' \
    > "$scratch/Sources/RoutesWithTestingDynamic/RoutesWithTestingDynamic.swift"
[ "$has_testing" = 1 ] || rm -rf "$scratch/Sources/RoutesWithTestingDynamic"

# The baseline: five routes matched by hand with Foundation, the values printed.
cat > "$scratch/Sources/FiveRoutesByHand/main.swift" <<'SWIFT'
import Foundation

let patterns = ["/user/view/:id", "/post/:id", "/settings/:section", "/search/:query", "/tag/:name"]

func route(_ text: String) -> Bool {
    guard let components = URLComponents(string: text) else { return false }
    let path = [components.host ?? ""] + components.path.split(separator: "/").map(String.init)
    for pattern in patterns {
        let parts = pattern.split(separator: "/").map(String.init)
        guard parts.count == path.count else { continue }
        var values: [String: String] = [:]
        var matched = true
        for (part, segment) in zip(parts, path) {
            if part.hasPrefix(":") {
                values[String(part.dropFirst())] = segment.removingPercentEncoding ?? segment
            } else if part != segment {
                matched = false
                break
            }
        }
        if matched {
            print(pattern, values)
            return true
        }
    }
    return false
}

print(route(CommandLine.arguments.dropFirst().first ?? "myapp://user/view/42"))
SWIFT

# The same app with Routes.
cat > "$scratch/Sources/FiveRoutesApp/main.swift" <<'SWIFT'
import Foundation
import Routes

let router = Router()
for pattern in ["/user/view/:id", "/post/:id", "/settings/:section", "/search/:query", "/tag/:name"] {
    router.default.add(pattern: pattern) { params in
        print(pattern, params["id"] ?? params["section"] ?? params["query"] ?? params["name"] ?? "")
        return true
    }
}
print(router.route(to: CommandLine.arguments.dropFirst().first ?? "myapp://user/view/42"))
SWIFT

# An app that also uses a guard, a RouteMap (with its stack) and a typed route.
cat > "$scratch/Sources/FeaturesApp/main.swift" <<'SWIFT'
import Foundation
import Routes

enum Screen: Sendable { case user(String), post(String), settings }

struct UserLink: TypedRoute {
    static let pattern = "/u/{id:int}"
    var id: Int
    var tab: String?
}

let router = Router()
for pattern in ["/user/view/:id", "/post/:id", "/settings/:section", "/search/:query", "/tag/:name"] {
    router.default.add(pattern: pattern) { params in
        print(pattern, params["id"] ?? params["section"] ?? params["query"] ?? params["name"] ?? "")
        return true
    }
}
var signedIn = CommandLine.arguments.count > 2
router.default.addGuard(for: "/settings/*") { _ in signedIn ? .proceed : .hold }
router.default.add(UserLink.self) { link in
    print(link.id, link.tab ?? "")
    return true
}
let screens = RouteMap<Screen>()
screens.default.add(pattern: "/user/:id") { params in .user(params.string("id") ?? "") }
screens.default.add(pattern: "/user/:id/post/:post") { params in .post(params.string("post") ?? "") }
screens.default.add(pattern: "/settings") { _ in .settings }
let link = CommandLine.arguments.dropFirst().first ?? "myapp://user/view/42"
print(router.route(to: link), screens.resolve(link) as Any, screens.stack(for: link))
SWIFT

only=()
[ "$check_budget" = 0 ] || only=(--product RoutesDynamic)
echo "building the library as dynamic libraries, and the apps (release)" >&2
swift build -c release --package-path "$scratch" "${only[@]}" > "$scratch/build.log" 2>&1 ||
    { cat "$scratch/build.log"; exit 1; }
bin="$(swift build -c release --package-path "$scratch" --show-bin-path)"

bytes() { wc -c < "$1" | tr -d ' '; }
kb() { echo $(( ($1 + 512) / 1024 )); }
# Stripped copy of $1 in the scratch folder; prints its path.
stripped() {
    local copy="$scratch/$(basename "$1").stripped"
    cp "$1" "$copy"
    strip "$copy" 2> /dev/null || strip -x "$copy"  # ELF; Mach-O keeps its exported symbols
    echo "$copy"
}
library_path() {
    for candidate in "$bin/lib$1.so" "$bin/lib$1.dylib"; do
        [ -e "$candidate" ] && { echo "$candidate"; return; }
    done
    echo "no lib$1 in $bin" >&2
    exit 1
}

library="$(library_path RoutesDynamic)"
routes="$(stripped "$library")"
routes_bytes="$(bytes "$routes")"
commit="$(git -C "$root" log -1 --format=%h -- Sources 2> /dev/null || echo unknown)"
[ -z "$(git -C "$root" status --porcelain -- Sources 2> /dev/null | head -1)" ] || commit="$commit (Sources/ modified)"
printf 'Routes as a dynamic library, release, stripped: %s KB (%s bytes; unstripped %s KB), library at %s\n' \
    "$(kb "$routes_bytes")" "$routes_bytes" "$(kb "$(bytes "$library")")" "$commit"

if [ "$check_budget" = 1 ]; then
    budget="$(grep -Eo '^[0-9]+' "$budget_file" | head -1)"
    if [ "$(kb "$routes_bytes")" -gt "$budget" ]; then
        echo "over budget: the Routes dynamic library is $(kb "$routes_bytes") KB, the budget $budget KB ($budget_file)" >&2
        echo "make it smaller, or raise the budget in a commit of its own that says why" >&2
        exit 1
    fi
    echo "within the budget of $budget KB ($budget_file)"
    exit 0
fi

# The stripped library by kind of section (ELF): an app's Mach-O keeps code and metadata alike,
# but stores unwind tables in a compact form and names its symbols differently.
if command -v size > /dev/null && size -A "$routes" > /dev/null 2>&1; then
    size -A "$routes" | awk '
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

if [ "$has_testing" = 1 ]; then
    both="$(bytes "$(stripped "$(library_path RoutesWithTestingDynamic)")")"
    printf 'RoutesTesting (the tests-and-tools product) adds %s KB to it: %s KB for both\n' \
        "$(kb $((both - routes_bytes)))" "$(kb "$both")"
fi

by_hand="$(bytes "$(stripped "$bin/FiveRoutesByHand")")"
five="$(bytes "$(stripped "$bin/FiveRoutesApp")")"
features="$(bytes "$(stripped "$bin/FeaturesApp")")"
printf 'An app that registers five :param routes and routes a URL (static, SwiftPM defaults): +%s KB (%s KB; by hand with Foundation %s KB)\n' \
    "$(kb $((five - by_hand)))" "$(kb "$five")" "$(kb "$by_hand")"
printf 'The same app with a guard, a RouteMap and its stack, and a typed route: +%s KB (%s KB)\n' \
    "$(kb $((features - by_hand)))" "$(kb "$features")"

# `size` in Berkeley format: text data bss dec hex filename. Text of the Routes objects only.
# Only the objects of the target's sources today: an object of a file since moved or removed
# stays in the build folder.
objects=()
while IFS= read -r source; do
    object="$bin/Routes.build/$(basename "$source").o"
    [ -e "$object" ] && objects+=("$object")
done < <(find "$root/Sources/Routes" -name '*.swift' | sort)
if command -v size > /dev/null && [ ${#objects[@]} -gt 0 ]; then
    echo
    echo "Text per object file of the Routes target (KB), largest first (top $top of ${#objects[@]}):"
    size "${objects[@]}" | awk 'NR > 1 { total += $1; n = split($6, p, "/"); printf "%8.1f  %s\n", $1 / 1024, p[n] } END { printf "%8.1f  total text of %d object files\n", total / 1024, NR - 1 > "/dev/stderr" }' \
        2> "$scratch/total.txt" | sort -rn | head -n "$top"
    cat "$scratch/total.txt"
fi
