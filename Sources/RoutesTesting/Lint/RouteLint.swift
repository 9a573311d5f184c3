#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// A finding of `lint(mayDecline:)`: a route that runs only if another declines, or a pattern that
/// misleads.
///
/// ``Routes/RouteTable/lint(mayDecline:)`` finds a definition that can only run if an earlier one
/// declines, a pattern that starts with a scheme, or a catch-all route in the global table.
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
        /// The pattern starts with a scheme, but patterns match a URL's path only.
        ///
        /// The pattern starts with a scheme (`myapp://user/:id`), but patterns are matched against
        /// a URL's path only: register `/user/:id` in the table of `myapp` instead. The advice
        /// routes the URL the pattern names: a host that routing reads as a path segment (no `.`,
        /// not `localhost`) stays in the path; any other host goes to the table's
        /// ``/Routes/RouteTable/hosts`` without its port (`https://example.com/post/:id`: `/post/:id` in
        /// the table of `https`, with `example.com` in its hosts).
        case schemeInPattern
        /// A literal or parameter name with `{` or `}` in a table without extended patterns.
        ///
        /// Such a pattern is matched as written today, and ``/Routes/RouteOptions/extendedPatterns`` would
        /// read it as braces (`/post/{id}` matches only `/post/%7Bid%7D` without it).
        case bracesWithoutExtendedPatterns
        /// A route of the global table without a literal segment matches the URLs of every scheme
        /// without a table.
        ///
        /// A route of the global table that has no literal segment (`/*`, `/:x`, `/:a/:b`): it
        /// matches every URL (or every URL with that many segments) of every scheme that has no
        /// table of its own, `javascript:`, `file:` and `http:` links included.
        case catchAll
        /// A scheme's table routes nothing and keeps its scheme's URLs from the global table.
        ///
        /// A scheme's table with no routes, no ``/Routes/RouteTable/shouldFallback`` and no
        /// ``/Routes/RouteTable/unmatchedHandler``: it routes nothing, and it keeps the URLs of its scheme
        /// from the global table. Such a table is made by reading `router.alpha` (or
        /// `router["alpha"]`), which creates the table of `alpha` on first use — also by a name
        /// that is not a member, since `router.anything` is the table of the scheme `anything`. Add
        /// its routes, set `shouldFallback`, or remove it with ``/Routes/Router/unregister(scheme:)``. The
        /// warning's ``RouteLintWarning/pattern`` is empty. A table with fallback and no routes is
        /// no finding: its URLs go on to the global table.
        case emptyTable
        /// A redirect that can send a URL back to itself, directly or through other redirects.
        ///
        /// Routing such a URL follows 8 redirects, stops at the 9th and handles nothing.
        ///
        /// ```swift
        /// // myapp://old/new/x matches /old/* again:
        /// router.myapp.addRedirect(from: "/old/*", to: "/old/new/*")
        /// router.myapp.addRedirect(from: "/a/:id", to: "/b/:id")
        /// // and back to /a/:id:
        /// router.myapp.addRedirect(from: "/b/:id", to: "myapp://a/:id")
        /// ```
        ///
        /// The rule: the target's URLs (its pattern, as printed from what the redirect captures,
        /// read by the rules of the table it is routed in) are routed where routing routes them —
        /// the table of the target's scheme; for a target without one, the table of the routed
        /// URL's scheme: the redirect's own table, and for a redirect of the global table also
        /// every table that falls back to it — then the global table when that table falls back. In
        /// routing order, every redirect whose pattern can match one of those URLs is a next
        /// step, up to the first route that matches all of them and does not decline (`mayDecline`;
        /// a redirect never declines): the routes after it are never asked. The warning is given
        /// for each redirect from which the steps lead back to it. A redirect shadowed by an
        /// earlier route gets no warning of this kind: it never runs.
        case redirectLoop
        /// A redirect whose target no route can match: the target is routed, and its table's
        /// unmatched handler is called.
        ///
        /// ```swift
        /// router.myapp.add(pattern: "/user/:id") { _ in true }
        /// // no route matches /users/:id:
        /// router.myapp.addRedirect(from: "/u/:id", to: "/users/:id")
        /// ```
        ///
        /// The rule: no route of the target's table (see ``redirectLoop``; a table whose
        /// ``/Routes/RouteTable/hosts`` refuse the host the target names has none), nor of the global
        /// table when that table falls back, has a pattern that can match a URL of the target's
        /// pattern. Patterns are compared segment by segment: equal literals (the first ignoring
        /// ASCII case, as routing compares a host segment), a `:name` and any non-empty literal,
        /// two `:name`s, and whatever a trailing `*` takes can match the same segment. The warning's pattern is the redirect's (the expansion, for a `from` with
        /// optional groups: each picks its own expansion of the target).
        case unmatchedRedirectTarget
        /// A guard that no route of its table can match: guards are asked only before a route of
        /// their own table runs, on a URL both match, so it is never asked.
        ///
        /// ```swift
        /// router.myapp.add(pattern: "/account/settings") { _ in true }
        /// // a typo: never asked
        /// router.myapp.addGuard(for: "/acount/*") { _ in .hold }
        /// ```
        ///
        /// The rule: no expansion of the guard's pattern can match a URL that some route of the
        /// table matches (compared as for ``unmatchedRedirectTarget``). The routes of the global
        /// table that a table falls back to do not count: the global table's own guards are asked
        /// for them. The warning's pattern is the guard's, as given to `addGuard(for:)`.
        case unreachableGuard
        /// A fragment route whose fragment a table with hosts reads as a web anchor: it matches
        /// only URLs that write the `#` as `%23`, or none.
        ///
        /// A table with ``/Routes/RouteTable/hosts`` reads a fragment that does not start with `/` or `?`
        /// as a web anchor, not as more of the path (<doc:/Routes/RoutingRules#Web-anchors>), so a
        /// segment with text after its `#` (`/post#comments`, `/help/#faq`, or
        /// `/post/{id:int}#{anchor}` in an extended pattern) never receives a link written with
        /// that `#`: `https://example.com/post#comments` has the segment `post` and the anchor
        /// `comments`. A literal still matches a `#` written `%23`; fixed text beside a capture,
        /// compared with the URL as written, matches nothing. Register the path alone (`/post`,
        /// `/post/{id:int}`) and read ``/Routes/RouteParameters/anchor``, or start the fragment with `/`
        /// (`/post#/comments`).
        ///
        /// ```swift
        /// router.https.hosts = ["example.com"]
        /// // matches only https://example.com/post%23comments:
        /// router.https.add(pattern: "/post#comments") { _ in true }
        /// ```
        case fragmentReadAsAnchor
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
    /// The pattern of the definition the finding is about.
    ///
    /// It is empty for ``Kind/emptyTable``, and the guard's pattern, as given, for
    /// ``Kind/unreachableGuard``.
    ///
    /// ```swift
    /// warning.pattern  // "/user/new"
    /// ```
    public let pattern: String
    /// The earlier definition of a `duplicate`, `parameterNamesOnly` or `shadowed` finding: the one
    /// asked first.
    ///
    /// For duplicate, renamed and shadowed definitions, the earlier definition that is asked first;
    /// `nil` for the findings about one definition (``Kind/schemeInPattern``, ``Kind/catchAll``,
    /// the redirect and guard kinds) or a table (``Kind/emptyTable``).
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
    /// Lints this table: findings about its definitions, in routing order.
    ///
    /// The findings are:
    ///
    /// - definitions that can only run if an earlier one declines: duplicates, patterns that
    ///   differ only in parameter names, and patterns shadowed by a same or broader one asked
    ///   before them (each reported once, against the first definition that covers it);
    /// - a pattern that starts with a scheme (`myapp://user/:id`);
    /// - in the global table, a catch-all route (`/*`, `/:x`): the global table receives the URLs
    ///   of every scheme without a table of its own;
    /// - a scheme's table that routes nothing: no routes, no fallback, no unmatched handler
    ///   (``RouteLintWarning/Kind/emptyTable``; `router.alpha` creates the table of `alpha`);
    /// - a redirect that can lead back to itself (``RouteLintWarning/Kind/redirectLoop``) or
    ///   whose target no route matches (``RouteLintWarning/Kind/unmatchedRedirectTarget``),
    ///   looking into the other tables of the router;
    /// - in a table with ``/Routes/RouteTable/hosts``, a fragment route whose fragment is read as a web anchor
    ///   (``RouteLintWarning/Kind/fragmentReadAsAnchor``);
    /// - after the definitions, a guard that no route of the table can match
    ///   (``RouteLintWarning/Kind/unreachableGuard``).
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
    /// - Parameter mayDecline: whether a definition's handler may return `false`; asked at most
    ///   once per definition (of this table, and of the tables redirects lead to).
    public func lint(mayDecline: (Definition) -> Bool = { _ in false }) -> [RouteLintWarning] {
        var asked = DeclineAnswers()
        return findings(shapes: PatternShapes()) { asked.declines($0, mayDecline) }
    }

    /// ``lint(mayDecline:)`` with `declines` answering for the definitions of every table.
    func findings(shapes: PatternShapes, declines: (Definition) -> Bool) -> [RouteLintWarning] {
        let declining = definitions.map(declines)
        var warnings: [RouteLintWarning] = []
        warnings.add(emptyTable())
        for (position, later) in definitions.enumerated() {
            warnings.add(schemeInPattern(later))
            warnings.add(bracesWithoutExtendedPatterns(later))
            if isGlobal { warnings.add(catchAll(later)) }
            if readsAnchors { warnings.add(fragmentReadAsAnchor(later)) }
            let earlier = definitions.indices[..<position]
                .first(where: {
                    !declining[$0] && shapes[definitions[$0].parsed].covers(shapes[later.parsed])
                })
                .map({ definitions[$0] })
            guard let earlier else {
                warnings += redirectFindings(later, shapes: shapes, declines: declines)
                continue
            }
            warnings.add(covered(later, by: earlier))
        }
        // A guard with braces in a plain table (a typed route's pattern, say) guards nothing.
        for group in guardGroups {
            if let parsed = group.expansions.first {
                warnings.add(
                    bracesWithoutExtendedPatterns(parsed, pattern: group.pattern, what: "is a guard that "))
            }
        }
        return warnings + unreachableGuards()
    }

    /// The finding about `later`, which `earlier` covers and is asked before it: a duplicate, a
    /// pattern that differs only in parameter names, or a shadowed one.
    private func covered(_ later: Definition, by earlier: Definition) -> RouteLintWarning {
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
        return RouteLintWarning(
            kind: kind, scheme: scheme, pattern: later.pattern, earlierPattern: earlier.pattern,
            message: "\(what); it runs only if \(earlier.pattern) declines")
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
        guard let (scheme, rest) = Scheme.split(text) else { return nil }
        let options = router?.existingTable(forScheme: String(scheme))?.options ?? RouteOptions()
        let fix = LintFix(scheme: String(scheme), rest: rest, options: options)
        var advice = "register \(fix.pattern) in the table of \(fix.scheme)"
        if let host = fix.host { advice += " with \(host) in its hosts" }
        return RouteLintWarning(
            kind: .schemeInPattern, scheme: self.scheme, pattern: definition.pattern, earlierPattern: nil,
            message: "starts with a scheme, but a pattern is matched against a URL's path only; "
                + advice + " instead",
            fix: fix)
    }

    /// A literal or a parameter name with `{` or `}` in a table that reads no braces.
    private func bracesWithoutExtendedPatterns(_ definition: Definition) -> RouteLintWarning? {
        bracesWithoutExtendedPatterns(definition.parsed, pattern: definition.pattern, what: "")
    }

    /// The same for a pattern, `what` naming it in the message (a guard).
    private func bracesWithoutExtendedPatterns(_ parsed: RoutePattern, pattern: String, what: String)
        -> RouteLintWarning?
    {
        guard !parsed.readsBraces else { return nil }
        let braced = parsed.segments.first { segment in
            switch segment {
            // `|` means something only inside braces: alone, the option leaves it as it is.
            // Bytes, not `Character`s: `{` followed by a combining mark is one `Character`.
            case .literal(let text), .parameter(let text):
                return text.utf8.contains { $0 == .openBrace || $0 == .closeBrace }
            case .template, .wildcard: return false
            }
        }
        guard braced != nil else { return nil }
        return RouteLintWarning(
            kind: .bracesWithoutExtendedPatterns, scheme: scheme, pattern: pattern,
            earlierPattern: nil,
            message: what + "holds '{' or '}', which \(lintName) matches as written because its options "
                + "lack extendedPatterns; with that option the pattern would read them as braces")
    }

    /// A segment with text after a `#` (`post#comments`, `{id:int}#{anchor}`) in a table that
    /// reads web anchors: the URL's fragment then starts with that text, so it is an anchor and
    /// never reaches the path. A literal is still matched by a `#` written `%23` in the URL's
    /// path; a template's fixed text, compared with the URL as written, by nothing.
    private func fragmentReadAsAnchor(_ definition: Definition) -> RouteLintWarning? {
        guard let found = definition.parsed.textReadAsAnchor else { return nil }
        let anchor = found.anchor
        let reach =
            found.matchesNoURL
            ? "the pattern matches no URL, since its fixed text is compared with the URL as written"
            : "the pattern matches only URLs that write the # as %23"
        return RouteLintWarning(
            kind: .fragmentReadAsAnchor, scheme: scheme, pattern: definition.pattern, earlierPattern: nil,
            message: "expects the fragment #\(anchor), which \(lintName) reads as a web anchor because it "
                + "has hosts, not as part of the path: \(reach); match the path alone and read "
                + "params.anchor, or start the fragment with / (#/\(anchor))")
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
        let hasLiteral = segments.contains { segment in
            switch segment {
            case .literal, .template: return true
            case .parameter, .wildcard: return false
            }
        }
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
    /// // In a test of the app's routes:
    /// // the patterns whose handlers may return false
    /// let decliners: Set<String> = ["/post/:id"]
    /// let findings = router.lint(mayDecline: { decliners.contains($0.pattern) })
    /// assert(findings.isEmpty, "\(findings)")
    /// ```
    /// - Parameter mayDecline: whether a definition's handler may return `false`.
    public func lint(mayDecline: (Definition) -> Bool = { _ in false }) -> [RouteLintWarning] {
        var asked = DeclineAnswers()
        let shapes = PatternShapes()
        var warnings: [RouteLintWarning] = []
        for table in allTables {
            warnings += table.findings(shapes: shapes) { asked.declines($0, mayDecline) }
        }
        return warnings
    }
}

