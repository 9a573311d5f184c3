// `async` handlers run on the caller's isolation: their type, and the functions that await them,
// are `nonisolated(nonsending)`, which Swift 6.2 introduced. With an older compiler the `async`
// API is absent and the rest of the library is unchanged.
#if compiler(>=6.2)
    /// A route's `async` handler: returns `true` when it handled the URL, `false` to let the next
    /// matching route try. It runs on the isolation of the code that routes (the main actor, for
    /// an app's UI), so it may touch what that code touches.
    ///
    /// ```swift
    /// router.default.add(pattern: "/post/:id") { params async -> Bool in
    ///     guard let post = await store.post(id: params.int("id")) else { return false }  // next route
    ///     show(post)
    ///     return true
    /// }
    /// ```
    public typealias AsyncRouteHandler = nonisolated(nonsending) (RouteParameters) async -> Bool

    /// The `async` handler of a definition.
    struct AsyncAction {
        let handler: AsyncRouteHandler
    }

    extension RouteTable {
        /// Registers a pattern with an `async` handler. A table may hold synchronous and `async`
        /// handlers side by side; both are asked in the usual order (priority, then registration).
        ///
        /// ```swift
        /// router.default.add(pattern: "/post/:id") { params async -> Bool in
        ///     guard let post = await store.post(id: params.int("id")) else { return false }
        ///     show(post)
        ///     return true
        /// }
        /// await router.route(to: "myapp://post/7")
        /// ```
        /// - Returns: the registered definitions (empty when the pattern was rejected).
        @discardableResult
        public func add(
            pattern: String, priority: Int = 0, handler: @escaping AsyncRouteHandler
        ) -> [Definition] {
            add(pattern: pattern, priority: priority, action: .async(AsyncAction(handler: handler)))
        }

        /// Routes a URL through this table, awaiting each `async` handler in turn, until one
        /// accepts; then fallback and the unmatched handler, as ``route(to:parameters:isolation:)``.
        ///
        /// ```swift
        /// let handled = await router.alpha.route(to: "alpha://post/7")
        /// ```
        /// - Returns: whether a handler accepted the URL (`true` when the URL was kept because the
        ///   router is suspended).
        @discardableResult
        public func route(
            to url: some URLConvertible, parameters: [String: Any] = [:],
            isolation: isolated (any Actor)? = #isolation
        ) async -> Bool {
            let input = url.routeInput
            if let router, router.isSuspended {
                return router.keep(input, parameters: parameters, startingIn: self)
            }
            return await RouteTable.route(input, RoutingCall(parameters: parameters), logger: logger) { _ in
                self
            }
        }

        /// Routing, awaiting `async` handlers: `start` picks the first table.
        nonisolated(nonsending) static func route(
            _ input: RouteInput, _ call: RoutingCall, logger: ((String) -> Void)?,
            startingIn start: (URLParts) -> RouteTable
        ) async -> Bool {
            guard let parts = input.parts else {
                logger?("[Routes] not a URL: \(input.text)")
                return false
            }
            // The synchronous walk first: it asks handlers up to the first `async` one.
            switch start(parts).route(parts, call) {
            case .finished(let handled): return handled
            case .pending(let pending): return await pending.run()
            }
        }
    }

    extension Router {
        /// Routes a URL through the table of its scheme, awaiting each `async` handler in turn,
        /// until one accepts; then fallback and the unmatched handler, as
        /// ``route(to:parameters:isolation:)``. Handlers run on the caller's isolation.
        ///
        /// ```swift
        /// let handled = await router.route(to: url)
        /// ```
        /// - Returns: whether a handler accepted the URL (`true` when the URL was kept because the
        ///   router is suspended).
        @discardableResult
        public func route(
            to url: some URLConvertible, parameters: [String: Any] = [:],
            isolation: isolated (any Actor)? = #isolation
        ) async -> Bool {
            let input = url.routeInput
            if isSuspended { return keep(input, parameters: parameters, startingIn: nil) }
            return await RouteTable.route(
                input, RoutingCall(parameters: parameters), logger: logger, startingIn: table(for:))
        }
    }

    extension PendingWalk {
        /// Asks the remaining matches, awaiting `async` handlers; then, if none accepts, the
        /// fallback and the unmatched handler.
        nonisolated(nonsending) func run() async -> Bool {
            for match in matches {
                let definition = match.definition
                table.log("\(definition.pattern) matches \(parts)")
                let parameters = table.parameters(request, definition, match.captures, call)
                switch definition.action {
                case nil: return true
                case .sync(let handler)?: if handler(parameters) { return true }
                case .async(let action)?: if await action.handler(parameters) { return true }
                }
                table.log("\(definition.pattern) declined")
            }
            guard table === start else {
                start.callUnmatchedHandler(parts, call)
                return false
            }
            switch start.fallBack(parts, call) {
            case .finished(let handled): return handled
            case .pending(let pending): return await pending.run()
            }
        }

        /// Runs the rest of the walk in a task on `isolation` (the synchronous `route(to:)` cannot
        /// wait for it), then routes the kept URLs `rest` of a `resume()`, in order.
        func continueInTask(then rest: [KeptURL] = [], isolation: isolated (any Actor)?) {
            table.log("continuing in a task at an async handler")
            let router = start.router
            Task {
                _ = isolation  // the task runs on the caller's isolation
                _ = await run()
                await router?.route(rest)
            }
        }
    }

    extension Router {
        /// Resumes routing, as ``resume(isolation:)``, awaiting the `async` handlers of each kept
        /// URL in turn, so that every kept URL is handled, in order, when this returns.
        ///
        /// ```swift
        /// await router.resume()
        /// ```
        public func resume(isolation: isolated (any Actor)? = #isolation) async {
            guard let queue = takeKept() else { return }
            await route(queue)
        }

        /// Routes kept URLs in order, awaiting `async` handlers.
        nonisolated(nonsending) func route(_ queue: [KeptURL]) async {
            var queue = queue
            while !queue.isEmpty {
                if isSuspended { return keepAgain(queue) }
                if case .pending(let pending) = route(queue.removeFirst()) { _ = await pending.run() }
            }
        }
    }
#else
    /// `async` handlers need Swift 6.2; with an older compiler none can be registered.
    struct AsyncAction {}

    extension PendingWalk {
        /// Never called: without `async` handlers no walk is pending.
        func continueInTask(then rest: [KeptURL] = [], isolation: isolated (any Actor)?) {}
    }
#endif
