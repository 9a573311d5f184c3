import Foundation
import Routes
import RoutesTesting
import Testing

#if canImport(XCTest)
    import XCTest
#endif

/// Review of `check(links:)` (rev37): what a hostile reviewer and a new user found, against the
/// article "Checking a link table", the `///` docs of the link-table symbols and the routing rules.
///
/// The tests under "Findings" each pinned a behaviour that contradicted the docs (they failed
/// until the fixes of rev37); the tests under "What held" passed from the start.
@MainActor @Suite struct ReviewLinkTableTests {

    // MARK: - Findings

    /// Review finding: an app whose unmatched handler opens a home screen (a common pattern)
    /// routes `myapp://home` from it. The `unmatched` event of the link is sent before the
    /// unmatched handler is called (Walk.swift, `report(.unmatched…)` then the handler), so the
    /// link's "decision" (the last ending event, LinkOutcome.decision) is the *home* URL's
    /// `routed`. The docs: `.unrouted` is "no route accepts the link: none matches, or every one
    /// declines (the unmatched handler is called)".
    @Test func anUnmatchedHandlerThatRoutesHomeLeavesTheLinkUnrouted() {
        let router = Router()
        router.myapp.add(pattern: "/home") { _ in true }
        router.myapp.unmatchedHandler = { [unowned router] _, _ in
            router.route(to: "myapp://home")
        }
        let report = router.check(links: [
            "myapp://nowhere": .unrouted,
            "myapp://home": .route(scheme: "myapp", pattern: "/home"),
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
    }

    /// Review finding: the sign-in flow of GuardsRedirectsAndEvents.md with an observer that
    /// routes the sign-in screen when a link is held ("the observer may call any of the router's
    /// API — route another URL"). The events of what an observer starts come after the `held`
    /// event, so LinkOutcome.decision is the sign-in URL's `routed`, and `.held(by:)` fails.
    @Test func anObserverThatRoutesSignInOnHeldKeepsTheLinkHeld() {
        let router = Router()
        router.myapp.add(pattern: "/account/:tab") { _ in true }
        router.myapp.add(pattern: "/sign-in") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in .hold }
        router.onEvent = { [unowned router] event in
            if event.kind == .held { router.route(to: "myapp://sign-in") }
        }
        let report = router.check(links: ["myapp://account/billing": .held(by: "/account/*")])
        #expect(report.mismatches.isEmpty, "\(report)")
    }

    /// Review finding: a held link that pushes the oldest held link out of a full queue. The
    /// library sends the new link's `held`, then the `dropped` of the *old* URL; LinkOutcome
    /// takes the last ending event, the other URL's `dropped`, so the link reads as "dropped:
    /// the router's queue keeps nothing" although it was held. With the default limit (16)
    /// this is any table with more than 16 held links; a limit of 1 shows it with two.
    @Test func aHeldLinkThatPushesAnOlderOneOutIsStillReportedHeld() {
        let router = Router()
        router.myapp.add(pattern: "/account/:tab") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in .hold }
        router.suspend(keepingAtMost: 1)
        router.resume()  // the limit stays after resume()
        let report = router.check(links: [
            "myapp://account/a": .held(by: "/account/*"),
            "myapp://account/b": .held(by: "/account/*"),
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
        #expect(router.keptURLs.map(\.absoluteString) == ["myapp://account/b"])
    }

    /// The same with the default limit of 16: the 17th held link of a table.
    @Test func theSeventeenthHeldLinkOfATableIsReportedHeld() {
        let router = Router()
        router.myapp.add(pattern: "/account/:tab") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in .hold }
        var differing: [String] = []
        for n in 1...17 {
            let link = "myapp://account/\(n)"
            let report = router.check(links: [link: .held(by: "/account/*")])
            differing += report.mismatches.map { "\($0.link): \($0.actual)" }
        }
        #expect(differing.isEmpty, "\(differing)")
        #expect(router.keptURLs.count == 16)
    }

    /// Review finding: the docs say a link that reaches an `async` handler "is routed as the
    /// synchronous `route(to:)` routes it". From a `@MainActor` test, `route(to:)` returns
    /// `true` and the walk goes on in a task on the main actor. But `check(links:)` takes no
    /// `isolation` and calls `route(to:)` from a nonisolated body (Router+CheckLinks.swift,
    /// `_ = route(to: link)`), so every link is routed as by a caller *without* isolation: the
    /// walk stops at the async handler, the app's unmatched handler is called, and the report
    /// says "no route accepts it" — `.unrouted` passes for a link the app opens, and a
    /// `.route` expectation fails with no hint that the handler is async.
    @Test func aLinkThatReachesAnAsyncHandlerIsCheckedAsTheCallersRouteToRoutesIt() {
        let router = Router()
        var unmatched = 0
        router.myapp.unmatchedHandler = { _, _ in unmatched += 1 }
        let accept: AsyncRouteHandler = { _ in
            await Task.yield()
            return true
        }
        router.myapp.add(pattern: "/feed", handler: accept)
        #expect(router.route(to: "myapp://feed"))  // the app, on the main actor: true
        let report = router.check(links: [
            "myapp://feed?a": .unrouted,
            "myapp://feed?b": .route(scheme: "myapp", pattern: "/feed"),
        ])
        // `.unrouted` must not hold for a link the app's `route(to:)` takes (returns `true`).
        #expect(report.mismatches.map(\.link).contains("myapp://feed?a"), "\(report)")
        #expect(unmatched == 0)  // the app's unmatched handler is not called by the app's routing
    }

    /// Review finding: coverage says a guard is reached "when routing asked it", and
    /// `askedGuards`' own doc says a guard that refuses ends routing there. But
    /// RouteExplanation.Table.askedGuards (RouteExplanation.swift:176) lists every matching
    /// guard, so a guard after one that refuses counts as reached although routing never asked it.
    @Test func aGuardAfterOneThatRefusesIsUnreached() {
        let router = Router()
        var asked: [String] = []
        router.myapp.add(pattern: "/admin/:page") { _ in true }
        router.myapp.addGuard(for: "/admin/*") { _ in
            asked.append("first")
            return .refuse
        }
        router.myapp.addGuard(for: "/admin/:page") { _ in
            asked.append("second")
            return .proceed
        }
        let report = router.check(links: ["myapp://admin/users": .refused(by: "/admin/*")])
        #expect(report.mismatches.isEmpty, "\(report)")
        #expect(asked == ["first"])  // routing asked the first guard only
        #expect(
            report.unreached.map(\.description).contains("guard /admin/:page in myapp"), "\(report)")
    }

