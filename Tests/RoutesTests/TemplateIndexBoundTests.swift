import Foundation
import Testing

@testable import Routes
@testable import RoutesTestSupport

/// What a lookup checks among many definitions filed in one place (``CheckedDefinitions``,
/// ``TemplateTexts``): the templates whose every fixed text the segment has where it must be,
/// and the literals after an inner `*` equal to their segment, whether or not that segment is
/// the host. Counts, not times.
@Suite struct TemplateIndexBoundTests {
    /// How many definitions a lookup of `url` checks at the global table's one checked node.
    static func candidates(_ router: Router, _ url: String) -> Int {
        let table = router.default
        let checked = CheckedDefinitions(table.definitions)
        let request = RouteRequest(parts: URLParts(string: url)!, options: table.options, readsAnchors: false)
        var found = 0
        request.withSegments { segments in checked.forEachCandidate(segments) { _ in found += 1 } }
        return found
    }

    static func extendedRouter(_ patterns: [String]) -> Router {
        let router = Router()
        router.default.options.insert(.extendedPatterns)
        for pattern in patterns { router.default.add(pattern: pattern) { _ in true } }
        return router
    }

    // MARK: Templates

    /// Before, the 1,000 templates were filed under their text at the end, `.jpg`, which they all
    /// share: a segment ending with it checked all 1,000 (a 4 KB one, about 14 ms).
    @Test func templatesSharingTheirTextAtTheEndAreNotAllChecked() {
        let router = TemplateIndexBoundTests.extendedRouter((0..<1_000).map { "/s/{a}-k\($0)-{b}.jpg" })
        #expect(TemplateIndexBoundTests.candidates(router, "myapp://s/x-zz-y.jpg") == 0)
        #expect(TemplateIndexBoundTests.candidates(router, "myapp://s/x-k7-y.jpg") == 1)
        // The first template, filed before `.jpg` was common, needs its `-k0-` too.
        #expect(TemplateIndexBoundTests.candidates(router, "myapp://s/x-k0-y.jpg") == 1)
        #expect(TemplateIndexBoundTests.candidates(router, "myapp://s/x-k0-y.png") == 0)
        let long = "myapp://s/x" + String(repeating: "-zz", count: 1_400) + "-y.jpg"
        #expect(TemplateIndexBoundTests.candidates(router, long) == 0)
        #expect(!router.canRoute(to: "myapp://s/x-zz-y.jpg"))
        #expect(router.canRoute(to: "myapp://s/x-k999-y.jpg"))
        #expect(router.canRoute(to: "myapp://s/x-k0-y.jpg"))
    }

    /// Before, the 1,000 templates were filed under their text at the start, `img-`: a segment
    /// starting with it checked all 1,000. The app's type is asked for the one that matches.
    @Test func templatesSharingTheirTextAtTheStartAreNotAllChecked() {
        let asked = AskedValues()
        let router = Router()
        router.addParameterType("counted") { value in
            asked.append(value)
            return true
        }
        router.default.options.insert(.extendedPatterns)
        for index in 0..<1_000 {
            router.default.add(pattern: "/s/img-{a:counted}-k\(index)-{b}") { _ in true }
        }
        #expect(TemplateIndexBoundTests.candidates(router, "myapp://s/img-x-zz-y") == 0)
        #expect(TemplateIndexBoundTests.candidates(router, "myapp://s/img-x-k512-y") == 1)
        #expect(!router.canRoute(to: "myapp://s/img-x-zz-y"))
        #expect(asked.values.isEmpty)
        #expect(router.canRoute(to: "myapp://s/img-x-k512-y"))
        #expect(asked.values == ["x"])
    }

    /// A pattern with templates in two segments is filed by the one whose texts are rarer: before,
    /// by its text at an end (`.jpg`, in the first), which all 1,000 share.
    @Test func templatesInTwoSegmentsAreFiledByTheRarerOne() {
        let router = TemplateIndexBoundTests.extendedRouter((0..<1_000).map { "/s/{a}.jpg/{b}-k\($0)-{c}" })
        // The first template alone, filed by `.jpg` while no other had it.
        #expect(TemplateIndexBoundTests.candidates(router, "myapp://s/x.jpg/y-zz-z") == 1)
        #expect(TemplateIndexBoundTests.candidates(router, "myapp://s/x.jpg/y-k3-z") == 2)
        #expect(TemplateIndexBoundTests.candidates(router, "myapp://s/x.png/y-k3-z") == 1)
        #expect(router.canRoute(to: "myapp://s/x.jpg/y-k3-z"))
        #expect(!router.canRoute(to: "myapp://s/x.png/y-k3-z"))
    }

