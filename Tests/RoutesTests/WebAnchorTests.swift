import Foundation
import Testing

@testable import Routes

/// Issue 35, item 13: in a table with hosts (a universal-links table), a fragment that does not
/// start with `/` or `?` is a web anchor. `https://www.example.com/post/7#comments` gave
/// `/post/:id` the value `7#comments` (JLRoutes appends a fragment to the path), while the
/// universal-links file admitted the URL: iOS opened the app with a link that nothing routed.
@Suite struct WebAnchorTests {
    let router = Router()
    let recorder = Recorder()

    /// The `https` table of example.com and its subdomains.
    func universalLinksTable() -> RouteTable {
        router.https.hosts = ["example.com", "*.example.com"]
        return router.https
    }

    // MARK: Routing

    @Test func anAnchorIsNotPartOfThePathInATableWithHosts() {
        universalLinksTable().add(pattern: "/post/:id", handler: recorder.handler("post"))
        universalLinksTable().add(pattern: "/about", handler: recorder.handler("about"))
        #expect(router.route(to: "https://www.example.com/post/7#comments"))
        #expect(router.route(to: "https://example.com/about#team"))
        #expect(router.route(to: URL(string: "https://example.com/about/#team")!))
        #expect(router.canRoute(to: "https://example.com/about#team"))
        #expect(recorder.labels == ["post", "about", "about"])
        #expect(recorder.calls.first?["id"] as? String == "7")
        #expect(
            recorder.calls.map { $0[RouteParameters.Keys.anchor] as? String } == ["comments", "team", "team"])
    }

    @Test func theHandlerReadsTheAnchorUnderItsReservedKey() throws {
        var received: [RouteParameters] = []
        universalLinksTable().add(pattern: "/post/:id") { params in
            received.append(params)
            return true
        }
        router.route(
            to: "https://example.com/post/7?JLRouteAnchor=evil#caf%C3%A9+s%C3%B6",
            parameters: [RouteParameters.Keys.anchor: "forged"])
        router.route(
            to: "https://example.com/post/8?JLRouteAnchor=evil",
            parameters: [RouteParameters.Keys.anchor: "forged"])
        router.route(to: "https://example.com/post/10?JLRouteAnchor=evil")
        router.route(to: "https://example.com/post/9#")
        let anchored = try #require(received.first)
        #expect(anchored.anchor == "café+sö")  // decoded; a `+` is no space in an anchor
        #expect(anchored[RouteParameters.Keys.anchor] as? String == "café+sö")
        #expect(anchored.string(RouteParameters.Keys.anchor) == "café+sö")
        #expect(anchored.dictionary[RouteParameters.Keys.anchor] as? String == "café+sö")
        #expect(anchored.count == anchored.dictionary.count)
        #expect(anchored["id"] as? String == "7")
        // Without an anchor the key is absent: a query item or an extra parameter is not one.
        let plain = try #require(received.dropFirst().first)
        #expect(plain.anchor == nil)
        #expect(plain[RouteParameters.Keys.anchor] == nil)
        #expect(plain.string(RouteParameters.Keys.anchor) == nil)
        #expect(plain.dictionary[RouteParameters.Keys.anchor] == nil)
        #expect(received.dropFirst(2).first?.dictionary[RouteParameters.Keys.anchor] == nil)
        #expect(received.dropFirst(2).first?.dictionary["id"] as? String == "10")
        // Nor is a route value under its key.
        let named = try #require(routedParameters("/x/7", to: "/x/:JLRouteAnchor"))
        #expect(named.anchor == nil)
        #expect(named.dictionary[RouteParameters.Keys.anchor] == nil)
        // An empty fragment is an empty anchor.
        #expect(received.last?.anchor == "")
        #expect(received.last?["id"] as? String == "9")
    }

    @Test func aFragmentOfKeyValueItemsStillAddsItsParameters() {
        let table = universalLinksTable()
        table.add(pattern: "/partner/:id", handler: recorder.handler("partner"))
        table.add(pattern: "/docs#/:page", handler: recorder.handler("docs"))
        #expect(router.route(to: "https://example.com/partner/4#entity=partner&x=1"))
        #expect(router.route(to: "https://example.com/docs#/intro?ref=a"))
        #expect(router.route(to: "https://example.com/partner/5#?ref=b"))
        #expect(recorder.labels == ["partner", "docs", "partner"])
        #expect(routeValues(recorder.calls[0]) == ["id": "4", "entity": "partner", "x": "1"])
        #expect(routeValues(recorder.calls[1]) == ["page": "intro", "ref": "a"])
        #expect(routeValues(recorder.calls[2]) == ["id": "5", "ref": "b"])
        #expect(recorder.calls.allSatisfy { $0[RouteParameters.Keys.anchor] == nil })
        // A fragment that starts with anything else is an anchor, `=` or not.
        #expect(router.route(to: "https://example.com/partner/6#a=&b=c"))
        #expect(routeValues(recorder.last) == ["id": "6"])
        #expect(recorder.last?[RouteParameters.Keys.anchor] as? String == "a=&b=c")
    }

    @Test func tablesWithoutHostsKeepJLRoutesReading() {
        for table in [router.myapp, router.https, router.default] {
            table.add(pattern: "/post/:id", handler: recorder.handler(table.scheme))
        }
        #expect(router.route(to: "myapp://post/7#comments"))
        #expect(router.route(to: "https://example.com/post/7#comments"))
        #expect(router.route(to: "/post/7#comments"))
        #expect(recorder.calls.map { $0["id"] as? String } == Array(repeating: "7#comments", count: 3))
        #expect(recorder.calls.allSatisfy { $0[RouteParameters.Keys.anchor] == nil })
        #expect(segments("https://example.com/post/7#comments") == ["post", "7#comments"])
    }

    /// The anchor rule belongs to how a URL is read once a table's hosts accepted its host: the
    /// global table reached by fallback from such a table reads it too; reached from a table whose
    /// hosts refused the host, it reads the fragment as JLRoutes does.
    @Test func theGlobalTableFallenBackToReadsTheAnchorWhenTheHostsAccepted() {
        universalLinksTable().shouldFallback = true
        router.https.add(pattern: "/other", handler: recorder.handler("https"))
        router.default.add(pattern: "/post/:id", handler: recorder.handler("global"))
        router.default.add(pattern: "/about", handler: recorder.handler("about"))
        #expect(router.route(to: "https://example.com/post/7#comments"))
        #expect(router.route(to: "https://evil.com/post/7#comments"))
        #expect(recorder.calls.map { $0["id"] as? String } == ["7", "7#comments"])
        #expect(recorder.calls.map { $0[RouteParameters.Keys.anchor] as? String } == ["comments", nil])
        #expect(router.canRoute(to: "https://example.com/about#team"))
        #expect(!router.canRoute(to: "https://evil.com/about#team"))
        #expect(router.route(to: "https://example.com/about#team"))
        #expect(!router.route(to: "https://evil.com/about#team"))
        // A URL of the global table's own reaches it without a table's hosts: JLRoutes' reading.
        #expect(!router.canRoute(to: "/about#team"))
    }

    @Test func aRedirectCarriesTheAnchorToItsTarget() {
        let table = universalLinksTable()
        table.addRedirect(from: "/p/:id", to: "/post/:id")
        table.add(pattern: "/post/:id", handler: recorder.handler("post"))
        #expect(router.route(to: "https://example.com/p/7#comments"))
        #expect(recorder.last?["id"] as? String == "7")
        #expect(recorder.last?[RouteParameters.Keys.anchor] as? String == "comments")
    }

    @Test func aRouteMapValueReadsTheAnchor() {
        let screens = RouteMap<String>()
        screens.https.hosts = ["example.com"]
        screens.https.add(pattern: "/post/:id") { params in
            "\(params.string("id") ?? "")#\(params.anchor ?? "-")"
        }
        #expect(screens.resolve("https://example.com/post/7#comments") == "7#comments")
        #expect(screens.resolve("https://example.com/post/7") == "7#-")
    }

    // MARK: URL building

    @Test func urlForWritesTheAnchorAsTheFragmentAndItReadsBack() throws {
        universalLinksTable().add(pattern: "/post/:id") { _ in true }
        let anchor = RouteParameters.Keys.anchor
        let url = try router.url(
            for: "/post/:id", scheme: "https", host: "example.com", parameters: ["id": 7, anchor: "comments"])
        #expect(url.absoluteString == "https://example.com/post/7#comments")
        // Text that would read as a fragment route or query items is escaped: it reads back.
        for text in ["/x", "?a=1", "a=1&b=2", "a b#c", "café", ""] {
            let built = try router.https.url(
                for: "/post/:id", host: "www.example.com", parameters: ["id": 1, anchor: text])
            var read: String?
            let probe = Router()
            probe.https.hosts = ["*.example.com"]
            probe.https.add(pattern: "/post/:id") { params in
                read = params.anchor
                return params["id"] as? String == "1"
            }
            #expect(probe.route(to: built), "\(built)")
            #expect(read == text, "\(built)")
        }
    }

    @Test func urlForRefusesAnAnchorThatRoutingWouldNotReadBack() {
        let anchor = RouteParameters.Keys.anchor
        router.myapp.add(pattern: "/post/:id") { _ in true }
        universalLinksTable().add(pattern: "/docs#/:page") { _ in true }
        #expect(throws: URLBuildingError(pattern: "/post/:id", reason: .valueNotReadBack(key: anchor))) {
            try router.myapp.url(for: "/post/:id", parameters: ["id": 7, anchor: "comments"])
        }
        #expect(throws: URLBuildingError(pattern: "/docs#/:page", reason: .valueNotReadBack(key: anchor))) {
            try router.https.url(
                for: "/docs#/:page", host: "example.com", parameters: ["page": "a", anchor: "x"])
        }
        // Never written to the query.
        #expect(
            (try? router.myapp.url(for: "/post/:id", parameters: ["id": 7]))?.absoluteString
                == "myapp://post/7")
    }

}
