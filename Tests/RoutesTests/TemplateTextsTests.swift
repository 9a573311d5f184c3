import Foundation
import Testing

@testable import Routes
@testable import RoutesTestSupport

/// Templates filed by their fixed text (``TemplateTexts``, ``CheckedDefinitions``): a lookup
/// checks the templates whose text the segment has where it must be, each once, and routing
/// asks the matches in JLRoutes' order, as the linear reference does.
@Suite struct TemplateTextsTests {
    /// A router whose global table reads braces, with `patterns` in order.
    static func extendedRouter(_ patterns: [String]) -> Router {
        let router = Router()
        router.default.options.insert(.extendedPatterns)
        for pattern in patterns { router.default.add(pattern: pattern) { _ in true } }
        return router
    }

    /// The patterns of the definitions a lookup of `url` checks among `router`'s (all of them
    /// one node's: they differ only in their templates), in routing order, each as often as
    /// it was given.
    static func candidates(_ router: Router, _ url: String) -> [String] {
        let table = router.default
        let checked = CheckedDefinitions(table.definitions)
        let request = RouteRequest(
            parts: URLParts(string: url)!, options: table.options, readsAnchors: false)
        var found: [Definition] = []
        request.withSegments { segments in checked.forEachCandidate(segments) { found.append($0) } }
        return found.sorted { $0.precedes($1) }.map(\.pattern)
    }

