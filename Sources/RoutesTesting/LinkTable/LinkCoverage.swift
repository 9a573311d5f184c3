#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// What the links of a table reached: the definitions routing asked (a route's closure, a
/// redirect route followed) and the guards it asked, read from the events of each link and
/// from `explain` of each URL routing went through.
struct LinkCoverage {
    private struct Key: Hashable {
        let scheme: String
        let pattern: String

        init(_ scheme: String, _ pattern: String) {
            self.scheme = scheme.lowercased()
            self.pattern = pattern
        }
    }

    private var definitions: Set<Key> = []
    private var guards: Set<Key> = []
    /// The explanation of each URL routing went through, by its text.
    private var explanations: [String: RouteExplanation] = [:]

    /// Records what routing one link reached: `events` are the link's, `explanation` is the
    /// link's own, read before it was routed.
    ///
    /// A route is reached when its closure was asked (`routed` or `declined`), a redirect route
    /// when it sent the URL on; a guard when routing asked it for a URL it walked, as
    /// ``RouteExplanation/askedGuards`` says (a guard that proceeds sends no event). A link kept
    /// while the router is suspended reaches nothing.
    mutating func record(
        _ events: [RoutingEvent], link: String, explanation: RouteExplanation, in router: Router
    ) {
        explanations[link] = explanation
        for event in events {
            switch event.kind {
            case .kept, .dropped, .resumed: continue
            default: break
            }
            let text = event.url.absoluteString
            let explanation = explanations[text] ?? router.explain(event.url)
            explanations[text] = explanation
            for routeGuard in explanation.askedGuards {
                guards.insert(Key(routeGuard.scheme, routeGuard.pattern))
            }
            guard let pattern = event.pattern else { continue }
            switch event.kind {
            case .routed, .declined:
                definitions.insert(Key(event.scheme, pattern))
            case .redirected(let target):
                // A guard's redirect names the guard: a redirect route is a matching entry
                // whose target is the URL routing went on at.
                let isRoute = explanation.entries.contains {
                    $0.scheme == event.scheme && $0.pattern == pattern && $0.mismatch == nil
                        && $0.redirectURL == target
                }
                if isRoute { definitions.insert(Key(event.scheme, pattern)) }
            default:
                continue
            }
        }
    }

    /// What of `router`'s tables no link reached: each table (global first) its routes and
    /// redirects in routing order, then its guards in registration order.
    func unreached(in router: Router) -> [LinkReport.Unreached] {
        var unreached: [LinkReport.Unreached] = []
        for table in router.allTables {
            for definition in table.definitions
            where !definitions.contains(Key(table.scheme, definition.pattern)) {
                let kind = definition.redirect.map { LinkReport.Unreached.Kind.redirect(to: $0.target) }
                unreached.append(
                    .init(scheme: table.scheme, pattern: definition.pattern, kind: kind ?? .route))
            }
            for group in table.guardGroups where !guards.contains(Key(table.scheme, group.pattern)) {
                unreached.append(.init(scheme: table.scheme, pattern: group.pattern, kind: .guard))
            }
        }
        return unreached
    }
}
