import Testing

@testable import RoutesCLI

@Suite struct MatchCommandTests {
    @Test func matchOnTheSampleTable() {
        let result = routes("match", "myapp://user/42/posts/likes?sort=new&sort=old")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                myapp://user/42/posts/likes?sort=new&sort=old
                  matched     /user/:id/posts/:tab
                  route       user-posts (line 17): /user/:id/posts(/:tab), priority 0
                  table       myapp
                  parameters  id = "42"
                              sort = ["new", "old"]
                              tab = "likes"

                """)
    }

    /// One case per feature of the sample table: (URL, matched pattern, table, parameters).
    @Test(arguments: [
        ("myapp://user/view/42", "/user/view/:id", "myapp", ["id = \"42\""]),
        ("myapp://user/new", "/user/new", "myapp", []),
        ("myapp://user/7", "/user/:id", "myapp", ["id = \"7\""]),
        ("myapp://settings", "/settings", "myapp", []),
        ("myapp://settings/privacy", "/settings/:section", "myapp", ["section = \"privacy\""]),
        (
            "myapp://search?q=swift+router&scope=users", "/search", "myapp",
            ["q = \"swift router\"", "scope = \"users\""]
        ),
        ("myapp://docs#/intro", "/docs#/:page", "myapp", ["page = \"intro\""]),
        ("myapp://files/a/b%20c", "/files/*", "myapp", ["JLRouteWildcardComponents = [\"a\", \"b c\"]"]),
        ("myapp://home", "/home", "JLRoutesGlobalRoutesScheme (global table)", []),
        (
            "otherapp://promo/SPRING", "/promo/:code", "JLRoutesGlobalRoutesScheme (global table)",
            ["code = \"SPRING\""]
        ),
        ("https://www.example.com/post/7/comments", "/post/:postID/comments", "https", ["postID = \"7\""]),
        (
            "https://example.com/about/team", "/*", "https",
            ["JLRouteWildcardComponents = [\"about\", \"team\"]"]
        ),
    ])
    func sampleTable(url: String, pattern: String, table: String, parameters: [String]) {
        let result = routes("match", url)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("  matched     \(pattern)"))
        #expect(lines.contains("  table       \(table)"))
        let shown = lines.drop { !$0.hasPrefix("  parameters") }.map { String($0.dropFirst(14)) }
        #expect(shown == (parameters.isEmpty ? ["(none)"] : parameters))
    }

    @Test func unmatchedURLsExitWithStatus1() {
        let result = routes("match", "myapp://user/view/42", "https://evil.com/user/view/1", "myapp://a%2")
        #expect(result.status == 1)
        #expect(result.stdout.contains("  matched     /user/view/:id\n"))
        #expect(
            result.stdout.contains(
                """
                https://evil.com/user/view/1
                  no match    no route matches (see: routes explain 'https://evil.com/user/view/1')

                """))
        #expect(result.stdout.hasSuffix("myapp://a%2\n  no match    not a URL: routing calls no handler\n"))
    }

    @Test func declinedRoutesLetTheNextCandidateTry() {
        let result = routes(
            "match", "--table", fixture("declines.txt"), "alpha://user/7", "alpha://promo/X", "alpha://help")
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                alpha://user/7
                  declined    /user/:id (feature-flag, line 4)
                  matched     /user/:id
                  route       user (line 5): /user/:id, priority 0
                  table       alpha
                  parameters  id = "7"

                alpha://promo/X
                  declined    /promo/:code (old-promo, line 6)
                  matched     /promo/:code
                  route       promo (line 7): /promo/:code, priority 0
                  table       JLRoutesGlobalRoutesScheme (global table)
                  parameters  code = "X"

                alpha://help
                  declined    /help (help, line 8)
                  no match    every matching route declined

                """)
    }

    @Test func json() {
        let result = routes("match", "--json", "myapp://files/a?x=1", "nope://x")
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                [
                  {
                    "url": "myapp://files/a?x=1",
                    "matched": true,
                    "reason": null,
                    "pattern": "/files/*",
                    "scheme": "myapp",
                    "route": {
                      "line": 23,
                      "scheme": "myapp",
                      "pattern": "/files/*",
                      "priority": 0,
                      "name": "files",
                      "decline": false,
                      "mayDecline": false
                    },
                    "parameters": {
                      "JLRouteWildcardComponents": [
                        "a"
                      ],
                      "x": "1"
                    },
                    "declined": [],
                    "redirects": [],
                    "guard": null
                  },
                  {
                    "url": "nope://x",
                    "matched": false,
                    "reason": "no-route",
                    "pattern": null,
                    "scheme": null,
                    "route": null,
                    "parameters": {},
                    "declined": [],
                    "redirects": [],
                    "guard": null
                  }
                ]

                """)
    }

    @Test func jsonEscapesStrings() {
        let result = routes("match", "--json", "myapp://search?q=%22quoted%22%5Cback%0Aline")
        #expect(result.stdout.contains(#""q": "\"quoted\"\\back\nline""#))
    }

    @Test func tableSettingsApply() throws {
        let table = try temporaryTable(
            """
            @web hosts=*.example.com options=treatHostAsPathComponent
            web  /:host/path/:id   name=with-host
            @plain options=none
            plain /search
            """)
        let result = routes(
            "match", "-t", table, "web://www.example.com/path/1", "web://example.com/path/1",
            "plain://search?q=a+b")
        #expect(result.status == 1)
        #expect(result.stdout.contains("host = \"www.example.com\""))
        #expect(result.stdout.contains("web://example.com/path/1\n  no match    no route matches"))
        #expect(result.stdout.contains("q = \"a+b\""))
    }

    @Test func aTableWithErrorsRoutesNothing() {
        let result = routes("match", "--table", fixture("broken.txt"), "alpha://x")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("broken.txt:3:14: error: Invalid route pattern \"/user/(:id\""))
        #expect(result.stderr.hasSuffix("error: \(fixture("broken.txt")) has 12 errors; fix them first\n"))
    }

    @Test func anUnreadableTableIsAnError() {
        let result = routes("match", "--table", "/nonexistent/routes.txt", "alpha://x")
        #expect(result.status == 2)
        #expect(result.stderr == "error: cannot read route table /nonexistent/routes.txt: no such file\n")
        let directory = routes("lint", "--table", toolsDirectory.path)
        #expect(directory.status == 2)
        #expect(
            directory.stderr == "error: cannot read route table \(toolsDirectory.path): it is a directory\n")
    }

    @Test func usageErrorsExitWith64() {
        let result = routes("match")
        #expect(result.status == 64)
        #expect(result.stderr.contains("Missing expected argument '<url> ...'"))
        #expect(routes("frobnicate").status == 64)
    }

    @Test func helpGoesToStandardOutput() {
        let result = routes("--help")
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: routes <subcommand>"))
        #expect(routes("help", "lint").stdout.contains("USAGE: routes lint [--table <file>]"))
    }
}
