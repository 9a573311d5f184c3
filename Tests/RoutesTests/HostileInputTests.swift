import Dispatch
import Foundation
import Testing

@testable import Routes
@testable import RoutesTestSupport

/// Hostile URLs and patterns: each is routed (a known handler runs with known parameters) or
/// refused (`false`, no handler), none crashes, and the work grows linearly with the input.
@Suite struct HostileInputTests {
    // MARK: Huge inputs

    @Test func megabytePathSegment() {
        let value = String(repeating: "a", count: 1 << 20)
        let probe = HostileProbe(["/big/:value": "parameter", "/literal/\(value)": "literal"])
        #expect(probe.route("myapp://big/\(value)") == .handled("parameter", ["value": value]))
        #expect(probe.route("myapp://literal/\(value)") == .handled("literal", [:]))
        #expect(probe.route("myapp://literal/\(value)b") == .unmatched)
        // A megabyte of escapes decodes to a third of a megabyte.
        let escaped = String(repeating: "%41", count: 1 << 18)
        #expect(
            probe.route("myapp://big/\(escaped)")
                == .handled("parameter", ["value": String(repeating: "A", count: 1 << 18)]))
    }

    @Test func twoHundredThousandSegments() {
        let probe = HostileProbe(["/w/*": "wildcard", "/w/:a/:b": "two"])
        let count = 200_000
        let url = "myapp://w" + String(repeating: "/s", count: count - 1)
        #expect(probe.label(url) == "wildcard")
        let components = probe.last?[Definition.Keys.wildcard] as? [String]
        #expect(components?.count == count - 1)
        #expect(components?.allSatisfy { $0 == "s" } == true)
        // Empty segments: one leading and one trailing "/" go, the rest are empty segments.
        #expect(probe.route("myapp://w" + String(repeating: "/", count: count)) == .handled("wildcard", [:]))
        #expect((probe.last?[Definition.Keys.wildcard] as? [String])?.count == count - 1)
        #expect((probe.last?[Definition.Keys.wildcard] as? [String])?.allSatisfy(\.isEmpty) == true)
        // No fixed-length pattern matches; the unmatched handler runs once.
        let fixed = HostileProbe(["/w/:a/:b": "two", "/w/s/s/s": "three"])
        #expect(fixed.route(url) == .unmatched)
        #expect(fixed.unmatchedCount == 1)
        #expect(!fixed.router.canRoute(to: url))
    }

    @Test func hundredThousandQueryItems() {
        let probe = HostileProbe(["/q": "query"])
        let count = 100_000
        let query = (0..<count).map { "k\($0)=v\($0)" }.joined(separator: "&")
        #expect(probe.label("myapp://q?" + query) == "query")
        let params = probe.lastParameters
        #expect(params?.count == count + 3)
        #expect(params?["k0"] as? String == "v0")
        #expect(params?["k99999"] as? String == "v99999")
        #expect(params?["k100000"] == nil)
        // One key 100,000 times: an array, in order.
        let repeated = (0..<count).map { "k=\($0)" }.joined(separator: "&")
        #expect(probe.label("myapp://q?" + repeated) == "query")
        let values = probe.last?["k"] as? [String]
        #expect(values?.count == count)
        #expect(values?.first == "0")
        #expect(values?.last == "99999")
        // Empty names are dropped, valueless names kept.
        #expect(probe.label("myapp://q?" + String(repeating: "&=x&flag", count: 1000)) == "query")
        #expect(probe.lastParameters?.count == 4)
        #expect(probe.last?["flag"] as? [String] == Array(repeating: "", count: 1000))
    }

    // MARK: Escapes

    /// Malformed and truncated escapes are kept as written; `%00` is a NUL character.
    @Test(arguments: [
        ("%", "%"), ("%Z1", "%Z1"), ("%E2%82", "%E2%82"), ("%00", "\u{0}"), ("%%", "%%"), ("%2", "%2"),
        ("%G0", "%G0"), ("100%", "100%"), ("%FF", "%FF"), ("%C0%AF", "%C0%AF"), ("%ED%A0%80", "%ED%A0%80"),
        ("%F4%90%80%80", "%F4%90%80%80"), ("%41%E2%82", "%41%E2%82"), ("a%00b", "a\u{0}b"),
        ("%2F%2e%2E", "/.."),
    ])
    func invalidAndTruncatedEscapes(escape: String, value: String) {
        let probe = HostileProbe([
            "/p/:value": "path", "/q": "query", "/f/:value": "fragment", "/w/*": "wildcard",
        ])
        probe.expect("myapp://p/\(escape)", .handled("path", ["value": value]))
        probe.expect("myapp://q?v=\(escape)", .handled("query", ["v": value]))
        probe.expect("myapp://q?\(escape)=v", .handled("query", [value: "v"]))
        probe.expect("myapp://f/x#\(escape)", .handled("fragment", ["value": "x#" + value]))
        probe.expect("myapp://w/\(escape)/\(escape)", .handled("wildcard", [:]))
        if URL(string: "myapp://w/\(escape)/\(escape)") != nil {
            #expect(probe.last?[Definition.Keys.wildcard] as? [String] == [value, value])
        }
    }

    @Test func literalsWithBrokenEscapesMatchTheSameText() {
        let probe = HostileProbe(["/raw/%E2%82": "truncated", "/raw/%00": "nul", "/raw/%": "percent"])
        probe.expect("myapp://raw/%E2%82", .handled("truncated", [:]))
        probe.expect("myapp://raw/%00", .handled("nul", [:]))
        probe.expect("myapp://raw/%", .handled("percent", [:]))
        probe.expect("myapp://raw/%25", .handled("percent", [:]))
        probe.expect("myapp://raw/%e2%82", .unmatched)
    }

    @Test func escapesInTheHost() {
        let probe = HostileProbe(["/:host/h": "host", "/h": "no host"])
        probe.expect("myapp://%00/h", .handled("host", ["host": "\u{0}"]))
        probe.expect("myapp://%41b/h", .handled("host", ["host": "Ab"]))
        probe.expect("myapp://%E2%82/h", .handled("host", ["host": "%E2%82"]))
        // A host that decodes to "localhost" or has a dot is not a path segment.
        probe.expect("myapp://%6Cocalhost/h", .handled("no host", [:]))
        probe.expect("myapp://a%2Eb/h", .handled("no host", [:]))
        // Foundation refuses or repairs these; either way, no crash.
        for host in ["%", "%Z1", "%%", "a%"] {
            let outcome = probe.route("myapp://\(host)/h")
            #expect(outcome == .refused || outcome.label == "host")
        }
    }

    // MARK: Characters outside the URL syntax

    @Test func nonASCIIText() {
        let probe = HostileProbe([
            "/a/café": "literal", "/a/:value": "value", "/q": "query", "/日本/*": "wildcard",
        ])
        probe.expect("myapp://a/caf%C3%A9", .handled("literal", [:]))
        probe.expect("myapp://a/café", .handled("literal", [:]))
        probe.expect("myapp://a/cafe%CC%81", .handled("value", ["value": "cafe\u{301}"]))
        probe.expect("myapp://a/日本", .handled("value", ["value": "日本"]))
        probe.expect("myapp://a/👩‍👩‍👧", .handled("value", ["value": "👩‍👩‍👧"]))
        probe.expect("myapp://q?名前=値", .handled("query", ["名前": "値"]))
        probe.expect("myapp://日本/x", .handled("wildcard", [:]))
        probe.expect("myapp://%E6%97%A5%E6%9C%AC/x", .handled("wildcard", [:]))
        // Control characters and spaces: refused by the URL parser or escaped by it.
        for raw in ["a b", "a\u{0}b", "a\nb", "a\u{7F}b", "a\tb"] {
            let outcome = probe.route("myapp://a/\(raw)")
            #expect(outcome == .refused || outcome == .handled("value", ["value": raw]))
        }
    }

    // Regression (found by the fuzzer, Fuzz/regressions/url-idna-host-differs-from-string; fixed in
    // d67fb07): `URLParts(url:)` split `url.absoluteString`, in which Foundation writes a non-ASCII
    // host in IDNA form ("xn--caf-dma"), while the String path reads it from `URLComponents`
    // ("caf%C3%A9"): `URL(string: "myapp://café/7")!` routed nowhere, the String to "/café/:id".
    @Test func urlWithNonASCIIHostRoutesLikeItsString() throws {
        let probe = HostileProbe(["/café/:id": "host", "/:host/:id": "any"])
        for string in ["myapp://café/7", "myapp://профиль/7", "myapp://caf%C3%A9/7"] {
            let url = try #require(URL(string: string))
            let viaString = probe.route(string)
            #expect(probe.route(url) == viaString, "\(string)")
        }
        #expect(probe.route("myapp://café/7") == .handled("host", ["id": "7"]))
        #expect(probe.route(try #require(URL(string: "myapp://café/7"))) == .handled("host", ["id": "7"]))
    }

    // Regression (Fuzz/regressions/punycode-host-string-differs-from-url): a host in IDNA form
    // was kept as written on the String fast path, while a URL value went through
    // `URLComponents`, which decodes it ("xn--caf-dma" → "caf%C3%A9"; invalid punycode such as
    // "xn--a" → no host at all). Both now go through Foundation.
    @Test(arguments: ["myapp://xn--caf-dma/7", "myapp://xn--a/7", "myapp://xn--h1aghdfz2d/7"])
    func punycodeHostRoutesAlikeAsStringAndURL(_ string: String) throws {
        let probe = HostileProbe([
            "/café/:id": "unicode", "/xn--caf-dma/:id": "punycode", "/:host/:id": "any",
        ])
        let url = try #require(URL(string: string))
        #expect(probe.route(url) == probe.route(string))
    }

    // MARK: Authority

    @Test func ipv6Hosts() {
        let probe = HostileProbe(["/:host/a": "host", "/a": "no host"])
        probe.expect("myapp://[::1]/a", .handled("host", ["host": "[::1]"]))
        probe.expect("myapp://[::1]:8080/a", .handled("host", ["host": "[::1]"]))
        probe.expect("myapp://[fe80::1%25en0]/a", .handled("host", ["host": "[fe80::1%en0]"]))
        probe.expect("myapp://user:pw@[2001:db8::7]:1/a", .handled("host", ["host": "[2001:db8::7]"]))
        // The dot of an embedded IPv4 address keeps the host out of the path.
        probe.expect("myapp://[::ffff:10.0.0.1]/a", .handled("no host", [:]))
        // Broken literals: whatever Foundation makes of them, routing does not crash.
        for broken in [
            "myapp://::1]/a", "myapp://[[::1]]/a", "myapp://[]/a", "myapp://[x/a", "myapp://[::1]x/a",
        ] {
            _ = probe.route(broken)
        }
        #expect(probe.route("myapp://[::1/a") == .refused)
    }

    @Test func userInfoIsNeverAParameter() {
        let probe = HostileProbe(["/:host/a": "host", "/a": "no host"])
        probe.expect("myapp://user:pass@host/a", .handled("host", ["host": "host"]))
        probe.expect("myapp://user@host/a", .handled("host", ["host": "host"]))
        probe.expect("myapp://@host/a", .handled("host", ["host": "host"]))
        probe.expect("myapp://user:pass@example.com/a", .handled("no host", [:]))
        probe.expect("myapp://us%40er:p%3Aw@host/a", .handled("host", ["host": "host"]))
        probe.expect("myapp://user:pass@/a", .handled("no host", [:]))
    }

    @Test func ports() {
        let probe = HostileProbe(["/:host/a": "host", "/a": "no host"])
        probe.expect("myapp://host:8080/a", .handled("host", ["host": "host"]))
        probe.expect("myapp://host:/a", .handled("host", ["host": "host"]))
        probe.expect("myapp://host:0/a", .handled("host", ["host": "host"]))
        probe.expect("myapp://:80/a", .handled("no host", [:]))
        probe.expect("myapp://localhost:80/a", .handled("no host", [:]))
        #expect(probe.route("myapp://host:port/a") == .refused)
        let huge = probe.route("myapp://host:99999999999999999999999/a")
        #expect(huge == .refused || huge == .handled("host", ["host": "host"]))
    }

    // MARK: Empty parts

    /// Every combination of empty scheme, host, path, query and fragment: which route runs.
    @Test(
        arguments: [
            ("myapp:", "root", [:]), ("myapp:/", "root", [:]), ("myapp://", "root", [:]),
            ("myapp:///", "root", [:]),
            ("myapp://?", "root", [:]), ("myapp:?", "root", [:]), ("myapp://#", "one", ["one": "#"]),
            ("myapp:#", "one", ["one": "#"]), ("myapp://?#", "one", ["one": "#"]),
            ("myapp:?#", "one", ["one": "#"]),
            ("myapp:///?#", "one", ["one": "#"]), ("?", "root", [:]), ("#", "one", ["one": "#"]),
            ("/", "root", [:]),
            ("//", "root", [:]), ("///", "root", [:]), ("?#", "one", ["one": "#"]),
            ("myapp://h", "one", ["one": "h"]),
            ("myapp://h?", "one", ["one": "h"]), ("myapp://h#", "one", ["one": "h"]),
            ("myapp://h/#", "one", ["one": "h"]),
            ("myapp://h//", "unmatched", [:]), ("myapp:a//", "unmatched", [:]), (":", "one", ["one": ":"]),
            ("a:", "root", [:]),
            ("myapp://?=", "root", [:]), ("myapp://?&&", "root", [:]), ("myapp://#=", "one", ["one": "#="]),
            ("myapp:?x", "root", ["x": ""]), ("myapp:#x=1", "root", ["x": "1"]),
            ("myapp://#?", "one", ["one": "#"]),
        ] as [(String, String, [String: String])])
    func emptyParts(url: String, label: String, values: [String: String]) {
        // "unmatched": an empty segment never fills a parameter, so nothing matches.
        let probe = HostileProbe(["/": "root", "/:one": "one", "/:one/:two": "two"])
        probe.expect(url, label == "unmatched" ? .unmatched : .handled(label, values))
    }

    @Test func emptyStringsAndSchemesAreRefusedOrRouted() {
        let probe = HostileProbe(["/": "root", "/:one": "one", "/*": "rest"])
        #expect(probe.route("") == .refused)
        #expect(probe.unmatchedCount == 0)
        for url in ["://", ":/", "://x", "1abc://x", "my app://x", "-://x", "+://", ".:", " ", "\u{0}", "\n"]
        {
            let outcome = probe.route(url)
            #expect(outcome == .refused || outcome.label != nil, "\(url.debugDescription)")
        }
    }

    // MARK: Dot segments

    /// `..` and `.` are literal text: never resolved against the path before them.
    @Test func dotSegmentsAreKeptLiteral() throws {
        let probe = HostileProbe([
            "/b": "b", "/a/b": "a/b", "/a/../b": "dot-dot", "/a/./b": "dot", "/../b": "leading",
        ])
        probe.expect("myapp://a/../b", .handled("dot-dot", [:]))
        let url = try #require(probe.last?[Definition.Keys.url] as? URL)
        #expect(url.absoluteString == "myapp://a/../b")
        probe.expect("myapp://a/./b", .handled("dot", [:]))
        probe.expect("myapp:///../b", .handled("leading", [:]))
        probe.expect("myapp:/../b", .handled("leading", [:]))
        probe.expect("/a/../b", .handled("dot-dot", [:]))
        probe.expect("myapp://a/%2E%2E/b", .handled("dot-dot", [:]))
        probe.expect("myapp://a/../../b", .unmatched)
        let values = HostileProbe(["/a/:x/b": "value", "/:x/*": "rest"])
        values.expect("myapp://a/../b", .handled("value", ["x": ".."]))
        values.expect("myapp://../..", .handled("rest", ["x": ".."]))
        #expect(values.last?[Definition.Keys.wildcard] as? [String] == [])
    }

    // MARK: Patterns

    /// Random patterns: either registered as the expansion says, or rejected with one
    /// `RoutePatternError` that names the pattern and a position inside it.
    @Test func randomPatternsNeverCrash() {
        var generator = SeededGenerator(seed: 0x5EED)
        let alphabet = Array("/()*:#%?&=.a1é\u{301}\u{0} ")
        for _ in 0..<3000 {
            let length = Int.random(in: 0...24, using: &generator)
            let pattern = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            HostileInputTests.checkPattern(pattern)
        }
    }

    @Test func hugeAndDeepPatterns() {
        let many =
            String(repeating: "/:p", count: 1)
            + (0..<100_000).map { "/s\($0)" }.joined()
        HostileInputTests.checkPattern(many)
        HostileInputTests.checkPattern("/" + String(repeating: "x", count: 1 << 20))
        HostileInputTests.checkPattern(String(repeating: "(", count: 10_000))
        HostileInputTests.checkPattern(String(repeating: ")", count: 10_000))
        HostileInputTests.checkPattern(String(repeating: "()", count: 10_000))
        HostileInputTests.checkPattern(String(repeating: "/*", count: 10_000))
        HostileInputTests.checkPattern(String(repeating: "/:", count: 10_000))
        HostileInputTests.checkPattern(String(repeating: "/:a", count: 10_000))
        HostileInputTests.checkPattern((0..<Router.maximumOptionalGroups).map { "(/g\($0))" }.joined())
        HostileInputTests.checkPattern((0...Router.maximumOptionalGroups).map { "(/g\($0))" }.joined())
        HostileInputTests.checkPattern(
            (0..<Router.maximumOptionalGroups).map { "(/\(String(repeating: "x", count: 100))\($0))" }
                .joined())
    }

    @Test func patternsAsDefinitionsNeverCrash() {
        var generator = SeededGenerator(seed: 0xDEF)
        let alphabet = Array("/()*:#%a")
        let router = Router()
        var errors: [RoutePatternError] = []
        router.onInvalidPattern = { errors.append($0) }
        for _ in 0..<2000 {
            let length = Int.random(in: 0...12, using: &generator)
            let pattern = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let before = errors.count
            let added = router.default.add(definition: Definition(pattern: pattern, handler: nil))
            let expands = (try? expand(pattern: pattern)) != nil
            let hasGroup = pattern.contains("(") || pattern.contains(")")
            #expect(added == (expands && !hasGroup), "\(pattern.debugDescription)")
            #expect(errors.count == before + (added ? 0 : 1), "\(pattern.debugDescription)")
        }
    }

    static func checkPattern(_ pattern: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let router = Router()
        var errors: [RoutePatternError] = []
        router.onInvalidPattern = { errors.append($0) }
        let added = router.default.add(pattern: pattern, handler: { _ in true })
        do {
            let expansions = try expand(pattern: pattern)
            #expect(added.map(\.pattern) == expansions, sourceLocation: sourceLocation)
            #expect(errors.isEmpty, sourceLocation: sourceLocation)
            #expect(expansions.count <= 1 << Router.maximumOptionalGroups, sourceLocation: sourceLocation)
        } catch {
            #expect(added.isEmpty, sourceLocation: sourceLocation)
            #expect(errors == [error], sourceLocation: sourceLocation)
            #expect(error.pattern == pattern, sourceLocation: sourceLocation)
            #expect((0...pattern.count).contains(error.offset), sourceLocation: sourceLocation)
            #expect(!error.description.isEmpty, sourceLocation: sourceLocation)
        }
    }

    // Linear time: hostile inputs of size n and 8n are measured by CI in instructions
    // (Benchmarks/Scripts/linear-time.sh, with the cases of Benchmarks' HostileWork.swift), not
    // timed here: the test suite has no timing asserts.
}

