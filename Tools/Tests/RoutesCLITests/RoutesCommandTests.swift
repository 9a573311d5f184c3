import Foundation
import Testing

@testable import RoutesCLI

/// The root command: usage errors, help, and how `--table` is read.
@Suite struct RoutesCommandTests {
    @Test func anUnknownCommandListsTheCommands() {
        let result = routes("frobnicate")
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                Error: unknown command 'frobnicate'. The commands are:
                  match    Route URLs through the table; print the matching route, its table and parameters.
                  explain  Explain how the table routes a URL: every definition, and why it matches or not.
                  lint     Check a route table: syntax, invalid patterns, shadowed and catch-all routes, redirects, guards.
                  expand   List the definitions a pattern expands into (one per optional-group combination).
                  show     Print the route table as the router holds it: tables, settings, definitions in routing order.
                  aasa     Print the apple-app-site-association (applinks) JSON for the table's https routes.
                  test     Route each link of a cases file through the table; report those routed otherwise than expected.
                See 'routes --help' for the options, 'routes help COMMAND' for a command's.

                """)
        // Every command the root knows is listed.
        for command in RoutesCommand.configuration.subcommands {
            #expect(result.stderr.contains("\n  \(command.configuration.commandName ?? "?") "))
        }
    }

    /// Known commands and options keep ArgumentParser's own messages.
    @Test func otherUsageErrorsAreArgumentParsers() {
        let missing = routes("match")
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("Missing expected argument '<url> ...'"))
        let option = routes("--frobnicate")
        #expect(option.status == 64)
        #expect(!option.stderr.contains("The commands are"))
        let help = routes("help", "lint")
        #expect(help.status == 0)
        #expect(
            help.stdout.split(separator: "\n").joined(separator: " ").contains(
                "Exit status: 2 if there are errors, else 0."))
    }

    @Test func aFileThatIsNotUTF8GetsAClearMessage() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("routes-tests-\(UUID().uuidString).txt")
        try (Data("alpha /caf".utf8) + [0xE9, 0x0A]).write(to: url)  // "café" in Latin-1
        defer { try? FileManager.default.removeItem(at: url) }
        let result = routes("lint", "--table", url.path)
        #expect(result.status == 2)
        #expect(result.stderr == "error: cannot read route table \(url.path): it is not UTF-8 text\n")
    }

    /// A FIFO is a stream with no size: the table is read to its end, not by the file's size.
    @Test func aTableFromAFIFO() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "routes-fifo-\(UUID().uuidString)"
        )
        .path
        #expect(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            handle.write(Data("alpha /x/:n name=x\n".utf8))
            try? handle.close()
        }
        writer.start()
        let result = routes("match", "--table", path, "alpha://x/1")
        #expect(result.status == 0)
        #expect(result.stdout.contains("  route       x (line 1): /x/:n, priority 0\n"))
    }
}
