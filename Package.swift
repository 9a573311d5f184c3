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
        .library(name: "Routes", targets: ["Routes"])
    ],
    targets: [
        .target(
            name: "Routes",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "RoutesTests",
            dependencies: ["Routes"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Apps in Swift 5 mode, with unannotated classes: callers without isolation.
        .testTarget(
            name: "RoutesSwift5Tests",
            dependencies: ["Routes"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
