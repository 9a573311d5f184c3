// swift-tools-version: 6.0
import PackageDescription

// The `routes` command-line tool, for people who test and debug deep links: it routes URLs through
// a route table read from a text file (or a built-in sample), explains routing decisions, lints
// tables and expands patterns, with the tools of the RoutesTesting product. A package of its
// own, so the library's graph never sees
// swift-argument-parser. Build with `swift build --package-path Tools` from the repository root.
let package = Package(
    name: "RoutesTools",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "routes", targets: ["routes"])
    ],
    dependencies: [
        .package(name: "Routes", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Everything the tool does: table-file parsing, the sample table, the commands (which
        // return their output and exit status) and output formatting.
        .target(
            name: "RoutesCLI",
            dependencies: [
                .product(name: "Routes", package: "Routes"),
                .product(name: "RoutesTesting", package: "Routes"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The executable: one line that hands the command line to RoutesCLI.
        .executableTarget(
            name: "routes",
            dependencies: ["RoutesCLI"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Depends on the executable too, so that `swift test` builds `routes` next to the test
        // bundle and the end-to-end tests can run it as a process.
        .testTarget(
            name: "RoutesCLITests",
            dependencies: ["RoutesCLI", "routes"],
            exclude: ["Fixtures"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
