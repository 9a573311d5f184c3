import Foundation
import Testing

@testable import Routes

/// The promises of guards, the router's queue and routing events (the "Guards, redirects and
/// events" article and the "Routing rules" article, *Guards and redirects* and *Suspending
/// routing*): guards are asked in registration order, each once; a kept or held URL remembers a
/// scheme, never a table; an event is sent only for what happened, once the router is
/// consistent, and every decision is exactly one event; the queue keeps the newest URLs within
/// its limit. Callbacks may call the router's API.
@MainActor @Suite struct QueueAndEventPromisesTests {
    let router = Router()
    let log = AsyncLog()

    final class Events {
        var all: [RoutingEvent] = []
        var summary: [String] {
            all.map { event in
                let kind =
                    switch event.kind {
                    case .redirected(let target): "redirected to \(target.absoluteString)"
                    default: "\(event.kind)"
                    }
                return "\(kind) \(event.url.absoluteString)"
            }
        }

        func take() -> [String] {
            defer { all = [] }
            return summary
        }
    }

    /// Records every event; `react` runs after each is recorded.
    func observed(_ react: @escaping (RoutingEvent) -> Void = { _ in }) -> Events {
        let events = Events()
        router.onEvent = { event in
            events.all.append(event)
            react(event)
        }
        return events
    }

    func handler(_ label: String) -> RouteHandler {
        { [log] params in
            log.append("\(label) \(params.url.absoluteString)")
            return true
        }
    }

    func asking(_ label: String, _ decision: RouteGuardDecision = .proceed) -> (RouteParameters) ->
        RouteGuardDecision
    {
        { [log] _ in
            log.append(label)
            return decision
        }
    }

    // MARK: Guard order

    // Regression: after a removal a new guard took the sequence number of a remaining one and
    // was asked before it.
    @Test func guardsAreAskedInRegistrationOrderAfterARemoval() {
        router.myapp.add(pattern: "/:any") { _ in true }
        router.myapp.addGuard(for: "/a", asking("a"))
        router.myapp.addGuard(for: "/b", asking("b"))
        router.myapp.addGuard(for: "/:x", asking("x"))
        router.myapp.removeGuards(for: "/a")
        router.myapp.removeGuards(for: "/b")
        router.myapp.addGuard(for: "/:y", asking("y"))
        #expect(router.route(to: "myapp://z"))
        #expect(log.take() == ["x", "y"])
        #expect(router.myapp.guardPatterns == ["/:x", "/:y"])
    }

    // Regression: the expansions of `/a(/*)` were split by a guard added after a removal, and
    // the guard was asked twice.
    @Test func aGuardWithOptionalGroupsIsAskedOnceAfterARemoval() {
        router.myapp.add(pattern: "/:any") { _ in true }
        router.myapp.addGuard(for: "/z1", asking("z1"))
        router.myapp.addGuard(for: "/z2", asking("z2"))
        router.myapp.addGuard(for: "/a(/*)", asking("a"))
        router.myapp.removeGuards(for: "/z1")
        router.myapp.removeGuards(for: "/z2")
        router.myapp.addGuard(for: "/:p", asking("p"))
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["a", "p"])
        router.myapp.addGuard(for: "/a", asking("a again"))
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["a", "p", "a again"])
    }

    // MARK: One event for what happened

    // Regression: with a limit of 0 a guard's hold was reported as dropped, then held.
    @Test func aURLTheQueueCannotHoldIsDroppedNotHeld() {
        let events = observed()
        router.myapp.add(pattern: "/account/:tab") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in .hold }
        router.suspend(keepingAtMost: 0)
        router.resume()
        #expect(router.route(to: "myapp://account/a") == false)
        #expect(events.take() == ["dropped myapp://account/a"])
        #expect(router.keptURLs.isEmpty)

        let screens = RouteMap<Int>()
        let mapEvents = Events()
        screens.router.onEvent = { mapEvents.all.append($0) }
        screens.myapp.add(pattern: "/account/:tab") { _ in 1 }
        screens.myapp.addGuard(for: "/account/*") { _ in .hold }
        screens.router.suspend(keepingAtMost: 0)
        screens.router.resume()
        #expect(screens.resolve("myapp://account/a") == nil)
        #expect(mapEvents.take() == ["dropped myapp://account/a"])
    }

    // Regression: a guard's redirect to text that is not a URL was only logged.
    @Test func aGuardRedirectToTextThatIsNotAURLRefusesTheURL() {
        let events = observed()
        router.myapp.add(pattern: "/beta/*") { _ in true }
        router.myapp.addGuard(for: "/beta/*") { _ in .redirect(to: "") }
        #expect(router.route(to: "myapp://beta/x") == false)
        #expect(events.take() == ["refused myapp://beta/x"])
        router.myapp.removeGuards(for: "/beta/*")
        router.myapp.addGuard(for: "/beta/*") { _ in .redirect(to: "myapp://x y") }
        #expect(router.route(to: "myapp://beta/x") == false)
        #expect(events.all.map(\.pattern) == ["/beta/*"])
        #expect(events.all.map(\.kind) == [.refused])
    }

    // MARK: Events in order

    // Regression: an observer resuming on `.dropped` (the docs' example) received `.held b`
    // after `b` was routed.
    @Test func aHoldIsReportedBeforeTheDropItCausedAndBeforeWhatAnObserverStarts() {
        var isSignedIn = false
        let events = observed { [router] event in
            if event.kind == .dropped {
                isSignedIn = true
                router.resume()
            }
        }
        router.myapp.add(pattern: "/account/:tab") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in isSignedIn ? .proceed : .hold }
        router.suspend(keepingAtMost: 1)
        router.resume()
        #expect(router.route(to: "myapp://account/a"))
        #expect(router.route(to: "myapp://account/b"))
        #expect(
            events.take() == [
                "held myapp://account/a", "held myapp://account/b", "dropped myapp://account/a",
                "resumed myapp://account/b", "routed myapp://account/b",
            ])
        #expect(router.keptURLs.isEmpty)
    }

    @Test func aKeptURLIsReportedBeforeTheDropItCausedAndBeforeWhatAnObserverStarts() {
        let events = observed { [router] event in
            if event.kind == .dropped { router.resume() }
        }
        router.myapp.add(pattern: "/n/:id") { _ in true }
        router.suspend(keepingAtMost: 1)
        #expect(router.route(to: "myapp://n/1"))
        #expect(router.route(to: "myapp://n/2"))
        #expect(
            events.take() == [
                "kept myapp://n/1", "kept myapp://n/2", "dropped myapp://n/1", "resumed myapp://n/2",
                "routed myapp://n/2",
            ])
    }
}
