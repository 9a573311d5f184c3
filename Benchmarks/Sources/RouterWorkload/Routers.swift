import Foundation
import Logging
import Routes
import RoutingKit

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

    /// A `Router` whose global table reads extended patterns (``RouteOptions/extendedPatterns``),
    /// with every pattern on it, handlers `{ _ in true }`: for ``TemplateWorkload``.
    @inline(never)
    public static func templates(_ patterns: [String]) -> Routes.Router {
        let router = Routes.Router()
        router.default.options.insert(.extendedPatterns)
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

    /// What the handlers of ``routesReading(_:_:)`` read.
    public enum Reading: String, CaseIterable, Sendable {
        /// Nothing: `{ _ in true }`, as ``routes(_:)``.
        case nothing
        /// Each value as `params["name"] as? String`.
        case subscripted
        /// Each value with `params.string("name")`.
        case string
        /// Each value with `params.int("name")` (every value of the workload is a number).
        case int
        /// Each value with `params.string("name")`, then through an `Any?` whose type the
        /// optimizer cannot see and back with `as? String`: what `params["name"] as? String`
        /// costs at least, for a value the library returns as `Any?` (the runtime cast).
        case stringThroughAny
        /// `params.dictionary` (its count is checked: the values and the three reserved keys).
        case dictionary
    }

    /// A `Router` with every pattern on its global table, whose handlers read each of their
    /// values (`uid` and `pid` for `/s{i}/users/:uid/posts/:pid`, `id` for
    /// `/section{i}/item/:id`) as `reading` says. Every value is present and numeric, so every
    /// handler returns `true`, and a wrong value fails the count of handled URLs.
    ///
    /// ```swift
    /// let router = Routers.routesReading(["/section1/item/:id"], .int)
    /// Routers.lookUp(router, strings: ["myapp://section1/item/7"])  // 1
    /// ```
    @inline(never)
    public static func routesReading(_ patterns: [String], _ reading: Reading) -> Routes.Router {
        let router = Routes.Router()
        for pattern in patterns {
            let twoValues = pattern.hasSuffix(":pid")
            let handler: RouteHandler
            switch (reading, twoValues) {
            case (.nothing, _): handler = { _ in true }
            case (.subscripted, true):
                handler = { $0["uid"] as? String != nil && $0["pid"] as? String != nil }
            case (.subscripted, false): handler = { $0["id"] as? String != nil }
            case (.string, true): handler = { $0.string("uid") != nil && $0.string("pid") != nil }
            case (.string, false): handler = { $0.string("id") != nil }
            case (.int, true): handler = { $0.int("uid") != nil && $0.int("pid") != nil }
            case (.int, false): handler = { $0.int("id") != nil }
            case (.stringThroughAny, true):
                handler = {
                    opaque($0.string("uid")) as? String != nil && opaque($0.string("pid")) as? String != nil
                }
            case (.stringThroughAny, false): handler = { opaque($0.string("id")) as? String != nil }
            // The values, then `pattern`, `url` and `scheme` (no wildcard key: no `*`).
            case (.dictionary, true): handler = { $0.dictionary.count == 5 }
            case (.dictionary, false): handler = { $0.dictionary.count == 4 }
            }
            router.default.add(pattern: pattern, handler: handler)
        }
        return router
    }

    /// `value` as an `Any?`, made where the optimizer cannot see it, as the library's subscript
    /// returns its values: a cast of the result is the runtime's.
    @inline(never)
    static func opaque(_ value: String?) -> Any? { value }

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

    /// `router.canRoute(to: String)` for each URL (no handler is called); how many can be routed.
    @inline(never)
    public static func lookUp(_ router: Routes.Router, canRoute urls: [String]) -> Int {
        var routable = 0
        for url in urls where router.canRoute(to: url) { routable += 1 }
        return routable
    }

    /// A screen of four words: more than an `Any` holds inline, so a value boxed as `Any` would
    /// take an allocation.
    public struct Screen {
        public let section: Int, depth: Int, width: Int, height: Int
    }

    /// A `RouteMap<Screen>` of `patterns`, each closure giving a ``Screen`` (no value read).
    @inline(never)
    public static func screens(_ patterns: [String]) -> RouteMap<Screen> {
        let map = RouteMap<Screen>()
        for (index, pattern) in patterns.enumerated() {
            map.default.add(pattern: pattern) { _ in Screen(section: index, depth: 1, width: 2, height: 3) }
        }
        return map
    }

    /// `map.resolve(String)` for each URL; how many gave a value.
    @inline(never)
    public static func lookUp(_ map: RouteMap<Screen>, resolving urls: [String]) -> Int {
        var resolved = 0
        for url in urls where map.resolve(url) != nil { resolved += 1 }
        return resolved
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
    public static func routeOnce(_ router: Routes.Router, _ url: String, parameters: [String: Any] = [:])
        -> Int
    {
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

    /// Routes each URL as `Routers.lookUp(_:strings:)` does, but outside any `lookUp` function
    /// (a warm-up before a profile); how many were handled.
    public func warmUp(_ urls: [String]) -> Int {
        urls.filter { reference.route($0, handler: { _ in true }).accepted }.count
    }
}
