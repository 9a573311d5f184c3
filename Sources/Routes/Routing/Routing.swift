import Foundation

// The public entry points of routing, for a `Router` (from the table of the URL's scheme)
// and for a `RouteTable` (from that table). Each one reads the URL once, holds it while the
// router's queue does (`Suspension.swift`), and otherwise runs the walk (`Walk.swift`) with the
// synchronous driver (`SyncDriver.swift`) or the `async` one (`AsyncDriver.swift`).
extension Router {
    /// Routes a URL synchronously through the table of its scheme, or the global table.
    ///
    /// ```swift
    /// router.route(to: "myapp://user/view/42")
    /// router.route(to: url, parameters: ["source": "notification"])
    /// ```
    ///
    /// The global table routes the URL when its scheme has no table. Synchronous handlers are asked at once. At an `async` handler, a caller with an isolation
    /// (`@MainActor` code, an actor) has the rest of the walk continue in a task on it, and this
    /// returns `true`; a caller without one (a nonisolated function, a plain thread) cannot wait:
    /// the walk stops there, the unmatched handler is called and this returns `false`. `await`
    /// the `async` form to know the outcome. While the router is suspended, the URL is kept
    /// (``suspend(keepingAtMost:)``). Before a table's handlers run, its guards are asked
    /// (``RouteTable/addGuard(for:_:)-(_,(RouteParameters)->RouteGuardDecision)``): a refused URL
    /// returns `false`, a held one `true`; a redirect routes its target instead.
    /// - Parameters:
    ///   - url: the URL (a `URL` or a `String`).
    ///   - parameters: extra parameters handed to the handler (they override query and route
    ///     values, never the reserved keys).
    ///   - isolation: where the handlers run; the caller's, by default.
    /// - Returns: whether a handler accepted the URL (or the walk continues in a task, or the URL
    ///   was kept or held). A string that is not a URL (`URL(string:)` gives `nil`) returns
    ///   `false` and calls no handler.
    @_disfavoredOverload
    @available(*, noasync, message: "in top-level code, await picks this form: route from an async function")
    @discardableResult
    public func route(
        to url: some URLConvertible, parameters: [String: Any] = [:],
        isolation: isolated (any Actor)? = #isolation
    ) -> Bool {
        guard let parts = url.parts(loggingTo: logger) else { return false }
        if queue.isHolding { return keep(parts, parameters: parameters, startingIn: nil) }
        let start = table(for: parts)
        var walk = Walk(consume parts, parameters: parameters, startingIn: consume start)
        return walk.route(isolation: isolation).answer
    }

    /// Whether some route would match the URL; calls no handler.
    ///
    /// ```swift
    /// router.canRoute(to: "myapp://user/view/42")  // true
    /// ```
    public func canRoute(to url: some URLConvertible) -> Bool {
        guard let parts = url.routeInput.parts else { return false }
        let table = table(for: parts)
        return table.canRoute(consume parts)
    }
}

extension RouteTable {
    /// Routes a URL synchronously through this table, whatever the URL's scheme.
    ///
    /// ```swift
    /// router.alpha.route(
    ///     to: "alpha://user/view/7", parameters: ["source": "push"])
    /// ```
    ///
    /// As ``Router``'s `route(to:parameters:isolation:)`, from this table: synchronous handlers
    /// are asked at once; at an `async` handler the walk continues in a task on the caller's
    /// isolation (`true`), or stops when the caller has none (`false`). While the router is
    /// suspended, the URL is kept (see ``Router/suspend(keepingAtMost:)``).
    /// - Parameters:
    ///   - url: the URL (a `URL` or a `String`); a string that is not a URL (`URL(string:)`
    ///     gives `nil`) routes nowhere.
    ///   - parameters: extra parameters handed to the handler (they override query and route
    ///     values, never the reserved keys).
    ///   - isolation: where the handlers run; the caller's, by default.
    /// - Returns: whether a handler accepted the URL (or the walk continues in a task, or the URL
    ///   was kept or held).
    @_disfavoredOverload
    @available(*, noasync, message: "in top-level code, await picks this form: route from an async function")
    @discardableResult
    public func route(
        to url: some URLConvertible, parameters: [String: Any] = [:],
        isolation: isolated (any Actor)? = #isolation
    ) -> Bool {
        guard let parts = url.parts(loggingTo: logger) else { return false }
        if let router, router.queue.isHolding {
            return router.keep(parts, parameters: parameters, startingIn: self)
        }
        var walk = Walk(parts, parameters: parameters, startingIn: self, startIsGiven: true)
        return walk.route(isolation: isolation).answer
    }

