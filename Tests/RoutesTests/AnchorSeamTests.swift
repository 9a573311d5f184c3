import Foundation
import Testing

@testable import Routes

/// Where web anchors meet redirects, lint, the universal-links file and guards that hold links:
/// a hostile review of issue 35's web anchors and `RouteMap.open`.
@MainActor @Suite struct AnchorSeamTests {
    // MARK: A redirect out of a table that reads anchors

    /// `https://example.com/p/7#comments` gave the target `myapp://post/7#comments`, which the
    /// table of `myapp` (no hosts) reads as `id = "7#comments"`.
    @Test func aRedirectIntoATableWithoutHostsDropsTheAnchorInsteadOfAppendingItToAValue() {
        let router = Router()
        router.https.hosts = ["example.com"]
        router.https.addRedirect(from: "/p/:id", to: "myapp://post/:id")
        var ids: [String] = []
        var anchors: [String?] = []
        router.myapp.add(pattern: "/post/:id") { params in
            ids.append(params.string("id") ?? "-")
            anchors.append(params.anchor)
            return params.int("id") != nil
        }
        var targets: [String] = []
        router.onEvent = { event in
            if case .redirected(let target) = event.kind { targets.append(target.absoluteString) }
        }
        #expect(router.route(to: "https://example.com/p/7#comments"))
        #expect(ids == ["7"])
        #expect(anchors == [nil])
        #expect(targets == ["myapp://post/7"])
    }

    @Test func aRedirectIntoATableThatReadsAnchorsKeepsTheAnchor() {
        let router = Router()
        router.https.hosts = ["example.com"]
        router.https.addRedirect(from: "/old/:id", to: "/post/:id")
        var read: [(String?, String?)] = []
        router.https.add(pattern: "/post/:id") { params in
            read.append((params.string("id"), params.anchor))
            return true
        }
        #expect(router.route(to: "https://example.com/old/7#comments"))
        #expect(read.map(\.0) == ["7"])
        #expect(read.map(\.1) == ["comments"])
    }

    // MARK: Lint and the universal-links file

    // MARK: A guard that holds a link

    /// A synchronous guard answered `.held(by: "/account(/*)")`, an `async` one the expansion
    /// `/account/*`, in the answer and in the `held` event.
    @Test func anAsyncGuardHoldsALinkUnderThePatternAsGiven() async {
        let screens = RouteMap<Int>()
        screens.myapp.add(pattern: "/account/:id") { params in params.int("id") }
        screens.myapp.addGuard(for: "/account(/*)") { _ async -> RouteGuardDecision in .hold }
        var patterns: [String?] = []
        screens.onEvent = { patterns.append($0.pattern) }
        let answer = await screens.open("myapp://account/1")
        #expect(answer == .held(by: "/account(/*)"))
        #expect(patterns == ["/account(/*)"])
    }

    @Test func aSyncGuardHoldsALinkUnderThePatternAsGiven() {
        let screens = RouteMap<Int>()
        screens.myapp.add(pattern: "/account/:id") { params in params.int("id") }
        screens.myapp.addGuard(for: "/account(/*)") { _ in .hold }
        var patterns: [String?] = []
        screens.onEvent = { patterns.append($0.pattern) }
        #expect(screens.open("myapp://account/1") == .held(by: "/account(/*)"))
        #expect(patterns == ["/account(/*)"])
    }
}
