// `async` handlers run on the caller's isolation: the functions that await them are
// `nonisolated(nonsending)`, which Swift 6.2 introduced. With an older compiler there is no
// `async` API and no walk ever waits.
#if compiler(>=6.2)
    /// The `async` driver of the walk (`Walk.swift`): it asks matches at once and awaits those
    /// that need it, in routing order, on the caller's isolation. Used by `await route(to:)`,
    /// `await resume()`, `await resolve(_:)`, and by the synchronous driver's task.
    extension Walk {
        /// Runs the walk to its end; the output of the match that accepted, `nil` when none did.
        nonisolated(nonsending) mutating func finish<Client: WalkClient>(_ client: Client.Type) async
            -> Client.Output?
        {
            var stop = run(client)
            while case .waiting(let candidate) = stop {
                if let output = await Client.askAwaiting(candidate.action, candidate.parameters) {
                    return output
                }
                stop = run(client)
            }
            guard case .accepted(let output) = stop else { return nil }
            return output
        }

        /// Awaits `candidate`, where the synchronous driver stopped, then runs the walk to its end.
        nonisolated(nonsending) mutating func finish<Client: WalkClient>(
            _ client: Client.Type, awaiting candidate: Candidate
        ) async -> Client.Output? {
            if let output = await Client.askAwaiting(candidate.action, candidate.parameters) { return output }
            return await finish(client)
        }

        /// The synchronous driver's way on at an `async` handler: a task on `isolation` — the
        /// caller's, which it names — awaits the rest of the walk, then drains `router`'s queue.
        func continueInTask(
            awaiting candidate: Candidate, isolation: isolated (any Actor)?, thenDraining router: Router?
        ) {
            start.log("continuing in a task on the caller's isolation at \(candidate.pattern)")
            let walk = self
            Task {
                _ = isolation  // captured: the task runs on the caller's isolation
                var walk = walk
                _ = await walk.finish(Handlers.self, awaiting: candidate)
                await router?.drainAwaiting()
            }
        }
    }
#endif