    /// Whether some definition of this table (or of the global table, with fallback) matches the
    /// URL. No handler is called.
    ///
    /// ```swift
    /// if router.alpha.canRoute(to: "alpha://user/view/7") { print("routable") }
    /// ```
    public func canRoute(to url: some URLConvertible) -> Bool {
        guard let parts = url.routeInput.parts else { return false }
        return canRoute(parts)
    }

    /// Whether this table, or the global table with fallback, has a match for `parts`.
    func canRoute(_ parts: URLParts) -> Bool {
        if hasMatch(parts, readsAnchors: readsAnchors) { return true }
        guard let global = fallbackTable else { return false }
        return global.hasMatch(parts, readsAnchors: global.readsAnchors(afterFallbackFrom: self, of: parts))
    }

    /// Whether this table has a match for `parts`, read with its options (and web anchors or not).
    private func hasMatch(_ parts: URLParts, readsAnchors: Bool) -> Bool {
        guard acceptsHost(of: parts) else { return false }
        return RouteRequest.hasMatch(of: parts, options: options, readsAnchors: readsAnchors, in: index)
    }
}

#if compiler(>=6.2)
    extension Router {
        /// Routes a URL, awaiting async handlers, through the table of its scheme or the
        /// global table.
        ///
        /// Each `async` handler is awaited in turn, until one accepts; then fallback and the
        /// unmatched handler, as the synchronous form. Handlers run on the caller's isolation.
        ///
        /// ```swift
        /// func open(_ url: URL) async {
        ///     let handled = await router.route(to: url)
        ///     print(handled ? "opened" : "no route")
        /// }
        /// ```
        /// - Returns: whether a handler accepted the URL (`true` when the URL was kept because the
        ///   router is suspended, or a guard held it).
        @discardableResult
        public func route(
            to url: some URLConvertible, parameters: [String: Any] = [:],
            isolation: isolated (any Actor)? = #isolation
        ) async -> Bool {
            guard let parts = url.parts(loggingTo: logger) else { return false }
            return await RouteTable.routeAwaiting(parts, parameters: parameters, of: self, startingIn: nil)
        }
    }

    extension RouteTable {
        /// Routes a URL, awaiting async handlers, through this table, whatever the URL's scheme.
        ///
        /// Each `async` handler is awaited in turn, until one accepts; then fallback and the
        /// unmatched handler, as the synchronous form.
        ///
        /// ```swift
        /// func openPost() async -> Bool {
        ///     await router.alpha.route(to: "alpha://post/7")
        /// }
        /// ```
        /// - Returns: whether a handler accepted the URL (`true` when the URL was kept because the
        ///   router is suspended, or a guard held it).
        @discardableResult
        public func route(
            to url: some URLConvertible, parameters: [String: Any] = [:],
            isolation: isolated (any Actor)? = #isolation
        ) async -> Bool {
            guard let parts = url.parts(loggingTo: logger) else { return false }
            return await RouteTable.routeAwaiting(parts, parameters: parameters, of: router, startingIn: self)
        }

        /// The `async` `route(to:)` of a router (`table` is `nil`: the table of the URL's scheme)
        /// and of a table (`table`, whatever the URL's scheme), written once for both: the URL is
        /// kept while the router's queue holds, otherwise walked to its end.
        @inline(never)
        nonisolated(nonsending) static func routeAwaiting(
            _ parts: URLParts, parameters: [String: Any], of router: Router?, startingIn table: RouteTable?
        ) async -> Bool {
            if let router, router.queue.isHolding {
                return router.keep(parts, parameters: parameters, startingIn: table)
            }
            guard let start = table ?? router?.table(for: parts) else { return false }
            var walk = Walk(parts, parameters: parameters, startingIn: start, startIsGiven: table != nil)
            return await walk.routeAwaiting() || walk.isHeld
        }
    }
#endif

extension URLConvertible {
    /// The URL read once; `nil`, and a log line, for a string that is not a URL. (The logger is
    /// read only then, and the input is read again for the line: kept for it, it would be copied
    /// on every lookup.)
    @inline(__always)
    func parts(loggingTo logger: @autoclosure () -> ((String) -> Void)?) -> URLParts? {
        guard let parts = routeInput.parts else {
            logNotAURL(to: logger())
            return nil
        }
        return parts
    }

    @inline(never)
    private func logNotAURL(to logger: ((String) -> Void)?) {
        logger?("[Routes] not a URL: \(routeInput.text)")
    }
}
