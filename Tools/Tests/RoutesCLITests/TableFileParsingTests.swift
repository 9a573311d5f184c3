import Routes
import Testing

@testable import RoutesCLI

@Suite struct TableFileParsingTests {
    @Test func routeLineWithSchemeAndOptions() {
        let file = parse("alpha  /user/view/:id  priority=10 name=user-profile\n")
        #expect(file.diagnostics.isEmpty)
        #expect(
            file.routes == [
                RouteEntry(
                    scheme: "alpha", pattern: "/user/view/:id", priority: 10, name: "user-profile",
                    location: SourceLocation(line: 1, column: 8))
            ])
    }

    @Test func routeWithoutSchemeGoesToTheGlobalTable() {
        let file = parse("/home\n/promo/:code priority=-1 declines\n")
        #expect(file.routes.map(\.scheme) == [nil, nil])
        #expect(file.routes[1].priority == -1)
        #expect(file.routes[1].declines)
        #expect(file.routes[1].location == SourceLocation(line: 2, column: 1))
    }

    /// `decline` meant "always declines" to `match` and "may decline" to `lint`: two words now.
    @Test func declinesAndMayDeclineAreTwoFlags() {
        let file = parse("/a declines\n/b may-decline\n/c\n")
        #expect(file.diagnostics.isEmpty)
        #expect(file.routes.map(\.declining) == [.always, .may, .never])
        #expect(file.routes.map(\.declines) == [true, false, false])
        #expect(file.routes.map(\.mayDecline) == [true, true, false])
    }

    @Test func theOldDeclineFlagReadsAsDeclinesWithAWarning() {
        let file = parse("/a decline\n")
        #expect(file.routes.map(\.declining) == [.always])
        #expect(
            file.diagnostics.map(\.description) == [
                "t.txt:1:4: warning: decline is deprecated: it reads as declines (the handler always declines); write declines, or may-decline for a route that may decline (lint only)"
            ])
    }

    @Test func aRouteTakesOneDecliningFlag() {
        let file = parse("/a declines may-decline\n")
        #expect(file.routes.isEmpty)
        #expect(
            file.diagnostics.map(\.description) == [
                "t.txt:1:13: error: may-decline and declines exclude each other (a route that always declines may decline too)"
            ])
    }

    @Test func defaultSchemeNameIsTheGlobalTable() {
        let file = parse("JLRoutesGlobalRoutesScheme /home\n@jlroutesglobalroutesscheme hosts=a.com\n")
        #expect(file.routes.map(\.scheme) == [nil])
        #expect(file.tables.map(\.scheme) == [nil])
    }

    @Test func hashStartsACommentOnlyAtLineStartOrAfterWhitespace() {
        let file = parse(
            """
            # a comment
              # an indented comment
            alpha /user#/view/:id name=fragment#1   # trailing comment /not/a/route
            alpha /docs#/:page#
            """)
        #expect(file.diagnostics.isEmpty)
        #expect(file.routes.map(\.pattern) == ["/user#/view/:id", "/docs#/:page#"])
        #expect(file.routes[0].name == "fragment#1")
    }

    @Test func windowsLineEndingsAndTabs() {
        let file = parse("alpha\t/a\r\n\r\nalpha /b\tpriority=2\r\n")
        #expect(file.diagnostics.isEmpty)
        #expect(file.routes.map(\.pattern) == ["/a", "/b"])
        #expect(
            file.routes.map(\.location) == [
                SourceLocation(line: 1, column: 7), SourceLocation(line: 3, column: 7),
            ])
    }

    @Test func directives() {
        let file = parse(
            """
            @alpha fallback
            @https hosts=example.com,*.example.com options=treatHostAsPathComponent
            @https hosts=example.org
            @beta options=none
            """)
        #expect(file.diagnostics.isEmpty)
        #expect(file.tables.map(\.scheme) == ["alpha", "https", "beta"])
        #expect(file.tables[0].fallback)
        #expect(file.tables[1].hosts == ["example.com", "*.example.com", "example.org"])
        #expect(file.tables[1].options == [.treatHostAsPathComponent])
        #expect(file.tables[2].options == [])
    }

    /// Column = the 1-based column of the offending character in the file line: the pattern's
    /// column plus the error's offset.
    @Test func invalidPatternIsReportedAtTheOffendingCharacter() {
        #expect(
            diagnostics("alpha  /user/(:id  name=user\n") == [
                """
                t.txt:1:14: error: Invalid route pattern "/user/(:id": '(' is never closed (offset 6)
                  /user/(:id
                        ^
                """
            ])
        #expect(parse("alpha  /user/(:id\n").routes.isEmpty)
        #expect(
            diagnostics("\n\t/a/*/b/*\n").first?.hasPrefix("t.txt:2:9: error: Invalid route pattern") == true)
    }

    @Test(arguments: [
        (
            "alpha /x priority=high",
            "t.txt:1:19: error: priority must be an integer, such as priority=10 or priority=-1, not \"high\""
        ),
        (
            "alpha /x priority=",
            "t.txt:1:19: error: priority must be an integer, such as priority=10 or priority=-1, not \"\""
        ),
        (
            "alpha /x prio=3",
            "t.txt:1:10: error: unknown option \"prio\"; expected priority=N, name=LABEL, declines or may-decline"
        ),
        ("alpha /x name=", "t.txt:1:15: error: name=LABEL needs a label"),
        ("alpha /x name=a name=b", "t.txt:1:17: error: name is given twice (first at column 10)"),
        (
            "alpha /x /y",
            "t.txt:1:10: error: unexpected \"/y\"; a route line is [SCHEME] PATTERN [priority=N] [name=LABEL] [declines|may-decline]"
        ),
        (
            "priority=3 /x",
            "t.txt:1:1: error: expected a pattern before \"priority=3\"; a route line is [SCHEME] PATTERN [priority=N] [name=LABEL] [declines|may-decline]"
        ),
        (
            "my_app /x",
            "t.txt:1:1: error: \"my_app\" is not a scheme (letters, digits, '+', '-', '.', starting with a letter); a route line is [SCHEME] PATTERN [priority=N] [name=LABEL] [declines|may-decline]"
        ),
        ("@ fallback", "t.txt:1:2: error: expected a scheme after '@', such as @myapp fallback"),
        ("@alpha", "t.txt:1:1: error: @alpha sets nothing; expected fallback, hosts=LIST or options=LIST"),
        (
            "@alpha fallbak",
            "t.txt:1:8: error: unknown setting \"fallbak\"; expected fallback, hosts=LIST or options=LIST"
        ),
        (
            "@alpha host=a.com",
            "t.txt:1:8: error: unknown setting \"host\"; expected fallback, hosts=LIST or options=LIST"
        ),
        (
            "@JLRoutesGlobalRoutesScheme fallback",
            "t.txt:1:29: error: the global table cannot fall back: fallback leads to it"
        ),
        (
            "@w hosts=a.com,,b.com",
            "t.txt:1:16: error: empty host in hosts=LIST (hosts are separated by commas, without spaces)"
        ),
        (
            "@w hosts=a.com,https://b.com",
            "t.txt:1:16: error: \"https://b.com\" is not a host name: write example.com, without scheme, path or port"
        ),
        (
            "@w hosts=a.*.com",
            "t.txt:1:10: error: \"a.*.com\": a wildcard host is '*.' and a domain, such as *.example.com"
        ),
        (
            "@w options=decodePlusSymbols,hostAsPath",
            "t.txt:1:30: error: unknown route option \"hostAsPath\"; expected decodePlusSymbols, treatHostAsPathComponent or none"
        ),
        ("@w options=none\n@w options=none", "t.txt:2:4: error: options of @w are already set on line 1"),
    ])
    func errorsHaveFileLineAndColumn(line: String, expected: String) {
        #expect(diagnostics(line) == [expected])
    }

    @Test func aRouteWithAnErrorIsLeftOutAndTheOthersKept() {
        let file = parse("alpha /a prio=1\nalpha /b\n")
        #expect(file.hasErrors)
        #expect(file.routes.map(\.pattern) == ["/b"])
    }

    @Test func aNameUsedTwiceIsAWarning() {
        let file = parse("/a name=x\n/b name=x\n")
        #expect(!file.hasErrors)
        #expect(
            file.diagnostics.map(\.description) == ["t.txt:2:1: warning: name \"x\" is also used on line 1"])
    }
}

