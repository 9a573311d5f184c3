extension RouteTable {
    /// Registers a ``TypedRoute`` type: its pattern's matches decode as the type, and `handler`
    /// gets the value.
    ///
    /// A match that does not decode declines, and the next route is tried. A capture's property
    /// is read from its capture only: where the matched expansion of an optional group lacks it,
    /// the property is `nil`, whatever the query holds.
    /// The pattern is registered as `add(pattern:)` registers it (optional groups, priorities,
    /// invalid patterns reported to ``onInvalidPattern``). Before, the type is checked against
    /// it: a capture the type never decodes or decodes as an array, a nested property, a
    /// property that does not read back as it prints, or a required property for the capture of
    /// an optional group registers nothing and is reported to ``Router/onInvalidTypedRoute``
    /// (and the logger).
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
        add(typed: type, priority: priority) { reading in
            .handler { parameters in
                guard let route = try? reading.decode(Route.self, from: parameters) else { return false }
                return handler(route)
            }
        }
    }

    /// How a ``TypedRoute``'s pattern is read: with braces, whatever the table's options.
    var typedSyntax: PatternSyntax {
        var syntax = patternSyntax
        syntax.braces = true
        return syntax
    }

    /// Registers a ``TypedRoute`` type's pattern with the action that `action` makes of its
    /// reading, once the type fits the pattern: the one place where typed routes reach the
    /// table's registration.
    func add<Route: TypedRoute>(typed type: Route.Type, priority: Int, action: (TypedReading) -> Action)
        -> [Definition]
    {
        // A typed pattern always reads braces (`{id:int}`), whatever the table's options. An
        // invalid one has no expansion: registering it reports it.
        let syntax = typedSyntax
        let expansions = (try? OptionalGroupExpansion.expand(Route.pattern, syntax: syntax)) ?? []
        if let error = TypedRouteCheck.error(of: type, expansions: expansions) {
            log(error.description)
            router?.onInvalidTypedRoute?(error)
            return []
        }
        let reading = TypedReading(expansions: expansions)
        return add(pattern: Route.pattern, priority: priority, action: action(reading), syntax: syntax)
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
            add(typed: type, priority: priority) { reading in
                .asyncHandler { parameters in
                    guard let route = try? reading.decode(Route.self, from: parameters) else { return false }
                    return await handler(route)
                }
            }
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
        add(typed: type, priority: priority) { reading in
            .value(
                ValueClosure<Value> { parameters in
                    guard let route = try? reading.decode(Route.self, from: parameters) else { return nil }
                    return resolve(route)
                })
        }
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
            add(typed: type, priority: priority) { reading in
                .asyncValue(
                    AsyncValueClosure<Value> { parameters in
                        guard let route = try? reading.decode(Route.self, from: parameters) else {
                            return nil
                        }
                        return await resolve(route)
                    })
            }
        }
    #endif
}
