/// A finding of ``RouteTable/lint(mayDecline:)``: a definition that can only run if an earlier one declines,
/// a pattern that starts with a scheme, or a catch-all route in the global table.
///
/// ```swift
/// for warning in router.lint() { print(warning) }
/// // [myapp] /user/:userID differs from /user/:id only in parameter
/// // names; it runs only if /user/:id declines
/// ```
public struct RouteLintWarning: Sendable, Hashable, CustomStringConvertible {
    /// What kind of finding.
    ///
    /// ```swift
    /// warning.kind == .duplicate
    /// ```
    public enum Kind: Sendable, Hashable {
        /// The same pattern (same parameter names) is registered twice.
        case duplicate
        /// The same pattern except for the parameter names.
        case parameterNamesOnly
        /// An earlier definition matches every URL this one matches (a same or broader pattern
        /// at a higher or equal rank).
        case shadowed
        /// The pattern starts with a scheme (`myapp://user/:id`), but patterns are matched
        /// against a URL's path only: register `/user/:id` in the table of `myapp` instead. The
        /// advice routes the URL the pattern names: a host that routing reads as a path segment
        /// (no `.`, not `localhost`) stays in the path; any other host goes to the table's
        /// ``RouteTable/hosts`` without its port (`https://example.com/post/:id`: `/post/:id` in
        /// the table of `https`, with `example.com` in its hosts).
        case schemeInPattern
        /// A route of the global table that has no literal segment (`/*`, `/:x`, `/:a/:b`): it
        /// matches every URL (or every URL with that many segments) of every scheme that has no
        /// table of its own, `javascript:`, `file:` and `http:` links included.
        case catchAll
        /// A scheme's table with no routes, no ``RouteTable/shouldFallback`` and no
        /// ``RouteTable/unmatchedHandler``: it routes nothing, and it keeps the URLs of its scheme
        /// from the global table. Such a table is made by reading `router.alpha` (or
        /// `router["alpha"]`), which creates the table of `alpha` on first use — also by a name
        /// that is not a member, since `router.anything` is the table of the scheme `anything`.
        /// Add its routes, set `shouldFallback`, or remove it with ``Router/unregister(scheme:)``.
        /// The warning's ``RouteLintWarning/pattern`` is empty. A table with fallback and no
        /// routes is no finding: its URLs go on to the global table.
        case emptyTable
    }

    /// What kind of finding.
    ///
    /// ```swift
    /// warning.kind  // .shadowed
    /// ```
    public let kind: Kind
    /// The scheme of the table.
    ///
    /// ```swift
    /// warning.scheme  // "myapp"
    /// ```
    public let scheme: String
    /// The pattern of the definition the finding is about (empty for ``Kind/emptyTable``).
    ///
    /// ```swift
    /// warning.pattern  // "/user/new"
    /// ```
    public let pattern: String
    /// For duplicate, renamed and shadowed definitions, the earlier definition that is asked
    /// first; `nil` for the findings about one definition (``Kind/schemeInPattern``,
    /// ``Kind/catchAll``) or a table (``Kind/emptyTable``).
    ///
    /// ```swift
    /// warning.earlierPattern  // "/user/:id"
    /// ```
    public let earlierPattern: String?
    /// The sentence ``description`` prints.
    private let message: String
    /// For ``Kind/schemeInPattern``, the registration the message advises.
    let fix: LintFix?

    init(
        kind: Kind, scheme: String, pattern: String, earlierPattern: String?, message: String,
        fix: LintFix? = nil
    ) {
        self.kind = kind
        self.scheme = scheme
        self.pattern = pattern
        self.earlierPattern = earlierPattern
        self.message = message
        self.fix = fix
    }

    /// A readable sentence that says what to do.
    ///
    /// ```swift
    /// print(warning)
    /// ```
    public var description: String {
        pattern.isEmpty && kind == .emptyTable
            ? "[\(scheme)] \(message)" : "[\(scheme)] \(pattern) \(message)"
    }
}

