import Foundation
import Routes
import RoutesTesting
import Testing

/// Review (rev37d) of commit ccaad70: how a link's outcome is read from the router's events
/// (`LinkOutcome.init(link:records:answer:in:)`, used by `check(links:)` and launch scripts), and
/// the resume steps of launch scripts (`LaunchRun.check(released:waiting:…)`). Checked against
/// CheckingALinkTable.md, SimulatingLaunchAndSignIn.md and the `///` docs of the link-table and
/// launch symbols.
///
/// Tests marked `// Finding (fixed) n:` showed behaviour that contradicted the docs, each fixed
/// since (the comment says what it was); the others are regression tests.
@MainActor @Suite struct ReviewAttributionTests: LaunchFixtures {
    typealias Screen = LaunchScreen

    // MARK: - Findings: link attribution

    // Finding (fixed) 1: a nested walk of the link's own URL that is redirected takes over the link.
    // CheckingALinkTable.md:117-121 — "A link is judged by its own routing: its URL, then each URL
    // its redirects send it to, up to the decision that ends it. What its handlers ... route
    // meanwhile ... is not the link's outcome" (also LinkOutcome.swift:29-31: "a handler that
    // routes the link's own URL again, before it answers, ends its nested walk first").
    // Here the handler of /a routes myapp://a again (say, with a refreshed session) and that
    // nested walk is redirected by a guard to /b. LinkOutcome follows the nested `redirected`
    // (`url = target` while no walk ended, LinkOutcome.swift:44), so the outer `routed` of
    // myapp://a by /a no longer matches the URL it looks for and is dropped: the link reads as
    // "redirected to myapp://b, then routed by /b" although `route(to:)` was answered by /a.
    @Test func aNestedWalkOfTheLinksURLThatIsRedirectedIsNotTheLinksRedirect() {
        let router = Router()
        var depth = 0
        var redirectNested = false
        router.myapp.add(pattern: "/a") { [unowned router] _ in
            depth += 1
            defer { depth -= 1 }
            if depth == 1 {
                redirectNested = true
                router.route(to: "myapp://a")
                redirectNested = false
            }
            return true
        }
        router.myapp.add(pattern: "/b") { _ in true }
        router.myapp.addGuard(for: "/a") { _ in redirectNested ? .redirect(to: "myapp://b") : .proceed }
        let report = router.check(links: [
            "myapp://a": .route(scheme: "myapp", pattern: "/a")
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
        let wrong = router.check(links: ["myapp://a": .redirected(to: "myapp://b")])
        #expect(!wrong.mismatches.isEmpty, "the link itself was never redirected: \(wrong)")
    }

    // Finding (fixed) 2: a redirect of the link that comes after a nested walk of its own URL ended is
    // lost. Same promise (CheckingALinkTable.md:117-121). The guard of /a, asked for the link,
    // first routes myapp://a itself (a nested walk, which the guard lets through), then redirects
    // the link to /b. The nested `routed` sets `end`, so the outer `redirected` no longer moves
    // the URL followed (`end == nil` is required, LinkOutcome.swift:44): /b's `routed` is left
    // out and the events are cut after the nested `routed`. The link reads "routed by /a";
    // `.redirected(to:)` and `.route(/b)` fail.
    @Test func aRedirectAfterANestedWalkOfTheLinksURLIsTheLinksRedirect() {
        let router = Router()
        var asking = false
        router.myapp.add(pattern: "/a") { _ in true }
        router.myapp.add(pattern: "/b") { _ in true }
        router.myapp.addGuard(for: "/a") { [unowned router] _ in
            if asking { return .proceed }
            asking = true
            defer { asking = false }
            router.route(to: "myapp://a")  // e.g. a preview opened before moving the link on
            return .redirect(to: "myapp://b")
        }
        let report = router.check(links: [
            "myapp://a": .redirected(to: "myapp://b"),
            "myapp://a": .route(scheme: "myapp", pattern: "/b"),
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
    }

    // Finding (fixed) 3: an unmatched handler that routes the link's own URL again is taken for the link.
    // CheckingALinkTable.md:118-121 ("What its handlers, guards, unmatched handler or observer
    // route meanwhile ... is not the link's outcome") and LinkExpectation.swift:31-32 ("every one
    // declines (the unmatched handler is called)"). Routes reports `unmatched` *before* it calls
    // the unmatched handler (Walk.swift, `callUnmatchedHandler`), so the handler's nested walk of
    // the same URL ends last, and "the LAST event that ends a walk" is the nested one. A common
    // pattern — load a feature's routes lazily on a miss, then route the URL again — turns the
    // link, whose `route(to:)` returned false, into "routed by /feature/:id".
    @Test func anUnmatchedHandlerThatRoutesTheLinkAgainLeavesItUnrouted() {
        func appRouter() -> Router {
            let router = Router()
            var loaded = false
            router.myapp.unmatchedHandler = { [unowned router] url, _ in
                guard !loaded else { return }
                loaded = true  // load the feature's routes on the first miss, then route again
                router.myapp.add(pattern: "/feature/:id") { _ in true }
                router.route(to: url)
            }
            return router
        }
        // The app's own call answers false: no route accepted the link.
        #expect(!appRouter().route(to: "myapp://feature/1"))
        let report = appRouter().check(links: ["myapp://feature/1": .unrouted])
        #expect(report.mismatches.isEmpty, "\(report)")
    }

    // Finding (fixed) 4: on the main actor, a link whose walk goes on in a task is read as ended when a
    // nested walk of its own URL ended before. CheckingALinkTable.md:123-126: "from `@MainActor`
    // code ... the walk goes on in a task after the check, and the report says so (no
    // expectation is met)". The first handler of /a routes myapp://a again (nested: it accepts)
    // and then declines; the outer walk reaches the `async` handler and goes on in a task. The
    // nested `routed` is the last ending event of the URL, so `decision` is not nil,
    // `continuesInTask` is false, and `.route(/a)` is met by the nested walk.
    @Test func aLinkThatGoesOnInATaskAfterANestedWalkOfItsURLSaysSo() async {
        let router = Router()
        var depth = 0
        var slowCalls = 0
        router.myapp.add(pattern: "/a", priority: 1) { [unowned router] _ in
            depth += 1
            defer { depth -= 1 }
            guard depth == 1 else { return true }
            router.route(to: "myapp://a")
            return false
        }
        let slow: AsyncRouteHandler = { _ in
            slowCalls += 1
            return true
        }
        router.myapp.add(pattern: "/a", handler: slow)
        let report = router.check(links: ["myapp://a": .route(scheme: "myapp", pattern: "/a")])
        #expect(
            report.mismatches.first?.actual.contains("continues in a task") == true, "\(report)")
        for _ in 0..<3 { await Task.yield() }
        #expect(slowCalls == 1)
    }

    // MARK: - Findings: resume steps

    // Finding (fixed) 5: a link a guard holds again during a resume, and that its own hold pushes out of a
    // small queue, is reported held. The queue drops "the oldest ... those held again first"
    // (RoutingQueue.dropExcess), so a link held again while the resume has a link queued behind
    // it (here the sign-in screen its guard routes) is dropped by its own hold: `held`, then
    // its *own* `dropped`. LinkOutcome skips "a `dropped` right after the link's `held`" as "an
    // older URL's drop" (LinkOutcome.swift:40-41), which it is not. The UI-ready step passes
    // `.held(by:)` although the link no longer waits (`keptURLs` is empty), and `.dropped` —
    // "a later link pushed it out of a full queue" (LinkExpectation.swift:66) — fails.
    @Test func aLinkHeldAgainThatItsOwnHoldDropsIsReportedDropped() {
        let router = Router()
        router.myapp.add(pattern: "/account/:tab") { _ in true }
        router.myapp.add(pattern: "/signin") { _ in true }
        router.myapp.addGuard(for: "/account/*") { [unowned router] _ in
            router.route(to: "myapp://signin")  // the app shows sign-in, then holds the link
            return .hold
        }
        let report = router.run(script: [
            .launch(suspended: true, keepingAtMost: 1),
            .open("myapp://account/orders", expect: .kept),
            .uiReady(expect: [
                "myapp://account/orders": .dropped,
                "myapp://signin": Self.signIn,
            ]),
            .waiting([]),
        ])
        #expect(router.keptURLs.isEmpty)
        #expect(report.isEmpty, "\(report)")
    }

    // Finding (fixed) 6: a `.stack` expectation of a resume step is met by a stack link that is held again.
    // SimulatingLaunchAndSignIn.md:75-78: "a link it did not route (or that still waits: held
    // again ...) ... [is] reported"; LinkExpectation.swift:79-80: "an empty one expects that nothing
    // resolves". Router+RunScript.swift:309-310 (`case .stack: return true`) leaves a stack to the
    // values, and the values of a held stack (none) are those of `.stack([])`: the step passes
    // for a link that still waits. A link table tells the two apart (`held by the guard`).
    @Test func aStackHeldAgainByAResumeDoesNotMeetAnEmptyStack() {
        var isUnlocked = false
        let map = RouteMap<Screen>()
        map.myapp.add(pattern: "/vault/:id") { $0.int("id").map(Screen.vault) }
        map.myapp.add(pattern: "/vault/:id/item/:item") { $0.int("item").map(Screen.item) }
        map.myapp.addGuard(for: "/vault/:id") { _ in isUnlocked ? .proceed : .hold }
        let link = "myapp://vault/1/item/2"
        // In a table, a held stack is not the empty stack.
        let table = map.check(links: [link: .stack([])])
        #expect(!table.mismatches.isEmpty, "\(table)")
        _ = map.resumeResolving()
        map.discardKeptURLs()
        let report = map.run(script: [
            .launch(suspended: true),
            .openStack(link, expect: .kept),
            .uiReady(expect: [link: .stack([])]),
        ])
        #expect(map.keptURLs.map(\.absoluteString) == [link])
        #expect(!report.isEmpty, "the stack still waits: \(report)")
        isUnlocked = true
    }

    // Finding (fixed) 7: a waiting link that the resume itself drops (a handler signs out while resuming)
    // is reported "not routed: nothing kept or held it", and `.dropped` is never met in a resume
    // step. LinkExpectation.swift:64-67: "The link leaves the router's queue unrouted ... or the app
    // discarded it"; SimulatingLaunchAndSignIn.md:131-132: a mismatch says "what happened". The
    // link was kept (it is in `waiting`) and its `dropped` is among the step's events, but
    // `check(released:)` only looks for a `resumed` of it (Router+RunScript.swift:204-211).
    @Test func aWaitingLinkDroppedWhileResumingIsReportedDropped() {
        let router = Router()
        var isSignedIn = false
        router.myapp.add(pattern: "/account/:tab") { [unowned router] params in
            if params.string("tab") == "expired" {
                // The session turned out to be expired: the app signs out.
                isSignedIn = false
                router.discardKeptURLs()
                return true
            }
            return true
        }
        router.myapp.addGuard(for: "/account/*") { _ in isSignedIn ? .proceed : .hold }
        let report = router.run(script: [
            .open("myapp://account/expired", expect: .held(by: "/account/*")),
            .open("myapp://account/orders", expect: .held(by: "/account/*")),
            .signIn(expect: [
                "myapp://account/expired": Self.account,
                "myapp://account/orders": .dropped,
            ]) { isSignedIn = true },
            .waiting([]),
        ])
        #expect(report.steps[2].events.contains { $0.kind == .dropped })
        #expect(report.isEmpty, "\(report)")
        #expect(!report.description.contains("nothing kept or held it"), "\(report)")
    }

    // Finding (fixed) 8: a link that waited when the resume began, that the step does not list and that
    // the resume did not route, is not reported. Router+RunScript.swift:188-189: "The step's
    // links are those that `waiting` lists (the router's queue when the resume began): each is
    // checked, listed or not"; SimulatingLaunchAndSignIn.md:76-78: "a link that waited and that
    // the step does not list ... [is] reported". The loop that reports unlisted links
    // (Router+RunScript.swift:226) only walks the links the resume *resumed*: a waiting link that
    // a handler's sign-out dropped, or that still waits because a handler suspended the router
    // again, passes unseen — the step reads "as expected" while a link the user opened is lost.
    @Test func aWaitingLinkTheResumeDidNotRouteIsReportedWhenNotListed() {
        let router = Router()
        var isSignedIn = false
        router.myapp.add(pattern: "/account/:tab") { [unowned router] params in
            if params.string("tab") == "expired" {
                isSignedIn = false
                router.discardKeptURLs()
            }
            return true
        }
        router.myapp.addGuard(for: "/account/*") { _ in isSignedIn ? .proceed : .hold }
        let dropped = router.run(script: [
            .open("myapp://account/expired", expect: .held(by: "/account/*")),
            .open("myapp://account/orders", expect: .held(by: "/account/*")),
            .signIn(expect: ["myapp://account/expired": Self.account]) { isSignedIn = true },
        ])
        #expect(
            dropped.mismatches.contains { $0.link == "myapp://account/orders" },
            "orders waited and was dropped by the resume: \(dropped)")

        let suspending = Router()
        suspending.myapp.add(pattern: "/user/:id") { _ in true }
        suspending.myapp.add(pattern: "/background") { [unowned suspending] _ in
            suspending.suspend()
            return true
        }
        let stillWaits = suspending.run(script: [
            .launch(suspended: true),
            .open("myapp://background", expect: .kept),
            .open("myapp://user/1", expect: .kept),
            .uiReady(expect: ["myapp://background": .route(scheme: "myapp", pattern: "/background")]),
        ])
        #expect(suspending.keptURLs.map(\.absoluteString) == ["myapp://user/1"])
        #expect(
            stillWaits.mismatches.contains { $0.link == "myapp://user/1" },
            "user/1 waited and still waits: \(stillWaits)")
    }

    // Finding (fixed) 9: a map's value closure that opens another link while the resume drains breaks the
    // step's values, though the step need not list that link. SimulatingLaunchAndSignIn.md:78-80:
    // "A link that a handler or observer routes while the resume drains is kept and routed by the
    // same resume: the step may list it, and otherwise it is among the step's events only." The
    // related profile opened by /user/7's closure is resumed by the same `resumeResolving()`,
    // which returns its value too; when every listed link expects `.value`/`.stack`, the values
    // are compared whole (Router+RunScript.swift:288-291), so the unlisted link's value is a
    // mismatch: "expected: resumeResolving() gives [user(7)], actual: ... [user(7), user(8)]".
    @Test func aValueOfALinkOpenedMeanwhileIsNotAMismatchWhenUnlisted() {
        let map = RouteMap<Screen>()
        map.myapp.add(pattern: "/user/:id") { [unowned map] params in
            let id = params.int("id")
            if id == 7 { _ = map.open("myapp://user/8") }  // prefetch a related profile
            return id.map(Screen.user)
        }
        let report = map.run(script: [
            .launch(suspended: true),
            .open("myapp://user/7", expect: .kept),
            .uiReady(expect: ["myapp://user/7": .value(.user(7))]),
        ])
        #expect(report.isEmpty, "\(report)")
        // Listed, it passes.
        let listed = map.run(script: [
            .launch(suspended: true),
            .open("myapp://user/7", expect: .kept),
            .uiReady(expect: ["myapp://user/7": .value(.user(7)), "myapp://user/8": .value(.user(8))]),
        ])
        #expect(listed.isEmpty, "\(listed)")
    }

    // Finding (fixed) 10 (minor): a link caught in a redirect loop meets no expectation but
    // `.redirected(to:)`, which a working redirect meets too. CheckingALinkTable.md:83:
    // "`unrouted`: no route accepts the link (none matches, or all decline)"; the report itself
    // reads "more than 8 redirects: not routed" and `route(to:)` returns false. LinkOutcome's
    // `.unrouted` accepts only `unmatched` (LinkOutcome.swift:97-98), not `redirectLimitReached`,
    // so a table cannot pin "this link is not routed" for a loop. Either `.unrouted` should be
    // met, or the docs should say a loop is not `unrouted`.
    @Test func aRedirectLoopReachesTheLimitAndIsUnrouted() {
        let router = Router()
        router.myapp.addRedirect(from: "/ping", to: "/pong")
        router.myapp.addRedirect(from: "/pong", to: "/ping")
        #expect(!router.route(to: "myapp://ping"))
        let report = router.check(links: [
            "myapp://ping": .unrouted,
            "myapp://ping": .redirected(to: "myapp://pong"),
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
        let wrong = router.check(links: ["myapp://ping": .route(scheme: "myapp", pattern: "/ping")])
        #expect(wrong.mismatches.first?.actual.contains("more than 8 redirects") == true, "\(wrong)")
    }

    // MARK: - Regression: link attribution

    /// A chain of redirects, across schemes, is the link's: each target, then the route.
    @Test func aRedirectChainAcrossSchemesIsTheLinks() {
        let router = Router()
        router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        router.myapp.addRedirect(from: "/user/:id", to: "other://profile/:id", priority: 1)
        router.other.add(pattern: "/profile/:id") { _ in true }
        let report = router.check(links: [
            "myapp://u/7": .redirected(to: "myapp://user/7"),
            "myapp://u/7": .redirected(to: "other://profile/7"),
            "myapp://u/7": .route(scheme: "other", pattern: "/profile/:id"),
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
    }

    /// A guard that redirects: the redirect and the route it reaches are the link's.
    @Test func aGuardThatRedirectsSendsTheLinkOn() {
        let router = Router()
        router.myapp.add(pattern: "/old/:id") { _ in true }
        router.myapp.add(pattern: "/new/:id") { _ in true }
        router.myapp.addGuard(for: "/old/:id") { params in
            .redirect(to: "myapp://new/\(params.string("id") ?? "")")
        }
        let report = router.check(links: [
            "myapp://old/3": .redirected(to: "myapp://new/3"),
            "myapp://old/3": .route(scheme: "myapp", pattern: "/new/:id"),
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
    }

    /// A handler that routes its own link again, nested two levels deep, each level declining
    /// after the nested call: the link's own walk (outermost) is judged.
    @Test func nestedWalksOfTheSameURLAtThreeDepthsLeaveTheOutermost() {
        let router = Router()
        var depth = 0
        router.myapp.add(pattern: "/item/:id", priority: 1) { [unowned router] _ in
            depth += 1
            defer { depth -= 1 }
            if depth < 3 { router.route(to: "myapp://item/1") }
            return depth == 3  // the innermost accepts; the others decline
        }
        router.myapp.add(pattern: "/item/*") { _ in depth == 0 }
        let report = router.check(links: [
            "myapp://item/1": .route(scheme: "myapp", pattern: "/item/*")
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
    }

    /// The redirect target's handler routes the link's first URL again: the chain's own decision
    /// is kept.
    @Test func aTargetsHandlerThatRoutesTheLinkAgainKeepsTheChainsDecision() {
        let router = Router()
        var depth = 0
        router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        router.myapp.add(pattern: "/user/:id") { [unowned router] _ in
            depth += 1
            defer { depth -= 1 }
            if depth == 1 { router.route(to: "myapp://u/7") }
            return true
        }
        let report = router.check(links: [
            "myapp://u/7": .redirected(to: "myapp://user/7"),
            "myapp://u/7": .route(scheme: "myapp", pattern: "/user/:id"),
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
    }

    /// The same link held twice with a queue of one: the second push the first out, and both
    /// are reported held; kept twice while suspended, both kept; with a limit of 0, dropped.
    @Test func theSameLinkHeldOrKeptTwiceWithASmallQueue() {
        let router = Router()
        router.myapp.add(pattern: "/account/:tab") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in .hold }
        router.suspend(keepingAtMost: 1)
        router.resume()
        let held = router.check(links: [
            "myapp://account/orders": .held(by: "/account/*"),
            "myapp://account/orders": .held(by: "/account/*"),
        ])
        #expect(held.mismatches.isEmpty, "\(held)")
        #expect(router.keptURLs.count == 1)
        router.discardKeptURLs()
        router.suspend(keepingAtMost: 1)
        let kept = router.check(links: [
            "myapp://account/orders": .kept,
            "myapp://account/orders": .kept,
        ])
        #expect(kept.mismatches.isEmpty, "\(kept)")
        router.suspend(keepingAtMost: 0)
        let dropped = router.check(links: ["myapp://account/orders": .dropped])
        #expect(dropped.mismatches.isEmpty, "\(dropped)")
    }

    /// A link redirected to a URL that a guard holds, pushing out an older held copy of the
    /// link's first URL: held, not dropped.
    @Test func aRedirectedLinkHeldPushingOutItsOwnFirstURLIsHeld() {
        let router = Router()
        var redirect = false
        router.myapp.add(pattern: "/a") { _ in true }
        router.myapp.add(pattern: "/b") { _ in true }
        router.myapp.addGuard(for: "/a") { _ in redirect ? .redirect(to: "myapp://b") : .hold }
        router.myapp.addGuard(for: "/b") { _ in .hold }
        router.suspend(keepingAtMost: 1)
        router.resume()
        let first = router.check(links: ["myapp://a": .held(by: "/a")])
        redirect = true
        let second = router.check(links: ["myapp://a": .held(by: "/b")])
        #expect(first.mismatches.isEmpty, "\(first)")
        #expect(second.mismatches.isEmpty, "\(second)")
        #expect(router.keptURLs.map(\.absoluteString) == ["myapp://b"])
    }

    /// An observer that routes the link's own URL when it is held, and one link routed twice
    /// in a table: each check is the link's own walk.
    @Test func anObserverThatRoutesTheHeldLinkAgainLeavesItHeld() {
        let router = Router()
        var isSignedIn = false
        router.myapp.add(pattern: "/account/:tab") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in isSignedIn ? .proceed : .hold }
        router.onEvent = { [unowned router] event in
            guard event.kind == .held, !isSignedIn else { return }
            isSignedIn = true  // an auto sign-in, then the link again
            router.route(to: event.url)
            isSignedIn = false
        }
        let report = router.check(links: [
            "myapp://account/orders": .held(by: "/account/*"),
            "myapp://account/orders": .held(by: "/account/*"),
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
    }

    /// A map's stack whose prefix's value closure opens the link itself: the stack is the
    /// answer, and the nested open does not change it.
    @Test func aStackWhosePrefixOpensTheLinkIsJudgedByItsAnswer() {
        let map = RouteMap<Screen>()
        var depth = 0
        map.myapp.add(pattern: "/user/:id") { [unowned map] params in
            depth += 1
            defer { depth -= 1 }
            if depth == 1 { _ = map.open("myapp://user/7/post/3") }
            return params.int("id").map(Screen.user)
        }
        map.myapp.add(pattern: "/user/:id/post/:post") { $0.string("post").map(Screen.post) }
        let report = map.check(links: [
            "myapp://user/7/post/3": .stack([.user(7), .post("3")]),
            "myapp://user/7/post/3": .value(.post("3")),
            "myapp://user/7": .value(.user(7)),
        ])
        #expect(report.mismatches.isEmpty, "\(report)")
    }

    /// An async guard on the main actor: the link goes on in a task, and the report says so.
    @Test func anAsyncGuardOnTheMainActorGoesOnInATask() async {
        let router = Router()
        router.myapp.add(pattern: "/a") { _ in true }
        let slow: AsyncRouteGuard = { _ in .proceed }
        router.myapp.addGuard(for: "/a", slow)
        let report = router.check(links: ["myapp://a": .route(scheme: "myapp", pattern: "/a")])
        #expect(report.mismatches.first?.actual.contains("continues in a task") == true, "\(report)")
        for _ in 0..<3 { await Task.yield() }
    }

    // MARK: - Regression: resume steps

    /// The same link kept three times: listed once, the two others are each "not routed by this
    /// step"; listed three times, the step passes.
    @Test func theSameLinkKeptThreeTimesIsCheckedOncePerListing() {
        let router = Router()
        router.myapp.add(pattern: "/user/:id") { _ in true }
        let once = router.run(script: [
            .launch(suspended: true),
            .open("myapp://user/1", expect: .kept),
            .open("myapp://user/1", expect: .kept),
            .open("myapp://user/1", expect: .kept),
            .uiReady(expect: ["myapp://user/1": Self.user]),
        ])
        #expect(
            Self.lines(once) == [
                "5 myapp://user/1 | not routed by this step | routed by /user/:id in myapp",
                "5 myapp://user/1 | not routed by this step | routed by /user/:id in myapp",
            ], "\(once)")
        let thrice = router.run(script: [
            .launch(suspended: true),
            .open("myapp://user/1", expect: .kept),
            .open("myapp://user/1", expect: .kept),
            .open("myapp://user/1", expect: .kept),
            .uiReady(expect: [
                "myapp://user/1": Self.user, "myapp://user/1": Self.user, "myapp://user/1": Self.user,
            ]),
        ])
        #expect(thrice.isEmpty, "\(thrice)")
    }

    /// A handler routes, while the resume drains, a URL that also waits: the waiting copy is the
    /// step's; the copy routed meanwhile may be listed, or is only among the events.
    @Test func aLinkRoutedMeanwhileThatSharesAWaitingLinksURL() {
        func makeRouter() -> (Router, () -> [String]) {
            let router = Router()
            var opened: [String] = []
            router.myapp.add(pattern: "/user/:id") { [unowned router] params in
                let id = params.string("id") ?? ""
                opened.append(id)
                if id == "1" { router.route(to: "myapp://user/2") }  // a related profile
                return true
            }
            return (router, { opened })
        }
        let (router, opened) = makeRouter()
        let report = router.run(script: [
            .launch(suspended: true),
            .open("myapp://user/1", expect: .kept),
            .open("myapp://user/2", expect: .kept),
            .uiReady(expect: ["myapp://user/1": Self.user, "myapp://user/2": Self.user]),
            .waiting([]),
        ])
        #expect(report.isEmpty, "\(report)")
        #expect(opened() == ["1", "2", "2"])
        let (again, _) = makeRouter()
        let listedTwice = again.run(script: [
            .launch(suspended: true),
            .open("myapp://user/1", expect: .kept),
            .open("myapp://user/2", expect: .kept),
            .uiReady(expect: [
                "myapp://user/1": Self.user, "myapp://user/2": Self.user, "myapp://user/2": Self.user,
            ]),
        ])
        #expect(listedTwice.isEmpty, "\(listedTwice)")
        // In another order: only the matched links are compared.
        let (third, _) = makeRouter()
        let reordered = third.run(script: [
            .launch(suspended: true),
            .open("myapp://user/1", expect: .kept),
            .open("myapp://user/2", expect: .kept),
            .uiReady(expect: ["myapp://user/2": Self.user, "myapp://user/1": Self.user]),
        ])
        #expect(
            Self.lines(reordered) == [
                "4 - | routed in the order [myapp://user/2, myapp://user/1]"
                    + " | routed in the order [myapp://user/1, myapp://user/2]"
            ], "\(reordered)")
    }

    /// A guard that holds again: `.held` passes; `.route` says held; the link waits for the next
    /// resume, and one listed that never waited says "not routed".
    @Test func aGuardThatHoldsAgainDuringAResume() {
        let router = Router()
        var isSignedIn = false
        router.myapp.add(pattern: "/account/:tab") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in isSignedIn ? .proceed : .hold }
        let report = router.run(script: [
            .launch(suspended: true),
            .open("myapp://account/orders", expect: .kept),
            .uiReady(expect: ["myapp://account/orders": .held(by: "/account/*")]),
            .uiReady(expect: ["myapp://account/orders": Self.account]),
            .signIn(expect: ["myapp://account/orders": Self.account]) { isSignedIn = true },
            .waiting([]),
        ])
        #expect(
            Self.lines(report) == [
                "4 myapp://account/orders | routed by /account/:tab in myapp"
                    + " | held by the guard /account/* in myapp"
            ], "\(report)")
    }

    /// Sign-out drops what waits, in order; a link held after it is routed by the next sign-in.
    @Test func signOutDropsWhatWaitsAndTheNextSignInRoutesWhatIsHeldAfter() {
        let router = Router()
        var isSignedIn = false
        router.myapp.add(pattern: "/account/:tab") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in isSignedIn ? .proceed : .hold }
        let report = router.run(script: [
            .open("myapp://account/orders", expect: .held(by: "/account/*")),
            .open("myapp://account/billing", expect: .held(by: "/account/*")),
            .signOut(dropping: ["myapp://account/orders", "myapp://account/billing"]) {
                isSignedIn = false
            },
            .open("myapp://account/orders", expect: .held(by: "/account/*")),
            .signIn(expect: ["myapp://account/orders": Self.account]) { isSignedIn = true },
        ])
        #expect(report.isEmpty, "\(report)")
    }

    /// A map and a router run the same script alike; the map's values are compared in order.
    @Test func aMapAndARouterRunTheSameResume() {
        var isSignedIn = false
        let map = RouteMap<Screen>()
        map.myapp.add(pattern: "/user/:id") { $0.int("id").map(Screen.user) }
        map.myapp.add(pattern: "/user/:id/post/:post") { $0.string("post").map(Screen.post) }
        map.myapp.add(pattern: "/account/:tab") { $0.string("tab").map(Screen.account) }
        map.myapp.addGuard(for: "/account/*") { _ in isSignedIn ? .proceed : .hold }
        let report = map.run(script: [
            .launch(suspended: true),
            .open("myapp://account/orders", expect: .kept),
            .openStack("myapp://user/7/post/3", expect: .kept),
            .open("myapp://user/7", expect: .kept),
            .uiReady(expect: [
                "myapp://account/orders": .held(by: "/account/*"),
                "myapp://user/7/post/3": .stack([.user(7), .post("3")]),
                "myapp://user/7": .value(.user(7)),
            ]),
            .signIn(expect: ["myapp://account/orders": .value(.account("orders"))]) { isSignedIn = true },
        ])
        #expect(report.isEmpty, "\(report)")
        // A wrong stack is caught by the values.
        isSignedIn = false
        let wrong = map.run(script: [
            .launch(suspended: true),
            .openStack("myapp://user/7/post/3", expect: .kept),
            .uiReady(expect: ["myapp://user/7/post/3": .stack([.user(7), .post("4")])]),
        ])
        #expect(!wrong.isEmpty, "\(wrong)")
    }

    /// A link whose resume goes on in a task, and one behind it that the task routes: the
    /// first says "task", the second "still waits for the next resume".
    @Test func aLinkBehindAResumeThatGoesOnInATaskStillWaits() async {
        let router = Router()
        router.myapp.add(pattern: "/user/:id") { _ in true }
        let slow: AsyncRouteHandler = { _ in true }
        router.myapp.add(pattern: "/slow", handler: slow)
        let report = router.run(script: [
            .launch(suspended: true),
            .open("myapp://slow", expect: .kept),
            .open("myapp://user/1", expect: .kept),
            .uiReady(expect: [
                "myapp://slow": .route(scheme: "myapp", pattern: "/slow"),
                "myapp://user/1": Self.user,
            ]),
        ])
        let actual = report.mismatches.map(\.actual)
        #expect(actual.count == 2, "\(report)")
        #expect(actual.first?.contains("continues in a task") == true, "\(report)")
        #expect(actual.last?.hasPrefix("still waits for the next resume") == true, "\(report)")
        for _ in 0..<5 { await Task.yield() }
        #expect(router.keptURLs.isEmpty)
    }
}
