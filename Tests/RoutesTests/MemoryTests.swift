import Foundation
import Testing

@testable import Routes

/// Removing routes releases their handlers (and what the handlers capture), and routing keeps
/// nothing alive once it returns. Each test registers a handler that captures a `MemoryProbe`,
/// keeps only a weak reference to the probe, and checks when it goes away.
@Suite struct MemoryTests {
    let router = Router()

    @Test func unregisteringASchemeReleasesItsHandlers() {
        let probe = MemoryTests.register(in: router.alpha, pattern: "/a")
        let other = MemoryTests.register(in: router.beta, pattern: "/a")
        let table = WeakTable(router.alpha)
        #expect(router.route(to: "alpha://a"))
        #expect(probe.isAlive)
        router.unregister(scheme: "ALPHA")
        #expect(!probe.isAlive)
        #expect(table.table == nil)
        #expect(other.isAlive)
    }

    @Test func unregisteringTheGlobalSchemeReleasesItsHandlers() {
        let probe = MemoryTests.register(in: router.default, pattern: "/a")
        router.default.unmatchedHandler = MemoryProbe.unmatchedHandler(probe.capture())
        let unmatched = probe.lastCaptured
        #expect(router.route(to: "myapp://a"))
        router.unregister(scheme: Router.defaultScheme)
        #expect(!probe.isAlive)
        #expect(unmatched.probe == nil)
    }

    @Test func unregisterAllReleasesEveryHandler() {
        let probes = [
            MemoryTests.register(in: router.default, pattern: "/a"),
            MemoryTests.register(in: router.alpha, pattern: "/a(/:b)"),
            MemoryTests.register(in: router.beta, pattern: "/*"),
        ]
        let tables = [WeakTable(router.default), WeakTable(router.alpha), WeakTable(router.beta)]
        #expect(router.route(to: "alpha://a/b"))
        #expect(router.route(to: "beta://x"))
        #expect(probes.allSatisfy { $0.isAlive })
        router.unregisterAll()
        #expect(probes.allSatisfy { !$0.isAlive })
        #expect(tables.allSatisfy { $0.table == nil })
    }

    @Test func removeAllReleasesHandlers() {
        let probes = (0..<10).map { MemoryTests.register(in: router.default, pattern: "/p\($0)/:x") }
        #expect(router.route(to: "myapp://p3/x"))
        router.default.removeAll()
        #expect(probes.allSatisfy { !$0.isAlive })
        #expect(router.default.definitions.isEmpty)
    }

    @Test func removingAPatternReleasesItsHandlerOnly() {
        let grouped = MemoryTests.register(in: router.default, pattern: "/a(/:b)(/:c)")
        let kept = MemoryTests.register(in: router.default, pattern: "/a/:b")
        #expect(router.route(to: "myapp://a/1/2"))
        router.default.remove(pattern: "/a(/:b)(/:c)")
        #expect(!grouped.isAlive)
        #expect(kept.isAlive)
        #expect(router.route(to: "myapp://a/1"))
        router.default.remove(pattern: "/a/:b")
        #expect(!kept.isAlive)
    }

    @Test func removingADefinitionReleasesItsHandler() {
        let probe = MemoryProbe()
        weak var weakDefinition: Definition?
        do {
            let definition = Definition(pattern: "/a", handler: MemoryProbe.handler(probe.capture()))
            weakDefinition = definition
            router.default.add(definition: definition)
            #expect(router.route(to: "myapp://a"))
            router.default.remove(definition: definition)
        }
        #expect(weakDefinition == nil)
        #expect(!probe.isAlive)
    }

    @Test func subscriptAssignmentReleasesTheReplacedHandler() {
        let first = MemoryProbe()
        let second = MemoryProbe()
        router.alpha["/home"] = MemoryProbe.handler(first.capture())
        #expect(router.route(to: "alpha://home"))
        router.alpha["/home"] = MemoryProbe.handler(second.capture())
        #expect(!first.isAlive)
        #expect(second.isAlive)
        #expect(router.route(to: "alpha://home"))
        router.alpha["/home"] = nil
        #expect(!second.isAlive)
    }