extension RouteTable {
    /// Findings about this table's definitions, in routing order:
    ///
    /// - definitions that can only run if an earlier one declines: duplicates, patterns that
    ///   differ only in parameter names, and patterns shadowed by a same or broader one asked
    ///   before them (each reported once, against the first definition that covers it);
    /// - a pattern that starts with a scheme (`myapp://user/:id`);
    /// - in the global table, a catch-all route (`/*`, `/:x`): the global table receives the URLs
    ///   of every scheme without a table of its own;
    /// - a scheme's table that routes nothing: no routes, no fallback, no unmatched handler
    ///   (``RouteLintWarning/Kind/emptyTable``; `router.alpha` creates the table of `alpha`).
    ///
    /// ```swift
    /// router.default.add(pattern: "/user/:id") { _ in true }
    /// router.default.add(pattern: "/user/new") { _ in true }
    /// router.default.lint().map(\.kind)  // [.shadowed]
    /// ```
    ///
    /// A route whose handler declines some URLs (returns `false`) lets the routes after it run:
    /// a definition for which `mayDecline`
    /// returns `true` does not make the definitions it covers findings, since they run whenever it
    /// declines. The documented idiom — `/post/:id` declines when the id is not a number, then
    /// `/post/:slug` — is then no finding.
    ///
    /// ```swift
    /// let byID = router.default.add(pattern: "/post/:id") { params in
    ///     params.int("id") != nil  // declines "/post/hello-world"
    /// }
    /// router.default.add(pattern: "/post/:slug") { _ in true }
    /// router.default.lint().map(\.kind)  // [.parameterNamesOnly]
    /// router.default.lint(mayDecline: { definition in
    ///     byID.contains { $0 === definition }
    /// })  // []
    /// ```
    /// - Parameter mayDecline: whether a definition's handler may return `false`; asked once per
    ///   definition.
    public func lint(mayDecline: (Definition) -> Bool = { _ in false }) -> [RouteLintWarning] {
        let declines = definitions.map(mayDecline)
        var warnings: [RouteLintWarning] = []
        if let warning = emptyTable() { warnings.append(warning) }
        for (position, later) in definitions.enumerated() {
            if let warning = schemeInPattern(later) { warnings.append(warning) }
            if isGlobal, let warning = catchAll(later) { warnings.append(warning) }
            guard
                let earlier = definitions.indices[..<position]
                    .first(where: { !declines[$0] && definitions[$0].parsed.covers(later.parsed) })
                    .map({ definitions[$0] })
            else {
                continue
            }
            let kind: RouteLintWarning.Kind
            let what: String
            if earlier.parsed.segments == later.parsed.segments {
                kind = .duplicate
                what = "duplicates \(earlier.pattern)"
            } else if earlier.parsed.shape == later.parsed.shape {
                kind = .parameterNamesOnly
                what = "differs from \(earlier.pattern) only in parameter names"
            } else {
                kind = .shadowed
                what = "is shadowed by \(earlier.pattern), which matches every URL it matches"
            }
            warnings.append(
                RouteLintWarning(
                    kind: kind, scheme: scheme, pattern: later.pattern, earlierPattern: earlier.pattern,
                    message: "\(what); it runs only if \(earlier.pattern) declines"))
        }
        return warnings
    }

    /// `myapp://user/:id` (or `/myapp://user/:id`, as an expansion reads): the text before the
    /// first `://` is a scheme. The advice routes the URL the pattern names, by the rules of a
    /// new table of that scheme (the "Routing rules" article, *The host*): a host that routing
    /// reads as a segment (no `.`, not `localhost`) stays in the path (`/user/:id` for
    /// `myapp://user/:id`); any other host goes to `hosts`, without its port, and the path alone
    /// is the pattern (`/post/:id` with `example.com` for `https://example.com/post/:id`).
    private func schemeInPattern(_ definition: Definition) -> RouteLintWarning? {
        let text =
            definition.pattern.hasPrefix("/") ? definition.pattern.dropFirst() : Substring(definition.pattern)
        guard let separator = text.range(of: "://"), Scheme.isValid(String(text[..<separator.lowerBound]))
        else {
            return nil
        }
        let fix = LintFix(scheme: String(text[..<separator.lowerBound]), rest: text[separator.upperBound...])
        var advice = "register \(fix.pattern) in the table of \(fix.scheme)"
        if let host = fix.host { advice += " with \(host) in its hosts" }
        return RouteLintWarning(
            kind: .schemeInPattern, scheme: self.scheme, pattern: definition.pattern, earlierPattern: nil,
            message: "starts with a scheme, but a pattern is matched against a URL's path only; "
                + advice + " instead",
            fix: fix)
    }

