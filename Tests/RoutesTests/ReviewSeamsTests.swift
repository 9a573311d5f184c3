import Foundation
import Testing

@testable import Routes

// Hostile review of issue 35's last fixes: the template index (re-entrancy, the bound), and the
// typed routes' registration checks.

/// What a parameter type's closure reaches, and what it saw.
final class ReviewSeamsBox: @unchecked Sendable {
    weak var router: Router?
    var log: [String] = []
    var calls = 0
    var action: ((Router) -> Void)?
}

@Suite struct ReviewSeamsReentrancyTests {
    static func router(_ box: ReviewSeamsBox, _ name: String = "t") -> Router {
        let router = Router()
        box.router = router
        router.addParameterType(name) { value in
            box.calls += 1
            if let action = box.action, let router = box.router {
                box.action = nil
                action(router)
            }
            return true
        }
        router.default.options.insert(.extendedPatterns)
        router.myapp.options.insert(.extendedPatterns)
        return router
    }

    /// The scheme's table is unregistered by a parameter type while a template lookup of that
    /// table is under way (its index is read "without retaining it").
    @Test func unregisteringTheSchemeFromAParameterTypeDuringATemplateLookup() {
        let box = ReviewSeamsBox()
        let router = ReviewSeamsReentrancyTests.router(box)
        for index in 0..<8 {
            router.myapp.add(pattern: "/p/{a}-k\(index)-{b:t}") { _ in
                box.log.append("k\(index)")
                return false
            }
        }
        box.action = { router in
            router.unregister(scheme: "myapp")
            // Fill a new table of the same scheme, to reuse freed memory.
            for index in 0..<50 { router.myapp.add(pattern: "/q/\(index)") { _ in true } }
            _ = router.route(to: "myapp://q/3")
        }
        _ = router.route(to: "myapp://p/x-k1-k2-k3-k4-y")
        #expect(box.calls > 0)
        #expect(!router.canRoute(to: "myapp://p/x-k1-y"))
        #expect(router.canRoute(to: "myapp://q/49"))
    }

    @Test func unregisterAllFromAParameterTypeDuringCanRoute() {
        let box = ReviewSeamsBox()
        let router = ReviewSeamsReentrancyTests.router(box)
        for index in 0..<8 { router.myapp.add(pattern: "/p/{a}-k\(index)-{b:t}") { _ in true } }
        for index in 0..<8 { router.default.add(pattern: "/p/{a}-k\(index)-{b:t}") { _ in true } }
        box.action = { router in
            router.unregisterAll()
            for index in 0..<50 { router.default.add(pattern: "/p/{a}-zz\(index)-{b}") { _ in true } }
            _ = router.canRoute(to: "myapp://p/x-zz3-y")
        }
        // The lookup began when the route existed: it answers from that index.
        #expect(router.canRoute(to: "myapp://p/x-k1-y"))
        #expect(!router.canRoute(to: "myapp://p/x-k1-y"))
    }

    /// url(for:) from a parameter type: it routes the URL it built back (a nested lookup of the
    /// same node while the outer one is asking its candidates).
    @Test func urlForFromAParameterTypeDuringALookupOfTheSameNode() throws {
        let box = ReviewSeamsBox()
        let router = ReviewSeamsReentrancyTests.router(box)
        for index in 0..<8 {
            router.myapp.add(pattern: "/p/{a}-k\(index)-{b:t}") { _ in
                box.log.append("k\(index)")
                return false
            }
        }
        var built: URL?
        box.action = { router in
            built = try? router.url(for: "/p/{a}-k3-{b:t}", parameters: ["a": "m", "b": "n"])
        }
        #expect(!router.route(to: "myapp://p/x-k1-k2-k3-y"))
        #expect(Set(box.log) == ["k1", "k2", "k3"])
        #expect(box.log.count == 3)
        // url(for:) of the global table; the route is in myapp's: either it throws or it builds.
        _ = built
    }

