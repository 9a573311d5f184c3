import Foundation

#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// Compares a text — `print(router)`, the universal-links file — with a file kept beside the
/// test, as snapshot-testing libraries do.
///
/// The file is `__Snapshots__/TESTFILE/NAME.txt` in the folder of the test's source file
/// (`#filePath`). A run without the file writes it; with `ROUTES_RECORD_SNAPSHOTS=1` in the
/// environment, every snapshot is written again. Either way the report does not pass, so that
/// a recording is never taken for a check: review the files and commit them.
///
/// ```swift
/// // RouteTableTests.swift
/// import Routes
/// import RoutesTesting
/// import Testing
///
/// @MainActor @Test func routeTable() {
///     let router = Router()
///     router.myapp.add(pattern: "/post/:id") { _ in true }
///     let report = Snapshot.check("\(router)", named: "routes")
///     if !report.matches { print(report) }  // #expect in a test
/// }
/// ```
public enum Snapshot {
    /// The environment variable that turns record mode on (`ROUTES_RECORD_SNAPSHOTS=1`).
    ///
    /// ```swift
    /// Snapshot.recordVariable  // "ROUTES_RECORD_SNAPSHOTS"
    /// ```
    public static let recordVariable = "ROUTES_RECORD_SNAPSHOTS"

    /// Compares a text with its snapshot file, or records it there.
    ///
    /// ```swift
    /// let json = router.appSiteAssociation(appIDs: [appID])
    /// let report = Snapshot.check(json, named: "apple-app-site-association")
    /// if !report.matches { print(report) }  // #expect in a test
    /// ```
    /// - Parameters:
    ///   - text: the text, compared byte for byte, its final newline included.
    ///   - name: the file's name without `.txt`; `nil` for the test function's name.
    ///   - filePath: the test's source file, beside which `__Snapshots__` is.
    ///   - function: the test function, named when `name` is `nil`.
    ///   - environment: where record mode is read.
    /// - Returns: whether the file holds the text, and the line diff when it does not.
    public static func check(
        _ text: String, named name: String? = nil, filePath: String = #filePath, function: String = #function,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> SnapshotReport {
        let source = URL(fileURLWithPath: filePath)
        let folder = source.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(source.deletingPathExtension().lastPathComponent)
        let file = folder.appendingPathComponent(fileName(name ?? function) + ".txt")
        let path = file.path
        let exists = FileManager.default.fileExists(atPath: path)
        if environment[recordVariable] == "1" || !exists {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file, options: .atomic)
            } catch {
                return SnapshotReport(outcome: .failed, path: path, diff: "\(error)")
            }
            return SnapshotReport(outcome: exists ? .recorded : .recordedMissing, path: path, diff: "")
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            return SnapshotReport(outcome: .failed, path: path, diff: "\(error)")
        }
        // Bytes, not `String` equality: canonically equivalent texts (`é` as one scalar or two)
        // are different files.
        guard !data.elementsEqual(text.utf8) else {
            return SnapshotReport(outcome: .matches, path: path, diff: "")
        }
        let expected = String(decoding: data, as: UTF8.self)
        let diff = LineDiff.text(expected: expected, actual: text, expectedName: path, actualName: "actual")
        return SnapshotReport(outcome: .differs, path: path, diff: diff)
    }

    /// A name as a file name: `/`, `:` and the parentheses of `routeTable()` left out.
    private static func fileName(_ name: String) -> String {
        var name = name
        if name.hasSuffix("()") { name.removeLast(2) }
        let kept = name.map { "/:\\".contains($0) ? "-" : $0 }
        return String(kept)
    }
}
