import ArgumentParser
import Foundation

/// The `routes` command: routes, explains and lints deep links with a route table file.
///
/// The executable calls ``main()``; tests and other tools call ``execute(_:)``, which runs the
/// same parsing and commands in-process and returns the output instead of printing it.
///
/// ```swift
/// RoutesCommand.main()  // the executable
/// RoutesCommand.execute(["lint", "--table", "routes.txt"]).status  // 0 when the table is clean
/// ```
public struct RoutesCommand: ParsableCommand {
    /// The subcommands and help texts.
    ///
    /// ```swift
    /// RoutesCommand.configuration.commandName  // "routes"
    /// ```
    public static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Route, explain and lint deep links with a Routes route table.",
        discussion: """
            Commands read the route table from --table FILE (one route per line: \
            [SCHEME] PATTERN [priority=N] [name=LABEL] [declines|may-decline]; '-', /dev/stdin or a pipe \
            such as <(generate-routes) work too), or use a built-in sample table of a small app \
            when --table is not given. See Tools/README.md.

            Exit status: 0 success (lint: no errors, warnings allowed); 1 a URL is not matched \
            (match, explain; test: a link differs); 2 invalid input (unreadable table, errors in it, invalid pattern); \
            64 usage error (unknown command or option, missing argument).
            """,
        subcommands: [
            MatchCommand.self, ExplainCommand.self, LintCommand.self, ExpandCommand.self, ShowCommand.self,
            AASACommand.self, TestCommand.self,
        ]
    )

    /// Creates the command; ArgumentParser calls it.
    ///
    /// ```swift
    /// let command = RoutesCommand()
    /// ```
    public init() {}

    /// Parses `arguments` (without the program name) and runs the command in-process.
    ///
    /// ```swift
    /// let result = RoutesCommand.execute(["expand", "/settings(/:section)"])
    /// result.stdout  // "/settings/:section\n/settings\n"
    /// ```
    /// - Parameter arguments: the command line after `routes`.
    /// - Returns: the output and the exit status, as the executable would print and exit with.
    public static func execute(_ arguments: [String]) -> CommandResult {
        do {
            var command = try parseAsRoot(arguments)
            if let command = command as? any ToolCommand { return command.execute() }
            try command.run()  // `routes` alone and `routes help` throw their help text
            return CommandResult()
        } catch {
            if let unknown = unknownCommand(in: arguments) { return unknown }
            let message = fullMessage(for: error)
            let status = exitCode(for: error).rawValue
            let text = message.isEmpty ? "" : message + "\n"
            return status == 0 ? CommandResult(stdout: text) : CommandResult(stderr: text, status: status)
        }
    }

    /// Runs `routes` with the command line and exits: prints exactly what ``execute(_:)`` returns.
    ///
    /// ```swift
    /// RoutesCommand.main()
    /// ```
    public static func main() {
        main(nil)
    }

    /// Runs `routes` with `arguments` (`nil`: the command line, without the program name), prints
    /// what ``execute(_:)`` returns and exits with its status.
    ///
    /// ```swift
    /// RoutesCommand.main(["lint", "--table", "routes.txt"])
    /// ```
    public static func main(_ arguments: [String]?) {
        let result = execute(arguments ?? Array(CommandLine.arguments.dropFirst()))
        FileHandle.standardOutput.write(Data(result.stdout.utf8))
        FileHandle.standardError.write(Data(result.stderr.utf8))
        exit(withError: result.status == 0 ? nil : ExitCode(result.status))
    }

    /// When the first argument is not an option and names no command: a usage error that lists
    /// the commands (ArgumentParser would only say that the argument is unexpected).
    private static func unknownCommand(in arguments: [String]) -> CommandResult? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let commands = configuration.subcommands.map {
            ($0.configuration.commandName ?? "", $0.configuration.abstract)
        }
        guard first != "help", !commands.contains(where: { $0.0 == first }) else { return nil }
        let width = commands.map(\.0.count).max() ?? 0
        let list = commands.map { name, abstract in
            "  " + name + String(repeating: " ", count: width - name.count + 2) + abstract + "\n"
        }
        return CommandResult(
            stderr: "Error: unknown command '\(first)'. The commands are:\n" + list.joined()
                + "See 'routes --help' for the options, 'routes help COMMAND' for a command's.\n",
            status: ExitCode.validationFailure.rawValue)
    }
}

/// A subcommand of `routes`: it computes its output, and `run()` prints it and exits.
protocol ToolCommand: ParsableCommand {
    /// Runs the command without printing.
    func execute() -> CommandResult
}

extension ToolCommand {
    func run() throws {
        let result = execute()
        FileHandle.standardOutput.write(Data(result.stdout.utf8))
        FileHandle.standardError.write(Data(result.stderr.utf8))
        if result.status != CommandResult.Status.success { throw ExitCode(result.status) }
    }
}

/// A failure that ends a command early with this output (an unreadable table, say).
struct CommandFailure: Error {
    var result: CommandResult
}
