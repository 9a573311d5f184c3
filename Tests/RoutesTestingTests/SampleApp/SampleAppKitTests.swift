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

    // Hand-written until the kit's launch script and round trips land:
    // each returns the problems it found.

    static func launch(of app: SampleApp) -> [String] {
        var problems: [String] = []
        func expect(_ isTrue: Bool, _ problem: @autoclosure () -> String) {
            if !isTrue { problems.append(problem()) }
        }
        app.launch()
        app.open(URL(string: "myapp://user/7/post/3")!)
        app.open(URL(string: "https://example.com/account/orders")!)
        expect(app.path.isEmpty, "opened before the UI is ready: \(app.path)")
        app.uiDidBecomeReady()
        expect(app.path == [.user(7), .post(3)], "myapp://user/7/post/3: \(app.path)")
        expect(app.isShowingSignIn, "https://example.com/account/orders is not held")
        app.didSignIn()
        expect(app.path == [.account("orders")], "https://example.com/account/orders: \(app.path)")
        app.didSignOut()
        app.open(URL(string: "myapp://account/billing")!)
        let kept = app.screens.keptURLs.map(\.absoluteString)
        expect(kept == ["myapp://account/billing"], "myapp://account/billing: kept \(kept)")
        app.didSignOut()
        expect(app.screens.keptURLs.isEmpty, "sign-out keeps \(app.screens.keptURLs)")
        return problems
    }

    static func roundTrips(of app: SampleApp) -> [String] {
        app.isSignedIn = true
        let trips: [(String, String, [String: Any], Screen)] = [
            ("myapp", "/user/:id", ["id": 7], .user(7)), ("myapp", "/post/:id", ["id": 3], .post(3)),
            ("myapp", "/account/:tab", ["tab": "orders"], .account("orders")),
            ("myapp", "/settings", [:], .settings), ("https", "/user/:id", ["id": 7], .user(7)),
            ("https", "/post/:id", ["id": 3], .post(3)),
            ("https", "/account/:tab", ["tab": "orders"], .account("orders")),
        ]
        return trips.compactMap { scheme, pattern, parameters, screen in
            let host = scheme == "https" ? "example.com" : nil
            let url = try? app.screens[scheme].url(for: pattern, host: host, parameters: parameters)
            let back = url.flatMap { app.screens.resolve($0) }
            return back == screen ? nil : "\(pattern) in \(scheme): \(String(describing: back))"
        }
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
        let problems = Self.launch(of: SampleApp())
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func roundTrips() {
        let problems = Self.roundTrips(of: SampleApp())
        #expect(problems.isEmpty, "\(problems)")
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