extension TableFileParsingTests {
    /// Whether a route is sensible (a pattern that starts with a scheme, say) is the library's
    /// lint, reported by `routes lint`; the parser checks the syntax only.
    @Test func aURLInsteadOfAPatternIsValidSyntax() {
        let file = parse("myapp://user/view/:id\n")
        #expect(file.diagnostics.isEmpty)
        #expect(file.routes.map(\.pattern) == ["myapp://user/view/:id"])
    }

    /// Schemes follow the library's rule (`ToolSupport.isValidScheme`, `ToolSupport.schemeKey`): ASCII letters only, and
    /// ASCII case folding, so the Kelvin sign "\u{212A}" is neither a letter of a scheme nor a "k".
    @Test func schemesFollowTheLibrarysRule() {
        let kelvin = "\u{212A}app"
        #expect(
            diagnostics("\(kelvin) /x") == [
                "t.txt:1:1: error: \"\(kelvin)\" is not a scheme (letters, digits, '+', '-', '.', starting with a letter); a route line is [SCHEME] PATTERN [priority=N] [name=LABEL] [declines|may-decline]"
            ])
        #expect(
            diagnostics("@\(kelvin) fallback") == [
                "t.txt:1:2: error: \"\(kelvin)\" is not a scheme (letters, digits, '+', '-', '.', starting with a letter)"
            ])
        let file = parse("@KApp fallback\n@kapp hosts=a.com\nKAPP /x\nk+1.a-b /y\n")
        #expect(file.diagnostics.isEmpty)
        #expect(file.tables.map(\.scheme) == ["KApp"])
        #expect(file.tables[0].fallback && file.tables[0].hosts == ["a.com"])
        #expect(file.routes.map(\.scheme) == ["KAPP", "k+1.a-b"])
        #expect(RouteTableFile.tableScheme("jlroutesGLOBALroutesscheme") == nil)
        #expect(RouteTableFile.tableScheme("kapp") == "kapp")
    }
}

extension TableFileParsingTests {
    @Test func aByteOrderMarkIsIgnored() {
        let file = parse("\u{FEFF}alpha /x\n")
        #expect(file.diagnostics.isEmpty)
        #expect(file.routes.map(\.location) == [SourceLocation(line: 1, column: 7)])
    }
}
