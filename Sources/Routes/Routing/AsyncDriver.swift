// `async` handlers run on the caller's isolation: the functions that await them are
// `nonisolated(nonsending)`, which Swift 6.2 introduced. With an older compiler there is no
// `async` API and no walk ever waits.
#if compiler(>=6.2)
    /// The `async` driver of the walk (`Walk.swift`): it asks matches at once and awaits those
    /// that need it, in routing order, on the caller's isolation. Used by `await route(to:)`,
    /// `await resume()`, `await resolve(_:)`, and by the synchronous driver's task.
    extension Walk {
        /// Runs the walk to its end; the output of the match that accepted, `nil` when none did.
        ///
        /// This and ``finishWaiting(_:)`` are cold (awaiting): one unspecialized body serves every
        /// client and every caller, rather than a copy of the walk specialized and inlined into
        /// each `async` entry point.
        @_semantics("optimize.sil.specialize.generic.never")
        @inline(never)
        nonisolated(nonsending) mutating func finish<Client: WalkClient>(_ client: Client.Type) async
            -> Client.Output?
        {
            switch run(client) {
            case .accepted(let output): return output
            case .unhandled, .held: return nil
            case .waiting: return await finishWaiting(client)
            }
        }

        /// Awaits the match or guard the walk waits on, then runs the walk on to its end.
        @_semantics("optimize.sil.specialize.generic.never")
        @inline(never)
        nonisolated(nonsending) mutating func finishWaiting<Client: WalkClient>(_ client: Client.Type) async
            -> Client.Output?
        {
            while let candidate = waitingOn {
                if let routeGuard = candidate.action?.routeGuard {
                    decide(await routeGuard.decideAwaiting(candidate.parameters))
                } else if let output = await Client.askAwaiting(candidate.action, candidate.parameters) {
                    acceptAwaited()
                    return output
                }
                switch run(client) {
                case .accepted(let output): return output
                case .unhandled, .held: return nil
                case .waiting: continue
                }
            }
            return nil
        }

        /// The synchronous driver's way on at an `async` handler: a task on `isolation` — the
        /// caller's, which it names — awaits the rest of the walk, then drains `router`'s queue.
        func continueInTask(isolation: isolated (any Actor)?, thenDraining router: Router?) {
            start.log("continuing in a task on the caller's isolation at \(waitingOn?.pattern ?? "")")
            let walk = self
            Task {
                _ = isolation  // captured: the task runs on the caller's isolation
                var walk = walk
                _ = await walk.finishWaiting(Handlers.self)
                await router?.drainAwaiting()
            }
        }
    }
#endif
