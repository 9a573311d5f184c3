import Foundation
import Testing

@testable import Routes

/// `async` handlers: the walk order, declining, fallback, the unmatched handler, the caller's
/// isolation, the synchronous `route(to:)` meeting an `async` handler, and re-entrancy (the
/// "Routing rules" article, *Async handlers*).
@MainActor @Suite struct AsyncRoutingTests {
    let router = Router()
    let log = AsyncLog()

    /// An `async` handler that suspends once, records `label` and answers `accept`.
    func asyncHandler(_ label: String, accept: Bool = true) -> AsyncRouteHandler {
        { [log] params in
            await Task.yield()
            MainActor.assertIsolated()  // the caller's isolation
            log.append("\(label) \(params.string("id") ?? "-")")
            return accept
        }
    }

    func syncHandler(_ label: String, accept: Bool = true) -> RouteHandler {
        { [log] params in
            log.append("\(label) \(params.string("id") ?? "-")")
            return accept
        }
    }

    @Test func awaitsEachHandlerInPriorityOrderUntilOneAccepts() async {
        router.default.add(pattern: "/post/:id", handler: asyncHandler("async declines", accept: false))
        router.default.add(
            pattern: "/post/:id", priority: 10, handler: syncHandler("sync declines", accept: false))
        router.default.add(pattern: "/post/:id", handler: syncHandler("sync accepts"))
        router.default.add(pattern: "/post/:id", handler: asyncHandler("never asked"))
        #expect(await router.route(to: "myapp://post/7"))
        #expect(log.take() == ["sync declines 7", "async declines 7", "sync accepts 7"])
    }

    @Test func theIssuesExampleDeclinesWhenThePostDoesNotExist() async {
        let store = PostStore(posts: [7: "Hello"])
        var shown: [String] = []
        router.default.add(pattern: "/post/:id") { params async -> Bool in
            guard let post = await store.post(id: params.int("id")) else { return false }
            shown.append(post)
            return true
        }
        router.default.add(pattern: "/post/:slug", handler: syncHandler("slug"))
        #expect(await router.route(to: "myapp://post/7"))
        #expect(await router.route(to: "myapp://post/8"))
        #expect(shown == ["Hello"])
        #expect(log.take() == ["slug -"])
    }

    @Test func fallbackAndTheUnmatchedHandlerFollowAsyncDeclines() async {
        router.alpha.shouldFallback = true
        router.alpha.add(pattern: "/a/:id", handler: asyncHandler("alpha", accept: false))
        router.default.add(pattern: "/a/:id", handler: asyncHandler("global", accept: false))
        router.alpha.unmatchedHandler = { [log] url, parameters in
            log.append("unmatched \(url.absoluteString) \(parameters["source"] as? String ?? "")")
        }
        #expect(await router.route(to: "alpha://a/1", parameters: ["source": "push"]) == false)
        #expect(log.take() == ["alpha 1", "global 1", "unmatched alpha://a/1 push"])

        router.default.add(pattern: "/a/:id", handler: asyncHandler("global accepts"))
        #expect(await router.route(to: "alpha://a/2"))
        #expect(log.take() == ["alpha 2", "global 2", "global accepts 2"])
    }

    @Test func aTableRoutesAwaitingItsAsyncHandlers() async {
        router.alpha.add(pattern: "/a/:id", handler: asyncHandler("alpha"))
        #expect(await router.alpha.route(to: "other://a/3"))
        #expect(await router.alpha.route(to: "myapp://x y") == false)  // not a URL
        #expect(await router.route(to: "other://a/3") == false)
        #expect(log.take() == ["alpha 3"])
    }

    @Test func extraParametersAndCapturesReachAsyncHandlers() async {
        var received: [String: String] = [:]
        router.default.add(pattern: "/user/:id/*") { params async -> Bool in
            await Task.yield()
            received = [
                "id": params.string("id") ?? "", "ref": params.string("ref") ?? "",
                "source": params.string("source") ?? "",
                "rest": params.wildcardComponents?.joined(separator: ",") ?? "",
            ]
            return true
        }
        #expect(await router.route(to: "myapp://user/42/a/b?ref=mail", parameters: ["source": "push"]))
        #expect(received == ["id": "42", "ref": "mail", "source": "push", "rest": "a,b"])
    }

    // MARK: The synchronous route(to:) and async handlers

