import Foundation
import Routes
import Testing

/// The rules of the "Routing rules" article, one test per rule, through the public API only. The
/// comment above each test names the article's section.
@Suite struct RoutingRulesTests {
    // MARK: Helpers

    /// The parameters the one route `pattern` hands its handler for `url`; `nil` when it does not
    /// match.
    private func parameters(_ pattern: String, _ url: String, options: RouteOptions? = nil) -> [String: Any]?
    {
        let router = Router()
        if let options { router.default.options = options }
        var received: [String: Any]?
        router.default.add(pattern: pattern) { params in
            received = params.dictionary
            return true
        }
        router.route(to: url)
        return received
    }

    /// The value of `key` that `pattern` hands its handler for `url`, as a string.
    private func value(_ key: String, _ pattern: String, _ url: String, options: RouteOptions? = nil)
        -> String?
    {
        parameters(pattern, url, options: options)?[key] as? String
    }

    /// The URL's segments, decoded, as the wildcard of `/*` receives them.
    private func segments(_ url: String, options: RouteOptions? = nil) -> [String]? {
        parameters("/*", url, options: options)?[RouteParameters.Keys.wildcard] as? [String]
    }

    /// The patterns of the definitions `pattern` registers, in routing order.
    private func registered(_ pattern: String) -> [String] {
        let router = Router()
        router.default.add(pattern: pattern)
        return router.default.definitions.map(\.pattern)
    }

    // MARK: Reading a URL

    /// *URLs and strings*
    @Test func aStringThatIsNotAURLRoutesNowhere() {
        let router = Router()
        var calls: [String] = []
        router.default.add(pattern: "/*") { _ in
            calls.append("route")
            return true
        }
        router.default.unmatchedHandler = { _, _ in calls.append("unmatched") }
        for text in ["", "http://[::1"] {
            #expect(URL(string: text) == nil)
            #expect(!router.route(to: text))
            #expect(!router.canRoute(to: text))
        }
        #expect(calls.isEmpty)
        #expect(router.route(to: "myapp://x"))
        #expect(calls == ["route"])
    }

    /// *The table*
    @Test func theSchemePicksTheTableIgnoringCase() {
        let router = Router()
        let myapp = router.myapp
        #expect(router.table(for: "MyApp://home") === myapp)
        #expect(router.table(for: "MYAPP://home") === myapp)
        #expect(router.table(for: "other://home") === router.default)
        #expect(router.table(for: "/home") === router.default)
        myapp.add(pattern: "/home")
        #expect(router.route(to: "MyApp://home"))
        #expect(!router.route(to: "other://home"))
    }

    /// *The host*
    @Test func theHostIsTheFirstSegmentUnlessItHasADotOrIsLocalhost() {
        #expect(segments("myapp://user/view/7") == ["user", "view", "7"])
        #expect(segments("https://example.com/user/view/7") == ["user", "view", "7"])
        #expect(segments("myapp://localhost/a") == ["a"])
        #expect(segments("myapp://Localhost/a") == ["Localhost", "a"])
        // The test reads the decoded host: a%2Eb is a.b, which has a dot.
        #expect(segments("myapp://a%2Eb/x") == ["x"])
        // The segment is the host as written, decoded like any segment.
        #expect(value("place", "/:place/x", "myapp://caf%C3%A9/x") == "café")
        #expect(parameters("/café/x", "myapp://caf%C3%A9/x") != nil)
        // The option makes every non-empty host a segment.
        let hostAsSegment: RouteOptions = [.decodePlusSymbols, .treatHostAsPathComponent]
        #expect(segments("https://example.com/a", options: hostAsSegment) == ["example.com", "a"])
        #expect(segments("myapp://localhost/a", options: hostAsSegment) == ["localhost", "a"])
    }

