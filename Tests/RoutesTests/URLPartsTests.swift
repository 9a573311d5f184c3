import Foundation
import Testing

@testable import Routes
@testable import RoutesTestSupport

@Suite struct URLPartsTests {
    @Test func fastPathSplitsTheFiveParts() throws {
        let parts = try #require(URLParts.split("myapp://user/view/7?ref=mail&x#frag?y=1"))
        #expect(parts.scheme == "myapp")
        #expect(parts.host == "user")
        #expect(parts.path == "/view/7")
        #expect(parts.query == "ref=mail&x")
        #expect(parts.fragment == "frag?y=1")
    }

    @Test func fastPathDistinguishesEmptyAndMissingParts() throws {
        let empty = try #require(URLParts.split("myapp://?#"))
        #expect(empty.host == "")
        #expect(empty.path == "")
        #expect(empty.query == "")
        #expect(empty.fragment == "")
        let bare = try #require(URLParts.split("myapp:"))
        #expect(bare.host == nil)
        #expect(bare.query == nil)
        #expect(bare.fragment == nil)
        let relative = try #require(URLParts.split("/user/7"))
        #expect(relative.scheme == nil)
        #expect(relative.path == "/user/7")
    }

    @Test(arguments: [
        "myapp://x/a b", "myapp://host:80/p", "myapp://u@h/p", "myapp://[::1]/p", "myapp://x/caf\u{e9}",
        "myapp://x/%ZZ", "myapp://x/%4", "myapp://x#a#b", "1abc:x",
        "a:b/c".replacingOccurrences(of: "a:", with: ":"),
        "", "myapp://x?a=[b]",
    ])
    func fastPathDefersToFoundation(_ url: String) {
        #expect(URLParts.split(url) == nil)
    }

    /// Issue 15, finding 9: past the fast path, Foundation judges the string and reads its host;
    /// the path, query and fragment are the text as written (Foundation escapes every `%` once it
    /// must escape one character, which spoiled every value of the URL).
    @Test func pastTheFastPathValuesAreReadAsWritten() throws {
        let parts = try #require(URLParts(string: "myapp://x/a b/caf%C3%A9?q=\u{e9}&r=%ZZ#f#g"))
        #expect(parts.host == "x")
        #expect(parts.path == "/a b/caf%C3%A9")
        #expect(parts.query == "q=\u{e9}&r=%ZZ")
        #expect(parts.fragment == "f%23g")
        #expect(parts.url == URL(string: "myapp://x/a b/caf%C3%A9?q=\u{e9}&r=%ZZ#f#g"))
        // Foundation's own reading escapes what it must.
        let foundation = URLParts(foundation: try #require(URL(string: "myapp://x/a b?q=\u{e9}")))
        #expect(foundation.path == "/a%20b")
        #expect(foundation.query == "q=%C3%A9")
        let ipv6 = try #require(URLParts(string: "myapp://user:pw@[::1]:8080/p"))
        #expect(ipv6.host == "[::1]")
        #expect(ipv6.path == "/p")
        #expect(URLParts(string: "1abc:x") == nil)
        #expect(URLParts(string: "") == nil)
    }

    /// The fast path must split every string it accepts exactly as `URLComponents` does, and accept
    /// only strings that `URL(string:)` parses.
    @Test func fastPathAgreesWithURLComponentsOnAGeneratedCorpus() {
        var generator = SeededGenerator(seed: 0x5EED)
        let alphabet = Array("aZ09-._~!$&'()*+,;=:@/?#%[] \u{e9}\u{1F600}|\"{}^`\\<>")
        let pieces = [
            "myapp://", "https://", "HTTP://", "x-y.z+1:", "//", "/", "?", "#", "%41", "%2F", "%2B", "%",
            "%Z1",
            "%E2%82", "%00", "[::1]", "user@", ":8080", "..", ".", "&", "=", "+", "localhost", "example.com",
        ]
        var accepted = 0
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                if Bool.random(using: &generator) {
                    text += pieces.randomElement(using: &generator)!
                } else {
                    text.append(alphabet.randomElement(using: &generator)!)
                }
            }
            guard let fast = URLParts.split(text) else { continue }
            accepted += 1
            guard let url = URL(string: text) else {
                Issue.record("fast path accepted \(text.debugDescription), URL(string:) did not")
                continue
            }
            let reference = URLParts(foundation: url)
            #expect(fast.scheme == reference.scheme, "\(text.debugDescription)")
            #expect(fast.host == reference.host, "\(text.debugDescription)")
            #expect(fast.path == reference.path, "\(text.debugDescription)")
            #expect(fast.query == reference.query, "\(text.debugDescription)")
            #expect(fast.fragment == reference.fragment, "\(text.debugDescription)")
        }
        #expect(accepted > 2_000)
    }
}

extension URLParts {
    // The parts as text, for these tests (routing reads the ranges in place).
    fileprivate var scheme: Substring? { ranges.scheme.map(substring) }
    fileprivate var path: Substring { substring(ranges.path) }
    fileprivate var query: Substring? { ranges.query.map(substring) }
    fileprivate var fragment: Substring? { ranges.fragment.map(substring) }
}
