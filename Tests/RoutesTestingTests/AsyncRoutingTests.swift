import Foundation
import Routes
import RoutesTesting
import Testing

/// The tools see async routes (the routing tests are in RoutesTests' `AsyncRoutingTests`).
@MainActor @Suite struct AsyncRoutingTests {
    let router = Router()

    func asyncHandler(_ label: String, accept: Bool = true) -> AsyncRouteHandler {
        { _ in
            await Task.yield()
            return accept
        }
    }

    @Test func nilHandlersAndExplainSeeAsyncRoutes() async {
        router.default.add(pattern: "/p", handler: asyncHandler("async"))
        #expect(router.canRoute(to: "myapp://p"))
        #expect(router.explain("myapp://p").entries.map(\.pattern) == ["/p"])
        #expect(router.default["/p"] == nil)  // the subscript reads synchronous handlers only
        #expect(router.default.definitions.count == 1)
    }
}
