import Foundation
import Testing

@testable import Routes
@testable import RoutesTestSupport
@testable import RoutesTesting

@Suite struct AppSiteAssociationTests {
    let router = Router()
    let appID = "ABCDE12345.com.example.app"

    // MARK: Apple's matching, as documented

    /// Apple's matching (Tests/RoutesTests/UniversalLinksMatcher.swift, shared with the fuzzer).
    typealias Association = UniversalLinksMatcher

    @Test func theReferenceMatcherFollowsApplesRules() {
        #expect(Association.glob("/user/*", matches: "/user/7/posts"))
        #expect(Association.glob("/user/*", matches: "/user/"))
        #expect(!Association.glob("/user/*", matches: "/user"))
        #expect(Association.glob("/a?c", matches: "/abc"))
        #expect(!Association.glob("/a?c", matches: "/ac"))
        #expect(Association.glob("*", matches: ""))
        #expect(!Association.glob("/search", matches: "/search/"))
    }

    // MARK: The file against the router

    /// The paths to try for a pattern: each expansion filled with values, plus near misses.
    static func paths(for pattern: String) throws -> [String] {
        let values = ["7", "abc", "a%20b", "caf%C3%A9", "x.y", "a+b"]
        var paths: [String] = []
        for expansion in try Router.expand(pattern: pattern) {
            let segments = expansion.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            var filled: [[String]] = [[]]
            for segment in segments {
                let choices: [String]
                if segment.hasPrefix(":") {
                    choices = values.map { segment.hasSuffix("#") ? $0 + "#" : $0 }
                } else if segment == "*" {
                    choices = ["", "a", "a/b", "7/edit"]
                } else {
                    let pieces = segment.split(separator: "#", omittingEmptySubsequences: false)
                        .map { String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)! }
                    // A `#` starts the fragment, or is written `%23` in the path.
                    choices = Array(Set([pieces.joined(separator: "#"), pieces.joined(separator: "%23")]))
                        .sorted()
                }
                filled = filled.flatMap { prefix in choices.map { prefix + [$0] } }
            }
            for segments in filled {
                var path = "/" + segments.joined(separator: "/")
                if path.hasSuffix("/") && path.count > 1 { path.removeLast() }
                paths += [path, path + "/", path + "?q=1", path + "/extra", String(path.dropLast())]
                if !path.contains("#") {
                    paths += [path + "#/tab", path + "#ref=mail"]
                    // The path ends early and the fragment gives the other segments:
                    // `/post/7#/comments` has the segments `post`, `7#`, `comments`.
                    for end in segments.indices.dropLast() {
                        paths.append(
                            "/" + segments[...end].joined(separator: "/") + "#/"
                                + segments[(end + 1)...].joined(separator: "/"))
                    }
                }
            }
        }
        return paths
    }

    /// A varied table: `https` on example.com and its subdomains with fallback, routes that
    /// decline (they send the URL to the browser), priorities, optional groups, wildcards,
    /// fragment routes, literals that need percent-encoding.
    func registerVariedTable() -> Set<String> {
        let declining: Set<String> = ["/post/new", "/post/:id/edit", "/admin/*", "/legal"]
        router.https.hosts = ["example.com", "*.example.com"]
        router.https.shouldFallback = true
        let patterns: [(String, Int)] = [
            ("/user/view/:id", 0), ("/user/:id", 0), ("/user/new", 10), ("/post/:postID(/comments)", 0),
            ("/post/new", 20), ("/post/:id/edit", 5), ("/search", 0), ("/files/*", 0), ("/docs#/:page", 0),
            ("/help#/faq", 0), ("/café/menu", 0), ("/a b/:x", 0), ("/admin/*", 1), ("/", 0),
            ("/legal", 0), ("/the(/foo/:a)(/bar/:b)", 0), ("/user/:id/x*y", 0), ("/me/:tab#/:item", 0),
        ]
        for (pattern, priority) in patterns {
            router.https.add(pattern: pattern, priority: priority) { params in
                !declining.contains(params.pattern)
            }
        }
        for pattern in ["/home", "/promo/:code", "/legal/terms(/:section)"] {
            router.default.add(pattern: pattern) { _ in true }
        }
        return declining
    }

    @Test func everyRoutedURLIsAdmittedAndNoExcludedURLIsRouted() throws {
        let declining = registerVariedTable()
        var paths: [String] = [
            "", "/", "//", "/nowhere", "/user", "/post/7/edit", "/post/7/comments/edit", "/admin",
            "/admin/users", "/docs#/intro", "/docs#intro", "/docs/#/intro", "/help#/faq?x=1", "/help#/faq/",
            "/help#/faqs", "/legal/terms", "/legal/terms/3", "/legal", "/legal/", "/caf%C3%A9/menu",
            "/user/7/x*y", "/user/7/x%2Ay", "/user/7/xzy", "/search?q=swift#ref=a",
        ]
        for definition in router.https.definitions + router.default.definitions {
            paths += try Self.paths(for: definition.pattern)
        }
        var counts = (routed: 0, admitted: 0, excluded: 0)
        for host in ["example.com", "www.example.com", "example.org"] {
            let association = try Association(
                router.appSiteAssociation(appIDs: [appID], host: host) { declining.contains($0.pattern) })
            #expect(association.appIDs == [appID])
            for path in paths {
                let url = "https://\(host)\(path)"
                let routed = router.route(to: url)
                let admitted = association.admits(url)
                let excluded = association.excludes(url)
                #expect(
                    !routed || admitted || !Self.reachesTheAppAsWritten(url),
                    "routed but not admitted: \(url)")
                #expect(!excluded || !routed, "excluded but routed: \(url)")
                counts.routed += routed ? 1 : 0
                counts.admitted += admitted ? 1 : 0
                counts.excluded += excluded ? 1 : 0
            }
        }
        // The check is not vacuous: URLs are routed, excluded, and left to the browser.
        #expect(counts.routed > 500)
        #expect(counts.excluded > 20)
        #expect(counts.admitted < paths.count * 3)
    }

    /// Whether the system can hand the link to the app as it is written. A link with a malformed
    /// escape (`caf%C3%A`, a lone `%`, `%ZZ`) is not a valid URL: RFC 3986 allows `%` only before
    /// two hex digits. Apple's URL parsing refuses such text or re-encodes it (every `%` as `%25`,
    /// as `URLComponents` does), so the app never receives the link as written and the file is
    /// not asked to admit it, even though the router routes the text (it reads that one value as
    /// written: see "Percent-decoding" in the RoutingRules article). Valid links are all checked.
    static func reachesTheAppAsWritten(_ url: String) -> Bool {
        var bytes = Array(url.utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "%") else { continue }
            let hex = bytes.prefix(2)
            guard hex.count == 2,
                hex.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x66) })
            else { return false }
            bytes = bytes.dropFirst(2)
        }
        return URLComponents(string: url) != nil
    }

    // Defect: the OS model read `https://example.com/a%20b/caf%C3%A` (a malformed escape, which
    // the router routes as written) through URLComponents, which re-escapes every `%`, and
    // everyRoutedURLIsAdmittedAndNoExcludedURLIsRouted held the file to it.
    @Test func aLinkWithAMalformedEscapeIsNotHeldToTheFile() throws {
        router.https.add(pattern: "/a b/:x")
        let association = try Association(router.appSiteAssociation(appIDs: [appID]))
        let malformed = "https://example.com/a%20b/caf%C3%A"
        #expect(router.route(to: malformed))
        #expect(!Self.reachesTheAppAsWritten(malformed))
        #expect(!Self.reachesTheAppAsWritten("https://example.com/a%20b/100%"))
        #expect(!Self.reachesTheAppAsWritten("https://example.com/a%20b/%ZZ"))
        for valid in [
            "https://example.com/a%20b/caf%C3%A9", "https://example.com/a%20b/%E9",
            "https://example.com/a%20b/x",
        ] {
            #expect(Self.reachesTheAppAsWritten(valid), "\(valid)")
            #expect(router.route(to: valid) && association.admits(valid), "\(valid)")
        }
    }

    // Found by the fuzzer (Fuzz/regressions/site-association-undecodable-literal): a literal that
    // cannot be decoded as a URL segment (`caf%C3`: the byte C3 alone is not UTF-8) matches the
    // segment written the same way, which cannot be decoded either and is compared as written;
    // the file admitted only `caf%25C3`, the segment that decodes to the literal.
    @Test func aLiteralThatCannotBeDecodedIsAdmittedAsWritten() throws {
        router.https.add(pattern: "/caf%C3/:id")
        router.https.add(pattern: "/docs/100%/x%ZZ")
        let association = try Association(router.appSiteAssociation(appIDs: [appID]))
        for url in [
            "https://example.com/caf%C3/7", "https://example.com/caf%25C3/7", "https://example.com/caf%C3/7/",
            "https://example.com/docs/100%25/x%25ZZ",
        ] {
            #expect(router.route(to: url) && association.admits(url), "\(url)")
        }
        #expect(!association.admits("https://example.com/caf%C3%A9/7"))
        #expect(!router.route(to: "https://example.com/caf%C3%A9/7"))
        // A malformed escape is never delivered as written: no entry spells it so.
        #expect(!association.components.contains { $0.path.contains("100%/") })
    }

    // Fuzz/regressions/site-association-literal-star-across-segments: the file's promise (no URL
    // admitted that differs from every accepting route in a literal) read a literal's own `*` as
    // matching within its segment; the file's `*`, as the article says, matches any text, `/`
    // included. The file is right; the promise now says so too.
    @Test func aLiteralsOwnStarMatchesAcrossSegmentsInTheFileAndInItsPromise() throws {
        router.https.add(pattern: "/pos/a%8Fb*")
        let association = try Association(router.appSiteAssociation(appIDs: [appID]))
        let promise = UniversalLinksPromise([("/pos/a%8Fb*", router.https.options)])
        for url in ["https://example.com/pos/a%258Fbtz/arch", "https://example.com/pos/a%258Fb*/x/y"] {
            #expect(association.admits(url), "\(url)")
            #expect(promise.keeps(url), "\(url)")
        }
        #expect(!promise.keeps("https://example.com/pos/a%258Fq/arch"))
        #expect(!promise.keeps("https://example.com/pos/q/a%258Fbtz"))
    }

    // Fuzz soak finding (Fuzz/regressions/site-association-empty-literal-before-star*): an empty
    // literal before a `*` needs its own `/`, in the path and in a fragment; `/*/` admitted
    // `/7/z/` for `/:a//*`, and the fragment `/*` admitted `#/z/7` for `/docs#//*`.
    @Test func anEmptyLiteralBeforeAStarKeepsItsPlace() throws {
        router.https.add(pattern: "/:a//*")
        router.https.add(pattern: "/docs#//*")
        let association = try Association(router.appSiteAssociation(appIDs: [appID]))
        let promise = UniversalLinksPromise(
            ["/:a//*", "/docs#//*"].map { ($0, router.https.options) })
        for url in [
            "https://example.com/7//", "https://example.com/7//x/y", "https://example.com/docs#//",
            "https://example.com/docs#//7/7",
        ] {
            #expect(router.route(to: url) && association.admits(url), "\(url)")
            #expect(promise.keeps(url), "\(url)")
        }
        for url in ["https://example.com/7/z/", "https://example.com/7/z", "https://example.com/docs#/z/7"] {
            #expect(!router.route(to: url), "\(url)")
            #expect(!association.admits(url), "\(url)")
            #expect(!promise.keeps(url), "\(url)")
        }
    }

    // Fuzz soak findings in the promise, not the file (Fuzz/regressions/
    // site-association-literal-star-hash, site-association-fragment-star-after-last-literal):
    // the article's looser places hold together — a last literal `*#` without its `#` still has
    // its own `*`, and after a fragment's last literal any text may follow though a `*` follows.
    @Test func thePromiseKeepsTheArticlesLooserPlacesTogether() throws {
        router.https.add(pattern: "*#")
        router.https.add(pattern: "/a#/a/*")
        let association = try Association(router.appSiteAssociation(appIDs: [appID]))
        let promise = UniversalLinksPromise(["*#", "/a#/a/*"].map { ($0, router.https.options) })
        for url in ["https://example.com/z", "https://example.com/a#/az/7"] {
            #expect(!router.route(to: url), "\(url)")
            #expect(association.admits(url) && promise.keeps(url), "\(url)")
        }
        #expect(router.route(to: "https://example.com/a#/a/7"))
        // An empty last literal is a whole segment, and any text may follow its `/`.
        let emptyLast = UniversalLinksPromise([("/e#//", router.https.options)])
        #expect(emptyLast.keeps("https://example.com/e#//z"))
        #expect(!emptyLast.keeps("https://example.com/e#/z"))
        let fragmentOnly = UniversalLinksPromise([("/a#/a/*", router.https.options)])
        #expect(fragmentOnly.keeps("https://example.com/a#/az/7"))
        #expect(!fragmentOnly.keeps("https://example.com/b#/a/7"))
        #expect(!fragmentOnly.keeps("https://example.com/a#/b/7"))
    }

    // Defect site-association-fragment (Fuzz/regressions/site-association-fragment): the router
    // appends the fragment's path to the path, so `https://example.com/x#/y` reaches `/:a/:b`
    // (a = "x"), but the file admitted only paths with two segments.
    @Test func aFragmentCanGiveTheSegmentsAfterAParameter() throws {
        router.https.add(pattern: "/:a/:b")
        let association = try Association(router.appSiteAssociation(appIDs: [appID]))
        for url in ["https://example.com/x#/y", "https://example.com#/y", "https://example.com/#/y"] {
            #expect(router.route(to: url) && association.admits(url), "\(url)")
        }
        #expect(!association.admits("https://example.com/x"))

        let other = Router()
        other.https.add(pattern: "/user/:id/posts/:post/edit")
        let file = try Association(other.appSiteAssociation(appIDs: [appID]))
        for url in [
            "https://example.com/user/7#/posts/3/edit", "https://example.com/user/7/posts/3#/edit?s=1",
            "https://example.com/user/7#x/posts/3/edit/", "https://example.com/user/7/posts/3/edit#ref=a",
        ] {
            #expect(other.route(to: url) && file.admits(url), "\(url)")
        }
        #expect(!file.admits("https://example.com/user/7#/posts/3"))
        #expect(!file.admits("https://example.com/user/7"))
        // One entry per parameter: the path up to it, the segments after it.
        #expect(
            file.components.map { "\($0.path) \($0.fragment ?? "")" } == [
                "/user/* */posts/*/edit*", "/user/*/posts/* */edit*", "/user/*/posts/*/edit ",
                "/user/*/posts/*/edit/ ",
            ])
    }

    // Defect (issue 35, item 2): one fragment entry stood for every parameter, the path up to the
    // first and the segments after the last, so the literals between them had no place:
    // `/user/7/zzz/3#/edit` was admitted for `/user/:id/posts/:post/edit`.
    @Test func aFragmentEntryKeepsTheLiteralsBetweenParameters() throws {
        router.https.add(pattern: "/user/:id/posts/:post/edit")
        let file = try Association(router.appSiteAssociation(appIDs: [appID]))
        for url in ["https://example.com/user/7/zzz/3#/edit", "https://example.com/user/7/zzz#/3/edit"] {
            #expect(!router.route(to: url) && !file.admits(url), "\(url)")
        }
        for url in ["https://example.com/user/7#/posts/3/edit", "https://example.com/user/7/posts/3#/edit"] {
            #expect(router.route(to: url) && file.admits(url), "\(url)")
        }
    }

    // Defect site-association-inner-wildcard-fragment (Fuzz/regressions/
    // site-association-inner-wildcard-fragment): a fragment also gives the segments before an
    // inner `*`, so `https://example.com/x/#/b/c` reaches `/:a/:b/:c/*/:d`, but the file
    // admitted only paths with the three segments before the `*`; and a fragment's `*` must
    // also match no segment.
    @Test func aFragmentCanGiveTheSegmentsBeforeAnInnerWildcard() throws {
        router.https.add(pattern: "/:a/:b/:c/*/:d")
        let association = try Association(router.appSiteAssociation(appIDs: [appID]))
        for url in [
            "https://example.com/x/#/b/c", "https://example.com/x#/b/c/d", "https://example.com/x/y#/c/d",
            "https://example.com/x/y/z/w", "https://example.com/x/y/z/v/w",
        ] {
            #expect(router.route(to: url) && association.admits(url), "\(url)")
        }
        #expect(!association.admits("https://example.com/x"))

        // The `*` takes no segment; a literal with a `#` before it; a `:name` host segment.
        for (pattern, url) in [
            ("/:a/lit/*/:c", "https://example.com/x#/lit/c"),
            ("/user/:id#/lit/*/:x", "https://example.com/user/7#/lit/b"),
            ("/:a/docs#/*/é", "https://example.com/x#/docs%23/%C3%A9"),
            ("/:a/:b/p#/*/:c", "https://example.com/x#/b/p%23/y/z"),
        ] {
            let table = Router()
            table.https.add(pattern: pattern)
            let file = try Association(table.appSiteAssociation(appIDs: [appID]))
            #expect(table.route(to: url) && file.admits(url), "\(pattern) \(url)")
        }
        let hostRouter = Router()
        hostRouter.https.options.insert(.treatHostAsPathComponent)
        hostRouter.https.add(pattern: "/:h/lit/*/:b")
        let hostFile = try Association(hostRouter.appSiteAssociation(appIDs: [appID]))
        for url in ["https://example.com#/lit/y/b", "https://example.com/#/lit/y/b"] {
            #expect(hostRouter.route(to: url) && hostFile.admits(url), "\(url)")
        }

        // Without a `:name` before the `*`, the `*` takes some segments or none.
        let other = Router()
        other.https.add(pattern: "/files/*/:name")
        let file = try Association(other.appSiteAssociation(appIDs: [appID]))
        #expect(file.components.map(\.path) == ["/files/*/*", "/files/*"])
    }

    // Defect (issue 35, item 2): an inner `*` wrote the path up to it, then any text: a pattern
    // that starts with `*` claimed the whole site (`/*/tz/:tm/paid` gave `{ "/": "/*" }`), and
    // `/a/*/b` gave `/a*`, which admits `/about`.
    @Test func anInnerWildcardDoesNotClaimTheWholeSite() throws {
        router.https.add(pattern: "/*/tz/:tm/paid")
        router.https.add(pattern: "/a/*/b")
        #expect(
            try entries().filter { !$0.contains("#") } == [
                "/*/tz/*/paid", "/*/tz/*/paid/", "/tz/*/paid", "/tz/*/paid/", "/a/*/b", "/a/*/b/", "/a/b",
                "/a/b/",
            ])
        let file = try Association(router.appSiteAssociation(appIDs: [appID]))
        for path in ["/", "/about", "/anything/else", "/a/x", "/x/tz/9/free", "/x/tz/9/paid/more", "/abc/b"] {
            let url = "https://example.com" + path
            #expect(!router.route(to: url) && !file.admits(url), "\(url)")
        }
        for path in [
            "/x/y/tz/9/paid", "/tz/9/paid", "/tz/9/paid/", "/a/b", "/a/x/y/b", "/a/x#/y/b", "/x#/tz/9/paid",
            "/tz/9#/paid", "/x/y#/z/tz/9/paid",
        ] {
            let url = "https://example.com" + path
            #expect(router.route(to: url) && file.admits(url), "\(url)")
        }

        // With the host as the first segment, the `*` takes the host, and maybe more.
        let hostRouter = Router()
        hostRouter.https.options.insert(.treatHostAsPathComponent)
        hostRouter.https.add(pattern: "/*/tz/:tm/paid")
        let hostFile = try Association(hostRouter.appSiteAssociation(appIDs: [appID], host: "example.com"))
        for path in ["/tz/9/paid", "/x/tz/9/paid", "#/tz/9/paid", "/#/tz/9/paid", "/tz/9#/paid"] {
            let url = "https://example.com" + path
            #expect(hostRouter.route(to: url) && hostFile.admits(url), "\(url)")
        }
        for path in ["/", "/about", "/x/tz/9/free"] {
            let url = "https://example.com" + path
            #expect(!hostRouter.route(to: url) && !hostFile.admits(url), "\(url)")
        }
    }

    // Defect site-association-literal-empty-segment (Fuzz/regressions/
    // site-association-literal-empty-segment): a route whose last segment is an empty literal
    // (`://`, read `/:/` then the empty literal) got the entry `/*/`, which admits
    // `https://example.com/7/z/`: the router drops one trailing `/` and reads `7`, `z`, whose
    // last segment is no empty literal. Only a path (or a fragment's path) that ends in `//`
    // has an empty last segment.
    @Test func anEmptyLastSegmentIsAdmittedOnlyWhereThePathEndsEmpty() throws {
        router.default.add(pattern: "://")
        router.default.add(pattern: "/a//")
        #expect(
            router.default.definitions.map(\.parsed.segments) == [
                [.parameter(":"), .literal("")], [.literal("a"), .literal("")],
            ])
        #expect(try entries() == ["/* #*//*", "/*//", "/a//"])
        let file = try Association(router.appSiteAssociation(appIDs: [appID]))
        for path in ["/7//", "/a//", "/7#//", "/7#//?x=1"] {
            let url = "https://example.com" + path
            #expect(router.route(to: url) && file.admits(url), "\(url)")
        }
        for path in ["/7/", "/7/z/", "/7", "/a/", "/a", "/a/z/", "/7#/", "/7#/z"] {
            let url = "https://example.com" + path
            #expect(!router.route(to: url) && !file.admits(url), "\(url)")
        }
        // Alone, an empty segment is the root: `/` and `//` alike. After a host segment, it is
        // read from `//` only.
        let root = Router()
        root.https.add(pattern: "/")
        let rootFile = try Association(root.appSiteAssociation(appIDs: [appID]))
        for url in ["https://example.com/", "https://example.com//", "https://example.com"] {
            #expect(root.route(to: url) && rootFile.admits(url), "\(url)")
        }
        let host = Router()
        host.https.options.insert(.treatHostAsPathComponent)
        host.https.add(pattern: "/example.com//")
        let hostFile = try Association(host.appSiteAssociation(appIDs: [appID], host: "example.com"))
        #expect(hostFile.components.map(\.path) == ["//"])
        #expect(host.route(to: "https://example.com//") && hostFile.admits("https://example.com//"))
        for url in ["https://example.com/", "https://example.com"] {
            #expect(!host.route(to: url) && !hostFile.admits(url), "\(url)")
        }
    }

    // Defect site-association-template-fragment (Fuzz/regressions/
    // site-association-template-fragment-*): a template's capture takes any character, the `#`
    // that joins path and fragment included, so `https://example.com/xa#/b` reaches `/x{n}/:a`
    // (n = "a#") and `https://example.com#x.jpg/a` reaches `/{n}.jpg/:p` (n = "#x"), but the
    // file gave fragment entries only for `:name`s.
    @Test func aTemplateWhoseCaptureTakesTheHashIsAdmitted() throws {
        router.https.options.insert(.extendedPatterns)
        router.https.add(pattern: "/x{n}/:a")
        router.https.add(pattern: "/{n}.jpg/:p")
        router.https.add(pattern: "/post/{id:int}/comments")
        let file = try Association(router.appSiteAssociation(appIDs: [appID]))
        for url in [
            "https://example.com/xa#/b", "https://example.com#x.jpg/a", "https://example.com/#x.jpg/a",
            "https://example.com/post/7#/comments",
        ] {
            #expect(router.route(to: url) && file.admits(url), "\(url)")
        }
    }

    // Defect (issue 35, item 10): the global table, fallen back to, declines `/` (`(/ü#)`, the
    // host read as a segment), and the file excluded the root, although the `https` table, which
    // routing asks first, accepts it (`(/:x/b)` has the expansion `/`): a declining route whose
    // host literal has a `#` matches only URLs with a fragment, yet it gave the exclusion `/`.
    @Test func aPathTheHttpsTableRoutesIsNotExcludedForAFallbackRouteThatDeclines() throws {
        router.default.options.insert(.treatHostAsPathComponent)
        let declining = Set(router.default.add(pattern: "(/ü#)") { _ in false }.map(ObjectIdentifier.init))
        router.default.add(pattern: "/example.com#") { _ in false }
        router.https.hosts = ["example.com"]
        router.https.shouldFallback = true
        router.https.add(pattern: "(/:x/b)") { _ in true }
        for host in [nil, "example.com"] as [String?] {
            let file = try Association(
                router.appSiteAssociation(appIDs: [appID], host: host) { definition in
                    declining.contains(ObjectIdentifier(definition)) || definition.pattern == "/example.com#"
                })
            for url in ["https://example.com", "https://example.com/"] {
                #expect(router.route(to: url) && file.admits(url), "\(url) \(host ?? "no host")")
            }
            #expect(!file.components.contains { $0.exclude })
        }
    }

    // The same defect with the host as the first segment: `https://example.com#/about` has the
    // segments `example.com#`, `about`.
    @Test func aFragmentCanGiveTheSegmentsAfterTheHostSegment() throws {
        router.https.options.insert(.treatHostAsPathComponent)
        router.https.add(pattern: "/:domain/about")
        router.https.add(pattern: "/example.com#/help/:topic")
        router.https.add(pattern: "/example.com/docs#/:page")
        let association = try Association(router.appSiteAssociation(appIDs: [appID], host: "example.com"))
        for url in [
            "https://example.com#/about", "https://example.com/#/about", "https://example.com#/help/x",
            "https://example.com/docs#/intro", "https://example.com/docs/#/intro",
            "https://example.com/docs%23/intro",
        ] {
            #expect(router.route(to: url) && association.admits(url), "\(url)")
        }
        #expect(!association.admits("https://example.com/x"))
    }

    // The same defect for exclusions: `/post/new` was excluded although `/post/new#/x` reaches
    // the accepting `/:a/:b/:c`.
    @Test func anExclusionLeavesTheURLsThatReachARouteThroughTheirFragment() throws {
        router.https.add(pattern: "/post/new") { _ in false }
        router.https.add(pattern: "/post/edit") { _ in false }
        router.https.add(pattern: "/:a/:b/:c") { _ in true }
        router.https.add(pattern: "/post/edit/:id") { _ in true }
        let declining: Set<String> = ["/post/new", "/post/edit"]
        let association = try Association(
            router.appSiteAssociation(appIDs: [appID]) { declining.contains($0.pattern) })
        #expect(try entries { declining.contains($0.pattern) }.allSatisfy { !$0.hasPrefix("/post/new") })
        for url in [
            "https://example.com/post/new#/x", "https://example.com/post/new/#x",
            "https://example.com/post/edit#/7",
        ] {
            #expect(router.route(to: url) && association.admits(url), "\(url)")
        }
        // Through the fragment, `/post/edit/:id` reaches only paths with a third segment.
        let other = Router()
        other.https.add(pattern: "/post/edit") { _ in false }
        other.https.add(pattern: "/post/edit/:id/:tab") { _ in true }
        let components = try Association(
            other.appSiteAssociation(appIDs: [appID]) { declining.contains($0.pattern) }
        ).components
        #expect(components.first.map { ($0.path, $0.exclude) } ?? ("", false) == ("/post/edit", true))
    }

    // Defect site-association-encoded-hash (Fuzz/regressions/site-association-encoded-hash):
    // literals are compared after percent-decoding, so `https://example.com/P%23/x` reaches the
    // fragment route `P#/:a`, but the file admitted only the path `/P` with a fragment.
    @Test func aHashWrittenPercent23IsAdmitted() throws {
        router.https.add(pattern: "P#/:a")
        router.https.add(pattern: "/docs/a#b#c/:page")
        let association = try Association(router.appSiteAssociation(appIDs: [appID]))
        for url in [
            "https://example.com/P%23/x", "https://example.com/P#/x", "https://example.com/docs/a%23b%23c/7",
            "https://example.com/docs/a%23b#c/7", "https://example.com/docs/a#b%23c/7",
        ] {
            #expect(router.route(to: url) && association.admits(url), "\(url)")
        }
        #expect(!association.admits("https://example.com/P"))
        #expect(!association.admits("https://example.com/docs/a%23b"))
    }

    @Test func theFileLeavesOutWhatNoRouteHandles() throws {
        let declining = registerVariedTable()
        let association = try Association(
            router.appSiteAssociation(appIDs: [appID]) { declining.contains($0.pattern) })
        for path in ["/nowhere", "/user", "/legal", "/admin/users", "/post/7/edit", "/docs#intro"] {
            #expect(!association.admits("https://example.com" + path), "\(path)")
        }
        for path in ["/user/7", "/post/new", "/post/7/comments", "/docs#/intro", "/", "/legal/terms"] {
            #expect(association.admits("https://example.com" + path), "\(path)")
        }
    }

    // MARK: The document

    @Test func smallTableGivesThisExactDocument() {
        router.https.add(pattern: "/user/view/:id")
        router.https.add(pattern: "/search")
        router.https.add(pattern: "/files/*")
        let json = router.appSiteAssociation(appIDs: [appID, "ABCDE12345.com.example.clip"])
        #expect(
            json == """
                {
                  "applinks": {
                    "details": [
                      {
                        "appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.clip"],
                        "components": [
                          { "/": "/user/view/*" },
                          { "/": "/search" },
                          { "/": "/search/" },
                          { "/": "/files" },
                          { "/": "/files/*" }
                        ]
                      }
                    ]
                  }
                }

                """)
    }

    /// The `(path, fragment, exclude)` of each component.
    func entries(host: String? = nil, declines: (Definition) -> Bool = { _ in false }) throws -> [String] {
        try Association(router.appSiteAssociation(appIDs: [appID], host: host, declines: declines))
            .components.map { component in
                component.path + (component.fragment.map { " #" + $0 } ?? "")
                    + (component.exclude ? " exclude" : "")
            }
    }

    @Test func emptyTableGivesAnEmptyListOfComponents() throws {
        #expect(try entries() == [])
        #expect(router.appSiteAssociation(appIDs: []).contains("\"components\": []"))
        #expect(router.schemes == [], "no table is created")
    }

    @Test func literalsArePercentEncodedAsInAURL() throws {
        router.https.add(pattern: "/café/a b/100%25/x*y/:id")
        router.https.add(pattern: "/caf%C3%A9/new")
        router.https.add(pattern: "/a?b/~user/it's;x=1,y@z:w")
        #expect(
            try entries() == [
                "/caf%C3%A9/a%20b/100%25/x*y/*", "/caf%C3%A9/new", "/caf%C3%A9/new/",
                "/a%3Fb/~user/it's;x=1,y@z:w", "/a%3Fb/~user/it's;x=1,y@z:w/",
            ])
    }

    @Test func fragmentRoutesGiveAFragmentPattern() throws {
        router.https.add(pattern: "/docs#/:page")
        router.https.add(pattern: "/help#/faq")
        router.https.add(pattern: "/files#/shared/*")
        router.https.add(pattern: "/user/:id#/tab")
        #expect(
            try entries() == [
                "/docs #/*", "/docs%23/*", "/help #/faq*", "/help%23/faq", "/help%23/faq/",
                "/files #/shared*", "/files%23/shared", "/files%23/shared/*", "/user/* #*/tab*",
                "/user/*/tab", "/user/*/tab/",
            ])
    }

    @Test func wildcardsAndTheRoot() throws {
        router.https.add(pattern: "/")
        router.https.add(pattern: "/files/*")
        router.https.add(pattern: "/*")
        #expect(try entries() == ["/", "//", "/files", "/files/*", "/*"])
    }

    @Test func optionalGroupsGiveOneEntryPerExpansion() throws {
        router.https.add(pattern: "/post/:id(/comments)(/:commentID)")
        let entries = try entries()
        #expect(
            entries == [
                "/post/*/comments/*", "/post/*/*", "/post/*/comments", "/post/*/comments/", "/post/*",
            ])
    }

    @Test func entriesFollowRoutingOrderAndRepeatsAreLeftOut() throws {
        router.https.add(pattern: "/b")
        router.https.add(pattern: "/a", priority: 10)
        router.https.add(pattern: "/c", priority: -1)
        router.https.add(pattern: "/b/:id")
        router.https.add(pattern: "/b/:slug")
        #expect(try entries() == ["/a", "/a/", "/b", "/b/", "/b/*", "/c", "/c/"])
    }

    @Test func fallbackAddsTheGlobalRoutesAfterTheHttpsOnes() throws {
        router.default.add(pattern: "/home")
        #expect(try entries() == ["/home", "/home/"], "no https table: the global table routes https URLs")
        router.https.add(pattern: "/search")
        #expect(try entries() == ["/search", "/search/"])
        router.https.shouldFallback = true
        #expect(try entries() == ["/search", "/search/", "/home", "/home/"])
    }

    @Test func hostsDecideWhetherTheHttpsRoutesApply() throws {
        router.https.add(pattern: "/search")
        router.https.hosts = ["example.com", "*.example.com"]
        router.https.shouldFallback = true
        router.default.add(pattern: "/home")
        #expect(try entries() == ["/search", "/search/", "/home", "/home/"])
        #expect(try entries(host: "example.com") == ["/search", "/search/", "/home", "/home/"])
        #expect(try entries(host: "WWW.Example.com") == ["/search", "/search/", "/home", "/home/"])
        #expect(try entries(host: "example.org") == ["/home", "/home/"])
        router.https.hosts = []
        #expect(try entries() == ["/home", "/home/"])
        router.https.shouldFallback = false
        #expect(try entries(host: "example.org") == [])
    }

    @Test func aHostSegmentIsTheDomain() throws {
        router.https.options.insert(.treatHostAsPathComponent)
        router.https.add(pattern: "/example.com/post/:id")
        router.https.add(pattern: "/example.org/about")
        router.https.add(pattern: "/:domain/help")
        router.https.add(pattern: "/example.com")
        #expect(try entries(host: "example.com") == ["/post/*", "/help", "/help/", "/"])
        #expect(try entries(host: "example.org") == ["/about", "/about/", "/ #*/help*", "/help", "/help/"])
        #expect(try entries() == ["/post/*", "/about", "/about/", "/help", "/help/", "/"])
    }

    @Test func decliningRoutesAreExcludedOnlyWhereNoOtherRouteHandlesTheURL() throws {
        router.https.add(pattern: "/post/new", priority: 10)
        router.https.add(pattern: "/post/:id/edit")
        router.https.add(pattern: "/post/:id(/comments)")
        router.https.add(pattern: "/admin/*")
        router.https.add(pattern: "/legal")
        router.https.add(pattern: "/:page")
        let declining: Set<String> = ["/post/new", "/post/:id/edit", "/admin/*", "/legal"]
        let entries = try entries { declining.contains($0.pattern) }
        #expect(
            entries == [
                "/post/*/edit exclude", "/post/*/edit/ exclude", "/post/*/comments", "/post/*/comments/",
                "/post/*", "/*",
            ])
        // /post/new is routed by /post/:id, /legal, /admin and /admin/ by /:page: not excluded.
    }

    @Test func exclusionsAreCheckedAgainstEveryPathTheStarCovers() {
        let route: [PatternSegment] = [
            .literal("post"), .parameter("id"), .literal("comments"), .literal("edit"),
        ]
        #expect(AppSiteAssociation.intersects([.literal("post"), .star, .literal("edit")], route))
        #expect(
            !AppSiteAssociation.intersects(
                [.literal("post"), .star, .literal("edit")], Array(route.prefix(3))))
        #expect(AppSiteAssociation.intersects([.literal("a"), .literal("")], [.literal("a")]))
        #expect(AppSiteAssociation.intersects([.literal("a"), .star], [.literal("a")]))
        #expect(!AppSiteAssociation.intersects([.star], []))
        #expect(AppSiteAssociation.intersects([.star], [.literal("")]))
        #expect(!AppSiteAssociation.intersects([.literal("")], [.parameter("id")]))
        #expect(AppSiteAssociation.intersects([.literal("x"), .literal("y")], [.wildcard]))
    }

    @Test func theDocumentIsValidJSONWhateverTheAppIDs() throws {
        router.https.add(pattern: "/search")
        let ids = ["A\"B\\C", "tab\there", "\u{1}"]
        #expect(try Association(router.appSiteAssociation(appIDs: ids)).appIDs == ids)
    }

    /// Redirects are routes: the app handles the URLs of an `https` redirect's `from` (it routes
    /// their target), so the file admits them as any route's; a redirect to another scheme too.
    /// Guards add nothing: they only stop URLs that a route admits.
    @Test func httpsRedirectsAreAdmittedAndGuardsAddNothing() throws {
        router.https.add(pattern: "/post/:id") { _ in true }
        router.https.addRedirect(from: "/p/:id", to: "/post/:id")
        router.https.addRedirect(from: "/app/*", to: "myapp://open/*")
        router.https.addGuard(for: "/admin/*") { _ in .refuse }
        router.https.addGuard(for: "/post/*") { _ in .hold }
        #expect(try entries() == ["/post/*", "/p/*", "/app", "/app/*"])
        // A redirect that always declines for these URLs is excluded as a route would be.
        #expect(
            try entries(declines: { $0.pattern == "/p/:id" }) == [
                "/p/* exclude", "/post/*", "/app", "/app/*",
            ])
    }
}

