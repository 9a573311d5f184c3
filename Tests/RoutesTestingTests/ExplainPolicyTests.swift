import Foundation
import Testing

@testable import Routes
@testable import RoutesTesting

/// `explain` shows the guards each table would ask and where redirects send the URL.
@Suite struct ExplainPolicyTests {
    let router = Router()

    @Test func theMatchingGuardsOfATableWithAMatchAreAsked() {
        router.myapp.add(pattern: "/account/:section") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in .hold }
        router.myapp.addGuard(for: "/admin(/*)") { _ in .refuse }
        router.myapp.addGuard(for: "/:any/email") { _ in .proceed }
        let explanation = router.explain("myapp://account/email")
        #expect(explanation.guards.map(\.pattern) == ["/account/*", "/admin(/*)", "/:any/email"])
        #expect(explanation.askedGuards.map(\.pattern) == ["/account/*", "/:any/email"])
        #expect(
            explanation.guards[1].mismatch
                == "no expansion matches (/admin/*: segment 0 is \"account\", not \"admin\"; "
                + "/admin: the URL has 2 segments, the pattern 1)")
        #expect(
            explanation.description == """
                Routing myapp://account/email
                table myapp: segments ["account", "email"], no query
                  guard /account/*: matches, asked before the first handler of this table
                  guard /admin(/*): no, no expansion matches (/admin/*: segment 0 is "account", not "admin"; /admin: the URL has 2 segments, the pattern 1)
                  guard /:any/email: matches, asked before the first handler of this table
                  1. /account/:section (priority 0): matches, asked 1st
                handlers are asked in that order until one returns true
                the matching guards are asked first, in order: one that refuses, holds or redirects decides
                """)
    }

    @Test func aGuardIsNotAskedWhenNoRouteOfItsTableMatches() {
        router.myapp.shouldFallback = true
        router.myapp.addGuard(for: "/promo/*") { _ in .refuse }
        router.default.add(pattern: "/promo/:code") { _ in true }
        router.default.addGuard(for: "/promo/:code") { _ in .proceed }
        let explanation = router.explain("myapp://promo/x")
        #expect(explanation.guards.map(\.scheme) == ["myapp", Router.defaultScheme])
        #expect(explanation.guards.allSatisfy { $0.mismatch == nil })
        #expect(explanation.askedGuards.map(\.scheme) == [Router.defaultScheme])
        #expect(
            explanation.description.contains(
                "  guard /promo/*: matches, but no definition of this table does: not asked"))
        // As routing does: the guard of myapp that would refuse is not asked.
        #expect(router.route(to: "myapp://promo/x"))
    }

    @Test func aGuardOfATableThatRefusesTheHostIsNotAsked() {
        router.https.hosts = ["example.com"]
        router.https.add(pattern: "/post/:id") { _ in true }
        router.https.addGuard(for: "/post/*") { _ in .refuse }
        let explanation = router.explain("https://evil.com/post/1")
        #expect(explanation.guards.map(\.mismatch) == ["the table does not route this host"])
        #expect(explanation.askedGuards.isEmpty)
    }

    @Test func aMatchingRedirectShowsTheURLRoutingStartsOverAt() {
        router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        router.myapp.addRedirect(from: "/p/:id", to: "web://example.com/post/:id")
        router.myapp.add(pattern: "/user/:id") { _ in true }
        let explanation = router.explain("myapp://u/7?ref=mail")
        #expect(
            explanation.entries.map(\.redirectTarget) == ["/user/:id", "web://example.com/post/:id", nil])
        #expect(
            explanation.entries.map(\.redirectURL?.absoluteString) == ["myapp://user/7?ref=mail", nil, nil])
        #expect(
            explanation.description == """
                Routing myapp://u/7?ref=mail
                table myapp: segments ["u", "7"], query ref=mail
                  1. /u/:id (priority 0, redirects to /user/:id): matches, asked 1st: routing starts over at myapp://user/7?ref=mail
                  2. /p/:id (priority 0, redirects to web://example.com/post/:id): no, segment 0 is "u", not "p"
                  3. /user/:id (priority 0): no, segment 0 is "u", not "user"
                handlers are asked in that order until one returns true
                a redirect asked before that routes its target instead, from the table of its scheme
                """)
        #expect(
            router.explain("myapp://p/9").entries[1].redirectURL?.absoluteString == "web://example.com/post/9"
        )
        // What explain shows is where routing goes.
        var events: [RoutingEvent.Kind] = []
        router.onEvent = { events.append($0.kind) }
        #expect(router.route(to: "myapp://u/7?ref=mail"))
        #expect(events.first == .redirected(to: URL(string: "myapp://user/7?ref=mail")!))
    }

    @Test func aRedirectOfTheGlobalTableKeepsTheURLsSchemeAndHost() {
        router.default.addRedirect(from: "/old/*", to: "/new/*")
        let entry = router.explain("https://example.com/old/a/b").entries[0]
        #expect(entry.redirectURL?.absoluteString == "https://example.com/new/a/b")
    }
}
