import Routes
import RoutesTesting
import Testing

/// `Router.expand(pattern:)`: the definitions registration makes, as its documentation shows
/// (the rules of the expansion are tested in RoutesTests' `RoutePatternTests` and
/// `RoutingRulesTests`).
@MainActor @Suite struct ExpandTests {
    @Test func expandListsTheDefinitionsRegistrationMakes() throws {
        #expect(
            try Router.expand(pattern: "/the(/foo/:a)(/bar/:b)") == [
                "/the/foo/:a/bar/:b", "/the/foo/:a", "/the/bar/:b", "/the",
            ])
        #expect(
            try Router.expand(pattern: "/post/:id(/comments)(/:commentID)") == [
                "/post/:id/comments/:commentID", "/post/:id/:commentID", "/post/:id/comments", "/post/:id",
            ])
        let router = Router()
        let pattern = "/settings(/:section)(/*)"
        router.myapp.add(pattern: pattern) { _ in true }
        #expect(try Router.expand(pattern: pattern) == router.myapp.definitions.map(\.pattern))
        let error = try #require(throws: RoutePatternError.self) { try Router.expand(pattern: "/a/*/b/*") }
        #expect(error.reason == .secondWildcard)
    }
}
