// swift-tools-version:6.0
// A main.swift that uses Routes at top level, as a newcomer's first program does: CI builds and
// runs it (`.ci/run`). Top-level `await router.route(to:)` and `await router.resume()` must run
// the `async` forms; the program exits non-zero otherwise.
import PackageDescription

let package = Package(
    name: "TopLevelAwait",
    platforms: [.macOS(.v10_15)],
    dependencies: [.package(name: "Routes", path: "../..")],
    targets: [
        .executableTarget(name: "TopLevelAwait", dependencies: [.product(name: "Routes", package: "Routes")])
    ]
)
