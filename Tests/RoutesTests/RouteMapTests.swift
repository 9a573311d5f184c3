import Foundation
import Testing

@testable import Routes

/// Routes that return a value: `RouteMap` resolves on the router's walk, so its order,
/// declining, fallback, hosts and unmatched handler are the router's.
@MainActor @Suite struct RouteMapTests {
    enum Screen: Equatable {
        case user(Int)
        case post(String)
        case home
        case fallback(String)
    }

    let screens = RouteMap<Screen>()

    @Test func theFirstNonNilValueInRoutingOrder() {
        screens.default.add(pattern: "/user/:id") { params in params.int("id").map(Screen.user) }
        screens.default.add(pattern: "/user/:slug") { params in params.string("slug").map(Screen.post) }
        screens.default.add(pattern: "/user/me", priority: 10) { _ in .home }
        #expect(screens.resolve("myapp://user/42") == .user(42))
        #expect(screens.resolve("myapp://user/abc") == .post("abc"))  // nil declined: next route
        #expect(screens.resolve("myapp://user/me") == .home)
        #expect(screens.resolve("myapp://nothing") == nil)
        #expect(screens.resolve("myapp://x y") == nil)  // not a URL
    }

    @Test func declinedEverywhereCallsTheUnmatchedHandler() {
        var unmatched: [String] = []
        screens.default.add(pattern: "/user/:id") { params in params.int("id").map(Screen.user) }
        screens.default.unmatchedHandler = { url, parameters in
            unmatched.append("\(url.absoluteString) \(parameters["source"] as? String ?? "")")
        }
        #expect(screens.resolve("myapp://user/x", parameters: ["source": "push"]) == nil)
        #expect(unmatched == ["myapp://user/x push"])
    }

    @Test func schemesFallbackAndHostsAreTheRouters() {
        screens.myapp.add(pattern: "/user/:id") { params in params.int("id").map(Screen.user) }
        screens.default.add(pattern: "/user/:id") { params in params.string("id").map(Screen.fallback) }
        screens.https.add(pattern: "/post/:slug") { params in params.string("slug").map(Screen.post) }
        screens.https.hosts = ["example.com"]
        #expect(screens.resolve("MYAPP://user/x") == nil)  // no fallback yet
        screens.myapp.shouldFallback = true
        #expect(screens.myapp.shouldFallback)
        #expect(screens["myapp"].definitions.count == 1)
        #expect(screens.resolve("myapp://user/x") == .fallback("x"))
        #expect(screens.resolve("myapp://user/7") == .user(7))
        #expect(screens.resolve("https://example.com/post/hi") == .post("hi"))
        #expect(screens.resolve("https://evil.example/post/hi") == nil)
        #expect(screens.schemes == ["https", "myapp"])
    }

    @Test func aClosureMayResolveAnotherURL() {
        screens.default.add(pattern: "/alias/:id") { [unowned screens] params in
            screens.resolve("myapp://user/\(params.string("id") ?? "")")
        }
        screens.default.add(pattern: "/user/:id") { params in params.int("id").map(Screen.user) }
        #expect(screens.resolve("myapp://alias/5") == .user(5))
        #expect(screens.resolve("myapp://alias/x") == nil)
    }

    @Test func resolvingIgnoresSuspension() {
        screens.default.add(pattern: "/home") { _ in .home }
        screens.suspend()
        #expect(screens.resolve("myapp://home") == .home)
    }

    // MARK: async

    @Test func awaitingResolveAsksAsyncClosuresInOrder() async {
        let store = PostStore(posts: [7: "seven"])
        screens.default.add(pattern: "/post/:id") { params async -> Screen? in
            await store.post(id: params.int("id")).map(Screen.post)
        }
        screens.default.add(pattern: "/post/:id") { params in params.string("id").map(Screen.fallback) }
        #expect(await screens.resolve("myapp://post/7") == .post("seven"))
        #expect(await screens.resolve("myapp://post/8") == .fallback("8"))
        #expect(await screens.resolve("myapp://nothing") == nil)
    }

    @Test func aSynchronousResolveStopsAtAnAsyncClosure() async {
        screens.default.add(pattern: "/p", priority: 1) { params in params.string("sync").map(Screen.post) }
        screens.default.add(pattern: "/p") { _ async -> Screen? in .home }
        #expect(syncResolve("myapp://p?sync=yes") == .post("yes"))  // answered before the async one
        #expect(syncResolve("myapp://p") == nil)  // cannot wait for the async closure
        #expect(await screens.resolve("myapp://p") == .home)
    }

