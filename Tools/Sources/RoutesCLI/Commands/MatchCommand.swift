import ArgumentParser

/// `routes match URL...`: routes each URL and prints the route that accepted it and its parameters.
struct MatchCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Route URLs through the table; print the matching route, its table and parameters.",
        discussion: """
            Every route accepts what it matches (the first candidate wins), `may-decline` routes \
            too, except routes with the `declines` flag, which always let the next candidate try. \
            With --json the output is a JSON array with one object per URL. Exit status 1 if any \
            URL is not matched.
            """
    )

    @OptionGroup var source: TableOptions

    @Flag(help: "Print a JSON array with one object per URL.")
    var json = false

    @Argument(
        help: ArgumentHelp(
            "The URLs to route, such as 'myapp://user/view/42' (quote them for the shell).", valueName: "url")
    )
    var urls: [String]

    func execute() -> CommandResult {
        source.withLoadedTable { table in
            let results = urls.map(table.match)
            let output = json ? MatchReport.json(results) : MatchReport.text(results)
            let allMatched = results.allSatisfy { $0.match != nil }
            return CommandResult(
                stdout: output,
                status: allMatched ? CommandResult.Status.success : CommandResult.Status.failure)
        }
    }
}
