import Testing

@testable import Routes

@Suite struct HostsTests {
    let router = Router()
    let recorder = Recorder()

    @Test func onlyListedHostsAreRoutedByTheTable() {
        router.https.hosts = ["example.com", "*.Example.com"]
        router.https.add(pattern: "/post/:id", handler: recorder.handler("https"))
        #expect(router.route(to: "https://example.com/post/7"))
        #expect(router.route(to: "https://EXAMPLE.com/post/8"))
        #expect(router.route(to: "https://www.example.com/post/9"))
        #expect(router.route(to: "https://a.b.example.com/post/10"))
        #expect(!router.route(to: "https://evil.com/post/7"))
        #expect(!router.route(to: "https://notexample.com/post/7"))
        #expect(!router.route(to: "https:///post/7"))
        #expect(!router.canRoute(to: "https://evil.com/post/7"))
        #expect(router.canRoute(to: "https://www.example.com/post/7"))
        #expect(recorder.calls.map { $0["id"] as? String } == ["7", "8", "9", "10"])
    }

    @Test func fallbackAndUnmatchedApplyAsUsual() {
        var unmatched: [String] = []
        router.https.hosts = ["example.com"]
        router.https.shouldFallback = true
        router.https.unmatchedHandler = { url, _ in unmatched.append(url.absoluteString) }
        router.https.add(pattern: "/post/:id", handler: recorder.handler("https"))
        router.default.add(pattern: "/about", handler: recorder.handler("global"))
        #expect(router.route(to: "https://evil.com/about"))
        #expect(!router.route(to: "https://evil.com/post/1"))
        #expect(recorder.labels == ["global"])
        #expect(unmatched == ["https://evil.com/post/1"])
    }

    @Test func sameHandlersForUniversalAndCustomSchemeLinks() {
        router.https.hosts = ["example.com", "*.example.com"]
        for table in [router.myapp, router.https] {
            table.add(pattern: "/post/:id", handler: recorder.handler("post"))
        }
        #expect(router.route(to: "myapp://post/1"))
        #expect(router.route(to: "https://www.example.com/post/2"))
        #expect(recorder.calls.map { $0["id"] as? String } == ["1", "2"])
    }

    @Test func nilAcceptsAnyHostAndEmptyAcceptsNone() {
        router.alpha.add(pattern: "/x", handler: recorder.handler("x"))
        #expect(router.route(to: "alpha://x"))
        router.alpha.hosts = []
        #expect(!router.route(to: "alpha://x"))
        router.alpha.hosts = nil
        #expect(router.route(to: "alpha://x"))
    }

    /// Issue 15, finding 8: the filter compared the decoded host, so an escaped `/` (or `.`, `@`,
    /// `:`) made `evil.com%2F.example.com` a subdomain of `example.com`.
    @Test func aHostFilterRefusesEscapedSeparators() {
        router.https.hosts = ["*.example.com", "example.com"]
        router.https.add(pattern: "/p", handler: recorder.handler("https"))
        for host in [
            "evil.com%2F.example.com", "evil.com%2f.example.com", "evil%2Ecom.example.com",
            "evil.com%40.example.com",
            "evil.com%3A.example.com", "evil%252F.example.com", "evil%00.example.com", "example%2Ecom",
        ] {
            #expect(!router.route(to: "https://\(host)/p"), "\(host)")
            #expect(!router.canRoute(to: "https://\(host)/p"), "\(host)")
        }
        // Escaped letters and non-ASCII characters are still names.
        #expect(router.route(to: "https://%77ww.example.com/p"))
        #expect(router.route(to: "https://caf%C3%A9.example.com/p"))
        #expect(recorder.labels == ["https", "https"])
        #expect(!HostFilter(["*.example.com"]).accepts("a%C0%AE.example.com"))  // not UTF-8
    }

