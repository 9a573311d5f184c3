import Foundation
import Testing

@testable import Routes
@testable import RoutesTestSupport

/// The index against the linear reference, on thousands of seeded random tables and URLs:
/// 400 routers of three tables each (literals, parameters, wildcards, optional groups, fragments,
/// priorities, fallback, options, removals, declining handlers), 40 URLs each.
@Suite struct DifferentialTests {
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

    /// The definitions that routing's search finds in each table routing would use
    /// (``Router/trace(_:)``, which RoutesTesting's explain prints), in order.
    static func tracedCandidates(_ router: Router, _ url: String) -> [String] {
        router.trace(url).tables.flatMap { table in
            zip(table.table.definitions, table.verdicts).filter { table.acceptsHost && $0.1 == .matches }
                .map(\.0.pattern)
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
                    pattern: DifferentialCorpus.randomPattern(using: &generator, braces: braces),
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
            let url = DifferentialCorpus.randomURL(using: &generator, braces: braces)
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
            // What explain prints (the trace of routing's search) lists the same candidates, in the
            // same order, as routing asks them.
            var everyCandidate: [String] = []
            _ = reference.route(url) { match in
                everyCandidate.append(match.definition.pattern)
                return false
            }
            #expect(DifferentialTests.verdictCandidates(router, url) == everyCandidate, "\(url)")
            #expect(DifferentialTests.tracedCandidates(router, url) == everyCandidate, "\(url)")
            if outcome.matched { matched += 1 }
        }
        // The generator must exercise matches, not only misses.
        #expect(matched > 2)
    }
}
