import Foundation
import Routes
import Testing

@testable import RoutesTestSupport

/// Extended patterns (`RouteOptions.extendedPatterns`): braces, typed captures, allowed values,
/// captures beside fixed text and a named wildcard ("Pattern syntax", *Extended patterns*).
@MainActor
struct ExtendedPatternTests {
    @Test func aBraceNameIsAParameter() {
        let (router, reached) = extended(["/user/{id}"])
        #expect(router.route(to: "myapp://user/42"))
        #expect(reached() == [#"/user/{id} [(key: "id", value: "42")]"#])
    }

    @Test func bracesAreLiteralTextWithoutTheOption() {
        let router = Router()
        var values: [String] = []
        router.myapp.add(pattern: "/user/{id}") { params in
            values.append(params.pattern)
            return true
        }
        #expect(!router.route(to: "myapp://user/42"))
        #expect(router.route(to: "myapp://user/%7Bid%7D"))
        #expect(values == ["/user/{id}"])
    }

    @Test func aTypedCaptureThatRefusesLetsTheNextRouteTry() {
        let (router, reached) = extended(["/user/{id:int}", "/user/:name"])
        #expect(router.route(to: "myapp://user/42"))
        #expect(reached() == [#"/user/{id:int} [(key: "id", value: "42")]"#])
        #expect(router.route(to: "myapp://user/me"))
        #expect(reached() == [#"/user/:name [(key: "name", value: "me")]"#])
    }

    @Test func everyBuiltInTypeChecksTheDecodedValue() {
        let cases: [(String, String, Bool)] = [
            ("int", "-7", true), ("int", "7.5", false), ("uint", "7", true), ("uint", "-7", false),
            ("double", "7.5", true), ("double", "x", false), ("bool", "YES", true), ("bool", "2", false),
            ("uuid", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", true), ("uuid", "E621E1F8", false),
            ("int", "%37", true),
        ]
        for (type, value, routes) in cases {
            let (router, _) = extended(["/x/{v:\(type)}"])
            #expect(router.route(to: "myapp://x/\(value)") == routes, "\(type) \(value)")
            #expect(router.canRoute(to: "myapp://x/\(value)") == routes, "\(type) \(value)")
        }
    }

    @Test func allowedValuesAreComparedDecoded() {
        let (router, reached) = extended(["/user/:id/{tab:posts|likes}"])
        #expect(router.route(to: "myapp://user/7/likes"))
        #expect(!router.route(to: "myapp://user/7/Likes"))
        #expect(router.route(to: "myapp://user/7/%70osts"))
        #expect(reached().count == 2)
    }

    @Test func anAppTypeIsAskedWithTheDecodedValue() {
        let router = Router()
        router.addParameterType("slug") { $0.allSatisfy { $0.isLowercase || $0 == "-" } }
        router.myapp.options.insert(.extendedPatterns)
        router.myapp.add(pattern: "/post/{slug:slug}") { _ in true }
        #expect(router.route(to: "myapp://post/hello-world"))
        #expect(!router.route(to: "myapp://post/Hello"))
    }

    @Test func capturesBesideFixedTextEndAtTheFirstOccurrence() {
        let (router, reached) = extended(["/photos/{name}.jpg", "/api/v{major:int}.{minor:int}"])
        #expect(router.route(to: "myapp://photos/sunset.jpg"))
        #expect(router.route(to: "myapp://photos/a.b.jpg"))
        #expect(!router.route(to: "myapp://photos/.jpg"))
        #expect(!router.route(to: "myapp://photos/a.jpg.jpg"))
        #expect(router.route(to: "myapp://api/v1.22"))
        #expect(!router.route(to: "myapp://api/v1.x"))
        #expect(
            reached() == [
                #"/photos/{name}.jpg [(key: "name", value: "sunset")]"#,
                #"/photos/{name}.jpg [(key: "name", value: "a.b")]"#,
                #"/api/v{major:int}.{minor:int} [(key: "major", value: "1"), (key: "minor", value: "22")]"#,
            ])
    }