    /// A parameter type that removes the route being checked and registers it again, then routes
    /// the same URL: the outer lookup asks each route it began with once.
    @Test func aParameterTypeThatRemovesAndReaddsThenRoutesTheSameURL() {
        let box = ReviewSeamsBox()
        let router = ReviewSeamsReentrancyTests.router(box)
        for index in 0..<8 {
            router.myapp.add(pattern: "/p/{a}-k\(index)-{b:t}") { _ in
                box.log.append("k\(index)")
                return false
            }
        }
        box.action = { router in
            router.myapp.remove(pattern: "/p/{a}-k2-{b:t}")
            router.myapp.add(pattern: "/p/{a}-k2-{b:t}") { _ in
                box.log.append("k2'")
                return false
            }
            box.log.append("nested:\(router.route(to: "myapp://p/x-k1-k2-y"))")
        }
        #expect(!router.route(to: "myapp://p/x-k1-k2-y"))
        // Outer: k1 and k2 (the index it began with); nested: k1, k2' (the current one).
        #expect(box.log.filter { $0 == "k1" }.count == 2)
        #expect(box.log.contains("k2"))
        #expect(box.log.contains("k2'"))
        box.log = []
        #expect(!router.route(to: "myapp://p/x-k1-k2-y"))
        #expect(Set(box.log) == ["k1", "k2'"])
    }

    /// Literals after an inner `*` on the host segment, with a parameter type that unregisters
    /// the table.
    @Test func literalAfterAnInnerWildcardWithATypeThatUnregisters() {
        let box = ReviewSeamsBox()
        let router = ReviewSeamsReentrancyTests.router(box)
        for index in 0..<8 {
            router.myapp.add(pattern: "/*/tz\(index)/{x:t}") { _ in
                box.log.append("tz\(index)")
                return false
            }
        }
        box.action = { router in
            router.unregisterAll()
            _ = router.route(to: "myapp://TZ3/v")
        }
        #expect(!router.route(to: "myapp://TZ3/v"))
        #expect(box.log == ["tz3"])
    }

    /// Deeply nested lookups of the same node (each asking, each with marks of its own).
    @Test func nestedLookupsOfTheSameNodeThreeDeep() {
        let box = ReviewSeamsBox()
        let router = Router()
        box.router = router
        router.myapp.options.insert(.extendedPatterns)
        router.addParameterType("t") { _ in
            if box.calls < 3, let router = box.router {
                box.calls += 1
                let depth = box.calls
                box.log.append("nested \(depth): \(router.canRoute(to: "myapp://p/x-k1-k5-y"))")
            }
            return true
        }
        for index in 0..<8 {
            router.myapp.add(pattern: "/p/{a}-k\(index)-{b:t}") { _ in
                box.log.append("k\(index)")
                return false
            }
        }
        #expect(!router.route(to: "myapp://p/x-k1-k5-y"))
        #expect(box.log.filter { $0.hasPrefix("k") }.sorted() == ["k1", "k5"])
        #expect(
            box.log.filter { $0.hasPrefix("nested") } == [
                "nested 3: true", "nested 2: true", "nested 1: true",
            ])
    }
}

/// The same URL routes the same whether its template is alone in its place (checked in turn)
/// or among decoys (the index filters by fixed text): an oracle that needs no reference.
@Suite struct ReviewSeamsDecoyTests {
    static let templates = [
        "{a}-k7-{b}", "{a}%20{b}", "{a}%c3%a9", "{a}%C3%A9", "v{n:int}", "{a}.jpg", "{a}#{b}",
        "{a}+{b}", "x{a}x", "{a}-x-{b}-x-{c}", "{a}aa{b}", "A{a}", "{a}%2D{b}", "{a}%2d{b}", "é{a}",
        "{a}é",
    ]
    static let urlSegments = [
        "m-k7-n", "m%2Dk7-n", "m%2dk7%2Dn", "M-K7-N", "m%20n", "m+n", "m n", "caf%C3%A9", "caf%c3%a9",
        "café", "v12", "V12", "v%31", "a.jpg", "a%2Ejpg", "a.JPG", "m#n", "m%23n", "xx", "xax", "x%78",
        "p-x-q-x-r", "p-x-q", "maab", "aab", "Ab", "ab", "a%41", "m-n", "éa", "%C3%A9a", "a%C3%A9",
    ]
    static let places = [
        ("/p/", "", "myapp://p/", ""), ("/", "/p", "myapp://", "/p"), ("/*/z/", "", "myapp://q/r/z/", ""),
        ("/p/", "", "https://example.com/p/", ""),
    ]

