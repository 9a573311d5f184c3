import Foundation

#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// What routing did with one link of a table, read from the router's events (``RoutingEvent``)
/// and from its answer.
struct LinkOutcome<Value> {
    /// The events of the link's own routing, in order, up to the one that ended it.
    let events: [RoutingEvent]
    /// The answer: `route(to:)`'s for a router; for a map, `open(_:)`'s value or
    /// `openStack(for:)`'s stack.
    let answer: Answer
    /// The pattern given to `add(pattern:)` (with its optional groups) of the route that
    /// accepted the link, when one did.
    private let acceptedSource: String?

    enum Answer {
        case routed(Bool)
        case value(RouteResolution<Value>)
        case stack(RouteResolution<[Value]>)
    }

    /// The outcome of `link`, from the events `records` of its check.
    ///
    /// The link's own events are those of its URL, then of each URL a redirect of the chain sends
    /// it to, up to the first that ends a walk: a URL's walk ends with one such event (the drops
    /// its `held` or `kept` causes come after it: its own, when no copy of it waits). Events
    /// nested in app code that routing called or in the app's observer are left out: what the
    /// link's handlers, guards, unmatched handler and observers route meanwhile, its own URL
    /// included. So are events of other URLs: the drops of older held URLs, and the walks of a
    /// stack's prefixes.
    init(link: String, records: [LinkRecorder.Record], answer: Answer, in router: Router) {
        var events: [RoutingEvent] = []
        var url = URL(string: link)
        var rest = records[...]
        while let record = rest.popFirst() {
            guard !record.isNested, record.event.url == url else { continue }
            events.append(record.event)
            if case .redirected(let target) = record.event.kind { url = target }
            if Self.ends(record.event) { break }
        }
        // A link held or kept that its own hold or keep dropped from a full queue (the queue
        // drops the links held again first): a drop of its URL follows, and no copy waits.
        if let last = events.last, last.kind == .held || last.kind == .kept,
            let drop = rest.first(where: {
                !$0.isNested && $0.event.kind == .dropped && $0.event.url == last.url
            }),
            !router.keptURLs.contains(last.url)
        {
            events.append(drop.event)
        }
        self.events = events
        self.answer = answer
        let decision = events.last.flatMap { Self.ends($0) ? $0 : nil }
        acceptedSource = decision.flatMap { decision in
            guard decision.kind == .routed, let definition = decision.definition else { return nil }
            return router.existingTable(forScheme: decision.scheme)?.sourcePattern(of: definition)
        }
    }

    /// Whether `event` ends a walk.
    private static func ends(_ event: RoutingEvent) -> Bool {
        switch event.kind {
        case .routed, .refused, .held, .kept, .dropped, .unmatched, .redirectLimitReached: return true
        case .declined, .redirected, .resumed: return false
        }
    }

    /// The decision that ended the link's routing; `nil` when it did not end (the walk goes on
    /// in a task) or the link is not a URL.
    var decision: RoutingEvent? {
        events.last.flatMap { Self.ends($0) ? $0 : nil }
    }

    /// Whether the walk goes on in a task on the caller's isolation, at an `async` handler or
    /// guard: `route(to:)` answered `true` and nothing ended the walk yet.
    var continuesInTask: Bool {
        guard case .routed(true) = answer else { return false }
        return decision == nil
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
            // The route that accepted: its expansion, or the pattern it was registered with.
            return routed == pattern || acceptedSource == pattern
        case .unrouted:
            let kind = decision?.kind
            return kind == .unmatched || kind == .redirectLimitReached
                || (decision == nil && !continuesInTask)
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
            case .kept: parts.append("kept: the router is suspended or still resuming")
            case .dropped: parts.append("dropped: the router's queue keeps nothing")
            case .unmatched: parts.append("no route accepts it (\(table))")
            case .redirectLimitReached: parts.append("more than 8 redirects: not routed")
            case .declined, .redirected, .resumed: break
            }
        } else if continuesInTask {
            parts.append("continues in a task at an async handler or guard: its outcome comes later")
        } else if events.isEmpty {
            parts.append("nothing: not a URL")
        }
        return parts.joined(separator: ", then ")
    }
}
