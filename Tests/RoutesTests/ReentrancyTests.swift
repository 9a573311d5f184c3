import Foundation
import Testing

@testable import Routes

/// Handlers that change the router while it routes (the "Routing rules" article, *Re-entrancy*):
/// the walk under way uses the table as it was when that walk began, and a fallback walk of the
/// global table begins when the fallback begins. Each test names exactly which handlers run, in
/// which order.
@Suite struct ReentrancyTests {
    let router = Router()
    let log = ReentrancyLog()

    // MARK: Adding

    @Test func routesAddedDuringAWalkRunFromTheNextWalk() {
        let table = router.default
        table.add(pattern: "/a") { [log, unowned table] _ in
            log.append("first")
            table.add(pattern: "/a", priority: 10, handler: log.handler("added, priority 10"))
            table.add(pattern: "/:x", handler: log.handler("added, parameter"))
            return false
        }
        table.add(pattern: "/a", handler: log.handler("second"))
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["first", "second"])
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["added, priority 10"])
        #expect(table.definitions.map(\.pattern) == ["/a", "/a", "/a", "/:x"])
    }

    @Test func manyRoutesAddedDuringAWalk() {
        let table = router.default
        table.add(pattern: "/a") { [log, unowned table] _ in
            log.append("adder")
            for index in 0..<1000 {
                table.add(pattern: "/a/\(index)", handler: log.handler("added \(index)"))
            }
            table.add(pattern: "/a", priority: 1, handler: log.handler("added /a"))
            return false
        }
        table.add(pattern: "/:x", handler: log.handler("parameter"))
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["adder", "parameter"])
        #expect(router.route(to: "myapp://a/999"))
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["added 999", "added /a"])
    }

    // MARK: Removing

    @Test func aDefinitionRemovedDuringTheWalkStillRunsInThatWalk() {
        let table = router.default
        let second = Definition(pattern: "/a", handler: log.handler("second", accept: false))
        table.add(pattern: "/a") { [log, unowned table] _ in
            log.append("first")
            table.remove(definition: second)
            return false
        }
        table.add(definition: second)
        table.add(pattern: "/:x", handler: log.handler("third"))
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["first", "second", "third"])
        #expect(second.scheme == nil)
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["first", "third"])
    }

    @Test func aHandlerRemovesItsOwnDefinition() {
        let table = router.default
        let own = WeakDefinition()
        own.definition =
            table.add(pattern: "/a") { [log, unowned table] _ in
                log.append("self")
                if let definition = own.definition { table.remove(definition: definition) }
                return false
            }.first
        table.add(pattern: "/a", handler: log.handler("next"))
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["self", "next"])
        #expect(table.definitions.count == 1)
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["next"])
    }

    @Test func aHandlerRemovesItsOwnPatternWithAllItsExpansions() {
        let table = router.default
        table.add(pattern: "/a(/:b)") { [log, unowned table] params in
            log.append("group \(params.pattern)")
            table.remove(pattern: "/a(/:b)")
            return false
        }
        table.add(pattern: "/a/*", handler: log.handler("rest"))
        #expect(router.route(to: "myapp://a/x"))
        #expect(log.take() == ["group /a/:b", "rest"])
        #expect(table.definitions.map(\.pattern) == ["/a/*"])
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["rest"])
    }

    @Test func removeAllDuringTheWalk() {
        let table = router.default
        table.unmatchedHandler = { [log] url, _ in log.append("unmatched \(url.absoluteString)") }
        table.add(pattern: "/a") { [log, unowned table] _ in
            log.append("clearing")
            table.removeAll()
            return false
        }
        table.add(pattern: "/a", handler: log.handler("still asked"))
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["clearing", "still asked"])
        #expect(table.definitions.isEmpty)
        #expect(!router.route(to: "myapp://a"))
        #expect(log.take() == ["unmatched myapp://a"])
    }

    @Test func subscriptReplacesAndRemovesDuringTheWalk() {
        let table = router.default
        table["/a"] = { [log, unowned table] _ in
            log.append("old")
            table["/a"] = log.handler("new")
            return false
        }
        table.add(pattern: "/a", priority: -1, handler: log.handler("low"))
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["old", "low"])
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["new"])

        table["/b"] = { [log, unowned table] _ in
            log.append("removing itself")
            table["/b"] = nil
            return false
        }
        table.add(pattern: "/:x", priority: -1, handler: log.handler("parameter"))
        #expect(router.route(to: "myapp://b"))
        #expect(log.take() == ["removing itself", "parameter"])
        #expect(table["/b"] == nil)
        #expect(router.route(to: "myapp://b"))
        #expect(log.take() == ["parameter"])
    }

    @Test func aDefinitionMovedToAnotherTableDuringTheWalk() {
        let moved = Definition(pattern: "/a") { [log] params in
            log.append("moved in \(params.scheme)")
            return true
        }
        router.default.add(pattern: "/a") { [log, unowned router] _ in
            log.append("mover")
            router.default.remove(definition: moved)
            router.alpha.add(definition: moved)
            return false
        }
        router.default.add(definition: moved)
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["mover", "moved in \(Router.defaultScheme)"])
        #expect(moved.scheme == "alpha")
        #expect(router.route(to: "alpha://a"))
        #expect(log.take() == ["moved in alpha"])
    }

    // MARK: Tables

    @Test func unregisteringTheWalkedSchemeDuringTheWalk() {
        router.alpha.add(pattern: "/a") { [log, unowned router] _ in
            log.append("alpha 1")
            router.unregister(scheme: "alpha")
            return false
        }
        router.alpha.add(pattern: "/a", handler: log.handler("alpha 2"))
        router.default.add(pattern: "/a", handler: log.handler("global"))
        #expect(router.route(to: "alpha://a"))
        #expect(log.take() == ["alpha 1", "alpha 2"])
        #expect(router.schemes.isEmpty)
        #expect(router.route(to: "alpha://a"))
        #expect(log.take() == ["global"])
    }

    @Test func unregisteringTheWalkedSchemeThenFallingBack() {
        router.alpha.shouldFallback = true
        router.alpha.add(pattern: "/a") { [log, unowned router] _ in
            log.append("alpha")
            router.unregister(scheme: "alpha")
            return false
        }
        router.default.add(pattern: "/a", handler: log.handler("global"))
        #expect(router.route(to: "alpha://a"))
        #expect(log.take() == ["alpha", "global"])
    }

    @Test func unregisterAllDuringTheWalkThenFallingBack() {
        let alpha = router.alpha
        alpha.shouldFallback = true
        alpha.unmatchedHandler = { [log] _, _ in log.append("alpha unmatched") }
        router.default.unmatchedHandler = { [log] _, _ in log.append("global unmatched") }
        alpha.add(pattern: "/a") { [log, unowned router] _ in
            log.append("alpha 1")
            router.unregisterAll()
            return false
        }
        alpha.add(pattern: "/a", handler: log.handler("alpha 2", accept: false))
        router.default.add(pattern: "/a", handler: log.handler("old global"))
        // The fallback walk starts after unregisterAll: the new global table is empty. The
        // unmatched handler of the table where routing began runs once.
        #expect(!router.route(to: "alpha://a"))
        #expect(log.take() == ["alpha 1", "alpha 2", "alpha unmatched"])
        #expect(router.schemes.isEmpty)
        #expect(router.default.definitions.isEmpty)
        #expect(!router.route(to: "alpha://a"))
        #expect(log.take() == [])
    }

    @Test func unregisteringTheGlobalSchemeDuringItsWalk() {
        let old = router.default
        old.add(pattern: "/a") { [log, unowned router] _ in
            log.append("first")
            router.unregister(scheme: Router.defaultScheme)
            return false
        }
        old.add(pattern: "/a", handler: log.handler("second"))
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["first", "second"])
        #expect(router.default !== old)
        #expect(!router.route(to: "myapp://a"))
        #expect(log.take() == [])
    }

    @Test func theFallbackWalkSeesRoutesChangedBeforeItStarts() {
        router.alpha.shouldFallback = true
        router.alpha.unmatchedHandler = { [log] _, _ in log.append("unmatched") }
        let global = router.default
        let removed = global.add(pattern: "/a", handler: log.handler("removed global"))
        router.alpha.add(pattern: "/a") { [log, unowned global] _ in
            log.append("alpha")
            global.add(pattern: "/:x", handler: log.handler("added global", accept: false))
            for definition in removed { global.remove(definition: definition) }
            return false
        }
        #expect(!router.route(to: "alpha://a"))
        #expect(log.take() == ["alpha", "added global", "unmatched"])
    }

    @Test func aGlobalRouteRemovedDuringTheFallbackWalkStillRuns() {
        router.alpha.shouldFallback = true
        router.alpha.add(pattern: "/a", handler: log.handler("alpha", accept: false))
        let global = router.default
        let later = Definition(pattern: "/a", handler: log.handler("later global"))
        global.add(pattern: "/a") { [log, unowned global] _ in
            log.append("global remover")
            global.remove(definition: later)
            return false
        }
        global.add(definition: later)
        #expect(router.route(to: "alpha://a"))
        #expect(log.take() == ["alpha", "global remover", "later global"])
    }

    @Test func clearingTheRouterAndRegisteringAnewDuringTheWalk() {
        router.default.add(pattern: "/a") { [log, unowned router] _ in
            log.append("rebuilder")
            router.unregisterAll()
            router.default.add(pattern: "/a", handler: log.handler("rebuilt"))
            router.beta.add(pattern: "/b", handler: log.handler("rebuilt beta"))
            let nested = router.route(to: "myapp://a") && router.route(to: "beta://b")
            log.append("nested \(nested)")
            return false
        }
        router.default.add(pattern: "/a", handler: log.handler("original"))
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["rebuilder", "rebuilt", "rebuilt beta", "nested true", "original"])
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["rebuilt"])
    }

    // MARK: Routing while routing

    @Test func routingAnotherURLFromAHandler() {
        router.default.add(pattern: "/outer/:id") { [log, unowned router] params in
            log.append("outer \(params["id"] as? String ?? "?")")
            let inner = router.route(to: "myapp://inner/7?q=1")
            log.append("inner returned \(inner)")
            // The outer parameters are untouched by the nested walk.
            log.append(
                "outer still \(params["id"] as? String ?? "?") \(params.pattern) \(params["q"] == nil)")
            return true
        }
        router.default.add(pattern: "/inner/:id") { [log] params in
            log.append("inner \(params["id"] as? String ?? "?") \(params["q"] as? String ?? "?")")
            return true
        }
        #expect(router.route(to: "myapp://outer/1"))
        #expect(
            log.take() == ["outer 1", "inner 7 1", "inner returned true", "outer still 1 /outer/:id true"])
    }

    @Test func recursiveRouting() {
        router.default.add(pattern: "/depth/:n") { [log, unowned router] params in
            let n = Int(params["n"] as? String ?? "") ?? -1
            log.append("\(n)")
            return n == 0 || router.route(to: "myapp://depth/\(n - 1)")
        }
        #expect(router.route(to: "myapp://depth/50"))
        #expect(log.take() == (0...50).reversed().map(String.init))
    }

    @Test func aNestedWalkSeesTheTableAsItIsWhenItBegins() {
        let table = router.default
        let state = ReentrancyDepth()
        let b = Definition(pattern: "/a", handler: log.handler("B"))
        table.add(pattern: "/a") { [log, unowned router, unowned table] _ in
            guard state.depth == 0 else {
                log.append("A nested")
                return false
            }
            state.depth += 1
            log.append("A outer")
            table.remove(definition: b)
            log.append("nested \(router.route(to: "myapp://a"))")
            return false
        }
        table.add(definition: b)
        table.add(pattern: "/a", handler: log.handler("C"))
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["A outer", "A nested", "C", "nested true", "B"])
    }

    @Test func canRouteFromAHandlerSeesTheCurrentTable() {
        let table = router.default
        table.add(pattern: "/a") { [log, unowned router, unowned table] _ in
            log.append("before clearing: \(router.canRoute(to: "myapp://a"))")
            table.removeAll()
            log.append("after clearing: \(router.canRoute(to: "myapp://a"))")
            return false
        }
        table.add(pattern: "/a", handler: log.handler("second"))
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["before clearing: true", "after clearing: false", "second"])
    }

    @Test func theUnmatchedHandlerMayRouteAndRegister() {
        router.default.unmatchedHandler = { [log, unowned router] url, _ in
            log.append("unmatched \(url.absoluteString)")
            router.default.add(pattern: "/late", handler: log.handler("late"))
            log.append("nested \(router.route(to: "myapp://late"))")
        }
        #expect(!router.route(to: "myapp://late"))
        #expect(log.take() == ["unmatched myapp://late", "late", "nested true"])
        #expect(router.route(to: "myapp://late"))
        #expect(log.take() == ["late"])
    }

    // MARK: A map's links that wait: callbacks use the map re-entrantly

    /// A guard asked for a prefix of a stack may use the map: open and hold other links, resume,
    /// suspend. The stack under way holds its own link once, after the nested calls.
    @MainActor @Test func aGuardAskedForAStacksPrefixMayUseTheMap() {
        let screens = RouteMap<String>()
        var signedIn = false
        var nested: [String] = []
        screens.myapp.add(pattern: "/settings") { _ in "settings" }
        screens.myapp.add(pattern: "/settings/:page") { params in params.string("page") }
        screens.myapp.add(pattern: "/home") { _ in "home" }
        screens.myapp.addGuard(for: "/settings/*") { [unowned screens] params in
            if params.url.absoluteString == "myapp://settings", nested.isEmpty {
                nested.append("open \(screens.open("myapp://home"))")
                nested.append("stack \(screens.openStack(for: "myapp://settings/sound"))")
                nested.append("resumed \(screens.resumeResolving())")
                nested.append("kept \(screens.keptURLs.map(\.absoluteString))")
            }
            return signedIn ? .proceed : .hold
        }
        #expect(screens.openStack(for: "myapp://settings/privacy") == .held(by: "/settings/*"))
        #expect(
            nested == [
                "open resolved(\"home\")", "stack held(by: \"/settings/*\")", "resumed []",
                "kept [\"myapp://settings/sound\"]",
            ])
        #expect(
            screens.keptURLs.map(\.absoluteString) == ["myapp://settings/sound", "myapp://settings/privacy"])
        signedIn = true
        #expect(screens.resumeResolving() == ["settings", "sound", "settings", "privacy"])
    }

    /// An observer told that a stack was held may resume at once: the queue is consistent, and
    /// the resume answers the whole stack.
    @MainActor @Test func anObserverOfAHeldStackMayResumeIt() {
        let screens = RouteMap<String>()
        var signedIn = false
        var resumed: [[String]] = []
        screens.myapp.add(pattern: "/settings") { _ in "settings" }
        screens.myapp.add(pattern: "/settings/:page") { params in params.string("page") }
        screens.myapp.addGuard(for: "/settings/*") { _ in signedIn ? .proceed : .hold }
        screens.onEvent = { [unowned screens] event in
            guard event.kind == .held else { return }
            #expect(screens.keptLinks.map(\.url) == [event.url])
            signedIn = true  // the sign-in sheet, answered at once
            resumed.append(screens.resumeResolving())
        }
        #expect(screens.openStack(for: "myapp://settings/privacy") == .held(by: "/settings/*"))
        #expect(resumed == [["settings", "privacy"]])
        #expect(screens.keptURLs.isEmpty)
    }

    /// An observer told that `open` kept a link may resume, open and suspend again.
    @MainActor @Test func anObserverOfAKeptLinkMayUseTheMap() {
        let screens = RouteMap<String>()
        var log: [String] = []
        screens.myapp.add(pattern: "/a/:x") { params in params.string("x") }
        screens.onEvent = { [unowned screens] event in
            guard event.kind == .kept, event.url.absoluteString == "myapp://a/1" else { return }
            log.append("resumed \(screens.resumeResolving())")
            log.append("open \(screens.open("myapp://a/2"))")
            screens.suspend()
        }
        screens.suspend()
        #expect(screens.open("myapp://a/1") == .kept)
        #expect(log == ["resumed [\"1\"]", "open resolved(\"2\")"])
        #expect(screens.openStack(for: "myapp://a/3") == .kept)
        #expect(screens.resumeResolving() == ["3"])
    }
}

// MARK: - Helpers

/// Handler calls, in order.
final class ReentrancyLog {
    private var labels: [String] = []

    func append(_ label: String) { labels.append(label) }

    /// A handler that records `label` and answers `accept`.
    func handler(_ label: String, accept: Bool = true) -> RouteHandler {
        { [unowned self] _ in
            append(label)
            return accept
        }
    }

    /// The labels so far; starts a new list.
    func take() -> [String] {
        defer { labels = [] }
        return labels
    }
}

/// A definition a handler refers to without keeping it alive.
final class WeakDefinition {
    weak var definition: Definition?
}

final class ReentrancyDepth {
    var depth = 0
}
