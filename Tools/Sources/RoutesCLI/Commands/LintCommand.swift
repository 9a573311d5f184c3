import ArgumentParser
import Routes
@_spi(Tooling) import RoutesTesting

/// `routes lint`: errors in the table file, and the library's lint findings about its routes.
struct LintCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract:
            "Check a route table: syntax, invalid patterns, shadowed and catch-all routes, redirects, guards.",
        discussion: """
            Prints one finding per line as FILE:LINE:COLUMN: error|warning|note: MESSAGE. Errors: \
            what cannot be read (invalid patterns, unknown options or settings, bad priorities). \
            Warnings: what the library's Router.lint(mayDecline:) finds (duplicate, renamed or \
            shadowed routes, a pattern that starts with a scheme, a catch-all route in the global \
            table, a scheme's table that routes nothing, a redirect that can loop or whose target no \
            route matches, a guard that no route of its table can match) and a name used twice. \
            Routes marked `may-decline` (or `declines`) may decline, so the routes they \
            cover are not findings (/post/:id may-decline, then /post/:slug). Exit status: 2 if \
            there are errors, else 0.
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
        let findings = (file.diagnostics.map { [$0] } + LintCommand.libraryFindings(in: table))
            .enumerated()
            .sorted { ($0.element[0].location, $0.offset) < ($1.element[0].location, $1.offset) }
            .flatMap(\.element)
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        let definitions = table.tables.map(\.definitions.count).reduce(0, +)
        var size = "\(plural(file.routes.count, "route")), \(plural(definitions, "definition"))"
        if !file.guards.isEmpty { size += ", \(plural(file.guards.count, "guard"))" }
        let summary =
            errors + warnings == 0
            ? "\(file.name): no problems (\(size))"
            : "\(file.name): \(plural(errors, "error")), \(plural(warnings, "warning")) (\(size))"
        let status = errors > 0 ? CommandResult.Status.invalidInput : CommandResult.Status.success
        return CommandResult(stdout: findings.map { "\($0)\n" }.joined() + summary + "\n", status: status)
    }

    /// `Router.lint(mayDecline:)`'s warnings (routes with `declines` or `may-decline` may decline), each at
    /// the line of the route it is about, with a note at the line of the route asked before it.
    static func libraryFindings(in table: LoadedTable) -> [[Diagnostic]] {
        let mayDecline = { (definition: Definition) in table.entry(for: definition)?.mayDecline == true }
        var locator = WarningLocator(table: table, mayDecline: mayDecline)
        return table.router.lint(mayDecline: mayDecline).map { warning in
            if warning.kind == .unreachableGuard {
                // About a guard: at the line of the guard.
                let location =
                    table.guardEntry(scheme: warning.scheme, pattern: warning.pattern)?.location
                    ?? SourceLocation(line: 0, column: 0)
                return [
                    Diagnostic(
                        severity: .warning, file: table.file.name, location: location, message: "\(warning)")
                ]
            }
            if warning.kind == .emptyTable {
                // About a table, not a route: at the line of the table's directive.
                let key = ToolSupport.schemeKey(warning.scheme)
                let settings = table.file.tables.first { $0.scheme.map(ToolSupport.schemeKey) == key }
                let location = settings?.location ?? SourceLocation(line: 0, column: 0)
                return [
                    Diagnostic(
                        severity: .warning, file: table.file.name, location: location, message: "\(warning)")
                ]
            }
            guard let position = locator.position(of: warning),
                let entry = table.entry(for: table.router[warning.scheme].definitions[position])
            else {
                let nowhere = SourceLocation(line: 0, column: 0)
                return [
                    Diagnostic(
                        severity: .warning, file: table.file.name, location: nowhere, message: "\(warning)")
                ]
            }
            var group = [
                Diagnostic(
                    severity: .warning, file: table.file.name, location: entry.location,
                    message: "\(warning)" + expansionNote(warning.pattern, entry))
            ]
            if let earlier = locator.earlier(of: warning, before: position),
                let earlierEntry = table.entry(for: earlier)
            {
                group.append(
                    Diagnostic(
                        severity: .note, file: table.file.name, location: earlierEntry.location,
                        message: "\(earlier.pattern) is registered here"
                            + expansionNote(earlier.pattern, earlierEntry)
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

/// Finds the definition each lint warning is about. A warning names patterns, not definitions,
/// and a table may hold one pattern several times; but warnings come in routing order, a
/// definition gets at most one warning of each kind (one for all the kinds about an earlier
/// definition), and a warning about an earlier definition names the first one that covers it and
/// may not decline. So the definition of a warning is the first one, from the previous warning's
/// on, that has its pattern, has no warning of its kind yet and, for the kinds about an earlier
/// definition, has a definition with the earlier pattern before it that may not decline.
private struct WarningLocator {
    let table: LoadedTable
    let mayDecline: (Definition) -> Bool
    /// Per scheme: the position of the previous warning's definition.
    private var cursors: [String: Int] = [:]
    /// Per scheme: the (position, kind group) pairs that already have their warning.
    private var reported: [String: Set<Reported>] = [:]

    private struct Reported: Hashable {
        var position: Int
        var kind: RouteLintWarning.Kind
    }

    init(table: LoadedTable, mayDecline: @escaping (Definition) -> Bool) {
        self.table = table
        self.mayDecline = mayDecline
    }

    /// The position of the warning's definition in its table's routing order.
    mutating func position(of warning: RouteLintWarning) -> Int? {
        let definitions = table.router[warning.scheme].definitions
        let kind = warning.earlierPattern == nil ? warning.kind : .shadowed  // one group for overlaps
        let start = cursors[warning.scheme, default: 0]
        let found = (start..<definitions.count).first { position in
            definitions[position].pattern == warning.pattern
                && !reported[warning.scheme, default: []].contains(Reported(position: position, kind: kind))
                && (warning.earlierPattern == nil || earlier(of: warning, before: position) != nil)
        }
        guard let found else { return nil }
        cursors[warning.scheme] = found
        reported[warning.scheme, default: []].insert(Reported(position: found, kind: kind))
        return found
    }

    /// The earlier definition a warning names: the first one before `position` with its pattern
    /// that may not decline.
    func earlier(of warning: RouteLintWarning, before position: Int) -> Definition? {
        guard let pattern = warning.earlierPattern else { return nil }
        return table.router[warning.scheme].definitions[..<position].first {
            $0.pattern == pattern && !mayDecline($0)
        }
    }
}
