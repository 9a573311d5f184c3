import ArgumentParser
import Foundation
import Routes
@_spi(Tooling) import RoutesTesting

/// `routes aasa check FILE`: an `apple-app-site-association` file checked against the table's
/// routes (`Router.checkUniversalLinks(_:hosts:appID:declines:)`).
struct AASACheckCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check an apple-app-site-association file against the table's https routes.",
        discussion: """
            For each host: the routes whose sample link the file does not admit (iOS opens the \
            browser), and the file's entries that admit only links no route matches, each with an \
            example link. Routes marked `declines` need no entry. A route for which no sample link \
            can be built is listed as not checked. With --json the output is a JSON object. Exit \
            status: 0 the file and the routes agree; 1 findings; 2 the file or the table cannot be \
            read (a malformed file names the key path).
            """
    )

    @OptionGroup var source: TableOptions

    @Argument(help: ArgumentHelp("The apple-app-site-association file.", valueName: "file"))
    var file: String

    @Option(
        name: .customLong("host"),
        help: ArgumentHelp(
            "A domain that serves the file (repeat for several). Default: the https table's hosts without *.",
            valueName: "host"))
    var hosts: [String] = []

    @Option(
        name: .customLong("app-id"),
        help: ArgumentHelp("Only the entries of this app (TEAMID.bundle.identifier).", valueName: "id"))
    var appID: String?

    @Flag(help: "Print a JSON object.")
    var json = false

    func execute() -> CommandResult {
        let association: AppSiteAssociationFile
        do {
            association = try AppSiteAssociationFile(data: try Data(contentsOf: URL(fileURLWithPath: file)))
        } catch let error as AppSiteAssociationFile.FormatError {
            return CommandResult(
                stderr: "error: \(file): \(error)\n", status: CommandResult.Status.invalidInput)
        } catch {
            return CommandResult(
                stderr: "error: cannot read \(file): no such file or unreadable\n",
                status: CommandResult.Status.invalidInput)
        }
        return source.withLoadedTable { table in
            let router = table.router
            let hosts =
                self.hosts.isEmpty
                ? (ToolSupport.tables(of: router).dropFirst().first { $0.scheme == "https" }?.hosts ?? [])
                    .filter { !$0.contains("*") } : self.hosts
            guard !hosts.isEmpty else {
                return CommandResult(
                    stderr: "error: give --host: the table's https routes list no host\n",
                    status: CommandResult.Status.invalidInput)
            }
            let report = router.checkUniversalLinks(association, hosts: hosts, appID: appID) { definition in
                table.entry(for: definition)?.declines == true
            }
            let status = report.isEmpty ? CommandResult.Status.success : CommandResult.Status.failure
            let output = json ? Self.json(report, file: file, hosts: hosts).rendered() : report.description
            return CommandResult(stdout: output + "\n", status: status)
        }
    }

    static func json(_ report: UniversalLinksReport, file: String, hosts: [String]) -> JSON {
        .object([
            ("file", .string(file)),
            ("hosts", .array(hosts.map(JSON.string))),
            ("agree", .bool(report.isEmpty)),
            (
                "notAdmitted",
                .array(
                    report.notAdmitted.map {
                        .object([
                            ("host", .string($0.host)), ("pattern", .string($0.pattern)),
                            ("link", .string($0.link)),
                            ("excludedBy", JSON($0.excludedBy?.keyPath)),
                        ])
                    })
            ),
            (
                "unrouted",
                .array(
                    report.unrouted.map {
                        .object([
                            ("host", .string($0.host)), ("entry", .string($0.entry.keyPath)),
                            ("link", .string($0.link)),
                        ])
                    })
            ),
            (
                "unchecked",
                .array(
                    report.unchecked.map {
                        .object([
                            ("host", .string($0.host)), ("pattern", .string($0.pattern)),
                            ("reason", .string($0.reason)),
                        ])
                    })
            ),
        ])
    }
}
