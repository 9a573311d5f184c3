import Foundation

#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// What routing a URL would do, without calling any handler: ``Routes/Router/explain(_:)``.
///
/// ```swift
/// print(router.explain("myapp://user/view/7"))
/// // Routing myapp://user/view/7
/// // table myapp: segments ["user", "view", "7"], no query
/// //   1. /user/view/:id (priority 0): matches, asked 1st
/// //   2. /user/:id (priority 0): no, the URL has 3 segments, the pattern 2
/// // ...
/// ```
///
/// Guards and redirects are shown too: each table's guards with whether their patterns match
/// (they are asked before the table's first matching route), and for a redirect route its target
/// and, when it matches, the URL routing starts over at.
///
/// ```swift
/// router.myapp.addGuard(for: "/account/*") { _ in .hold }
/// router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
/// print(router.explain("myapp://u/7"))
/// // Routing myapp://u/7
/// // table myapp: segments ["u", "7"], no query
/// //   guard /account/*: no, segment 0 is "u", not "account"
/// //   1. /u/:id (priority 0, redirects to /user/:id): matches, asked 1st:
/// //      routing starts over at myapp://user/7 (on one line)
/// // ...
/// ```
public struct RouteExplanation: CustomStringConvertible {
    /// One definition of a table that routing would look at, and whether it matches.
    ///
    /// ```swift
    /// entry.mismatch  // nil: it matches; otherwise why not
    /// ```
    public struct Entry: Sendable, Hashable {
        /// The scheme of the table that holds it (``/Routes/Router/defaultScheme`` for the global table).
        ///
        /// ```swift
        /// entry.scheme  // "myapp"
        /// ```
        public let scheme: String
        /// The definition's pattern.
        ///
        /// ```swift
        /// entry.pattern  // "/user/view/:id"
        /// ```
        public let pattern: String
        /// The definition's priority (shown in the description).
        let priority: Int
        /// Whether it has a handler (a `nil` handler always accepts; shown in the description).
        let hasHandler: Bool
        /// `nil` when the definition matches, so that its handler would be asked; otherwise why
        /// it does not.
        ///
        /// ```swift
        /// entry.mismatch  // "the URL has 3 segments, the pattern 2"
        /// ```
        public let mismatch: String?
        /// For a redirect route (``/Routes/RouteTable/addRedirect(from:to:priority:)``), its `to` as
        /// given; `nil` for any other route.
        ///
        /// ```swift
        /// entry.redirectTarget  // "/user/:id"
        /// ```
        public let redirectTarget: String?
        /// The URL a matching redirect route would start routing over at.
        ///
        /// For a redirect route that matches, the URL routing starts over at when it is asked:
        /// built from the values it captures and the URL's query; `nil` otherwise, or when no URL
        /// can be built (routing then goes on to the next route).
        ///
        /// ```swift
        /// entry.redirectURL?.absoluteString  // "myapp://user/7"
        /// ```
        public let redirectURL: URL?

        init(
            scheme: String, pattern: String, priority: Int, hasHandler: Bool, mismatch: String?,
            redirectTarget: String? = nil, redirectURL: URL? = nil
        ) {
            self.scheme = scheme
            self.pattern = pattern
            self.priority = priority
            self.hasHandler = hasHandler
            self.mismatch = mismatch
            self.redirectTarget = redirectTarget
            self.redirectURL = redirectURL
        }
    }

    /// One guard of a table that routing would use (``/Routes/RouteTable/addGuard(for:_:)-(_,(RouteParameters)->RouteGuardDecision)``),
    /// and whether its pattern matches the URL.
    ///
    /// ```swift
    /// explanation.guards.map(\.pattern)  // ["/account/*", "/admin(/*)"]
    /// ```
    public struct Guard: Sendable, Hashable {
        /// The scheme of the table that holds it (``/Routes/Router/defaultScheme`` for the global table).
        ///
        /// ```swift
        /// routeGuard.scheme  // "myapp"
        /// ```
        public let scheme: String
        /// The guard's pattern, as given to `addGuard(for:)`.
        ///
        /// ```swift
        /// routeGuard.pattern  // "/admin(/*)"
        /// ```
        public let pattern: String
        /// `nil` when the pattern (one of its expansions) matches the URL; otherwise why not.
        ///
        /// ```swift
        /// routeGuard.mismatch  // "segment 0 is \"user\", not \"account\""
        /// ```
        public let mismatch: String?
    }

