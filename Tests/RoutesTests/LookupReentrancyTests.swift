import Foundation
import Testing

@testable import Routes

/// An app's parameter type runs while a lookup finds its matches (the one code of the app that
/// does): its closure may call any public API, and the lookup reads the table as it was when it
/// began (the "Routing rules" article, *Re-entrancy*). Several of these read freed memory before
/// (`swift test --sanitize=address` reported it) or crashed on an array index.
@Suite struct LookupReentrancyTests {
    /// The router a parameter type's closure reaches, and what the closures saw.
    final class Box: @unchecked Sendable {
        weak var router: Router?
        var log: [String] = []
        var calls = 0
    }

    /// A router whose global table reads braces, with `type` registered as `name`.
    static func router(_ box: Box, type name: String, _ type: @escaping @Sendable (String) -> Bool) -> Router
    {
        let router = Router()
        box.router = router
        router.addParameterType(name, accepts: type)
        router.default.options.insert(.extendedPatterns)
        return router
    }

    /// Before, the template automaton's arrays grew under the lookup reading them through
    /// pointers: a heap use after free.
    @Test func aParameterTypeThatRegistersATemplateInTheNodeBeingLookedUp() {
        let box = Box()
        let router = LookupReentrancyTests.router(box, type: "adds") { _ in
            if box.calls == 0 {
                box.calls += 1
                box.router?.default.add(pattern: "/p/{a}-new-{b}") { _ in
                    box.log.append("new")
                    return true
                }
            }
            return true
        }
        for index in 0..<8 {
            router.default.add(pattern: "/p/{a}-k\(index)-{b:adds}") { _ in
                box.log.append("k\(index)")
                return false
            }
        }
        #expect(!router.route(to: "myapp://p/x-k1-k2-k3-k4-k5-k6-k7-new-y"))
        #expect(box.log == ["k1", "k2", "k3", "k4", "k5", "k6", "k7"])
        box.log = []
        #expect(router.route(to: "myapp://p/x-k1-k2-k3-k4-k5-k6-k7-new-y"))
        #expect(box.log == ["k1", "k2", "k3", "k4", "k5", "k6", "k7", "new"])
    }

    /// Many templates registered during one lookup: every array of the node moves.
    @Test func aParameterTypeThatRegistersManyTemplatesDuringALookup() {
        let box = Box()
        let router = LookupReentrancyTests.router(box, type: "adds") { _ in
            if box.calls == 0, let router = box.router {
                box.calls += 1
                for index in 0..<5_000 {
                    router.default.add(pattern: "/p/{a}-zzzzzzzzzzzzzzzz\(index)-{b}") { _ in true }
                }
            }
            return true
        }
        for index in 0..<8 { router.default.add(pattern: "/p/{a}-k\(index)-{b:adds}") { _ in true } }
        let segment = String(repeating: "-k1-k2-k3-k4-k5-k6-k7", count: 500)
        #expect(router.canRoute(to: "myapp://p/x" + segment + "-y"))
        #expect(router.canRoute(to: "myapp://p/x-zzzzzzzzzzzzzzzz4999-y"))
        #expect(!router.canRoute(to: "myapp://p/x-zzzzzzzzzzzzzzzz5000-y"))
    }

    /// Before, a lookup of the same node from the closure stamped the keys the outer lookup had
    /// stamped: the outer one found a text it had reported again, and asked its route twice.
    @Test func aParameterTypeThatLooksUpTheSameNodeDoesNotMakeALookupAskARouteTwice() {
        let box = Box()
        let router = LookupReentrancyTests.router(box, type: "routes") { value in
            box.log.append(value)
            if box.calls == 0 {
                box.calls += 1
                _ = box.router?.canRoute(to: "myapp://p/x-k1-y")
            }
            return true
        }
        var asked: [String] = []
        for index in 0..<8 {
            router.default.add(pattern: "/p/{a}-k\(index)-{b:routes}") { _ in
                asked.append("k\(index)")
                return false
            }
        }
        #expect(!router.route(to: "myapp://p/x-k1-k1-y"))
        #expect(asked == ["k1"])
        #expect(box.log == ["k1-y", "y"])
    }

    /// Before, the search read new nodes of the index through the nodes it began with: literal
    /// routes registered from a check at the root were read past the end of its array.
    @Test func aParameterTypeThatRegistersLiteralRoutesDuringALookup() {
        let box = Box()
        let router = LookupReentrancyTests.router(box, type: "adds") { _ in
            if box.calls == 0, let router = box.router {
                box.calls += 1
                for index in 0..<1_000 {
                    router.default.add(pattern: "/q\(index)/r/s/t") { _ in
                        box.log.append("q\(index)")
                        return true
                    }
                }
            }
            return true
        }
        router.default.add(pattern: "/z1/a") { _ in true }
        router.default.add(pattern: "/z2/a") { _ in true }
        router.default.add(pattern: "/*/{last:adds}") { _ in
            box.log.append("wildcard")
            return false
        }
        #expect(!router.route(to: "myapp:/q500/r/s/t"))
        #expect(box.log == ["wildcard"])
        box.log = []
        #expect(router.route(to: "myapp:/q500/r/s/t"))
        #expect(box.log == ["wildcard", "q500"])
    }

