import Foundation
import Testing

@testable import Routes
@testable import RoutesTestSupport

/// Redirect routes: a URL matching `from` is routed as the URL built from `to` (the "Routing
/// rules" article, *Guards and redirects*).
@MainActor @Suite struct RedirectTests {
    /// A router whose `myapp` table records what `/user/:id` and `/new/*` receive.
    final class Fixture {
        let router = Router()
        var received: [[String: Any]] = []

        init() {
            router.myapp.add(pattern: "/user/:id") { [unowned self] params in
                received.append(params.dictionary)
                return true
            }
        }

        var last: [String: Any] { received.last ?? [:] }
    }

    @Test func aRedirectRoutesTheTargetWithTheCapturedValuesQueryAndExtraParameters() {
        let fixture = Fixture()
        fixture.router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        #expect(fixture.router.route(to: "myapp://u/42?tab=posts", parameters: ["source": "mail"]))
        #expect(fixture.last["id"] as? String == "42")
        #expect(fixture.last["tab"] as? String == "posts")
        #expect(fixture.last["source"] as? String == "mail")
        #expect(fixture.last[Definition.Keys.pattern] as? String == "/user/:id")
        #expect((fixture.last[Definition.Keys.url] as? URL)?.absoluteString == "myapp://user/42?tab=posts")
        // Values are encoded into the target and decoded back as they were.
        #expect(fixture.router.route(to: "myapp://u/a%20b%2Fc"))
        #expect(fixture.last["id"] as? String == "a b/c")
    }

    @Test func aRedirectAcrossSchemesRoutesFromTheTargetsTable() {
        let fixture = Fixture()
        fixture.router.legacy.addRedirect(from: "/profile/:id", to: "myapp://user/:id")
        #expect(fixture.router.route(to: "legacy://profile/7"))
        #expect(fixture.last[Definition.Keys.scheme] as? String == "myapp")
        #expect(fixture.last["id"] as? String == "7")
    }

    @Test func aRelativeTargetKeepsARealHost() {
        let router = Router()
        var url: URL?
        router.https.add(pattern: "/user/:id") { params in
            url = params.url
            return true
        }
        router.https.addRedirect(from: "/u/:id", to: "/user/:id")
        #expect(router.route(to: "https://example.com/u/7"))
        #expect(url?.absoluteString == "https://example.com/user/7")
        #expect(router.route(to: "https://localhost:8080/u/8"))
        #expect(url?.absoluteString == "https://localhost:8080/user/8")
        router.https.addRedirect(from: "/p/:id", to: "https://blog.example.com/user/:id")
        #expect(router.route(to: "https://example.com/p/9"))
        #expect(url?.absoluteString == "https://blog.example.com/user/9")
    }

    @Test func aWildcardIsCarriedToTheTarget() {
        let router = Router()
        var components: [String]?
        router.myapp.add(pattern: "/new/*") { params in
            components = params.wildcardComponents
            return true
        }
        router.myapp.addRedirect(from: "/old/*", to: "/new/*")
        #expect(router.route(to: "myapp://old/a/b%2Fc"))
        #expect(components == ["a", "b/c"])
    }

    // Regression (found documenting): the fragment, read by routing as more of the path, ended
    // up percent-encoded in the last wildcard component of the target (`b%23frag`).
    @Test func theFragmentIsCarriedOverAsItIs() {
        let router = Router()
        var url: URL?
        var components: [String]?
        router.https.add(pattern: "/new/*") { params in
            url = params.url
            components = params.wildcardComponents
            return true
        }
        router.https.addRedirect(from: "/old/*", to: "/new/*")
        #expect(router.route(to: "https://example.com/old/a/b?q=1#frag"))
        #expect(url?.absoluteString == "https://example.com/new/a/b?q=1#frag")
        #expect(components == ["a", "b#frag"])
        // A fragment route's values come from the fragment: nothing is carried over.
        router.https.add(pattern: "/tab/:name") { params in
            url = params.url
            return true
        }
        router.https.addRedirect(from: "/page#/:tab", to: "/tab/:tab")
        #expect(router.route(to: "https://example.com/page#/posts"))
        #expect(url?.absoluteString == "https://example.com/tab/posts")
    }

    /// Whatever the values hold (escapes, malformed ones, `+`, `#`, `?`, `/`, non-ASCII), the
    /// target receives the values the source captured.
    @Test(arguments: 0..<4) func valuesReachTheTargetAsTheSourceReadThem(seed: UInt64) {
        let pieces = [
            "a", "%41", "%", "%ZZ", "%2F", "+", "%2B", "%23", "%3F", "&", "=", "%C3%A9", "é", " ", "~", ":",
        ]
        var generator = SeededGenerator(seed: seed)
        func value() -> String {
            (0..<Int.random(in: 1...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)!
            }
            .joined()
        }
        let router = Router()
        var source: [String] = []
        var target: [String] = []
        router.myapp.add(pattern: "/r/:a/*", priority: 1) { params in
            source = [params.string("a") ?? "-"] + (params.wildcardComponents ?? [])
            return false
        }
        router.myapp.addRedirect(from: "/r/:a/*", to: "/t/:a/*")
        router.myapp.add(pattern: "/t/:a/*") { params in
            target = [params.string("a") ?? "-"] + (params.wildcardComponents ?? [])
            return true
        }
        var checked = 0
        for _ in 0..<50 {
            let url =
                "myapp://r/"
                + (0..<Int.random(in: 1...3, using: &generator)).map { _ in value() }.joined(separator: "/")
            source = []
            target = []
            guard router.canRoute(to: url) else { continue }
            #expect(router.route(to: url), "\(url)")
            #expect(target == source, "\(url)")
            checked += 1
        }
        #expect(checked > 25)
    }

