import ArgumentParser
import Routes
import RoutesTesting

/// `routes aasa --app-id ID...`: the `applinks` JSON of an `apple-app-site-association` file for
/// the table's `https` routes (`Router.appSiteAssociation(appIDs:host:declines:)`).
struct AASACommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Print the apple-app-site-association (applinks) JSON for the table's https routes.",
        discussion: """
            One components entry per definition of the https table, then of the global table when \
            https falls back (or when there is no https table), in routing order: :name and a \
            trailing * become *, literals are percent-encoded, fragment routes give a '#' pattern. \
            Routes marked `declines` admit nothing (`may-decline` routes admit their URLs); where no other route handles their URLs, they \
            are excluded ("exclude": true). Apple's * also matches '/', so the file admits more \
            than the router routes. With --host, the file for that domain: the https routes are \
            left out when the table's hosts do not list it.
            """,
        subcommands: [AASACheckCommand.self]
    )

    @OptionGroup var source: TableOptions

    @Option(
        name: .customLong("app-id"),
        help: ArgumentHelp("An app, as TEAMID.bundle.identifier (repeat for several apps).", valueName: "id"))
    var appIDs: [String] = []

    @Option(
        help: ArgumentHelp("The domain the file is served from, such as www.example.com.", valueName: "host"))
    var host: String?

    func validate() throws {
        for id in appIDs {
            let parts = id.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !id.contains(where: \.isWhitespace)
            else {
                throw ValidationError(
                    "'\(id)' is not an app ID: write TEAMID.bundle.identifier, such as ABCDE12345.com.example.app"
                )
            }
        }
        if let host, host.isEmpty || host.contains(where: { "/:@ ".contains($0) }) {
            throw ValidationError(
                "'\(host)' is not a host name: write example.com, without scheme, path or port")
        }
    }

    func execute() -> CommandResult {
        // Checked here, not in `validate()`, which ArgumentParser also runs before `aasa check`.
        guard !appIDs.isEmpty else {
            let message = RoutesCommand.message(
                for: ValidationError("Missing expected argument '--app-id <id>'"))
            return CommandResult(
                stderr:
                    "Error: \(message)\nUsage: routes aasa --app-id <id> ...\n  See 'routes aasa --help' for more information.\n",
                status: ExitCode.validationFailure.rawValue)
        }
        return source.withLoadedTable { table in
            let json = table.router.appSiteAssociation(appIDs: appIDs, host: host) { definition in
                table.entry(for: definition)?.declines == true
            }
            return CommandResult(stdout: json)
        }
    }
}
