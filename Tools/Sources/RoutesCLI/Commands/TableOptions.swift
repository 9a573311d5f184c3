import ArgumentParser
import Foundation

/// `--table FILE`, shared by the commands that read a route table.
struct TableOptions: ParsableArguments {
    @Option(
        name: [.customShort("t"), .long],
        help: ArgumentHelp(
            "The route table file, or any readable stream ('-' or /dev/stdin for standard input, <(command) for a command's output). Default: the built-in sample table.",
            valueName: "file"))
    var table: String?

    /// The name diagnostics use for the built-in sample table.
    static let sampleName = "<sample>"

    /// Loads the table and runs `body` with it, or returns the result of the loading error.
    func withLoadedTable(_ body: (LoadedTable) -> CommandResult) -> CommandResult {
        do {
            return body(try load())
        } catch {
            return error.result
        }
    }

    /// Reads and parses the table, whatever errors it has (for `lint`).
    func parse() throws(CommandFailure) -> RouteTableFile {
        guard let table else { return RouteTableFile.parse(SampleTable.text, name: TableOptions.sampleName) }
        let name = table == "-" ? "<stdin>" : table
        return RouteTableFile.parse(try TableOptions.read(table, name: name), name: name)
    }

    /// The text of a table file (or of another input file, `kind` naming it), read to its end
    /// as a stream, so that standard input (`-`), `/dev/stdin`, pipes and process substitution
    /// (`--table <(generate-routes)`) work as well as regular files.
    static func read(_ path: String, name: String, kind: String = "route table") throws(CommandFailure)
        -> String
    {
        func failure(_ reason: String) -> CommandFailure {
            CommandFailure(
                result: CommandResult(
                    stderr: "error: cannot read \(kind) \(name): \(reason)\n",
                    status: CommandResult.Status.invalidInput))
        }
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw failure("no such file")
            }
            guard !isDirectory.boolValue else { throw failure("it is a directory") }
            guard let opened = FileHandle(forReadingAtPath: path) else {
                throw failure(
                    FileManager.default.isReadableFile(atPath: path) ? "cannot open it" : "permission denied")
            }
            handle = opened
        }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw failure(error.localizedDescription)
        }
        if path != "-" { try? handle.close() }
        guard let text = String(data: data, encoding: .utf8) else { throw failure("it is not UTF-8 text") }
        return text
    }

    /// Reads the table and registers it in a router; its errors end the command (exit status 2).
    func load() throws(CommandFailure) -> LoadedTable {
        let file = try parse()
        guard !file.hasErrors else {
            let errors = file.diagnostics.filter { $0.severity == .error }
            let text = errors.map { "\($0)\n" }.joined()
            let summary = "error: \(file.name) has \(plural(errors.count, "error")); fix them first\n"
            throw CommandFailure(
                result: CommandResult(stderr: text + summary, status: CommandResult.Status.invalidInput))
        }
        return LoadedTable(file)
    }
}

/// `plural(1, "error")` is "1 error", `plural(2, "error")` "2 errors".
func plural(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}