// MARK: - Small random tables, many URLs

/// A small router with random options, hosts, fallback, patterns and declining routes, and URLs
/// made of its literals and near misses, to hold the file to routing on every one.
struct SmallSiteWorld {
    let router = Router()
    var declining: Set<ObjectIdentifier> = []
    var random: SeededGenerator
    var pieces: [String] = ["zz", "7", "x1", "1.jpg", "abc", ""]

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        let https = router.https
        for table in [https, router.default] {
            if Bool.random(using: &random) { table.options.insert(.treatHostAsPathComponent) }
            if Bool.random(using: &random) { table.options.insert(.extendedPatterns) }
        }
        if Bool.random(using: &random) { https.hosts = ["example.com"] }
        https.shouldFallback = Bool.random(using: &random)
        let alphabet = [
            "a", "b", "ab", "c", "a#", "example.com", "example.com#", ":p", ":q#", "*", "x{n}", "{n}.jpg",
            "{id:int}", "(/c)",
        ]
        for table in [https, router.default] {
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                var segments: [String] = []
                for index in 0..<Int.random(in: 1...4, using: &random) {
                    var segment = alphabet.randomElement(using: &random)!
                    if segment == "*" && segments.contains("*") { segment = "b" }
                    // Names once each: `:p0`, `{n1}`.
                    segment = segment.replacingOccurrences(of: ":p", with: ":p\(index)")
                        .replacingOccurrences(of: ":q", with: ":q\(index)")
                        .replacingOccurrences(of: "{n}", with: "{n\(index)}")
                        .replacingOccurrences(of: "{id", with: "{id\(index)")
                    segments.append(segment)
                }
                let pattern = segments.map { $0.hasPrefix("(") ? $0 : "/" + $0 }.joined()
                let declines = Int.random(in: 0..<3, using: &random) == 0
                let definitions = table.add(pattern: pattern) { _ in !declines }
                if declines { declining.formUnion(definitions.map(ObjectIdentifier.init)) }
                for segment in segments where !segment.contains(":") && !segment.contains("{") {
                    let literal = segment.trimmingCharacters(in: CharacterSet(charactersIn: "(/)"))
                    pieces += [literal.replacingOccurrences(of: "#", with: "%23"), literal + "z"]
                }
            }
        }
    }

    /// A URL of `host`: a path of pieces, maybe a trailing `/`, maybe a fragment that gives
    /// some of the segments.
    mutating func randomURL(host: String) -> String {
        let segments = (0..<Int.random(in: 0...4, using: &random)).map { _ in
            pieces.randomElement(using: &random)!
        }
        let split = Int.random(in: 0...segments.count, using: &random)
        var url = "https://\(host)/" + segments[..<split].joined(separator: "/")
        if Bool.random(using: &random) && split > 0 { url += "/" }
        switch Int.random(in: 0..<6, using: &random) {
        case 0: url += "#/" + segments[split...].joined(separator: "/")
        case 1: url += "#" + segments[split...].joined(separator: "/")
        case 2: url += "#/" + segments[split...].joined(separator: "/") + "?q=1"
        case 3: url += "#k=v"
        default: url += (split < segments.count ? "/" : "") + segments[split...].joined(separator: "/")
        }
        return url
    }

    /// The accepting routes of the tables that route `https` URLs of `host`, in routing order.
    func acceptingRoutes(host: String) -> [(pattern: String, options: RouteOptions)] {
        let https = router.https
        let routesHost = https.hosts.map { $0.contains(host) } ?? true
        let tables = (routesHost ? [https] : []) + (https.shouldFallback ? [router.default] : [])
        return tables.flatMap { table in
            table.definitions.filter { !declining.contains(ObjectIdentifier($0)) }.map {
                ($0.pattern, table.options)
            }
        }
    }
}

