/// A router whose routes give a value: the screen, the destination or the view controller for a
/// URL, instead of a side effect.
///
/// A route map is a ``Router`` whose tables are ``Table``s: a closure registered with
/// ``Table/add(pattern:priority:resolve:)-(_,_,(RouteParameters)->Value?)`` returns a `Value?`.
/// `resolve` walks the matching routes exactly as `route(to:)` does — the same walk, tables,
/// schemes, fallback, priorities, options, hosts, guards and redirects — and gives the first
/// non-`nil` value; `nil` declines, so the next route is tried. A route added with a handler (or
/// none) gives no value: `resolve` passes over it without calling it, and `route(to:)` asks it as
/// a router does.
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
/// Everything else is the router's, inherited: `canRoute(to:)`, `explain(_:)`,
/// `url(for:scheme:host:parameters:)`, `lint(mayDecline:)`, the logger, suspension and the tables'
/// settings. `resolve` does not wait while the map is suspended: it answers now.
/// ``open(_:parameters:)`` and ``openStack(for:parameters:)`` keep a link then, and tell a link
/// that waits (for the app, or for a guard) from one that no route resolves.
public final class RouteMap<Value>: Router {
    /// Creates a map with an empty global table.
    ///
    /// ```swift
    /// let screens = RouteMap<Screen>()
    /// ```
    public init() {
        super.init(tableType: Table.self)
    }

    /// The global table.
    ///
    /// ```swift
    /// screens.default.add(pattern: "/home") { _ in .home }
    /// ```
    public override var `default`: Table { unsafeDowncast(defaultTable, to: Table.self) }

    /// The table of `scheme`, created on first use; schemes are compared ignoring case.
    ///
    /// ```swift
    /// screens["myapp"].add(pattern: "/home") { _ in .home }
    /// ```
    public override subscript(scheme: String) -> Table { unsafeDowncast(super[scheme], to: Table.self) }

    /// The table of a scheme, by name: `screens.myapp` is `screens["myapp"]`.
    ///
    /// ```swift
    /// screens.myapp.shouldFallback = true
    /// ```
    public override subscript(dynamicMember scheme: String) -> Table { self[scheme] }

    /// The table routing starts in for a URL: its scheme's table, or the global table.
    ///
    /// `nil` for a string that is not a URL. Creates no table.
    ///
    /// ```swift
    /// // true, once `myapp` has a table:
    /// screens.table(for: "myapp://home") === screens.myapp
    /// ```
    public override func table(for url: some URLConvertible) -> Table? {
        super.table(for: url).map { unsafeDowncast($0, to: Table.self) }
    }

    /// The routes of one scheme of a ``RouteMap``: a ``RouteTable`` whose routes may also give a
    /// `Value`.
    ///
    /// Its settings, routes, guards and redirects are the ``RouteTable``'s, inherited:
    /// `screens.myapp.shouldFallback = true`, `screens.https.hosts = ["example.com"]`. A closure
    /// that can give a `Value` registers a value route, even where a handler has the same
    /// shape (a closure returning `Bool` in a `RouteMap<Bool>`); write `handler:` to register a
    /// handler instead. For an optional `Value`, only the closure's own `nil` declines: a
    /// `Value` that is `nil` is a value.
    ///
    /// ```swift
    /// screens.myapp.add(pattern: "/user/:id") { params in
    ///     params.int("id").map(Screen.user)
    /// }
    /// ```
    public final class Table: RouteTable {}
}

extension RouteMap {
    /// Resolves a URL synchronously to the value of the first route that gives one, in routing
    /// order.
    ///
    /// The value of the first route that gives one, in routing order; `nil` when none does (the
    /// unmatched handler is then called, as when routing). A synchronous `resolve` cannot wait:
    /// when the walk reaches an `async` closure it stops there, logs it, calls the unmatched
    /// handler and returns `nil`; `await resolve(_:)` asks it. It does not wait while the map
    /// is suspended: it answers now. A link a guard holds resolves to `nil`, as one with no route:
    /// ``open(_:parameters:)`` tells them apart, and keeps the link while the map is suspended.
    ///
    /// ```swift
    /// if let screen = screens.resolve(url) { path.append(screen) }
    /// ```
    /// - Parameters:
    ///   - url: the URL (a `URL` or a `String`).
    ///   - parameters: extra parameters, as for
    ///     ``Router/route(to:parameters:isolation:)-5se2c``.
    @_disfavoredOverload
    public func resolve(_ url: some URLConvertible, parameters: [String: Any] = [:]) -> Value? {
        guard let parts = url.parts(loggingTo: logger) else { return nil }
        var walk = Walk(parts, parameters: parameters, startingIn: table(for: parts))
        return walk.resolve(Value.self)
    }
}

extension RouteMap.Table {
    /// Registers a pattern whose synchronous closure gives the value, or `nil` to decline.
    ///
    /// When the closure returns `nil`, the next route is tried. Optional groups, priorities and
    /// invalid patterns are as in
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
        add(pattern: pattern, priority: priority, action: .value(ValueClosure(resolve)))
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
            guard let parts = url.parts(loggingTo: logger) else { return nil }
            var walk = Walk(parts, parameters: parameters, startingIn: table(for: parts))
            return await walk.resolveAwaiting(Value.self)
        }
    }

    extension RouteMap.Table {
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
            add(pattern: pattern, priority: priority, action: .asyncValue(AsyncValueClosure(resolve)))
        }
    }
#endif
