import ArgumentParser
import Routes

/// `routes lint`: errors in the table file, and routes that can only run if an earlier one declines.
struct LintCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a route table: syntax, invalid patterns, duplicate and shadowed routes.",
        discussion: """
            Prints one finding per line as FILE:LINE:COLUMN: error|warning|note: MESSAGE. \
            Exit status 2 if there are errors (invalid patterns, unknown options or settings, bad \
            priorities), 1 if there are only warnings (duplicate or shadowed routes, a name used \
            twice), 0 if the table is clean.
            """
    )

    @OptionGroup var source: TableOptions

    func execute() -> CommandResult {
        let file: RouteTableFile
        do {
            file = try source.parse()
        } catch {
            return error.result
        }
        let table = LoadedTable(file)
        let findings = (file.diagnostics.map { [$0] } + LintCommand.overlaps(in: table))
            .enumerated()
            .sorted { ($0.element[0].location, $0.offset) < ($1.element[0].location, $1.offset) }
            .flatMap(\.element)
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        let definitions = table.tables.map(\.definitions.count).reduce(0, +)
        let size = "\(plural(file.routes.count, "route")), \(plural(definitions, "definition"))"
        let summary =
            errors + warnings == 0
            ? "\(file.name): no problems (\(size))"
            : "\(file.name): \(plural(errors, "error")), \(plural(warnings, "warning")) (\(size))"
        let status =
            errors > 0
            ? CommandResult.Status.invalidInput
            : warnings > 0 ? CommandResult.Status.failure : CommandResult.Status.success
        return CommandResult(stdout: findings.map { "\($0)\n" }.joined() + summary + "\n", status: status)
    }

    /// `Router.lint()`'s warnings, each with the line of the route it is about and a note at the
    /// line of the route asked before it.
    static func overlaps(in table: LoadedTable) -> [[Diagnostic]] {
        var cursors: [String: Int] = [:]
        return table.router.lint().map { warning in
            let definitions = table.router[warning.scheme].definitions
            // Warnings come in routing order, one per covered definition: the covered one is the
            // next definition with the warning's pattern that has the earlier pattern before it.
            let start = cursors[warning.scheme, default: 0]
            let later = (start..<definitions.count).first { index in
                definitions[index].pattern == warning.pattern
                    && definitions[..<index].contains { $0.pattern == warning.earlierPattern }
            }
            guard let later, let laterEntry = table.entry(for: definitions[later]) else {
                let nowhere = SourceLocation(line: 0, column: 0)
                return [
                    Diagnostic(
                        severity: .warning, file: table.file.name, location: nowhere, message: "\(warning)")
                ]
            }
            cursors[warning.scheme] = later + 1
            var group = [
                Diagnostic(
                    severity: .warning, file: table.file.name, location: laterEntry.location,
                    message: "\(warning)" + expansionNote(warning.pattern, laterEntry))
            ]
            if let earlier = definitions[..<later].first(where: { $0.pattern == warning.earlierPattern }),
                let earlierEntry = table.entry(for: earlier)
            {
                group.append(
                    Diagnostic(
                        severity: .note, file: table.file.name, location: earlierEntry.location,
                        message: "\(warning.earlierPattern) is registered here"
                            + expansionNote(warning.earlierPattern, earlierEntry)
                            + ", priority \(earlierEntry.priority)"))
            }
            return group
        }
    }

    /// ` (an expansion of /settings(/:section))` when the definition comes from optional groups.
    private static func expansionNote(_ pattern: String, _ entry: RouteEntry) -> String {
        pattern == entry.pattern ? "" : " (an expansion of \(entry.pattern))"
    }
}
