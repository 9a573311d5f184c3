import Foundation
import Testing

@testable import Routes

/// Routing that waits until the app is ready: `suspend()` keeps matching URLs, `resume()` routes
/// them in arrival order (the "Routing rules" article, *Suspending routing*).
@MainActor @Suite struct SuspensionTests {
    let router = Router()
    let log = AsyncLog()

    func handler(_ label: String, accept: Bool = true) -> RouteHandler {
        { [log] params in
            log.append("\(label) \(params.string("id") ?? "-") \(params.string("source") ?? "-")")
            return accept
        }
    }

    @Test func keepsMatchingURLsWithTheirParametersAndRoutesThemInOrder() {
        router.default.add(pattern: "/user/:id", handler: handler("user"))
        router.alpha.add(pattern: "/post/:id", handler: handler("post"))
        router.default.unmatchedHandler = { [log] url, _ in log.append("unmatched \(url.absoluteString)") }
        router.suspend()
        #expect(router.route(to: "myapp://user/1", parameters: ["source": "push"]))
        #expect(router.route(to: "alpha://post/2"))
        #expect(router.route(to: "myapp://nothing/here") == false)  // not kept
        #expect(router.route(to: "myapp://x y") == false)  // not a URL: refused, not kept
        #expect(log.take() == ["unmatched myapp://nothing/here"])  // at once; no handler ran
        #expect(router.canRoute(to: "myapp://user/3"))  // unaffected
        router.resume()
        #expect(log.take() == ["user 1 push", "post 2 -"])
        #expect(router.route(to: "myapp://user/4"))  // directly again
        #expect(log.take() == ["user 4 -"])
        router.resume()  // not suspended: nothing to do
        #expect(log.take() == [])
    }

