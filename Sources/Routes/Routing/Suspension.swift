/// Routing that waits until the app is ready: while a router is suspended, the URLs it could
/// route are kept, in arrival order, and routed by `resume()`.
extension Router {
    /// Suspends routing: from now on, `route(to:)` (of the router or of any of its tables) keeps
    /// each URL that some route matches — with its extra parameters and the table it was routed
    /// to — and returns `true`, without calling a handler; a URL that no route matches is not kept:
    /// it returns `false` and the unmatched handler is called at once, as when routing. At most
    /// `limit` URLs are kept: when one more arrives, the oldest is dropped (and logged), so that
    /// hostile input cannot grow memory. ``canRoute(to:)`` and ``RouteMap``'s `resolve` are not
    /// affected.
    ///
    /// ```swift
    /// router.suspend()                        // at launch, before the UI exists
    /// router.route(to: url)                   // kept: true, no handler runs yet
    /// router.resume()                         // routes what was kept, in order
    /// ```
    /// - Parameter limit: the most URLs kept; 16 by default. Suspending again only changes it.
    public func suspend(keepingAtMost limit: Int = 16) {
        suspension = Suspension(limit: max(limit, 0), kept: suspension?.kept ?? [])
        logger?("[Routes] suspended, keeping at most \(limit) URLs")
    }

    /// Resumes routing: routes the URLs kept while suspended, in arrival order, each from the table
    /// it was routed to (for `router.route(to:)`, the table of its scheme now), then routes
    /// directly again. A handler that suspends the router again keeps the rest for the next
    /// `resume()`. When a kept URL reaches an `async` handler, the rest of its walk and the URLs
    /// after it continue, in order, in a task on the caller's isolation; `await resume()` waits
    /// for them instead.
    ///
    /// ```swift
    /// router.resume()
    /// ```
    public func resume(isolation: isolated (any Actor)? = #isolation) {
        guard var queue = takeKept() else { return }
        while !queue.isEmpty {
            if isSuspended { return keepAgain(queue) }
            if case .pending(let pending) = route(queue.removeFirst()) {
                pending.continueInTask(then: queue, isolation: isolation)
                return
            }
        }
    }

    /// Whether the router keeps URLs instead of routing them.
    var isSuspended: Bool { suspension != nil }

    /// Keeps a URL while suspended: `true` when some route matches it, otherwise `false` after
    /// calling the unmatched handler. `table` is the table it was routed to, `nil` for the router.
    func keep(_ input: RouteInput, parameters: [String: Any], startingIn table: RouteTable?) -> Bool {
        guard let parts = input.parts else {
            logger?("[Routes] not a URL: \(input.text)")
            return false
        }
        let start = table ?? self.table(for: parts)
        guard start.canRoute(parts) else {
            start.callUnmatchedHandler(parts, RoutingCall(parameters: parameters))
            return false
        }
        suspension?.keep(KeptURL(parts: parts, parameters: parameters, table: table), logger: logger)
        return true
    }

    /// Ends the suspension and returns what it kept; `nil` when not suspended.
    func takeKept() -> [KeptURL]? {
        defer { suspension = nil }
        logger?("[Routes] resumed")
        return suspension?.kept
    }

    /// Puts URLs not yet routed back in front of the queue of a new suspension.
    func keepAgain(_ rest: [KeptURL]) {
        suspension?.kept.insert(contentsOf: rest, at: 0)
    }

    /// Routes a kept URL as far as synchronous handlers go.
    func route(_ kept: KeptURL) -> Routed {
        (kept.table ?? table(for: kept.parts)).route(kept.parts, RoutingCall(parameters: kept.parameters))
    }
}

/// The URLs a suspended router keeps, oldest first.
struct Suspension {
    let limit: Int
    var kept: [KeptURL]

    mutating func keep(_ url: KeptURL, logger: ((String) -> Void)?) {
        kept.append(url)
        while kept.count > limit {
            let dropped = kept.removeFirst()
            logger?("[Routes] dropped \(dropped.parts), kept while suspended: more than \(limit) URLs")
        }
    }
}

/// A URL kept while suspended, with what routing it needs.
struct KeptURL {
    let parts: URLParts
    let parameters: [String: Any]
    /// The table it was routed to; `nil` when routed by the router (the table of its scheme).
    let table: RouteTable?
}
