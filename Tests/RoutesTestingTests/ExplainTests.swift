import Testing

@testable import Routes
@testable import RoutesTesting

@Suite struct ExplainTests {
    let router = Router()

    @Test func reportsEveryDefinitionWithItsVerdict() {
        router.myapp.add(pattern: "/user/view/:id") { _ in true }
        router.myapp.add(pattern: "/user/:id") { _ in true }
        router.myapp.add(pattern: "/post/:id/*") { _ in true }
        router.myapp.add(pattern: "/user/:a/:b", priority: -1)
        router.myapp.add(pattern: "/:x/view/:y/:z")
        let explanation = router.explain("myapp://user/view/7?ref=mail&debug")
        #expect(explanation.isURL)
        #expect(explanation.tables.map(\.scheme) == ["myapp"])
        let table = explanation.tables[0]
        #expect(table.segments == ["user", "view", "7"])
        #expect(table.query == [.init(name: "ref", value: "mail"), .init(name: "debug", value: "")])
        #expect(
            table.verdicts == [
                .matches,
                .segmentCount(expected: 2, actual: 3),
                .literal(index: 0, expected: "post", actual: "user"),
                .segmentCount(expected: 4, actual: 3),
                .matches,
            ])
        #expect(explanation.candidates.map(\.pattern) == ["/user/view/:id", "/user/:a/:b"])
        #expect(explanation.candidates.map(\.hasHandler) == [true, false])
        #expect(!explanation.fallsBack)
    }

    @Test func tooFewSegmentsAndEmptyParameters() {
        router.default.add(pattern: "/a/b/*")
        router.default.add(pattern: "/a/:id")
        let verdicts = router.explain("myapp://a/").tables[0].verdicts
        #expect(verdicts == [.tooFewSegments(minimum: 2, actual: 1), .segmentCount(expected: 2, actual: 1)])
        // One segment reads as one.
        #expect(
            verdicts.map(\.mismatch) == [
                "the URL has 1 segment, the pattern needs at least 2", "the URL has 1 segment, the pattern 2",
            ])
        #expect(
            router.explain("myapp://a//").tables[0].verdicts[1]
                == .emptyParameter(index: 1, name: "id"))
    }

    @Test func showsFallbackUnmatchedHandlerAndHosts() {
        router.https.hosts = ["example.com"]
        router.https.shouldFallback = true
        router.https.unmatchedHandler = { _, _ in }
        router.https.add(pattern: "/post/:id") { _ in true }
        router.default.add(pattern: "/post/:id") { _ in true }
        let explanation = router.explain("https://evil.com/post/1")
        #expect(explanation.tables.map(\.scheme) == ["https", Router.defaultScheme])
        #expect(explanation.tables.map(\.acceptsHost) == [false, true])
        #expect(explanation.fallsBack)
        #expect(explanation.hasUnmatchedHandler)
        #expect(explanation.candidates.map(\.scheme) == [Router.defaultScheme])
        let text = explanation.description
        #expect(text.contains("the table does not route this host"))
        #expect(text.contains("fallback: if no handler above accepts, the global table is tried"))
        #expect(text.contains("if all decline, the unmatched handler is called"))
    }

    @Test func readableReport() {
        router.myapp.add(pattern: "/user/view/:id") { _ in true }
        router.myapp.add(pattern: "/post/:id")
        #expect(
            router.explain("myapp://user/view/7?ref=mail").description == """
                Routing myapp://user/view/7?ref=mail
                table myapp: segments ["user", "view", "7"], query ref=mail
                  1. /user/view/:id (priority 0): matches, asked 1st
                  2. /post/:id (priority 0): no, the URL has 3 segments, the pattern 2
                handlers are asked in that order until one returns true
                """)
        #expect(
            router.explain("1abc:x").description
                == "Routing 1abc:x\nnot a URL: routing returns false and calls no handler")
        #expect(
            router.explain("myapp://nothing").description.hasSuffix(
                "no definition matches: routing returns false"))
    }

    @Test func explainCallsNoHandler() {
        var calls = 0
        router.default.add(pattern: "/a") { _ in
            calls += 1
            return true
        }
        router.default.unmatchedHandler = { _, _ in calls += 1 }
        _ = router.explain("myapp://a")
        _ = router.explain("myapp://b")
        #expect(calls == 0)
    }

    @Test func routerDescriptionListsTablesInRoutingOrder() {
        router.default.add(pattern: "/b")
        router.default.add(pattern: "/a", priority: 5)
        router.alpha.shouldFallback = true
        router.alpha.hosts = ["x.com"]
        #expect(
            router.description == """
                global table (JLRoutesGlobalRoutesScheme)
                  /a  priority 5
                  /b  priority 0
                table alpha [falls back; hosts x.com]
                  (no definitions)
                """)
    }
}