    /// Issue 35, item 17: `keptURLs` gave the URLs without the extra parameters they were
    /// routed with; `keptLinks` gives both, in the same order.
    @Test func keptLinksKeepTheirExtraParameters() {
        router.myapp.add(pattern: "/user/:id", handler: handler("user"))
        router.myapp.addGuard(for: "/user/2") { _ in .hold }
        #expect(router.route(to: "myapp://user/2", parameters: ["source": "widget"]))  // held
        router.suspend()
        #expect(router.route(to: "myapp://user/1?ref=mail", parameters: ["source": "push", "n": 3]))
        #expect(router.myapp.route(to: "myapp://user/3"))
        let links = router.keptLinks
        #expect(links.map(\.url) == router.keptURLs)
        #expect(
            links.map(\.url.absoluteString) == [
                "myapp://user/2", "myapp://user/1?ref=mail", "myapp://user/3",
            ])
        #expect(links.map { $0.parameters["source"] as? String } == ["widget", "push", nil])
        #expect(links[1].parameters["n"] as? Int == 3)
        #expect(links[2].parameters.isEmpty)
        router.discardKeptURLs()
        #expect(router.keptLinks.isEmpty)
    }

    @Test func keptURLsAreRoutedAsTheTablesAreWhenResuming() {
        router.default.add(pattern: "/a", handler: handler("first", accept: false))
        router.default.unmatchedHandler = { [log] url, _ in log.append("unmatched \(url.absoluteString)") }
        router.suspend()
        #expect(router.route(to: "myapp://a"))
        router.default.add(pattern: "/a", handler: handler("added while suspended"))
        router.resume()
        #expect(log.take() == ["first - -", "added while suspended - -"])

        router.suspend()
        #expect(router.route(to: "myapp://a"))
        router.default.removeAll()
        router.resume()  // no route any more: the unmatched handler, as when routing
        #expect(log.take() == ["unmatched myapp://a"])
    }

    @Test func theOldestURLsAreDroppedBeyondTheLimit() {
        router.default.add(pattern: "/n/:id", handler: handler("n"))
        router.suspend(keepingAtMost: 2)
        for id in 1...5 { #expect(router.route(to: "myapp://n/\(id)")) }
        router.resume()
        #expect(log.take() == ["n 4 -", "n 5 -"])

    }

    // Regression (review finding 3): `keepingAtMost: 0` returned `true` and dropped the URL.
    @Test func aLimitOfZeroKeepsNothingAndRouteReturnsFalse() {
        router.default.add(pattern: "/n/:id", handler: handler("n"))
        var lines: [String] = []
        router.logger = { lines.append($0) }
        router.suspend(keepingAtMost: 0)
        #expect(router.route(to: "myapp://n/6") == false)
        #expect(router.default.route(to: "myapp://n/7") == false)
        #expect(lines.contains { $0.contains("dropped myapp://n/6") })
        router.resume()
        #expect(log.take() == [])
    }

    // Regression (review finding 3): lowering the limit after 10 were kept routed all 10.
    @Test func loweringTheLimitDropsTheOldestAtOnce() {
        router.default.add(pattern: "/n/:id", handler: handler("n"))
        router.suspend()
        for id in 1...10 { router.route(to: "myapp://n/\(id)") }
        router.suspend(keepingAtMost: 2)
        router.resume()
        #expect(log.take() == ["n 9 -", "n 10 -"])
    }

    // Regression (review finding 3): a handler re-suspending with limit 1 during a resume of 5
    // left 4 kept.
    @Test func suspendingAgainDuringAResumeKeepsAtMostTheNewLimit() {
        router.default.add(pattern: "/n/:id") { [log, unowned router] params in
            log.append("n \(params.string("id") ?? "")")
            if params.string("id") == "1" { router.suspend(keepingAtMost: 1) }
            return true
        }
        router.suspend()
        for id in 1...5 { router.route(to: "myapp://n/\(id)") }
        router.resume()
        #expect(log.take() == ["n 1"])
        router.resume()
        #expect(log.take() == ["n 5"])
    }

    // Regression (review finding 3): `resume()` when not suspended logged "resumed".
    @Test func resumingWhenNotSuspendedDoesNothing() {
        var lines: [String] = []
        router.logger = { lines.append($0) }
        router.resume()
        #expect(lines.isEmpty)
    }

    // Regression (fuzzer, with held URLs in the queue): a handler's resume() while a resume
    // drains the queue, the router no longer suspended, logged "resumed" again.
    @Test func resumingWhileAResumeDrainsDoesNothing() {
        var lines: [String] = []
        router.default.add(pattern: "/n/:id") { [unowned router = self.router, log] params in
            log.append("n \(params.string("id") ?? "")")
            router.resume()
            return true
        }
        router.suspend()
        router.route(to: "myapp://n/1")
        router.route(to: "myapp://n/2")
        router.logger = { lines.append($0) }
        router.resume()
        #expect(lines.filter { $0.contains("] resumed") && !$0.contains("://") } == ["[Routes] resumed"])
        #expect(log.take() == ["n 1", "n 2"])
    }

    // Regression (fuzzer): a logger that resumes on the "resumed" line, with URLs held, began a
    // second resume (and logged "resumed" twice) before the first one drained.
    @Test func aLoggerThatResumesOnTheResumedLineFindsAResumeUnderWay() {
        router.default.add(pattern: "/n/:id", handler: handler("n"))
        router.suspend()
        router.route(to: "myapp://n/1")
        router.route(to: "myapp://n/2")
        var resumedLines = 0
        router.logger = { [unowned router = self.router] line in
            guard line == "[Routes] resumed" else { return }
            resumedLines += 1
            router.resume()
        }
        router.resume()
        #expect(resumedLines == 1)
        #expect(log.take() == ["n 1 -", "n 2 -"])
    }

    /// An unmatched handler called while suspended may resume, route and suspend again.
    @Test func anUnmatchedHandlerMayUseTheQueue() {
        router.default.add(pattern: "/n/:id", handler: handler("n"))
        router.default.unmatchedHandler = { [log, unowned router] url, _ in
            log.append("unmatched \(url.absoluteString)")
            router.resume()
            router.route(to: "myapp://n/from-unmatched")
            router.suspend()
        }
        router.suspend()
        router.route(to: "myapp://n/1")
        #expect(router.route(to: "myapp://nothing") == false)
        #expect(log.take() == ["unmatched myapp://nothing", "n 1 -", "n from-unmatched -"])
        #expect(router.route(to: "myapp://n/2"))  // suspended again by the unmatched handler
        router.resume()
        #expect(log.take() == ["n 2 -"])
    }

    // Regression (review finding 2): a logger that resumed on "dropped" crashed the router
    // (the queue was mutated while the logger ran).
    @Test func aLoggerMayResumeWhenAURLIsDropped() {
        router.default.add(pattern: "/n/:id", handler: handler("n"))
        router.logger = { [unowned router] line in
            if line.contains("dropped") { router.resume() }
        }
        router.suspend(keepingAtMost: 1)
        #expect(router.route(to: "myapp://n/1"))
        #expect(router.route(to: "myapp://n/2"))  // drops n/1; the logger resumes: n/2 is routed
        #expect(log.take() == ["n 2 -"])
        #expect(router.route(to: "myapp://n/3"))  // directly
        #expect(log.take() == ["n 3 -"])
    }

    /// A logger may call any public API from any line, the queue's included.
    @Test func aLoggerMayUseTheRouterFromEveryLine() {
        router.default.add(pattern: "/n/:id", handler: handler("n"))
        var depth = 0
        router.logger = { [unowned router] _ in
            guard depth < 2 else { return }
            depth += 1
            defer { depth -= 1 }
            router.suspend(keepingAtMost: 3)
            router.route(to: "myapp://n/logged")
            router.resume()
            _ = router.canRoute(to: "myapp://n/x")
            router.default.add(pattern: "/n/:id", handler: nil)
            router.default.remove(pattern: "/n/:id")
            router.default.add(pattern: "/n/:id", handler: self.handler("n"))
        }
        router.suspend()
        router.route(to: "myapp://n/1")
        router.resume()
        router.route(to: "myapp://n/2")
        router.logger = nil
        router.resume()
        #expect(router.route(to: "myapp://n/3"))
        #expect(log.take().contains("n 3 -"))
    }

    // Regression (review finding 3): suspend; route a (async handler), b; resume(); route c:
    // handled c, a, b — the suspension ended before the deferred drain did.
    @Test func urlsRoutedWhileAResumeDrainsComeAfterTheKeptOnes() async {
        registerSlowAndFast()
        router.suspend()
        await router.route(to: "myapp://slow/a")
        await router.route(to: "myapp://fast/b")
        syncResume()  // reaches the async handler: the rest continues in a task
        #expect(syncRoute("myapp://fast/c"))  // held behind the kept URLs
        await log.wait(for: 3)
        #expect(log.take() == ["slow a", "fast b -", "fast c -"])
        #expect(syncRoute("myapp://fast/d"))  // the queue is empty: directly again
        #expect(log.take() == ["fast d -"])
    }

    @Test func aTableKeepsItsURLsAndRoutesThemThroughItself() {
        router.alpha.add(pattern: "/a/:id", handler: handler("alpha"))
        router.suspend()
        #expect(router.alpha.route(to: "other://a/1"))  // the table routes whatever the scheme
        #expect(router.route(to: "other://a/2") == false)  // the router picks the global table
        router.resume()
        #expect(log.take() == ["alpha 1 -"])
    }

    @Test func aHandlerThatSuspendsAgainKeepsTheRestInOrder() {
        router.default.add(pattern: "/stop") { [log, unowned router] _ in
            log.append("stop")
            router.suspend()
            router.route(to: "myapp://n/9")  // kept after the URLs not yet routed
            return true
        }
        router.default.add(pattern: "/n/:id", handler: handler("n"))
        router.suspend()
        router.route(to: "myapp://n/1")
        router.route(to: "myapp://stop")
        router.route(to: "myapp://n/2")
        router.resume()
        #expect(log.take() == ["n 1 -", "stop"])
        router.resume()
        #expect(log.take() == ["n 2 -", "n 9 -"])
    }

    @Test func awaitingResumeAwaitsAsyncHandlersInOrder() async {
        registerSlowAndFast()
        router.suspend()
        #expect(await router.route(to: "myapp://slow/1"))
        #expect(router.canRoute(to: "myapp://fast/2"))
        #expect(await router.route(to: "myapp://fast/2"))
        #expect(await router.route(to: "myapp://slow/3"))
        #expect(log.take() == [])
        await router.resume()
        #expect(log.take() == ["slow 1", "fast 2 -", "slow 3"])
    }

    @Test func resumeWithoutAwaitContinuesInOrderInATask() async {
        registerSlowAndFast()
        router.suspend()
        await router.route(to: "myapp://fast/1")
        await router.route(to: "myapp://slow/2")
        await router.route(to: "myapp://fast/3")
        syncResume()
        #expect(log.take() == ["fast 1 -"])  // up to the first async handler, at once
        await log.wait(for: 2)
        #expect(log.take() == ["slow 2", "fast 3 -"])
    }

    /// `/slow/:id`, an `async` handler that suspends a few times, and `/fast/:id`, a synchronous one.
    func registerSlowAndFast() {
        router.default.add(pattern: "/slow/:id") { [log] params async -> Bool in
            for _ in 0..<5 { await Task.yield() }
            log.append("slow \(params.string("id") ?? "")")
            return true
        }
        router.default.add(pattern: "/fast/:id", handler: handler("fast"))
    }

    /// Calls the synchronous `resume()` (in an `async` function, `resume()` is the `async` one).
    func syncResume() { router.resume() }

    /// Calls the synchronous `route(to:)`.
    func syncRoute(_ url: String) -> Bool { router.route(to: url) }
}
