import Foundation

/// What routing a URL would do, without calling any handler: ``Router/explain(_:)``.
///
/// ```swift
/// print(router.explain("myapp://user/view/7"))
/// // Routing myapp://user/view/7
/// // table myapp: segments ["user", "view", "7"], no query
/// //   1. /user/view/:id (priority 0): matches, asked 1st
/// //   2. /user/:id (priority 0): no, 3 segments but the pattern has 2
/// // ...
/// ```
public struct RouteExplanation: CustomStringConvertible {
    /// Why one definition matches or not.
    ///
    /// ```swift
    /// if case .literal(let index, let expected, let actual) = report.verdict { ... }
    /// ```
    public enum Verdict: Sendable, Hashable {
        /// The definition matches.
        case matches
        /// The URL has `actual` segments; the pattern needs exactly `expected`.
        case segmentCount(expected: Int, actual: Int)
        /// The URL has `actual` segments; the pattern (with `*`) needs at least `minimum`.
        case tooFewSegments(minimum: Int, actual: Int)
        /// Segment `index` is `actual` (decoded), not the literal `expected`.
        case literal(index: Int, expected: String, actual: String)
        /// Segment `index` is empty, and `:name` needs a non-empty one.
        case emptyParameter(index: Int, name: String)
    }

    /// One definition of a table, and its verdict.
    ///
    /// ```swift
    /// report.pattern  // "/user/view/:id"
    /// ```
    public struct DefinitionReport: Sendable, Hashable {
        /// The definition's pattern.
        ///
        /// ```swift
        /// report.pattern  // "/user/:id"
        /// ```
        public let pattern: String
        /// The definition's priority.
        ///
        /// ```swift
        /// report.priority  // 0
        /// ```
        public let priority: Int
        /// Whether it matches, and why not.
        ///
        /// ```swift
        /// report.verdict == .matches
        /// ```
        public let verdict: Verdict
        /// Whether it has a handler (a `nil` handler always accepts).
        ///
        /// ```swift
        /// report.hasHandler  // true
        /// ```
        public let hasHandler: Bool
    }

    /// How one table reads the URL and what each of its definitions says.
    ///
    /// ```swift
    /// explanation.tables.first?.segments  // ["user", "view", "7"]
    /// ```
    public struct TableReport: Sendable, Hashable {
        /// The table's scheme (``Router/defaultScheme`` for the global table).
        ///
        /// ```swift
        /// table.scheme  // "myapp"
        /// ```
        public let scheme: String
        /// Whether the table routes the URL's host (see ``RouteTable/hosts``).
        ///
        /// ```swift
        /// table.acceptsHost  // true
        /// ```
        public let acceptsHost: Bool
        /// The URL's path segments as this table reads them (percent-encoded).
        ///
        /// ```swift
        /// table.segments  // ["user", "view", "7"]
        /// ```
        public let segments: [String]
        /// The query items (URL and fragment), decoded, in order; valueless items as `""`.
        ///
        /// ```swift
        /// table.query  // [QueryItem(name: "ref", value: "mail")]
        /// ```
        public let query: [QueryItem]
        /// Every definition of the table, in routing order.
        ///
        /// ```swift
        /// table.definitions.filter { $0.verdict == .matches }
        /// ```
        public let definitions: [DefinitionReport]
    }

    /// One decoded query item.
    ///
    /// ```swift
    /// item.name  // "ref"
    /// ```
    public struct QueryItem: Sendable, Hashable {
        /// The decoded name.
        ///
        /// ```swift
        /// item.name  // "ref"
        /// ```
        public let name: String
        /// The decoded value (`""` for `?debug`).
        ///
        /// ```swift
        /// item.value  // "mail"
        /// ```
        public let value: String
    }

    /// A definition whose handler would be asked, in order.
    ///
    /// ```swift
    /// explanation.candidates.map(\.pattern)  // ["/user/view/:id", "/user/*"]
    /// ```
    public struct Candidate: Sendable, Hashable {
        /// The scheme of the table that holds it.
        ///
        /// ```swift
        /// candidate.scheme  // "myapp"
        /// ```
        public let scheme: String
        /// Its pattern.
        ///
        /// ```swift
        /// candidate.pattern  // "/user/view/:id"
        /// ```
        public let pattern: String
        /// Whether it has a handler (`nil` handlers always accept).
        ///
        /// ```swift
        /// candidate.hasHandler  // true
        /// ```
        public let hasHandler: Bool
    }

    /// The URL as given.
    ///
    /// ```swift
    /// explanation.url  // "myapp://user/view/7"
    /// ```
    public let url: String
    /// Whether the URL could be parsed at all (`false`: routing returns `false` and calls nothing).
    ///
    /// ```swift
    /// router.explain("1abc:x").isURL  // false
    /// ```
    public let isURL: Bool
    /// The table routing starts in, then the global table when fallback would be used.
    ///
    /// ```swift
    /// explanation.tables.map(\.scheme)  // ["myapp", "JLRoutesGlobalRoutesScheme"]
    /// ```
    public let tables: [TableReport]
    /// Whether the starting table falls back to the global table when no handler accepts.
    ///
    /// ```swift
    /// explanation.fallsBack  // true
    /// ```
    public let fallsBack: Bool
    /// Whether the starting table has an unmatched handler (called if no handler accepts).
    ///
    /// ```swift
    /// explanation.hasUnmatchedHandler  // false
    /// ```
    public let hasUnmatchedHandler: Bool