    /// *The host*: the path follows the host as it is; with a fragment route, one trailing `/` of
    /// the path goes when the host is a segment, and only then.
    @Test func theHostJoin() {
        #expect(segments("myapp://a//b") == ["a", "", "b"])
        #expect(segments("https://example.com/a//b") == ["a", "", "b"])
        #expect(segments("myapp://user/view/#/7") == ["user", "view#", "7"])
        #expect(segments("myapp://a/#") == ["a#"])
        #expect(segments("https://example.com/view/#/7") == ["view", "#", "7"])
        #expect(segments("myapp://user#/view/7") == ["user#", "view", "7"])
        #expect(parameters("/a#/:p", "myapp://a/#/7")?["p"] as? String == "7")
        #expect(parameters("/a/:p", "myapp://a/#") == nil)
    }

    /// *The path*
    @Test func thePathLosesOneSlashAtEachEndThenIsCut() {
        #expect(parameters("/", "myapp://") != nil)
        #expect(parameters("/", "myapp:") != nil)
        #expect(segments("myapp:/a/b/") == ["a", "b"])
        #expect(segments("myapp://user/") == ["user"])
        #expect(segments("myapp://user//") == ["user", ""])
        #expect(segments("myapp://a/b%2Fc") == ["a", "b/c"])
        #expect(parameters("/a/b/c", "myapp://a/b%2Fc") == nil)
    }

    /// *The fragment*
    @Test func theFragmentGivesQueryItemsAndAFragmentRoute() {
        let route = parameters("/user#/view/:id", "myapp://user#/view/7?ref=a")
        #expect(route?["id"] as? String == "7")
        #expect(route?["ref"] as? String == "a")
        // Only query items: nothing is appended to the path.
        #expect(segments("myapp://user#foo=bar&x=y") == ["user"])
        #expect(value("foo", "/user", "myapp://user#foo=bar&x=y") == "bar")
        // The fragment's items come after the URL's.
        #expect(parameters("/x/:a", "myapp://x/1?b=1#b=2")?["b"] as? [String] == ["1", "2"])
        // A first item without a value: no query items, and the whole fragment is a path.
        #expect(segments("myapp://user#a=&b=c") == ["user#a=&b=c"])
        // An empty fragment appends a lone "#"; so does "#?a=1", whose items still count.
        #expect(segments("myapp://user#") == ["user#"])
        #expect(parameters("/user", "myapp://user#") == nil)
        #expect(value("a", "/x#", "myapp://x#?a=1") == "1")
        #expect(segments("myapp://user#/v?x") == ["user#", "v"])
    }

    /// *Percent-decoding*
    @Test func valuesAreDecodedOnceAfterCutting() {
        #expect(value("term", "/search/:term", "myapp://search/a+b%2Bc%2Fd") == "a b+c/d")
        #expect(value("term", "/search/:term", "myapp://search/a+b%2Bc", options: []) == "a+b+c")
        #expect(value("p", "/x/:p", "myapp://x/a%252F") == "a%2F")
        // Escapes that are not UTF-8 are kept as written.
        #expect(value("p", "/x/:p", "myapp://x/%E9") == "%E9")
        #expect(segments("myapp://files/a%2Fb/c+d") == ["files", "a/b", "c d"])
        #expect(value("q", "/x", "myapp://x?q=a+b%2Bc%23") == "a b+c#")
        #expect(value("a b", "/x", "myapp://x?a%20b=c%20d") == "c d")
    }

    /// *The query*
    @Test func queryItems() {
        let query = parameters("/list", "myapp://list?tag=a&tag=b&debug&=ignored&q=x=y")
        #expect(query?["tag"] as? [String] == ["a", "b"])
        #expect(query?["debug"] as? String == "")
        #expect(query?["q"] as? String == "x=y")
        #expect(query?[""] == nil)
        // tag, debug, q and the three reserved keys.
        #expect(query?.count == 6)
    }

    // MARK: Patterns

    /// *Splitting a pattern*
    @Test func aPatternIsCutLikeAPath() {
        #expect(parameters("/settings/", "myapp://settings") != nil)
        #expect(parameters("/settings", "myapp://settings/") != nil)
        #expect(parameters("", "myapp://") != nil)
        #expect(registered("/settings/") == ["/settings/"])
        #expect(registered("") == [""])
    }

