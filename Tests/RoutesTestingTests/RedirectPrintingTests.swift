import Foundation
import Routes
import RoutesTesting
import Testing

/// Lint on printed redirect targets (the routing tests are in RoutesTests'
/// `RedirectPrintingTests`).
@MainActor @Suite struct RedirectPrintingTests {
    /// Before, a URL target's host-or-segment was decided at registration with no options, so
    /// the URL was never built for a table that reads its host as a segment.
    @Test func aURLTargetIsReadByItsTablesRules() {
        let router = Router()
        router.https.options.insert(.treatHostAsPathComponent)
        var received: String?
        router.https.add(pattern: "/example.com/new/:x") { params in
            received = params.string("x")
            return true
        }
        router.myapp.addRedirect(from: "/web/:x", to: "https://example.com/new/:x")
        #expect(router.route(to: "myapp://web/7"))
        #expect(received == "7")
        #expect(router.lint().isEmpty)
    }
}

/// Lint's claims about redirects and guards are claims about routing: each is checked here by
/// routing.
@MainActor @Suite struct LintClaimsTests {
    /// Before, lint sent a path target of the global table to the global table only; routing
    /// sends it to the table of the routed URL's scheme, which falls back.
    @Test func aLoopThroughFallbackIsALoop() {
        let router = Router()
        router.myapp.shouldFallback = true
        router.myapp.addRedirect(from: "/a", to: "/b")
        router.default.addRedirect(from: "/b", to: "/a")
        var events: [RoutingEvent.Kind] = []
        router.onEvent = { events.append($0.kind) }
        #expect(!router.route(to: "myapp://a"))
        #expect(events.last == .redirectLimitReached)
        #expect(router.lint().map(\.kind).contains(.redirectLoop))
    }

    /// Before, lint read a redirect's target without the routed URL's fragment, which routing
    /// carries to it (found by the agreement test).
    @Test func aTargetThatACarriedFragmentCompletesIsMatched() {
        let router = Router()
        var received: String?
        router.myapp.add(pattern: "/x#/:id") { params in
            received = params.string("id")
            return true
        }
        router.myapp.addRedirect(from: "/old/*", to: "/x")
        #expect(router.route(to: "myapp://old/a#/7"))
        #expect(received == "7")
        #expect(!router.lint().map(\.kind).contains(.unmatchedRedirectTarget))
    }

    /// Before, lint read a URL target by the options of its scheme's table alone, also in the
    /// global table it falls back to, which reads it with its own (found by a hostile review).
    @Test func theGlobalTableReadsAFallingBackTargetWithItsOwnOptions() {
        let router = Router()
        router.myapp.options.insert(.treatHostAsPathComponent)
        router.myapp.shouldFallback = true
        router.myapp.add(pattern: "/unrelated") { _ in true }
        var got: String?
        router.default.add(pattern: "/x/:v") { params in
            got = params.string("v")
            return true
        }
        router.other.addRedirect(from: "/go/:v", to: "myapp://a.b/x/:v")
        #expect(router.route(to: "other://go/7"))
        #expect(got == "7")
        #expect(!router.lint().map(\.kind).contains(.unmatchedRedirectTarget))
    }

    /// Before, lint compared a first literal ignoring case in a table whose hosts all have a
    /// `.`, where the first segment is always a path segment, compared with its case: it claimed
    /// a loop that routing cannot make (found by a hostile review).
    @Test func aFirstLiteralKeepsItsCaseWhereNoHostIsASegment() {
        let router = Router()
        router.https.hosts = ["example.com"]
        router.https.addRedirect(from: "/A/:x", to: "/a/:x")
        router.https.add(pattern: "/a/:x") { _ in true }
        var events: [RoutingEvent.Kind] = []
        router.onEvent = { events.append($0.kind) }
        #expect(router.route(to: "https://example.com/A/7"))
        #expect(events.last == .routed)
        #expect(!router.lint().map(\.kind).contains(.redirectLoop))
    }

    /// Before, lint compared a first literal byte for byte; routing compares a host segment
    /// ignoring ASCII case, so the guard is asked and the redirect's target routes.
    @Test func aHostSegmentMatchesIgnoringCaseForLintToo() {
        let router = Router()
        var asked: [String] = []
        router.myapp.add(pattern: "/Settings/:tab") { _ in
            asked.append("route")
            return true
        }
        router.myapp.addGuard(for: "/settings/*") { _ in
            asked.append("guard")
            return .proceed
        }
        router.myapp.addRedirect(from: "/prefs/:tab", to: "/settings/:tab")
        #expect(router.route(to: "myapp://prefs/general"))
        #expect(asked == ["guard", "route"])
        let kinds = router.lint().map(\.kind)
        #expect(!kinds.contains(.unreachableGuard))
        #expect(!kinds.contains(.unmatchedRedirectTarget))
    }
}
