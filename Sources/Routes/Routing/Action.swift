/// What a definition runs when it matches, and how each client of the walk asks it.
///
/// A ``Router`` asks for an answer (did the handler take the URL?), a ``RouteMap`` for a value;
/// both walk the same tables, so a route registered by one may be met by the other:
///
/// | action        | a router's walk (``Handlers``)       | a route map's walk (``Values``)    |
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

/// What a client of the walk makes of one match: see ``Action``.
protocol WalkClient {
    /// What an accepted match gives.
    associatedtype Output

    /// Asks a match without waiting; `.wait` when only an `async` closure can answer.
    static func ask(_ action: Action?, _ parameters: RouteParameters) -> Verdict<Output>

    #if compiler(>=6.2)
        /// Asks a match that answered `.wait`; `nil` declines.
        nonisolated(nonsending) static func askAwaiting(_ action: Action?, _ parameters: RouteParameters)
            async
            -> Output?
    #endif
}

/// A client's answer for one match.
enum Verdict<Output> {
    case accept(Output)
    case decline
    /// Only awaiting can answer: the synchronous driver stops here.
    case wait
}

/// The client of a ``Router``: handlers answer whether they took the URL.
enum Handlers: WalkClient {
    static func ask(_ action: Action?, _ parameters: RouteParameters) -> Verdict<Void> {
        switch action {
        case nil: return .accept(())
        case .handler(let handler)?: return handler(parameters) ? .accept(()) : .decline
        case .value(let route)?: return route.givesValue(parameters) ? .accept(()) : .decline
        #if compiler(>=6.2)
            case .asyncHandler?, .asyncValue?: return .wait
        #endif
        case .redirect?, .guarding?: return .decline  // the walk's business
        }
    }

    #if compiler(>=6.2)
        nonisolated(nonsending) static func askAwaiting(_ action: Action?, _ parameters: RouteParameters)
            async
            -> Void?
        {
            switch action {
            case .asyncHandler(let handler)?: return await handler(parameters) ? () : nil
            case .asyncValue(let route)?: return await route.givesValueAwaiting(parameters) ? () : nil
            default: return nil
            }
        }
    #endif
}

/// The client of a ``RouteMap``: value closures give the value; other routes give none.
enum Values<Value>: WalkClient {
    static func ask(_ action: Action?, _ parameters: RouteParameters) -> Verdict<Value> {
        switch action {
        case .value(let route)?:
            guard let closure = route as? ValueClosure<Value>, let value = closure.resolve(parameters)
            else { return .decline }
            return .accept(value)
        #if compiler(>=6.2)
            // Only this map's closures are awaited: one of another type could never give a value.
            case .asyncValue(let route)?: return route is AsyncValueClosure<Value> ? .wait : .decline
        #endif
        default: return .decline
        }
    }

    #if compiler(>=6.2)
        nonisolated(nonsending) static func askAwaiting(_ action: Action?, _ parameters: RouteParameters)
            async
            -> Value?
        {
            guard case .asyncValue(let route)? = action, let closure = route as? AsyncValueClosure<Value>
            else { return nil }
            return await closure.resolve(parameters)
        }
    #endif
}