    /// The handlers that would be asked, in order, until one returns `true`.
    ///
    /// ```swift
    /// explanation.candidates.first?.pattern  // "/user/view/:id"
    /// ```
    public var candidates: [Candidate] {
        tables.filter(\.acceptsHost).flatMap { table in
            table.definitions.filter { $0.verdict == .matches }.map {
                Candidate(scheme: table.scheme, pattern: $0.pattern, hasHandler: $0.hasHandler)
            }
        }
    }

    /// A readable, multi-line report.
    ///
    /// ```swift
    /// print(router.explain("myapp://user/view/7"))
    /// ```
    public var description: String {
        var lines = ["Routing \(url)"]
        guard isURL else {
            lines.append("not a URL: routing returns false and calls no handler")
            return lines.joined(separator: "\n")
        }
        var asked = 0
        for (position, table) in tables.enumerated() {
            let name = table.scheme == Router.defaultScheme ? "global table" : "table \(table.scheme)"
            if position > 0 {
                lines.append("fallback: if no handler above accepts, the global table is tried")
            }
            let query =
                table.query.isEmpty
                ? "no query"
                : "query "
                    + table.query.map { "\($0.name)=\($0.value)" }
                    .joined(separator: "&")
            lines.append("\(name): segments \(table.segments), \(query)")
            guard table.acceptsHost else {
                lines.append("  the table does not route this host (see hosts)")
                continue
            }
            if table.definitions.isEmpty { lines.append("  no definitions") }
            for (index, report) in table.definitions.enumerated() {
                let head = "  \(index + 1). \(report.pattern) (priority \(report.priority)): "
                if report.verdict == .matches {
                    asked += 1
                    let note = report.hasHandler ? "" : " (no handler: accepts)"
                    lines.append(head + "matches, asked \(RouteExplanation.ordinal(asked))" + note)
                } else {
                    lines.append(head + "no, " + RouteExplanation.reason(report.verdict))
                }
            }
        }
        if asked == 0 {
            lines.append("no definition matches: routing returns false")
        } else {
            lines.append("handlers are asked in that order until one returns true")
        }
        if hasUnmatchedHandler {
            lines.append(
                asked == 0
                    ? "the unmatched handler is called" : "if all decline, the unmatched handler is called")
        }
        return lines.joined(separator: "\n")
    }

    private static func reason(_ verdict: Verdict) -> String {
        switch verdict {
        case .matches: return "matches"
        case .segmentCount(let expected, let actual):
            return "the URL has \(actual) segments, the pattern \(expected)"
        case .tooFewSegments(let minimum, let actual):
            return "the URL has \(actual) segments, the pattern needs at least \(minimum)"
        case .literal(let index, let expected, let actual):
            return "segment \(index) is \"\(actual)\", not \"\(expected)\""
        case .emptyParameter(let index, let name):
            return "segment \(index) is empty, :\(name) needs a value"
        }
    }

    private static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (1, let tens) where tens != 11: suffix = "st"
        case (2, let tens) where tens != 12: suffix = "nd"
        case (3, let tens) where tens != 13: suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }
}

extension Router {
    /// Explains how `url` would be routed — the table, the segments and query, every definition
    /// with why it matches or not, the order handlers would be asked in, fallback and the
    /// unmatched handler — without calling any handler.
    ///
    /// ```swift
    /// print(router.explain("myapp://user/view/7"))
    /// ```
    public func explain(_ url: some URLConvertible) -> RouteExplanation {
        let input = url.routeInput
        guard let parts = input.parts else {
            return RouteExplanation(
                url: input.description, isURL: false, tables: [], fallsBack: false, hasUnmatchedHandler: false
            )
        }
        let start = table(for: parts)
        let tables = [start] + (start.fallbackTable.map { [$0] } ?? [])
        return RouteExplanation(
            url: input.description, isURL: true,
            tables: tables.map { $0.report(parts) },
            fallsBack: start.fallbackTable != nil, hasUnmatchedHandler: start.unmatchedHandler != nil)
    }
}

extension RouteTable {
    fileprivate func report(_ parts: URLParts) -> RouteExplanation.TableReport {
        let request = RouteRequest(parts: parts, options: options)
        let plus = options.contains(.decodePlusSymbols)
        return RouteExplanation.TableReport(
            scheme: scheme, acceptsHost: acceptsHost(of: parts), segments: request.segments.map(String.init),
            query: request.queryItems.map {
                RouteExplanation.QueryItem(
                    name: PercentDecoding.decodeOrKeep($0.name),
                    value: $0.value.map { PercentDecoding.decodeOrKeep($0, plusAsSpace: plus) } ?? "")
            },
            definitions: definitions.map {
                RouteExplanation.DefinitionReport(
                    pattern: $0.pattern, priority: $0.priority,
                    verdict: $0.parsed.verdict(for: request.segments),
                    hasHandler: $0.handler != nil)
            })
    }
}
