import Foundation
import Testing

@testable import RoutesCLI

/// `routes test CASES`: a cases file checked against the table.
@Suite struct TestCommandTests {
    @Test func casesRoutedAsExpectedExitWithZero() {
        let result = routes("test", fixture("cases.txt"))
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == "\(fixture("cases.txt")): 8 links, each as expected\n")
    }

    @Test func aMismatchNamesTheLineLinkExpectedActualAndExplanation() {
        let path = fixture("cases-wrong.txt")
        let result = routes("test", path)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            Array(lines.prefix(5)) == [
                "\(path):2: myapp://user/7",
                "  expected: routed by /user/view/:id in myapp",
                "  actual:   routed by /user/:id in myapp",
                "    Routing myapp://user/7",
                "    table myapp: segments [\"user\", \"7\"], no query",
            ])
        #expect(lines.contains("      2. /user/:id (priority 0): matches, asked 1st"))
        #expect(lines.suffix(2) == ["\(path): 1 of 2 links differs", ""])
    }

    @Test func everyKindOfExpectationIsRead() throws {
        let cases = try temporaryTable(
            """
            myapp://user/7 myapp /user/:id
            /home /home
            myapp://nowhere unrouted  # no route
            myapp://a/1 held /a/*
            myapp://b/1 refused /b/*
            myapp://old/7 redirected myapp://user/7
            """)
        let table = try temporaryTable(
            """
            myapp /user/:id
            myapp /a/:x
            myapp /b/:x
            myapp redirect /old/:id /user/:id
            myapp guard /a/* hold
            myapp guard /b/* refuse
            /home
            """)
        let result = routes("test", "--table", table, cases)
        #expect(result.stdout.hasSuffix(": 6 links, each as expected\n"), "\(result.stdout)")
        #expect(result.status == 0)
        // Each expectation is compared: the same file against a table without the guards.
        let unguarded = try temporaryTable("myapp /user/:id\nmyapp /a/:x\nmyapp /b/:x\n/home\n")
        let failing = routes("test", "--table", unguarded, cases)
        #expect(failing.status == 1)
        #expect(failing.stdout.hasSuffix(": 3 of 6 links differ\n"), "\(failing.stdout)")
        #expect(failing.stdout.contains(":4: myapp://a/1\n  expected: held by the guard /a/*\n"))
        #expect(failing.stdout.contains(":5: myapp://b/1\n  expected: refused by the guard /b/*\n"))
        #expect(failing.stdout.contains(":6: myapp://old/7\n  expected: redirected to myapp://user/7\n"))
    }

    @Test func jsonHasTheMismatchesAndWhatNoLinkReached() throws {
        let result = routes("test", "--json", fixture("cases-wrong.txt"))
        #expect(result.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["links"] as? Int == 2)
        #expect(object["passed"] as? Bool == false)
        let mismatches = try #require(object["mismatches"] as? [[String: Any]])
        #expect(mismatches.count == 1)
        #expect(mismatches.first?["line"] as? Int == 2)
        #expect(mismatches.first?["link"] as? String == "myapp://user/7")
        #expect(mismatches.first?["expected"] as? String == "routed by /user/view/:id in myapp")
        #expect(mismatches.first?["actual"] as? String == "routed by /user/:id in myapp")
        #expect((mismatches.first?["explanation"] as? [String])?.first == "Routing myapp://user/7")
        let unreached = try #require(object["unreached"] as? [[String: Any]])
        #expect(
            unreached.contains {
                $0["pattern"] as? String == "/files/private/*" && $0["kind"] as? String == "guard"
            })
        #expect(
            unreached.contains {
                $0["pattern"] as? String == "/u/:id" && $0["target"] as? String == "/user/:id"
            })
    }

    @Test func coverageListsWhatNoLinkReachedAndFails() {
        let result = routes("test", "--coverage", fixture("cases.txt"))
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix("not reached by any link:\n  route /promo/:code in the global table\n"))
        #expect(
            result.stdout.contains("\n  route /user/:id/posts in myapp\n  route /post/:postID in myapp\n"))
        #expect(result.stdout.hasSuffix(": 8 links, each as expected\n14 not reached by any link\n"))
    }

    @Test(arguments: [
        ("myapp://a", "1:10: error: 'myapp://a' has no expectation"),
        ("myapp://a held", "1:15: error: 'held' needs the guard's pattern"),
        ("myapp://a redirected", "1:21: error: 'redirected' needs the URL it redirects to"),
        ("myapp://a unrouted now", "1:20: error: unexpected 'now' after the expectation"),
        ("\n  myapp://a myapp user", "2:13: error: 'myapp user' is not an expectation"),
    ])
    func aMalformedCaseIsAnErrorNamingItsPlace(text: String, error: String) throws {
        let cases = try temporaryTable(text)
        let result = routes("test", cases)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("\(cases):\(error)"), "\(result.stderr)")
    }

    @Test func anUnreadableCasesFileIsInvalidInput() {
        let result = routes("test", "/nonexistent/cases.txt")
        #expect(result.status == 2)
        #expect(result.stderr == "error: cannot read cases file /nonexistent/cases.txt: no such file\n")
    }
}