    /// Issue 15, finding 8: a custom scheme's host, read as the first segment, was compared with
    /// the pattern's literal case included, though a host is case-insensitive (RFC 3986, 3.2.2).
    @Test func aHostSegmentMatchesLiteralsIgnoringCase() {
        router.default.add(pattern: "/foo/bar", handler: recorder.handler("foo/bar"))
        router.default.add(pattern: "/Mixed/:id", handler: recorder.handler("Mixed", accept: false))
        router.default.add(pattern: "/mixed/:id", handler: recorder.handler("mixed"))
        router.default.add(pattern: "/:code", handler: recorder.handler("code"))
        router.default.add(pattern: "/user#/Tab", handler: recorder.handler("fragment"))
        #expect(router.route(to: "FOOBAR://FOO/bar"))
        #expect(router.route(to: "myapp://%46oO/bar"))  // decoded first: "FoO"
        #expect(router.canRoute(to: "FOOBAR://FOO/bar"))
        // Only the host's bytes are folded: the path keeps its case.
        #expect(!router.route(to: "FOOBAR://FOO/BAR"))
        #expect(!router.canRoute(to: "myapp://foo/Bar"))
        // A literal with capitals matches whatever the host's case; both case variants are asked.
        #expect(router.route(to: "myapp://mIXED/7"))
        // A value keeps the case it was written in.
        #expect(router.route(to: "other://Xy7Z"))
        // With a fragment route, the host's part of the first segment is folded, the rest is not.
        #expect(router.route(to: "myapp://USER#/Tab"))
        #expect(!router.route(to: "myapp://USER#/tab"))
        // A host that is not a segment is not a path: the path's case counts.
        #expect(!router.route(to: "https://example.com/FOO/bar"))
        #expect(
            recorder.calls.map { "\($0.pattern ?? "") \($0["id"] ?? $0["code"] ?? "")" } == [
                "/foo/bar ", "/foo/bar ", "/Mixed/:id 7", "/mixed/:id 7", "/:code Xy7Z", "/user#/Tab ",
            ])
    }

    /// A host segment is looked up among the first literals before the rest of the URL is cut,
    /// and a host that none matches is refused there, unless a parameter or a `*` at the root
    /// matches any host: the lookup must agree with the search in each case.
    @Test func aHostSegmentIsLookedUpBeforeTheRest() {
        router.default.add(pattern: "/Mixed/:id", handler: recorder.handler("Mixed"))
        router.default.add(pattern: "/plain/:id", handler: recorder.handler("plain"))
        router.alpha.add(pattern: "/plain/:id", handler: recorder.handler("alpha"))
        router.alpha.add(pattern: "/*", handler: recorder.handler("alpha *"))
        router.beta.add(pattern: "/plain/:id", handler: recorder.handler("beta"))
        router.beta.add(pattern: "/:code/3", handler: recorder.handler("beta :code"))
        // A lowercase host and a first literal with capitals.
        #expect(router.route(to: "myapp://mixed/1"))
        #expect(router.canRoute(to: "myapp://mixed/1"))
        #expect(router.route(to: "myapp://plain/2"))
        #expect(!router.route(to: "myapp://other/3"))
        #expect(!router.canRoute(to: "myapp://other/3"))
        #expect(router.route(to: "alpha://other/3"))
        #expect(router.canRoute(to: "alpha://other/3"))
        #expect(router.route(to: "beta://other/3"))
        #expect(router.canRoute(to: "beta://other/3"))
        #expect(
            recorder.calls.map { "\($0.pattern ?? "") \($0["id"] ?? $0["code"] ?? "")" } == [
                "/Mixed/:id 1", "/plain/:id 2", "/* ", "/:code/3 other",
            ])
    }

    @Test func aHostSegmentIgnoresCaseWithTreatHostAsPathComponent() {
        router.https.options.insert(.treatHostAsPathComponent)
        router.https.add(pattern: "/example.com/p/:id", handler: recorder.handler("https"))
        #expect(router.route(to: "https://Example.COM/p/A7"))
        #expect(!router.route(to: "https://example.com/P/A7"))
        #expect(recorder.calls.map { $0["id"] as? String } == ["A7"])
    }

    @Test func hostFilterDecodesAndIgnoresCase() {
        let filter = HostFilter(["Example.com", "*.shop.io"])
        #expect(filter.accepts("example.COM"))
        #expect(filter.accepts("%65xample.com"))
        #expect(filter.accepts("a.shop.io"))
        #expect(!filter.accepts("shop.io"))
        #expect(!filter.accepts(nil))
        #expect(!filter.accepts(""))
        // Case is folded for ASCII only: the Kelvin sign is not a "k".
        #expect(!HostFilter(["kexample.com"]).accepts("%E2%84%AAexample.com"))
        #expect(HostFilter(["kexample.com"]).accepts("KEXAMPLE.com"))
    }
}
