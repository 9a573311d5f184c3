import Foundation
import Testing

@testable import Routes
@testable import RoutesTestSupport
@testable import RoutesTesting

/// The universal-links file against routing: every routed https URL is admitted (issue 35's
/// property), on empty segments, anchors, fragments and templates.
@Suite struct ReviewSeamsToolTests {
    static let patterns = [
        "/a//", "/:a//", "/b/", "/c/:x/", "/d//:y", "/e/*/f/", "/post/:id", "/docs#/:page", "/g(//)",
        "/h/{n:int}", "/i/{a}.jpg", "/j/:x#/c", "/k/*", "/*/tz/:tm/paid", "/l/:x//:y", "/m/%20/",
    ]
    static let paths = [
        "/a//", "/a/", "/a", "/a///", "/7//", "/7/", "/7/z/", "/b/", "/b", "/b//", "/c/7/", "/c/7", "/c/7//",
        "/d//7", "/d/7", "/e/x/f/", "/e/f", "/e/x/y/f", "/e/x/f//", "/post/7", "/post/7#comments",
        "/post/7#/x", "/post/7#a=b", "/docs#/intro", "/docs#intro", "/g", "/g//", "/g/", "/h/12",
        "/h/12#top", "/i/x.jpg", "/i/x.jpg#a", "/j/7#/c", "/j/7/c", "/k", "/k/", "/k/a/b", "/q/tz/1/paid",
        "/tz/1/paid", "/l/x//y", "/l/x/y", "/m/%20/", "/m/%20", "/m/ /", "//", "///", "", "/", "//a",
        "/a//#x",
    ]

    static func check(hosts: Bool, fallback: Bool, global: Bool) throws -> [String] {
        let router = Router()
        router.https.options.insert(.extendedPatterns)
        router.default.options.insert(.extendedPatterns)
        if hosts { router.https.hosts = ["example.com"] }
        router.https.shouldFallback = fallback
        let table = global ? router.default : router.https
        for pattern in patterns { table.add(pattern: pattern) { _ in true } }
        let file = try UniversalLinksMatcher(router.appSiteAssociation(appIDs: ["A.b"], host: "example.com"))
        var problems: [String] = []
        for path in paths {
            let url = "https://example.com" + path
            let routes = router.canRoute(to: url)
            let admitted = file.admits(url)
            if routes, !admitted { problems.append("routed, not admitted: \(path)") }
        }
        return problems
    }

    @Test func everyRoutedURLIsAdmitted() throws {
        var problems: [String] = []
        for hosts in [false, true] {
            for (fallback, global) in [(false, false), (true, true)] {
                problems += try ReviewSeamsToolTests.check(hosts: hosts, fallback: fallback, global: global)
                    .map { "hosts \(hosts) global \(global): \($0)" }
            }
        }
        #expect(problems == [])
    }

    /// UniversalLinksFile.md: `/:a//` gives `/*//` (not `/*/`, which would admit `/7/z/`).
    @Test func anEmptyLastSegmentAdmitsNoOtherPath() throws {
        let router = Router()
        router.https.add(pattern: "/:a//") { _ in true }
        router.https.add(pattern: "/l/:x//:y") { _ in true }
        let file = try UniversalLinksMatcher(router.appSiteAssociation(appIDs: ["A.b"], host: "example.com"))
        for path in ["/7/z/", "/7/z", "/7/", "/7"] {
            #expect(!router.canRoute(to: "https://example.com" + path))
            #expect(!file.admits("https://example.com" + path), "\(path)")
        }
        #expect(router.canRoute(to: "https://example.com/7//"))
        #expect(file.admits("https://example.com/7//"))
    }
}

/// The file's exclusions against the walk: a declining route of the `https` table whose URLs the
/// fallback table handles, and the reverse.
@Suite struct ReviewSeamsExclusionTests {
    static func file(_ router: Router, declining: Set<String>) throws -> UniversalLinksMatcher {
        try UniversalLinksMatcher(
            router.appSiteAssociation(appIDs: ["A.b"], host: "example.com") { declining.contains($0.pattern) }
        )
    }

