import Foundation
import Testing

@testable import RoutesCLI

/// The `Tools/` folder (the package root).
let toolsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A file of `Tests/RoutesCLITests/Fixtures/`.
func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent(name).path
}

/// Runs `routes` in-process with these arguments.
func routes(_ arguments: String...) -> CommandResult {
    RoutesCommand.execute(arguments)
}

/// Writes a table to a fresh temporary file and returns its path.
func temporaryTable(_ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("routes-tests-\(UUID().uuidString).txt")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

/// Parses a table given as text, for parser tests.
func parse(_ text: String) -> RouteTableFile {
    RouteTableFile.parse(text, name: "t.txt")
}

/// The diagnostics of a table as printed: `t.txt:1:8: error: ...`.
func diagnostics(_ text: String) -> [String] {
    parse(text).diagnostics.map(\.description)
}