// MARK: - Helpers

/// What routing one URL did.
enum HostileOutcome: Equatable, CustomStringConvertible {
    /// Not a URL: `false`, no handler, not even the unmatched one.
    case refused
    /// A URL no route accepted: `false`, the unmatched handler ran once.
    case unmatched
    /// The route `label` accepted it; `values` are the string parameters (reserved keys left out).
    case handled(String, [String: String])

    var label: String? {
        if case .handled(let label, _) = self { return label }
        return nil
    }

    var description: String {
        switch self {
        case .refused: return "refused"
        case .unmatched: return "unmatched"
        case .handled(let label, let values):
            return
                "\(label) \(values.map { "\($0.key.debugDescription): \($0.value.debugDescription)" }.sorted())"
        }
    }
}

/// A router whose routes record what they receive.
final class HostileProbe {
    let router = Router()
    private(set) var lastParameters: RouteParameters?
    /// The parameters of the last call as a dictionary (made once, when first read).
    var last: [String: Any]? {
        if storedLast == nil { storedLast = lastParameters?.dictionary }
        return storedLast
    }
    private var storedLast: [String: Any]?
    private(set) var unmatchedCount = 0
    private var label: String?

    /// Routes from pattern to label, registered in this order (equal priorities: first wins).
    convenience init(_ routes: KeyValuePairs<String, String>) {
        self.init(routes: routes.map { ($0.key, $0.value) })
    }

