import ArgumentParser
import Routes
import RoutesTesting

/// `routes expand PATTERN`: the definitions a pattern registers, one per line, in routing order.
struct ExpandCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "expand",
        abstract: "List the definitions a pattern expands into (one per optional-group combination).",
        discussion: "An invalid pattern prints the error with a caret under the problem; exit status 2."
    )

    @Argument(help: ArgumentHelp("A route pattern, such as '/user/:id/posts(/:tab)'.", valueName: "pattern"))
    var pattern: String

    func execute() -> CommandResult {
        do {
            let expansions = try Router.expand(pattern: pattern)
            return CommandResult(stdout: expansions.map { $0 + "\n" }.joined())
        } catch {
            return CommandResult(stderr: "error: \(error)\n", status: CommandResult.Status.invalidInput)
        }
    }
}