    /// Review finding: a guard of the global table is asked only when routing falls back to it
    /// (GuardsRedirectsAndEvents.md). A link that the scheme's table accepts never falls back,
    /// yet the global table's guard counts as reached: askedGuards flattens every table explain
    /// lists (RouteExplanation.swift:155), fallback or not.
    @Test func aGlobalGuardIsUnreachedWhenNoLinkFellBack() {
        let router = Router()
        var asked = false
        router.myapp.shouldFallback = true
        router.myapp.add(pattern: "/home") { _ in true }
        router.default.add(pattern: "/home") { _ in true }
        router.default.addGuard(for: "/home") { _ in
            asked = true
            return .proceed
        }
        let report = router.check(links: ["myapp://home": .route(scheme: "myapp", pattern: "/home")])
        #expect(report.mismatches.isEmpty, "\(report)")
        #expect(!asked)
        #expect(
            report.unreached.map(\.description).contains("guard /home in the global table"), "\(report)")
    }

    /// Review finding: coverage keys a route by its table and pattern *text*
    /// (LinkCoverage.Key), so of two routes with the same text — a high-priority one that
    /// always accepts and a fallback one after it — the second counts as reached although no
    /// link reached its closure. The docs: "each route (one per expansion of its optional
    /// groups) whose closure no link reached".
    @Test func aRouteWithTheSameTextAsOneThatAcceptsFirstIsUnreached() {
        let router = Router()
        var asked: [String] = []
        router.myapp.add(pattern: "/post/:id", priority: 10) { _ in
            asked.append("first")
            return true
        }
        router.myapp.add(pattern: "/post/:id") { _ in
            asked.append("second")
            return true
        }
        let report = router.check(links: ["myapp://post/7": .route(scheme: "myapp", pattern: "/post/:id")])
        #expect(asked == ["first"])
        #expect(report.unreached.map(\.description) == ["route /post/:id in myapp"], "\(report)")
    }

    /// The same with an optional group: `/user/:id` registered alone, then `/user/:id(/:tab)`,
    /// whose expansion `/user/:id` is never asked (the first route accepts every such link).
    @Test func anExpansionShadowedByARouteOfTheSameTextIsUnreached() {
        let router = Router()
        var grouped = 0
        router.myapp.add(pattern: "/user/:id") { _ in true }
        router.myapp.add(pattern: "/user/:id(/:tab)") { _ in
            grouped += 1
            return true
        }
        let report = router.check(links: [
            "myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id"),
            "myapp://user/7/posts": .route(scheme: "myapp", pattern: "/user/:id/:tab"),
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
        #expect(grouped == 1)  // only /user/7/posts reached the grouped route
        #expect(report.unreached.map(\.description) == ["route /user/:id in myapp"], "\(report)")
    }

    /// Review finding: `.route(scheme:pattern:)` given the pattern with its groups names that
    /// route ("the pattern with its groups, which any of its expansions satisfies"), but
    /// LinkOutcome.satisfies compares texts only: a different route whose text is one of the
    /// expansions satisfies it, although the grouped route's closure never ran.
    @Test func aPatternWithGroupsIsNotMetByAnotherRouteOfTheSameText() {
        let router = Router()
        var grouped = 0
        router.myapp.add(pattern: "/user/:id") { _ in true }  // the legacy screen
        router.myapp.add(pattern: "/user/:id(/:tab)") { _ in
            grouped += 1
            return true
        }
        let report = router.check(links: [
            "myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id(/:tab)")
        ])
        #expect(grouped == 0)
        #expect(report.mismatches.map(\.link) == ["myapp://user/7"], "\(report)")
    }

    /// Review finding: a handler may change `onEvent` (the rules: a handler may call any of the
    /// router's API). check(links:) restores the observer it found in a `defer`
    /// (Router+CheckLinks.swift, `defer { onEvent = observer }`), silently undoing the app's
    /// change; and from that moment on the check records no events, so the next link is
    /// reported wrongly.
    @Test func anObserverSetByAHandlerDuringTheCheckIsKeptAndTheCheckGoesOn() {
        let router = Router()
        var installed: [RoutingEvent.Kind] = []
        router.myapp.add(pattern: "/start") { [unowned router] _ in
            router.onEvent = { installed.append($0.kind) }  // e.g. analytics set up on launch
            return true
        }
        router.myapp.add(pattern: "/user/:id") { _ in true }
        let report = router.check(links: [
            "myapp://start": .route(scheme: "myapp", pattern: "/start"),
            "myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id"),
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
        #expect(router.onEvent != nil, "the app's observer was replaced by the one found before the check")
        router.route(to: "myapp://user/8")
        #expect(installed.last == .routed)
    }

    /// Review finding: `.redirected(to:)` is "a redirect route or a guard sends *the link* to
    /// url", but LinkOutcome.redirectTargets reads every `redirected` event of the link's
    /// routing, those of URLs a handler routed included: a link that was never redirected
    /// satisfies it.
    @Test func aRedirectOfAURLAHandlerRoutedIsNotTheLinksRedirect() {
        let router = Router()
        router.myapp.add(pattern: "/user/:id") { _ in true }
        router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        router.myapp.add(pattern: "/inbox") { [unowned router] _ in
            router.route(to: "myapp://u/7")  // e.g. opens the sender's profile too
            return true
        }
        let report = router.check(links: ["myapp://inbox": .redirected(to: "myapp://user/7")])
        #expect(report.mismatches.map(\.link) == ["myapp://inbox"], "\(report)")
    }

    /// Review finding: with a queue limit of 0, a guard that holds makes routing drop the link
    /// (a `dropped` event). The guard *was* asked, but LinkCoverage.record skips `dropped`
    /// events before reading askedGuards, so the guard is listed as unreached.
    @Test func aGuardAskedForALinkTheQueueDropsIsReached() {
        let router = Router()
        var asked = 0
        router.myapp.add(pattern: "/account/:tab") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in
            asked += 1
            return .hold
        }
        router.suspend(keepingAtMost: 0)
        router.resume()
        let report = router.check(links: ["myapp://account/a": .unrouted])
        #expect(asked == 1)
        #expect(
            !report.unreached.contains { $0.kind == .guard && $0.pattern == "/account/*" }, "\(report)")
    }

    /// Review finding (the article as a new user copies it): its XCTest example marks the test
    /// method `@MainActor`. On Linux, a platform Routes supports, swift-corelibs-xctest cannot
    /// call an actor-isolated test method: the test bundle traps while listing its tests
    /// ("Could not cast value of type '(DeepLinkTests) -> @MainActor () -> ()'"), so no test
    /// of the target runs. `check(links:)` needs no actor; the example works without it
    /// (`ReviewDeepLinkXCTests`). CheckingALinkTable.md:49.
    @Test func theArticlesXCTestExampleRunsOnLinux() throws {
        let article = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/RoutesTesting/RoutesTesting.docc/CheckingALinkTable.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        #expect(!text.contains("@MainActor func testDeepLinks()"))
    }

    // MARK: - What held

    /// The article's first example, as a new user copies it.
    @MainActor static func appRouter() -> Router {
        let router = Router()
        router.myapp.add(pattern: "/user/:id") { _ in true }
        router.myapp.add(pattern: "/account/orders") { _ in true }
        router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        router.myapp.addGuard(for: "/account/*") { _ in .hold }
        return router
    }

    @Test func theArticlesFirstExampleCompilesAndPasses() {
        let report = Self.appRouter().check(links: [
            "myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id"),
            "myapp://u/7": .redirected(to: "myapp://user/7"),
            "myapp://account/orders": .held(by: "/account/*"),
            "myapp://nowhere": .unrouted,
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
        // The guard holds every /account link: its route is unreached, as coverage says.
        #expect(report.unreached.map(\.description) == ["route /account/orders in myapp"])
    }

    enum Screen: Equatable {
        case user(Int)
        case post(Int)
    }

    @Test func theArticlesRouteMapExampleCompilesAndIsEmpty() {
        let screens = RouteMap<Screen>()
        screens.myapp.add(pattern: "/user/:id") { $0.int("id").map(Screen.user) }
        screens.myapp.add(pattern: "/user/:id/post/:p") {
            $0.int("p").map(Screen.post)
        }
        let report = screens.check(links: [
            "myapp://user/7": .value(.user(7)),
            "myapp://user/7/post/3": .stack([.user(7), .post(3)]),
        ])
        #expect(report.isEmpty, "\(report)")
    }

    /// A stack link reaches the routes of its prefixes.
    @Test func aStackLinkReachesItsPrefixesRoutes() {
        let screens = RouteMap<Screen>()
        screens.myapp.add(pattern: "/user/:id") { $0.int("id").map(Screen.user) }
        screens.myapp.add(pattern: "/user/:id/post/:p") { $0.int("p").map(Screen.post) }
        let report = screens.check(links: ["myapp://user/7/post/3": .stack([.user(7), .post(3)])])
        #expect(report.isEmpty, "\(report)")
    }

    /// Review finding: a guard that holds a stack link at one of its prefixes ("a guard that
    /// holds a prefix or the URL holds the link once, as the link", RoutingRules) was asked by
    /// routing, and the report says the link was held by it — yet coverage lists the guard as
    /// "not reached by any link". LinkCoverage.record reads the guards from `explain` of each
    /// event's URL (the whole link), where the prefix's guard does not match
    /// (LinkCoverage.swift:43), not from the prefixes the stack walked.
    @Test func aGuardThatHoldsAStackAtAPrefixIsReached() {
        let screens = RouteMap<Screen>()
        screens.myapp.add(pattern: "/user/:id") { $0.int("id").map(Screen.user) }
        screens.myapp.add(pattern: "/user/:id/post/:p") { $0.int("p").map(Screen.post) }
        screens.myapp.addGuard(for: "/user/:id") { _ in .hold }
        let report = screens.check(links: ["myapp://user/8/post/3": .stack([])])
        // What the map answered: held at the prefix (no `.held` for a stack: see the report).
        #expect(report.mismatches.first?.actual == "held by the guard /user/:id in myapp")
        #expect(screens.keptURLs.map(\.absoluteString) == ["myapp://user/8/post/3"])
        #expect(
            !report.unreached.contains { $0.kind == .guard && $0.pattern == "/user/:id" }, "\(report)")
    }

    @Test func eachWrongExpectationIsReportedWithItsLinkExpectedAndActual() {
        let router = Self.appRouter()
        router.myapp.add(pattern: "/admin") { _ in true }
        router.myapp.addGuard(for: "/admin") { _ in .refuse }
        let report = router.check(links: [
            "myapp://user/7": .unrouted,
            "myapp://nowhere": .route(scheme: "myapp", pattern: "/user/:id"),
            "myapp://admin": .held(by: "/admin"),
            "myapp://account/orders": .refused(by: "/account/*"),
            "myapp://user/8": .redirected(to: "myapp://user/8"),
        ])
        #expect(
            report.mismatches.map { [$0.link, $0.expected, $0.actual] } == [
                ["myapp://user/7", "no route accepts it", "routed by /user/:id in myapp"],
                ["myapp://nowhere", "routed by /user/:id in myapp", "no route accepts it (myapp)"],
                ["myapp://admin", "held by the guard /admin", "refused by the guard /admin in myapp"],
                [
                    "myapp://account/orders", "refused by the guard /account/*",
                    "held by the guard /account/* in myapp",
                ],
                ["myapp://user/8", "redirected to myapp://user/8", "routed by /user/:id in myapp"],
            ])
        #expect(report.description.hasPrefix("5 of 5 links differ:\nmyapp://user/7\n  expected:"))
    }

    @Test func anEmptyTableReportsEveryDefinitionUnreached() {
        let router = Self.appRouter()
        let report = router.check(links: [:])
        #expect(report.links == 0 && report.mismatches.isEmpty)
        #expect(
            report.unreached.map(\.description) == [
                "route /user/:id in myapp", "route /account/orders in myapp",
                "redirect /u/:id to /user/:id in myapp", "guard /account/* in myapp",
            ])
        #expect(report.description.hasPrefix("0 links: each as expected\nnot reached by any link:"))
    }

    @Test func aDuplicateLinkIsRoutedTwiceAndEachIsChecked() {
        var opened = 0
        let router = Router()
        router.myapp.add(pattern: "/user/:id") { _ in
            opened += 1
            return true
        }
        let report = router.check(links: [
            "myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id"),
            "myapp://user/7": .unrouted,
        ])
        #expect(opened == 2)
        #expect(report.links == 2)
        #expect(report.mismatches.count == 1)
    }

    @Test func malformedLinksAndSchemesWithoutATableAreUnrouted() {
        let router = Self.appRouter()
        let report = router.check(links: [
            "": .unrouted,
            "http://[": .unrouted,
            "other://user/7": .unrouted,  // the global table is empty
            "": .route(scheme: "myapp", pattern: "/user/:id"),
        ])
        #expect(report.mismatches.map(\.link) == [""])
        #expect(report.mismatches.first?.actual == "nothing: not a URL")
    }

    @Test func aSchemeWithoutATableFallsToTheGlobalTableAndIsReachedThere() {
        let router = Router()
        router.default.add(pattern: "/help") { _ in true }
        router.default.addGuard(for: "/help") { _ in .proceed }
        let report = router.check(links: [
            "other://help": .route(scheme: Router.defaultScheme, pattern: "/help")
        ])
        #expect(report.isEmpty, "\(report)")
    }

    @Test func fallbackReachesTheGlobalTablesRouteAndGuard() {
        let router = Router()
        router.myapp.shouldFallback = true
        router.myapp.add(pattern: "/home") { _ in true }
        router.default.add(pattern: "/help") { _ in true }
        router.default.addGuard(for: "/help") { _ in .proceed }
        let report = router.check(links: [
            "myapp://home": .route(scheme: "myapp", pattern: "/home"),
            "myapp://help": .route(scheme: Router.defaultScheme, pattern: "/help"),
        ])
        #expect(report.isEmpty, "\(report)")
    }

    @Test func aGlobalGuardWithFallbackDecides() {
        let router = Router()
        router.myapp.shouldFallback = true
        router.default.add(pattern: "/help") { _ in true }
        router.default.addGuard(for: "/help") { _ in .refuse }
        let report = router.check(links: ["myapp://help": .refused(by: "/help")])
        #expect(report.mismatches.isEmpty, "\(report)")
        #expect(report.mismatches.isEmpty)
    }

    @Test func aRedirectChainReachesEachRedirectAndTheGuardThatRedirects() {
        let router = Router()
        router.myapp.add(pattern: "/user/:id") { _ in true }
        router.myapp.add(pattern: "/waitlist") { _ in true }
        router.myapp.addRedirect(from: "/u/:id", to: "/profile/:id")
        router.myapp.addRedirect(from: "/profile/:id", to: "/user/:id")
        router.myapp.addRedirect(from: "/loop", to: "/loop")
        router.myapp.add(pattern: "/beta/*") { _ in true }
        router.myapp.addGuard(for: "/beta/*") { _ in .redirect(to: "myapp://waitlist") }
        let report = router.check(links: [
            "myapp://u/7?ref=a": .redirected(to: "myapp://profile/7?ref=a"),
            "myapp://u/8": .route(scheme: "myapp", pattern: "/user/:id"),
            "myapp://beta/x": .route(scheme: "myapp", pattern: "/waitlist"),
            "myapp://loop": .redirected(to: "myapp://loop"),
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
        #expect(report.unreached.map(\.description) == ["route /beta/* in myapp"], "\(report)")
    }

    /// A redirect route is reached whatever its link carries: query, fragment, escapes, a
    /// wildcard with empty components, through fallback.
    @Test func aRedirectIsReachedWhateverItsLinkCarries() {
        let router = Router()
        router.myapp.shouldFallback = true
        router.myapp.add(pattern: "/user/:id") { _ in true }
        router.myapp.add(pattern: "/new/*") { _ in true }
        router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        router.myapp.addRedirect(from: "/old/*", to: "/new/*")
        router.default.add(pattern: "/help") { _ in true }
        router.default.addRedirect(from: "/h", to: "myapp://help")
        var report = router.check(links: [
            "myapp://u/caf%C3%A9?ref=a%20b#top": .route(scheme: "myapp", pattern: "/user/:id"),
            "myapp://old/a//b/": .route(scheme: "myapp", pattern: "/new/*"),
            "myapp://h": .route(scheme: Router.defaultScheme, pattern: "/help"),
        ])
        #expect(report.isEmpty, "\(report)")
        report = router.check(links: ["myapp://u/%F0%9F%91%8D?x=%2F&y#a%20b": .redirected(to: "")])
        #expect(!report.unreached.contains { $0.pattern == "/u/:id" }, "\(report)")
    }

    @Test func aLinkToATableThatCrossesSchemesByRedirect() {
        let router = Router()
        router.https.hosts = ["example.com"]
        router.https.addRedirect(from: "/p/:id", to: "myapp://post/:id")
        router.myapp.add(pattern: "/post/:id") { _ in true }
        let report = router.check(links: [
            "https://example.com/p/7": .route(scheme: "myapp", pattern: "/post/:id"),
            "https://example.com/p/8": .redirected(to: "myapp://post/8"),
        ])
        #expect(report.isEmpty, "\(report)")
    }

    @Test func aDecliningRouteIsReachedAndTheLinkUnrouted() {
        let router = Router()
        router.myapp.add(pattern: "/post/:id") { _ in false }
        let report = router.check(links: ["myapp://post/7": .unrouted])
        #expect(report.isEmpty, "\(report)")
    }

    @Test func theSameTextInTwoTablesIsToldApartByScheme() {
        let router = Router()
        router.myapp.add(pattern: "/home") { _ in true }
        router.shop.add(pattern: "/home") { _ in true }
        let report = router.check(links: [
            "myapp://home": .route(scheme: "shop", pattern: "/home"),
            "shop://home": .route(scheme: "shop", pattern: "/home"),
        ])
        #expect(report.mismatches.map(\.link) == ["myapp://home"])
        #expect(report.unreached.isEmpty)
    }

    @Test func thePriorityWinnerIsTheRouteReported() {
        let router = Router()
        router.myapp.add(pattern: "/post/:id") { _ in true }
        router.myapp.add(pattern: "/post/new", priority: 5) { _ in true }
        let report = router.check(links: [
            "myapp://post/new": .route(scheme: "myapp", pattern: "/post/new"),
            "myapp://post/7": .route(scheme: "myapp", pattern: "/post/:id"),
        ])
        #expect(report.isEmpty, "\(report)")
    }

    @Test func theObserverKeptHeldLinksAndSuspensionAreAsTheCheckFoundThem() {
        let router = Self.appRouter()
        var seen = 0
        router.onEvent = { _ in seen += 1 }
        router.suspend()
        _ = router.check(links: ["myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id")])
        #expect(router.keptURLs.map(\.absoluteString) == ["myapp://user/7"])
        #expect(seen == 1)
        router.resume()
        #expect(router.keptURLs.isEmpty)
        #expect(seen == 3)  // resumed, routed: the app's observer is back
    }

    /// A handler that checks a table itself: both reports are right and the observer restored.
    @Test func aHandlerThatChecksLinksItselfLeavesBothReportsRight() {
        let router = Router()
        var inner: LinkReport?
        var seen: [RoutingEvent.Kind] = []
        router.onEvent = { seen.append($0.kind) }
        router.myapp.add(pattern: "/user/:id") { _ in true }
        router.myapp.add(pattern: "/self-test") { [unowned router] _ in
            inner = router.check(links: ["myapp://user/1": .route(scheme: "myapp", pattern: "/user/:id")])
            return true
        }
        let outer = router.check(links: [
            "myapp://self-test": .route(scheme: "myapp", pattern: "/self-test")
        ])
        #expect(outer.mismatches.isEmpty, "\(outer)")
        #expect(inner?.mismatches.isEmpty == true)
        #expect(seen == [.routed, .routed])
        router.route(to: "myapp://user/2")
        #expect(seen.count == 3)
    }

    /// A handler that registers a route during the check: coverage lists it, as the tables are
    /// at the end of the check.
    @Test func aRouteAddedByAHandlerDuringTheCheckIsCovered() {
        let router = Router()
        router.myapp.add(pattern: "/setup") { [unowned router] _ in
            router.myapp.add(pattern: "/late") { _ in true }
            return true
        }
        let report = router.check(links: [
            "myapp://setup": .route(scheme: "myapp", pattern: "/setup"),
            "myapp://late": .route(scheme: "myapp", pattern: "/late"),
        ])
        #expect(report.isEmpty, "\(report)")
    }

    /// A router owned by a plain thread, without isolation: async handlers are not handled, as
    /// the synchronous `route(to:)` says (the unmatched handler is called).
    @Test func aRouterOnAPlainThreadIsChecked() async {
        let result = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
            let thread = Thread {
                let router = Router()
                router.myapp.add(pattern: "/user/:id") { _ in true }
                let slow: AsyncRouteHandler = { _ in true }
                router.myapp.add(pattern: "/feed", handler: slow)
                let report = router.check(links: [
                    "myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id"),
                    "myapp://feed": .unrouted,
                ])
                done.resume(returning: report.description)
            }
            thread.start()
        }
        #expect(result.hasPrefix("2 links: each as expected"), "\(result)")
    }

    /// The XCTest form of the article: `report.description` as the failure message.
    @Test func theReportsDescriptionReadsAsTheArticleShows() {
        let report = Self.appRouter().check(links: [
            "myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id"),
            "myapp://u/7": .redirected(to: "myapp://user/7"),
            "myapp://account/orders": .route(scheme: "myapp", pattern: "/account/orders"),
            "myapp://nowhere": .unrouted,
        ])
        let lines = report.description.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(5)) == [
                "1 of 4 links differs:",
                "myapp://account/orders",
                "  expected: routed by /account/orders in myapp",
                "  actual:   held by the guard /account/* in myapp",
                "    Routing myapp://account/orders",
            ])
    }
}

#if canImport(XCTest)
    /// The article's XCTest example without its `@MainActor`: `check(links:)` needs no actor.
    /// (With `@MainActor` on the test method, as the article wrote it, swift-corelibs-xctest
    /// traps while listing the tests on Linux: see `theArticlesXCTestExampleRunsOnLinux`.)
    final class ReviewDeepLinkXCTests: XCTestCase {
        func testDeepLinks() {
            let router = Router()
            router.myapp.add(pattern: "/user/:id") { _ in true }
            let report = router.check(links: [
                "myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id")
            ])
            XCTAssertTrue(report.isEmpty, report.description)
        }
    }
#endif