    /// Each pattern labelled with itself.
    convenience init(patterns: [String]) {
        self.init(routes: patterns.map { ($0, $0) })
    }

    init(routes: [(pattern: String, label: String)]) {
        router.onInvalidPattern = { error in Issue.record("unexpected pattern error: \(error)") }
        for (pattern, label) in routes {
            router.default.add(pattern: pattern) { [unowned self] params in
                self.label = label
                lastParameters = params
                storedLast = nil
                return true
            }
        }
        router.default.unmatchedHandler = { [unowned self] _, _ in unmatchedCount += 1 }
    }

    /// Routes `url`; the label of the route that accepted it, without reading its parameters.
    func label(_ url: some URLConvertible) -> String? {
        label = nil
        lastParameters = nil
        storedLast = nil
        return router.route(to: url) ? label : nil
    }

    /// Routes `url` and sums up what happened.
    func route(_ url: some URLConvertible) -> HostileOutcome {
        label = nil
        storedLast = nil
        lastParameters = nil
        let unmatchedBefore = unmatchedCount
        let accepted = router.route(to: url)
        guard accepted, let label, let last else {
            #expect(!accepted)
            return unmatchedCount > unmatchedBefore ? .unmatched : .refused
        }
        var values: [String: String] = [:]
        for (key, value) in last
        where ![Definition.Keys.url, Definition.Keys.pattern, Definition.Keys.scheme].contains(key) {
            if let value = value as? String { values[key] = value }
        }
        return .handled(label, values)
    }

    /// Expects `outcome` from `url`, or a refusal when `URL(string:)` cannot parse it on this
    /// platform. `canRoute` must agree (every route here accepts).
    func expect(_ url: String, _ outcome: HostileOutcome, sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = route(url)
        let expected = URL(string: url) == nil ? .refused : outcome
        #expect(actual == expected, "\(url.debugDescription)", sourceLocation: sourceLocation)
        #expect(
            router.canRoute(to: url) == (expected.label != nil), "canRoute(\(url.debugDescription))",
            sourceLocation: sourceLocation)
    }
}
