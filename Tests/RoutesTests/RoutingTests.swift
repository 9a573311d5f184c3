import Foundation
import Testing

@testable import Routes

/// Matching and calling handlers (the "Routing rules" article, *Ordering candidates* and *Calling
/// handlers*).
@Suite struct RoutingTests {
    let router = Router()
    let recorder = Recorder()

    @Test func handlersAreAskedInPriorityThenRegistrationOrderUntilOneAccepts() {
        router.default.add(pattern: "/a/:x", handler: recorder.handler("first", accept: false))
        router.default.add(pattern: "/a/*", priority: -1, handler: recorder.handler("last"))
        router.default.add(pattern: "/:y/b", handler: recorder.handler("second", accept: false))
        router.default.add(pattern: "/a/b", priority: 5, handler: recorder.handler("top", accept: false))
        router.default.add(pattern: "/a/b", handler: recorder.handler("third"))
        router.default.add(pattern: "/a/b", handler: recorder.handler("never"))
        #expect(router.route(to: "myapp://a/b"))
        #expect(recorder.labels == ["top", "first", "second", "third"])
        #expect(router.default.definitions.map(\.priority) == [5, 0, 0, 0, 0, -1])
    }

    @Test func aNilHandlerCountsAsAccepted() {
        router.default.add(pattern: "/a")
        router.default.add(pattern: "/a", handler: recorder.handler("later"))
        #expect(router.route(to: "myapp://a"))
        #expect(recorder.calls.isEmpty)
    }

    @Test func parametersMustNotBeEmpty() {
        router.default.add(pattern: "/:id", handler: recorder.handler("id"))
        #expect(!router.route(to: "myapp://"))
        router.default.add(pattern: "/a/:id", handler: recorder.handler("a"))
        #expect(!router.route(to: "myapp://a//"))
        #expect(router.route(to: "myapp://a/%20"))
        #expect(recorder.last?["id"] as? String == " ")
    }

    @Test func wildcardMatchesZeroOrMoreRemainingSegments() {
        router.default.add(pattern: "/files/*", handler: recorder.handler("files"))
        router.default.add(pattern: "*", priority: -1, handler: recorder.handler("anything"))
        #expect(router.route(to: "myapp://files"))
        #expect(recorder.last?[Definition.Keys.wildcard] as? [String] == [])
        #expect(router.route(to: "myapp://files/a%20b/c+d/%2F"))
        #expect(recorder.last?[Definition.Keys.wildcard] as? [String] == ["a b", "c d", "/"])
        #expect(router.route(to: "myapp://"))
        #expect(recorder.last?.label == "anything")
        // The empty path is one empty segment for matching, but it captures nothing.
        #expect(recorder.last?[Definition.Keys.wildcard] as? [String] == [])
        #expect(router.route(to: "myapp://files//"))
        #expect(recorder.last?[Definition.Keys.wildcard] as? [String] == [""])
    }

    @Test func literalsAreComparedWithTheDecodedSegmentCaseSensitively() {
        // Path segments keep their case; a host read as the first segment does not (a host is
        // case-insensitive: the "Routing rules" article, *Reading a URL*).
        router.default.add(pattern: "/x/café", handler: recorder.handler("café"))
        router.default.add(pattern: "/x/a b", handler: recorder.handler("space"))
        #expect(router.route(to: "myapp://x/caf%C3%A9"))
        #expect(router.route(to: "myapp://x/a%20b"))
        #expect(!router.route(to: "myapp://x/Caf%C3%A9"))
        #expect(!router.route(to: "myapp://x/a+b"))
        #expect(router.route(to: "myapp://X/caf%C3%A9"))
        #expect(recorder.labels == ["café", "space", "café"])
    }

    @Test func percentEncodedSlashNeverSplits() {
        router.default.add(pattern: "/a/:value", handler: recorder.handler("value"))
        router.default.add(pattern: "/a/b/c", handler: recorder.handler("literal"))
        #expect(router.route(to: "myapp://a/b%2Fc"))
        #expect(recorder.labels == ["value"])
        #expect(recorder.last?["value"] as? String == "b/c")
    }

    @Test func trailingSlashInPatternStillMatches() {
        router.default.add(pattern: "/settings/", handler: recorder.handler("settings"))
        #expect(router.route(to: "myapp://settings"))
        #expect(router.route(to: "myapp://settings/"))
    }

    @Test func dotSegmentsStayLiteral() {
        router.default.add(pattern: "/b", handler: recorder.handler("b"))
        router.default.add(pattern: "/a/../b", handler: recorder.handler("dots"))
        #expect(router.route(to: "myapp://a/../b"))
        #expect(recorder.labels == ["dots"])
    }