extension [RouteLintWarning] {
    /// Appends `warning`, if any: one body for every finding lint may add.
    @inline(never)
    fileprivate mutating func add(_ warning: RouteLintWarning?) {
        if let warning { append(warning) }
    }
}

/// The answers of a `mayDecline` closure, so that each definition is asked once.
struct DeclineAnswers {
    private var answers: [ObjectIdentifier: Bool] = [:]

    mutating func declines(_ definition: Definition, _ mayDecline: (Definition) -> Bool) -> Bool {
        if let answer = answers[ObjectIdentifier(definition)] { return answer }
        let answer = mayDecline(definition)
        answers[ObjectIdentifier(definition)] = answer
        return answer
    }
}

extension RouteTable {
    /// The redirect findings about `definition`, a route that may run: a loop back to it, or a
    /// target that no route matches (``RouteLintWarning/Kind/redirectLoop`` and
    /// ``RouteLintWarning/Kind/unmatchedRedirectTarget`` state the rules).
    fileprivate func redirectFindings(
        _ definition: Definition, shapes: PatternShapes, declines: (Definition) -> Bool
    ) -> [RouteLintWarning] {
        let targets = RedirectTarget.targets(of: definition, in: self)
        guard let target = targets.first else { return [] }
        let reached = targets.flatMap { $0.reachedDefinitions(mayDecline: declines, shapes: shapes) }
        if reached.isEmpty {
            let falls = target.table.fallbackTable != nil
            var message: String
            if target.hostRefused, let host = target.host {
                message =
                    "redirects to \(target.text), but the hosts of \(target.table.lintName) do not "
                    + "include \(host)" + (falls ? ", and no route of the global table matches it" : "")
            } else {
                let tables =
                    target.table.lintName + (falls ? ", nor of the global table it falls back to," : "")
                message = "redirects to \(target.text), which no route of \(tables) matches"
            }
            message += "; routing the target calls the unmatched handler"
            return [
                RouteLintWarning(
                    kind: .unmatchedRedirectTarget, scheme: scheme, pattern: definition.pattern,
                    earlierPattern: nil, message: message)
            ]
        }
        guard
            let cycle = redirectCycle(from: definition, reached: reached, shapes: shapes, declines: declines)
        else {
            return []
        }
        let steps = ([definition] + cycle).map { step in
            step.scheme == scheme ? step.pattern : "\(step.pattern) (\(step.scheme ?? ""))"
        }
        let how =
            cycle.count == 1
            ? "which its own pattern matches" : "and the redirects it leads to can lead back to it"
        return [
            RouteLintWarning(
                kind: .redirectLoop, scheme: scheme, pattern: definition.pattern, earlierPattern: nil,
                message: "redirects to \(target.text), \(how): \(steps.joined(separator: " → ")); "
                    + "routing stops after 8 redirects and handles nothing")
        ]
    }

