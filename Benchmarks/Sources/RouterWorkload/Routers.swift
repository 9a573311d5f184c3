import Foundation
import Logging
import RoutingKit
import Routes

/// Building each router from a ``Workload`` and running its 1,000 lookups.
///
/// Every lookup function is `@inline(never)` and returns how many URLs were handled, so the
/// optimizer can neither drop the work nor hoist it out of the benchmark loop, and the count is
/// checked against ``Workload/expectedHits`` before anything is measured.
public enum Routers {
    /// The handler of every route: trivial, as the benchmark measures routing, not handling.
    public typealias TrieHandler = @Sendable (RoutingKit.Parameters) -> Bool

    // MARK: Routes (this library)

    /// A `Router` with every pattern on its global table, handlers `{ _ in true }`.
    @inline(never)
    public static func routes(_ patterns: [String]) -> Routes.Router {
        let router = Routes.Router()
        for pattern in patterns {
            router.default.add(pattern: pattern) { _ in true }
        }
        return router
    }

    /// `router.route(to: String)` for each URL.
    @inline(never)
    public static func lookUp(_ router: Routes.Router, strings urls: [String]) -> Int {
        var handled = 0
        for url in urls where router.route(to: url) { handled += 1 }
        return handled
    }

    /// `router.route(to: URL)` for each pre-built URL.
    @inline(never)
    public static func lookUp(_ router: Routes.Router, urls: [URL]) -> Int {
        var handled = 0
        for url in urls where router.route(to: url) { handled += 1 }
        return handled
    }

    // MARK: routing-kit

    /// A `TrieRouter` with every pattern (parsed with routing-kit's `pathComponents`).
    @inline(never)
    public static func trie(_ patterns: [String]) -> TrieRouter<TrieHandler> {
        let router = TrieRouter(TrieHandler.self)
        for pattern in patterns {
            router.register({ _ in true }, at: pattern.pathComponents)
        }
        return router
    }

    /// `router.route(path:parameters:)` on pre-split components, with fresh `Parameters` per
    /// lookup (made from one logger, as a server makes them per request), then the handler.
    @inline(never)
    public static func lookUp(_ router: TrieRouter<TrieHandler>, paths: [[String]], logger: Logger) -> Int {
        var handled = 0
        for path in paths {
            var parameters = RoutingKit.Parameters(logger)
            if let handler = router.route(path: path, parameters: &parameters), handler(parameters) {
                handled += 1
            }
        }
        return handled
    }

    // MARK: linear reference

    /// A ``LinearReferenceRouter`` with every pattern, handlers `{ _ in true }`.
    @inline(never)
    public static func linear(_ patterns: [String]) -> LinearReferenceRouter {
        let router = LinearReferenceRouter()
        for pattern in patterns {
            router.add(pattern: pattern) { _ in true }
        }
        return router
    }

    @inline(never)
    public static func lookUp(_ router: LinearReferenceRouter, strings urls: [String]) -> Int {
        var handled = 0
        for url in urls where router.route(to: url) { handled += 1 }
        return handled
    }
}