    /// Templates whose every text is shared by others are still checked only when all their texts
    /// are there.
    @Test func templatesWhoseTextsAreAllSharedAreCheckedOnlyWithAllOfThem() {
        var patterns: [String] = []
        for i in 0..<20 { for j in 0..<20 { patterns.append("/g/{a}-x\(i)-{b}-y\(j)-{c}") } }
        let router = TemplateIndexBoundTests.extendedRouter(patterns)
        #expect(TemplateIndexBoundTests.candidates(router, "myapp://g/a-x3-b") == 0)
        #expect(TemplateIndexBoundTests.candidates(router, "myapp://g/a-y3-b") == 0)
        #expect(TemplateIndexBoundTests.candidates(router, "myapp://g/a-x3-b-y4-c") == 1)
        #expect(router.canRoute(to: "myapp://g/a-x3-b-y4-c"))
        #expect(!router.canRoute(to: "myapp://g/a-y4-b-x3-c"))
    }

    // MARK: Literals after an inner `*`

    /// Before, a literal after an inner `*` that fell on the host segment was not hashed: every
    /// definition filed there was a candidate (and each check built a table of one literal).
    @Test func literalsAfterAnInnerWildcardOnTheHostSegmentAreFoundByHash() {
        let router = Router()
        for i in 0..<1_000 { router.default.add(pattern: "/*/tz\(i)/:x") { _ in true } }
        #expect(TemplateIndexBoundTests.candidates(router, "myapp:/a/b") == 0)
        #expect(TemplateIndexBoundTests.candidates(router, "myapp://a/b") == 0)
        #expect(TemplateIndexBoundTests.candidates(router, "myapp://tz7/b") == 1)
        // The host's case is ignored, the path's is not: the candidates are the literals equal
        // ignoring case, and the check tells them apart.
        #expect(TemplateIndexBoundTests.candidates(router, "myapp://TZ7/b") == 1)
        #expect(TemplateIndexBoundTests.candidates(router, "myapp:/TZ7/b") == 1)
        #expect(router.canRoute(to: "myapp://tz7/b"))
        #expect(router.canRoute(to: "myapp://TZ7/b"))
        #expect(router.canRoute(to: "myapp://q/tz7/b"))
        #expect(!router.canRoute(to: "myapp:/TZ7/b"))
        #expect(!router.canRoute(to: "myapp://a/b"))
    }

    /// The host rule decides, as for a first literal: escapes decoded, the host's case ignored,
    /// what follows the host (a fragment's path joined to it) compared exactly; the index and the
    /// linear reference agree on each URL.
    @Test func aLiteralOnTheHostSegmentIsComparedByTheHostRule() {
        let router = Router()
        var labels: [ObjectIdentifier: String] = [:]
        var asked: [String] = []
        let patterns = (0..<8).map { "/*/tz\($0)/:x" } + ["/*/Tz9#/:x", "/*/a%20b/:x", "/*/tz1#x/:y"]
        for pattern in patterns {
            for definition in router.default.add(
                pattern: pattern,
                handler: { _ in
                    asked.append(pattern)
                    return false
                })
            {
                labels[ObjectIdentifier(definition)] = pattern
            }
        }
        let reference = LinearReference(router)
        let urls = [
            "myapp://tz3/b", "myapp://TZ3/b", "myapp://tZ3/b", "myapp://t%7A3/b", "myapp://T%5A3/b",
            "myapp://tz9#/b", "myapp://TZ9#/b", "myapp://tz1#x/b", "myapp://TZ1#X/b", "myapp://a%20b/c",
            "myapp://A%20B/c", "myapp:/a%20b/c", "myapp:/A%20b/c", "myapp://tz3.com/b", "myapp://localhost/b",
        ]
        for url in urls {
            asked = []
            _ = router.route(to: url)
            var expected: [String] = []
            _ = reference.route(url) { match in
                expected.append(labels[ObjectIdentifier(match.definition)] ?? "?")
                return false
            }
            #expect(asked == expected, "\(url)")
        }
    }
}

/// The values an app's parameter type was asked about.
final class AskedValues: @unchecked Sendable {
    private(set) var values: [String] = []
    func append(_ value: String) { values.append(value) }
}