    @Test func syncRouteAsksSyncHandlersFirstThenContinuesInATask() async {
        router.default.add(
            pattern: "/p/:id", priority: 1, handler: syncHandler("sync declines", accept: false))
        router.default.add(pattern: "/p/:id", handler: asyncHandler("async declines", accept: false))
        router.default.add(pattern: "/p/:id", handler: syncHandler("sync after async"))
        let handled = syncRoute("myapp://p/5")
        #expect(handled)  // the walk goes on in a task
        #expect(log.take() == ["sync declines 5"])
        await log.wait(for: 2)
        #expect(log.take() == ["async declines 5", "sync after async 5"])
    }

    @Test func syncRouteNeverStartsATaskWhenASyncHandlerAcceptsFirst() async {
        router.default.add(pattern: "/p", priority: 1, handler: syncHandler("sync"))
        router.default.add(pattern: "/p", handler: asyncHandler("async"))
        #expect(syncRoute("myapp://p"))
        for _ in 0..<10 { await Task.yield() }
        #expect(log.take() == ["sync -"])
    }

    @Test func syncRouteCallsTheUnmatchedHandlerAfterTheTaskDeclines() async {
        router.default.add(pattern: "/p", handler: asyncHandler("async", accept: false))
        router.default.unmatchedHandler = { [log] url, _ in log.append("unmatched \(url.absoluteString)") }
        #expect(syncRoute("myapp://p"))
        await log.wait(for: 2)
        #expect(log.take() == ["async -", "unmatched myapp://p"])
    }

    @Test func syncRouteContinuesIntoTheFallbackInTheTask() async {
        router.alpha.shouldFallback = true
        router.alpha.add(pattern: "/p", handler: asyncHandler("alpha", accept: false))
        router.default.add(pattern: "/p", handler: syncHandler("global"))
        #expect(syncRoute("alpha://p"))
        await log.wait(for: 2)
        #expect(log.take() == ["alpha -", "global -"])
    }

    /// Calls the synchronous `route(to:)` (in an `async` function, `route(to:)` is the `async` one).
    func syncRoute(_ url: String) -> Bool { router.route(to: url) }

    // MARK: Re-entrancy

    @Test func routesChangedWhileAHandlerAwaitsDoNotChangeItsWalk() async {
        let table = router.default
        let later = WeakDefinition()
        table.add(pattern: "/a") { [log, unowned table] _ async -> Bool in
            await Task.yield()
            log.append("first")
            table.add(
                pattern: "/a", priority: 10,
                handler: { [log] _ in
                    log.append("added")
                    return true
                })
            if let definition = later.definition { table.remove(definition: definition) }
            return false
        }
        later.definition = table.add(pattern: "/a", handler: syncHandler("removed, still asked")).first
        #expect(await router.route(to: "myapp://a"))
        #expect(log.take() == ["first", "removed, still asked -"])
        #expect(await router.route(to: "myapp://a"))
        #expect(log.take() == ["added"])
    }

    @Test func aHandlerRoutesAnotherURLWhileAwaiting() async {
        router.default.add(pattern: "/outer") { [log, unowned router] _ async -> Bool in
            log.append("outer begins")
            let inner = await router.route(to: "myapp://inner")
            log.append("outer ends, inner \(inner)")
            return true
        }
        router.default.add(pattern: "/inner", handler: asyncHandler("inner"))
        #expect(await router.route(to: "myapp://outer"))
        #expect(log.take() == ["outer begins", "inner -", "outer ends, inner true"])
    }

    @Test func twoRoutingsInterleaveWithoutMixingTheirParameters() async {
        router.default.add(pattern: "/p/:id") { [log] params async -> Bool in
            let id = params.string("id") ?? ""
            for _ in 0..<3 { await Task.yield() }
            log.append("\(id) \(params.string("id") ?? "")")
            return true
        }
        let first = Task { await router.route(to: "myapp://p/1") }  // both on the main actor
        let second = Task { await router.route(to: "myapp://p/2") }
        #expect(await [first.value, second.value] == [true, true])
        #expect(Set(log.take()) == ["1 1", "2 2"])
    }

}

/// Handler calls, in order, on the main actor.
@MainActor final class AsyncLog {
    private var labels: [String] = []

    func append(_ label: String) { labels.append(label) }

    /// The labels so far; starts a new list.
    func take() -> [String] {
        defer { labels = [] }
        return labels
    }

    /// Yields until `count` labels are logged (a task started by `route(to:)` runs on the main
    /// actor when this yields), or gives up after many tries.
    func wait(for count: Int) async {
        for _ in 0..<1000 where labels.count < count { await Task.yield() }
    }
}

/// The issue's example store: a post exists or does not.
struct PostStore {
    let posts: [Int: String]

    func post(id: Int?) async -> String? {
        await Task.yield()
        return id.flatMap { posts[$0] }
    }
}
