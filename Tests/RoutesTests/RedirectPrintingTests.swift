import Foundation
import Testing

@testable import Routes

/// A redirect prints its target from the parsed `to` with the values its source read, so routing
/// the printed URL is what the redirect does (the "Routing rules" article, *Guards and
/// redirects*).
@MainActor @Suite struct RedirectPrintingTests {
    /// Before, the routed URL's host was decoded and encoded again: `caf%C3%A9` became
    /// `caf%25C3%25A9`, and the target was not routed.
    @Test func aRedirectKeepsTheHostAsRead() {
        let router = Router()
        router.https.hosts = ["*.example.com"]
        var url: URL?
        router.https.add(pattern: "/new/:x") { params in
            url = params.url
            return true
        }
        router.https.addRedirect(from: "/old/:x", to: "/new/:x")
        #expect(router.route(to: "https://caf%C3%A9.example.com/old/a"))
        #expect(url?.absoluteString == "https://caf%C3%A9.example.com/new/a")
    }

    /// Before, a fragment with bytes outside printable ASCII was appended to the target as
    /// written (`myapp://b/c#%41é`), so the redirect routed text that its event's URL does not
    /// hold: `URL(string:)` escapes every `%` once it must escape `é`, and routing that URL again
    /// read `y = "c#%41é"` where the redirect had read `c#Aé` (Fuzz/regressions/
    /// redirect-direct-not-ascii, issue 35, item 12).
    @Test func aRedirectTargetWithBytesOutsideASCIIRoutesAsItsEventURL() throws {
        let router = Router()
        var values: [String] = []
        router.myapp.add(pattern: "/b/:y") { params in
            values.append(params.string("y") ?? "")
            return true
        }
        router.myapp.addRedirect(from: "/:x", to: "/b/c")
        var targets: [URL] = []
        router.onEvent = { event in
            if case .redirected(let target) = event.kind { targets.append(target) }
        }
        for url in ["myapp://a#%41é", "myapp://a#x y%zz", "myapp://a#%ZZ%41"] {
            values = []
            targets = []
            #expect(router.route(to: url))
            let target = try #require(targets.first, "\(url)")
            #expect(target.absoluteString.unicodeScalars.allSatisfy { $0.isASCII && $0 != " " }, "\(url)")
            #expect(router.route(to: target.absoluteString))
            #expect(router.route(to: target))
            #expect(values.count == 3 && Set(values).count == 1, "\(url): \(values)")
        }
        #expect(values.first == "c#%ZZA")
        values = []
        #expect(router.route(to: "myapp://a#%41é"))
        #expect(values == ["c#Aé"])
    }

    /// Before, the fragment's query items were dropped when a fragment route redirected.
    @Test func aFragmentRoutesQueryItemsAreCarried() {
        let router = Router()
        var received: [String: String] = [:]
        router.myapp.add(pattern: "/view/:id") { params in
            received = ["id": params.string("id") ?? "", "ref": params.string("ref") ?? "-"]
            return true
        }
        router.myapp.addRedirect(from: "/old#/view/:id", to: "/view/:id")
        #expect(router.route(to: "myapp://old#/view/7?ref=a"))
        #expect(received == ["id": "7", "ref": "a"])
    }

    /// Before, a trailing empty wildcard component was dropped by the redirect.
    @Test func emptyWildcardComponentsAreCarried() {
        let router = Router()
        var received: [[String]] = []
        router.myapp.add(pattern: "/new/*") { params in
            received.append(params.wildcardComponents ?? [])
            return true
        }
        router.myapp.addRedirect(from: "/old/*", to: "/new/*")
        for path in ["a//", "a", "/a", "a//b", "", "/"] {
            #expect(router.route(to: "myapp://new/\(path)"))
            let direct = received.last
            #expect(router.route(to: "myapp://old/\(path)"))
            #expect(received.last == direct, "myapp://old/\(path)")
        }
        #expect(received[0] == ["a", ""])
    }

    /// Values, escapes, `+` and non-ASCII text reach the target as the source read them.
    @Test func valuesAndQueryItemsArriveAsRead() {
        let router = Router()
        var received: [String: String] = [:]
        router.myapp.add(pattern: "/user/:id") { params in
            received = ["id": params.string("id") ?? "", "q": params.string("q") ?? "-"]
            return true
        }
        router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        for (id, query) in [("a+b", "c+d"), ("caf%C3%A9", "%2B"), ("%ZZ", "x%26y"), ("a%2Fb", "")] {
            #expect(router.route(to: "myapp://user/\(id)?q=\(query)"))
            let direct = received
            #expect(router.route(to: "myapp://u/\(id)?q=\(query)"))
            #expect(received == direct, "\(id) \(query)")
        }
    }

    /// A target whose first segment is not a host segment (it has a `.`) is printed as a path.
    @Test func aTargetWhoseFirstSegmentIsNoHostStaysInThePath() {
        let router = Router()
        var received: String?
        router.myapp.add(pattern: "/v1.0/:x") { params in
            received = params.string("x")
            return true
        }
        router.myapp.addRedirect(from: "/old/:x", to: "/v1.0/:x")
        #expect(router.route(to: "myapp://old/7"))
        #expect(received == "7")
    }

