import Foundation
import Testing

@testable import Routes

/// Issue 15, finding 9: one malformed escape made the whole URL go through Foundation, which
/// escapes every `%` of it, so every value of the URL came out undecoded (`caf%C3%A9`).
@Suite struct MalformedEscapeTests {
    /// The parameters `pattern` receives for `url`, in a router of its own.
    func routed(_ url: String, _ pattern: String) -> RouteParameters? {
        routedParameters(url, to: pattern)
    }

    @Test func aMalformedEscapeKeepsOnlyItsOwnValueAsWritten() throws {
        let wildcard = try #require(routed("myapp://s/%ZZ/caf%C3%A9", "/s/*"))
        #expect(wildcard.wildcardComponents == ["%ZZ", "café"])
        let query = try #require(routed("myapp://s/x?q=%ZZ&x=caf%C3%A9", "/s/x"))
        #expect(query["q"] as? String == "%ZZ")
        #expect(query["x"] as? String == "café")
        let lone = try #require(routed("myapp://s/%/caf%C3%A9?%=1&y=%2B#z=%41", "/s/:a/:b"))
        #expect(lone["a"] as? String == "%")
        #expect(lone["b"] as? String == "café")
        #expect(lone["%"] as? String == "1")
        #expect(lone["y"] as? String == "+")
        #expect(lone["z"] as? String == "A")
        // Escapes that are not UTF-8, with a space Foundation must escape.
        let utf8 = try #require(routed("myapp://s/a b/%E9/caf%C3%A9", "/s/:a/:b/:c"))
        #expect(utf8["a"] as? String == "a b")
        #expect(utf8["b"] as? String == "%E9")
        #expect(utf8["c"] as? String == "café")
        // Literals are compared decoded, segment by segment, too.
        let literal = try #require(routed("myapp://caf%C3%A9/%ZZ#/x%2Fy", "/café/:v#/:w"))
        #expect(literal["v"] as? String == "%ZZ")
        #expect(literal["w"] as? String == "x/y")
    }

    @Test func escapesAreNotSpoiledByCharactersFoundationMustEscape() throws {
        let params = try #require(routed("myapp://s/a b/caf%C3%A9?q=x y&r=%41", "/s/:a/:b"))
        #expect(params["a"] as? String == "a b")
        #expect(params["b"] as? String == "café")
        #expect(params["q"] as? String == "x y")
        #expect(params["r"] as? String == "A")
        // User info and port are Foundation's business; the path is still read as written.
        let authority = try #require(routedParameters("myapp://u@h:80/%ZZ/%41", to: "/h/:a/:b"))
        #expect(authority["a"] as? String == "%ZZ")
        #expect(authority["b"] as? String == "A")
    }

    @Test func aPathFoundationReadsOtherwiseIsTakenFromFoundation() throws {
        // No scheme, a control character Foundation escapes and an escape it keeps: the written
        // path is not Foundation's (decoded once, it differs), so Foundation's path is routed,
        // never an empty path that would reach the root route (a fuzzer finding).
        let router = Router()
        var patterns: [String] = []
        for pattern in ["/", "/*"] {
            router.default.add(pattern: pattern) { params in
                patterns.append(params.pattern)
                return true
            }
        }
        var wildcard: [String]?
        router.default.add(pattern: "/*", priority: 1) { params in
            wildcard = params.wildcardComponents
            return true
        }
        #expect(router.route(to: "://caf%C3%A9/x\u{1F}2Fy?k=\u{FFFD}4%AC"))
        #expect(wildcard == [":", "", "café", "x\u{1F}2Fy"])
        #expect(patterns.isEmpty)
    }

    @Test func aSecondHashInTheFragmentIsReadAsAnEscapedHash() throws {
        // `#` inside the fragment reads as `%23`, as Foundation writes it: a `:name` value keeps
        // it, and a value that cannot be decoded shows it that way.
        let decoded = try #require(routedParameters("myapp://x#a%41#", to: "/:p"))
        #expect(decoded["p"] as? String == "x#aA#")
        let kept = try #require(routedParameters("myapp://x#a%ZZ#", to: "/:p"))
        #expect(kept["p"] as? String == "x#a%ZZ%23")
    }

    @Test func theRoutedURLIsTheOneURLStringMade() throws {
        let text = "myapp://s/%ZZ/caf%C3%A9"
        let params = try #require(routed(text, "/s/*"))
        #expect(params.url == URL(string: text))
        let fast = try #require(routed("myapp://s/a/b", "/s/*"))
        #expect(fast.url == URL(string: "myapp://s/a/b"))
        // URL(string:) stays the judge: what it refuses routes nowhere.
        let router = Router()
        router.default.add(pattern: "/x") { _ in true }
        #expect(URL(string: "myapp://%ZZ/x") == nil)
        #expect(!router.route(to: "myapp://%ZZ/x"))
        #expect(!router.canRoute(to: "myapp://%ZZ/x"))
    }
}
