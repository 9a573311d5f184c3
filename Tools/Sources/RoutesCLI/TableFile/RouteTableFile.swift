import Routes
@_spi(Tooling) import RoutesTesting

/// A route table file, parsed: its routes, its table settings and what is wrong with it.
///
/// The format (one route or directive per line) is described in `Tools/README.md` and parsed by
/// `RouteTableFile+Parsing.swift`; `LoadedTable` turns the result into a `Router`.
struct RouteTableFile: Sendable, Hashable {
    /// The file name shown in diagnostics (`routes.txt:3:8: error: ...`).
    var name: String
    /// The route lines (redirects included), in file order.
    var routes: [RouteEntry] = []
    /// The guard lines, in file order.
    var guards: [GuardEntry] = []
    /// The settings of each table that a directive (`@scheme ...`) sets up, in order of first mention.
    var tables: [TableSettings] = []
    /// Errors and warnings found while parsing, in line order.
    var diagnostics: [Diagnostic] = []

    /// Whether some line could not be read (a route with an error is left out of the table).
    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// A 1-based line and column in a table file; columns count characters, a tab counts as one.
struct SourceLocation: Sendable, Hashable, Comparable {
    var line: Int
    var column: Int

    static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// One route line: `[SCHEME] PATTERN [priority=N] [name=LABEL] [declines|may-decline]`, or a
/// redirect line:
/// `[SCHEME] redirect FROM TO [priority=N] [name=LABEL]` (then ``pattern`` is `FROM`).
struct RouteEntry: Sendable, Hashable {
    /// The scheme of the table, as written; `nil` for the global table.
    var scheme: String?
    /// The pattern as written, optional groups included.
    var pattern: String
    var priority = 0
    /// The label shown in the output (`name=LABEL`).
    var name: String?
    /// Whether the route's handler declines: `declines`, `may-decline` or neither.
    var declining = Declining.never
    /// For a redirect line, its `TO` (`RouteTable.addRedirect(from:to:priority:)`).
    var redirectTarget: String?
    /// Where the pattern starts.
    var location: SourceLocation

    /// What a route's handler does with the URLs it is asked.
    enum Declining: Sendable, Hashable {
        /// No flag: the handler accepts.
        case never
        /// `may-decline`: the handler may decline. `lint` does not report the routes it covers;
        /// `match`, `explain` and `aasa` take it as accepting, as the handler does for the URLs it
        /// is written for.
        case may
        /// `declines`: the handler always declines. `match` and `explain` go on to the next
        /// candidate, `aasa` admits none of its URLs, and `lint` takes it as able to decline.
        case always
    }

    /// Whether the handler always declines (`declines`): what `match`, `explain` and `aasa` read.
    var declines: Bool { declining == .always }
    /// Whether the handler may decline (`declines` or `may-decline`): what `lint` reads.
    var mayDecline: Bool { declining != .never }
}

/// One guard line: `[SCHEME] guard PATTERN refuse|hold` (`RouteTable.addGuard(for:_:)`).
struct GuardEntry: Sendable, Hashable {
    /// What the guard decides about every URL its pattern matches.
    enum Decision: String, Sendable, Hashable {
        case refuse
        case hold
    }

    /// The scheme of the table, as written; `nil` for the global table.
    var scheme: String?
    /// The pattern as written, optional groups included.
    var pattern: String
    var decision: Decision
    /// Where the pattern starts.
    var location: SourceLocation
}

/// The settings of one table: `@SCHEME fallback hosts=LIST options=LIST`.
struct TableSettings: Sendable, Hashable {
    /// The scheme of the table, as first written; `nil` for the global table.
    var scheme: String?
    /// `fallback`: URLs that no route of this table handles are tried on the global table.
    var fallback = false
    /// `hosts=a.com,*.a.com`: the hosts this table routes (universal links); `nil` for any host.
    var hosts: [String]?
    /// `options=...`: how the table reads URLs; `nil` keeps the library's default.
    var options: RouteOptions?
    /// Where the table's first directive is.
    var location: SourceLocation
}

/// A finding in a table file, printed the way compilers print theirs:
/// `routes.txt:3:8: error: unknown option "prio=3"`.
struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    enum Severity: String, Sendable, Hashable {
        case error
        case warning
        case note
    }

    var severity: Severity
    var file: String
    var location: SourceLocation
    /// The message; it may span lines (a pattern error ends with its caret line).
    var message: String

    var description: String {
        "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }
}

extension RouteTableFile {
    /// The table name `Router` uses for a scheme written in a file: `nil` (the global table) for
    /// no scheme or for ``Router/defaultScheme``, compared as the router compares schemes
    /// (`ToolSupport.schemeKey`: ASCII case only).
    static func tableScheme(_ scheme: String?) -> String? {
        guard let scheme, ToolSupport.schemeKey(scheme) != ToolSupport.schemeKey(Router.defaultScheme) else {
            return nil
        }
        return scheme
    }

    /// The scheme of the router's table for a scheme written in a file (``Router/defaultScheme``
    /// for `nil`).
    static func tableName(forRouter scheme: String?) -> String {
        scheme ?? Router.defaultScheme
    }

    /// How a table is named in messages: `myapp`, or `the global table`.
    static func tableName(_ scheme: String?) -> String {
        scheme.map { "@\($0)" } ?? "the global table"
    }
}
