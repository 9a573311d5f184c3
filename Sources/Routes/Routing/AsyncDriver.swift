// `async` handlers run on the caller's isolation: the functions that await them are
// `nonisolated(nonsending)`, which Swift 6.2 introduced. With an older compiler there is no
// `async` API and no walk ever waits.
#if compiler(>=6.2)
    /// The `async` driver of the walk (`Walk.swift`): it asks matches at once and awaits those
    /// that need it, in routing order, on the caller's isolation. Used by `await route(to:)`,
    /// `await resume()`, `await resolve(_:)`, and by the synchronous driver's task.
    extension Walk {
        /// Runs the walk to its end, asking each match with `ask` and, when it must be awaited,
        /// with `askAwaiting`; whether a match accepted.
        ///
        /// One body serves every client and every caller (it is cold: awaiting), rather than a
        /// copy of the walk inlined into each `async` entry point.
        @inline(never)
        nonisolated(nonsending) mutating func finish(
            asking ask: MatchAsker, awaiting askAwaiting: AwaitingMatchAsker
        ) async -> Bool {
            while true {
                switch run(asking: ask) {
                case .accepted: return true
                case .unhandled, .held: return false
                case .waiting: if await awaitWaiting(askAwaiting) { return true }
                }
            }
        }

        /// Awaits the match or guard the walk waits on: whether the match accepted, which ends
        /// the walk; otherwise the walk runs on (``run(asking:)``) after it.
        nonisolated(nonsending) mutating func awaitWaiting(_ askAwaiting: AwaitingMatchAsker) async -> Bool {
            guard let candidate = waitingOn else { return false }
            if let routeGuard = candidate.action?.routeGuard {
                decide(await routeGuard.decideAwaiting(candidate.parameters))
                return false
            }
            guard await askAwaiting(candidate.action, candidate.parameters) else { return false }
            acceptAwaited()
            return true
        }

        /// Routes for a ``Router``, awaiting `async` handlers and guards: whether a handler
        /// accepted the URL.
        nonisolated(nonsending) mutating func routeAwaiting() async -> Bool {
            await finish(asking: Action.routerAnswer, awaiting: Action.routerAnswerAwaiting)
        }

        /// Resolves for a ``RouteMap``, awaiting `async` closures and guards: the value of the
        /// first match that gives one. The value is kept here, by the closures that ask each
        /// match, as in ``resolve(_:)``.
        nonisolated(nonsending) mutating func resolveAwaiting<Value>(_ type: Value.Type) async -> Value? {
            var value: Value?
            let accepted = await finish(
                asking: { Action.mapAnswer($0, $1, giving: &value) },
                awaiting: { action, parameters in
                    value = await Action.mapValueAwaiting(action, parameters, as: Value.self)
                    return value != nil
                })
            return accepted ? value : nil
        }

        /// The synchronous driver's way on at an `async` handler: a task on `isolation` — the
        /// caller's, which it names — awaits the rest of the walk, then drains `router`'s queue.
        func continueInTask(isolation: isolated (any Actor)?, thenDraining router: Router?) {
            start.log("continuing in a task on the caller's isolation at \(waitingOn?.pattern ?? "")")
            let walk = self
            Task {
                _ = isolation  // captured: the task runs on the caller's isolation
                var walk = walk
                if await !walk.awaitWaiting(Action.routerAnswerAwaiting) { _ = await walk.routeAwaiting() }
                await router?.drainAwaiting()
            }
        }
    }
#endif
