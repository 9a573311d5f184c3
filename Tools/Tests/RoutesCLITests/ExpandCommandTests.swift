import Testing

@testable import RoutesCLI

@Suite struct ExpandCommandTests {
    @Test func listsTheExpansionsInRoutingOrder() {
        let result = routes("expand", "/the(/foo/:a)(/bar/:b)")
        #expect(result.status == 0)
        #expect(result.stdout == "/the/foo/:a/bar/:b\n/the/foo/:a\n/the/bar/:b\n/the\n")
        #expect(routes("expand", "/user/view/:id").stdout == "/user/view/:id\n")
    }

    @Test func anInvalidPatternPrintsTheErrorWithACaret() {
        let result = routes("expand", "/a/*/b/*")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                error: Invalid route pattern "/a/*/b/*": a pattern holds one '*' at most (offset 7)
                  /a/*/b/*
                         ^

                """)
    }
}
