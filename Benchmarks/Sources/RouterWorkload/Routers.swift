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

    /// A `Router` with every pattern on its global table, whose handlers read their values as an
    /// app's handlers do: `params.string("uid")` and `params.int("pid")` for
    /// `/s{i}/users/:uid/posts/:pid`, `params["id"]` for `/section{i}/item/:id`. Every value is
    /// present, so every handler still returns `true`, and a wrong value fails the benchmark's
    /// count of handled URLs.
    @inline(never)
    public static func routesReadingValues(_ patterns: [String]) -> Routes.Router {
        let router = Routes.Router()
        for pattern in patterns {
            if pattern.hasSuffix(":pid") {
                router.default.add(pattern: pattern) { params in
                    params.string("uid") != nil && params.int("pid") != nil
                }
            } else {
                router.default.add(pattern: pattern) { params in params["id"] is String }
            }
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

    // MARK: Routes, many parameters

    /// The pattern of ``routesReadingDictionary()``.
    public static let dictionaryPattern = "/section1/item/:id"

    /// A `Router` with the one route ``dictionaryPattern``, whose handler reads `params.dictionary`
    /// and `params.count` and accepts when they agree.
    @inline(never)
    public static func routesReadingDictionary() -> Routes.Router {
        let router = Routes.Router()
        router.default.add(pattern: dictionaryPattern) { params in
            params.dictionary.count == params.count
        }
        return router
    }

    /// A URL of ``dictionaryPattern`` with `count` query items `k0=v0&k1=v1&...`.
    public static func urlWithQueryItems(_ count: Int) -> String {
        "\(Workload.scheme)://section1/item/7?" + (0..<count).map { "k\($0)=v\($0)" }.joined(separator: "&")
    }

    /// `count` extra parameters `e0: "v0"`, `e1: "v1"`, ... for `route(to:parameters:)`.
    public static func extraParameters(_ count: Int) -> [String: Any] {
        Dictionary(uniqueKeysWithValues: (0..<count).map { ("e\($0)", "v\($0)" as Any) })
    }

    /// One `router.route(to:parameters:)`; 1 when handled.
    @inline(never)
    public static func routeOnce(_ router: Routes.Router, _ url: String, parameters: [String: Any] = [:]) -> Int {
        router.route(to: url, parameters: parameters) ? 1 : 0
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

    /// A ``LinearReferenceRouter`` over a `Router` with every pattern, handlers `{ _ in true }`.
    @inline(never)
    public static func linear(_ patterns: [String]) -> LinearReferenceRouter {
        LinearReferenceRouter(reference: LinearReference(routes(patterns)))
    }

    /// The linear reference's routing of each URL, every handler accepting.
    @inline(never)
    public static func lookUp(_ router: LinearReferenceRouter, strings urls: [String]) -> Int {
        var handled = 0
        for url in urls where router.reference.route(url, handler: { _ in true }).accepted { handled += 1 }
        return handled
    }
}

/// The linear reference shared with the tests and the fuzzer (`LinearReference.swift`, a link to
/// `Tests/RoutesTests/LinearReference.swift`): every lookup reads the URL with `URLComponents`
/// and scans every definition of the table in routing order, building JLRoutes' parameter
/// dictionary for the definition that matches, as JLRoutes does. The baseline that Routes' index
/// replaces.
///
/// ```swift
/// let linear = Routers.linear(["/user/view/:id"])
/// Routers.lookUp(linear, strings: ["myapp://user/view/7"])  // 1
/// ```
public struct LinearReferenceRouter {
    let reference: LinearReference
}