extension AppSiteAssociationTests {
    /// Every URL that routes is admitted, no URL that an exclusion decides routes, and every URL
    /// admitted that does not route is one that an accepting route matches loosely (literals
    /// whole and in their places: `UniversalLinksPromise`).
    @Test func theFileAgreesWithRoutingOnSmallRandomTables() throws {
        var counts = (routed: 0, admittedOnly: 0, excluded: 0)
        for seed in 0..<40 as Range<UInt64> {
            var world = SmallSiteWorld(seed: seed)
            let router = world.router
            // Without a host, the file for the hosts the table lists: a host segment's literal
            // stands for any of them, so the promise about literals is not asked there.
            for (host, fileHost) in [
                ("example.com", "example.com"), ("other.org", "other.org"), ("example.com", nil),
            ] {
                let json = router.appSiteAssociation(appIDs: [appID], host: fileHost) {
                    world.declining.contains(ObjectIdentifier($0))
                }
                let file = try Association(json)
                let promise = fileHost.map { UniversalLinksPromise(world.acceptingRoutes(host: $0)) }
                for _ in 0..<250 {
                    let url = world.randomURL(host: host)
                    let routed = router.route(to: url)
                    let context = "\(url)\n\(router)\n\(json)"
                    #expect(!routed || file.admits(url), "routed but not admitted: \(context)")
                    #expect(!file.excludes(url) || !routed, "excluded but routed: \(context)")
                    if let promise, file.admits(url) && !routed {
                        let kept = promise.keeps(url)
                        #expect(kept, "admitted, and no route has its literals: \(context)")
                        counts.admittedOnly += 1
                    }
                    counts.routed += routed ? 1 : 0
                    counts.excluded += file.excludes(url) ? 1 : 0
                }
            }
        }
        // Not vacuous: URLs route, the file admits more than routes, and excludes some.
        #expect(counts.routed > 1000)
        #expect(counts.admittedOnly > 200)
        #expect(counts.excluded > 20)
    }
}