    /// A URL target's authority is printed as written: its port stays.
    @Test func aURLTargetKeepsItsPort() {
        let router = Router()
        var url: URL?
        router.http.add(pattern: "/x/:id") { params in
            url = params.url
            return true
        }
        router.myapp.addRedirect(from: "/dev/:id", to: "http://localhost:3000/x/:id")
        #expect(router.route(to: "myapp://dev/5"))
        #expect(url?.absoluteString == "http://localhost:3000/x/5")
    }
}

/// Found by the agreement test (`AgreementTests`).
@MainActor @Suite struct RedirectTargetFragmentTests {
    /// Before, `#ref=a` was appended after the target's own fragment (`#/v#ref=a`), and the target
    /// was not routed.
    @Test func aTargetWithAFragmentKeepsItAndTakesTheFragmentsQueryItems() {
        let router = Router()
        var received: String?
        router.myapp.add(pattern: "/docs#/v") { params in
            received = params.string("ref")
            return true
        }
        router.myapp.addRedirect(from: "/f/:id", to: "/docs#/v")
        #expect(router.route(to: "myapp://f/7#ref=a"))
        #expect(received == "a")
    }

    /// Before, the values the target does not name went to its query (`myapp://home?id=7`).
    @Test func valuesTheTargetDoesNotNameStayBehind() {
        let router = Router()
        var url: URL?
        router.myapp.add(pattern: "/home") { params in
            url = params.url
            return true
        }
        router.myapp.addRedirect(from: "/u/:id", to: "/home")
        #expect(router.route(to: "myapp://u/7?x=1"))
        #expect(url?.absoluteString == "myapp://home?x=1")
    }
}

/// Found by a hostile review of the redirects.
@MainActor @Suite struct RedirectReviewTests {
    /// Before, a value printed in the host position was an IDNA label that Foundation rewrote:
    /// `xn--caf-dma` arrived as `café`.
    @Test func aValueThatAHostWouldRewriteStaysInThePath() {
        let router = Router()
        var got: String?
        router.myapp.add(pattern: "/:x/bar") { params in
            got = params.string("x")
            return true
        }
        router.myapp.addRedirect(from: "/a/:x", to: "/:x/bar")
        for value in ["xn--caf-dma", "XN--CAF-DMA", "a.xn--caf-dma"] {
            #expect(router.route(to: "myapp://a/\(value)"))
            #expect(got == value)
        }
    }

    /// Before, a target that can never be a URL was registered, and the redirect always
    /// declined.
    @Test func aTargetThatIsNoURLIsRefusedAtRegistration() {
        let router = Router()
        var errors: [RoutePatternError] = []
        router.onInvalidPattern = { errors.append($0) }
        #expect(router.myapp.addRedirect(from: "/a/:x", to: "myapp://h:abc/:x").isEmpty)
        #expect(router.myapp.addRedirect(from: "/a/:x", to: "https://[::1/:x").isEmpty)
        #expect(errors.map(\.reason) == [.targetNotAURL, .targetNotAURL])
        #expect(errors.first?.offset == 8)
        #expect(!router.myapp.addRedirect(from: "/a/:x", to: "http://localhost:3000/:x").isEmpty)
    }

    /// Before, a relative URL's target whose first segment is empty printed as `//x`, which
    /// reads `x` as a host (found by the fuzzer): such a target cannot be printed relative, so
    /// the redirect declines and the next route is asked.
    @Test func aRelativeTargetThatWouldStartWithTwoSlashesDeclines() {
        let router = Router()
        var asked: [String] = []
        router.default.addRedirect(from: "/:id", to: "//x")
        router.default.add(pattern: "/:id") { _ in
            asked.append("route")
            return true
        }
        router.default.add(pattern: "/x") { _ in
            asked.append("x")
            return true
        }
        #expect(router.route(to: "abc"))
        #expect(asked == ["route"])
        // With a scheme the target prints (`myapp:////x`: the segments "" and "x"), and no
        // route matches it.
        #expect(!router.route(to: "myapp://abc"))
        #expect(asked == ["route"])
    }

    /// Before, two guards of one pattern were listed once.
    @Test func guardPatternsListsEveryGuard() {
        let router = Router()
        router.myapp.addGuard(for: "/a") { _ in .proceed }
        router.myapp.addGuard(for: "/a") { _ in .proceed }
        router.myapp.addGuard(for: "/b(/c)") { _ in .proceed }
        #expect(router.myapp.guardPatterns == ["/a", "/a", "/b(/c)"])
    }
}

/// The host rule, stated in "Routing rules": an IPv6 literal has no `.`, so it is a segment.
@MainActor @Suite struct HostRuleTests {
    @Test func anIPv6LiteralIsASegment() {
        let router = Router()
        var got: String?
        router.myapp.add(pattern: "/:host/x") { params in
            got = params.string("host")
            return true
        }
        #expect(router.route(to: "myapp://[::1]/x"))
        #expect(got == "[::1]")
    }
}
