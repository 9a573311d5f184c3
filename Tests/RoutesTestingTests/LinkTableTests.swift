import Foundation
import Routes
import RoutesTesting
import Testing

/// `check(links:)`: a link table routed on the app's own router, its mismatches and coverage.
@MainActor @Suite struct LinkTableTests {
    enum Screen: Equatable {
        case user(Int)
        case post(Int)
        case account
    }

    /// An app: a route that accepts, one that declines drafts, optional groups, a redirect
    /// route, and guards that hold, refuse and redirect (unless the link's query lets it on).
    final class App {
        let router = Router()
        var opened: [String] = []

        init() {
            let myapp = router.myapp
            myapp.add(pattern: "/user/:id") { [weak self] params in
                self?.opened.append("user \(params.string("id") ?? "")")
                return true
            }
            myapp.add(pattern: "/user/:id/settings(/:tab)") { _ in true }
            myapp.add(pattern: "/post/:slug") { params in params.string("slug") != "draft" }
            myapp.add(pattern: "/account/orders") { _ in true }
            myapp.add(pattern: "/cart") { _ in true }
            myapp.add(pattern: "/admin") { _ in true }
            myapp.add(pattern: "/old-checkout/:step") { _ in true }
            myapp.addRedirect(from: "/u/:id", to: "/user/:id")
            myapp.addGuard(for: "/account/*") { params in
                params.string("session") == nil ? .hold : .proceed
            }
            myapp.addGuard(for: "/admin(/*)") { params in
                params.string("staff") == nil ? .refuse : .proceed
            }
            myapp.addGuard(for: "/old-checkout/*") { params in
                params.string("keep") == nil ? .redirect(to: "myapp://cart") : .proceed
            }
        }
    }

