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
}
