import ArgumentParser

/// `routes show`: the loaded table as the router holds it (`Router.description`).
struct ShowCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract:
            "Print the route table as the router holds it: tables, settings, definitions in routing order."
    )

    @OptionGroup var source: TableOptions

    func execute() -> CommandResult {
        do {
            return CommandResult(stdout: try source.load().router.description + "\n")
        } catch {
            return error.result
        }
    }
}