    @Test func fallbackUsesTheGlobalTableWithItsOwnOptions() {
        router.alpha.shouldFallback = true
        router.alpha.options = []
        router.alpha.add(pattern: "/q", handler: recorder.handler("alpha", accept: false))
        router.default.add(pattern: "/q", handler: recorder.handler("global"))
        #expect(router.route(to: "alpha://q?x=a+b"))
        #expect(recorder.labels == ["alpha", "global"])
        #expect(recorder.calls[0]["x"] as? String == "a+b")
        #expect(recorder.calls[1]["x"] as? String == "a b")
        #expect(recorder.last?[Definition.Keys.scheme] as? String == Router.defaultScheme)
    }

    @Test func withoutFallbackTheGlobalTableIsNotTried() {
        router.alpha.add(pattern: "/other")
        router.default.add(pattern: "/q", handler: recorder.handler("global"))
        #expect(!router.route(to: "alpha://q"))
        #expect(!router.canRoute(to: "alpha://q"))
        router.alpha.shouldFallback = true
        #expect(router.canRoute(to: "alpha://q"))
        #expect(recorder.calls.isEmpty)
    }

    @Test func unmatchedHandlerOfTheStartingTableIsCalledOnce() throws {
        var unmatched: [(URL, [String: Any])] = []
        var globalUnmatched = 0
        router.default.unmatchedHandler = { _, _ in globalUnmatched += 1 }
        router.alpha.unmatchedHandler = { url, parameters in unmatched.append((url, parameters)) }
        router.alpha.shouldFallback = true
        router.default.add(pattern: "/q", handler: recorder.handler("global", accept: false))
        #expect(!router.route(to: "alpha://q", parameters: ["extra": 1]))
        #expect(unmatched.count == 1)
        #expect(unmatched.first?.0.absoluteString == "alpha://q")
        #expect(unmatched.first?.1["extra"] as? Int == 1)
        #expect(globalUnmatched == 0)
        #expect(recorder.labels == ["global"])
        #expect(!router.canRoute(to: "alpha://nothing"))
        #expect(unmatched.count == 1)
    }

    @Test func canRouteCallsNoHandler() {
        var unmatched = 0
        router.default.unmatchedHandler = { _, _ in unmatched += 1 }
        router.default.add(pattern: "/a/:id", handler: recorder.handler("a"))
        #expect(router.canRoute(to: "myapp://a/1"))
        #expect(!router.canRoute(to: "myapp://b/1"))
        #expect(recorder.calls.isEmpty)
        #expect(unmatched == 0)
    }

    @Test func stringsThatAreNotURLsRouteNowhere() {
        var unmatched = 0
        router.default.unmatchedHandler = { _, _ in unmatched += 1 }
        router.default.add(pattern: "*", handler: recorder.handler("all"))
        #expect(!router.route(to: "1abc:x"))
        #expect(!router.route(to: ""))
        #expect(!router.canRoute(to: ""))
        #expect(recorder.calls.isEmpty)
        #expect(unmatched == 0)
    }

    @Test func subscriptReplacesAndRemoves() {
        router.alpha.add(pattern: "/home", priority: 3, handler: recorder.handler("old"))
        router.alpha["/home"] = recorder.handler("new")
        #expect(router.alpha.definitions.count == 1)
        #expect(router.alpha.definitions.first?.priority == 0)
        #expect(router.route(to: "alpha://home"))
        #expect(recorder.labels == ["new"])
        #expect(router.alpha["/home"] != nil)
        #expect(router.alpha["/missing"] == nil)
        router.alpha["/home"] = nil
        #expect(router.alpha.definitions.isEmpty)
        #expect(!router.route(to: "alpha://home"))
    }

    @Test func subscriptReadsTheFirstHandlerRegisteredFromThePattern() throws {
        router.alpha.add(pattern: "/x", handler: recorder.handler("first", accept: false))
        router.alpha.add(pattern: "/x", priority: 9, handler: recorder.handler("second"))
        let handler = try #require(router.alpha["/x"])
        router.default.add(pattern: "/probe", handler: handler)
        router.route(to: "myapp://probe")
        #expect(recorder.labels == ["first"])
    }

