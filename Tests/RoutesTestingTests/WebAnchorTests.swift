import Foundation
import Routes
import Testing

@testable import RoutesTesting

/// The tools in a table with hosts, which reads a fragment that does not start with `/` or `?`
/// as a web anchor (issue 35, item 13; the routing tests are in RoutesTests' `WebAnchorTests`).
@Suite struct WebAnchorTests {
    let router = Router()
    let appID = "ABCDE12345.com.example.app"

    /// The `https` table of example.com and its subdomains.
    func universalLinksTable() -> RouteTable {
        router.https.hosts = ["example.com", "*.example.com"]
        return router.https
    }

    @Test func explainShowsTheAnchorAndAgreesWithRouting() throws {
        universalLinksTable().shouldFallback = true
        router.https.add(pattern: "/post/:id") { _ in true }
        router.https.add(pattern: "/post#comments") { _ in true }
        router.default.add(pattern: "/about") { _ in true }
        let explanation = router.explain("https://example.com/post/7#comments")
        #expect(explanation.tables.map(\.anchor) == ["comments", "comments"])
        #expect(explanation.tables.first?.segments == ["post", "7"])
        #expect(explanation.candidates.map(\.pattern) == ["/post/:id"])
        #expect(
            explanation.description.contains(
                "table https: segments [\"post\", \"7\"], no query, anchor \"comments\" (not part of the path)"
            ))
        let fallback = router.explain("https://example.com/about#team")
        #expect(fallback.candidates.map(\.pattern) == ["/about"])
        #expect(router.explain("https://evil.com/about#team").candidates.isEmpty)
        // A table without hosts shows no anchor: the fragment is more of the path.
        router.myapp.add(pattern: "/post/:id") { _ in true }
        let jlroutes = router.explain("myapp://post/7#comments")
        #expect(jlroutes.tables.map(\.anchor) == [nil])
        #expect(jlroutes.tables.first?.segments == ["post", "7#comments"])
        #expect(!jlroutes.description.contains("anchor"))
    }

    @Test func lintReportsAFragmentRouteThatATableWithHostsReadsAsAnAnchor() {
        let table = universalLinksTable()
        table.add(pattern: "/post#comments") { _ in true }
        table.add(pattern: "/help/#faq") { _ in true }
        table.add(pattern: "/docs#/:page") { _ in true }
        table.add(pattern: "/post/:id") { _ in true }
        table.add(pattern: "/post#") { _ in true }
        // The route the issue's new user wrote to read the anchor, and its fragment route form.
        table.options.insert(.extendedPatterns)
        table.add(pattern: "/post/{id:int}#{anchor}") { _ in true }
        table.add(pattern: "/note/{id:int}#/comments") { _ in true }
        let findings = table.lint().filter { $0.kind == .fragmentReadAsAnchor }
        #expect(findings.map(\.pattern) == ["/post#comments", "/help/#faq", "/post/{id:int}#{anchor}"])
        #expect(findings.last?.description.contains("matches no URL") == true)
        for url in ["https://example.com/post/7#comments", "https://example.com/post/7%23comments"] {
            #expect(
                !router.explain(url).candidates.map(\.pattern).contains("/post/{id:int}#{anchor}"), "\(url)")
        }
        #expect(
            router.explain("https://example.com/note/7#/comments").candidates.map(\.pattern) == [
                "/note/{id:int}#/comments"
            ])
        #expect(findings.first?.description.contains("#comments") == true)
        // What the finding says: the route is reached only by a `#` written `%23`.
        #expect(!router.canRoute(to: "https://example.com/post#comments"))
        #expect(router.canRoute(to: "https://example.com/post%23comments"))
        // A table without hosts reads the fragment as the pattern expects: no finding.
        router.myapp.add(pattern: "/post#comments") { _ in true }
        #expect(router.myapp.lint().isEmpty)
        #expect(router.canRoute(to: "myapp://post#comments"))
    }

    @Test func theUniversalLinksFileAdmitsRoutedAnchorsAndNoAnchorThatDoesNotRoute() throws {
        let table = universalLinksTable()
        for pattern in ["/post/:id", "/docs#intro", "/guide#/:page", "/:a/:b/c", "/menu#"] {
            table.add(pattern: pattern) { _ in true }
        }
        let file = try UniversalLinksMatcher(router.appSiteAssociation(appIDs: [appID]))
        let routed = [
            "https://example.com/post/7#comments", "https://example.com/guide#/intro",
            "https://example.com/x#/y/c", "https://example.com/x/y#/c", "https://example.com/menu#?a=1",
            "https://example.com/docs%23intro#top",
        ]
        for url in routed {
            #expect(router.canRoute(to: url), "\(url)")
            #expect(file.admits(url), "\(url)")
        }
        // An anchor is not part of the path: these route nowhere, and the file does not claim them.
        let unrouted = [
            "https://example.com/docs#intro", "https://example.com/docs#introduction",
            "https://example.com/guide#intro", "https://example.com/x#y/c", "https://example.com/menu#",
        ]
        for url in unrouted {
            #expect(!router.canRoute(to: url), "\(url)")
            #expect(!file.admits(url), "\(url)")
        }
    }

    @Test func theFallbackRoutesOfTheFileReadAnchorsAsRoutingDoes() throws {
        universalLinksTable().shouldFallback = true
        router.default.add(pattern: "/docs#intro") { _ in true }
        router.default.add(pattern: "/post/:id") { _ in true }
        let listed = try UniversalLinksMatcher(router.appSiteAssociation(appIDs: [appID]))
        #expect(listed.admits("https://example.com/post/7#comments"))
        #expect(!listed.admits("https://example.com/docs#intro"))
        #expect(!router.canRoute(to: "https://example.com/docs#intro"))
        // For a host the https table refuses, the global table reads the fragment as JLRoutes does.
        let other = try UniversalLinksMatcher(router.appSiteAssociation(appIDs: [appID], host: "other.org"))
        #expect(other.admits("https://other.org/docs#intro"))
        #expect(router.canRoute(to: "https://other.org/docs#intro"))
    }
}