    /// The shortest chain of redirects from `start` back to it (ending with `start`), or `nil`.
    /// `reached`: what the target of `start` reaches.
    private func redirectCycle(
        from start: Definition, reached: [Definition], shapes: PatternShapes, declines: (Definition) -> Bool
    ) -> [Definition]? {
        // A breadth-first search over redirect definitions; `previous` leads back along the chain.
        var previous: [ObjectIdentifier: Definition] = [:]
        var queue: [Definition] = []
        func visit(_ next: [Definition], from step: Definition?) -> Bool {
            for definition in next where definition.redirect != nil {
                if definition === start {
                    if let step { previous[ObjectIdentifier(start)] = step }
                    return true
                }
                guard previous[ObjectIdentifier(definition)] == nil else { continue }
                previous[ObjectIdentifier(definition)] = step ?? start
                queue.append(definition)
            }
            return false
        }
        var found = visit(reached, from: nil)
        var position = 0
        while !found, position < queue.count {
            let step = queue[position]
            position += 1
            let table = step.scheme == scheme ? self : step.scheme.flatMap { router?.table(forScheme: $0) }
            guard let table else { continue }
            let next = RedirectTarget.targets(of: step, in: table).flatMap {
                $0.reachedDefinitions(mayDecline: declines, shapes: shapes)
            }
            found = visit(next, from: step)
        }
        guard found else { return nil }
        // Walk back from `start` to the first step.
        var chain: [Definition] = [start]
        var current = start
        while let step = previous[ObjectIdentifier(current)], step !== start {
            chain.insert(step, at: 0)
            current = step
        }
        return chain
    }

