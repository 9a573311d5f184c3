import Foundation
import Testing

@testable import Routes
@testable import RoutesTestSupport

/// The handler calls of one routing.
final class TemplateIndexCalls { var calls: [DifferentialTests.Call] = [] }

/// The template index against the linear reference, on dense tables of random templates (fixed
/// texts that overlap and repeat, escapes, constraints, `#`, templates after an inner `*` and on
/// the host segment), with removals and registrations between the rounds: the same handlers
/// asked in the same order with the same parameters, and the same answers of `canRoute(to:)`.
@MainActor @Suite struct TemplateIndexDifferentialTests {
    static let fixedTexts = [
        "a", "b", "ab", "ba", "aab", "-", "-a-", "%20", "%C3%A9", "A", "aa", "bab", "x#", "1",
    ]
    static let urlTokens = [
        "a", "b", "ab", "-", "%20", "%C3%A9", "%c3%a9", "A", "1", "x", "+", "aa", "%2D", "%61", "#", "é",
    ]
    static let constraints = [nil, nil, nil, "int", "a|b|ab", "bool"]

    static func randomTemplate(_ g: inout SeededGenerator, _ names: inout Int) -> String {
        func capture() -> String {
            names += 1
            let c = constraints.randomElement(using: &g)!
            return "{c\(names)" + (c.map { ":" + $0 } ?? "") + "}"
        }
        func fixed() -> String { fixedTexts.randomElement(using: &g)! }
        switch Int.random(in: 0..<8, using: &g) {
        case 0: return fixed() + capture()
        case 1: return capture() + fixed()
        case 2: return capture() + fixed() + capture()
        case 3: return fixed() + capture() + fixed()
        case 4: return fixed() + capture() + fixed() + capture() + fixed()
        case 5: return capture() + fixed() + capture() + fixed() + capture()
        case 6: return [":p", "lit", "a", "{c9:int}", "*", "{q}"].randomElement(using: &g)!
        default: return capture() + fixed() + capture() + "#"
        }
    }

    static func randomPattern(_ g: inout SeededGenerator) -> String {
        var names = 0
        switch Int.random(in: 0..<5, using: &g) {
        case 0: return "/*/z/" + randomTemplate(&g, &names)
        case 1: return "/" + randomTemplate(&g, &names) + "/p"
        default:
            let t = randomTemplate(&g, &names)
            return "/p/" + t + (t == "*" ? "" : "")
        }
    }

    static func randomURL(_ g: inout SeededGenerator) -> String {
        var segment = ""
        for _ in 0..<Int.random(in: 1...6, using: &g) { segment += urlTokens.randomElement(using: &g)! }
        let encoded = segment.replacingOccurrences(of: "é", with: "%C3%A9")
        switch Int.random(in: 0..<5, using: &g) {
        case 0: return "myapp://q/r/z/" + encoded
        case 1: return "myapp://" + encoded.replacingOccurrences(of: "#", with: "") + "/p"
        case 2: return "myapp://p/" + encoded + "#/x"
        default: return "myapp://p/" + encoded
        }
    }

    static func compare(
        _ router: Router, _ labels: [ObjectIdentifier: String], _ accepting: Set<String>,
        _ urls: [String], _ actual: TemplateIndexCalls,
        _ note: String
    ) -> Int {
        let reference = LinearReference(router)
        var matched = 0
        for url in urls {
            actual.calls = []
            let routed = router.route(to: url)
            let snapshot = actual.calls
            var expected: [DifferentialTests.Call] = []
            let outcome = reference.route(url) { match in
                let label = labels[ObjectIdentifier(match.definition)] ?? "?"
                expected.append(
                    DifferentialTests.Call(
                        label: label, parameters: LinearReference.canonical(match.parameters)))
                return accepting.contains(label)
            }
            #expect(snapshot == expected, "\(note) \(url)")
            #expect(routed == outcome.accepted, "\(note) \(url)")
            #expect(router.canRoute(to: url) == outcome.matched, "\(note) \(url)")
            if outcome.matched { matched += 1 }
        }
        return matched
    }

    @Test(arguments: 0..<120)
    func denseTemplatesAgreeWithLinearReference(seed: Int) { Self.dense(seed: seed) }

    static func dense(seed: Int) {
        var g = SeededGenerator(seed: UInt64(seed) &* 31_337 &+ 17)
        let router = Router()
        let table = router.default
        table.options.insert(.extendedPatterns)
        if Bool.random(using: &g) { table.options.insert(.treatHostAsPathComponent) }
        if Bool.random(using: &g) { table.options.remove(.decodePlusSymbols) }
        var labels: [ObjectIdentifier: String] = [:]
        let actual = TemplateIndexCalls()
        var accepting = Set<String>()
        var count = 0
        func addSome(_ n: Int) {
            for _ in 0..<n {
                let label = "r\(count)"
                count += 1
                if Int.random(in: 0..<4, using: &g) == 0 { accepting.insert(label) }
                let pattern = Self.randomPattern(&g)
                let defs = table.add(pattern: pattern, priority: Int.random(in: -1...1, using: &g)) {
                    params in
                    actual.calls.append(
                        DifferentialTests.Call(label: label, parameters: DifferentialTests.received(params)))
                    return accepting.contains(label)
                }
                for d in defs { labels[ObjectIdentifier(d)] = label }
            }
        }
        addSome(Int.random(in: 8...60, using: &g))
        var urls = (0..<60).map { _ in Self.randomURL(&g) }
        // URLs built from the registered patterns' fixed texts, so that matches happen.
        for d in table.definitions.prefix(20) {
            var text = d.pattern
            for i in 0..<12 { text = text.replacingOccurrences(of: "{c\(i):int}", with: "7") }
            for i in 0..<12 { text = text.replacingOccurrences(of: "{c\(i):a|b|ab}", with: "ab") }
            for i in 0..<12 { text = text.replacingOccurrences(of: "{c\(i):bool}", with: "yes") }
            for i in 0..<12 { text = text.replacingOccurrences(of: "{c\(i)}", with: "b") }
            text = text.replacingOccurrences(of: "*", with: "q").replacingOccurrences(of: ":p", with: "v")
                .replacingOccurrences(of: "{q}", with: "w").replacingOccurrences(of: "{c9:int}", with: "9")
            urls.append("myapp:/" + text)
        }
        var matched = Self.compare(router, labels, accepting, urls, actual, "initial")
        // Removals and re-registrations.
        for _ in 0..<3 {
            if let victim = table.definitions.randomElement(using: &g) { table.remove(definition: victim) }
        }
        var removedPatterns: [String] = []
        if let some = table.definitions.randomElement(using: &g) {
            removedPatterns.append(some.pattern)
            table.remove(pattern: some.pattern)
        }
        matched += Self.compare(router, labels, accepting, urls, actual, "after removal")
        for pattern in removedPatterns {
            let label = "r\(count)"
            count += 1
            let defs = table.add(pattern: pattern, priority: 5) { params in
                actual.calls.append(
                    DifferentialTests.Call(label: label, parameters: DifferentialTests.received(params)))
                return false
            }
            for d in defs { labels[ObjectIdentifier(d)] = label }
        }
        addSome(10)
        matched += Self.compare(router, labels, accepting, urls, actual, "after re-adding")
        #expect(matched > 0)
    }
}
