import Foundation
import Routes
import Testing

/// The new user's suite before the kit (issue 37), reconstructed from the issue: 13 tests,
/// 46 cases, Swift Testing and the public API of Routes only. SampleAppKitTests checks the
/// same with RoutesTesting; the article "Testing your deep links" compares their lengths.
@MainActor @Suite struct SampleAppHandWrittenTests {
    // MARK: Link → screen tables, a test case per row

    nonisolated static let customSchemeLinks: [(String, [Screen])] = [
        ("myapp://user/7", [.user(7)]),
        ("myapp://user/7?ref=mail", [.user(7)]),
        ("myapp://user/7/post/3", [.user(7), .post(3)]),
        ("myapp://user/7/post/3/", [.user(7), .post(3)]),
        ("myapp://user/7/post/3?ref=push", [.user(7), .post(3)]),
        ("myapp://post/3", [.post(3)]),
        ("myapp://settings", [.settings]),
        ("myapp://settings/", [.settings]),
        ("MYAPP://user/7", [.user(7)]),
    ]

    @Test(arguments: customSchemeLinks)
    func customSchemeLinkOpensStack(link: String, expected: [Screen]) {
        let app = SampleApp()
        #expect(app.screens.stack(for: link) == expected, "\(link)")
    }

    nonisolated static let universalLinks: [(String, [Screen])] = [
        ("https://example.com/user/7", [.user(7)]),
        ("https://example.com/user/7?utm_source=mail", [.user(7)]),
        ("https://EXAMPLE.com/user/7", [.user(7)]),
        ("https://example.com/user/7/post/3", [.user(7), .post(3)]),
        ("https://example.com/post/3", [.post(3)]),
        ("https://example.com/post/3/", [.post(3)]),
        ("https://example.com/post/7#comments", [.post(7)]),
        ("https://example.com/user/7/post/3#comments", [.user(7), .post(3)]),
    ]

    @Test(arguments: universalLinks)
    func universalLinkOpensStack(link: String, expected: [Screen]) {
        let app = SampleApp()
        #expect(app.screens.stack(for: link) == expected, "\(link)")
    }

    nonisolated static let legacyLinks: [(String, String, [Screen])] = [
        ("myapp://u/7", "myapp://user/7", [.user(7)]),
        ("myapp://u/7?ref=mail", "myapp://user/7?ref=mail", [.user(7)]),
        ("https://example.com/u/7", "https://example.com/user/7", [.user(7)]),
        ("https://example.com/u/7/", "https://example.com/user/7", [.user(7)]),
    ]

    @Test(arguments: legacyLinks)
    func legacyLinkRedirects(link: String, target: String, expected: [Screen]) {
        let app = SampleApp()
        var targets: [String] = []
        app.screens.onEvent = { event in
            if case .redirected(let url) = event.kind { targets.append(url.absoluteString) }
        }
        #expect(app.screens.resolve(link) == expected.last, "\(link)")
        #expect(targets == [target], "\(link)")
        #expect(app.screens.stack(for: link) == expected, "\(link)")
    }

    nonisolated static let unknownLinks = [
        "myapp://nowhere",
        "myapp://user/abc",
        "myapp://post/abc",
        "https://example.org/user/7",
        "http://example.com/user/7",
        "other://user/7",
        "https://example.com/settings",
    ]

    @Test(arguments: unknownLinks)
    func unknownLinkOpensNothing(link: String) {
        let app = SampleApp()
        #expect(app.screens.openStack(for: link) == .unresolved, "\(link)")
        #expect(app.screens.keptURLs.isEmpty, "\(link)")
    }

    nonisolated static let accountLinks: [(String, Screen)] = [
        ("myapp://account/orders", .account("orders")),
        ("myapp://account/billing", .account("billing")),
        ("https://example.com/account/orders", .account("orders")),
        ("https://example.com/account/billing", .account("billing")),
    ]

    @Test(arguments: accountLinks)
    func accountLinkWaitsForSignIn(link: String, expected: Screen) {
        let app = SampleApp()
        app.open(URL(string: link)!)
        #expect(app.isShowingSignIn, "\(link)")
        #expect(app.path.isEmpty, "\(link)")
        #expect(app.screens.keptURLs.map(\.absoluteString) == [link])
        app.didSignIn()
        #expect(app.path == [expected], "\(link)")
        #expect(!app.isShowingSignIn)
    }

    // MARK: Coverage: every route reached by some row

    @Test func everyRouteIsReached() {
        let app = SampleApp()
        app.isSignedIn = true
        var reached: Set<String> = []
        app.screens.onEvent = { event in
            switch event.kind {
            case .routed, .redirected: reached.insert("\(event.scheme) \(event.pattern ?? "")")
            default: break
            }
        }
        let links =
            Self.customSchemeLinks.map(\.0) + Self.universalLinks.map(\.0)
            + Self.legacyLinks.map(\.0) + Self.accountLinks.map(\.0)
        for link in links { _ = app.screens.stack(for: link) }
        var unreached: [String] = []
        for scheme in app.screens.schemes {
            for definition in app.screens[scheme].definitions
            where !reached.contains("\(scheme) \(definition.pattern)") {
                unreached.append("\(scheme) \(definition.pattern)")
            }
        }
        #expect(unreached.isEmpty, "no row reaches \(unreached)")
    }