    @Test func aRedirectIsARouteInPriorityAndOrder() {
        let fixture = Fixture()
        var asked: [String] = []
        fixture.router.myapp.add(pattern: "/u/:id", priority: 1) { _ in
            asked.append("first")
            return false
        }
        fixture.router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        fixture.router.myapp.add(pattern: "/u/:id") { _ in
            asked.append("never")
            return true
        }
        #expect(fixture.router.route(to: "myapp://u/1"))
        #expect(asked == ["first"])
        #expect(fixture.received.count == 1)
        #expect(fixture.router.canRoute(to: "myapp://u/1"))
    }

    @Test func aTargetNamingAValueTheSourceLacksIsRejectedWithItsPosition() {
        let router = Router()
        var errors: [RoutePatternError] = []
        router.onInvalidPattern = { errors.append($0) }
        #expect(router.myapp.addRedirect(from: "/u(/:id)", to: "/user/:id").isEmpty)
        #expect(errors.first?.pattern == "/user/:id")
        #expect(errors.first?.offset == 6)
        #expect(errors.first?.reason == .valueNotCaptured("id", source: "/u"))
        #expect(router.myapp.definitions.isEmpty)
        // A target with an optional group builds from every expansion that has its values.
        #expect(router.myapp.addRedirect(from: "/u(/:id)", to: "/users(/:id)").count == 2)
        #expect(router.myapp.addRedirect(from: "/x", to: "myapp://user/(:id").isEmpty)
        #expect(errors.last?.reason == .unclosedParenthesis)
        #expect(errors.last?.offset == 13)
    }

    @Test func aRedirectLoopStopsAfterEightRedirects() {
        let router = Router()
        var events: [RoutingEvent.Kind] = []
        router.onEvent = { events.append($0.kind) }
        var unmatched = 0
        router.myapp.unmatchedHandler = { _, _ in unmatched += 1 }
        router.myapp.addRedirect(from: "/a/:n", to: "/b/:n")
        router.myapp.addRedirect(from: "/b/:n", to: "/a/:n")
        #expect(!router.route(to: "myapp://a/1"))
        #expect(events.filter { if case .redirected = $0 { return true } else { return false } }.count == 8)
        #expect(events.last == .redirectLimitReached)
        #expect(unmatched == 0)
    }

    @Test func anUnmatchedTargetCallsItsTablesUnmatchedHandler() {
        let router = Router()
        var unmatched: [URL] = []
        router.myapp.unmatchedHandler = { url, _ in unmatched.append(url) }
        router.myapp.addRedirect(from: "/u/:id", to: "/nowhere/:id")
        #expect(!router.route(to: "myapp://u/1"))
        #expect(unmatched == [URL(string: "myapp://nowhere/1")!])
    }

    @Test func guardsAreAskedBeforeARedirectAndAgainAtItsTarget() {
        let fixture = Fixture()
        var asked: [String] = []
        fixture.router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        fixture.router.myapp.addGuard(for: "/*") { params in
            asked.append(params.url.absoluteString)
            return .proceed
        }
        #expect(fixture.router.route(to: "myapp://u/5"))
        #expect(asked == ["myapp://u/5", "myapp://user/5"])
    }

    @Test func theRoutersDescriptionShowsGuardsAndRedirects() {
        let router = Router()
        router.myapp.addGuard(for: "/account/*") { _ in .hold }
        router.myapp.addRedirect(from: "/u/:id", to: "/user/:id", priority: 2)
        router.myapp.add(pattern: "/user/:id")
        #expect(
            router.description == """
                global table (JLRoutesGlobalRoutesScheme)
                  (no definitions)
                table myapp
                  guard /account/*
                  /u/:id  priority 2  redirects to /user/:id
                  /user/:id  priority 0
                """)
    }

    @Test func aRouteMapResolvesTheTarget() async {
        let screens = RouteMap<Int>()
        screens.myapp.add(pattern: "/user/:id") { params in params.int("id") }
        screens.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        #expect(resolveWithoutAwaiting(screens, "myapp://u/3") == 3)
        #expect(await screens.resolve("myapp://u/4") == 4)
    }

    /// The synchronous `resolve`, from a test that is `async`.
    func resolveWithoutAwaiting(_ screens: RouteMap<Int>, _ url: String) -> Int? {
        screens.resolve(url)
    }
}
