import Foundation
@_spi(Tooling) import Routes

/// A parsed table file registered in a `Router`, whose handlers record what they are asked.
///
/// Each route's handler records the match and returns `true`, so the first candidate wins, as
/// in an app whose handlers all accept; a route with the `decline` flag records and returns
/// `false`, so routing goes on to the next candidate.
final class LoadedTable {
    let file: RouteTableFile
    let router = Router()
    /// The route line each registered definition comes from.
    private var entries: [ObjectIdentifier: RouteEntry] = [:]
    private let recorder = Recorder()

    init(_ file: RouteTableFile) {
        self.file = file
        for settings in file.tables {
            let table = self.table(settings.scheme)
            table.shouldFallback = settings.fallback
            if let hosts = settings.hosts { table.hosts = hosts }
            if let options = settings.options { table.options = options }
        }
        for entry in file.routes {
            let recorder = self.recorder
            let definitions = table(entry.scheme).add(pattern: entry.pattern, priority: entry.priority) {
                params in
                recorder.record(entry, params)
                return !entry.declines
            }
            for definition in definitions { entries[ObjectIdentifier(definition)] = entry }
        }
    }

    /// The table of a scheme written in the file (`nil`: the global table).
    func table(_ scheme: String?) -> RouteTable {
        scheme.map { router[$0] } ?? router.default
    }

    /// The tables, as `Router.lint()` visits them: the global table, then the schemes in order.
    var tables: [RouteTable] { router.allTables }

    /// The route line a registered definition comes from.
    func entry(for definition: Definition) -> RouteEntry? {
        entries[ObjectIdentifier(definition)]
    }

    /// Routes a URL and reports which routes were asked and which one accepted.
    func match(_ url: String) -> MatchResult {
        recorder.calls = []
        let handled = router.route(to: url)
        let calls = recorder.calls
        let declined = calls.filter { !$0.accepted }.map(\.match)
        if handled, let accepted = calls.last(where: \.accepted) {
            return MatchResult(url: url, outcome: .matched(accepted.match), declined: declined)
        }
        let outcome: MatchResult.Outcome
        if URL(string: url) == nil {  // what the library routes nowhere
            outcome = .notAURL
        } else if !declined.isEmpty {
            outcome = .allDeclined
        } else {
            outcome = .noRoute
        }
        return MatchResult(url: url, outcome: outcome, declined: declined)
    }
}

/// What the handlers saw while one URL was routed.
private final class Recorder {
    struct Call {
        var match: RouteMatch
        var accepted: Bool
    }

    var calls: [Call] = []

    func record(_ entry: RouteEntry, _ params: RouteParameters) {
        var parameters: [String: ParameterValue] = [:]
        for (key, value) in params.dictionary where !RouteMatch.reservedKeys.contains(key) {
            parameters[key] = ParameterValue(value)
        }
        let match = RouteMatch(
            pattern: params.pattern, scheme: params.scheme, route: entry, parameters: parameters)
        calls.append(Call(match: match, accepted: !entry.declines))
    }
}

/// The outcome of routing one URL with `routes match`.
struct MatchResult: Sendable, Hashable {
    enum Outcome: Sendable, Hashable {
        /// A route accepted the URL.
        case matched(RouteMatch)
        /// `URL(string:)` cannot read it: routing calls nothing.
        case notAURL
        /// No route of the table (or, with fallback, of the global table) matches it.
        case noRoute
        /// Routes matched, but each one declined (`decline` flag).
        case allDeclined
    }

    var url: String
    var outcome: Outcome
    /// The routes asked before the one that accepted (or all of them), in order.
    var declined: [RouteMatch]

    var match: RouteMatch? {
        if case .matched(let match) = outcome { return match }
        return nil
    }
}

/// A route whose handler was asked, and what it was given.
struct RouteMatch: Sendable, Hashable {
    /// The keys shown on their own: the matched pattern, the URL and the table's scheme.
    static let reservedKeys: Set<String> = [
        Definition.Keys.pattern, Definition.Keys.url, Definition.Keys.scheme,
    ]

    /// The definition's pattern (the expansion, for a pattern with optional groups).
    var pattern: String
    /// The scheme of the table that matched (``Router/defaultScheme`` for the global table).
    var scheme: String
    /// The line of the table file.
    var route: RouteEntry
    /// Every parameter but the reserved keys pattern, URL and scheme.
    var parameters: [String: ParameterValue]
}

/// A parameter value: a string, or a list (a repeated query item, wildcard components).
enum ParameterValue: Sendable, Hashable {
    case string(String)
    case list([String])

    init(_ value: Any) {
        switch value {
        case let string as String: self = .string(string)
        case let list as [String]: self = .list(list)
        default: self = .string(String(describing: value))
        }
    }
}