    static func answer(_ templates: [String], _ url: String, hosts: Bool) -> String {
        let router = Router()
        router.default.options.insert(.extendedPatterns)
        router.https.options.insert(.extendedPatterns)
        if hosts { router.https.hosts = ["example.com"] }
        var log: [String] = []
        for (index, template) in templates.enumerated() {
            let table = url.hasPrefix("https") ? router.https : router.default
            table.add(pattern: template) { params in
                let values = params.dictionary.filter { !$0.key.hasPrefix("JLRoute") }
                    .map { "\($0.key)=\($0.value)" }.sorted()
                log.append("\(index):\(values)")
                return false
            }
        }
        _ = router.route(to: url)
        return "\(router.canRoute(to: url)) \(log)"
    }

    @Test func aTemplateRoutesTheSameAloneAndAmongDecoys() {
        var disagreements: [String] = []
        for (prefix, suffix, urlPrefix, urlSuffix) in ReviewSeamsDecoyTests.places {
            for template in ReviewSeamsDecoyTests.templates {
                let pattern = prefix + template + suffix
                let decoys = (0..<6).map { prefix + "{d}-qq\($0)zz-{e}" + suffix }
                for segment in ReviewSeamsDecoyTests.urlSegments {
                    if urlPrefix.hasPrefix("myapp://"), !urlPrefix.hasPrefix("myapp://p"),
                        !urlPrefix.hasPrefix("myapp://q"), segment.contains("#") || segment.contains(" ")
                    {
                        continue
                    }
                    let url = urlPrefix + segment + urlSuffix
                    let hosts = urlPrefix.hasPrefix("https")
                    let alone = ReviewSeamsDecoyTests.answer([pattern], url, hosts: hosts)
                    let among = ReviewSeamsDecoyTests.answer(decoys + [pattern], url, hosts: hosts)
                        .replacingOccurrences(of: "6:", with: "0:")
                    if alone != among {
                        disagreements.append("\(pattern) \(url): alone \(alone), among \(among)")
                    }
                }
            }
        }
        #expect(disagreements == [])
    }
}

/// Counting the templates a lookup checks: each check of a template whose last capture has the
/// type `cnt` calls it once (a template is checked left to right; the count is of checks that
/// get that far, a lower bound of the candidates).
@Suite struct ReviewSeamsBoundTests {
    final class Counter: @unchecked Sendable { var count = 0 }

    static func router(_ counter: Counter) -> Router {
        let router = Router()
        router.addParameterType("cnt") { _ in
            counter.count += 1
            return true
        }
        router.default.options.insert(.extendedPatterns)
        return router
    }

    /// The templates checked while `url` is routed (and declined: every handler declines).
    static func checks(_ router: Router, _ counter: Counter, _ url: String) -> Int {
        counter.count = 0
        #expect(!router.route(to: url))
        return counter.count
    }

