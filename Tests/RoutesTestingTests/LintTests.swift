import Testing

@testable import Routes
@testable import RoutesTestSupport
@testable import RoutesTesting

@Suite struct LintTests {
    let router = Router()

    @Test func findsDuplicatesRenamedParametersAndShadowedRoutes() {
        router.default.add(pattern: "/user/:id")
        router.default.add(pattern: "/user/:id")
        router.default.add(pattern: "/user/:userID")
        router.default.add(pattern: "/user/new")
        router.default.add(pattern: "/files/*")
        router.default.add(pattern: "/files/a/b")
        router.default.add(pattern: "/post/new", priority: 1)
        router.default.add(pattern: "/post/:id")
        router.default.add(pattern: "/user/")
        let warnings = router.lint()
        #expect(warnings.map(\.kind) == [.duplicate, .parameterNamesOnly, .shadowed, .shadowed])
        #expect(warnings.map(\.pattern) == ["/user/:id", "/user/:userID", "/user/new", "/files/a/b"])
        #expect(warnings.map(\.earlierPattern) == ["/user/:id", "/user/:id", "/user/:id", "/files/*"])
        #expect(warnings.allSatisfy { $0.scheme == Router.defaultScheme })
        #expect(
            warnings[1].description
                == "[JLRoutesGlobalRoutesScheme] /user/:userID differs from /user/:id only in parameter names; it runs only if /user/:id declines"
        )
    }

    @Test func wildcardExpansionsShadowTheShorterOne() {
        router.alpha.add(pattern: "/files(/*)")
        #expect(
            router.lint().map(\.description) == [
                "[alpha] /files is shadowed by /files/*, which matches every URL it matches; it runs only if /files/* declines"
            ])
    }

    @Test func narrowerOrDisjointPatternsAreFine() {
        router.default.add(pattern: "/user/new")
        router.default.add(pattern: "/user/:id")
        router.default.add(pattern: "/user/:id/*")
        router.default.add(pattern: "/a/:x")
        router.default.add(pattern: "/a/")  // one segment: "a"
        router.default.add(pattern: "/b/:x/c")
        router.default.add(pattern: "/b//c")  // an empty segment cannot match ":x"
        #expect(router.lint().isEmpty)
    }

    @Test func aPatternThatStartsWithASchemeIsAFinding() {
        router.default.add(pattern: "myapp://user/:id")
        router.alpha.add(pattern: "/alpha://settings(/:section)")
        for pattern in ["/docs#/:page", "/x:y/z", "/:id/a", "/1app://x", "/my_app://x", "/a/b://c"] {
            router.beta.add(pattern: pattern)
        }
        let warnings = router.lint()
        #expect(warnings.map(\.kind) == [.schemeInPattern, .schemeInPattern, .schemeInPattern])
        #expect(warnings.map(\.earlierPattern) == [nil, nil, nil])
        #expect(
            warnings.map(\.description) == [
                "[JLRoutesGlobalRoutesScheme] myapp://user/:id starts with a scheme, but a pattern is matched against a URL's path only; register /user/:id in the table of myapp instead",
                "[alpha] /alpha://settings/:section starts with a scheme, but a pattern is matched against a URL's path only; register /settings/:section in the table of alpha instead",
                "[alpha] /alpha://settings starts with a scheme, but a pattern is matched against a URL's path only; register /settings in the table of alpha instead",
            ])
        // What the finding says: such a pattern does not route the URL it looks like.
        #expect(!router.route(to: "myapp://user/42"))
        #expect(!router.route(to: "alpha://settings"))
    }

    /// Finding 10: the advice for `https://example.com/post/:id` was `/example.com/post/:id`,
    /// which never matches (a dotted host is not a segment); the same for `localhost:3000`. Each
    /// advised registration, made in a fresh router, routes the URL the pattern names.
    @Test func theAdviceForAPatternWithASchemeRoutesItsURL() throws {
        let cases: [(pattern: String, url: String, advice: String)] = [
            (
                "https://example.com/post/:id", "https://example.com/post/7",
                "register /post/:id in the table of https with example.com in its hosts instead"
            ),
            (
                "http://localhost:3000/post/:id", "http://localhost:3000/post/7",
                "register /post/:id in the table of http with localhost in its hosts instead"
            ),
            ("myapp://user/:id", "myapp://user/7", "register /user/:id in the table of myapp instead"),
            ("myapp://feed:8080/x", "myapp://feed:8080/x", "register /feed/x in the table of myapp instead"),
            (
                "myapp://localhost/a", "myapp://localhost/a",
                "register /a in the table of myapp with localhost in its hosts instead"
            ),
            ("myapp:///a/b", "myapp:///a/b", "register /a/b in the table of myapp instead"),
            (
                "https://example.com", "https://example.com",
                "register / in the table of https with example.com in its hosts instead"
            ),
            (
                "https://*.example.com/x", "https://www.example.com/x",
                "register /x in the table of https with *.example.com in its hosts instead"
            ),
        ]
        for (pattern, url, advice) in cases {
            let router = Router()
            router.https.add(pattern: pattern)
            let warning = try #require(router.lint().first { $0.kind == .schemeInPattern }, "\(pattern)")
            #expect(warning.description.hasSuffix(advice), "\(warning)")
            #expect(!router.route(to: url), "\(pattern) routes \(url) as it is")
            let fix = try #require(warning.fix)
            let fresh = Router()
            if let host = fix.host { fresh[fix.scheme].hosts = [host] }
            fresh[fix.scheme].add(pattern: fix.pattern)
            #expect(fresh.route(to: url), "\(fix) for \(pattern) does not route \(url)")
            #expect(fresh.lint().isEmpty)
        }
    }

    /// Item 8: `router.routesForScheme` (or any name that is not a member) is the table of that
    /// scheme, created on first use; with no routes and no fallback it routes nothing and keeps the
    /// scheme's URLs from the global table.
    @Test func aSchemeTableThatRoutesNothingIsAFinding() {
        router.default.add(pattern: "/home")
        #expect(router.route(to: "myapp://home"))
        _ = router.myapp  // creates the table of myapp
        #expect(!router.route(to: "myapp://home"))
        let warnings = router.lint()
        #expect(warnings.map(\.kind) == [.emptyTable])
        #expect(warnings.map(\.pattern) == [""])
        #expect(warnings.map(\.scheme) == ["myapp"])
        #expect(
            warnings.map(\.description) == [
                "[myapp] has no routes and does not fall back, so URLs of myapp reach no route, not even the global table's; add its routes, set shouldFallback, or remove it with unregister(scheme:) (reading router.myapp or router[\"myapp\"] creates the table)"
            ])
        #expect(router.myapp.lint().map(\.kind) == [.emptyTable])
        // With fallback, or an unmatched handler, or a route, the table does something.
        router.myapp.shouldFallback = true
        #expect(router.lint().isEmpty)
        router.myapp.shouldFallback = false
        router.myapp.unmatchedHandler = { _, _ in }
        #expect(router.lint().isEmpty)
        router.myapp.unmatchedHandler = nil
        router.myapp.add(pattern: "/a")
        #expect(router.lint().isEmpty)
        // The global table is never empty in this sense: it is where URLs go.
        #expect(Router().lint().isEmpty)
    }

    @Test func aCatchAllInTheGlobalTableIsAFinding() {
        for pattern in ["*", "/:x", "/:a/:b", "/:a/*", "/:a/:b/*", "/home", "/", "/:a/b"] {
            router.default.add(pattern: pattern)
        }
        router.myapp.add(pattern: "/*")  // a table of its own scheme: only myapp URLs reach it
        router.myapp.add(pattern: "/:x")
        let warnings = router.lint().filter { $0.kind == .catchAll }
        #expect(warnings.allSatisfy { $0.scheme == Router.defaultScheme && $0.earlierPattern == nil })
        #expect(warnings.map(\.pattern) == ["*", "/:x", "/:a/:b", "/:a/*", "/:a/:b/*"])
        let reach = warnings.map { $0.description.split(separator: ",")[0] }
        #expect(
            reach == [
                "[JLRoutesGlobalRoutesScheme] * matches every URL",
                "[JLRoutesGlobalRoutesScheme] /:x matches every one-segment URL",
                "[JLRoutesGlobalRoutesScheme] /:a/:b matches every URL of 2 segments",
                "[JLRoutesGlobalRoutesScheme] /:a/* matches every URL of at least one segment",
                "[JLRoutesGlobalRoutesScheme] /:a/:b/* matches every URL of at least 2 segments",
            ])
        #expect(
            warnings[1].description
                == "[JLRoutesGlobalRoutesScheme] /:x matches every one-segment URL, whatever its scheme: the global table receives the URLs of every scheme that has no table of its own, javascript:, file: and http: links included; move it to your app's scheme table or start it with a literal segment"
        )
    }

    /// What the catch-all finding warns about: the global table routes links of any scheme.
    @Test func theGlobalTableReceivesEverySchemeWithoutATable() {
        var reached: [String] = []
        let record: RouteHandler = { params in
            reached.append(params.pattern)
            return true
        }
        router.default.add(pattern: "/:x", handler: record)
        router.default.add(pattern: "/*", handler: record)
        #expect(router.route(to: "javascript:alert(1)"))
        #expect(router.route(to: "file:///etc/passwd"))
        #expect(router.route(to: "http://example.com/anything"))
        #expect(reached == ["/:x", "/*", "/:x"])
        #expect(router.lint().map(\.kind) == [.catchAll, .catchAll])
    }

    @Test func aDefinitionThatMayDeclineShadowsNothing() {
        let byID = router.default.add(pattern: "/post/:id") { params in params.int("id") != nil }
        router.default.add(pattern: "/post/:slug") { _ in true }
        #expect(router.default.lint().map(\.kind) == [.parameterNamesOnly])
        let mayDecline: (Definition) -> Bool = { definition in byID.contains { $0 === definition } }
        #expect(router.default.lint(mayDecline: mayDecline).isEmpty)
        #expect(router.lint(mayDecline: mayDecline).isEmpty)
        // The idiom at work: the slug route runs when the id route declines.
        #expect(router.route(to: "x://post/hello-world"))
    }

    @Test func aLaterDefinitionIsReportedAgainstTheFirstThatDoesNotDecline() {
        router.alpha.add(pattern: "/user/:id", priority: 2)
        router.alpha.add(pattern: "/user/:uid", priority: 1)
        router.alpha.add(pattern: "/user/new")
        router.alpha.add(pattern: "/user/:name", priority: 3)
        let declining: Set<String> = ["/user/:name", "/user/:uid"]
        let warnings = router.lint(mayDecline: { declining.contains($0.pattern) })
        #expect(warnings.map(\.pattern) == ["/user/:uid", "/user/new"])
        #expect(warnings.map(\.earlierPattern) == ["/user/:id", "/user/:id"])
        #expect(warnings.map(\.kind) == [.parameterNamesOnly, .shadowed])
        // Declining changes nothing for the findings about one definition.
        router.default.add(pattern: "/:page")
        #expect(router.lint(mayDecline: { _ in true }).map(\.kind) == [.catchAll])
    }

    @Test func mayDeclineIsAskedOncePerDefinition() {
        router.default.add(pattern: "/a(/:b)(/:c)")
        router.alpha.add(pattern: "/x")
        var asked: [String] = []
        _ = router.lint(mayDecline: { definition in
            asked.append(definition.pattern)
            return false
        })
        #expect(asked == ["/a/:b/:c", "/a/:b", "/a/:c", "/a", "/x"])
    }

    @Test func coverageAgreesWithMatchingOnRandomPatterns() {
        var generator = SeededGenerator(seed: 42)
        var checked = 0
        for _ in 0..<2_000 {
            let router = Router()
            let first = DifferentialCorpus.randomPattern(using: &generator)
            let second = DifferentialCorpus.randomPattern(using: &generator)
            guard let a = router.default.add(pattern: first).first,
                let b = router.default.add(pattern: second).first
            else { continue }
            guard a.parsed.covers(b.parsed) else { continue }
            // Whatever URL matches b must match a.
            for _ in 0..<30 {
                let url = DifferentialCorpus.randomURL(using: &generator)
                guard let parts = URLParts(string: url) else { continue }
                let segments = RouteRequest(parts: parts, options: [], readsAnchors: false).encodedSegments
                if b.parsed.verdict(for: segments) == .matches {
                    checked += 1
                    #expect(a.parsed.verdict(for: segments) == .matches, "\(first) covers \(second)? \(url)")
                }
            }
        }
        #expect(checked > 20)
    }

    // MARK: Redirects and guards

    @Test func aRedirectWhoseTargetMatchesItsOwnPatternLoops() {
        router.myapp.addRedirect(from: "/old/*", to: "/old/new/*")
        router.myapp.add(pattern: "/new/*") { _ in true }
        #expect(!router.route(to: "myapp://old/x"))  // the walk gives up after 8 redirects
        let warnings = router.lint()
        #expect(warnings.map(\.kind) == [.redirectLoop])
        #expect(
            warnings.map(\.description) == [
                "[myapp] /old/* redirects to /old/new/*, which its own pattern matches: /old/* → /old/*; "
                    + "routing stops after 8 redirects and handles nothing"
            ])
    }

    @Test func eachRedirectOfAChainThatComesBackIsReported() {
        router.myapp.addRedirect(from: "/a/:id", to: "/b/:id")
        router.myapp.addRedirect(from: "/b/:id", to: "other://c/:id")
        router.other.addRedirect(from: "/c/:id", to: "myapp://a/:id")
        router.myapp.addRedirect(from: "/d/:id", to: "/a/:id")  // leads into the loop, not back to itself
        router.myapp.add(pattern: "/e/:id") { _ in true }
        #expect(!router.route(to: "myapp://a/7"))
        let warnings = router.lint()
        #expect(warnings.map(\.kind) == [.redirectLoop, .redirectLoop, .redirectLoop])
        #expect(warnings.map(\.pattern) == ["/a/:id", "/b/:id", "/c/:id"])
        #expect(warnings.map(\.scheme) == ["myapp", "myapp", "other"])
        #expect(
            warnings[0].description
                == "[myapp] /a/:id redirects to /b/:id, and the redirects it leads to can lead back to it: "
                + "/a/:id → /b/:id → /c/:id (other) → /a/:id; routing stops after 8 redirects and handles nothing"
        )
    }

    @Test func aRouteThatTakesTheTargetFirstBreaksTheLoop() {
        router.myapp.add(pattern: "/b/:id", priority: 1) { _ in true }
        router.myapp.addRedirect(from: "/a/:id", to: "/b/:id")
        router.myapp.addRedirect(from: "/b/:id", to: "/a/:id")
        #expect(router.route(to: "myapp://a/7"))
        // The redirect /b/:id never runs (the route duplicates its pattern): no loop.
        #expect(router.lint().map(\.kind) == [.duplicate])
        // If the route may decline, the URL can go on to the redirect: a loop.
        let warnings = router.lint(mayDecline: { $0.action?.redirectRoute == nil })
        #expect(warnings.map(\.kind) == [.redirectLoop, .redirectLoop])
        #expect(warnings.map(\.pattern) == ["/a/:id", "/b/:id"])
    }

    @Test func disjointRedirectsDoNotLoop() {
        router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        router.myapp.addRedirect(from: "/user/:id/old", to: "/u/:id")  // /user/7 is not /user/:id/old
        router.myapp.add(pattern: "/user/:id") { _ in true }
        #expect(router.lint().isEmpty)
    }

    @Test func aRedirectTargetThatNoRouteMatchesIsReported() {
        router.myapp.add(pattern: "/user/:id") { _ in true }
        router.myapp.addRedirect(from: "/u/:id", to: "/users/:id")
        let warnings = router.lint()
        #expect(warnings.map(\.kind) == [.unmatchedRedirectTarget])
        #expect(
            warnings.map(\.description) == [
                "[myapp] /u/:id redirects to /users/:id, which no route of the table of myapp matches; "
                    + "routing the target calls the unmatched handler"
            ])
        var unmatched: [String] = []
        router.myapp.unmatchedHandler = { url, _ in unmatched.append(url.absoluteString) }
        router.route(to: "myapp://u/7")
        #expect(unmatched == ["myapp://users/7"])
    }

    @Test func aRedirectTargetInAnotherSchemeOrTheGlobalTableIsFound() {
        router.myapp.addRedirect(from: "/p/:id", to: "web://post/:id")
        router.web.shouldFallback = true
        router.default.add(pattern: "/post/:id") { _ in true }
        router.myapp.addRedirect(from: "/h", to: "nowhere://home")  // no table: the global one
        router.default.add(pattern: "/home") { _ in true }
        #expect(router.lint().isEmpty)
        router.web.shouldFallback = false
        #expect(
            router.lint().map(\.description) == [
                "[myapp] /p/:id redirects to web://post/:id, which no route of the table of web matches; "
                    + "routing the target calls the unmatched handler",
                "[web] has no routes and does not fall back, so URLs of web reach no route, not even the "
                    + "global table's; add its routes, set shouldFallback, or remove it with unregister(scheme:) "
                    + "(reading router.web or router[\"web\"] creates the table)",
            ])
    }

    @Test func aRedirectToAHostTheTargetTableRefusesIsReported() {
        router.https.hosts = ["example.com"]
        router.https.add(pattern: "/new") { _ in true }
        router.https.addRedirect(from: "/old", to: "https://example.com/new")
        router.https.addRedirect(from: "/elsewhere", to: "https://example.org/new")
        #expect(
            router.lint().map(\.description) == [
                "[https] /elsewhere redirects to https://example.org/new, but the hosts of the table of https "
                    + "do not include example.org; routing the target calls the unmatched handler"
            ])
    }

    @Test func eachExpansionOfARedirectPicksItsOwnTarget() {
        router.myapp.add(pattern: "/user/:id") { _ in true }
        router.myapp.addRedirect(from: "/u/:id(/:tab)", to: "/user/:id(/:tab)")
        let warnings = router.lint()
        #expect(warnings.map(\.kind) == [.unmatchedRedirectTarget])
        #expect(warnings.map(\.pattern) == ["/u/:id/:tab"])
        #expect(warnings.first?.description.contains("redirects to /user/:id(/:tab)") == true)
    }

    @Test func aGuardThatNoRouteCanMatchIsReported() {
        router.myapp.add(pattern: "/account/settings") { _ in true }
        router.myapp.add(pattern: "/admin") { _ in true }
        router.myapp.addGuard(for: "/acount/*") { _ in .hold }
        router.myapp.addGuard(for: "/account/*") { _ in .hold }
        router.myapp.addGuard(for: "/admin(/*)") { _ in .refuse }  // its /admin expansion is reached
        router.myapp.addGuard(for: "/:section/settings") { _ in .refuse }
        let warnings = router.lint()
        #expect(warnings.map(\.kind) == [.unreachableGuard])
        #expect(
            warnings.map(\.description) == [
                "[myapp] /acount/* is a guard that no route of the table of myapp can match, so it is never "
                    + "asked: guards are asked only before a route of their own table runs"
            ])
    }

    @Test func aGuardOnTheGlobalTablesRoutesIsNotAskedForAFallingBackTable() {
        router.myapp.shouldFallback = true
        router.myapp.add(pattern: "/home") { _ in true }
        router.default.add(pattern: "/promo/:code") { _ in true }
        var asked = 0
        router.myapp.addGuard(for: "/promo/*") { _ in
            asked += 1
            return .refuse
        }
        #expect(router.route(to: "myapp://promo/x"))
        #expect(asked == 0)
        #expect(
            router.lint().map(\.description) == [
                "[myapp] /promo/* is a guard that no route of the table of myapp can match, so it is never "
                    + "asked: guards are asked only before a route of their own table runs (the global table's "
                    + "routes this table falls back to ask the global table's guards)"
            ])
    }

    @Test func mayDeclineIsAskedOncePerDefinitionAcrossTables() {
        router.myapp.addRedirect(from: "/a", to: "other://b")
        router.other.add(pattern: "/b") { _ in true }
        router.other.addRedirect(from: "/c", to: "myapp://a")
        var asked: [String] = []
        _ = router.lint(mayDecline: { definition in
            asked.append(definition.pattern)
            return false
        })
        #expect(asked.sorted() == ["/a", "/b", "/c"])
    }

    @Test func overlapsAgreesWithMatchingOnRandomPatterns() {
        var generator = SeededGenerator(seed: 7)
        var checked = 0
        for _ in 0..<2_000 {
            let router = Router()
            let first = DifferentialCorpus.randomPattern(using: &generator)
            let second = DifferentialCorpus.randomPattern(using: &generator)
            guard let a = router.default.add(pattern: first).first,
                let b = router.default.add(pattern: second).first
            else { continue }
            #expect(a.parsed.overlaps(b.parsed) == b.parsed.overlaps(a.parsed))
            guard !a.parsed.overlaps(b.parsed) else { continue }
            // No URL matches both.
            for _ in 0..<30 {
                let url = DifferentialCorpus.randomURL(using: &generator)
                guard let parts = URLParts(string: url) else { continue }
                let segments = RouteRequest(parts: parts, options: [], readsAnchors: false).encodedSegments
                if b.parsed.verdict(for: segments) == .matches {
                    checked += 1
                    #expect(
                        a.parsed.verdict(for: segments) != .matches, "\(first) overlaps \(second)? \(url)")
                }
            }
        }
        #expect(checked > 20)
    }
}