    /// The URL as given (the first line of the description).
    let url: String
    /// Every definition of the tables routing would use — the table of the URL's scheme, then the
    /// global table when it falls back — in routing order.
    ///
    /// ```swift
    /// // what does not match:
    /// explanation.entries.filter { $0.mismatch != nil }.map(\.pattern)
    /// ```
    public var entries: [Entry] { tables.flatMap(\.entries) }
    /// Whether the URL could be parsed at all (`false`: routing returns `false` and calls nothing).
    var isURL: Bool { parsed != nil }
    /// The definitions whose handlers would be asked, in order, until one returns `true`.
    var candidates: [Entry] { entries.filter { $0.mismatch == nil } }
    /// The guards of the tables routing would use, in the order of ``entries``' tables, each
    /// table's in registration order.
    ///
    /// ```swift
    /// explanation.guards.filter { $0.mismatch == nil }.map(\.pattern)
    /// // ["/account/*"]
    /// ```
    public var guards: [Guard] { tables.flatMap(\.guards) }
    /// The guards routing would ask, in the order it would ask them.
    ///
    /// The guards routing would ask, in order: in each table that some definition matches, the
    /// guards whose patterns match, before that table's first handler. A guard that refuses, holds
    /// or redirects ends routing there (``/Routes/RouteGuardDecision``); guards of the global table are
    /// asked only when routing falls back to it.
    ///
    /// ```swift
    /// let explanation = router.explain("myapp://account/email")
    /// explanation.askedGuards.map(\.pattern)  // ["/account/*"]
    /// ```
    public var askedGuards: [Guard] { tables.flatMap(\.askedGuards) }

    /// How each table reads the URL; internal: the description shows it.
    struct Table {
        let scheme: String
        let acceptsHost: Bool
        /// The path segments as this table reads them (percent-encoded).
        let segments: [String]
        /// The query items, decoded, in order.
        let query: [QueryItem]
        /// The web anchor, decoded, when the table reads the fragment as one
        /// (``RouteParameters/anchor``).
        let anchor: String?
        let entries: [Entry]
        /// Why each definition matches or not, in the order of ``entries``.
        let verdicts: [PatternVerdict]
        /// The table's guards, in registration order.
        let guards: [Guard]

        /// The guards asked before the table's first matching definition: those that match,
        /// when a definition matches.
        var askedGuards: [Guard] {
            entries.contains { $0.mismatch == nil } ? guards.filter { $0.mismatch == nil } : []
        }
    }

    /// A decoded query item.
    struct QueryItem: Equatable {
        let name: String
        let value: String
    }

    /// What the starting table does after its definitions; `nil` when the text is not a URL.
    let parsed: (fallsBack: Bool, hasUnmatchedHandler: Bool)?
    let tables: [Table]

    var fallsBack: Bool { parsed?.fallsBack ?? false }
    var hasUnmatchedHandler: Bool { parsed?.hasUnmatchedHandler ?? false }

    /// A readable, multi-line report.
    ///
    /// ```swift
    /// print(router.explain("myapp://user/view/7"))
    /// ```
    public var description: String { report() }