    /// Texts that are substrings of one another: `k1`, `k11`, `k111`, … A segment holding `k111`
    /// holds three of them: those three are checked, nothing else.
    @Test func textsThatAreSubstringsOfOthers() {
        let counter = Counter()
        let router = ReviewSeamsBoundTests.router(counter)
        for index in 1...1_000 { router.default.add(pattern: "/p/{a}k\(index){b:cnt}") { _ in false } }
        #expect(ReviewSeamsBoundTests.checks(router, counter, "myapp://p/xk111y") == 3)
        #expect(ReviewSeamsBoundTests.checks(router, counter, "myapp://p/xk0y") == 0)
    }

    /// A 64 KB hostile segment made of a text shared by every template, and of the start of
    /// every other text: one check at most for each template whose every text is there.
    @Test func aHostileSegmentChecksNothingThatCannotMatch() {
        let counter = Counter()
        let router = ReviewSeamsBoundTests.router(counter)
        for index in 0..<1_000 {
            router.default.add(pattern: "/p/{a}-s-{b}-k\(index)z-{c:cnt}") { _ in false }
        }
        let segment = String(repeating: "-s--k1-k2-k3-k99", count: 4_096)
        #expect(ReviewSeamsBoundTests.checks(router, counter, "myapp://p/x" + segment + "-y") == 0)
    }

    /// Templates with a repeated text (`{a}-x-{b}-x-{c}`): filed under a key once, found once.
    @Test func aRepeatedTextInOneTemplate() {
        let counter = Counter()
        let router = ReviewSeamsBoundTests.router(counter)
        for index in 0..<1_000 {
            router.default.add(pattern: "/p/{a}-x\(index)-{b}-x\(index)-{c:cnt}") { _ in false }
        }
        #expect(ReviewSeamsBoundTests.checks(router, counter, "myapp://p/a-x5-b-x5-c") == 1)
        // One occurrence only: the template's other capture needs two; checked once at most.
        #expect(ReviewSeamsBoundTests.checks(router, counter, "myapp://p/a-x5-b") <= 1)
    }

    /// Start texts with escapes, 1,000 of them sharing `%20`: a segment that starts with one
    /// checks one.
    @Test func startTextsWithEscapes() {
        let counter = Counter()
        let router = ReviewSeamsBoundTests.router(counter)
        for index in 0..<1_000 { router.default.add(pattern: "/p/%20\(index)%20{a:cnt}") { _ in false } }
        #expect(ReviewSeamsBoundTests.checks(router, counter, "myapp://p/%2012%20y") == 1)
        #expect(
            ReviewSeamsBoundTests.checks(
                router, counter, "myapp://p/%20%20%20%20%20%20%20%20%20%20%20%20%20%20%20%20%20%20%20%20")
                == 0)
    }
}

// MARK: Typed routes

enum ReviewSeamsTab: String, Codable { case posts, likes }  // not CaseIterable

/// A required enum that is not CaseIterable, for the capture of an optional group.
struct ReviewSeamsRequiredEnumInGroup: TypedRoute {
    static let pattern = "/user/{id:int}(/{tab:posts|likes})"
    var id: Int
    var tab: ReviewSeamsTab
}

/// A required Int in an optional group (the control: a standard kind).
struct ReviewSeamsRequiredIntInGroup: TypedRoute {
    static let pattern = "/a(/{n:int})"
    var n: Int
}

enum ReviewSeamsIterableTab: String, Codable, CaseIterable { case posts, likes }

struct ReviewSeamsRequiredIterableEnumInGroup: TypedRoute {
    static let pattern = "/user/{id:int}(/{tab:posts|likes})"
    var id: Int
    var tab: ReviewSeamsIterableTab
}

struct ReviewSeamsTwoInOneGroup: TypedRoute {
    static let pattern = "/a(/{b}/{c})"
    var b: String?
    var c: String
}

struct ReviewSeamsDefaultInInit: TypedRoute {
    static let pattern = "/user/{id:int}(/{tab:posts|likes})"
    var id: Int
    var tab: String
    enum CodingKeys: String, CodingKey { case id, tab }
    init(id: Int, tab: String) { (self.id, self.tab) = (id, tab) }
    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        tab = try container.decodeIfPresent(String.self, forKey: .tab) ?? "posts"
    }
}

