#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// What lint needs to know about redirects, read from the tables without routing anything (the
/// walk itself is in the core's `Walk.swift`).

/// Where the URLs that a redirect definition matches are sent, as lint sees it: a table routing
/// starts over in and the pattern the printed target's segments have there (the redirect
/// prints its target; routing reads it by that table's rules, as ``Redirect`` says).
struct RedirectTarget {
    /// The redirect's `to`, as given.
    let text: String
    /// The table routing starts over in: the table of the target's scheme as the tables are now
    /// (the global table when that scheme has none).
    let table: RouteTable
    /// The target's segments as ``table`` reads them: the expansion of the target that the
    /// redirect prints for the definition (the longest whose `:name`s it captures), with a URL
    /// target's authority first when the table reads it as a segment (``HostRule``).
    let pattern: RoutePattern
    /// The host a URL target names, which the table's ``RouteTable/hosts`` must accept; `nil`
    /// for a path target (it keeps the routed URL's host).
    let host: String?
    /// For a URL target, its segments as the global table reads them when ``table`` falls back
    /// to it (with its own options); `nil`: ``pattern``.
    var fallbackPattern: RoutePattern?
    /// What of the routed URL's fragment the target may carry, which routing reads as more of its
    /// path: `from` does not read the fragment and the target has none of its own; a fragment
    /// path reaches `from`'s match only after a last `:name` (text, then `#more`) or a `*` (any
    /// segments).
    var carriedFragment = CarriedFragment.none

    /// A target whose pattern has no fragment of its own carries `carried` of the routed URL's
    /// fragment.
    private init(
        text: String, table: RouteTable, pattern: RoutePattern, host: String?,
        carrying carried: CarriedFragment
    ) {
        self.text = text
        self.table = table
        self.pattern = pattern
        self.host = host
        if pattern.fragmentMark() == nil { carriedFragment = carried }
    }

    enum CarriedFragment {
        case none
        /// `#more` on the last segment.
        case sameSegments
        /// Any fragment path: `#/a/b` adds segments.
        case anySegments
    }

    /// The targets of `definition`, a redirect of `table`: one table for a URL target; for a
    /// path target, the table of each scheme whose URLs can reach the redirect — `table` itself,
    /// and for the global table also every table that falls back to it (its URLs keep their
    /// scheme). Empty when it is not a redirect or the router is gone.
    static func targets(of definition: Definition, in table: RouteTable) -> [RedirectTarget] {
        let source = definition.parsed
        var carried = CarriedFragment.none
        if !source.readsFragment {
            if source.hasWildcard {
                carried = .anySegments
            } else if case .parameter? = source.segments.last {
                carried = .sameSegments
            }
        }
        guard let redirect = definition.redirect, let router = table.router else { return [] }
        let captured = Set(definition.parsed.parameterNames)
        guard let chosen = redirect.expansions.first(where: { Set($0.parameterNames).isSubset(of: captured) })
        else { return [] }
        guard let scheme = redirect.scheme, let authority = redirect.authority else {
            let starts =
                table.isGlobal ? router.allTables.filter { $0.isGlobal || $0.fallbackTable != nil } : [table]
            return starts.map {
                RedirectTarget(
                    text: redirect.target, table: $0, pattern: chosen, host: nil, carrying: carried)
            }
        }
        // The printed URL's segments (and host) as a table reads them, by its options.
        let name = HostRule.hostName(of: Substring(authority))
        func read(by table: RouteTable) -> (pattern: RoutePattern, host: String?)? {
            guard authority.hasPrefix(":") || HostRule.readsAsSegment(name, options: table.options) else {
                return (chosen, PercentDecoding.decodeOrKeep(Substring(name)))
            }
            let text = "/" + authority + (chosen.text == "/" ? "" : chosen.text)
            return (try? OptionalGroupExpansion.expand(text, syntax: table.patternSyntax).first).map {
                ($0, nil)
            }
        }
        let start = router.table(forScheme: scheme)
        guard let (pattern, host) = read(by: start) else { return [] }
        var target = RedirectTarget(
            text: redirect.target, table: start, pattern: pattern, host: host, carrying: carried)
        target.fallbackPattern = start.fallbackTable.flatMap { read(by: $0)?.pattern }
        return [target]
    }

    /// The definitions the target's URLs may reach, in the order routing asks them: of the target
    /// table (when its hosts accept the target's host), then of the global table when it falls
    /// back; those whose patterns overlap the target's, up to the first that takes all of its
    /// URLs (it covers the target's pattern and does not decline: a redirect never does), and
    /// when the target carries the routed URL's fragment, every route a URL of the target with
    /// a fragment path can match.
    @inline(never)
    func reachedDefinitions(mayDecline: (Definition) -> Bool, shapes: PatternShapes) -> [Definition] {
        let carries = carriedFragment != .none
        let extra = carriedFragment == .anySegments
        var reached: [Definition] = []
        var covered = false
        for table in tables {
            let pattern = table === self.table ? pattern : fallbackPattern ?? pattern
            let ignoringCase = table.mayReadHostAsSegment
            for definition in table.definitions {
                let parsed = definition.parsed
                let plain =
                    !covered && parsed.overlaps(pattern, firstIgnoringCase: ignoringCase, shapes: shapes)
                guard
                    plain
                        || carries
                            && parsed.overlapsWithFragment(
                                of: pattern, extraSegments: extra, firstIgnoringCase: ignoringCase,
                                shapes: shapes)
                else {
                    continue
                }
                reached.append(definition)
                guard definition.redirect != nil || !mayDecline(definition) else { continue }
                if plain, parsed.covers(pattern, shapes: shapes) { covered = true }
                // A URL with a fragment path may pass the route that covers the target alone.
                if !carries && covered
                    || parsed.coversWithFragment(of: pattern, extraSegments: extra, shapes: shapes)
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
        (hostRefused ? [] : [table]) + (table.fallbackTable.map { [$0] } ?? [])
    }

    /// Whether the target table's hosts refuse the host the target names.
    var hostRefused: Bool {
        guard let host else { return false }
        return table.hostFilter?.accepts(Substring(host)) == false
    }
}

extension RouteTable {
    /// Whether a URL's host can be this table's first segment (``HostRule``): with
    /// ``RouteOptions/treatHostAsPathComponent``, without ``hosts``, or when one of the hosts has
    /// no `.`. Only then is a first literal compared ignoring ASCII case.
    var mayReadHostAsSegment: Bool {
        options.contains(.treatHostAsPathComponent)
            || hosts.map { $0.contains { HostRule.readsAsSegment(Substring($0), options: options) } } ?? true
    }

    /// How lint messages name this table: `the table of myapp`, `the global table`.
    var lintName: String { isGlobal ? "the global table" : "the table of \(scheme)" }
}
