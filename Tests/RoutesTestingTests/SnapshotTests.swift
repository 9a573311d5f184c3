import Foundation
import Routes
import RoutesTesting
import Testing

/// `Snapshot.check`: a text compared with a file beside the test, a line diff when it differs,
/// and record mode.
@Suite struct SnapshotTests {
    /// A test source file in a folder of its own, so that each test has its snapshots.
    let source: String = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("SnapshotTests-" + UUID().uuidString)
        return folder.appendingPathComponent("RouteTableTests.swift").path
    }()

    func check(_ text: String, _ environment: [String: String] = [:]) -> SnapshotReport {
        Snapshot.check(text, named: "routes", filePath: source, environment: environment)
    }

    func stored() -> String? {
        let folder = URL(fileURLWithPath: source).deletingLastPathComponent()
        let file = folder.appendingPathComponent("__Snapshots__/RouteTableTests/routes.txt")
        return try? String(contentsOf: file, encoding: .utf8)
    }

    @Test func aMissingFileIsRecordedThenMatched() {
        let first = check("a\nb\n")
        #expect(first.outcome == .recordedMissing)
        #expect(!first.matches)
        #expect(first.path.hasSuffix("/__Snapshots__/RouteTableTests/routes.txt"))
        #expect(first.description == "no snapshot at \(first.path): recorded it; run again to compare")
        #expect(stored() == "a\nb\n")
        let second = check("a\nb\n")
        #expect(second.outcome == .matches && second.matches)
        #expect(second.diff.isEmpty)
    }

    @Test func aDifferenceGivesALineDiff() {
        _ = check("myapp:\n  /a\n  /b\n  /post/:id\n  /c\n  /d\n  /e\n  /f\n  /g\n")
        let report = check("myapp:\n  /a\n  /b\n  /post/:slug\n  /c\n  /d\n  /e\n  /f\n  /g\n  /h\n")
        #expect(report.outcome == .differs)
        #expect(!report.matches)
        #expect(
            report.diff == """
                --- \(report.path)
                +++ actual
                @@
                   /a
                   /b
                -  /post/:id
                +  /post/:slug
                   /c
                   /d
                @@
                   /f
                   /g
                +  /h
                """)
        #expect(
            report.description
                == "the text differs from the snapshot \(report.path) (ROUTES_RECORD_SNAPSHOTS=1 records it again):\n"
                + report.diff)
        // The file is left as it was.
        #expect(stored() == "myapp:\n  /a\n  /b\n  /post/:id\n  /c\n  /d\n  /e\n  /f\n  /g\n")
    }

    @Test func aMissingFinalNewlineIsShown() {
        _ = check("a\nb\n")
        let report = check("a\nb")
        #expect(
            report.diff == """
                --- \(report.path)
                +++ actual
                @@
                 a
                -b
                +b
                \\ No newline at end of file
                """)
        _ = check("x", [Snapshot.recordVariable: "1"])
        #expect(
            check("x\n").diff == """
                --- \(report.path)
                +++ actual
                @@
                -x
                \\ No newline at end of file
                +x
                """)
    }

    @Test func recordModeWritesTheFileAgain() {
        _ = check("old\n")
        let report = check("new\n", ["ROUTES_RECORD_SNAPSHOTS": "1"])
        #expect(report.outcome == .recorded)
        #expect(!report.matches)
        #expect(
            report.description.hasPrefix("recorded the snapshot \(report.path) (ROUTES_RECORD_SNAPSHOTS=1)"))
        #expect(stored() == "new\n")
        #expect(check("new\n", ["ROUTES_RECORD_SNAPSHOTS": "0"]).matches)
    }

    @Test func theTestFunctionNamesTheFile() {
        let report = Snapshot.check("x", filePath: source, environment: [:])
        #expect(report.path.hasSuffix("/__Snapshots__/RouteTableTests/theTestFunctionNamesTheFile.txt"))
    }

    @MainActor @Test func theRouteTableAndTheUniversalLinksFile() {
        let router = Router()
        router.https.hosts = ["example.com"]
        router.https.add(pattern: "/post/:id") { _ in true }
        #expect(check("\(router)").outcome == .recordedMissing)
        #expect(check("\(router)").matches)
        router.https.add(pattern: "/user/:id") { _ in true }
        let changed = check("\(router)")
        #expect(changed.outcome == .differs)
        #expect(changed.diff.contains("+") && changed.diff.contains("/user/:id"))
        let json = router.appSiteAssociation(appIDs: ["ABCDE12345.com.example.app"])
        let file = Snapshot.check(json, named: "aasa", filePath: source, environment: [:])
        #expect(file.outcome == .recordedMissing)
    }

    @Test func anUnwritableFolderFails() {
        let report = Snapshot.check("x", named: "n", filePath: "/proc/self/x/Tests.swift", environment: [:])
        #expect(report.outcome == .failed)
        #expect(
            report.description.hasPrefix(
                "the snapshot /proc/self/x/__Snapshots__/Tests/n.txt could not be used: "))
    }
}