    @Test func valuesAfterTheFourthAreReadFromTheirTemplates() {
        let (router, reached) = extended(["/{a}-{b}/{c}-{d}/{e}-{f}"])
        #expect(router.route(to: "myapp://1-2/3-4/5-6"))
        #expect(
            reached() == [
                #"/{a}-{b}/{c}-{d}/{e}-{f} [(key: "a", value: "1"), (key: "b", value: "2"), (key: "c", value: "3"), (key: "d", value: "4"), (key: "e", value: "5"), (key: "f", value: "6")]"#
            ])
        let router2 = Router()
        router2.myapp.options.insert(.extendedPatterns)
        var six: String?
        router2.myapp.add(pattern: "/{a}-{b}/{c}-{d}/{e}-{f}") { params in
            six = params.string("f")
            return true
        }
        #expect(router2.route(to: "myapp://1-2/3-4/5-6"))
        #expect(six == "6")
    }

    @Test func aNamedWildcardGivesTheRemainingSegments() {
        let router = Router()
        router.myapp.options.insert(.extendedPatterns)
        var rest: [String]?
        var components: [String]?
        router.myapp.add(pattern: "/files/{rest:*}") { params in
            rest = params["rest"] as? [String]
            components = params.wildcardComponents
            return true
        }
        #expect(router.route(to: "myapp://files/a/b%20c"))
        #expect(rest == ["a", "b c"])
        #expect(components == ["a", "b c"])
    }

    @Test func malformedBracesAreRejectedWithTheirPosition() {
        let cases: [(String, RoutePatternError.Reason, Int)] = [
            ("/a/{x}{y}", .adjacentCaptures, 6),
            ("/a/{x:float}", .unknownCaptureType("float"), 6),
            ("/a/{x", .unclosedBrace, 3),
            ("/a/x}", .unopenedBrace, 4),
            ("/a/{x{y}}", .nestedBrace, 5),
            ("/{r:*}/a/*", .secondWildcard, 9),
            ("/a/b{r:*}", .wildcardNotWhole, 4),
            ("/a/{t:a||b}", .emptyAllowedValue, 6),
            ("/a/{}", .emptyParameterName, 3),
            ("/{x}/{x:int}", .duplicateParameter("x"), 5),
        ]
        for (pattern, reason, offset) in cases {
            let router = Router()
            router.myapp.options.insert(.extendedPatterns)
            var errors: [RoutePatternError] = []
            router.myapp.onInvalidPattern = { errors.append($0) }
            #expect(router.myapp.add(pattern: pattern).isEmpty, "\(pattern)")
            #expect(errors.map(\.reason) == [reason], "\(pattern)")
            #expect(errors.map(\.offset) == [offset], "\(pattern)")
        }
    }

    @Test func urlsArePrintedSoThatTheyRouteBack() throws {
        let router = Router()
        router.https.options.insert(.extendedPatterns)
        router.https.hosts = ["example.com"]
        var names: [String] = []
        router.https.add(pattern: "/photos/{name}.jpg") { params in
            names.append(params.string("name") ?? "?")
            return true
        }
        let url = try router.url(
            for: "/photos/{name}.jpg", scheme: "https", host: "example.com", parameters: ["name": "sunset"])
        #expect(url.absoluteString == "https://example.com/photos/sunset.jpg")
        let tricky = try router.url(
            for: "/photos/{name}.jpg", scheme: "https", host: "example.com", parameters: ["name": "a.jpg b"])
        #expect(router.route(to: tricky))
        #expect(names == ["a.jpg b"])
        router.myapp.options.insert(.extendedPatterns)
        router.myapp.add(pattern: "/user/{id:int}") { _ in true }
        #expect(throws: URLBuildingError.self) {
            try router.url(for: "/user/{id:int}", scheme: "myapp", parameters: ["id": "abc"])
        }
        #expect(
            try router.url(for: "/user/{id:int}", scheme: "myapp", parameters: ["id": 42]).absoluteString
                == "myapp://user/42")
    }

    @Test func guardsAndRedirectsReadBraces() {
        let (router, reached) = extended(["/user/{id:int}"])
        var asked: [String] = []
        router.myapp.addGuard(for: "/user/{id:int}") { params in
            asked.append(params.string("id") ?? "?")
            return .proceed
        }
        router.myapp.addRedirect(from: "/u/{id:int}", to: "/user/{id:int}")
        #expect(router.route(to: "myapp://u/7"))
        #expect(!router.route(to: "myapp://u/x"))
        #expect(asked == ["7"])
        #expect(reached() == [#"/user/{id:int} [(key: "id", value: "7")]"#])
    }

    @Test func aWildcardMayStandAnywhereOnce() throws {
        let router = Router()
        var seen: [String] = []
        router.myapp.add(pattern: "/*/tz/:tm/paid") { params in
            seen.append("\(params.wildcardComponents ?? []) \(params.string("tm") ?? "-")")
            return true
        }
        #expect(router.route(to: "myapp://a/b/tz/9/paid"))
        #expect(router.route(to: "myapp://tz/9/paid"))
        #expect(!router.route(to: "myapp://a/b/tz/9/paid/x"))
        #expect(!router.route(to: "myapp://a/tz/9"))
        #expect(router.canRoute(to: "myapp://x/tz/1/paid"))
        #expect(!router.canRoute(to: "myapp://x/tz//paid"))
        #expect(seen == [#"["a", "b"] 9"#, "[] 9"])
        #expect(
            try router.url(
                for: "/*/tz/:tm/paid", scheme: "myapp",
                parameters: [
                    RouteParameters.Keys.wildcard: ["a", "b"], "tm": 3,
                ]
            ).absoluteString == "myapp://a/b/tz/3/paid")
    }

    @Test func aNamedInnerWildcardAndValuesAfterIt() {
        let router = Router()
        router.myapp.options.insert(.extendedPatterns)
        var seen: [String] = []
        router.myapp.add(pattern: "/docs/{path:*}/v{n:int}.html") { params in
            seen.append("\(params["path"] as? [String] ?? []) \(params.int("n") ?? -1)")
            return true
        }
        #expect(router.route(to: "myapp://docs/a/b/v2.html"))
        #expect(!router.route(to: "myapp://docs/a/b/vx.html"))
        #expect(seen == [#"["a", "b"] 2"#])
    }

    /// A lookup checks only the definitions whose fixed text the URL has where they need it:
    /// a type's check is asked once among a thousand templates (a count, not a time).
    @Test func aLookupChecksOnlyTheTemplatesItsTextCanMatch() {
        let asked = Counter()
        let router = Router()
        router.addParameterType("counted") { _ in
            asked.add()
            return true
        }
        router.myapp.options.insert(.extendedPatterns)
        for index in 0..<1_000 {
            router.myapp.add(pattern: "/p/{a:counted}.e\(index)") { _ in true }
            router.myapp.add(pattern: "/q/*/{n:counted}.x\(index)") { _ in true }
        }
        #expect(router.route(to: "myapp://p/v.e999"))
        #expect(asked.value == 1)
        #expect(router.route(to: "myapp://q/a/b/v.x500"))
        #expect(asked.value == 2)
        #expect(!router.canRoute(to: "myapp://q/a/b/v.y500"))
        #expect(asked.value == 2)
    }

    // The hostile review's findings, each a regression test.

    @Test func aValueBeforeFixedTextStartingWithAHexDigitRoundTrips() throws {
        let (router, reached) = extended(["/h/{a}2{b}"])
        let url = try router.url(for: "/h/{a}2{b}", scheme: "myapp", parameters: ["a": "a b/2", "b": "x"])
        #expect(router.route(to: url))
        #expect(reached() == [#"/h/{a}2{b} [(key: "a", value: "a b/2"), (key: "b", value: "x")]"#])
    }

    @Test func fixedTextThatAURLEscapesIsRefusedWithItsWrittenForm() {
        let router = Router()
        router.myapp.options.insert(.extendedPatterns)
        var errors: [RoutePatternError] = []
        router.myapp.onInvalidPattern = { errors.append($0) }
        #expect(router.myapp.add(pattern: "/x/café-{a}").isEmpty)
        #expect(errors.map(\.reason) == [.fixedTextNeedsEncoding("caf%C3%A9-{a}")])
        #expect(errors.map(\.offset) == [6])
        router.myapp.add(pattern: "/x/caf%C3%A9-{a}") { _ in true }
        #expect(router.route(to: URL(string: "myapp://x/caf%C3%A9-1")!))
    }

    @Test func aRegisteredPatternIsBuiltAsItWasRead() throws {
        let router = Router()
        router.myapp.options.insert(.extendedPatterns)
        router.myapp.add(pattern: "/v/{id:int}") { _ in true }
        router.myapp.options.remove(.extendedPatterns)
        let url = try router.url(for: "/v/{id:int}", scheme: "myapp", parameters: ["id": 3])
        #expect(url.absoluteString == "myapp://v/3")
        #expect(router.route(to: url))
    }

}

/// A count that a `@Sendable` closure can bump (tests run it on one thread).
private final class Counter: @unchecked Sendable {
    private(set) var value = 0
    func add() { value += 1 }
}
