import Testing

@testable import Routes

private final class Target: RouteHandlerTarget {
    var received: [String: Any]?
    func handleRoute(with parameters: RouteParameters) -> Bool {
        received = parameters.dictionary
        return true
    }
}

private struct UserScreen: RouteParametersInitializable {
    let id: String
    init?(routeParameters: RouteParameters) {
        guard let id = routeParameters["id"] as? String, id != "invalid" else { return nil }
        self.id = id
    }
}

@Suite struct RouteHandlersTests {
    @Test func weakTargetHandlerForwardsUntilTheTargetIsGone() {
        let router = Router()
        var target: Target? = Target()
        weak let weakTarget = target
        router.default.add(pattern: "/test", handler: RouteHandlers.weak(target!))
        #expect(router.route(to: "/test"))
        #expect(target?.received?[Definition.Keys.pattern] as? String == "/test")
        target = nil
        #expect(weakTarget == nil)
        #expect(!router.route(to: "/test"))
    }

    @Test func weakClosureHandler() {
        let router = Router()
        var target: Target? = Target()
        router.default.add(
            pattern: "/feed",
            handler: RouteHandlers.weak(target!) { target, params in
                target.received = ["seen": params.pattern]
                return true
            })
        #expect(router.route(to: "/feed"))
        #expect(target?.received?["seen"] as? String == "/feed")
        target = nil
        #expect(!router.route(to: "/feed"))
    }

    @Test func makeHandlerBuildsTheValueOrDeclines() {
        let router = Router()
        var built: [String] = []
        var fallbackCalls = 0
        router.default.add(
            pattern: "/user/:id",
            handler: RouteHandlers.make(UserScreen.self) { screen in
                built.append(screen.id)
                return true
            })
        router.default.add(pattern: "/user/:other") { _ in
            fallbackCalls += 1
            return true
        }
        #expect(router.route(to: "/user/42"))
        #expect(router.route(to: "/user/invalid"))
        #expect(built == ["42"])
        #expect(fallbackCalls == 1)
    }
}
