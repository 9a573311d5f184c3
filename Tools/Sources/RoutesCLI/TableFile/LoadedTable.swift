import Foundation
import Routes
@_spi(Tooling) import RoutesTesting

/// A parsed table file registered in a `Router`, whose handlers record what they are asked.
///
/// Each route's handler records the match and returns `true`, so the first candidate wins, as
/// in an app whose handlers all accept (`may-decline` routes among them); a route with the
/// `declines` flag records and returns `false`, so routing goes on to the next candidate. Redirect lines are the library's redirects
/// and guard lines its guards (deciding `.refuse` or `.hold` for every URL they match); the
/// router's `onEvent` records the redirects followed and the guard that stopped a URL.
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
        let recorder = self.recorder
        for entry in file.routes {
            let definitions: [Definition]
            if let target = entry.redirectTarget {
                definitions = table(entry.scheme).addRedirect(
                    from: entry.pattern, to: target, priority: entry.priority)
            } else {
                definitions = table(entry.scheme).add(pattern: entry.pattern, priority: entry.priority) {
                    params in
                    recorder.record(entry, params)
                    return !entry.declines
                }
            }
            for definition in definitions { entries[ObjectIdentifier(definition)] = entry }
        }
        for entry in file.guards {
            let decision: RouteGuardDecision = entry.decision == .refuse ? .refuse : .hold
            table(entry.scheme).addGuard(for: entry.pattern) { _ in decision }
        }
        router.onEvent = { event in recorder.record(event) }
    }

    /// The table of a scheme written in the file (`nil`: the global table).
    func table(_ scheme: String?) -> RouteTable {
        scheme.map { router[$0] } ?? router.default
    }

    /// The tables, as `Router.lint()` visits them: the global table, then the schemes in order.
    var tables: [RouteTable] { ToolSupport.tables(of: router) }

    /// The route line a registered definition comes from.
    func entry(for definition: Definition) -> RouteEntry? {
        entries[ObjectIdentifier(definition)]
    }

    /// The guard line of a guard the router names by its scheme and pattern.
    func guardEntry(scheme: String, pattern: String) -> GuardEntry? {
        let key = ToolSupport.schemeKey(scheme)
        return file.guards.first {
            $0.pattern == pattern
                && ToolSupport.schemeKey(RouteTableFile.tableName(forRouter: $0.scheme)) == key
        }
    }

    /// The redirect line of the redirect definition of `pattern` in the table of `scheme` that
    /// routing asks first.
    func redirectEntry(scheme: String, pattern: String) -> RouteEntry? {
        router[scheme].definitions.lazy.compactMap { definition in
            definition.pattern == pattern ? self.entry(for: definition) : nil
        }.first { $0.redirectTarget != nil }
    }

    /// Routes a URL and reports which routes were asked, the redirects followed, and which route
    /// accepted or which guard stopped it.
    func match(_ url: String) -> MatchResult {
        recorder.steps = []
        recorder.stop = nil
        let handled = router.route(to: url)
        var steps: [MatchResult.Step] = []
        var accepted: RouteMatch?
        for step in recorder.steps {
            switch step {
            case .call(let call) where call.accepted: accepted = call.match
            case .call(let call): steps.append(.declined(call.match))
            case .redirect(let hop):
                var hop = hop
                hop.route = redirectEntry(scheme: hop.scheme, pattern: hop.pattern)
                steps.append(.redirected(hop))
            }
        }
        if handled, let accepted {
            return MatchResult(url: url, outcome: .matched(accepted), steps: steps)
        }
        let outcome: MatchResult.Outcome
        switch recorder.stop {
        case .guarded(let kind, let pattern, let scheme)?:
            let stop = GuardStop(
                pattern: pattern, scheme: scheme, route: guardEntry(scheme: scheme, pattern: pattern))
            outcome = kind == .refused ? .refused(stop) : .held(stop)
        case .redirectLimit?:
            outcome = .redirectLimit
        case nil:
            if URL(string: url) == nil {  // what the library routes nowhere
                outcome = .notAURL
            } else if steps.contains(where: { if case .declined = $0 { true } else { false } }) {
                outcome = .allDeclined
            } else {
                outcome = .noRoute
            }
        }
        return MatchResult(url: url, outcome: outcome, steps: steps)
    }
}

/// What the handlers and the router's events saw while one URL was routed.
private final class Recorder {
    struct Call {
        var match: RouteMatch
        var accepted: Bool
    }

    enum Step {
        case call(Call)
        case redirect(RedirectHop)
    }

    /// Why routing stopped without a handler.
    enum Stop {
        case guarded(RoutingEvent.Kind, pattern: String, scheme: String)
        case redirectLimit
    }

    var steps: [Step] = []
    var stop: Stop?

    func record(_ entry: RouteEntry, _ params: RouteParameters) {
        var parameters: [String: ParameterValue] = [:]
        for (key, value) in params.dictionary where !RouteMatch.reservedKeys.contains(key) {
            parameters[key] = ParameterValue(value)
        }
        let match = RouteMatch(
            pattern: params.pattern, scheme: params.scheme, route: entry, parameters: parameters)
        steps.append(.call(Call(match: match, accepted: !entry.declines)))
    }

    func record(_ event: RoutingEvent) {
        switch event.kind {
        case .redirected(let target):
            steps.append(
                .redirect(
                    RedirectHop(
                        url: event.url.absoluteString, pattern: event.pattern ?? "", scheme: event.scheme,
                        target: target.absoluteString)))
        case .refused, .held:
            stop = .guarded(event.kind, pattern: event.pattern ?? "", scheme: event.scheme)
        case .redirectLimitReached:
            stop = .redirectLimit
        default:
            break
        }
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
        /// A guard line with `refuse` stopped the URL.
        case refused(GuardStop)
        /// A guard line with `hold` kept the URL until the app's `resume()`.
        case held(GuardStop)
        /// Redirects went on for more than 8 steps: routing gave up.
        case redirectLimit
    }

    /// What happened before the outcome, in order.
    enum Step: Sendable, Hashable {
        /// A route was asked and declined.
        case declined(RouteMatch)
        /// A redirect route sent the URL on.
        case redirected(RedirectHop)
    }

    var url: String
    var outcome: Outcome
    var steps: [Step]

    /// The routes asked before the one that accepted (or all of them), in order.
    var declined: [RouteMatch] {
        steps.compactMap { if case .declined(let match) = $0 { match } else { nil } }
    }

    /// The redirects followed, in order.
    var redirects: [RedirectHop] {
        steps.compactMap { if case .redirected(let hop) = $0 { hop } else { nil } }
    }

    var match: RouteMatch? {
        if case .matched(let match) = outcome { return match }
        return nil
    }
}

/// One redirect followed: the URL, the redirect route that matched it, and the URL routed instead.
struct RedirectHop: Sendable, Hashable {
    /// The URL the redirect matched.
    var url: String
    /// The redirect definition's pattern (the expansion).
    var pattern: String
    /// The scheme of its table (``Router/defaultScheme`` for the global table).
    var scheme: String
    /// The URL routed instead.
    var target: String
    /// The redirect line.
    var route: RouteEntry?
}

/// The guard that refused or held a URL.
struct GuardStop: Sendable, Hashable {
    /// The guard's pattern, as written.
    var pattern: String
    /// The scheme of its table (``Router/defaultScheme`` for the global table).
    var scheme: String
    /// The guard line.
    var route: GuardEntry?
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