    /// *Kinds of segments*: literals
    @Test func literalsCompareTheDecodedSegmentWithCase() {
        #expect(parameters("/x/café", "myapp://x/caf%C3%A9") != nil)
        #expect(parameters("/x/caf%C3%A9", "myapp://x/caf%C3%A9") != nil)
        #expect(parameters("/x/café", "myapp://x/CAF%C3%A9") == nil)
        #expect(segments("myapp://x/./..") == ["x", ".", ".."])
        #expect(parameters("/x/..", "myapp://x/..") != nil)
    }

    /// *Kinds of segments*: parameters and the bare colon
    @Test func parametersCaptureOneNonEmptySegment() {
        #expect(parameters("/:id", "myapp://") == nil)
        #expect(parameters("/a/:id/b", "myapp://a//b") == nil)
        #expect(value("id", "/a/:id", "myapp://a/7") == "7")
        #expect(value(":", "/tag/:", "myapp://tag/swift") == "swift")
    }

    /// *Kinds of segments*: the wildcard
    @Test func theWildcardTakesTheRemainingSegments() {
        #expect(parameters("/files/*", "myapp://files")?[RouteParameters.Keys.wildcard] as? [String] == [])
        #expect(
            parameters("/files/*", "myapp://files/a/b%20c")?[RouteParameters.Keys.wildcard] as? [String] == [
                "a", "b c",
            ])
        #expect(parameters("/files/:a/*", "myapp://files") == nil)
        #expect(throws: RoutePatternError.self) { try expand(pattern: "/*/a/*") }
    }

    /// *Names ending in #*: `user#` is a literal and `:p#` a parameter named `p`.
    @Test func namesEndingInHash() {
        #expect(value("id", "/user#/view/:id", "myapp://user#/view/7") == "7")
        #expect(parameters("/user#/view/:id", "myapp://user/view/7") == nil)
        for url in ["myapp://b#", "myapp://b"] {
            let route = parameters("/:p#", url)
            #expect(route?["p"] as? String == "b")
            #expect(route?["p#"] == nil)
            #expect(route?[RouteParameters.Keys.pattern] as? String == "/:p#")
        }
        #expect(value("id", "/post/:id#/comments", "myapp://post/7#/comments") == "7")
        #expect(value("id", "/post/:id#/comments", "myapp://post/7/comments") == "7")
    }

    /// *Names ending in #*: `:#` has no name and is rejected.
    @Test func aParameterWithoutANameIsRejected() throws {
        let error = try #require(throws: RoutePatternError.self) { try expand(pattern: "/👍/:#") }
        #expect(error.reason == .emptyParameterName)
        #expect(error.offset == 3)
        let router = Router()
        var reported: [RoutePatternError] = []
        router.onInvalidPattern = { reported.append($0) }
        #expect(router.default.add(pattern: "/a(/:#)").isEmpty)
        #expect(router.default.definitions.isEmpty)
        #expect(reported.map(\.reason) == [.emptyParameterName])
    }

    /// *Invalid patterns*: the reason and a character offset, nothing registered.
    @Test func invalidPatterns() {
        let cases: [(String, RoutePatternError.Reason, Int)] = [
            ("/é/(x", .unclosedParenthesis, 3),
            ("/a)", .unopenedParenthesis, 2),
            ("/(a(b))", .nestedParenthesis, 3),
            ("/*/a/*", .secondWildcard, 5),
            ("/:a/:a", .duplicateParameter("a"), 4),
            (
                String(repeating: "(/a)", count: 11),
                .tooManyOptionalGroups(limit: 10), 40
            ),
        ]
        for (pattern, reason, offset) in cases {
            do {
                _ = try expand(pattern: pattern)
                Issue.record("\(pattern) was accepted")
            } catch {
                #expect(error.reason == reason, "\(pattern)")
                #expect(error.offset == offset, "\(pattern)")
            }
            let router = Router()
            #expect(router.default.add(pattern: pattern).isEmpty)
            #expect(router.default.definitions.isEmpty)
        }
    }

    // MARK: Optional groups

    /// *Order: longest first*: lengths are counted in UTF-16 code units.
    @Test func expansionOrderCountsUTF16CodeUnits() throws {
        let expected = ["/x/👍👍👍/abcd", "/x/👍👍👍", "/x/abcd", "/x"]
        // The premise: by characters, /x/abcd would be the longer one.
        #expect("/x/👍👍👍".count == 6 && "/x/👍👍👍".utf16.count == 9)
        #expect("/x/abcd".count == 7 && "/x/abcd".utf16.count == 7)
        #expect(try expand(pattern: "/x(/👍👍👍)(/abcd)") == expected)
        #expect(registered("/x(/👍👍👍)(/abcd)") == expected)

        // Seen when routing: two expansions match myapp://x/v, asked in that order.
        let router = Router()
        var asked: [String] = []
        router.default.add(pattern: "/x(/:👍👍👍)(/:abcd)") { params in
            asked.append(params.pattern)
            return false
        }
        #expect(!router.route(to: "myapp://x/v"))
        #expect(asked == ["/x/:👍👍👍", "/x/:abcd"])
        #expect(router.default.definitions.map(\.pattern) == ["/x/:👍👍👍/:abcd", "/x/:👍👍👍", "/x/:abcd", "/x"])
    }

    /// *Order: longest first*: ties keep earlier groups first; identical texts once.
    @Test func tiesKeepEarlierGroupsFirstAndDuplicatesOnce() throws {
        #expect(
            try expand(pattern: "/the(/foo/:a)(/bar/:b)") == [
                "/the/foo/:a/bar/:b", "/the/foo/:a", "/the/bar/:b", "/the",
            ])
        #expect(
            try expand(pattern: "(/a)(/b)(/c)") == [
                "/a/b/c", "/a/b", "/a/c", "/b/c", "/a", "/b", "/c", "/",
            ])
        #expect(try expand(pattern: "/a(/b)(/b)") == ["/a/b/b", "/a/b", "/a"])

        // A declining handler registered once runs once per URL.
        let router = Router()
        var calls = 0
        router.default.add(pattern: "/a(/b)(/b)") { _ in
            calls += 1
            return false
        }
        router.route(to: "myapp://a/b")
        #expect(calls == 1)
    }

    /// *The text of an expansion*
    @Test func expansionText() throws {
        let cases: [(String, [String])] = [
            ("/a(/b)/c/", ["/a/b/c", "/a/c"]),
            ("(/a)", ["/a", "/"]),
            ("/a//b(/c)", ["/a//b/c", "/a//b"]),
            ("/a(b)", ["/a/b", "/a"]),
            ("a(/b)", ["/a/b", "/a"]),
            ("/a(/b/)", ["/a/b", "/a"]),
            ("/a(/)", ["/a"]),
            ("/a/b/", ["/a/b/"]),
            // Every leading and trailing "/" of a piece goes, as JLRoutes writes expansions.
            ("/a(/b//)", ["/a/b", "/a"]),
            ("/a(//b)", ["/a/b", "/a"]),
            ("//a(/b)", ["/a/b", "/a"]),
            ("/a//(/b)//", ["/a/b", "/a"]),
        ]
        for (pattern, expected) in cases {
            #expect(try expand(pattern: pattern) == expected, "\(pattern)")
            #expect(registered(pattern) == expected, "\(pattern)")
        }
        // "//" inside a piece stays a segment of its own.
        #expect(parameters("/a//b(/c)", "myapp://a//b/c") != nil)
        #expect(parameters("/a//b(/c)", "myapp://a/b/c") == nil)
        // A piece's own slashes do not: `/a(//b)` registers `/a/b`.
        #expect(parameters("/a(//b)", "myapp://a/b") != nil)
        #expect(parameters("/a(//b)", "myapp://a//b") == nil)
    }

    /// *Which definitions a group makes*: each reports its own text; the original removes all.
    @Test func expansionsReportTheirOwnTextAndAreRemovedTogether() {
        let router = Router()
        var seen: [String] = []
        router.default.add(pattern: "/the(/foo/:a)(/bar/:b)", priority: 3) { params in
            seen.append(params.pattern)
            return true
        }
        router.default.add(pattern: "/other")
        #expect(router.default.definitions.filter { $0.priority == 3 }.count == 4)
        router.route(to: "myapp://the/bar/2")
        router.route(to: "myapp://the")
        #expect(seen == ["/the/bar/:b", "/the"])
        router.default.remove(pattern: "/the(/foo/:a)(/bar/:b)")
        #expect(router.default.definitions.map(\.pattern) == ["/other"])
    }

    // MARK: Ordering candidates

    /// *Priority, then registration*
    @Test func priorityThenRegistrationOrder() {
        let router = Router()
        var asked: [String] = []
        func handler(_ label: String) -> RouteHandler {
            { _ in
                asked.append(label)
                return false
            }
        }
        router.default.add(pattern: "/post/:id", handler: handler("id"))
        router.default.add(pattern: "/post/:slug", handler: handler("slug"))
        router.default.add(pattern: "/post/new", priority: 10, handler: handler("new"))
        router.default.add(pattern: "/post/*", priority: -1, handler: handler("wildcard"))
        router.default.add(pattern: "/post(/:x)", handler: handler("group"))
        #expect(!router.route(to: "myapp://post/new"))
        #expect(asked == ["new", "id", "slug", "group", "wildcard"])
        #expect(
            router.default.definitions.map(\.pattern) == [
                "/post/new", "/post/:id", "/post/:slug", "/post/:x", "/post", "/post/*",
            ])
    }

    /// *Registering and removing*: the subscript works like a dictionary.
    @Test func subscriptReplacesAndReadsTheFirstHandler() throws {
        let router = Router()
        let table = router.default
        var calls: [String] = []
        var captured: RouteParameters?
        table.add(pattern: "/capture") { params in
            captured = params
            return true
        }
        for label in ["first", "second"] {
            table.add(pattern: "/home", priority: 5) { _ in
                calls.append(label)
                return true
            }
        }
        router.route(to: "myapp://capture")
        let params = try #require(captured)
        #expect(table["/home"]?(params) == true)
        #expect(calls == ["first"])

        table["/home"] = { _ in
            calls.append("replacement")
            return true
        }
        #expect(table.definitions.map(\.pattern) == ["/capture", "/home"])
        #expect(table.definitions.map(\.priority) == [0, 0])
        #expect(router.route(to: "myapp://home"))
        #expect(calls == ["first", "replacement"])
        table["/home"] = nil
        #expect(table.definitions.map(\.pattern) == ["/capture"])
        #expect(table["/home"] == nil)
    }

    /// *Tables, hosts and fallback*
    @Test func fallbackAndTheUnmatchedHandler() {
        let router = Router()
        var log: [String] = []
        router.default.add(pattern: "/help") { params in
            log.append("global \(params.scheme)")
            return true
        }
        router.default.options = [.decodePlusSymbols, .treatHostAsPathComponent]
        router.default.add(pattern: "/example.com/help") { _ in
            log.append("global, host as segment")
            return true
        }
        router.shop.add(pattern: "/cart") { _ in true }
        router.shop.unmatchedHandler = { url, extra in
            log.append("unmatched \(url.absoluteString) \(extra.count)")
        }
        router.default.unmatchedHandler = { _, _ in log.append("global unmatched") }

        #expect(!router.route(to: "shop://help", parameters: ["k": 1]))
        #expect(log == ["unmatched shop://help 1"])
        #expect(!router.canRoute(to: "shop://help"))

        log = []
        router.shop.shouldFallback = true
        #expect(router.canRoute(to: "shop://help"))
        #expect(log.isEmpty)
        #expect(router.route(to: "shop://help"))
        #expect(router.route(to: "shop://example.com/help"))
        #expect(log == ["global JLRoutesGlobalRoutesScheme", "global, host as segment"])

        log = []
        router.shop.hosts = ["shop.example.com"]
        #expect(!router.route(to: "shop://other.example.com/cart"))
        #expect(log == ["unmatched shop://other.example.com/cart 0"])
        #expect(router.route(to: "shop://shop.example.com/cart"))
    }

    // MARK: Parameters

    /// *Parameters*: layers, later ones winning; reserved keys win over everything.
    @Test func parameterLayersAndReservedKeys() throws {
        let router = Router()
        var received: RouteParameters?
        router.myapp.add(pattern: "/user/view/:userID") { params in
            received = params
            return true
        }
        let url = "myapp://user/view/7?userID=evil&ref=mail&source=query&JLRoutePattern=x"
        router.route(to: url, parameters: ["source": "push", RouteParameters.Keys.scheme: "forged"])
        let params = try #require(received)
        #expect(params["userID"] as? String == "7")
        #expect(params["ref"] as? String == "mail")
        #expect(params["source"] as? String == "push")
        #expect(params.pattern == "/user/view/:userID")
        #expect(params.scheme == "myapp")
        #expect(params.url.absoluteString == url)
        // userID, ref, source, and the three reserved keys.
        #expect(params.count == 6)
        #expect(params[RouteParameters.Keys.wildcard] == nil)
    }

    /// *Values of segments*: one trailing literal `#` goes from a `:name` value.
    @Test func aTrailingHashLeavesParameterValues() {
        #expect(value("p", "/:p", "myapp://b#") == "b")
        #expect(value("p", "/:p", "myapp://#") == "#")
        #expect(value("p", "/:p", "myapp://b%23") == "b#")
        #expect(value("p", "/a/:p", "myapp://a/b%23#") == "b#")
        #expect(value("p", "/a/:p", "myapp://a/7#") == "7")
        // Wildcard components, literals and query values keep theirs.
        #expect(segments("myapp://files/a#") == ["files", "a#"])
        #expect(parameters("/a/b#", "myapp://a/b#") != nil)
        #expect(parameters("/a/b", "myapp://a/b#") == nil)
        #expect(value("q", "/x", "myapp://x?q=a%23") == "a#")
    }

    /// *Values of segments*: the host segment is a value like any other.
    @Test func theHostSegmentAsAValue() {
        #expect(value("section", "/:section/view/:id", "myapp://user/view/7") == "user")
        #expect(value("section", "/:section/view/:id", "myapp://caf%C3%A9/view/7") == "café")
        let joined = parameters("/:a/:b/:c", "myapp://user/view/#/7")
        #expect(joined?["a"] as? String == "user")
        #expect(joined?["b"] as? String == "view")
        #expect(joined?["c"] as? String == "7")
    }

    // MARK: Calling handlers

    /// *The handler walk*
    @Test func handlersAreAskedUntilOneAccepts() {
        let router = Router()
        var asked: [String] = []
        router.default.add(pattern: "/post/:id") { params in
            asked.append("id")
            return params["id"].flatMap { $0 as? String }.flatMap { Int($0) } != nil
        }
        router.default.add(pattern: "/post/:slug")
        router.default.add(pattern: "/post/:other") { _ in
            asked.append("other")
            return true
        }
        #expect(router.route(to: "myapp://post/hello"))
        #expect(asked == ["id"])
        #expect(router.route(to: "myapp://post/7"))
        #expect(asked == ["id", "id"])
    }

    /// *Re-entrancy*: the walk under way keeps the table it began with.
    @Test func theWalkUnderWayKeepsItsTable() {
        let router = Router()
        let table = router.default
        var printed: [String] = []
        table.add(pattern: "/a") { [unowned table] _ in
            table.removeAll()
            table.add(pattern: "/a") { _ in
                printed.append("added")
                return true
            }
            return false
        }
        table.add(pattern: "/a") { _ in
            printed.append("second")
            return true
        }
        #expect(router.route(to: "myapp://a"))
        #expect(router.route(to: "myapp://a"))
        #expect(printed == ["second", "added"])
    }
}