    /// Every link routed as expected, every route, guard and redirect reached.
    static let everyLink: KeyValuePairs<String, LinkExpectation<Never>> = [
        "myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id"),
        "myapp://user/7/settings": .route(scheme: "myapp", pattern: "/user/:id/settings(/:tab)"),
        "myapp://user/7/settings/email": .route(scheme: "myapp", pattern: "/user/:id/settings/:tab"),
        "myapp://post/hello": .route(scheme: "myapp", pattern: "/post/:slug"),
        "myapp://post/draft": .unrouted,
        "myapp://u/7": .redirected(to: "myapp://user/7"),
        "myapp://account/orders": .held(by: "/account/*"),
        "myapp://admin": .refused(by: "/admin(/*)"),
        "myapp://old-checkout/2": .redirected(to: "myapp://cart"),
        "myapp://nowhere": .unrouted,
        "myapp://account/orders?session=1": .route(scheme: "myapp", pattern: "/account/orders"),
        "myapp://admin?staff=1": .route(scheme: "myapp", pattern: "/admin"),
        "myapp://old-checkout/2?keep=1": .route(scheme: "myapp", pattern: "/old-checkout/:step"),
    ]

    @Test func aTableRoutedAsExpectedReportsNothing() {
        let app = App()
        let report = app.router.check(links: Self.everyLink)
        #expect(report.isEmpty, "\(report)")
        #expect(report.links == 13)
        #expect(report.description.hasPrefix("13 links: each as expected"))
        // The links were routed for real: handlers ran, the held link waits in the queue.
        #expect(app.opened == ["user 7", "user 7"])
        #expect(app.router.keptURLs.map(\.absoluteString) == ["myapp://account/orders"])
    }

    @Test func aWrongRouteIsReportedWithTheLinkExpectedActualAndExplanation() throws {
        let app = App()
        let report = app.router.check(links: [
            "myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id"),
            "myapp://post/7": .route(scheme: "myapp", pattern: "/user/:id"),
        ])
        #expect(report.mismatches.count == 1)
        let mismatch = try #require(report.mismatches.first)
        #expect(mismatch.link == "myapp://post/7")
        #expect(mismatch.expected == "routed by /user/:id in myapp")
        #expect(mismatch.actual == "routed by /post/:slug in myapp")
        #expect(mismatch.explanation.description.hasPrefix("Routing myapp://post/7"))
        #expect(!report.isEmpty)
        let lines = report.description.split(separator: "\n").map(String.init)
        #expect(
            lines.prefix(4) == [
                "1 of 2 links differs:",
                "myapp://post/7",
                "  expected: routed by /user/:id in myapp",
                "  actual:   routed by /post/:slug in myapp",
            ])
        #expect(lines.contains("    Routing myapp://post/7"))
    }

    /// `explain` sees `/post/:slug` match; only routing knows that its handler declines.
    @Test func aHandlerThatDeclinesIsReportedAsUnrouted() throws {
        let report = App().router.check(links: [
            "myapp://post/draft": .route(scheme: "myapp", pattern: "/post/:slug")
        ])
        let mismatch = try #require(report.mismatches.first)
        #expect(mismatch.actual == "no route accepts it (myapp)")
        #expect(mismatch.explanation.entries.contains { $0.pattern == "/post/:slug" && $0.mismatch == nil })
    }

    @Test func guardOutcomesAreComparedByDecisionAndGuard() {
        let app = App()
        let report = app.router.check(links: [
            "myapp://account/orders": .route(scheme: "myapp", pattern: "/account/orders"),
            "myapp://admin": .held(by: "/admin(/*)"),
            "myapp://old-checkout/2": .redirected(to: "myapp://home"),
            "myapp://user/7": .refused(by: "/admin(/*)"),
        ])
        #expect(
            report.mismatches.map(\.link) == [
                "myapp://account/orders", "myapp://admin", "myapp://old-checkout/2", "myapp://user/7",
            ])
        #expect(
            report.mismatches.map(\.actual) == [
                "held by the guard /account/* in myapp",
                "refused by the guard /admin(/*) in myapp",
                "redirected to myapp://cart, then routed by /cart in myapp",
                "routed by /user/:id in myapp",
            ])
        #expect(
            report.mismatches.map(\.expected) == [
                "routed by /account/orders in myapp",
                "held by the guard /admin(/*)",
                "redirected to myapp://home",
                "refused by the guard /admin(/*)",
            ])
    }

    @Test func aRedirectRouteIsFollowedToTheRouteThatAccepts() {
        let report = App().router.check(links: [
            "myapp://u/7": .route(scheme: "myapp", pattern: "/user/:id"),
            "myapp://u/8": .route(scheme: "myapp", pattern: "/u/:id"),
        ])
        #expect(report.mismatches.map(\.link) == ["myapp://u/8"])
        #expect(
            report.mismatches.first?.actual
                == "redirected to myapp://user/8, then routed by /user/:id in myapp")
    }

    @Test func aPatternWithOptionalGroupsIsMetByAnyOfItsExpansions() {
        let report = App().router.check(links: [
            "myapp://user/7/settings": .route(scheme: "myapp", pattern: "/user/:id/settings(/:tab)"),
            "myapp://user/7/settings/a": .route(scheme: "myapp", pattern: "/user/:id/settings"),
        ])
        #expect(report.mismatches.map(\.link) == ["myapp://user/7/settings/a"])
        #expect(report.mismatches.first?.actual == "routed by /user/:id/settings/:tab in myapp")
    }

    @Test func aSchemeIsComparedIgnoringCaseAndTheGlobalTableNamed() {
        let router = Router()
        router.default.add(pattern: "/home") { _ in true }
        router.myapp.add(pattern: "/home") { _ in true }
        let report = router.check(links: [
            "MyApp://home": .route(scheme: "MYAPP", pattern: "/home"),
            "other://home": .route(scheme: "myapp", pattern: "/home"),
            "not a url": .unrouted,
        ])
        #expect(report.mismatches.map(\.actual) == ["routed by /home in the global table"])
        #expect(report.unreached.isEmpty, "\(report)")
    }

    @Test func coverageNamesEachExpansionGuardAndRedirectThatNoLinkReached() {
        let report = App().router.check(links: [
            "myapp://user/7/settings": .route(scheme: "myapp", pattern: "/user/:id/settings"),
            "myapp://account/orders": .held(by: "/account/*"),
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
        #expect(!report.isEmpty)
        #expect(
            report.unreached.map(\.description) == [
                "route /user/:id in myapp",
                "route /user/:id/settings/:tab in myapp",
                "route /post/:slug in myapp",
                "route /account/orders in myapp",
                "route /cart in myapp",
                "route /admin in myapp",
                "route /old-checkout/:step in myapp",
                "redirect /u/:id to /user/:id in myapp",
                "guard /admin(/*) in myapp",
                "guard /old-checkout/* in myapp",
            ])
        #expect(report.description.contains("not reached by any link:\n  route /user/:id in myapp"))
    }

    /// Leaving the redirect's link out of the full table leaves the redirect unreached.
    @Test func aLinkLeftOutLeavesWhatOnlyItReached() {
        let report = App().router.check(links: [
            "myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id"),
            "myapp://user/7/settings": .route(scheme: "myapp", pattern: "/user/:id/settings"),
            "myapp://user/7/settings/e": .route(scheme: "myapp", pattern: "/user/:id/settings/:tab"),
            "myapp://post/hello": .route(scheme: "myapp", pattern: "/post/:slug"),
            "myapp://account/orders": .held(by: "/account/*"),
            "myapp://account/orders?session=1": .route(scheme: "myapp", pattern: "/account/orders"),
            "myapp://admin?staff=1": .route(scheme: "myapp", pattern: "/admin"),
            "myapp://old-checkout/2": .redirected(to: "myapp://cart"),
            "myapp://old-checkout/2?keep=1": .route(scheme: "myapp", pattern: "/old-checkout/:step"),
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
        #expect(report.unreached.map(\.description) == ["redirect /u/:id to /user/:id in myapp"])
        #expect(
            report.description.hasSuffix("not reached by any link:\n  redirect /u/:id to /user/:id in myapp"))
    }

    /// A suspended router keeps the link: the report says so, and the guard was not asked.
    @Test func aLinkKeptWhileSuspendedIsReportedAndReachesNothing() {
        let app = App()
        app.router.suspend()
        let report = app.router.check(links: ["myapp://account/orders": .held(by: "/account/*")])
        #expect(report.mismatches.map(\.actual) == ["kept: the router is suspended or still resuming"])
        #expect(report.unreached.contains { $0.kind == .guard && $0.pattern == "/account/*" })
        #expect(app.router.keptURLs.map(\.absoluteString) == ["myapp://account/orders"])
    }

    @Test func theAppsObserverStillReceivesEveryEventAndIsKept() {
        let app = App()
        var seen: [RoutingEvent.Kind] = []
        app.router.onEvent = { seen.append($0.kind) }
        _ = app.router.check(links: ["myapp://u/7": .route(scheme: "myapp", pattern: "/user/:id")])
        #expect(seen == [.redirected(to: URL(string: "myapp://user/7")!), .routed])
        app.router.route(to: "myapp://cart")
        #expect(seen.last == .routed)
        #expect(seen.count == 3)
    }

    /// On the main actor, a link that reaches an `async` handler goes on in a task, as
    /// `route(to:)` routes it there: no expectation is met yet, and the report says why.
    @Test func aLinkThatGoesOnInATaskIsReportedSo() async {
        let router = Router()
        var handled: [String] = []
        let feed: AsyncRouteHandler = { params in
            handled.append(params.url.absoluteString)
            return true
        }
        router.myapp.add(pattern: "/feed", handler: feed)
        let report = router.check(links: ["myapp://feed": .route(scheme: "myapp", pattern: "/feed")])
        #expect(
            report.mismatches.map { [$0.link, $0.expected, $0.actual] } == [
                [
                    "myapp://feed", "routed by /feed in myapp",
                    "continues in a task at an async handler or guard: its outcome comes later",
                ]
            ])
        #expect(handled.isEmpty)
        #expect(await router.route(to: "myapp://feed?again"))
        #expect(handled.last == "myapp://feed?again")
    }

    /// One link, one mismatch: the report's first line agrees in number.
    @Test func aOneLinkTableThatDiffersReadsInTheSingular() {
        let report = App().router.check(links: ["myapp://nowhere": .route(scheme: "myapp", pattern: "/cart")])
        #expect(report.description.hasPrefix("1 of 1 link differs:\nmyapp://nowhere\n"), "\(report)")
    }

    // MARK: A route map

    static func screens() -> RouteMap<Screen> {
        let screens = RouteMap<Screen>()
        screens.myapp.add(pattern: "/user/:id") { $0.int("id").map(Screen.user) }
        screens.myapp.add(pattern: "/user/:id/post/:pid") { $0.int("pid").map(Screen.post) }
        screens.myapp.add(pattern: "/account") { _ in .account }
        screens.myapp.addGuard(for: "/account") { _ in .hold }
        return screens
    }

    @Test func aMapIsCheckedByValueStackAndGuard() {
        let screens = Self.screens()
        let report = screens.check(links: [
            "myapp://user/7": .value(.user(7)),
            "myapp://user/7/post/3": .stack([.user(7), .post(3)]),
            "myapp://account": .held(by: "/account"),
            "myapp://user/me": .unrouted,
            "myapp://nowhere": .stack([]),
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
        // The guard holds every link to /account: its route is never reached.
        #expect(report.unreached.map(\.description) == ["route /account in myapp"])
        #expect(screens.keptURLs.map(\.absoluteString) == ["myapp://account"])
    }

    @Test func aMapsWrongValueOrStackIsReportedWithBothValues() {
        let report = Self.screens().check(links: [
            "myapp://user/7": .value(.user(8)),
            "myapp://user/7/post/3": .stack([.post(3)]),
            "myapp://account": .value(.account),
            "myapp://user/9": .unrouted,
        ])
        #expect(
            report.mismatches.map(\.link) == [
                "myapp://user/7", "myapp://user/7/post/3", "myapp://account", "myapp://user/9",
            ])
        #expect(
            report.mismatches.map(\.expected) == [
                "the value user(8)", "the stack [post(3)]", "the value account",
                "no route accepts it",
            ])
        #expect(
            report.mismatches.map(\.actual) == [
                "the value user(7), then routed by /user/:id in myapp",
                "the stack [user(7), post(3)], then routed by /user/:id/post/:pid in myapp",
                "held by the guard /account in myapp",
                "the value user(9), then routed by /user/:id in myapp",
            ])
    }
}