    /// Before, every template without fixed text at either end was checked at every lookup:
    /// 1,000 of them in one place cost 1,000 checks, a 4 KB segment 1,000 scans of it.
    @Test func aLookupChecksOnlyTheTemplatesWhoseFixedTextIsInTheSegment() {
        let router = TemplateTextsTests.extendedRouter((0..<1_000).map { "/p/{a}-k\($0)-{b}" })
        #expect(TemplateTextsTests.candidates(router, "myapp://p/x-k7-y") == ["/p/{a}-k7-{b}"])
        #expect(TemplateTextsTests.candidates(router, "myapp://p/x-k7-k70y") == ["/p/{a}-k7-{b}"])
        #expect(TemplateTextsTests.candidates(router, "myapp://p/x-k1000-y").isEmpty)
        #expect(
            TemplateTextsTests.candidates(router, "myapp://p/-k3--k12-") == [
                "/p/{a}-k3-{b}", "/p/{a}-k12-{b}",
            ])
    }

    @Test func aLongSegmentOfOneRepeatedTextGivesItsTemplateOnce() {
        let patterns = (0..<1_000).map { "/p/{a}-k\($0)-{b}" }
        let router = TemplateTextsTests.extendedRouter(patterns)
        let segment = String(repeating: "-k7-", count: 1_024)
        #expect(TemplateTextsTests.candidates(router, "myapp://p/" + segment) == ["/p/{a}-k7-{b}"])
        var values: [String] = []
        router.default.add(pattern: "/p/{a}-k7-{b}", priority: 1) { params in
            values = [params.string("a") ?? "", params.string("b") ?? ""]
            return true
        }
        #expect(router.route(to: "myapp://p/" + segment))
        #expect(values == ["-k7-", String(repeating: "-k7-", count: 1_022)])
    }

    @Test func textsAtTheEndsAreFoundOnlyThere() {
        let router = TemplateTextsTests.extendedRouter(
            (0..<10).flatMap { ["/p/{name}.e\($0)", "/p/v\($0){n:int}"] })
        #expect(TemplateTextsTests.candidates(router, "myapp://p/a.e3") == ["/p/{name}.e3"])
        #expect(TemplateTextsTests.candidates(router, "myapp://p/a.e3x").isEmpty)
        #expect(TemplateTextsTests.candidates(router, "myapp://p/v3.e3") == ["/p/{name}.e3", "/p/v3{n:int}"])
        #expect(TemplateTextsTests.candidates(router, "myapp://p/xv3").isEmpty)
    }

    /// A fragment route's `#` (`{id:int}#`) does not keep a URL without it from the template.
    @Test func aLastTextEndingWithAHashIsNotRequiredAtTheEnd() {
        let router = TemplateTextsTests.extendedRouter(
            (0..<10).map { "/p/{a}.e\($0)" } + ["/p/{id:int}#", "/p/{a}.x#"])
        #expect(TemplateTextsTests.candidates(router, "myapp://p/7") == ["/p/{id:int}#"])
        #expect(TemplateTextsTests.candidates(router, "myapp://p/a.x") == ["/p/{id:int}#", "/p/{a}.x#"])
    }

    /// The fixed texts a template is filed by, at random, against a naive search: every
    /// definition whose every text the segment has where it must be is given once, and no other.
    @Test(arguments: 0..<40)
    func everyTextThatIsThereIsFoundOnce(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 3)
        let alphabet: [UInt8] = Array("ab-%2".utf8)
        func randomText(_ length: ClosedRange<Int>) -> [UInt8] {
            (0..<Int.random(in: length, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
        }
        let texts = TemplateTexts()
        var filed: [(Definition, [TemplateTexts.FixedText])] = []
        for index in 0..<Int.random(in: 1...60, using: &generator) {
            let definition = Definition(pattern: "/d\(index)", priority: 0, action: nil)
            let fixed = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                (
                    text: randomText(1...4),
                    anchor: [TemplateTexts.Anchor.start, .end, .anywhere].randomElement(using: &generator)!
                )
            }
            texts.insert(definition, texts: fixed)
            filed.append((definition, fixed))
            // Lookups between insertions build the automaton again.
            if Int.random(in: 0..<8, using: &generator) == 0 { check() }
        }
        for _ in 0..<30 { check() }

        func check() {
            let segment = randomText(0...24)
            var found: [ObjectIdentifier] = []
            segment.withUnsafeBufferPointer { bytes in
                texts.forEachCandidate(bytes) { found.append(ObjectIdentifier($0)) }
            }
            let expected = filed.filter { _, fixed in
                fixed.allSatisfy { text, anchor in
                    switch anchor {
                    case .start: return segment.starts(with: text)
                    case .end: return segment.reversed().starts(with: text.reversed())
                    case .anywhere:
                        return segment.indices.contains { segment[$0...].starts(with: text) }
                    }
                }
            }.map { ObjectIdentifier($0.0) }
            #expect(found.count == Set(found).count, "\(String(decoding: segment, as: UTF8.self))")
            #expect(Set(found) == Set(expected), "\(String(decoding: segment, as: UTF8.self))")
        }
    }

    /// Pieces of random templates: fixed texts that overlap, and captures with and without a
    /// constraint (`#` stands for a fresh name).
    static let fixedTexts = ["a", "b", "ab", "-", "-k1-", "ba", "%20", "k1", "1-", "aab"]
    static let captures = ["{#}", "{#}", "{#:int}", "{#:a|ab|1}"]
    static let urlPieces = ["a", "b", "-", "k", "1", "%20", "7", "ab", "-k1-", "+", "%61"]

    static func randomTemplate(_ parameter: inout Int, using generator: inout SeededGenerator) -> String {
        var segment = ""
        var fixedNext = Bool.random(using: &generator)
        for _ in 0..<Int.random(in: 2...5, using: &generator) {
            if fixedNext {
                segment += fixedTexts.randomElement(using: &generator)!
            } else {
                segment += captures.randomElement(using: &generator)!.replacingOccurrences(
                    of: "#", with: "p\(parameter)")
                parameter += 1
            }
            fixedNext.toggle()
        }
        if !segment.contains("{") {
            segment += "{p\(parameter)}"
            parameter += 1
        }
        if Int.random(in: 0..<12, using: &generator) == 0 { segment += "#" }
        return segment
    }

    /// Many templates in a few places (one segment, two segments, after an inner `*`), the
    /// same URLs routed by the index and by the linear reference: the same handlers asked, in
    /// the same order, with the same parameters.
    @Test(arguments: 0..<60)
    func manyTemplatesInOnePlaceAgreeWithTheLinearReference(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &* 7_919 &+ 11)
        let router = Router()
        router.default.options.insert(.extendedPatterns)
        if Bool.random(using: &generator) { router.default.options.insert(.decodePlusSymbols) }
        var labels: [ObjectIdentifier: String] = [:]
        var asked: [DifferentialTests.Call] = []
        var urls: [String] = []
        for index in 0..<Int.random(in: 20...80, using: &generator) {
            var parameter = 0
            let template = TemplateTextsTests.randomTemplate(&parameter, using: &generator)
            let pattern: String
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: pattern = "/p/x/" + template
            case 1: pattern = "/w/*/" + template
            case 2: pattern = "/w/*/b/" + template
            default: pattern = "/p/" + template
            }
            let label = "r\(index)"
            let definitions = router.default.add(
                pattern: pattern, priority: Int.random(in: 0...1, using: &generator)
            ) {
                params in
                asked.append(
                    DifferentialTests.Call(label: label, parameters: DifferentialTests.received(params)))
                return false
            }
            for definition in definitions { labels[ObjectIdentifier(definition)] = label }
            // A URL the template may match: each capture given a value, at random.
            var url = "myapp://" + pattern.dropFirst().replacingOccurrences(of: "*", with: "a")
            while let open = url.firstIndex(of: "{"), let close = url[open...].firstIndex(of: "}") {
                url.replaceSubrange(
                    open...close, with: ["1", "7", "a", "ab", "-", "a%20"].randomElement(using: &generator)!)
            }
            urls.append(url)
        }
        let reference = LinearReference(router)
        var matched = 0
        for _ in 0..<60 {
            let segment = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                TemplateTextsTests.urlPieces.randomElement(using: &generator)!
            }.joined()
            let place = ["p/", "p/x/", "w/b/", "w/a/b/", "w/"].randomElement(using: &generator)!
            let url =
                Bool.random(using: &generator)
                ? urls.randomElement(using: &generator)!
                : "myapp://" + place + segment + (Int.random(in: 0..<10, using: &generator) == 0 ? "#" : "")
            asked = []
            _ = router.route(to: url)
            var expected: [DifferentialTests.Call] = []
            _ = reference.route(url) { match in
                let label = labels[ObjectIdentifier(match.definition)] ?? "?"
                expected.append(
                    DifferentialTests.Call(
                        label: label, parameters: LinearReference.canonical(match.parameters)))
                return false
            }
            #expect(asked == expected, "\(url)")
            #expect(router.canRoute(to: url) == !expected.isEmpty, "\(url)")
            if !expected.isEmpty { matched += 1 }
        }
        // The generator must exercise matches, not only misses.
        #expect(matched > 2)
    }
}