/// A LosslessStringConvertible struct with synthesized Codable.
struct ReviewSeamsVersion: LosslessStringConvertible, Codable, Equatable {
    var major: Int
    var minor: Int
    init(major: Int, minor: Int) { (self.major, self.minor) = (major, minor) }
    init?(_ description: String) {
        let parts = description.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else { return nil }
        (self.major, self.minor) = (major, minor)
    }
    var description: String { "\(major).\(minor)" }
}

/// A LosslessStringConvertible final class with synthesized Codable.
final class ReviewSeamsSlug: LosslessStringConvertible, Codable, Equatable {
    let text: String
    init?(_ description: String) {
        guard !description.isEmpty else { return nil }
        text = description
    }
    var description: String { text }
    static func == (lhs: ReviewSeamsSlug, rhs: ReviewSeamsSlug) -> Bool { lhs.text == rhs.text }
}

struct ReviewSeamsVersionLink: TypedRoute, Equatable {
    static let pattern = "/app/{version}"
    var version: ReviewSeamsVersion
    var min: ReviewSeamsVersion?
    var all: [ReviewSeamsVersion]?
}

struct ReviewSeamsSlugLink: TypedRoute, Equatable {
    static let pattern = "/post/{slug}"
    var slug: ReviewSeamsSlug
    var ref: ReviewSeamsSlug?
}

struct ReviewSeamsSlugInGroup: TypedRoute, Equatable {
    static let pattern = "/post(/{slug})"
    var slug: ReviewSeamsSlug?
}

/// A LosslessStringConvertible struct whose text does not read back ("v1.2" printed, "1.2" read).
struct ReviewSeamsBadVersion: LosslessStringConvertible, Codable {
    var major: Int
    init?(_ description: String) {
        guard let major = Int(description) else { return nil }
        self.major = major
    }
    var description: String { "v\(major)" }
}

struct ReviewSeamsBadVersionLink: TypedRoute {
    static let pattern = "/app/{version}"
    var version: ReviewSeamsBadVersion
}

struct ReviewSeamsDoubleOptional: TypedRoute, Equatable {
    static let pattern = "/d/{id}"
    var id: String
    var ref: String??
}