    /// Before, the root's literals equal to the host ignoring case were read from the index as it
    /// changed, into a stack sized for those it had when the search began: 64 spellings of the
    /// host registered from a check at the root were written past its end.
    @Test func aParameterTypeThatRegistersSpellingsOfTheHostDuringALookup() {
        let box = Box()
        let router = LookupReentrancyTests.router(box, type: "adds") { _ in
            if box.calls == 0, let router = box.router {
                box.calls += 1
                for spelling in 0..<64 {
                    let host = "abcdef".enumerated().map { offset, letter in
                        spelling >> offset & 1 == 1 ? letter.uppercased() : String(letter)
                    }.joined()
                    router.default.add(pattern: "/\(host)/x") { _ in
                        box.log.append(host)
                        return false
                    }
                }
            }
            return true
        }
        router.default.add(pattern: "/*/{last:adds}") { _ in
            box.log.append("wildcard")
            return false
        }
        router.default.add(pattern: "/other/x") { _ in true }
        #expect(!router.route(to: "myapp://ABCDEF/x"))
        #expect(box.log == ["wildcard"])
        box.log = []
        #expect(!router.route(to: "myapp://ABCDEF/x"))
        #expect(box.log.count == 65)
        #expect(box.log.first == "wildcard")
    }

    /// Literals after an inner `*` registered in the node being checked: not asked by that lookup.
    @Test func aParameterTypeThatRegistersLiteralsAfterAWildcardDuringALookup() {
        let box = Box()
        let router = LookupReentrancyTests.router(box, type: "adds") { _ in
            if box.calls == 0, let router = box.router {
                box.calls += 1
                for index in 0..<100 {
                    router.default.add(pattern: "/*/tz/\(index)", priority: 1) { _ in
                        box.log.append("added \(index)")
                        return false
                    }
                }
            }
            return true
        }
        for index in 0..<8 {
            router.default.add(pattern: "/*/tz/{n:adds}") { _ in
                box.log.append("tz \(index)")
                return false
            }
        }
        #expect(!router.route(to: "myapp://a/tz/7"))
        #expect(box.log == (0..<8).map { "tz \($0)" })
        box.log = []
        #expect(!router.route(to: "myapp://a/tz/7"))
        #expect(box.log == ["added 7"] + (0..<8).map { "tz \($0)" })
    }

    /// Before, a removal emptied the index under the search: it read a node past the end of the
    /// new table, and a `*` list past the end of the new lists.
    @Test func aParameterTypeThatRemovesRoutesDuringALookup() {
        let box = Box()
        let router = LookupReentrancyTests.router(box, type: "removes") { _ in
            if box.calls == 0 {
                box.calls += 1
                box.router?.default.remove(pattern: "/w/*")
            }
            return true
        }
        router.default.add(pattern: "/*/{last:removes}") { _ in
            box.log.append("first")
            return false
        }
        router.default.add(pattern: "/w/*") { _ in
            box.log.append("removed")
            return false
        }
        #expect(!router.route(to: "myapp:/w/x/r"))
        #expect(box.log == ["first", "removed"])
        box.log = []
        #expect(!router.route(to: "myapp:/w/x/r"))
        #expect(box.log == ["first"])
    }

    /// A template inserted in a node whose templates a lookup is reading is not among that
    /// lookup's matches, even when its text is in the segment; it is among the next one's.
    @Test func aTemplateRegisteredDuringALookupIsAskedFromTheNextLookup() {
        let box = Box()
        let router = LookupReentrancyTests.router(box, type: "adds") { _ in
            if box.calls == 0 {
                box.calls += 1
                box.router?.default.add(pattern: "/p/{a}-k1-{b}", priority: 1) { _ in
                    box.log.append("added")
                    return false
                }
                box.router?.default.add(pattern: "/p/*/x") { _ in
                    box.log.append("added *")
                    return false
                }
            }
            return true
        }
        for index in 0..<8 {
            router.default.add(pattern: "/p/{a}-k\(index)-{b:adds}") { _ in
                box.log.append("k\(index)")
                return false
            }
        }
        #expect(!router.route(to: "myapp://p/x-k1-y"))
        #expect(box.log == ["k1"])
        box.log = []
        #expect(!router.route(to: "myapp://p/x-k1-y"))
        #expect(box.log == ["added", "k1"])
    }

    /// A guard whose pattern has the app's type, which adds a guard while the guards are matched.
    @Test func aParameterTypeThatAddsAGuardWhileGuardsAreMatched() {
        let box = Box()
        let router = LookupReentrancyTests.router(box, type: "guards") { _ in
            if box.calls == 0 {
                box.calls += 1
                box.router?.default.addGuard(for: "/g/*") { _ in
                    box.log.append("added guard")
                    return .proceed
                }
            }
            return true
        }
        for index in 0..<6 {
            router.default.addGuard(for: "/g/{a}-k\(index)-{b:guards}") { _ in
                box.log.append("guard k\(index)")
                return .proceed
            }
        }
        router.default.add(pattern: "/g/:x") { _ in
            box.log.append("route")
            return true
        }
        #expect(router.route(to: "myapp://g/x-k2-y"))
        #expect(box.log == ["guard k2", "route"])
        box.log = []
        #expect(router.route(to: "myapp://g/x-k2-y"))
        #expect(box.log == ["guard k2", "added guard", "route"])
    }
}
