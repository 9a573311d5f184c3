import Foundation
import Testing

@testable import Routes

/// Guards: asked before a table's handlers, in registration order; the first decision other than
/// `.proceed` wins (the "Routing rules" article, *Guards and redirects*).
@MainActor @Suite struct GuardTests {
    @Test func guardsAreAskedInRegistrationOrderBeforeTheHandler() {
        let router = Router()
        var asked: [String] = []
        router.myapp.add(pattern: "/account/:id") { _ in
            asked.append("handler")
            return true
        }
        router.myapp.addGuard(for: "/account/*") { _ in
            asked.append("first")
            return .proceed
        }
        router.myapp.addGuard(for: "/account/:id") { params in
            asked.append("second \(params["id"] as? String ?? "")")
            return .proceed
        }
        router.myapp.addGuard(for: "/other") { _ in
            asked.append("never")
            return .refuse
        }
        #expect(router.route(to: "myapp://account/7"))
        #expect(asked == ["first", "second 7", "handler"])
        #expect(router.myapp.guardPatterns == ["/account/*", "/account/:id", "/other"])
    }

    @Test func theFirstDecisionOtherThanProceedWins() {
        let router = Router()
        var asked: [String] = []
        router.myapp.add(pattern: "/admin/x") { _ in
            asked.append("handler")
            return true
        }
        router.myapp.addGuard(for: "/admin(/*)") { _ in
            asked.append("refuse")
            return .refuse
        }
        router.myapp.addGuard(for: "/admin/*") { _ in
            asked.append("later")
            return .proceed
        }
        var unmatched = 0
        router.myapp.unmatchedHandler = { _, _ in unmatched += 1 }
        #expect(!router.route(to: "myapp://admin/x"))
        // A guard whose optional group expands into two matching patterns is asked once.
        #expect(asked == ["refuse"])
        #expect(unmatched == 0)
    }

    @Test func aGuardIsAskedOnlyWhenARouteOfItsTableMatches() {
        let router = Router()
        var asked = 0
        router.myapp.addGuard(for: "/*") { _ in
            asked += 1
            return .refuse
        }
        router.myapp.add(pattern: "/home") { _ in true }
        var unmatched = 0
        router.myapp.unmatchedHandler = { _, _ in unmatched += 1 }
        #expect(!router.route(to: "myapp://nowhere"))
        #expect(asked == 0)
        #expect(unmatched == 1)
        // canRoute(to:) has no side effects: it asks no guard.
        #expect(router.canRoute(to: "myapp://home"))
        #expect(asked == 0)
        #expect(!router.route(to: "myapp://home"))
        #expect(asked == 1)
    }

    @Test func aRedirectDecisionRoutesTheTargetFromTheTableOfItsScheme() {
        let router = Router()
        var received: [String: Any] = [:]
        router.myapp.add(pattern: "/old-checkout/*") { _ in
            Issue.record("the guarded handler ran")
            return true
        }
        router.myapp.addGuard(for: "/old-checkout/*") { _ in .redirect(to: "shop://cart") }
        router.shop.add(pattern: "/cart") { params in
            received = params.dictionary
            return true
        }
        #expect(router.route(to: "myapp://old-checkout/a", parameters: ["source": "widget"]))
        #expect(received["source"] as? String == "widget")
        #expect(received[Definition.Keys.scheme] as? String == "shop")

        router.myapp.addGuard(for: "/beta") { _ in .redirect(to: URL(string: "shop://cart?from=beta")!) }
        router.myapp.add(pattern: "/beta") { _ in false }
        #expect(router.route(to: "myapp://beta"))
        #expect(received["from"] as? String == "beta")
    }

    @Test func aHeldURLOpensWhenTheAppResumesAfterSignIn() {
        let router = Router()
        var signedIn = false
        var opened: [String] = []
        router.myapp.addGuard(for: "/account/*") { _ in signedIn ? .proceed : .hold }
        router.myapp.add(pattern: "/account/orders/:id") { params in
            opened.append(params["id"] as? String ?? "")
            return true
        }
        router.myapp.add(pattern: "/home") { _ in
            opened.append("home")
            return true
        }
        #expect(router.route(to: "myapp://account/orders/7"))
        #expect(opened.isEmpty)
        // The router is not suspended: other links route at once.
        #expect(router.route(to: "myapp://home"))
        #expect(opened == ["home"])
        // Resuming before sign-in asks the guard again: the URL waits for the next resume.
        router.resume()
        #expect(opened == ["home"])
        #expect(router.queue.count == 1)
        signedIn = true
        router.resume()
        #expect(opened == ["home", "7"])
        #expect(router.queue.count == 0)
        router.resume()  // nothing held: nothing happens
        #expect(opened == ["home", "7"])
    }

