/// Routes that return a value: the screen, the destination or the view controller for a URL,
/// instead of a side effect.
///
/// A route map is a ``Router`` whose closures return a `Value?`: `resolve` walks the matching
/// routes exactly as `route(to:)` does — the same walk, tables, schemes, fallback, priorities,
/// options and hosts — and gives the first non-`nil` value; `nil` declines, so the next route is
/// tried. A route added through ``router`` with a handler (or none) gives no value: `resolve`
/// passes over it without calling it.
///
/// ```swift
/// enum Screen { case user(Int), post(String) }
///
/// let screens = RouteMap<Screen>()
/// screens.default.add(pattern: "/user/:id") { params in
///     params.int("id").map(Screen.user)
/// }
/// screens.default.add(pattern: "/post/:slug") { params in
///     params.string("slug").map(Screen.post)
/// }
///
/// screens.resolve("myapp://user/42")      // .user(42)
/// screens.resolve("myapp://user/me")      // nil: "me" is not an Int
///
/// var path: [Screen] = []                 // e.g. a SwiftUI NavigationPath
/// if let screen = screens.resolve(url) { path.append(screen) }
/// ```
///
/// Everything else is the router's: ``router`` gives `canRoute(to:)`, `explain(_:)`,
/// `url(for:scheme:host:parameters:)`, `lint(mayDecline:)`, the logger and the tables' other
/// methods. `resolve` does not wait while the router is suspended: it answers now.
@dynamicMemberLookup
public final class RouteMap<Value> {
    /// The router whose tables hold the map's routes.
    ///
    /// ```swift
    /// screens.router.canRoute(to: "myapp://user/42")  // true
    /// try screens.router.url(
    ///     for: "/user/:id", scheme: "myapp", parameters: ["id": 42])
    /// ```
    public let router: Router

    /// Creates a map with an empty global table.
    ///
    /// ```swift
    /// let screens = RouteMap<Screen>()
    /// ```
    public init() {
        router = Router()
    }

    /// The global table.
    ///
    /// ```swift
    /// screens.default.add(pattern: "/home") { _ in .home }
    /// ```
    public var `default`: Table { Table(table: router.default) }

    /// The table of `scheme`, created on first use; schemes are compared ignoring case.
    ///
    /// ```swift
    /// screens["myapp"].add(pattern: "/home") { _ in .home }
    /// ```
    public subscript(scheme: String) -> Table { Table(table: router[scheme]) }

    /// The table of a scheme, by name: `screens.myapp` is `screens["myapp"]`.
    ///
    /// ```swift
    /// screens.myapp.shouldFallback = true
    /// ```
    public subscript(dynamicMember scheme: String) -> Table { self[scheme] }

    /// Resolves a URL synchronously to the value of the first route that gives one, in routing
    /// order.
    ///
    /// The value of the first route that gives one, in routing order; `nil` when none does (the
    /// unmatched handler is then called, as when routing). A synchronous `resolve` cannot wait:
    /// when the walk reaches an `async` closure it stops there, logs it, calls the unmatched
    /// handler and returns `nil`; `await resolve(_:)` asks it.
    ///
    /// ```swift
    /// if let screen = screens.resolve(url) { path.append(screen) }
    /// ```
    /// - Parameters:
    ///   - url: the URL (a `URL` or a `String`).
    ///   - parameters: extra parameters, as for ``Router/route(to:parameters:isolation:)-5se2c``.
    @_disfavoredOverload
    public func resolve(_ url: some URLConvertible, parameters: [String: Any] = [:]) -> Value? {
        guard let parts = url.parts(loggingTo: router.logger) else { return nil }
        var walk = Walk(parts, parameters: parameters, startingIn: router.table(for: parts))
        return walk.resolve(Value.self)
    }

    /// Resolves the held and kept URLs synchronously, in arrival order, and returns their values.
    ///
    /// Resolves the URLs that guards held (and those kept while ``router`` was suspended), in
    /// arrival order, through the tables as they are now and asking the guards again, as
    /// ``Router/resume(isolation:)-5jj55`` routes them; returns the values they resolve to. A URL
    /// held again waits for the next resume. Does nothing when nothing is suspended or held.
    ///
    /// ```swift
    /// // after sign-in:
    /// for screen in screens.resume() { path.append(screen) }
    /// ```
    @_disfavoredOverload
    @available(*, noasync, message: "in top-level code, await picks this form: resume from an async function")
    @discardableResult
    public func resume() -> [Value] {
        guard router.beginResuming() else { return [] }
        var values: [Value] = []
        while let kept = router.queue.next() {
            var walk = router.walk(kept)
            if let value = walk.resolve(Value.self) { values.append(value) }
        }
        router.queue.endDraining()
        return values
    }

    /// A table of the map: its routes give values.
    ///
    /// Its settings are the ``RouteTable``'s: `screens.myapp.shouldFallback = true`,
    /// `screens.https.hosts = ["example.com"]`.
    @dynamicMemberLookup
    public struct Table {
        /// The router's table that holds these routes.
        let table: RouteTable

        /// Registers a pattern whose synchronous closure gives the value, or `nil` to decline.
        ///
        /// When the closure returns `nil`, the next route is tried. Optional groups, priorities and invalid patterns are as in
        /// ``RouteTable/add(pattern:priority:handler:)-(_,_,RouteHandler?)``.
        ///
        /// ```swift
        /// screens.default.add(pattern: "/user/:id", priority: 10) { params in
        ///     params.int("id").map(Screen.user)
        /// }
        /// ```
        /// - Returns: the registered definitions.
        @discardableResult
        public func add(
            pattern: String, priority: Int = 0, resolve: @escaping (RouteParameters) -> Value?
        ) -> [Definition] {
            table.add(pattern: pattern, priority: priority, action: .value(ValueClosure(resolve)))
        }

