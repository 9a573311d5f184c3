import Foundation
import Testing

@testable import Routes

/// Handlers, loggers and unmatched handlers run on the caller's isolation, always: a caller
/// without one (a plain thread, Swift 5 code) is never moved to another thread (the "Routing
/// rules" article, *Async handlers*). CI runs these under ThreadSanitizer.
@Suite struct IsolationTests {
    /// Routes on a plain thread (no isolation) through a table whose first route is an `async`
    /// handler that would decline and whose second is synchronous; reports where everything ran.
    final class ThreadProbe: @unchecked Sendable {
        // Written on the probe's thread only, read after `join`.
        var events: [String] = []
        var offThread: [String] = []
        var handled: Bool?
        private let done = DispatchSemaphore(value: 0)

        func run() {
            let thread = Thread { [self] in
                let router = Router()
                let me = Thread.current
                func note(_ event: String) {
                    events.append(event)
                    if Thread.current !== me { offThread.append(event) }
                }
                router.logger = { line in if line.contains("is async") { note("logged") } }
                router.default.add(pattern: "/p/:id", priority: 1) { _ async -> Bool in
                    note("async")
                    return false
                }
                router.default.add(pattern: "/p/:id") { _ in
                    note("sync")
                    return true
                }
                router.default.unmatchedHandler = { _, _ in note("unmatched") }
                handled = router.route(to: "myapp://p/1")
                Thread.sleep(forTimeInterval: 0.05)  // a task started anyway would have run by now
                done.signal()
            }
            thread.start()
            done.wait()
        }
    }

    // Regression (review finding 1): a nonisolated caller's walk reached an `async` handler and
    // continued in a task on the global executor: both handlers ran off the caller's thread.
    @Test func aCallerWithoutIsolationStopsAtAnAsyncHandlerOnItsOwnThread() {
        let probe = ThreadProbe()
        probe.run()
        #expect(probe.handled == false)
        #expect(probe.events == ["logged", "unmatched"])
        #expect(probe.offThread.isEmpty)
    }

    /// A nonisolated caller reaches `async` handlers through a task it names.
    @Test func aNonisolatedCallerAwaitsAsyncHandlersOnTheMainActor() async {
        let handled = await Task { @MainActor in
            let router = Router()
            router.default.add(pattern: "/p") { _ async -> Bool in
                MainActor.assertIsolated()
                return true
            }
            return await router.route(to: "myapp://p")
        }.value
        #expect(handled)
    }

    /// An actor's synchronous `route(to:)` continues its walk in a task on that actor.
    @Test func anActorsWalkContinuesOnTheActor() async {
        let host = RoutingActor()
        #expect(await host.routeSynchronously())
        #expect(await host.waitForLabels() == ["async on actor", "sync on actor"])
    }

    /// A synchronous handler calling the synchronous `route(to:)` re-entrantly from a plain
    /// thread's walk stays on that thread.
    @Test func nestedRoutingOnAPlainThreadStaysOnIt() {
        let done = DispatchSemaphore(value: 0)
        final class Box: @unchecked Sendable { var threads: Set<ObjectIdentifier> = [] }
        let box = Box()
        let thread = Thread {
            let router = Router()
            router.default.add(pattern: "/outer") { [unowned router] _ in
                box.threads.insert(ObjectIdentifier(Thread.current))
                return router.route(to: "myapp://inner")
            }
            router.default.add(pattern: "/inner") { _ in
                box.threads.insert(ObjectIdentifier(Thread.current))
                return true
            }
            _ = router.route(to: "myapp://outer")
            box.threads.insert(ObjectIdentifier(Thread.current))
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(box.threads.count == 1)
    }

    /// Guards, redirects, events and the held URLs' resume, from a plain thread: everything runs
    /// on it; an `async` guard cannot be awaited there, so its URL is unhandled.
    @Test func guardsRedirectsAndEventsOnAPlainThreadStayOnIt() {
        let done = DispatchSemaphore(value: 0)
        final class Box: @unchecked Sendable {
            var threads: Set<ObjectIdentifier> = []
            var events: [String] = []
            var answers: [Bool] = []
            func note() { threads.insert(ObjectIdentifier(Thread.current)) }
        }
        let box = Box()
        let thread = Thread {
            let router = Router()
            var signedIn = false
            router.onEvent = { event in
                box.note()
                box.events.append("\(event.kind)")
            }
            router.myapp.addGuard(for: "/account") { _ in
                box.note()
                return signedIn ? .proceed : .hold
            }
            router.myapp.addGuard(for: "/slow") { _ async -> RouteGuardDecision in .proceed }
            router.myapp.addRedirect(from: "/a", to: "/account")
            for pattern in ["/account", "/slow"] {
                router.myapp.add(pattern: pattern) { _ in
                    box.note()
                    return true
                }
            }
            box.answers.append(router.route(to: "myapp://a"))
            signedIn = true
            router.resume()
            box.answers.append(router.route(to: "myapp://slow"))
            box.note()
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(box.threads.count == 1)
        #expect(box.answers == [true, false])
        #expect(
            box.events == [
                "redirected(to: myapp://account)", "held", "resumed", "routed", "unmatched",
            ])
    }
}

/// An actor that owns a router and routes with the synchronous `route(to:)`.
actor RoutingActor {
    let router = Router()
    var labels: [String] = []

    /// Registers an `async` handler that declines, then a synchronous one, and routes.
    func routeSynchronously() -> Bool {
        router.default.add(pattern: "/p", priority: 1) { [unowned self] _ async -> Bool in
            note("async on actor")
            return false
        }
        router.default.add(pattern: "/p") { [unowned self] _ in
            note("sync on actor")
            return true
        }
        return router.route(to: "myapp://p")
    }

    /// Records `label`; traps unless called on this actor.
    nonisolated func note(_ label: String) { assumeIsolated { $0.labels.append(label) } }

    func waitForLabels() async -> [String] {
        for _ in 0..<1000 where labels.count < 2 { await Task.yield() }
        return labels
    }
}