    @Test func keptURLsCanBeListedAndDiscardedAfterASignOut() {
        let router = Router()
        var dropped: [URL] = []
        router.onEvent = { event in if event.kind == .dropped { dropped.append(event.url) } }
        router.myapp.addGuard(for: "/account/*") { _ in .hold }
        router.myapp.add(pattern: "/account/:id") { _ in true }
        router.myapp.add(pattern: "/home") { _ in true }
        router.route(to: "myapp://account/1")
        router.suspend()
        router.route(to: "myapp://home")
        #expect(router.keptURLs == [URL(string: "myapp://account/1")!, URL(string: "myapp://home")!])
        router.discardKeptURLs()
        #expect(router.keptURLs.isEmpty)
        #expect(dropped == [URL(string: "myapp://account/1")!, URL(string: "myapp://home")!])
        router.resume()
        #expect(router.queue.count == 0)
    }

    @Test func heldAndSuspendedURLsResumeInArrivalOrder() {
        let router = Router()
        var signedIn = false
        var opened: [String] = []
        router.myapp.addGuard(for: "/account") { _ in signedIn ? .proceed : .hold }
        for name in ["account", "a", "b"] {
            router.myapp.add(pattern: "/\(name)") { _ in
                opened.append(name)
                return true
            }
        }
        router.route(to: "myapp://account")
        router.suspend()
        router.route(to: "myapp://a")
        router.route(to: "myapp://b")
        signedIn = true
        router.resume()
        #expect(opened == ["account", "a", "b"])
    }

    @Test func aURLHeldAgainDuringAResumeWaitsForTheNextOne() {
        let router = Router()
        var asked = 0
        router.myapp.addGuard(for: "/account") { _ in
            asked += 1
            return .hold
        }
        router.myapp.add(pattern: "/account") { _ in true }
        router.route(to: "myapp://account")
        router.resume()
        router.resume()
        #expect(asked == 3)
        #expect(router.queue.count == 1)
    }

