import Foundation

#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// What routing did with one link of a table, read from the router's events (``RoutingEvent``)
/// and, for a ``RouteMap``, from its answer.
struct LinkOutcome<Value> {
    /// The events of the link, in order (those of links a handler routed meanwhile included).
    let events: [RoutingEvent]
    /// A map's answer: `open(_:)`'s value or `openStack(for:)`'s stack; `nil` for a router.
    let answer: Answer?

    enum Answer {
        case value(RouteResolution<Value>)
        case stack(RouteResolution<[Value]>)
    }

    /// The decision that ended the link's routing: the last event that ends a walk. A handler
    /// that routes another URL does so before its own route's `routed`, so the last is the
    /// link's. The drops that follow a `kept` or `held` are of the URLs the link pushed out of
    /// a full queue, which routing reports after the link's own decision.
    var decision: RoutingEvent? {
        var decision: RoutingEvent?
        for event in events {
            switch event.kind {
            case .dropped:
                if decision?.kind != .kept && decision?.kind != .held { decision = event }
            case .routed, .refused, .held, .kept, .unmatched, .redirectLimitReached:
                decision = event
            case .declined, .redirected, .resumed:
                continue
            }
        }
        return decision
    }

    /// The URLs redirects sent the link to, in order.
    var redirectTargets: [URL] {
        events.compactMap { event in
            guard case .redirected(let target) = event.kind else { return nil }
            return target
        }
    }

    /// Whether the outcome is what `expected` says; `equal` compares values (`nil`: none to
    /// compare, as for a router).
    func satisfies(_ expected: LinkExpectation<Value>, equal: ((Value, Value) -> Bool)?) -> Bool {
        let decision = decision
        switch expected {
        case .route(let scheme, let pattern):
            guard let decision, decision.kind == .routed, let routed = decision.pattern,
                decision.scheme.lowercased() == scheme.lowercased()
            else { return false }
            return routed == pattern || ((try? Router.expand(pattern: pattern)) ?? []).contains(routed)
        case .unrouted:
            return decision == nil || decision?.kind == .unmatched
        case .held(let pattern):
            return decision?.kind == .held && decision?.pattern == pattern
        case .refused(let pattern):
            return decision?.kind == .refused && decision?.pattern == pattern
        case .redirected(let url):
            return redirectTargets.contains { $0.absoluteString == url || $0 == URL(string: url) }
        case .kept:
            return decision?.kind == .kept
        case .dropped:
            return decision?.kind == .dropped
        case .value(let value):
            guard case .value(.resolved(let actual)) = answer, let equal else { return false }
            return equal(actual, value)
        case .stack(let values):
            guard case .stack(let resolution) = answer, let equal else { return false }
            guard case .resolved(let actual) = resolution else { return values.isEmpty && isUnresolved }
            return actual.count == values.count && zip(actual, values).allSatisfy(equal)
        }
    }

    /// Whether a map's answer is that nothing resolves (the link does not wait either).
    private var isUnresolved: Bool {
        switch answer {
        case .value(.unresolved), .stack(.unresolved): return true
        default: return false
        }
    }

    /// What happened, as the report writes it.
    var description: String {
        var parts = redirectTargets.map { "redirected to \($0.absoluteString)" }
        switch answer {
        case .value(.resolved(let value)): parts.append("the value \(value)")
        case .stack(.resolved(let values)): parts.append("the stack \(LinkReport.stack(values))")
        case .stack(.unresolved): parts.append("the stack []")
        default: break
        }
        if let decision {
            let table = LinkReport.name(decision.scheme)
            let by = decision.pattern ?? ""
            switch decision.kind {
            case .routed: parts.append("routed by \(by) in \(table)")
            case .refused: parts.append("refused by the guard \(by) in \(table)")
            case .held: parts.append("held by the guard \(by) in \(table)")
            case .kept: parts.append("kept: the router is suspended")
            case .dropped: parts.append("dropped: the router's queue keeps nothing")
            case .unmatched: parts.append("no route accepts it (\(table))")
            case .redirectLimitReached: parts.append("more than 8 redirects: not routed")
            case .declined, .redirected, .resumed: break
            }
        } else if events.isEmpty {
            parts.append("nothing: not a URL")
        }
        return parts.joined(separator: ", then ")
    }
}