@MainActor @Suite struct ReviewSeamsTypedTests {
    static func register<Route: TypedRoute>(_ type: Route.Type) -> (Router, [TypedRouteError]) {
        let router = Router()
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        router.onInvalidPattern = { Issue.record("invalid pattern: \($0)") }
        let definitions = router.myapp.add(type) { _ in true }
        if errors.isEmpty { #expect(!definitions.isEmpty, "refused without a TypedRouteError") }
        return (router, errors)
    }

    /// TypedRoutes.md: "a required one is refused at registration" — for an enum that is not
    /// CaseIterable the recording stops, and the check lets it through.
    @Test func aRequiredEnumForTheCaptureOfAnOptionalGroupIsRefused() {
        let (router, errors) = ReviewSeamsTypedTests.register(ReviewSeamsRequiredEnumInGroup.self)
        #expect(errors.count == 1)
        if let error = errors.first {
            #expect(error.description.lowercased().contains("optional"))
        }
        // What the app gets when it is registered: a link of the short expansion never decodes.
        #expect(!router.route(to: "myapp://user/42?tab=posts"))
    }

    @Test func aRequiredIntForTheCaptureOfAnOptionalGroupIsRefused() {
        let (_, errors) = ReviewSeamsTypedTests.register(ReviewSeamsRequiredIntInGroup.self)
        #expect(errors.count == 1)
        if let error = errors.first {
            if case .requiredGroupCapture(let name) = error.reason {
                #expect(name == "n")
            } else {
                Issue.record("\(error)")
            }
            #expect(error.description.lowercased().contains("optional"))
        }
    }

    /// The control: a required CaseIterable enum for the capture of an optional group.
    @Test func aRequiredCaseIterableEnumForTheCaptureOfAnOptionalGroupIsRefused() {
        let (_, errors) = ReviewSeamsTypedTests.register(ReviewSeamsRequiredIterableEnumInGroup.self)
        #expect(errors.count == 1, "\(errors)")
    }

    /// One group of two captures, the first optional, the second required.
    @Test func aRequiredSecondCaptureOfOneGroupIsRefused() {
        let (router, errors) = ReviewSeamsTypedTests.register(ReviewSeamsTwoInOneGroup.self)
        #expect(errors.count == 1, "\(errors)")
        #expect(!router.route(to: "myapp://a"))
    }

    @Test func aDefaultFromItsOwnInitIsNotRefused() throws {
        let (router, errors) = ReviewSeamsTypedTests.register(ReviewSeamsDefaultInInit.self)
        #expect(errors.isEmpty, "\(errors)")
        var got: [String] = []
        router.myapp.add(ReviewSeamsDefaultInInit.self, priority: 1) { link in
            got.append("\(link.id) \(link.tab)")
            return true
        }
        #expect(router.route(to: "myapp://user/42"))
        #expect(router.route(to: "myapp://user/42/likes"))
        #expect(got == ["42 posts", "42 likes"])
    }

    @Test func aLosslessStringStructIsText() throws {
        let (router, errors) = ReviewSeamsTypedTests.register(ReviewSeamsVersionLink.self)
        #expect(errors.isEmpty, "\(errors)")
        var got: [ReviewSeamsVersionLink] = []
        router.myapp.add(ReviewSeamsVersionLink.self, priority: 1) {
            got.append($0)
            return true
        }
        #expect(router.route(to: "myapp://app/1.2?min=0.9&all=1.0&all=1.1"))
        #expect(
            got == [
                ReviewSeamsVersionLink(
                    version: .init(major: 1, minor: 2), min: .init(major: 0, minor: 9),
                    all: [.init(major: 1, minor: 0), .init(major: 1, minor: 1)])
            ])
        let url = try router.url(
            for: ReviewSeamsVersionLink(
                version: .init(major: 3, minor: 4), min: .init(major: 1, minor: 0), all: nil),
            scheme: "myapp")
        #expect(url.absoluteString == "myapp://app/3.4?min=1.0")
    }

    @Test func aLosslessStringFinalClassIsText() throws {
        let (router, errors) = ReviewSeamsTypedTests.register(ReviewSeamsSlugLink.self)
        #expect(errors.isEmpty, "\(errors)")
        var got: [String] = []
        router.myapp.add(ReviewSeamsSlugLink.self, priority: 1) {
            got.append("\($0.slug) \($0.ref?.description ?? "-")")
            return true
        }
        #expect(router.route(to: "myapp://post/hello%2Fworld?ref=a%26b"))
        #expect(got == ["hello/world a&b"])
        let url = try router.url(
            for: ReviewSeamsSlugLink(slug: ReviewSeamsSlug("a/b?c")!, ref: ReviewSeamsSlug("x y")),
            scheme: "myapp")
        got = []
        #expect(router.route(to: url))
        #expect(got == ["a/b?c x y"])
    }

    @Test func aLosslessStringClassInAnOptionalGroup() throws {
        let (router, errors) = ReviewSeamsTypedTests.register(ReviewSeamsSlugInGroup.self)
        #expect(errors.isEmpty, "\(errors)")
        var got: [String] = []
        router.myapp.add(ReviewSeamsSlugInGroup.self, priority: 1) {
            got.append($0.slug?.description ?? "nil")
            return true
        }
        #expect(router.route(to: "myapp://post/abc"))
        #expect(router.route(to: "myapp://post?slug=evil"))
        #expect(got == ["abc", "nil"])
    }