    /// A scheme's table that routes nothing and keeps its scheme's URLs from the global table.
    private func emptyTable() -> RouteLintWarning? {
        guard !isGlobal, definitions.isEmpty, !shouldFallback, unmatchedHandler == nil else { return nil }
        return RouteLintWarning(
            kind: .emptyTable, scheme: scheme, pattern: "", earlierPattern: nil,
            message: "has no routes and does not fall back, so URLs of \(scheme) reach no route, not even "
                + "the global table's; add its routes, set shouldFallback, or remove it with "
                + "unregister(scheme:) (reading router.\(scheme) or router[\"\(scheme)\"] creates the table)")
    }

    /// A pattern without a literal segment: it matches whatever the URL's scheme and host.
    private func catchAll(_ definition: Definition) -> RouteLintWarning? {
        let segments = definition.parsed.segments
        let hasLiteral = segments.contains { if case .literal = $0 { return true } else { return false } }
        guard !hasLiteral else { return nil }
        let parameters = segments.count - (definition.parsed.hasWildcard ? 1 : 0)
        let reach: String
        switch (parameters, definition.parsed.hasWildcard) {
        case (0, _): reach = "every URL"
        case (1, false): reach = "every one-segment URL"
        case (_, false): reach = "every URL of \(parameters) segments"
        case (1, true): reach = "every URL of at least one segment"
        case (_, true): reach = "every URL of at least \(parameters) segments"
        }
        return RouteLintWarning(
            kind: .catchAll, scheme: scheme, pattern: definition.pattern, earlierPattern: nil,
            message: "matches \(reach), whatever its scheme: the global table receives the URLs of "
                + "every scheme that has no table of its own, javascript:, file: and http: links "
                + "included; move it to your app's scheme table or start it with a literal segment")
    }
}

extension Router {
    /// ``RouteTable/lint(mayDecline:)`` for every table: the global table first, then the schemes
    /// in order.
    ///
    /// ```swift
    /// #expect(router.lint().isEmpty)
    /// let decliners: Set<String> = ["/post/:id"]  // handlers that may return false
    /// #expect(router.lint(mayDecline: { decliners.contains($0.pattern) }).isEmpty)
    /// ```
    /// - Parameter mayDecline: whether a definition's handler may return `false`.
    public func lint(mayDecline: (Definition) -> Bool = { _ in false }) -> [RouteLintWarning] {
        var warnings: [RouteLintWarning] = []
        for table in allTables {
            warnings += table.lint(mayDecline: mayDecline)
        }
        return warnings
    }
}

/// The registration that routes the URL a pattern with a scheme names: `pattern` in the table of
/// `scheme`, with `host` in its ``RouteTable/hosts`` when routing does not read the host as a
/// segment.
struct LintFix: Sendable, Hashable {
    let scheme: String
    /// The host for ``RouteTable/hosts`` (without its port); `nil` when the host is a segment of
    /// `pattern`, or the URL has none.
    let host: String?
    let pattern: String

    /// The fix for a pattern `scheme://rest`.
    init(scheme: String, rest: Substring) {
        self.scheme = scheme
        let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var host = rest[..<hostEnd]
        let path = rest[hostEnd...]
        // The port is not part of the host that `hosts` compares.
        if let colon = host.lastIndex(of: ":"), host[host.index(after: colon)...].allSatisfy(\.isNumber) {
            host = host[..<colon]
        }
        let name = PercentDecoding.decodeOrKeep(host)
        if host.isEmpty {
            self.host = nil
            pattern = path.isEmpty ? "/" : String(path)
        } else if !name.contains(".") && name != "localhost" {
            // Routing reads such a host as the first segment (a `:name` host too).
            self.host = nil
            pattern = "/" + host + path
        } else {
            self.host = name
            pattern = path.isEmpty ? "/" : String(path)
        }
    }
}