    // Regression (review finding 7): a synchronous resolve that stopped at an async closure
    // never called the unmatched handler (the awaited one does when all decline).
    @Test func aSynchronousResolveStoppedAtAnAsyncClosureCallsTheUnmatchedHandler() {
        var unmatched: [String] = []
        var lines: [String] = []
        screens.default.unmatchedHandler = { url, _ in unmatched.append(url.absoluteString) }
        screens.logger = { lines.append($0) }
        screens.default.add(pattern: "/p") { _ async -> Screen? in .home }
        #expect(screens.resolve("myapp://p") == nil)
        #expect(unmatched == ["myapp://p"])
        #expect(lines.contains { $0.contains("/p is async") && $0.contains("await resolve") })
    }

    // Regression (review finding 7): a route added through `screens.router` with a Bool or `nil`
    // handler accepted without a value, hiding the routes after it.
    @Test func routesWithoutAValueClosureGiveNoValue() {
        var called = false
        screens.default.add(pattern: "/user/:id", priority: 2) { _ in
            called = true
            return true
        }
        screens.default.add(pattern: "/user/:id", priority: 1)
        screens.default.add(pattern: "/user/:id") { params in params.int("id").map(Screen.user) }
        #expect(screens.resolve("myapp://user/4") == .user(4))
        #expect(called == false)  // passed over, not called
        #expect(screens.route(to: "myapp://user/4"))  // the router still asks it
        #expect(called)
    }

    @Test func interleavedResolvesKeepTheirOwnValues() async {
        screens.default.add(pattern: "/user/:id") { params async -> Screen? in
            for _ in 0..<3 { await Task.yield() }
            return params.int("id").map(Screen.user)
        }
        let first = Task { await screens.resolve("myapp://user/1") }
        let second = Task { await screens.resolve("myapp://user/2") }
        #expect(await [first.value, second.value] == [.user(1), .user(2)])
    }

    @Test func aMapIsARouterWhoseTablesGiveItsValues() {
        let router: Router = screens  // no router underneath: the map is one
        let table: RouteTable = screens.myapp  // a map's table is a RouteTable
        #expect(table === screens["MYAPP"] && screens.table(for: "myapp://x") === screens.myapp)
        #expect(router.default === screens.default && screens[Router.defaultScheme] === screens.default)
        screens.myapp.shouldFallback = true  // the table's own settings, not forwarded ones
        screens.default.add(pattern: "/user/:id") { params in params.int("id").map(Screen.user) }
        #expect(screens.resolve("myapp://user/3") == .user(3))
        #expect(router.route(to: "myapp://user/3"))
    }

    @Test func tablesMadeAfterUnregisteringAreTheMapsTables() {
        screens.myapp.add(pattern: "/home") { _ in .home }
        screens.unregister(scheme: "myapp")
        screens.unregister(scheme: Router.defaultScheme)
        screens.myapp.add(pattern: "/home") { _ in .home }
        screens.default.add(pattern: "/user/:id") { params in params.int("id").map(Screen.user) }
        #expect(screens.resolve("myapp://home") == .home)
        #expect(screens.resolve("other://user/5") == .user(5))
        screens.unregisterAll()
        screens.default.add(pattern: "/post/:slug") { params in params.string("slug").map(Screen.post) }
        #expect(screens.resolve("myapp://post/a") == .post("a"))
    }

    @Test func aValueRouteMovedToAMapOfAnotherTypeGivesItNoValue() {
        let numbers = RouteMap<Int>()
        for definition in screens.default.add(
            pattern: "/user/:id", resolve: { $0.int("id").map(Screen.user) })
        {
            screens.default.remove(definition: definition)
            #expect(numbers.default.add(definition: definition))
        }
        #expect(numbers.resolve("myapp://user/42") == nil)  // a Screen closure gives no Int
        #expect(numbers.route(to: "myapp://user/42"))  // to the router, it gives a value
        numbers.default.add(pattern: "/user/:id", priority: 1) { params in params.int("id") }
        #expect(numbers.resolve("myapp://user/42") == 42)
    }

    #if compiler(>=6.2)
        @Test func anAsyncValueRouteMovedToAMapOfAnotherTypeGivesItNoValue() async {
            let numbers = RouteMap<Int>()
            let added = screens.default.add(pattern: "/post/:slug") { params async -> Screen? in
                params.string("slug").map(Screen.post)
            }
            for definition in added {
                screens.default.remove(definition: definition)
                #expect(numbers.default.add(definition: definition))
            }
            #expect(await numbers.resolve("myapp://post/a") == nil)
            #expect(await numbers.route(to: "myapp://post/a"))
        }
    #endif

    /// Calls the synchronous `resolve` (in an `async` function, `resolve` is the `async` one).
    func syncResolve(_ url: String) -> Screen? { screens.resolve(url) }
}
