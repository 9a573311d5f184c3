// swift-tools-version: 6.1
import PackageDescription

// Benchmarks of the Routes library, in their own package so that the library's graph never sees
// package-benchmark or routing-kit. Run with `swift package --package-path Benchmarks benchmark`
// from the repository root (see README.md).
let package = Package(
    name: "RoutesBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Routes", path: ".."),
        // The "MallocInterposer" trait gives the malloc metrics (allocations, retained bytes) on
        // Swift 6.3 without jemalloc.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/vapor/routing-kit", from: "4.9.3"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.3"),
    ],
    targets: [
        // The workload, the routers under test and the linear reference, shared by the
        // benchmarks and the profiling executable.
        .target(
            name: "RouterWorkload",
            dependencies: [
                .product(name: "Routes", package: "Routes"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // package-benchmark's suite (discovered by the plugin under Benchmarks/).
        .executableTarget(
            name: "RouterBenchmarks",
            dependencies: [
                "RouterWorkload",
                .product(name: "Routes", package: "Routes"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RouterBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // A plain executable for profilers (valgrind --tool=callgrind) and for a second reading of
        // memory per route with glibc's mallinfo2.
        .executableTarget(
            name: "RouterProfile",
            dependencies: [
                "RouterWorkload",
                "CMallocInfo",
                .product(name: "Routes", package: "Routes"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // glibc's mallinfo2, which Swift's Glibc module does not export.
        .target(name: "CMallocInfo"),
    ]
)
