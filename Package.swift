// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Routes",
    platforms: [
        .iOS(.v13),
        .macOS(.v10_15),
        .tvOS(.v13),
        .watchOS(.v6),
        .visionOS(.v1),
    ],
    products: [
        // What an app links.
        .library(name: "Routes", targets: ["Routes"]),
        // For an app's test target, debug builds and build scripts: explain, lint, the
        // universal-links file, round trips of typed routes.
        .library(name: "RoutesTesting", targets: ["RoutesTesting"]),
    ],
    targets: [
        .target(
            name: "Routes",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Routes never imports it; what it needs of Routes beyond the public API is `package`.
        .target(
            name: "RoutesTesting",
            dependencies: ["Routes"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "RoutesTests",
            dependencies: ["Routes", "RoutesTestSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The tests of the tools: they call Routes and RoutesTesting.
        .testTarget(
            name: "RoutesTestingTests",
            dependencies: ["Routes", "RoutesTesting", "RoutesTestSupport"],
            // The snapshots the tests compare with (Snapshot.check), kept beside them.
            exclude: ["SampleApp/__Snapshots__"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // What both test targets share (and the fuzzer compiles): the linear reference matcher,
        // generated typed routes, seeded random numbers. Public API of Routes only.
        .target(
            name: "RoutesTestSupport",
            dependencies: ["Routes"],
            path: "Tests/RoutesTestSupport",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Apps in Swift 5 mode, with unannotated classes: callers without isolation; and their
        // test targets, which call the tools.
        .testTarget(
            name: "RoutesSwift5Tests",
            dependencies: ["Routes", "RoutesTesting"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
