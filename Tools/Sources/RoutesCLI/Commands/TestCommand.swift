import ArgumentParser
import Routes
@_spi(Tooling) import RoutesTesting

/// `routes test CASES`: routes each link of a cases file on the table and reports the links
/// routed otherwise than expected (`Router.check(links:)`).
struct TestCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract:
            "Route each link of a cases file through the table; report those routed otherwise than expected.",
        discussion: """
            CASES has one case a line: LINK EXPECTATION, where EXPECTATION is a route ([SCHEME] \
            PATTERN; no scheme: the global table), unrouted, held PATTERN, refused PATTERN (the \
            guard's pattern) or redirected URL. '#' at the start of a line or after whitespace \
            starts a comment. Each mismatch prints the case's line, what was expected, what \
            happened and the router's explanation of the link. With --coverage, the routes, \
            guards and redirects that no link reached are listed and count as failures. With \
            --json the output is one JSON object. Exit status 1 if a link differs (or, with \
            --coverage, something is not reached); 2 if the table or the cases file is invalid.
            """
    )

    @OptionGroup var source: TableOptions

    @Flag(help: "Print one JSON object: the mismatches and what no link reached.")
    var json = false

    @Flag(help: "List the routes, guards and redirects that no link reached, and fail when there are some.")
    var coverage = false

    @Argument(
        help: ArgumentHelp(
            "The cases file: LINK EXPECTATION a line ('-' for standard input).", valueName: "cases"))
    var cases: String

    func execute() -> CommandResult {
        if cases == "-" && source.table == "-" {
            return CommandResult(
                stderr: "error: the table and the cases cannot both be read from standard input\n",
                status: CommandResult.Status.invalidInput)
        }
        let file: LinkCasesFile
        do {
            let name = cases == "-" ? "<stdin>" : cases
            file = try LinkCasesFile.parse(
                try TableOptions.read(cases, name: name, kind: "cases file"), name: name)
        } catch {
            return error.result
        }
        return source.withLoadedTable { table in
            let report = ToolSupport.check(file.cases.map { ($0.link, $0.expectation) }, on: table.router)
            let output =
                json
                ? LinkCasesReport.json(report, file: file)
                : LinkCasesReport.text(report, file: file, coverage: coverage)
            let failed = !report.mismatches.isEmpty || (coverage && !report.unreached.isEmpty)
            return CommandResult(
                stdout: output, status: failed ? CommandResult.Status.failure : CommandResult.Status.success)
        }
    }
}