    /// The guards that no route of this table can match (``RouteLintWarning/Kind/unreachableGuard``).
    private func unreachableGuards() -> [RouteLintWarning] {
        guardGroups.compactMap { group in
            guard !hasRoute(overlapping: group.expansions) else { return nil }
            var message =
                "is a guard that no route of \(lintName) can match, so it is never asked: guards "
                + "are asked only before a route of their own table runs"
            if let global = fallbackTable, global.hasRoute(overlapping: group.expansions) {
                message +=
                    " (the global table's routes this table falls back to ask the global table's guards)"
            }
            return RouteLintWarning(
                kind: .unreachableGuard, scheme: scheme, pattern: group.pattern, earlierPattern: nil,
                message: message)
        }
    }

    /// Whether a route of this table overlaps one of `patterns` (a guard's expansions), read as
    /// this table reads a URL. One body for this table and the global table it falls back to.
    @inline(never)
    private func hasRoute(overlapping patterns: [RoutePattern]) -> Bool {
        let firstIgnoringCase = mayReadHostAsSegment
        return patterns.contains { pattern in
            definitions.contains { $0.parsed.overlaps(pattern, firstIgnoringCase: firstIgnoringCase) }
        }
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

    /// The fix for a pattern `scheme://rest`, for a table of `scheme` with `options`.
    init(scheme: String, rest: Substring, options: RouteOptions) {
        self.scheme = scheme
        let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        // The port is not part of the host that `hosts` compares.
        let host = HostRule.hostName(of: rest[..<hostEnd])
        let path = rest[hostEnd...]
        if host.isEmpty {
            self.host = nil
            pattern = path.isEmpty ? "/" : String(path)
        } else if host.hasPrefix(":") || HostRule.readsAsSegment(host, options: options) {
            // Routing reads such a host as the first segment (a `:name` host too).
            self.host = nil
            pattern = "/" + host + path
        } else {
            self.host = PercentDecoding.decodeOrKeep(host)
            pattern = path.isEmpty ? "/" : String(path)
        }
    }
}
