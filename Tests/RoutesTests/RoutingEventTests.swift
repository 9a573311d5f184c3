import Foundation
import Testing

@testable import Routes

/// `Router.onEvent`: one event per routing decision, delivered when the router's state is
/// consistent; the logger receives the same decisions as text.
@MainActor @Suite struct RoutingEventTests {
    final class Events {
        var all: [RoutingEvent] = []
        var kinds: [RoutingEvent.Kind] { all.map(\.kind) }
        var summary: [String] { all.map { "\($0.kind) \($0.pattern ?? "-") \($0.url.absoluteString)" } }
    }

    func observed(_ router: Router) -> Events {
        let events = Events()
        router.onEvent = { events.all.append($0) }
        return events
    }

    @Test func eachDecisionIsOneEventWithItsURLTablePatternAndSource() {
        let router = Router()
        let events = observed(router)
        router.myapp.add(pattern: "/a", priority: 1) { _ in false }
        router.myapp.add(pattern: "/a") { _ in true }
        #expect(router.route(to: "myapp://a", parameters: ["source": "widget"]))
        #expect(events.summary == ["declined /a myapp://a", "routed /a myapp://a"])
        #expect(
            events.all.allSatisfy { $0.scheme == "myapp" && $0.parameters["source"] as? String == "widget" })

        events.all = []
        #expect(!router.route(to: "myapp://b"))
        #expect(events.summary == ["unmatched - myapp://b"])
    }

    @Test func guardsRedirectsAndTheQueueReportTheirDecisions() {
        let router = Router()
        let events = observed(router)
        router.myapp.add(pattern: "/user/:id") { _ in true }
        router.myapp.add(pattern: "/admin") { _ in true }
        router.myapp.add(pattern: "/account") { _ in true }
        router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        router.myapp.addGuard(for: "/admin") { _ in .refuse }
        var signedIn = false
        router.myapp.addGuard(for: "/account") { _ in signedIn ? .proceed : .hold }

        router.route(to: "myapp://u/1")
        router.route(to: "myapp://admin")
        router.route(to: "myapp://account")
        #expect(
            events.kinds == [
                .redirected(to: URL(string: "myapp://user/1")!), .routed, .refused, .held,
            ])
        #expect(events.all.map(\.pattern) == ["/u/:id", "/user/:id", "/admin", "/account"])

        events.all = []
        router.suspend(keepingAtMost: 1)
        router.route(to: "myapp://user/2")
        // What happened to the URL first, then the URL it pushed out.
        #expect(events.summary == ["kept - myapp://user/2", "dropped - myapp://account"])
        signedIn = true
        events.all = []
        router.resume()
        #expect(events.summary == ["resumed - myapp://user/2", "routed /user/:id myapp://user/2"])
    }

    @Test func theLoggerWritesTheSameDecisions() {
        let router = Router()
        let events = observed(router)
        var lines: [String] = []
        router.logger = { lines.append($0) }
        router.myapp.add(pattern: "/a") { _ in false }
        router.myapp.addGuard(for: "/b") { _ in .refuse }
        router.myapp.add(pattern: "/b") { _ in true }
        router.route(to: "myapp://a")
        router.route(to: "myapp://b")
        #expect(events.all.count == 3)
        for event in events.all {
            #expect(lines.contains("[Routes] \(event)"))
        }
    }

    @Test func anObserverMayUseTheRouterFromEveryEvent() {
        let router = Router()
        var seen = 0
        router.myapp.add(pattern: "/n/:i") { _ in true }
        router.myapp.addGuard(for: "/n/:i") { params in params["i"] as? String == "0" ? .hold : .proceed }
        // Unowned: the router holds its observer.
        router.onEvent = { [unowned router] event in
            seen += 1
            guard seen < 200 else { return }
            // Re-entrant: every kind of event may route, suspend, resume and change the tables.
            switch event.kind {
            case .dropped: router.resume()
            case .kept: router.myapp.add(pattern: "/k") { _ in true }
            case .held: router.suspend(keepingAtMost: 1)
            case .routed: router.route(to: "myapp://k")
            default: _ = router.canRoute(to: event.url)
            }
        }
        router.route(to: "myapp://n/0")
        router.route(to: "myapp://n/1")
        router.route(to: "myapp://n/2")
        router.resume()
        #expect(seen > 5)
        #expect(router.queue.count <= 1)
    }
}
