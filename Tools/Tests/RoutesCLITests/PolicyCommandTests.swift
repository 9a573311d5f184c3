import Testing

@testable import RoutesCLI

/// Redirect and guard lines: parsing, and what `match`, `explain`, `lint` and `aasa` make of them.
@Suite struct PolicyCommandTests {
    let table = fixture("policy.txt")

    @Test func redirectAndGuardLinesAreParsed() {
        let file = parse(
            """
            redirect /u/:id /user/:id priority=2 name=short
            alpha redirect /p/:id myapp://post/:id
            guard /admin(/*) refuse
            alpha guard /user/:id hold
            redirect redirect /x /y
            """)
        #expect(file.diagnostics == [])
        #expect(file.routes.map(\.pattern) == ["/u/:id", "/p/:id", "/x"])
        #expect(file.routes.map(\.redirectTarget) == ["/user/:id", "myapp://post/:id", "/y"])
        #expect(file.routes.map(\.scheme) == [nil, "alpha", "redirect"])
        #expect(file.routes[0].priority == 2)
        #expect(file.routes[0].name == "short")
        #expect(file.guards.map(\.pattern) == ["/admin(/*)", "/user/:id"])
        #expect(file.guards.map(\.decision) == [.refuse, .hold])
        #expect(file.guards.map(\.scheme) == [nil, "alpha"])
        #expect(
            file.guards.map(\.location) == [
                SourceLocation(line: 3, column: 7), SourceLocation(line: 4, column: 13),
            ])
    }

    @Test func badRedirectAndGuardLinesAreErrors() {
        #expect(
            diagnostics(
                """
                redirect /u/:id
                alpha redirect /u/:id /user/:name
                guard /x
                guard /x allow
                redirect /a /b declines
                guard /a/*/b/* hold
                """) == [
                    "t.txt:1:16: error: expected TO; a redirect line is [SCHEME] redirect FROM TO [priority=N] [name=LABEL]",
                    "t.txt:2:29: error: Invalid route pattern \"/user/:name\": ':name' is not a value of the redirect's source \"/u/:id\" (offset 6)\n  /user/:name\n        ^",
                    "t.txt:3:9: error: expected refuse or hold after the pattern; a guard line is [SCHEME] guard PATTERN refuse|hold",
                    "t.txt:4:10: error: unexpected \"allow\"; a guard line is [SCHEME] guard PATTERN refuse|hold",
                    "t.txt:5:16: error: a redirect does not decline: it always routes its target; a redirect line is [SCHEME] redirect FROM TO [priority=N] [name=LABEL]",
                    "t.txt:6:14: error: Invalid route pattern \"/a/*/b/*\": a pattern holds one '*' at most (offset 7)\n  /a/*/b/*\n         ^",
                ])
    }

    @Test func matchPrintsEachRedirectAndTheRouteThatAccepts() {
        let result = routes("match", "--table", table, "https://example.com/p/3")
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                https://example.com/p/3
                  redirected  /p/:id (web-short, line 13) to https://example.com/post/3
                  matched     /post/:id
                  route       web-post (line 12): /post/:id, priority 0
                  table       https
                  parameters  id = "3"

                """)
    }

    @Test func matchPrintsTheGuardThatRefusesOrHolds() {
        let result = routes("match", "--table", table, "myapp://profile/7", "myapp://admin/x")
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                myapp://profile/7
                  redirected  /profile/:id (old-profile, line 8) to myapp://u/7
                  redirected  /u/:id (short-link, line 7) to myapp://user/7
                  held        by the guard /user/:id (line 10, myapp), until the app calls resume()

                myapp://admin/x
                  refused     by the guard /admin/* (line 9, myapp)

                """)
    }

    @Test func matchStopsALoopAfterEightRedirects() {
        let result = routes("match", "--table", table, "myapp://a/1")
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("  redirected  ") }.count == 8)
        #expect(lines.last == "  no match    more than 8 redirects in a row: routing gives up")
    }

    @Test func matchJSONHasTheRedirectsAndTheGuard() {
        let result = routes(
            "match", "--json", "--table", table, "myapp://u/7", "myapp://user/7", "myapp://a/1")
        #expect(
            result.stdout.contains(
                """
                    "reason": "held",
                """))
        #expect(
            result.stdout.contains(
                """
                    "redirects": [
                      {
                        "url": "myapp://u/7",
                        "pattern": "/u/:id",
                        "scheme": "myapp",
                        "to": "myapp://user/7",
                        "line": 7
                      }
                    ],
                    "guard": {
                      "pattern": "/user/:id",
                      "scheme": "myapp",
                      "decision": "hold",
                      "line": 10
                    }
                """))
        #expect(result.stdout.contains("\"reason\": \"redirect-limit\""))
        #expect(result.stdout.contains("\"guard\": null"))
    }

    @Test func lintReportsLoopsUnmatchedTargetsAndUnreachableGuards() {
        let result = routes("lint", "--table", table)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                \(table):16:17: warning: [myapp] /a/:id redirects to /b/:id, and the redirects it leads to can lead back to it: /a/:id → /b/:id → /a/:id; routing stops after 8 redirects and handles nothing
                \(table):17:17: warning: [myapp] /b/:id redirects to /a/:id, and the redirects it leads to can lead back to it: /b/:id → /a/:id → /b/:id; routing stops after 8 redirects and handles nothing
                \(table):18:17: warning: [myapp] /old/:id redirects to /users/:id, which no route of the table of myapp, nor of the global table it falls back to, matches; routing the target calls the unmatched handler
                \(table):19:14: warning: [myapp] /acount/* is a guard that no route of the table of myapp can match, so it is never asked: guards are asked only before a route of their own table runs
                \(table): 0 errors, 4 warnings (9 routes, 9 definitions, 3 guards)

                """)
    }

    @Test func explainShowsGuardsAndRedirectTargets() {
        let result = routes("explain", "--table", table, "myapp://u/7")
        #expect(result.stdout.contains("  guard /user/:id: no, segment 0 is \"u\", not \"user\"\n"))
        #expect(
            result.stdout.contains(
                "  3. /u/:id (priority 0, redirects to /user/:id): matches, asked 1st: routing starts over at myapp://user/7\n"
            ))
        // Held: not matched.
        #expect(result.status == 1)
    }

    @Test func aasaAdmitsHttpsRedirectsAndNoGuards() {
        let result = routes("aasa", "--table", table, "--app-id", "ABCDE12345.com.example.app")
        #expect(
            result.stdout.contains(
                """
                          { "/": "/post/*" },
                          { "/": "/p/*" }
                        ]
                """))
    }
}
