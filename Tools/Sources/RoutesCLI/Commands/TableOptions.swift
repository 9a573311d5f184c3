import ArgumentParser
import Foundation

/// `--table FILE`, shared by the commands that read a route table.
struct TableOptions: ParsableArguments {
    @Option(
        name: [.customShort("t"), .long],
        help: ArgumentHelp(
            "The route table file ('-' for standard input). Default: the built-in sample table.",
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
        if table == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return RouteTableFile.parse(String(decoding: data, as: UTF8.self), name: "<stdin>")
        }
        var isDirectory: ObjCBool = false
        let reason: String
        if !FileManager.default.fileExists(atPath: table, isDirectory: &isDirectory) {
            reason = "no such file"
        } else if isDirectory.boolValue {
            reason = "it is a directory"
        } else if let text = try? String(contentsOfFile: table, encoding: .utf8) {
            return RouteTableFile.parse(text, name: table)
        } else {
            reason =
                FileManager.default.isReadableFile(atPath: table)
                ? "it is not UTF-8 text" : "permission denied"
        }
        throw CommandFailure(
            result: CommandResult(
                stderr: "error: cannot read route table \(table): \(reason)\n",
                status: CommandResult.Status.invalidInput))
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