    /// TypedRoutes.md: "a LosslessStringConvertible type whose description its init(_:) reads
    /// otherwise" is refused (valueNotReadBack).
    @Test func aLosslessStringTypeThatDoesNotReadBackIsRefused() {
        let (_, errors) = ReviewSeamsTypedTests.register(ReviewSeamsBadVersionLink.self)
        #expect(errors.count == 1, "\(errors)")
        if let error = errors.first, case .valueNotReadBack(let key, _) = error.reason {
            #expect(key == "version")
        } else {
            Issue.record("\(errors)")
        }
    }

    @Test func anOptionalOfAnOptional() throws {
        let (router, errors) = ReviewSeamsTypedTests.register(ReviewSeamsDoubleOptional.self)
        #expect(errors.isEmpty, "\(errors)")
        var got: [ReviewSeamsDoubleOptional] = []
        router.myapp.add(ReviewSeamsDoubleOptional.self, priority: 1) {
            got.append($0)
            return true
        }
        #expect(router.route(to: "myapp://d/7?ref=x"))
        #expect(router.route(to: "myapp://d/7"))
        #expect(
            got == [
                ReviewSeamsDoubleOptional(id: "7", ref: "x"), ReviewSeamsDoubleOptional(id: "7", ref: nil),
            ])
        let url = try router.url(for: ReviewSeamsDoubleOptional(id: "7", ref: "y"), scheme: "myapp")
        #expect(url.absoluteString == "myapp://d/7?ref=y")
    }
}

@Suite struct ReviewSeamsMoreReentrancyTests {
    /// A guard's pattern with the app's type, whose closure removes the guards while the guards
    /// are matched (``RouteTable/removeGuards(for:)`` makes a new guard index).
    @Test func aParameterTypeThatRemovesTheGuardsWhileGuardsAreMatched() {
        let box = ReviewSeamsBox()
        let router = ReviewSeamsReentrancyTests.router(box, "g")
        for index in 0..<8 {
            router.myapp.addGuard(for: "/g/{a}-k\(index)-{b:g}") { _ in
                box.log.append("guard k\(index)")
                return .proceed
            }
        }
        router.myapp.add(pattern: "/g/:x") { _ in
            box.log.append("route")
            return true
        }
        box.action = { router in
            for index in 0..<8 { router.myapp.removeGuards(for: "/g/{a}-k\(index)-{b:g}") }
            for index in 0..<20 { router.myapp.addGuard(for: "/z/\(index)") { _ in .proceed } }
            _ = router.route(to: "myapp://z/3")
        }
        #expect(router.route(to: "myapp://g/x-k2-k3-y"))
        box.log = []
        #expect(router.route(to: "myapp://g/x-k2-k3-y"))
        #expect(box.log == ["route"])
    }
}

/// Literals after an inner `*`, alone (checked in turn) and among decoys (found by hash): the
/// same answers, host segment or not, case and escapes.
@Suite struct ReviewSeamsWildcardLiteralTests {
    static func answer(_ patterns: [String], _ url: String) -> String {
        let router = Router()
        router.default.options.insert(.extendedPatterns)
        var log: [String] = []
        for (index, pattern) in patterns.enumerated() {
            router.default.add(pattern: pattern) { params in
                log.append("\(index):\(params["x"] ?? "-")")
                return false
            }
        }
        _ = router.route(to: url)
        return "\(router.canRoute(to: url)) \(log)"
    }