    /// The text of ``description``. Cold (a report for people): optimized for size.
    @_optimize(size)
    private func report() -> String {
        var lines = ["Routing \(url)"]
        guard let parsed else {
            lines.add("not a URL: routing returns false and calls no handler")
            return lines.joined(separator: "\n")
        }
        var asked = 0
        for (position, table) in tables.enumerated() {
            let name = table.scheme == Router.defaultScheme ? "global table" : "table \(table.scheme)"
            if position > 0 {
                lines.add("fallback: if no handler above accepts, the global table is tried")
            }
            let query =
                table.query.isEmpty
                ? "no query" : "query " + table.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            let anchor = table.anchor.map { ", anchor \"\($0)\" (not part of the path)" } ?? ""
            lines.add("\(name): segments \(table.segments), \(query)\(anchor)")
            guard table.acceptsHost else {
                lines.add("  the table does not route this host (see hosts)")
                continue
            }
            let tableMatches = table.entries.contains { $0.mismatch == nil }
            for routeGuard in table.guards {
                let head = "  guard \(routeGuard.pattern): "
                if let mismatch = routeGuard.mismatch {
                    lines.add(head + "no, " + mismatch)
                } else if tableMatches {
                    lines.add(head + "matches, asked before the first handler of this table")
                } else {
                    lines.add(head + "matches, but no definition of this table does: not asked")
                }
            }
            if table.entries.isEmpty { lines.add("  no definitions") }
            for (index, entry) in table.entries.enumerated() {
                let redirect = entry.redirectTarget.map { ", redirects to \($0)" } ?? ""
                let head = "  \(index + 1). \(entry.pattern) (priority \(entry.priority)\(redirect)): "
                if let mismatch = entry.mismatch {
                    lines.add(head + "no, " + mismatch)
                } else {
                    asked += 1
                    var note = entry.hasHandler ? "" : " (no handler: accepts)"
                    if entry.redirectTarget != nil {
                        note =
                            entry.redirectURL.map { ": routing starts over at \($0.absoluteString)" }
                            ?? ": no URL can be built from this URL, so the next route is asked"
                    }
                    lines.add(head + "matches, asked \(RouteExplanation.ordinal(asked))" + note)
                }
            }
        }
        if asked == 0 {
            lines.add("no definition matches: routing returns false")
        } else {
            lines.add("handlers are asked in that order until one returns true")
            if candidates.contains(where: { $0.redirectTarget != nil }) {
                lines.add(
                    "a redirect asked before that routes its target instead, from the table of its scheme")
            }
            if !askedGuards.isEmpty {
                lines.add(
                    "the matching guards are asked first, in order: one that refuses, holds or redirects decides"
                )
            }
        }
        if parsed.hasUnmatchedHandler {
            lines.add(
                asked == 0
                    ? "the unmatched handler is called" : "if all decline, the unmatched handler is called")
        }
        return lines.joined(separator: "\n")
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

extension [String] {
    /// Appends a line of the description: one body for all of them.
    @inline(never)
    fileprivate mutating func add(_ line: String) {
        append(line)
    }
}

extension Router {
    /// Explains how a URL would be routed, without calling any handler.
    ///
    /// Explains how `url` would be routed — the table, the segments and query (and the web
    /// anchor, in a table that reads one: <doc:/Routes/RoutingRules#Web-anchors>), every definition with
    /// why it matches or not, the order handlers would be asked in, fallback and the unmatched
    /// handler — without calling any handler.
    ///
    /// ```swift
    /// print(router.explain("myapp://user/view/7"))
    /// ```
    public func explain(_ url: some URLConvertible) -> RouteExplanation {
        explain(trace(url))
    }

    /// ``explain(_:)`` of what routing's search finds: one body for every kind of URL.
    private func explain(_ trace: RouteTrace) -> RouteExplanation {
        guard trace.isURL, let start = trace.tables.first?.table else {
            return RouteExplanation(url: trace.text, parsed: nil, tables: [])
        }
        return RouteExplanation(
            url: trace.text,
            parsed: (start.fallbackTable != nil, start.unmatchedHandler != nil),
            tables: trace.tables.map { $0.table.explain($0) })
    }
}

extension RouteTable {
    // Cold (explain runs outside routing): optimized for size.
    @_optimize(size)
    fileprivate func explain(_ trace: RouteTrace.Table) -> RouteExplanation.Table {
        let acceptsHost = trace.acceptsHost
        let query = trace.query.map { RouteExplanation.QueryItem(name: $0.name, value: $0.value) }
        let verdicts = trace.verdicts
        let entries = zip(definitions, verdicts).map { definition, verdict in
            RouteExplanation.Entry(
                scheme: scheme, pattern: definition.pattern, priority: definition.priority,
                hasHandler: definition.hasAction,
                mismatch: acceptsHost ? verdict.mismatch : "the table does not route this host",
                redirectTarget: definition.redirect?.target,
                redirectURL: trace.redirectURLs[ObjectIdentifier(definition)])
        }
        let guards = guardGroups.map { group in
            let verdicts = group.definitions.map {
                trace.guardVerdicts[ObjectIdentifier($0)] ?? .segmentsDiffer
            }
            let mismatch: String?
            if !acceptsHost {
                mismatch = "the table does not route this host"
            } else if verdicts.contains(.matches) {
                mismatch = nil
            } else if verdicts.count == 1 {
                mismatch = verdicts[0].mismatch
            } else {
                mismatch =
                    "no expansion matches ("
                    + zip(group.expansions, verdicts).map { "\($0.text): \($1.mismatch ?? "")" }
                    .joined(separator: "; ") + ")"
            }
            return RouteExplanation.Guard(scheme: scheme, pattern: group.pattern, mismatch: mismatch)
        }
        return RouteExplanation.Table(
            scheme: scheme, acceptsHost: acceptsHost, segments: trace.segments, query: query,
            anchor: trace.anchor, entries: entries, verdicts: verdicts, guards: guards)
    }
}