    @Test func removingAPatternRemovesEveryExpansion() {
        router.default.add(pattern: "/the(/foo/:a)(/bar/:b)", handler: recorder.handler("the"))
        router.default.add(pattern: "/the/foo/:a", handler: recorder.handler("single"))
        #expect(
            router.default.definitions.map(\.pattern) == [
                "/the/foo/:a/bar/:b", "/the/foo/:a", "/the/bar/:b", "/the", "/the/foo/:a",
            ])
        router.default.remove(pattern: "/the(/foo/:a)(/bar/:b)")
        #expect(router.default.definitions.map(\.pattern) == ["/the/foo/:a"])
        #expect(router.route(to: "myapp://the/foo/1"))
        #expect(!router.route(to: "myapp://the"))
        #expect(recorder.labels == ["single"])
    }

    @Test func routesAddedAfterARemovalAreFoundWithTheOthers() {
        // A removal empties the table's index and the next lookup fills it again: a route added in
        // between must be indexed once, with the others, and a removal after that must hold too.
        router.default.add(pattern: "/a/:x", handler: recorder.handler("a"))
        router.default.add(pattern: "/b", handler: recorder.handler("b"))
        router.default.remove(pattern: "/b")
        // Declining, so that a route indexed twice would be asked twice.
        router.default.add(pattern: "/c", handler: recorder.handler("c", accept: false))
        router.default.add(pattern: "/a/:y", priority: 1, handler: recorder.handler("a1"))
        #expect(!router.route(to: "myapp://c"))
        #expect(router.route(to: "myapp://a/7"))
        #expect(!router.route(to: "myapp://b"))
        #expect(recorder.labels == ["c", "a1"])
        router.default.remove(pattern: "/a/:y")
        router.default.add(pattern: "/b", handler: recorder.handler("b2"))
        #expect(router.route(to: "myapp://a/8"))
        #expect(router.route(to: "myapp://b"))
        #expect(router.canRoute(to: "myapp://c"))
        #expect(recorder.labels == ["c", "a1", "a", "b2"])
    }

    @Test func eachExpansionReportsItsOwnPattern() {
        router.default.add(pattern: "/the(/foo/:a)(/bar/:b)", handler: recorder.handler("the"))
        router.route(to: "myapp://the/bar/2")
        #expect(recorder.last?.pattern == "/the/bar/:b")
        #expect(recorder.last?["b"] as? String == "2")
    }

    @Test func removeAllEmptiesTheTable() {
        router.default.add(pattern: "/a", handler: recorder.handler("a"))
        router.default.removeAll()
        #expect(router.default.definitions.isEmpty)
        #expect(!router.route(to: "myapp://a"))
    }

    @Test func invalidPatternsRegisterNothingAndAreReported() {
        var tableErrors: [RoutePatternError] = []
        var routerErrors: [RoutePatternError] = []
        router.onInvalidPattern = { routerErrors.append($0) }
        router.alpha.onInvalidPattern = { tableErrors.append($0) }
        #expect(router.alpha.add(pattern: "/a(/b", handler: recorder.handler("bad")).isEmpty)
        #expect(router.default.add(pattern: "/a/*/b/*", handler: recorder.handler("bad")).isEmpty)
        #expect(router.alpha.definitions.isEmpty && router.default.definitions.isEmpty)
        #expect(tableErrors.map(\.reason) == [.unclosedParenthesis])
        #expect(routerErrors.map(\.reason) == [.secondWildcard])
        #expect(!router.default.add(definition: Definition(pattern: "/a(/b)", handler: nil)))
        #expect(routerErrors.last?.reason == .optionalGroupInDefinition)
        let definition = Definition(pattern: "/ok", handler: nil)
        #expect(router.default.add(definition: definition))
        #expect(!router.alpha.add(definition: definition))
        #expect(tableErrors.last?.reason == .alreadyRegistered)
        #expect(router.alpha.definitions.isEmpty)
    }

    @Test func loggingIsSilentUnlessALoggerIsSet() {
        var lines: [String] = []
        router.default.add(pattern: "/a", handler: recorder.handler("a", accept: false))
        router.route(to: "myapp://a")
        #expect(lines.isEmpty)
        router.logger = { lines.append($0) }
        router.alpha.shouldFallback = true
        router.default.add(pattern: "/b(/c)", handler: recorder.handler("b"))
        router.route(to: "alpha://a")
        router.default.add(pattern: "/(", handler: nil)
        #expect(lines.contains { $0.contains("registered /b(/c) as [\"/b/c\", \"/b\"]") })
        #expect(lines.contains { $0.contains("falling back") })
        #expect(lines.contains { $0.contains("/a matches alpha://a") })
        #expect(lines.contains { $0.contains("/a declined") })
        #expect(lines.contains { $0.contains("no route handled alpha://a") })
        #expect(lines.contains { $0.contains("never closed") })
        // A string that is not a URL is logged as it was given, by each entry point.
        #expect(!router.route(to: "myapp://x y"))
        #expect(!router.alpha.route(to: "alpha://x z"))
        #expect(lines.contains("[Routes] not a URL: myapp://x y"))
        #expect(lines.contains("[Routes] not a URL: alpha://x z"))
    }
}
