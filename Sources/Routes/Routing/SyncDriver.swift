/// The synchronous driver of the walk (`Walk.swift`): it asks every match at once and cannot
/// await. Used by the synchronous `route(to:)`, `resume()` and ``RouteMap``'s `resolve`.
///
/// At a match that must be awaited (an `async` handler), it never starts work on an isolation
/// it cannot name: with the caller's isolation (`@MainActor` code, an actor), the rest of the
/// walk continues in a task on that isolation; without one (a nonisolated caller, a plain
/// thread), the walk stops there and the URL is unhandled.
extension Walk {
    /// What the synchronous `route(to:)` of a ``Router`` reports.
    enum SyncOutcome: Equatable {
        case handled
        case unhandled
        /// The walk waits on an `async` handler in a task on the caller's isolation.
        case continuesInTask

        /// The answer of `route(to:)`: a walk continuing in a task counts as handled.
        var answer: Bool { self != .unhandled }
    }

    /// Routes for a ``Router``, as far as it can without awaiting. When the rest continues in a
    /// task, `router`'s queue is drained after it (`resume()` uses this to keep the order).
    mutating func route(isolation: isolated (any Actor)?, thenDraining router: Router? = nil) -> SyncOutcome {
        switch run(asking: Action.routerAnswer) {
        case .accepted, .held: return .handled
        case .unhandled: return .unhandled
        case .waiting:
            #if compiler(>=6.2)
                if isolation != nil {
                    continueInTask(isolation: isolation, thenDraining: router)
                    return .continuesInTask
                }
            #endif
            abandon(because: "the caller has no isolation to await it on (use await route(to:))")
            return .unhandled
        }
    }

    /// Resolves for a ``RouteMap`` without awaiting: the value of the first match that gives one;
    /// at an `async` closure the walk stops and the URL is unhandled. The value is kept here, by
    /// the closure that asks each match: the walk itself is the same for every map.
    mutating func resolve<Value>(_ type: Value.Type) -> Value? {
        var value: Value?
        switch run(asking: { Action.mapAnswer($0, $1, giving: &value) }) {
        case .accepted: return value
        case .unhandled, .held: return nil
        case .waiting:
            abandon(because: "a synchronous resolve cannot await it (use await resolve(_:))")
            return nil
        }
    }
}
