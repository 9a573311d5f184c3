extension RouteTable {
    /// Registers a ``TypedRoute`` type: its pattern's matches decode as the type, and `handler`
    /// gets the value.
    ///
    /// A match that does not decode declines, and the next route is tried.
    /// The pattern is registered as `add(pattern:)` registers it (optional groups, priorities,
    /// invalid patterns reported to ``onInvalidPattern``). Before, the type is checked against
    /// it: a capture the type never decodes, or a nested property, registers nothing and is
    /// reported to ``Router/onInvalidTypedRoute`` (and the logger).
    ///
    /// ```swift
    /// router.myapp.add(UserLink.self) { link in
    ///     print("user", link.id, link.tab ?? .posts)
    ///     return true
    /// }
    /// ```
    /// - Parameters:
    ///   - type: the route's type.
    ///   - priority: higher is asked first; ties in registration order.
    ///   - handler: returns `true` when it handled the link, `false` to let the next route try.
    /// - Returns: the registered definitions (empty when the type or pattern was refused).
    @_disfavoredOverload  // a map's value closure wins over a handler of the same shape
    @discardableResult
    public func add<Route: TypedRoute>(
        _ type: Route.Type, priority: Int = 0, handler: @escaping (Route) -> Bool
    ) -> [Definition] {
        add(typed: type, priority: priority, action: .handler(TypedRouteCheck.handler(handler)))
    }

    /// How a ``TypedRoute``'s pattern is read: with braces, whatever the table's options.
    var typedSyntax: PatternSyntax {
        var syntax = patternSyntax
        syntax.braces = true
        return syntax
    }

    /// Registers a ``TypedRoute`` type's pattern with `action`, once the type fits it: the one
    /// place where typed routes reach the table's registration.
    func add<Route: TypedRoute>(typed type: Route.Type, priority: Int, action: Action) -> [Definition] {
        if let error = TypedRouteCheck.error(of: type, syntax: typedSyntax) {
            log(error.description)
            router?.onInvalidTypedRoute?(error)
            return []
        }
        // A typed pattern always reads braces (`{id:int}`), whatever the table's options.
        return add(pattern: Route.pattern, priority: priority, action: action, syntax: typedSyntax)
    }

    #if compiler(>=6.2)
        /// Registers a ``TypedRoute`` type with an `async` handler, as
        /// ``add(_:priority:handler:)-4sitm`` does.
        ///
        /// The handler's type is `nonisolated(nonsending) (Route) async -> Bool`: it runs on the
        /// isolation of the code that routes.
        ///
        /// ```swift
        /// router.myapp.add(UserLink.self) { link async -> Bool in
        ///     guard let user = await store.user(id: link.id) else {
        ///         return false
        ///     }
        ///     print("show", user)
        ///     return true
        /// }
        /// ```
        /// - Returns: the registered definitions (empty when the type or pattern was refused).
        @_disfavoredOverload  // a map's value closure wins over a handler of the same shape
        @discardableResult
        public func add<Route: TypedRoute>(
            _ type: Route.Type, priority: Int = 0,
            handler: nonisolated(nonsending) @escaping (Route) async -> Bool
        ) -> [Definition] {
            add(
                typed: type, priority: priority,
                action: .asyncHandler { parameters in
                    guard let route = try? parameters.decode(Route.self) else { return false }
                    return await handler(route)
                })
        }
    #endif
}

extension RouteMap.Table {
    /// Registers a ``TypedRoute`` type whose value gives the map's value (`nil` declines).
    ///
    /// A match that does not decode declines too. Checks and registration are as in
    /// ``RouteTable/add(_:priority:handler:)-4sitm``.
    ///
    /// ```swift
    /// enum Screen { case user(UserLink), post(PostLink) }
    /// screens.myapp.add(UserLink.self, Screen.user)
    /// screens.myapp.add(PostLink.self) { link in
    ///     link.id > 0 ? .post(link) : nil
    /// }
    /// ```
    /// - Returns: the registered definitions (empty when the type or pattern was refused).
    @discardableResult
    public func add<Route: TypedRoute>(
        _ type: Route.Type, priority: Int = 0, _ resolve: @escaping (Route) -> Value?
    ) -> [Definition] {
        add(
            typed: type, priority: priority,
            action: .value(
                ValueClosure<Value> { parameters in
                    guard let route = try? parameters.decode(Route.self) else { return nil }
                    return resolve(route)
                }))
    }

    #if compiler(>=6.2)
        /// Registers a ``TypedRoute`` type whose `async` closure gives the value, or `nil` to
        /// decline.
        ///
        /// The closure's type is `nonisolated(nonsending) (Route) async -> Value?`: it runs on
        /// the isolation of the code that resolves.
        ///
        /// ```swift
        /// screens.myapp.add(PostLink.self) { link async -> Screen? in
        ///     await store.post(id: link.id).map(Screen.post)
        /// }
        /// ```
        /// - Returns: the registered definitions (empty when the type or pattern was refused).
        @discardableResult
        public func add<Route: TypedRoute>(
            _ type: Route.Type, priority: Int = 0,
            _ resolve: nonisolated(nonsending) @escaping (Route) async -> Value?
        ) -> [Definition] {
            add(
                typed: type, priority: priority,
                action: .asyncValue(
                    AsyncValueClosure<Value> { parameters in
                        guard let route = try? parameters.decode(Route.self) else { return nil }
                        return await resolve(route)
                    }))
        }
    #endif
}

/// The registration-time check of a ``TypedRoute`` type, and its handlers.
enum TypedRouteCheck {
    /// A handler that decodes the route and calls `handle`; it declines when decoding fails.
    static func handler<Route: TypedRoute>(_ handle: @escaping (Route) -> Bool) -> RouteHandler {
        { parameters in
            guard let route = try? parameters.decode(Route.self) else { return false }
            return handle(route)
        }
    }

    /// What disagrees between the type and its pattern, `nil` when they fit (or when the
    /// pattern is invalid: registering it reports that). A capture is reported only when the
    /// record of the keys the type asks for is complete (see ``KeyRecord``).
    static func error<Route: TypedRoute>(of type: Route.Type, syntax: PatternSyntax) -> TypedRouteError? {
        guard let expansions = try? OptionalGroupExpansion.expand(Route.pattern, syntax: syntax) else {
            return nil
        }
        // `Route.self`, the type registered, not a subclass that `type` may hold: routing
        // decodes `Route`.
        let record = KeyRecord(of: Route.self)
        let name = String(describing: type)
        if let key = record.nestedKey {
            return TypedRouteError(type: name, pattern: Route.pattern, reason: .nestedValue(key: key))
        }
        guard record.isComplete else { return nil }
        let asked = Set(record.keys)
        for expansion in expansions {
            let captures = expansion.parameterNames
            if let missing = captures.first(where: { !asked.contains($0) }) {
                return TypedRouteError(
                    type: name, pattern: Route.pattern, reason: .captureNotDecoded(missing))
            }
            // A wildcard is read under its name (`{rest:*}`) or under the reserved key.
            let wildcardKeys = [expansion.wildcardName, RouteParameters.Keys.wildcard].compactMap { $0 }
            if expansion.hasWildcard, !wildcardKeys.contains(where: asked.contains),
                let missing = wildcardKeys.first
            {
                return TypedRouteError(
                    type: name, pattern: Route.pattern, reason: .captureNotDecoded(missing))
            }
        }
        return nil
    }
}
