import Routes
import RoutesTesting
import Testing

@testable import RoutesCLI

@Suite struct LintCommandTests {
    @Test func theSampleTableIsClean() {
        let result = routes("lint")
        #expect(result.status == 0)
        #expect(result.stdout == "<sample>: no problems (17 routes, 21 definitions, 1 guard)\n")
    }

    @Test func shadowedAndDuplicateRoutesAreWarningsWithStatus0() {
        let path = fixture("shadowed.txt")
        let result = routes("lint", "--table", path)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                \(path):3:8: warning: [alpha] /user/new is shadowed by /user/:id, which matches every URL it matches; it runs only if /user/:id declines
                \(path):2:8: note: /user/:id is registered here, priority 0
                \(path):4:8: warning: [alpha] /user/:userID differs from /user/:id only in parameter names; it runs only if /user/:id declines
                \(path):2:8: note: /user/:id is registered here, priority 0
                \(path):6:8: warning: [alpha] /settings/privacy is shadowed by /settings/:section, which matches every URL it matches; it runs only if /settings/:section declines
                \(path):5:8: note: /settings/:section is registered here (an expansion of /settings(/:section)), priority 0
                \(path):8:1: warning: [JLRoutesGlobalRoutesScheme] /files/:name is shadowed by /files/*, which matches every URL it matches; it runs only if /files/* declines
                \(path):7:1: note: /files/* is registered here, priority 0
                \(path):10:1: warning: name "home" is also used on line 9
                \(path):10:1: warning: [JLRoutesGlobalRoutesScheme] /home duplicates /home; it runs only if /home declines
                \(path):9:1: note: /home is registered here, priority 0
                \(path): 0 errors, 6 warnings (9 routes, 10 definitions)

                """)
    }

    /// `Router.lint()` names patterns, not lines: a duplicate must point at the second line, and
    /// a route covered by an expansion at the line of the pattern with the group.
    @Test func warningsPointAtTheRightLine() throws {
        let table = try temporaryTable(
            """
            alpha /a/:x
            alpha /b
            alpha /a/:x
            alpha /b
            alpha /c(/:d)  priority=1
            alpha /c/e
            """)
        let result = routes("lint", "-t", table)
        let places = result.stdout.split(separator: "\n").dropLast().map {
            $0.dropFirst(table.count + 1).split(separator: ":").prefix(3).joined(separator: ":")
        }
        #expect(
            places == ["3:7: warning", "1:7: note", "4:7: warning", "2:7: note", "6:7: warning", "5:7: note"])
        #expect(result.stdout.contains("/c/:d is registered here (an expansion of /c(/:d)), priority 1"))
    }

    @Test func errorsExitWithStatus2() {
        let path = fixture("broken.txt")
        let result = routes("lint", "--table", path)
        #expect(result.status == 2)
        #expect(
            result.stdout == """
                \(path):2:17: error: unknown setting "hots"; expected fallback, hosts=LIST or options=LIST
                \(path):3:14: error: Invalid route pattern "/user/(:id": '(' is never closed (offset 6)
                  /user/(:id
                        ^
                \(path):4:15: error: Invalid route pattern "/a/*/b/*": a pattern holds one '*' at most (offset 7)
                  /a/*/b/*
                         ^
                \(path):5:29: error: priority must be an integer, such as priority=10 or priority=-1, not "high"
                \(path):6:20: error: unknown option "prio"; expected priority=N, name=LABEL, declines or may-decline
                \(path):7:1: error: "my_app" is not a scheme (letters, digits, '+', '-', '.', starting with a letter); a route line is [SCHEME] PATTERN [priority=N] [name=LABEL] [declines|may-decline]
                \(path):8:2: error: expected a scheme after '@', such as @myapp fallback
                \(path):9:14: error: Invalid route pattern "/files/:name/:name": parameter ':name' appears twice (offset 13)
                  /files/:name/:name
                               ^
                \(path):10:29: error: the global table cannot fall back: fallback leads to it
                \(path):11:1: warning: [https] has no routes and does not fall back, so URLs of https reach no route, not even the global table's; add its routes, set shouldFallback, or remove it with unregister(scheme:) (reading router.https or router["https"] creates the table)
                \(path):11:14: error: "https://example.com" is not a host name: write example.com, without scheme, path or port
                \(path):11:56: error: unknown route option "treatHostAsPath"; expected decodePlusSymbols, treatHostAsPathComponent or none
                \(path):12:10: error: unexpected "/y"; a route line is [SCHEME] PATTERN [priority=N] [name=LABEL] [declines|may-decline]
                \(path): 12 errors, 1 warning (0 routes, 0 definitions)

                """)
    }

    @Test func errorsAndWarningsTogether() throws {
        let table = try temporaryTable("alpha /a\nalpha /a\nalpha /b(\n")
        let result = routes("lint", "-t", table)
        #expect(result.status == 2)
        #expect(result.stdout.hasSuffix("\(table): 1 error, 1 warning (2 routes, 2 definitions)\n"))
    }

    /// The decline idiom: a route marked `may-decline` (or `declines`) lets the routes it covers
    /// run, so they are not findings; a later route is reported against the first covering route
    /// that does not decline.
    @Test func routesThatMayDeclineShadowNothing() throws {
        let table = try temporaryTable(
            """
            /post/:id          may-decline
            /post/:slug
            alpha /a/:x        declines
            alpha /a/:y
            alpha /a/b
            alpha /a/b         may-decline
            alpha /a/b
            """)
        let result = routes("lint", "-t", table)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                \(table):5:7: warning: [alpha] /a/b is shadowed by /a/:y, which matches every URL it matches; it runs only if /a/:y declines
                \(table):4:7: note: /a/:y is registered here, priority 0
                \(table):6:7: warning: [alpha] /a/b is shadowed by /a/:y, which matches every URL it matches; it runs only if /a/:y declines
                \(table):4:7: note: /a/:y is registered here, priority 0
                \(table):7:7: warning: [alpha] /a/b is shadowed by /a/:y, which matches every URL it matches; it runs only if /a/:y declines
                \(table):4:7: note: /a/:y is registered here, priority 0
                \(table): 0 errors, 3 warnings (7 routes, 7 definitions)

                """)
        let declines = routes("lint", "--table", fixture("declines.txt"))
        #expect(declines.status == 0)
        #expect(declines.stdout == "\(fixture("declines.txt")): no problems (5 routes, 5 definitions)\n")
    }

    /// `may-decline` is for lint: the routes it covers are not findings, and `match` asks it
    /// as a route that accepts (it may decline, not always).
    @Test func routesThatMayDeclineShadowNothingAndAccept() throws {
        let table = try temporaryTable("/post/:id may-decline\n/post/:slug\n")
        let lint = routes("lint", "-t", table)
        #expect(lint.stdout == "\(table): no problems (2 routes, 2 definitions)\n")
        let match = routes("match", "-t", table, "myapp://post/7")
        #expect(match.status == 0)
        #expect(match.stdout.contains("route       line 1: /post/:id, priority 0, may decline\n"))
    }

    /// One rule set: `routes lint` reports what `Router.lint(mayDecline:)` finds, nothing of its own
    /// beyond the file's syntax and names.
    @Test func reportsTheLibrarysFindings() throws {
        let text = """
            myapp://user/:id
            /:x
            *
            /:x
            alpha /a(/:b)
            alpha alpha://settings(/:section)
            alpha /z/:b/:c     may-decline
            alpha /z/:d/:e
            https /*
            """
        let table = try temporaryTable(text)
        let result = routes("lint", "-t", table)
        let loaded = LoadedTable(RouteTableFile.parse(text, name: table))
        let library = loaded.router.lint(mayDecline: { loaded.entry(for: $0)?.mayDecline == true })
        let warnings = result.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(
            warnings.map {
                $0.components(separatedBy: ": warning: ")[1].components(separatedBy: " (an expansion")[0]
            }
                == library.map(\.description))
        #expect(library.map(\.kind).contains(.schemeInPattern))
        #expect(library.map(\.kind).contains(.catchAll))
        #expect(result.status == 0)
        let places = warnings.map {
            $0.dropFirst(table.count + 1).split(separator: ":").prefix(2).joined(separator: ":")
        }
        #expect(places == ["1:1", "2:1", "3:1", "4:1", "4:1", "6:7", "6:7"])
        #expect(
            result.stdout.contains(
                "\(table):1:1: warning: [JLRoutesGlobalRoutesScheme] myapp://user/:id starts with a scheme, but a pattern is matched against a URL's path only; register /user/:id in the table of myapp instead\n"
            ))
        #expect(
            result.stdout.contains(
                "\(table):6:7: warning: [alpha] /alpha://settings/:section starts with a scheme, but a pattern is matched against a URL's path only; register /settings/:section in the table of alpha instead (an expansion of alpha://settings(/:section))\n"
            ))
        #expect(
            result.stdout.contains(
                "\(table):4:1: warning: [JLRoutesGlobalRoutesScheme] /:x duplicates /:x; it runs only if /:x declines\n\(table):2:1: note: /:x is registered here, priority 0\n"
            ))
        #expect(result.stdout.hasSuffix("\(table): 0 errors, 7 warnings (9 routes, 11 definitions)\n"))
    }

    /// A table that routes nothing is reported at its directive; a table with fallback is not.
    /// The advice for a pattern with a dotted host names the table and its hosts, not a path with
    /// the host in it.
    @Test func reportsEmptyTablesAndAdvisesHosts() throws {
        let text = """
            @beta hosts=example.com
            @gamma fallback
            /home
            https://example.com/post/:id
            """
        let table = try temporaryTable(text)
        let result = routes("lint", "-t", table)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                \(table):1:1: warning: [beta] has no routes and does not fall back, so URLs of beta reach no route, not even the global table's; add its routes, set shouldFallback, or remove it with unregister(scheme:) (reading router.beta or router["beta"] creates the table)
                \(table):4:1: warning: [JLRoutesGlobalRoutesScheme] https://example.com/post/:id starts with a scheme, but a pattern is matched against a URL's path only; register /post/:id in the table of https with example.com in its hosts instead
                \(table): 0 errors, 2 warnings (2 routes, 2 definitions)

                """)
    }
}
