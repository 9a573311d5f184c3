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

    /// Reads and parses the table, whatever errors it has (for `lint`).
    func parse() throws(CommandFailure) -> RouteTableFile {
        guard let table else { return RouteTableFile.parse(SampleTable.text, name: TableOptions.sampleName) }
        if table == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return RouteTableFile.parse(String(decoding: data, as: UTF8.self), name: "<stdin>")
        }
        do {
            let text = try String(contentsOfFile: table, encoding: .utf8)
            return RouteTableFile.parse(text, name: table)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
            throw CommandFailure(
                result: CommandResult(
                    stderr: "error: cannot read route table \(table): \(reason)\n",
                    status: CommandResult.Status.invalidInput))
        }
    }

    /// Reads the table and registers it in a router; its errors end the command (exit status 2).
    func load() throws(CommandFailure) -> LoadedTable {
        let file = try parse()
        guard !file.hasErrors else {
            let errors = file.diagnostics.filter { $0.severity == .error }
            let text = errors.map { "\($0)\n" }.joined()
            let summary = "error: \(file.name) has \(count(errors.count, "error")); fix them first\n"
            throw CommandFailure(
                result: CommandResult(stderr: text + summary, status: CommandResult.Status.invalidInput))
        }
        return LoadedTable(file)
    }
}

/// "1 error", "2 errors".
func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}
