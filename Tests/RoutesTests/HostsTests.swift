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
            "evil.com%2F.example.com", "evil.com%2f.example.com", "evil%2Ecom.example.com", "evil.com%40.example.com",
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
