import ArgumentParser
import RoutesTesting

/// `routes explain URL`: prints `Router.explain(_:)` for the URL.
struct ExplainCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain how the table routes a URL: every definition, and why it matches or not.",
        discussion: "Exit status 1 if no route accepts the URL, as with `routes match`."
    )

    @OptionGroup var source: TableOptions

    @Argument(help: ArgumentHelp("The URL to explain, such as 'myapp://user/view/42'.", valueName: "url"))
    var url: String

    func execute() -> CommandResult {
        source.withLoadedTable { table in
            let explanation = table.router.explain(url).description
            let matched = table.match(url).match != nil
            return CommandResult(
                stdout: explanation + "\n",
                status: matched ? CommandResult.Status.success : CommandResult.Status.failure)
        }
    }
}
