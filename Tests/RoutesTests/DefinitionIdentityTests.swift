import Testing

@testable import Routes

/// A definition's identity: equal as JLRoutes compares them (scheme, pattern, priority), with a
/// hash that never changes while it lives, and free to be added again once its table is gone.
@Suite struct DefinitionIdentityTests {
    // Regression (review finding 4): `Definition` hashed its mutable `scheme`: 64 definitions
    // in a `Set`, then registered, and `contains` found 1 of 64.
    @Test func definitionsStayFindableInASetWhenRegistered() {
        let definitions = (0..<64).map { Definition(pattern: "/d/\($0)", priority: $0 % 3, handler: nil) }
        let set = Set(definitions)
        let router = Router()
        for definition in definitions { #expect(router.alpha.add(definition: definition)) }
        #expect(definitions.filter { set.contains($0) }.count == 64)
        router.alpha.removeAll()
        #expect(definitions.filter { set.contains($0) }.count == 64)
    }

    // Regression (review finding 4): `unregister(scheme:)` and `unregisterAll()` left
    // `definition.scheme` set, so adding that definition again failed forever.
    @Test func removingATableFreesItsDefinitions() {
        let router = Router()
        let alpha = Definition(pattern: "/a", handler: nil)
        let global = Definition(pattern: "/g", handler: nil)
        #expect(router.alpha.add(definition: alpha))
        #expect(router.default.add(definition: global))
        router.unregister(scheme: "alpha")
        router.unregister(scheme: Router.defaultScheme)
        #expect(alpha.scheme == nil && global.scheme == nil)
        #expect(router.beta.add(definition: alpha))
        #expect(router.default.add(definition: global))
        router.unregisterAll()
        #expect(alpha.scheme == nil && global.scheme == nil)
        #expect(router.alpha.add(definition: alpha))
        #expect(router.route(to: "alpha://a"))
    }

    @Test func equalityIsSchemePatternAndPriority() {
        let router = Router()
        let a = Definition(pattern: "/x", priority: 1, handler: nil)
        let b = Definition(pattern: "/x", priority: 1, handler: nil)
        #expect(a == b && a.hashValue == b.hashValue)
        router.alpha.add(definition: a)
        #expect(a != b)  // schemes differ now
        router.alpha.add(definition: b)
        #expect(a == b)
        #expect(a != Definition(pattern: "/x", priority: 2, handler: nil))
    }
}
