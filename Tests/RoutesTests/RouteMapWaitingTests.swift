import Foundation
import Testing

@testable import Routes

/// `RouteMap.open(_:)` and `openStack(for:)`: a link answered now, or kept while the map is
/// suspended or a guard holds it, and told apart from a link with no route; and
/// `resumeResolving()`, which answers each waiting link as the call that kept it would have.
@MainActor @Suite struct RouteMapWaitingTests {
    enum Screen: Equatable {
        case home
        case account(String)
        case user(Int)
        case post(Int)
    }

    let screens = RouteMap<Screen>()
    let signedIn = Flag()

    /// A flag the guards read, shared with the test.
    final class Flag {
        var isOn = false
    }

    init() {
        screens.myapp.add(pattern: "/home") { _ in .home }
        screens.myapp.add(pattern: "/account/:tab") { params in params.string("tab").map(Screen.account) }
        screens.myapp.add(pattern: "/user/:id") { params in params.int("id").map(Screen.user) }
        screens.myapp.add(pattern: "/user/:id/post/:pid") { params in params.int("pid").map(Screen.post) }
        screens.myapp.addGuard(for: "/account/*") { [signedIn] _ in signedIn.isOn ? .proceed : .hold }
        screens.myapp.addGuard(for: "/admin(/*)") { _ in .refuse }
        screens.myapp.add(pattern: "/admin") { _ in .home }
    }

    // MARK: - Telling a link that waits from one with no route (issue 35, item 16)

    /// Issue 35, item 16: a held link and a link with no route both resolved to `nil`: an app
    /// could not tell "wait" from "nothing here" without an observer.
    @Test func openTellsAHeldLinkFromOneWithNoRoute() {
        #expect(screens.resolve("myapp://account/orders") == nil)
        #expect(screens.resolve("myapp://nowhere") == nil)
        #expect(screens.open("myapp://account/billing") == .held(by: "/account/*"))
        #expect(screens.open("myapp://nowhere") == .unresolved)
        #expect(screens.open("myapp://user/me") == .unresolved)  // every route declines
        #expect(screens.open("myapp://admin") == .unresolved)  // refused
        #expect(screens.open("not a url") == .unresolved)
        #expect(screens.open("myapp://user/7") == .resolved(.user(7)))
        signedIn.isOn = true
        #expect(screens.resumeResolving() == [.account("orders"), .account("billing")])
    }

    @Test func openStackTellsAHeldLinkFromOneWithNoRoute() {
        #expect(screens.openStack(for: "myapp://user/42/post/7") == .resolved([.user(42), .post(7)]))
        #expect(screens.openStack(for: "myapp://account/orders") == .held(by: "/account/*"))
        #expect(screens.openStack(for: "myapp://nowhere/1") == .unresolved)
        #expect(screens.openStack(for: "not a url") == .unresolved)
    }

    // MARK: - Keeping a link at a cold launch (issue 35, item 15)

    /// Issue 35, item 15: `resolve` and `stack(for:)` answer at once while the map is suspended,
    /// so a link that arrived at a cold launch could only be kept with `route(to:)`, and resumed
    /// as one value. `openStack(for:)` keeps it, and `resumeResolving()` gives its stack.
    @Test func openStackKeepsALinkAtColdLaunchAndResumingGivesItsStack() {
        screens.suspend()
        #expect(screens.stack(for: "myapp://user/42/post/7") == [.user(42), .post(7)])  // at once
        #expect(screens.openStack(for: "myapp://user/42/post/7", parameters: ["source": "push"]) == .kept)
        #expect(screens.keptLinks.map(\.url.absoluteString) == ["myapp://user/42/post/7"])
        #expect(screens.keptLinks.map { $0.parameters["source"] as? String } == ["push"])
        #expect(screens.resumeResolving() == [.user(42), .post(7)])
    }

    @Test func openKeepsALinkAtColdLaunchAndResumingGivesItsValue() {
        var events: [String] = []
        screens.onEvent = { events.append("\($0.kind) \($0.url.absoluteString)") }
        screens.suspend()
        #expect(screens.resolve("myapp://user/3") == .user(3))  // at once
        #expect(screens.open("myapp://user/3") == .kept)
        #expect(screens.open("myapp://nowhere") == .unresolved)  // not kept
        #expect(screens.open("myapp://user/4/post/5") == .kept)
        #expect(screens.openStack(for: "myapp://user/8/post/9") == .kept)
        #expect(screens.resumeResolving() == [.user(3), .post(5), .user(8), .post(9)])
        #expect(
            events.filter { $0.hasPrefix("kept") } == [
                "kept myapp://user/3", "kept myapp://user/4/post/5", "kept myapp://user/8/post/9",
            ])
    }

    /// A stack whose link matches nothing but one of its prefixes does is kept.
    @Test func aStackIsKeptWhenOnlyAPrefixMatches() {
        var unmatched: [String] = []
        screens.myapp.unmatchedHandler = { url, _ in unmatched.append(url.absoluteString) }
        screens.suspend()
        #expect(screens.openStack(for: "myapp://user/42/likes") == .kept)
        #expect(screens.openStack(for: "myapp://nowhere/1") == .unresolved)
        #expect(unmatched == ["myapp://nowhere/1"])
        #expect(screens.resumeResolving() == [.user(42)])
    }

    /// A link opened while `resumeResolving()` drains is kept behind the others, and this resume
    /// answers it.
    @Test func aLinkOpenedWhileResumingIsKeptBehindAndAnswered() {
        var opened: [RouteResolution<[Screen]>] = []
        screens.myapp.add(pattern: "/chain") { [screens] _ in
            opened.append(screens.openStack(for: "myapp://user/1/post/2"))
            return .home
        }
        screens.suspend()
        _ = screens.open("myapp://chain")
        #expect(screens.resumeResolving() == [.home, .user(1), .post(2)])
        #expect(opened == [.kept])
    }

    @Test func theAwaitedFormsKeepAndTellApart() async {
        screens.myapp.add(pattern: "/later/:id") { params async -> Screen? in
            params.int("id").map(Screen.user)
        }
        #expect(await screens.open("myapp://later/5") == .resolved(.user(5)))
        #expect(await screens.open("myapp://account/x") == .held(by: "/account/*"))
        #expect(await screens.open("myapp://nowhere") == .unresolved)
        screens.suspend()
        #expect(await screens.open("myapp://later/6") == .kept)
        #expect(await screens.openStack(for: "myapp://user/42/post/7") == .kept)
        signedIn.isOn = true
        #expect(await screens.resumeResolving() == [.account("x"), .user(6), .user(42), .post(7)])
    }

    /// The synchronous `open` stops at an `async` closure, as `resolve` does.
    @Test func theSynchronousOpenCannotAwait() async {
        screens.myapp.add(pattern: "/later/:id") { params async -> Screen? in
            params.int("id").map(Screen.user)
        }
        #expect(openSynchronously(screens, "myapp://later/5") == .unresolved)
    }
}

/// The synchronous `open`, called from a synchronous function.
@MainActor private func openSynchronously<Value>(_ map: RouteMap<Value>, _ url: String) -> RouteResolution<
    Value
> {
    map.open(url)
}