    @Test func aLiteralAfterAnInnerWildcardRoutesTheSameAmongDecoys() {
        let patterns = [
            "/*/tz3/paid", "/*/tz3/:x", "/*/tz3/{x:int}", "/*/tz3", "/*/caf%C3%A9/:x", "/*/a%20b/:x",
            "/*/T%5A/:x",
        ]
        let urls = [
            "myapp://q/tz3/paid", "myapp://q/TZ3/paid", "myapp://TZ3/paid", "myapp://tz3/paid",
            "myapp://q/tz%33/paid",
            "myapp://q/t%5A3/paid", "myapp://tz%33/7", "myapp://T%5A3/7", "myapp://q/tz3", "myapp://TZ3",
            "myapp://q/tz3/7", "myapp://q/r/tz3/7", "myapp://q/caf%c3%a9/7", "myapp://q/café/7",
            "myapp://CAF%C3%A9/7",
            "myapp://q/a%20b/7", "myapp://q/a+b/7", "myapp://a%20b/7", "myapp://q/TZ/7", "myapp://q/tz/7",
            "myapp://TZ/7",
            "myapp://tz/7", "myapp://q/tz3#/paid", "myapp://q#/tz3/paid", "myapp:///tz3/paid",
            "myapp://q/tz3/paid/",
        ]
        var disagreements: [String] = []
        for pattern in patterns {
            let decoys = (0..<6).map { "/*/qq\($0)/:x" }
            for url in urls {
                let alone = ReviewSeamsWildcardLiteralTests.answer([pattern], url)
                let among = ReviewSeamsWildcardLiteralTests.answer(decoys + [pattern], url)
                    .replacingOccurrences(of: "6:", with: "0:")
                if alone != among {
                    disagreements.append("\(pattern) \(url): alone \(alone), among \(among)")
                }
            }
        }
        #expect(disagreements == [])
    }
}

struct ReviewSeamsJSONLink: TypedRoute, Equatable {
    static let pattern = "/app/{version}.json"
    var version: ReviewSeamsVersion
}

@MainActor @Suite struct ReviewSeamsMoreTypedTests {
    /// A LosslessStringConvertible value beside fixed text that its own text holds.
    @Test func aLosslessStringValueBesideFixedTextItHolds() throws {
        let router = Router()
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        var got: [ReviewSeamsJSONLink] = []
        router.myapp.add(ReviewSeamsJSONLink.self) {
            got.append($0)
            return true
        }
        #expect(errors.isEmpty)
        let link = ReviewSeamsJSONLink(version: .init(major: 1, minor: 2))
        let url = try router.url(for: link, scheme: "myapp")
        #expect(router.route(to: url))
        #expect(got == [link])
    }
}

struct ReviewSeamsRequiredSlugInGroup: TypedRoute {
    static let pattern = "/post(/{slug})"
    var slug: ReviewSeamsSlug
}
struct ReviewSeamsRequiredVersionInGroup: TypedRoute {
    static let pattern = "/app(/{version})"
    var version: ReviewSeamsVersion
}
struct ReviewSeamsRequiredUUIDInGroup: TypedRoute {
    static let pattern = "/u(/{id:uuid})"
    var id: UUID
}
struct ReviewSeamsRequiredURLInGroup: TypedRoute {
    static let pattern = "/open(/{link})"
    var link: URL
}

@MainActor @Suite struct ReviewSeamsRequiredKindsTests {
    static func errors<Route: TypedRoute>(_ type: Route.Type) -> [TypedRouteError] {
        let router = Router()
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        router.myapp.add(type) { _ in true }
        return errors
    }

    @Test func requiredPropertiesOfOtherKindsForTheCaptureOfAnOptionalGroupAreRefused() {
        #expect(
            ReviewSeamsRequiredKindsTests.errors(ReviewSeamsRequiredSlugInGroup.self).count == 1,
            "LosslessString class")
        #expect(
            ReviewSeamsRequiredKindsTests.errors(ReviewSeamsRequiredVersionInGroup.self).count == 1,
            "LosslessString struct")
        #expect(ReviewSeamsRequiredKindsTests.errors(ReviewSeamsRequiredUUIDInGroup.self).count == 1, "UUID")
        #expect(ReviewSeamsRequiredKindsTests.errors(ReviewSeamsRequiredURLInGroup.self).count == 1, "URL")
    }
}
