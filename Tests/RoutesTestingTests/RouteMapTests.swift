import Foundation
import Routes
import RoutesTesting
import Testing

/// A route map's router tools (the tests of route maps are in RoutesTests' `RouteMapTests`).
@MainActor @Suite struct RouteMapTests {
    enum Screen: Equatable {
        case user(Int)
        case post(String)
    }

    let screens = RouteMap<Screen>()

    @Test func extraParametersAndTheRoutersTools() throws {
        screens.default.add(pattern: "/user/:id(/:tab)") { params in
            params.int("id").map {
                .post("\($0) \(params.string("tab") ?? "-") \(params.string("source") ?? "-")")
            }
        }
        #expect(
            screens.resolve("myapp://user/1/likes", parameters: ["source": "push"]) == .post("1 likes push"))
        let url = try screens.url(for: "/user/:id(/:tab)", scheme: "myapp", parameters: ["id": 2])
        #expect(screens.resolve(url) == .post("2 - -"))
        #expect(screens.canRoute(to: url))
        #expect(
            screens.explain(url).entries.compactMap { $0.mismatch == nil ? $0.pattern : nil } == [
                "/user/:id"
            ])
        // Routing discards the value, and answers whether there is one.
        #expect(screens.route(to: url))
    }
}
