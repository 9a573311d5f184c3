/// What ``Snapshot/check(_:named:filePath:function:environment:)`` found: the text matches its
/// file, differs from it (with a line diff), or was written to it.
///
/// Its description is a failure message. In Swift Testing and in XCTest:
///
/// ```swift
/// let report = Snapshot.check("\(router)", named: "routes")
/// if !report.matches { print(report) }  // #expect in a test
/// // XCTest: XCTAssertTrue(report.matches, report.description)
/// ```
public struct SnapshotReport: Sendable, Equatable, CustomStringConvertible {
    /// How the text compares with its file.
    ///
    /// ```swift
    /// if report.outcome == .differs { print(report.diff) }
    /// ```
    public enum Outcome: Sendable, Equatable {
        /// The file holds the text.
        case matches
        /// The file holds another text: ``SnapshotReport/diff`` shows the lines that differ.
        case differs
        /// There was no file: the text was written to it, for the next run to compare.
        case recordedMissing
        /// Record mode (`ROUTES_RECORD_SNAPSHOTS=1`) wrote the text to the file.
        case recorded
        /// The file could not be read or written: ``SnapshotReport/diff`` holds why.
        case failed
    }

    /// How the text compares with its file.
    ///
    /// ```swift
    /// report.outcome  // .matches
    /// ```
    public let outcome: Outcome
    /// The snapshot file's path.
    ///
    /// ```swift
    /// report.path  // ".../__Snapshots__/RouteTableTests/routes.txt"
    /// ```
    public let path: String
    /// The line diff from the file's text (`-`) to the text (`+`), or the error that failed.
    ///
    /// For ``Outcome/differs`` the diff, a missing final newline marked; for
    /// ``Outcome/failed`` the error; otherwise empty.
    ///
    /// ```swift
    /// print(report.diff)
    /// // --- .../routes.txt
    /// // +++ actual
    /// // @@
    /// // -myapp  /post/:id
    /// // +myapp  /post/:slug
    /// ```
    public let diff: String

    /// Whether the test passes: the file holds the text.
    ///
    /// A recorded file does not pass, so that a run in record mode, or without the file, is not
    /// taken for a check.
    ///
    /// ```swift
    /// if !report.matches { print(report) }  // #expect in a test
    /// ```
    public var matches: Bool { outcome == .matches }

    /// What happened, with the path, and the diff when the text differs.
    ///
    /// ```swift
    /// print(report)
    /// // the text differs from the snapshot .../routes.txt
    /// // (ROUTES_RECORD_SNAPSHOTS=1 records it again):
    /// // --- .../routes.txt
    /// // ...
    /// ```
    public var description: String {
        switch outcome {
        case .matches: return "the text matches the snapshot " + path
        case .differs:
            return "the text differs from the snapshot " + path + " (" + Snapshot.recordVariable
                + "=1 records it again):\n" + diff
        case .recordedMissing:
            return "no snapshot at " + path + ": recorded it; run again to compare"
        case .recorded:
            return "recorded the snapshot " + path + " (" + Snapshot.recordVariable
                + "=1): unset it to compare"
        case .failed: return "the snapshot " + path + " could not be used: " + diff
        }
    }
}
