import Foundation
import Testing

@testable import Routes

/// The index against the linear reference, on thousands of seeded random tables and URLs:
/// 400 routers of three tables each (literals, parameters, wildcards, optional groups, fragments,
/// priorities, fallback, options, removals, declining handlers), 40 URLs each.
@Suite struct DifferentialTests {
    // Capitals and escaped capitals: a host segment matches literals ignoring ASCII case, a path
    // segment does not.
    static let literals = ["a", "b", "c", "a b", "é", "user#", "x+y", "", "A"]
    static let urlSegments = [
        "a", "b", "c", "", "a%20b", "%61", "%C3%A9", "x+y", "x%2By", "d", "a%2Fb", "%ZZ", "A", "%41",
        "B",
    ]

    /// Segments of extended patterns (`.extendedPatterns`); `#` stands for a fresh name.
    static let bracedSegments = [
        "{#}", "{#:int}", "{#:uint}", "{#:double}", "{#:bool}", "{#:a|b|a b}", "{#}.x", "v{#:int}.{#:int}",
        "{#}-{#}", "x{#}", "{#:int}#", "{#}b",
    ]
    /// URL segments that some templates take and others refuse.
    static let bracedURLSegments = [
        "7", "-3", "%37", "+5", "1.5", "yes", "a.x", "x.x.x", "v1.2", "v1.x", "a-b", "a-", "-b", "xa", "x",
        "ab", "bb", "a%20b", "a+b", ".x", "%2D-b", "a%2D-", "v%31.2", "%62b", "x%2Ex.x",
    ]