        /// Adds a synchronous guard: a URL it refuses or holds resolves to `nil`.
        ///
        /// The guard is asked as those of
        /// ``RouteTable/addGuard(for:_:)-(_,(RouteParameters)->RouteGuardDecision)`` are: before
        /// the closures of the table's routes that match. ``RouteMap/resume()`` resolves the URLs
        /// it held.
        ///
        /// ```swift
        /// screens.myapp.addGuard(for: "/account/*") { _ in
        ///     session.isSignedIn ? .proceed : .hold
        /// }
        /// ```
        /// - Returns: whether the guard was added.
        @discardableResult
        public func addGuard(for pattern: String, _ decide: @escaping (RouteParameters) -> RouteGuardDecision)
            -> Bool
        {
            table.addGuard(for: pattern, decide)
        }

        /// Adds a redirect: a URL that matches `from` resolves as the URL built from `to`.
        ///
        /// The redirect is a route of the router's table, as
        /// ``RouteTable/addRedirect(from:to:priority:)`` adds it.
        ///
        /// ```swift
        /// screens.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        /// ```
        /// - Returns: the registered definitions (empty when rejected).
        @discardableResult
        public func addRedirect(from: String, to: String, priority: Int = 0) -> [Definition] {
            table.addRedirect(from: from, to: to, priority: priority)
        }

        /// A property of the table, such as `definitions` or `scheme`.
        ///
        /// ```swift
        /// screens.default.definitions.count  // 2
        /// ```
        public subscript<Property>(dynamicMember keyPath: KeyPath<RouteTable, Property>) -> Property {
            table[keyPath: keyPath]
        }

        /// A setting of the table, such as `shouldFallback`, `options`, `hosts` or
        /// `unmatchedHandler`.
        ///
        /// ```swift
        /// screens.myapp.shouldFallback = true
        /// ```
        public subscript<Setting>(dynamicMember keyPath: ReferenceWritableKeyPath<RouteTable, Setting>)
            -> Setting
        {
            get { table[keyPath: keyPath] }
            nonmutating set { table[keyPath: keyPath] = newValue }
        }
    }
}

#if compiler(>=6.2)
    extension RouteMap {
        /// Resolves a URL, awaiting async closures, to the value of the first route that gives
        /// one, in routing order.
        ///
        /// The `async` closures are awaited in turn; the result is `nil` when none gives a value.
        ///
        /// ```swift
        /// func open(_ url: URL) async {
        ///     if let screen = await screens.resolve(url) { path.append(screen) }
        /// }
        /// ```
        public func resolve(
            _ url: some URLConvertible, parameters: [String: Any] = [:],
            isolation: isolated (any Actor)? = #isolation
        ) async -> Value? {
            guard let parts = url.parts(loggingTo: router.logger) else { return nil }
            var walk = Walk(parts, parameters: parameters, startingIn: router.table(for: parts))
            return await walk.finish(Values<Value>.self)
        }
    }

    extension RouteMap {
        /// Resolves the held and kept URLs, awaiting async closures and guards, and returns
        /// their values.
        ///
        /// As the synchronous ``resume()``, in arrival order; each URL's `async` closures and
        /// guards are awaited in turn.
        ///
        /// ```swift
        /// func signedIn() async {
        ///     for screen in await screens.resume() { path.append(screen) }
        /// }
        /// ```
        @discardableResult
        public func resume(isolation: isolated (any Actor)? = #isolation) async -> [Value] {
            guard router.beginResuming() else { return [] }
            var values: [Value] = []
            while let kept = router.queue.next() {
                var walk = router.walk(kept)
                if let value = await walk.finish(Values<Value>.self) { values.append(value) }
            }
            router.queue.endDraining()
            return values
        }
    }

    extension RouteMap.Table {
        /// Adds an `async` guard, an ``AsyncRouteGuard``: a URL it refuses or holds resolves to
        /// `nil`.
        ///
        /// The guard is awaited on the isolation of the code that resolves, as those of
        /// ``RouteTable/addGuard(for:_:)-(_,AsyncRouteGuard)`` are.
        ///
        /// ```swift
        /// screens.myapp.addGuard(for: "/admin/*") { _ async in
        ///     await session.isStaff() ? .proceed : .refuse
        /// }
        /// ```
        /// - Returns: whether the guard was added.
        @discardableResult
        public func addGuard(for pattern: String, _ decide: @escaping AsyncRouteGuard) -> Bool {
            table.addGuard(for: pattern, decide)
        }

        /// Registers a pattern whose `async` closure gives the value, or `nil` to decline.
        ///
        /// The closure's type is `nonisolated(nonsending) (RouteParameters) async -> Value?`: it
        /// runs on the isolation of the code that resolves, and the synchronous `resolve` stops
        /// at it.
        ///
        /// ```swift
        /// func isPublished(_ slug: String) async -> Bool { true }
        ///
        /// screens.default.add(pattern: "/post/:slug") { params async -> Screen? in
        ///     guard let slug = params.string("slug"), await isPublished(slug)
        ///     else { return nil }
        ///     return .post(slug)
        /// }
        /// ```
        /// - Returns: the registered definitions.
        @discardableResult
        public func add(
            pattern: String, priority: Int = 0,
            resolve: nonisolated(nonsending) @escaping (RouteParameters) async -> Value?
        ) -> [Definition] {
            table.add(pattern: pattern, priority: priority, action: .asyncValue(AsyncValueClosure(resolve)))
        }
    }
#endif
