import Foundation
import Testing

@testable import RoutesCLI

/// End-to-end: the built `routes` executable, run as a process. The test target depends on the
/// executable target, so `swift test` always builds it next to the test bundle.
@Suite struct ExecutableTests {
    /// What a run of the executable printed, and its exit status.
    struct Run {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The `routes` executable in the build folder of this test bundle (or `Tools/.build/debug`).
    static func executable() throws -> URL {
        #if os(macOS)
            let bundleFolder = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?
                .bundleURL.deletingLastPathComponent()
        #else
            let bundleFolder: URL? = Bundle.main.bundleURL
        #endif
        let folders = [bundleFolder, toolsDirectory.appendingPathComponent(".build/debug")].compactMap { $0 }
        let found = folders.map { $0.appendingPathComponent("routes") }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
        return try #require(
            found, "the routes executable should be built next to the tests, in \(folders.map(\.path))")
    }

    static func run(_ arguments: [String], input: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "routes-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("stdout")
        let err = folder.appendingPathComponent("stderr")
        try Data().write(to: out)
        try Data().write(to: err)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data((input ?? "").utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        return Run(
            stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8),
            status: process.terminationStatus)
    }

    @Test func matchWithTheBuiltInTable() throws {
        let run = try ExecutableTests.run(["match", "myapp://user/view/42"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(
            run.stdout == """
                myapp://user/view/42
                  matched     /user/view/:id
                  route       user-profile (line 16): /user/view/:id, priority 0
                  table       myapp
                  parameters  id = "42"

                """)
    }

    /// The process prints and exits with exactly what the in-process command returns.
    @Test(arguments: [
        ["match", "myapp://user/view/42", "myapp://nowhere"],
        ["match", "--json", "https://example.com/post/7"],
        ["explain", "myapp://docs#/intro"],
        ["lint", "--table", fixture("shadowed.txt")],
        ["lint", "--table", fixture("broken.txt")],
        ["lint", "--table", fixture("declines.txt")],
        ["match", "--table", fixture("broken.txt"), "alpha://x"],
        ["expand", "/settings(/:section)"],
        ["expand", "/a/*/b/*"],
        ["show"],
        ["match"],
        ["--help"],
        ["frobnicate", "--table", "x"],
    ])
    func sameAsInProcess(arguments: [String]) throws {
        let run = try ExecutableTests.run(arguments)
        let expected = RoutesCommand.execute(arguments)
        #expect(run.stdout == expected.stdout)
        #expect(run.stderr == expected.stderr)
        #expect(run.status == expected.status)
    }

    @Test func tableFromStandardInput() throws {
        let run = try ExecutableTests.run(
            ["match", "--table", "-", "beta://x/1"], input: "beta /x/:n name=x\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("  route       x (line 1): /x/:n, priority 0\n"))
        let broken = try ExecutableTests.run(["lint", "-t", "-"], input: "\nbeta /x(\n")
        #expect(broken.status == 2)
        #expect(
            broken.stdout.hasPrefix("<stdin>:2:8: error: Invalid route pattern \"/x(\": '(' is never closed"))
    }

    @Test func exitStatuses() throws {
        #expect(try ExecutableTests.run(["match", "myapp://nowhere"]).status == 1)
        #expect(try ExecutableTests.run(["lint", "--table", fixture("shadowed.txt")]).status == 0)
        #expect(try ExecutableTests.run(["lint", "--table", fixture("broken.txt")]).status == 2)
        #expect(try ExecutableTests.run(["expand", "/a/(b"]).status == 2)
        #expect(try ExecutableTests.run(["match", "--table", "/nonexistent", "x://y"]).status == 2)
        #expect(try ExecutableTests.run(["frobnicate"]).status == 64)
    }

    /// `bash -c SCRIPT` with the `routes` executable as `$0` and `arguments` as `$1`...
    static func bash(_ script: String, _ arguments: [String] = [], input: String = "") throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, try executable().path] + arguments
        let out = Pipe()
        let err = Pipe()
        let stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
            status: process.terminationStatus)
    }

    /// Tables are read as streams: `/dev/stdin`, a pipe, process substitution.
    @Test func tablesFromAnyReadableStream() throws {
        let sample = toolsDirectory.appendingPathComponent("sample-routes.txt").path
        let substituted = try ExecutableTests.bash(#""$0" lint --table <(cat "$1")"#, [sample])
        #expect(substituted.stderr == "")
        #expect(substituted.status == 0)
        #expect(substituted.stdout.hasPrefix("/dev/fd/"))
        #expect(substituted.stdout.hasSuffix(": no problems (17 routes, 21 definitions, 1 guard)\n"))
        let devStdin = try ExecutableTests.bash(#""$0" lint -t /dev/stdin < "$1""#, [sample])
        #expect(devStdin.stdout == "/dev/stdin: no problems (17 routes, 21 definitions, 1 guard)\n")
        let piped = try ExecutableTests.bash(
            #"cat "$1" | "$0" match --table /dev/stdin 'myapp://user/view/42'"#, [sample])
        #expect(piped.status == 0)
        #expect(piped.stdout.contains("  route       user-profile (line 16): /user/view/:id, priority 0\n"))
        let dash = try ExecutableTests.run(["match", "-t", "-", "alpha://x"], input: "alpha /x\n")
        #expect(dash.status == 0)
    }

    /// A stream that is not UTF-8 is still refused with a clear message.
    @Test func aTableThatIsNotUTF8IsRefused() throws {
        let latin1 = try ExecutableTests.bash(#"printf 'alpha /caf\xe9\n' | "$0" lint -t /dev/stdin"#)
        #expect(latin1.status == 2)
        #expect(latin1.stderr == "error: cannot read route table /dev/stdin: it is not UTF-8 text\n")
        let dash = try ExecutableTests.bash(#"printf '\xff\xfe' | "$0" lint -t -"#)
        #expect(dash.stderr == "error: cannot read route table <stdin>: it is not UTF-8 text\n")
    }

    @Test func anUnknownCommandListsTheCommands() throws {
        let run = try ExecutableTests.run(["lnt", "--table", "routes.txt"])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(
            run.stderr.hasPrefix("Error: unknown command 'lnt'. The commands are:\n  match    Route URLs"))
        for command in ["match", "explain", "lint", "expand", "show"] {
            #expect(run.stderr.contains("\n  \(command) "))
        }
    }
}