    @Test func holdingKeepsAtMostTheQueuesLimit() {
        let router = Router()
        var dropped: [URL] = []
        router.onEvent = { event in if event.kind == .dropped { dropped.append(event.url) } }
        router.myapp.addGuard(for: "/n/:i") { _ in .hold }
        router.myapp.add(pattern: "/n/:i") { _ in true }
        router.suspend(keepingAtMost: 2)
        router.resume()
        for i in 1...3 { #expect(router.route(to: "myapp://n/\(i)")) }
        #expect(router.queue.count == 2)
        #expect(dropped == [URL(string: "myapp://n/1")!])
    }

    @Test func theGlobalTablesGuardsAreAskedOnFallback() {
        let router = Router()
        var asked: [String] = []
        router.myapp.shouldFallback = true
        router.myapp.add(pattern: "/x") { _ in
            asked.append("myapp")
            return false
        }
        router.myapp.addGuard(for: "/x") { _ in
            asked.append("myapp guard")
            return .proceed
        }
        router.default.addGuard(for: "/x") { _ in
            asked.append("global guard")
            return .refuse
        }
        router.default.add(pattern: "/x") { _ in
            asked.append("global")
            return true
        }
        #expect(!router.route(to: "myapp://x"))
        #expect(asked == ["myapp guard", "myapp", "global guard"])
    }

    @Test func guardsMayUseTheRouterWhileTheyDecide() {
        let router = Router()
        var opened: [String] = []
        router.myapp.add(pattern: "/a") { _ in
            opened.append("a")
            return true
        }
        router.myapp.add(pattern: "/b") { _ in
            opened.append("b")
            return true
        }
        router.myapp.addGuard(for: "/a") { _ in
            // Re-entrant: route, add and remove guards, suspend and resume from inside a guard.
            router.route(to: "myapp://b")
            router.myapp.addGuard(for: "/b") { _ in .refuse }
            router.myapp.removeGuards(for: "/a")
            router.suspend()
            router.resume()
            return .proceed
        }
        #expect(router.route(to: "myapp://a"))
        #expect(opened == ["b", "a"])
        #expect(!router.route(to: "myapp://b"))
        #expect(router.myapp.guardPatterns == ["/b"])
    }

    @Test func anInvalidGuardPatternIsReported() {
        let router = Router()
        var errors: [RoutePatternError] = []
        router.onInvalidPattern = { errors.append($0) }
        #expect(!router.myapp.addGuard(for: "/a/(:id") { _ in .refuse })
        #expect(errors.map(\.reason) == [.unclosedParenthesis])
        #expect(router.myapp.guardPatterns.isEmpty)
    }

    @Test func anAsyncGuardIsAwaitedOnTheCallersIsolation() async {
        let router = Router()
        var asked: [String] = []
        router.myapp.addGuard(for: "/p/:id") { params async -> RouteGuardDecision in
            MainActor.assertIsolated()
            await Task.yield()
            asked.append("guard \(params["id"] as? String ?? "")")
            return params["id"] as? String == "1" ? .proceed : .refuse
        }
        router.myapp.add(pattern: "/p/:id") { params in
            asked.append("handler \(params["id"] as? String ?? "")")
            return true
        }
        #expect(await router.route(to: "myapp://p/1"))
        #expect(!(await router.route(to: "myapp://p/2")))
        #expect(asked == ["guard 1", "handler 1", "guard 2"])
    }

    @Test func theSynchronousRouteContinuesAtAnAsyncGuardInATask() async {
        let router = Router()
        var asked: [String] = []
        router.myapp.addGuard(for: "/p") { _ async -> RouteGuardDecision in
            asked.append("async guard")
            return .proceed
        }
        router.myapp.addGuard(for: "/p") { _ in
            asked.append("sync guard")
            return .proceed
        }
        router.myapp.add(pattern: "/p") { _ in
            asked.append("handler")
            return true
        }
        #expect(routeWithoutAwaiting(router, "myapp://p"))
        #expect(asked.isEmpty)
        for _ in 0..<20 where asked.count < 3 { await Task.yield() }
        #expect(asked == ["async guard", "sync guard", "handler"])
    }

    @Test func anAsyncGuardCanHoldAndResumeAwaitsIt() async {
        let router = Router()
        var signedIn = false
        var opened = 0
        router.myapp.addGuard(for: "/account") { _ async -> RouteGuardDecision in
            signedIn ? .proceed : .hold
        }
        router.myapp.add(pattern: "/account") { _ in
            opened += 1
            return true
        }
        #expect(await router.route(to: "myapp://account"))
        signedIn = true
        await router.resume()
        #expect(opened == 1)
    }

    @Test func aRouteMapsGuardsRefuseHoldAndResumeGivesTheHeldValues() {
        let screens = RouteMap<String>()
        var signedIn = false
        screens.myapp.addGuard(for: "/account") { _ in signedIn ? .proceed : .hold }
        screens.myapp.addGuard(for: "/admin") { _ in .refuse }
        screens.myapp.add(pattern: "/account") { _ in "account" }
        screens.myapp.add(pattern: "/admin") { _ in "admin" }
        #expect(screens.resolve("myapp://admin") == nil)
        #expect(screens.resolve("myapp://account") == nil)
        signedIn = true
        #expect(screens.resumeResolving() == ["account"])
        #expect(screens.resumeResolving() == [])
    }

    @Test func anAwaitedResolveHoldsAndTheAwaitedResumeGivesTheValue() async {
        let screens = RouteMap<String>()
        var signedIn = false
        screens.myapp.addGuard(for: "/account") { _ async -> RouteGuardDecision in
            signedIn ? .proceed : .hold
        }
        screens.myapp.add(pattern: "/account") { _ async -> String? in "account" }
        #expect(await screens.resolve("myapp://account") == nil)
        signedIn = true
        #expect(await screens.resumeResolving() == ["account"])
    }

    /// The synchronous `route(to:)`, from a test that is `async`.
    func routeWithoutAwaiting(_ router: Router, _ url: String) -> Bool {
        router.route(to: url)
    }
}
