#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// What the links of a table reached: the definitions routing asked (a route's closure, a
/// redirect route that sent a URL on) and the guards it asked, each by identity.
///
/// Everything routing asked while the table was checked counts, what a handler or observer
/// routed meanwhile included: routing did ask it. Routes of the same text, or an expansion of a
/// pattern and a route of the same text, are told apart.
struct LinkCoverage {
    private var definitions: Set<ObjectIdentifier> = []
    private var guards: Set<ObjectIdentifier> = []

    /// Records what `event` says routing asked: a route is reached when its closure answered
    /// (`routed` or `declined`), a redirect route when it sent the URL on.
    mutating func record(_ event: RoutingEvent) {
        guard let definition = event.definition else { return }
        switch event.kind {
        case .routed, .declined, .redirected: definitions.insert(ObjectIdentifier(definition))
        default: break
        }
    }

    /// Records that routing asked the guard of `definition` (one expansion of its pattern),
    /// whatever it decided.
    mutating func record(guard definition: Definition) {
        guards.insert(ObjectIdentifier(definition))
    }

    /// What of `router`'s tables no link reached: each table (global first) its routes and
    /// redirects in routing order, then its guards in registration order. A guard is reached
    /// when routing asked it for any of its expansions.
    func unreached(in router: Router) -> [LinkReport.Unreached] {
        var unreached: [LinkReport.Unreached] = []
        for table in router.allTables {
            for definition in table.definitions where !definitions.contains(ObjectIdentifier(definition)) {
                let kind = definition.redirect.map { LinkReport.Unreached.Kind.redirect(to: $0.target) }
                unreached.append(
                    .init(scheme: table.scheme, pattern: definition.pattern, kind: kind ?? .route))
            }
            for group in table.guardGroups
            where !group.definitions.contains(where: { guards.contains(ObjectIdentifier($0)) }) {
                unreached.append(.init(scheme: table.scheme, pattern: group.pattern, kind: .guard))
            }
        }
        return unreached
    }
}
