import Foundation
import Routes
import RoutesTesting
import Testing

/// The new user's suite rewritten with RoutesTesting. Each check is a function that returns a
/// report: the tests expect it empty, and SampleAppBreakageTests expects it to name what broke.
@MainActor @Suite struct SampleAppKitTests {
    /// Every link of the hand-written tables, signed in: each route, redirect and guard of
    /// both tables is reached.
    static let table: KeyValuePairs<String, LinkExpectation<Screen>> = [
        "myapp://user/7": .stack([.user(7)]),
        "myapp://user/7?ref=mail": .stack([.user(7)]),
        "myapp://user/7/post/3": .stack([.user(7), .post(3)]),
        "myapp://user/7/post/3/": .stack([.user(7), .post(3)]),
        "myapp://user/7/post/3?ref=push": .stack([.user(7), .post(3)]),
        "myapp://post/3": .stack([.post(3)]),
        "myapp://settings": .stack([.settings]),
        "myapp://settings/": .stack([.settings]),
        "MYAPP://user/7": .stack([.user(7)]),
        "myapp://account/orders": .stack([.account("orders")]),
        "https://example.com/user/7": .stack([.user(7)]),
        "https://example.com/user/7?utm_source=mail": .stack([.user(7)]),
        "https://EXAMPLE.com/user/7": .stack([.user(7)]),
        "https://example.com/user/7/post/3": .stack([.user(7), .post(3)]),
        "https://example.com/post/3": .stack([.post(3)]),
        "https://example.com/post/3/": .stack([.post(3)]),
        "https://example.com/post/7#comments": .stack([.post(7)]),
        "https://example.com/user/7/post/3#comments": .stack([.user(7), .post(3)]),
        "https://example.com/account/billing": .stack([.account("billing")]),
        "myapp://u/7": .stack([.user(7)]),
        "myapp://u/7?ref=mail": .redirected(to: "myapp://user/7?ref=mail"),
        "https://example.com/u/7": .stack([.user(7)]),
        "https://example.com/u/7/": .redirected(to: "https://example.com/user/7"),
        "myapp://nowhere": .unrouted,
        "myapp://user/abc": .unrouted,
        "myapp://post/abc": .unrouted,
        "https://example.org/user/7": .unrouted,
        "http://example.com/user/7": .unrouted,
        "other://user/7": .unrouted,
        "https://example.com/settings": .unrouted,
    ]

    static func links(of app: SampleApp) -> LinkReport {
        app.isSignedIn = true
        return app.screens.check(links: table)
    }

    /// A cold launch, sign-in and sign-out, run on the app's map as the app runs them.
    static func launch(of app: SampleApp) -> LaunchReport {
        let orders = "https://example.com/account/orders"
        return app.screens.run(script: [
            .launch(suspended: true),
            .open("myapp://user/7/post/3", expect: .kept),
            .open(orders, expect: .kept),
            .uiReady(expect: ["myapp://user/7/post/3": .value(.post(3)), orders: .held(by: "/account/*")]),
            .signIn(expect: [orders: .value(.account("orders"))]) { app.isSignedIn = true },
            .signOut { app.isSignedIn = false },
            .open("myapp://account/billing", expect: .held(by: "/account/*")),
            .signOut(dropping: ["myapp://account/billing"]) { app.isSignedIn = false },
        ])
    }

    /// `print(router)` against `__Snapshots__/SampleAppKitTests/routes.txt`; `environment`
    /// turns record mode on (`ROUTES_RECORD_SNAPSHOTS=1`).
    static func routeTable(
        of app: SampleApp, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> SnapshotReport {
        Snapshot.check("\(app.screens)", named: "routes", environment: environment)
    }

    static func universalLinks(of app: SampleApp) throws -> UniversalLinksReport {
        let file = try AppSiteAssociationFile(json: app.universalLinksFile)
        return app.screens.checkUniversalLinks(file, hosts: ["example.com"])
    }

    @Test func links() {
        let report = Self.links(of: SampleApp())
        #expect(report.isEmpty, "\(report)")
    }

    @Test func launchAndSignIn() {
        let report = Self.launch(of: SampleApp())
        #expect(report.isEmpty, "\(report)")
    }

    @Test func roundTrips() {
        let report = SampleApp().screens.checkRoundTrips()
        #expect(report.isEmpty, "\(report)")
    }

    @Test func routeTable() {
        let report = Self.routeTable(of: SampleApp())
        #expect(report.matches, "\(report)")
    }

    @Test func universalLinksFile() throws {
        let report = try Self.universalLinks(of: SampleApp())
        #expect(report.isEmpty, "\(report)")
    }
}
