/// What lint and `explain` need to know about guards and redirects, read from the tables without
/// routing anything (the walk itself is in `Walk.swift`).

extension RoutePattern {
    /// Whether some URL's segments match both patterns: the segment counts they accept meet, and
    /// at each position both can match the same segment (equal literals; a `:name` and a
    /// non-empty literal; two `:name`s). Segments that a trailing `*` takes match anything.
    func overlaps(_ other: RoutePattern) -> Bool {
        let fixed = hasWildcard ? segments.count - 1 : segments.count
        let otherFixed = other.hasWildcard ? other.segments.count - 1 : other.segments.count
        switch (hasWildcard, other.hasWildcard) {
        case (false, false): guard fixed == otherFixed else { return false }
        case (true, false): guard otherFixed >= fixed else { return false }
        case (false, true): guard fixed >= otherFixed else { return false }
        case (true, true): break
        }
        for index in 0..<min(fixed, otherFixed) {
            switch (segments[index], other.segments[index]) {
            case (.literal(let mine), .literal(let theirs)):
                guard mine.utf8.elementsEqual(theirs.utf8) else { return false }
            case (.parameter, .literal(let text)), (.literal(let text), .parameter):
                guard !text.isEmpty else { return false }
            default:
                continue
            }
        }
        return true
    }
}

/// Where the URLs that a redirect definition matches are sent, as lint sees it: the table routing
/// starts over in and the pattern the target URL's segments have there.
struct RedirectTarget {
    /// The redirect's `to`, as given.
    let text: String
    /// The table of the target's scheme (the global table when that scheme has none); for a
    /// target without a scheme, the redirect's own table.
    let table: RouteTable
    /// The expansion of the target that the URL builder picks for the definition: the longest one
    /// whose `:name`s the definition's pattern captures.
    let pattern: RoutePattern
    /// The host the target names, which the table's ``RouteTable/hosts`` must accept.
    let host: String?

    /// The target of `definition`, a redirect of `table`; `nil` when it is not a redirect or its
    /// target cannot be built (a host that the target table reads as a path segment).
    init?(of definition: Definition, in table: RouteTable) {
        guard let redirect = definition.action?.redirectRoute,
            let expansions = try? OptionalGroupExpansion.expand(redirect.pattern)
        else { return nil }
        let captured = Set(definition.parsed.parameterNames)
        guard let chosen = expansions.first(where: { Set($0.parameterNames).isSubset(of: captured) }) else {
            return nil
        }
        let start: RouteTable
        if let scheme = redirect.scheme {
            if let router = table.router {
                start = router.table(forScheme: scheme)
            } else if Scheme.key(scheme) == table.key {
                start = table
            } else {
                return nil
            }
        } else {
            start = table
        }
        if let host = redirect.host,
            URLBuilder.isPathSegment(URLBuilder.name(of: host), options: start.options)
        {
            return nil
        }
        text = redirect.target
        self.table = start
        pattern = chosen
        host = redirect.host.map { String(URLBuilder.name(of: $0)) }
    }

    /// The definitions the target's URLs may reach, in the order routing asks them: of the target
    /// table (when its hosts accept the target's host), then of the global table when it falls
    /// back; those whose patterns overlap the target's, up to the first that takes all of its
    /// URLs (it covers the target's pattern and does not decline: a redirect never does).
    func reachedDefinitions(mayDecline: (Definition) -> Bool) -> [Definition] {
        var reached: [Definition] = []
        for table in tables {
            for definition in table.definitions where definition.parsed.overlaps(pattern) {
                reached.append(definition)
                if definition.parsed.covers(pattern),
                    definition.action?.redirectRoute != nil || !mayDecline(definition)
                {
                    return reached
                }
            }
        }
        return reached
    }

    /// The tables the target is routed in: the target table unless its hosts refuse the
    /// target's host, then the global table when the target table falls back.
    var tables: [RouteTable] {
        let acceptsHost = host.map { table.hostFilter?.accepts(Substring($0)) ?? true } ?? true
        return (acceptsHost ? [table] : []) + (table.fallbackTable.map { [$0] } ?? [])
    }

    /// Whether the target table's hosts refuse the host the target names.
    var hostRefused: Bool {
        guard let host else { return false }
        return table.hostFilter?.accepts(Substring(host)) == false
    }
}

extension RouteTable {
    /// How lint messages name this table: `the table of myapp`, `the global table`.
    var lintName: String { isGlobal ? "the global table" : "the table of \(scheme)" }

    /// The guards of this table, each once, in registration order: the pattern as given and
    /// its expansions.
    var guardGroups: [(pattern: String, expansions: [RoutePattern])] {
        var groups: [(pattern: String, expansions: [RoutePattern])] = []
        var last: RouteGuard?
        for definition in guardDefinitions {
            guard let routeGuard = definition.action?.routeGuard else { continue }
            if routeGuard === last {
                groups[groups.count - 1].expansions.append(definition.parsed)
            } else {
                groups.append((routeGuard.pattern, [definition.parsed]))
                last = routeGuard
            }
        }
        return groups
    }
}
