/// What a definition runs when it matches, and how each client of the walk asks it.
///
/// A ``Router`` asks for an answer (did the handler take the URL?), a ``RouteMap`` for a value;
/// both walk the same tables, so a route registered by one may be met by the other:
///
/// | action        | a router's walk (`routerAnswer`)     | a route map's walk (`mapAnswer`)   |
/// |---------------|--------------------------------------|------------------------------------|
/// | none          | accepts                              | declines (gives no value)          |
/// | handler       | its answer                           | declines, without calling it       |
/// | value closure | accepts when it gives a value        | its value, or declines on `nil`    |
/// | `async` forms | waits                                | waits (for a value closure)        |
enum Action {
    case handler(RouteHandler)
    /// A ``RouteMap`` closure, typed by the map that registered it (`ValueClosure.swift`).
    case value(any ValueRoute)
    #if compiler(>=6.2)
        case asyncHandler(AsyncRouteHandler)
        case asyncValue(any AsyncValueRoute)
    #endif
    /// A redirect route: the walk routes its target instead (`Redirect.swift`); clients never
    /// see it.
    case redirect(Redirect)
    /// A guard's definition, in a table's guard index only (`RouteGuard.swift`).
    case guarding(RouteGuard)

    /// The synchronous handler, `nil` for any other action.
    var handler: RouteHandler? {
        if case .handler(let handler) = self { return handler }
        return nil
    }

    /// The guard, for a guard's definition; `nil` for any other action.
    var routeGuard: RouteGuard? {
        if case .guarding(let routeGuard) = self { return routeGuard }
        return nil
    }

    /// The target, for a redirect route; `nil` for any other action.
    var redirectRoute: Redirect? {
        if case .redirect(let redirect) = self { return redirect }
        return nil
    }
}

/// What a client of the walk made of one match it asked: see ``Action``.
enum MatchAnswer {
    case accepted
    case declined
    /// Only awaiting can answer: the synchronous driver stops here.
    case waiting
}

/// How a client of the walk asks one match without waiting. The walk calls it and keeps only
/// the answer, so that it is compiled once for every client: a ``RouteMap``'s closure keeps the
/// value it takes in a local of its caller (``Walk/resolve(_:)``).
typealias MatchAsker = (Action?, RouteParameters) -> MatchAnswer

#if compiler(>=6.2)
    /// How a client of the walk asks a match that answered `.waiting`: whether it accepted.
    typealias AwaitingMatchAsker = nonisolated(nonsending) (Action?, RouteParameters) async -> Bool
#endif

extension Action {
    /// A ``Router``'s answer for a match: handlers answer whether they took the URL; a route
    /// without one accepts.
    static func routerAnswer(_ action: Action?, _ parameters: RouteParameters) -> MatchAnswer {
        switch action {
        case nil: return .accepted
        case .handler(let handler)?: return handler(parameters) ? .accepted : .declined
        case .value(let route)?: return route.givesValue(parameters) ? .accepted : .declined
        #if compiler(>=6.2)
            case .asyncHandler?, .asyncValue?: return .waiting
        #endif
        case .redirect?, .guarding?: return .declined  // the walk's business
        }
    }

    /// A ``RouteMap``'s answer for a match: the value of one of its closures goes to `value`;
    /// other routes give none.
    static func mapAnswer<Value>(_ action: Action?, _ parameters: RouteParameters, giving value: inout Value?)
        -> MatchAnswer
    {
        switch action {
        case .value(let route)?:
            guard let closure = route as? ValueClosure<Value>, let given = closure.resolve(parameters)
            else { return .declined }
            value = given
            return .accepted
        #if compiler(>=6.2)
            // Only this map's closures are awaited: one of another type could never give a value.
            case .asyncValue(let route)?: return route is AsyncValueClosure<Value> ? .waiting : .declined
        #endif
        default: return .declined
        }
    }

    #if compiler(>=6.2)
        /// A ``Router``'s answer for a match that answered `.waiting`, awaited.
        nonisolated(nonsending) static func routerAnswerAwaiting(
            _ action: Action?, _ parameters: RouteParameters
        ) async -> Bool {
            switch action {
            case .asyncHandler(let handler)?: return await handler(parameters)
            case .asyncValue(let route)?: return await route.givesValueAwaiting(parameters)
            default: return false
            }
        }

        /// The value of a ``RouteMap``'s `async` closure for a match that answered `.waiting`;
        /// `nil` declines.
        nonisolated(nonsending) static func mapValueAwaiting<Value>(
            _ action: Action?, _ parameters: RouteParameters, as _: Value.Type
        ) async -> Value? {
            guard case .asyncValue(let route)? = action, let closure = route as? AsyncValueClosure<Value>
            else { return nil }
            return await closure.resolve(parameters)
        }
    #endif
}