    // MARK: Launch and sign-in: the app's own state machine

    @Test func coldLaunchKeepsLinksUntilTheUIIsReady() {
        let app = SampleApp()
        app.launch()
        app.open(URL(string: "myapp://user/7/post/3")!)
        #expect(app.path.isEmpty)
        #expect(!app.isUIReady)
        #expect(app.screens.keptURLs.map(\.absoluteString) == ["myapp://user/7/post/3"])
        app.uiDidBecomeReady()
        #expect(app.isUIReady)
        #expect(app.path == [.user(7), .post(3)])
        #expect(app.screens.keptURLs.isEmpty)
    }

    @Test func coldLaunchAccountLinkWaitsForSignIn() {
        let app = SampleApp()
        app.launch()
        app.open(URL(string: "https://example.com/account/orders")!)
        #expect(!app.isShowingSignIn)
        app.uiDidBecomeReady()
        #expect(app.isShowingSignIn)
        #expect(app.path.isEmpty)
        #expect(app.screens.keptURLs.count == 1)
        app.didSignIn()
        #expect(app.path == [.account("orders")])
        #expect(app.screens.keptURLs.isEmpty)
    }

    @Test func signOutDropsTheHeldLinks() {
        let app = SampleApp()
        var dropped: [String] = []
        app.screens.onEvent = { event in
            if event.kind == .dropped { dropped.append(event.url.absoluteString) }
        }
        app.open(URL(string: "myapp://account/orders")!)
        app.didSignOut()
        #expect(dropped == ["myapp://account/orders"])
        #expect(app.screens.keptURLs.isEmpty)
        app.didSignIn()
        #expect(app.path.isEmpty)
    }

    @Test func heldLinkIsToldFromUnknownLink() {
        let app = SampleApp()
        var kinds: [String: RoutingEvent.Kind] = [:]
        app.screens.onEvent = { event in kinds[event.url.absoluteString] = event.kind }
        // stack(for:) gives [] for both: only the events tell them apart.
        #expect(app.screens.stack(for: "myapp://account/orders").isEmpty)
        #expect(app.screens.stack(for: "myapp://nowhere").isEmpty)
        #expect(kinds["myapp://account/orders"] == .held)
        #expect(kinds["myapp://nowhere"] == .unmatched)
    }

    // MARK: The universal-links file, compared with a literal

    @Test func universalLinksFileIsUnchanged() throws {
        let expected = """
            {"applinks": {"details": [{
                "appIDs": ["ABCDE12345.com.example.app"],
                "components": [
                    {"/": "/user/*"}, {"/": "/post/*"},
                    {"/": "/account/*"}, {"/": "/u/*"}
                ]
            }]}}
            """
        let served = SampleApp().universalLinksFile
        let actual = try JSONSerialization.jsonObject(with: Data(served.utf8)) as? NSDictionary
        let literal = try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? NSDictionary
        #expect(actual == literal, "\(served)")
    }

    // MARK: A snapshot of the route table, pasted from print(router)

    @Test func routeTableSnapshot() {
        let expected = """
            global table (JLRoutesGlobalRoutesScheme)
              (no definitions)
            table https [hosts example.com]
              guard /account/*
              /user/:id  priority 0
              /user/:id/post/:pid  priority 0
              /post/:id  priority 0
              /account/:tab  priority 0
              /u/:id  priority 0  redirects to /user/:id
            table myapp
              guard /account/*
              /user/:id  priority 0
              /user/:id/post/:pid  priority 0
              /post/:id  priority 0
              /account/:tab  priority 0
              /u/:id  priority 0  redirects to /user/:id
              /settings  priority 0
            """
        #expect("\(SampleApp().screens)" == expected)
    }

    // MARK: Round trips: screen → URL → screen, by hand

    nonisolated static let roundTrips: [(Screen, String)] = [
        (.user(7), "myapp"), (.post(3), "myapp"), (.account("orders"), "myapp"),
        (.settings, "myapp"), (.user(7), "https"), (.post(3), "https"),
        (.account("orders"), "https"),
    ]

    @Test(arguments: roundTrips)
    func screenRoundTrips(screen: Screen, scheme: String) throws {
        let app = SampleApp()
        app.isSignedIn = true
        let (pattern, parameters): (String, [String: Any]) =
            switch screen {
            case .user(let id): ("/user/:id", ["id": id])
            case .post(let id): ("/post/:id", ["id": id])
            case .account(let tab): ("/account/:tab", ["tab": tab])
            case .settings: ("/settings", [:])
            }
        let host = scheme == "https" ? "example.com" : nil
        let url = try app.screens[scheme].url(for: pattern, host: host, parameters: parameters)
        #expect(app.screens.resolve(url) == screen, "\(url)")
    }
}
