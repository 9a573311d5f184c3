import Foundation
import Testing

@testable import Routes

/// `RouteMap.stack(for:)`: the values of a URL's path prefixes, in order.
@MainActor @Suite struct RouteMapStackTests {
    enum Screen: Equatable {
        case home
        case user(Int)
        case post(Int)
        case photo(String)
        case ref(String?)
    }

    let screens = RouteMap<Screen>()

    init() {
        screens.myapp.add(pattern: "/user/:id") { params in params.int("id").map(Screen.user) }
        screens.myapp.add(pattern: "/user/:id/post/:pid") { params in params.int("pid").map(Screen.post) }
    }

    @Test func theIssueExample() {
        #expect(screens.stack(for: "myapp://user/42/post/7") == [.user(42), .post(7)])
        #expect(screens.stack(for: URL(string: "myapp://user/42/post/7")!) == [.user(42), .post(7)])
        #expect(screens.stack(for: "myapp://user/42") == [.user(42)])
    }

    @Test func prefixesAreCutAtEachSlashOfThePath() {
        let table = screens.myapp
        func prefixes(_ url: String) -> [String] {
            let parts = URLParts(string: url)!
            return StackPrefixes.prefixes(of: url, parts, in: table)
        }
        #expect(
            prefixes("myapp://user/42/post/7") == ["myapp://user", "myapp://user/42", "myapp://user/42/post"])
        #expect(
            prefixes("myapp://user/42/post/7?a=b#c") == [
                "myapp://user", "myapp://user/42", "myapp://user/42/post",
            ])
        #expect(prefixes("https://example.com:8080/a/b") == ["https://example.com:8080/a"])
        #expect(prefixes("myapp://user/42/") == ["myapp://user"])  // one trailing `/` is not a segment
        #expect(prefixes("myapp://a//b") == ["myapp://a", "myapp://a//"])  // an empty segment
        #expect(prefixes("myapp://user") == [])
        #expect(prefixes("myapp://") == [])
        #expect(prefixes("myapp:///x/y") == ["myapp:///x"])  // an empty host
        #expect(prefixes("/user/42") == ["/user"])
        #expect(prefixes("myapp://user#/view/7") == [])  // the fragment goes with the URL
    }

    @Test func theQueryAndFragmentGoWithTheLastOnly() {
        let screens = RouteMap<Screen>()
        screens.myapp.add(pattern: "/a") { params in .ref(params.string("ref")) }
        screens.myapp.add(pattern: "/a/b") { params in .ref(params.string("ref")) }
        #expect(screens.stack(for: "myapp://a/b?ref=x") == [.ref(nil), .ref("x")])
        #expect(screens.stack(for: "myapp://a/b#ref=y") == [.ref(nil), .ref("y")])
    }

    @Test func aHostThatIsNoSegmentIsNoPrefix() {
        screens.https.add(pattern: "/") { _ in .home }
        screens.https.add(pattern: "/photos/:name") { params in params.string("name").map(Screen.photo) }
        screens.https.add(pattern: "/photos") { _ in .home }
        #expect(screens.stack(for: "https://example.com/photos/sunset") == [.home, .photo("sunset")])
        // The root is no prefix: it is the URL only when the path is empty.
        #expect(screens.stack(for: "https://example.com/") == [.home])
    }

    @Test func prefixesNoRouteResolvesAreSkipped() {
        var unmatched: [URL] = []
        screens.myapp.unmatchedHandler = { url, _ in unmatched.append(url) }
        // myapp://user and myapp://user/42/post match no route: skipped without a walk.
        #expect(screens.stack(for: "myapp://user/42/post/7") == [.user(42), .post(7)])
        #expect(unmatched.isEmpty)
        // myapp://user/me matches /user/:id, which declines: its walk calls the unmatched handler.
        #expect(screens.stack(for: "myapp://user/me/post/7") == [.post(7)])
        #expect(unmatched.map(\.absoluteString) == ["myapp://user/me"])
        // Nothing resolves: empty, and the URL itself is unmatched as for `resolve`.
        #expect(screens.stack(for: "myapp://none/1") == [])
        #expect(unmatched.map(\.absoluteString) == ["myapp://user/me", "myapp://none/1"])
        #expect(screens.stack(for: "not a url") == [])
    }

    @Test func guardsAndRedirectsApplyToEachPrefix() {
        screens.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        screens.myapp.addGuard(for: "/user/0") { _ in .refuse }
        #expect(screens.stack(for: "myapp://u/42") == [.user(42)])
        #expect(screens.stack(for: "myapp://user/0/post/7") == [.post(7)])
    }

    // MARK: - A link is held once, as the link (issue 35, items 14 and 15)

    /// The sign-in flow of a stack: `/settings/*` holds until sign-in.
    func addSettings(signedIn: @escaping () -> Bool) {
        screens.myapp.add(pattern: "/settings") { _ in .home }
        screens.myapp.add(pattern: "/settings/:page") { params in params.string("page").map(Screen.photo) }
        screens.myapp.addGuard(for: "/settings/*") { _ in signedIn() ? .proceed : .hold }
    }

    /// Issue 35, item 14: each prefix was held (`.held` twice, `keptURLs` gave
    /// `myapp://settings` and `myapp://settings/privacy`), so a sign-in screen shown on `.held`
    /// was shown twice.
    @Test func aStackUnderAHoldingGuardHoldsTheLinkOnce() {
        var signedIn = false
        addSettings { signedIn }
        var held: [String] = []
        screens.onEvent = { event in
            if event.kind == .held { held.append("\(event.url.absoluteString) by \(event.pattern ?? "")") }
        }
        #expect(screens.stack(for: "myapp://settings/privacy", parameters: ["source": "push"]) == [])
        #expect(held == ["myapp://settings/privacy by /settings/*"])
        #expect(screens.keptURLs == [URL(string: "myapp://settings/privacy")!])
        #expect(screens.keptLinks.map { $0.parameters["source"] as? String } == ["push"])
        signedIn = true
        #expect(screens.resumeResolving() == [.home, .photo("privacy")])
        #expect(screens.keptURLs.isEmpty)
    }

    /// Issue 35, item 15: a link held while `stack(for:)` asked for it resumed as the value of
    /// the link alone (`[.userPosts(42)]`), not the stack the ready app gives.
    @Test func resumeResolvingGivesTheStackOfALinkThatStackHeld() {
        var ready = false
        screens.myapp.add(pattern: "/user/:id/posts") { params in params.int("id").map(Screen.post) }
        screens.myapp.addGuard(for: "/user/:id/posts") { _ in ready ? .proceed : .hold }
        // The guard holds only the last URL: the prefix /user/42 resolved first.
        #expect(screens.stack(for: "myapp://user/42/posts") == [])
        ready = true
        let resumed = screens.resumeResolving()
        #expect(resumed == [.user(42), .post(42)])
        #expect(resumed == screens.stack(for: "myapp://user/42/posts"))
    }

    /// A stack held again while `resumeResolving()` drains waits, as a stack, for the next one.
    @Test func aStackHeldAgainWaitsAsAStackForTheNextResume() {
        var signedIn = false
        addSettings { signedIn }
        #expect(screens.openStack(for: "myapp://settings/privacy") == .held(by: "/settings/*"))
        #expect(screens.resumeResolving() == [])
        #expect(screens.keptURLs == [URL(string: "myapp://settings/privacy")!])
        signedIn = true
        #expect(screens.resumeResolving() == [.home, .photo("privacy")])
    }

    /// With a queue limit of 0 a held stack is dropped once, never held.
    @Test func aHeldStackWithALimitOfZeroIsDroppedOnce() {
        addSettings { false }
        screens.suspend(keepingAtMost: 0)
        _ = screens.resumeResolving()
        var kinds: [RoutingEvent.Kind] = []
        screens.onEvent = { event in
            if event.kind == .held || event.kind == .dropped { kinds.append(event.kind) }
        }
        #expect(screens.openStack(for: "myapp://settings/privacy") == .unresolved)
        #expect(kinds == [.dropped])
    }

    /// A redirect of a prefix into a holding guard holds the link, not the redirect's target.
    @Test func aPrefixRedirectedIntoAHoldingGuardHoldsTheLink() {
        var signedIn = false
        addSettings { signedIn }
        screens.myapp.addRedirect(from: "/prefs", to: "/settings")
        screens.myapp.add(pattern: "/prefs/:page") { params in params.string("page").map(Screen.photo) }
        #expect(screens.openStack(for: "myapp://prefs/sound") == .held(by: "/settings/*"))
        #expect(screens.keptURLs == [URL(string: "myapp://prefs/sound")!])
        signedIn = true
        #expect(screens.resumeResolving() == [.home, .photo("sound")])
    }

    @Test func theAwaitedStackHoldsTheLinkOnceAndResumesItsStack() async {
        var signedIn = false
        var held = 0
        screens.onEvent = { event in if event.kind == .held { held += 1 } }
        screens.myapp.add(pattern: "/settings") { _ in .home }
        screens.myapp.add(pattern: "/settings/:page") { params async -> Screen? in
            params.string("page").map(Screen.photo)
        }
        screens.myapp.addGuard(for: "/settings/*") { _ async -> RouteGuardDecision in
            signedIn ? .proceed : .hold
        }
        #expect(await screens.stack(for: "myapp://settings/privacy") == [])
        #expect(await screens.openStack(for: "myapp://settings/sound") == .held(by: "/settings/*"))
        #expect(held == 2)
        #expect(
            screens.keptURLs.map(\.absoluteString) == ["myapp://settings/privacy", "myapp://settings/sound"])
        signedIn = true
        #expect(await screens.resumeResolving() == [.home, .photo("privacy"), .home, .photo("sound")])
    }

    @Test func typedRoutesStackToo() {
        struct UserLink: TypedRoute, Hashable {
            static let pattern = "/profile/:id"
            var id: Int
        }
        struct PostLink: TypedRoute, Hashable {
            static let pattern = "/profile/:id/post/:pid"
            var id: Int
            var pid: Int
        }
        screens.myapp.add(UserLink.self) { .user($0.id) }
        screens.myapp.add(PostLink.self) { .post($0.pid) }
        #expect(screens.stack(for: "myapp://profile/1/post/2") == [.user(1), .post(2)])
    }

    func addAsyncComments() {
        screens.myapp.add(pattern: "/user/:id/post/:pid/comments") { params async -> Screen? in
            await Task.yield()
            return .photo("comments")
        }
    }

    @Test func asyncClosuresAreAwaited() async {
        addAsyncComments()
        #expect(
            await screens.stack(for: "myapp://user/42/post/7/comments") == [
                .user(42), .post(7), .photo("comments"),
            ])
    }

    @Test func theSynchronousFormCannotAwait() {
        addAsyncComments()
        // The last one needs `await`: left out.
        #expect(screens.stack(for: "myapp://user/42/post/7/comments") == [.user(42), .post(7)])
    }
}