    static func randomPattern(using generator: inout SeededGenerator, braces: Bool = false) -> String {
        var text = ""
        var parameter = 0
        var groups = 0
        var hasWildcard = false
        for index in 0..<Int.random(in: 0...4, using: &generator) {
            var segment: String
            if braces, !hasWildcard, Int.random(in: 0..<6, using: &generator) == 0 {
                // A `*` anywhere, once.
                hasWildcard = true
                text += Bool.random(using: &generator) ? "/*" : "/{w:*}"
                continue
            }
            if braces, Int.random(in: 0..<2, using: &generator) == 0 {
                segment = ""
                for character in bracedSegments.randomElement(using: &generator)! {
                    if character == "#", segment.last != "}" {
                        segment += "p\(parameter)"
                        parameter += 1
                    } else {
                        segment.append(character)
                    }
                }
                if groups < 2, Int.random(in: 0..<5, using: &generator) == 0 {
                    groups += 1
                    text += "(/\(segment))"
                } else {
                    text += "/" + segment
                }
                continue
            }
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5: segment = literals.randomElement(using: &generator)!
            case 5..<8:
                segment = ":p\(parameter)"
                parameter += 1
            case 8: segment = index == 0 ? ":" : "c"
            default: segment = "b#"
            }
            if groups < 2, Int.random(in: 0..<5, using: &generator) == 0 {
                groups += 1
                text += "(/\(segment))"
            } else {
                text += "/" + segment
            }
        }
        if !hasWildcard, Int.random(in: 0..<4, using: &generator) == 0 {
            text += braces && Bool.random(using: &generator) ? "/{rest:*}" : "/*"
        }
        return text
    }

    static func randomURL(using generator: inout SeededGenerator, braces: Bool = false) -> String {
        let scheme = ["myapp", "alpha", "ALPHA", "beta"].randomElement(using: &generator)!
        var url = scheme + "://"
        if Bool.random(using: &generator) { url += "example.com" }
        for index in 0..<Int.random(in: 0...4, using: &generator) {
            if index > 0 || url.hasSuffix(".com") { url += "/" }
            url +=
                braces && Bool.random(using: &generator)
                ? bracedURLSegments.randomElement(using: &generator)!
                : urlSegments.randomElement(using: &generator)!
        }
        if Int.random(in: 0..<3, using: &generator) == 0 { url += "?p0=q&x=1&x=2&flag" }
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: url += "#/b"
        case 1: url += "#p1=f&y=2"
        case 2: url += "#"
        default: break
        }
        return url
    }

    /// A handler call: which route, with which parameters (``LinearReference/canonical(_:)``).
    struct Call: Equatable, CustomStringConvertible {
        var label: String
        var parameters: String
        var description: String { "\(label) {\(parameters)}" }
    }

    /// The parameters a handler received, as text; a key whose lazy subscript disagrees with the
    /// dictionary is named, so that the comparison fails.
    static func received(_ params: RouteParameters) -> String {
        let dictionary = params.dictionary
        var text = LinearReference.canonical(dictionary)
        for (key, value) in dictionary where params[key].map({ "\($0)" }) != "\(value)" {
            text += "; subscript disagrees on \(key.debugDescription): \(String(describing: params[key]))"
        }
        if params.count != dictionary.count { text += "; count \(params.count)" }
        return text
    }

    /// The definitions whose ``RouteRequest/verdict(for:)`` is a match, in the order explain
    /// lists them: the first table's, then the global table's with fallback.
    static func verdictCandidates(_ router: Router, _ url: String) -> [String] {
        guard let parts = URLParts(string: url) else { return [] }
        let start = router.table(for: parts)
        return ([start] + (start.fallbackTable.map { [$0] } ?? [])).flatMap { table -> [String] in
            let readsAnchors =
                table === start ? start.readsAnchors : table.readsAnchors(afterFallbackFrom: start, of: parts)
            let request = RouteRequest(parts: parts, options: table.options, readsAnchors: readsAnchors)
            return table.definitions.filter { request.verdict(for: $0.parsed) == .matches }.map(\.pattern)
        }
    }

    @Test(arguments: 0..<400)
    func indexAgreesWithLinearScan(seed: Int) {
        DifferentialTests.check(seed: seed, braces: false)
    }

    /// The same with extended patterns: typed captures, allowed values, captures beside fixed
    /// text and named wildcards (the reference reads them by the article's grammar).
    @Test(arguments: 0..<300)
    func extendedPatternsAgreeWithLinearScan(seed: Int) {
        DifferentialTests.check(seed: seed &+ 100_000, braces: true)
    }

    static func check(seed: Int, braces: Bool) {
        var generator = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 1)
        let router = Router()
        var labels: [ObjectIdentifier: String] = [:]
        var actual: [Call] = []
        let accepting = Set(
            (0..<60).filter { _ in Int.random(in: 0..<3, using: &generator) > 0 }.map { "r\($0)" })
        for scheme in [Router.defaultScheme, "alpha", "beta"] {
            let table = router[scheme]
            table.shouldFallback = Bool.random(using: &generator)
            if Bool.random(using: &generator) { table.options = [] }
            if Int.random(in: 0..<4, using: &generator) == 0 {
                table.options.insert(.treatHostAsPathComponent)
            }
            if braces { table.options.insert(.extendedPatterns) }
            for _ in 0..<Int.random(in: 5...20, using: &generator) {
                let label = "r\(labels.count % 60)"
                let definitions = table.add(
                    pattern: DifferentialTests.randomPattern(using: &generator, braces: braces),
                    priority: Int.random(in: -1...2, using: &generator)
                ) { params in
                    actual.append(Call(label: label, parameters: DifferentialTests.received(params)))
                    return accepting.contains(label)
                }
                for definition in definitions { labels[ObjectIdentifier(definition)] = label }
            }
            // Removals leave the index to be rebuilt.
            if let victim = table.definitions.randomElement(using: &generator), Bool.random(using: &generator)
            {
                table.remove(definition: victim)
            }
        }
        let reference = LinearReference(router)
        var matched = 0
        for _ in 0..<40 {
            let url = DifferentialTests.randomURL(using: &generator, braces: braces)
            let extra: [String: Any] = Bool.random(using: &generator) ? ["x": "extra"] : [:]
            actual = []
            let routed = router.route(to: url, parameters: extra)
            var expected: [Call] = []
            let outcome = reference.route(url, extra: extra) { match in
                let label = labels[ObjectIdentifier(match.definition)] ?? "?"
                expected.append(Call(label: label, parameters: LinearReference.canonical(match.parameters)))
                return accepting.contains(label)
            }
            #expect(actual == expected, "\(url)")
            #expect(routed == outcome.accepted, "\(url)")
            // `canRoute` ignores what handlers answer: it is true when any definition matches.
            #expect(router.canRoute(to: url) == outcome.matched, "\(url)")
            // Explain lists the same candidates, in the same order, as routing asks them.
            var everyCandidate: [String] = []
            _ = reference.route(url) { match in
                everyCandidate.append(match.definition.pattern)
                return false
            }
            #expect(DifferentialTests.verdictCandidates(router, url) == everyCandidate, "\(url)")
            #expect(
                router.explain(url).entries.filter { $0.mismatch == nil }.map(\.pattern) == everyCandidate,
                "\(url)")
            if outcome.matched { matched += 1 }
        }
        // The generator must exercise matches, not only misses.
        #expect(matched > 2)
    }
}
