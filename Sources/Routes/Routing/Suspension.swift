import Foundation

// Routing that waits until the app is ready: while a router is suspended, the URLs it could
// route are held in its queue (`RoutingQueue.swift`), in arrival order, and `resume()` routes
// them.
extension Router {
    /// Suspends routing: the URLs that some route matches are kept, unhandled, until you call
    /// `resume()`.
    ///
    /// From now on, `route(to:)` (of the router or of any of its tables) keeps each URL that some
    /// route matches — with its extra parameters and, when a table routed it, that table's scheme
    /// (never the table itself: see ``resume(isolation:)-5jj55``) — and returns `true`, without
    /// calling a handler. A URL that no route matches is not kept:
    /// `route(to:)` returns `false` and the unmatched handler is called at once, as when routing.
    /// At most `limit` URLs are kept at any moment, those a guard holds included (the limit stays
    /// after `resume()`): when one more arrives, or when suspending again lowers the limit, the
    /// oldest are dropped (and reported, after the new URL's `kept`), so that hostile input
    /// cannot grow memory; a drop costs the same whatever the limit. With a limit of 0 nothing is
    /// kept (the URL is reported as dropped only) and `route(to:)` returns `false`.
    /// ``canRoute(to:)`` and ``RouteMap``'s `resolve` and `stack(for:)` are not affected; a
    /// map's `open(_:parameters:)` and `openStack(for:parameters:)` keep the link.
    ///
    /// ```swift
    /// router.suspend()                        // at launch, before the UI exists
    /// router.route(to: url)                   // kept: true, no handler runs yet
    /// router.resume()                         // routes what was kept, in order
    /// ```
    /// - Parameter limit: the most URLs kept; 16 by default. Suspending again changes it.
    public func suspend(keepingAtMost limit: Int = 16) {
        let dropped = queue.suspend(keepingAtMost: limit)
        logger?("[Routes] suspended, keeping at most \(queue.limit) URLs")
        logDropped(dropped)
    }

    /// Resumes routing synchronously: routes the URLs kept while suspended or held by a guard,
    /// in arrival order.
    ///
    /// The URLs kept while suspended and those a guard held (``RouteGuardDecision/hold``) are
    /// routed through the tables as they are now,
    /// asking the guards again: a URL given to the router starts in the table of its scheme now,
    /// one given to a table (`router.alpha.route(to:)`) in the table of that table's scheme now —
    /// the global table when that scheme has no table any more. A URL that a guard holds again
    /// meanwhile waits for the next `resume()`. Until the queue is empty, a URL
    /// routed meanwhile — by a handler or anyone — is queued behind them (`route(to:)` returns
    /// `true` for it, as when kept); then routing is direct again. A handler that suspends the
    /// router again stops the resume: the rest stays kept, within the new limit. When a kept URL
    /// reaches an `async` handler or guard, the rest of the queue continues in a task on the
    /// caller's isolation (a caller without isolation cannot await it: that URL is unhandled);
    /// `await resume()` awaits them instead. Does nothing when nothing is suspended or held.
    ///
    /// ```swift
    /// router.resume()  // e.g. after sign-in: the held links open
    /// ```
    @_disfavoredOverload
    @available(*, noasync, message: "in top-level code, await picks this form: resume from an async function")
    public func resume(isolation: isolated (any Actor)? = #isolation) {
        guard beginResuming() else { return }
        while let kept = queue.next() {
            var walk = walk(kept)
            if walk.route(isolation: isolation, thenDraining: self) == .continuesInTask { return }
        }
        queue.endDraining()
    }

    /// Ends the suspension and begins draining the queue; `false` when there is nothing to
    /// resume, or when a resume is under way (which goes on, and routes what is held now too).
    func beginResuming() -> Bool {
        guard queue.hasWork else { return false }
        _ = queue.endSuspension()
        let isFirst = !queue.isDraining
        // Draining before the log line: a logger that resumes again finds a resume under way.
        queue.beginDraining()
        logger?("[Routes] resumed")
        return isFirst
    }

    /// The URLs kept for the next `resume()`, oldest first: kept while suspended or held by a
    /// guard.
    ///
    /// ```swift
    /// router.keptURLs  // [myapp://account/orders/7]
    /// ```
    public var keptURLs: [URL] { queue.all.map(\.parts.routedURL) }

    /// The links kept for the next `resume()`, oldest first, each with the extra parameters it
    /// was routed with.
    ///
    /// The same links as ``keptURLs``, in the same order.
    ///
    /// ```swift
    /// for link in router.keptLinks {
    ///     print(link.url, link.parameters["source"] ?? "")
    /// }
    /// ```
    public var keptLinks: [KeptLink] {
        queue.all.map { KeptLink(url: $0.parts.routedURL, parameters: $0.parameters) }
    }