    @Test func routingKeepsNothingAlive() {
        // The handler runs, the route is removed: nothing routing made (parameters, caches, the
        // index) still holds the handler.
        let probe = MemoryTests.register(in: router.default, pattern: "/user/:id")
        let declining = MemoryProbe()
        router.default.add(
            pattern: "/user/:id", priority: 1,
            handler: MemoryProbe.handler(declining.capture(), accept: false))
        for index in 0..<100 {
            #expect(
                router.route(to: "myapp://user/\(index)?q=\(index)#f=\(index)", parameters: ["extra": index]))
            #expect(router.canRoute(to: "myapp://user/\(index)"))
        }
        router.default.remove(pattern: "/user/:id")
        #expect(!probe.isAlive)
        #expect(!declining.isAlive)
    }

    @Test func extraParametersAreNotKept() {
        router.default.add(pattern: "/a")
        router.default.unmatchedHandler = { _, _ in }
        let probe = MemoryProbe()
        do {
            let box = probe.capture()
            #expect(router.route(to: "myapp://a", parameters: ["box": box]))
            #expect(!router.route(to: "myapp://b", parameters: ["box": box]))
        }
        #expect(!probe.isAlive)
    }

    @Test func definitionsRemovedDuringAWalkAreReleasedAfterIt() {
        let probe = MemoryTests.register(in: router.default, pattern: "/a", accept: false)
        router.default.add(pattern: "/a", priority: 1) { [unowned router] _ in
            router.default.remove(pattern: "/a")
            return false
        }
        #expect(!router.route(to: "myapp://a"))
        #expect(!probe.isAlive)
    }

    // Regression (fixed in 3dc72f0): `RouteParameters` kept its `Definition` (and so the handler
    // and all it captures) alive. A handler that stores its parameters in something it captures
    // (an app's coordinator keeping the pending route; a test's `var captured`) made a cycle
    // Definition → handler → holder → RouteParameters → Definition that removing the route could
    // not break (the leak sanitizer reported it in three test files).
    @Test func storedParametersDoNotKeepTheirRouteAlive() {
        weak var weakHolder: MemoryHolder?
        weak var weakDefinition: Definition?
        do {
            let holder = MemoryHolder()
            weakHolder = holder
            weakDefinition =
                router.default.add(pattern: "/user/:id") { params in
                    holder.pending = params
                    return true
                }.first
            #expect(router.route(to: "myapp://user/7"))
            #expect(holder.pending?["id"] as? String == "7")
        }
        router.default.remove(pattern: "/user/:id")
        #expect(weakDefinition == nil)
        #expect(weakHolder == nil)
        // Were it to fail, break the cycle so that the leak sanitizer does not report it again.
        weakHolder?.pending = nil
    }

    @Test func aRouterIsReleasedWithItsTablesAndHandlers() {
        weak var weakRouter: Router?
        var probes: [MemoryProbe] = []
        do {
            let router = Router()
            weakRouter = router
            probes.append(MemoryTests.register(in: router.default, pattern: "/a"))
            probes.append(MemoryTests.register(in: router.alpha, pattern: "/b/*"))
            router.alpha.shouldFallback = true
            router.logger = { _ in }
            // A handler that uses its router holds it weakly, as apps should.
            router.default.add(pattern: "/again") { [weak router] _ in router?.route(to: "myapp://a") ?? false
            }
            #expect(router.route(to: "alpha://again"))
        }
        #expect(weakRouter == nil)
        #expect(probes.allSatisfy { !$0.isAlive })
    }

    @Test func weakHandlersDoNotRetainTheirTarget() {
        weak var weakTarget: MemoryTarget?
        do {
            let target = MemoryTarget()
            weakTarget = target
            router.default.add(pattern: "/t", handler: RouteHandlers.weak(target))
            router.default.add(
                pattern: "/u",
                handler: RouteHandlers.weak(target) { target, _ in
                    target.handled += 1
                    return true
                })
            #expect(router.route(to: "myapp://t"))
            #expect(router.route(to: "myapp://u"))
            #expect(target.handled == 2)
        }
        #expect(weakTarget == nil)
        #expect(!router.route(to: "myapp://t"))
    }

    /// Registers a handler that captures a new object; returns the probe watching that object.
    static func register(in table: RouteTable, pattern: String, accept: Bool = true) -> MemoryProbe {
        let probe = MemoryProbe()
        table.add(pattern: pattern, handler: MemoryProbe.handler(probe.capture(), accept: accept))
        return probe
    }
}

// MARK: - Helpers

/// The object a handler captures.
final class MemoryCaptured {}

/// Watches the objects it hands out.
final class MemoryProbe {
    private var captured: [Weak] = []

    final class Weak {
        weak var probe: MemoryCaptured?
        init(_ probe: MemoryCaptured) { self.probe = probe }
    }

    /// A new object to capture, watched weakly.
    func capture() -> MemoryCaptured {
        let object = MemoryCaptured()
        captured.append(Weak(object))
        return object
    }

    /// The weak reference to the last object handed out.
    var lastCaptured: Weak { captured[captured.count - 1] }

    /// Whether any object handed out is still alive.
    var isAlive: Bool { captured.contains { $0.probe != nil } }

    /// A handler that holds `object` strongly.
    static func handler(_ object: MemoryCaptured, accept: Bool = true) -> RouteHandler {
        { _ in
            withExtendedLifetime(object) {}
            return accept
        }
    }

    static func unmatchedHandler(_ object: MemoryCaptured) -> (URL, [String: Any]) -> Void {
        { _, _ in withExtendedLifetime(object) {} }
    }
}

/// A table watched weakly.
final class WeakTable {
    weak var table: RouteTable?
    init(_ table: RouteTable) { self.table = table }
}

/// Something a handler captures and stores its parameters in, as an app's coordinator might.
final class MemoryHolder {
    var pending: RouteParameters?
}

final class MemoryTarget: RouteHandlerTarget {
    var handled = 0

    func handleRoute(with parameters: RouteParameters) -> Bool {
        handled += 1
        return true
    }
}