    @Test func aDecliningHTTPSRouteWhoseURLsTheFallbackHandles() throws {
        let router = Router()
        router.https.hosts = ["example.com"]
        router.https.shouldFallback = true
        router.https.add(pattern: "/post/:id") { _ in false }
        router.https.add(pattern: "/a/:x/b") { _ in false }
        router.default.add(pattern: "/post/*") { _ in true }
        router.default.add(pattern: "/a/*") { _ in true }
        let file = try ReviewSeamsExclusionTests.file(router, declining: ["/post/:id", "/a/:x/b"])
        for path in ["/post/7", "/post/7/x", "/a/1/b", "/a/1/c", "/post/7#top"] {
            let url = "https://example.com" + path
            #expect(router.route(to: url), "\(path)")
            #expect(file.admits(url), "\(path) is routed, not admitted")
        }
    }

    @Test func aDecliningFallbackRouteWhoseURLsTheHTTPSTableHandles() throws {
        let router = Router()
        router.https.hosts = ["example.com"]
        router.https.shouldFallback = true
        router.https.add(pattern: "/post/:id") { _ in true }
        router.default.add(pattern: "/post/*") { _ in false }
        router.default.add(pattern: "/") { _ in false }
        router.https.add(pattern: "(/:x)") { _ in true }
        // The global table's `/` declines; the `/` of `(/:x)` in the https table does not.
        let file = try UniversalLinksMatcher(
            router.appSiteAssociation(appIDs: ["A.b"], host: "example.com") {
                $0.scheme == Router.defaultScheme && ["/post/*", "/"].contains($0.pattern)
            })
        for path in ["/post/7", "", "/", "/q"] {
            let url = "https://example.com" + path
            #expect(router.route(to: url), "\(path)")
            #expect(file.admits(url), "\(path) is routed, not admitted")
        }
        // `/post/7/x` is admitted and not routed: the documented superset. `//`:
        for path in ["//", "///", "//a"] {
            let url = "https://example.com" + path
            if router.canRoute(to: url) { #expect(file.admits(url), "\(path) is routed, not admitted") }
        }
    }
}

@Suite struct ReviewSeamsRootExclusionTests {
    /// A declining `/` of the global table, `(/:x)` accepting in the `https` table: routing
    /// `https://example.com//` is handled (by the `https` table), but the file excludes `//`.
    @Test func aDecliningRootExcludesADoubleSlashThatIsHandled() throws {
        let router = Router()
        router.https.hosts = ["example.com"]
        router.https.shouldFallback = true
        router.default.add(pattern: "/") { _ in false }
        var handled: [String] = []
        router.https.add(pattern: "(/:x)") { params in
            handled.append((params["x"] as? String) ?? "root")
            return true
        }
        // The global table's `/` declines; the `/` of `(/:x)` in the https table does not.
        let json = router.appSiteAssociation(appIDs: ["A.b"], host: "example.com") {
            $0.pattern == "/" && $0.scheme == Router.defaultScheme
        }
        let file = try UniversalLinksMatcher(json)
        // (`///` is admitted by `/*` and not routed: the documented superset.)
        for path in ["", "/", "//"] {
            let url = "https://example.com" + path
            handled = []
            let routed = router.route(to: url)
            #expect(routed == file.admits(url), "\(path): routed \(routed) by \(handled), file \(json)")
        }
        // "entries that repeat an earlier one are left out", exclusions too: both `/`s declining.
        let both = try UniversalLinksMatcher(
            router.appSiteAssociation(appIDs: ["A.b"], host: "example.com") { $0.pattern == "/" })
        #expect(both.components.filter(\.exclude).map(\.path) == ["//"])
        #expect(
            file.components.count
                == Set(file.components.map { "\($0.path) \($0.fragment ?? "") \($0.exclude)" }).count)
    }

    /// The same in one table: a declining `/` before an accepting `(/:x)`.
    @Test func aDecliningRootInOneTable() throws {
        let router = Router()
        router.https.add(pattern: "/", priority: 1) { _ in false }
        router.https.add(pattern: "(/:x)") { _ in true }
        // The `/` of priority 1 declines; the `/` of `(/:x)` does not.
        let json = router.appSiteAssociation(appIDs: ["A.b"], host: "example.com") {
            $0.pattern == "/" && $0.priority == 1
        }
        let file = try UniversalLinksMatcher(json)
        for path in ["", "/", "//"] {
            let url = "https://example.com" + path
            let routed = router.route(to: url)
            #expect(routed == file.admits(url), "\(path): routed \(routed), file \(json)")
        }
    }
}