    /// Drops every URL kept for the next `resume()`, so that stale links do not open later.
    ///
    /// Each URL is reported as ``RoutingEvent/Kind/dropped``. Call it after a sign-out, or when
    /// sign-in is cancelled.
    ///
    /// ```swift
    /// func didSignOut() { router.discardKeptURLs() }
    /// ```
    public func discardKeptURLs() {
        logDropped(queue.removeAll())
    }

    /// Holds a URL that the guard of `pattern` in `table` held; while a resume routes the held
    /// URLs, it waits for the next one. Reported as held, then the URLs it pushed out as dropped
    /// (the order an observer sees: what happened to this URL first); `false`, and reported as
    /// dropped only, when the queue keeps nothing (a limit of 0).
    func hold(_ kept: KeptURL, by pattern: String, in table: RouteTable) -> Bool {
        let isHeld = queue.limit > 0
        let dropped = queue.hold(kept, untilNextResume: true)
        if isHeld { table.report(.held, kept.parts, pattern: pattern, parameters: kept.parameters) }
        logDropped(dropped)
        return isHeld
    }

    /// `route(to:)` while the queue holds URLs: keeps the URL when some route matches it
    /// (`false` when the limit is 0); otherwise calls the unmatched handler and returns `false`.
    /// `table` is the table it was routed to, `nil` for the router.
    func keep(_ parts: URLParts, parameters: [String: Any], startingIn table: RouteTable?) -> Bool {
        let start = table ?? self.table(for: parts)
        return keep(
            KeptURL(parts: parts, parameters: parameters, scheme: table?.scheme), in: start,
            matches: start.canRoute(parts))
    }

    /// Keeps `kept`, which starts in `start`, when some route `matches` it (`false` when the
    /// limit is 0); otherwise calls the unmatched handler and returns `false`.
    func keep(_ kept: KeptURL, in start: RouteTable, matches: Bool) -> Bool {
        guard matches else {
            start.callUnmatchedHandler(kept.parts, parameters: kept.parameters)
            return false
        }
        // Reported as kept, then the URLs it pushed out as dropped; dropped only with a limit of 0.
        let isKept = queue.limit > 0
        let dropped = queue.hold(kept)
        if isKept { start.report(.kept, kept.parts, parameters: kept.parameters) }
        logDropped(dropped)
        return isKept
    }

    /// The walk of a kept URL, reported as resumed.
    func walk(_ kept: KeptURL) -> Walk {
        let start = reportResumed(kept)
        return Walk(
            kept.parts, parameters: kept.parameters, startingIn: start, startIsGiven: kept.scheme != nil)
    }

    /// Reports a kept URL as resumed; returns the table it starts in now.
    @discardableResult
    func reportResumed(_ kept: KeptURL) -> RouteTable {
        let start = table(of: kept)
        start.report(.resumed, kept.parts, parameters: kept.parameters)
        return start
    }

    /// The table a kept URL starts in now: that of the scheme it remembers (the global table
    /// when that scheme has no table any more), or that of its own scheme.
    private func table(of kept: KeptURL) -> RouteTable {
        guard let scheme = kept.scheme else { return table(for: kept.parts) }
        return table(forScheme: scheme)
    }

    private func logDropped(_ dropped: [KeptURL]) {
        for url in dropped {
            table(of: url).report(.dropped, url.parts, parameters: url.parameters)
        }
    }
}

#if compiler(>=6.2)
    extension Router {
        /// Resumes routing, awaiting async handlers: when it returns, every kept or held URL
        /// has been handled, in order.
        ///
        /// As the synchronous ``resume(isolation:)-5jj55``, but the `async` handlers and guards
        /// of each kept or held URL are awaited in turn (unless a handler suspends the router
        /// again, or a resume was already under way; a URL held again waits for the next
        /// resume). Does nothing when nothing is suspended or held.
        ///
        /// ```swift
        /// func signedIn() async {
        ///     await router.resume()  // every kept URL is handled on return
        /// }
        /// ```
        public func resume(isolation: isolated (any Actor)? = #isolation) async {
            guard beginResuming() else { return }
            await drainAwaiting()
        }

        /// Routes the held URLs in order, awaiting `async` handlers, until the queue is empty or
        /// the router is suspended again.
        nonisolated(nonsending) func drainAwaiting() async {
            queue.beginDraining()
            while let kept = queue.next() {
                var walk = walk(kept)
                _ = await walk.routeAwaiting()
            }
            queue.endDraining()
        }
    }
#endif
