import Routes
import RoutesTesting
import Testing

@testable import RoutesCLI

@Suite struct ExplainCommandTests {
    @Test func printsTheRoutersExplanation() throws {
        let table = try temporaryTable(
            """
            @alpha fallback
            alpha /user/:id
            alpha /user/view/:id
            /user/view/:userID
            """)
        let result = routes("explain", "--table", table, "alpha://user/view/7?ref=mail")
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                Routing alpha://user/view/7?ref=mail
                table alpha: segments ["user", "view", "7"], query ref=mail
                  1. /user/:id (priority 0): no, the URL has 3 segments, the pattern 2
                  2. /user/view/:id (priority 0): matches, asked 1st
                fallback: if no handler above accepts, the global table is tried
                global table: segments ["user", "view", "7"], query ref=mail
                  1. /user/view/:userID (priority 0): matches, asked 2nd
                handlers are asked in that order until one returns true

                """)
    }

    @Test func isTheLibrarysDescription() {
        let router = LoadedTable(RouteTableFile.parse(SampleTable.text, name: "s")).router
        for url in ["myapp://user/view/42", "https://evil.com/user/view/1", "myapp://docs#/intro"] {
            #expect(routes("explain", url).stdout == router.explain(url).description + "\n")
        }
    }

    @Test func exitStatus1WhenNothingAccepts() {
        let result = routes("explain", "https://evil.com/user/view/1")
        #expect(result.status == 1)
        #expect(result.stdout.contains("the table does not route this host (see hosts)"))
        #expect(routes("explain", "--table", fixture("declines.txt"), "alpha://help").status == 1)
    }
}
