import Foundation

/// The "linear reference": a small port of JLRoutes' matching, the baseline that Routes replaces.
///
/// Every lookup parses the URL with Foundation's `URLComponents`, makes the host the first path
/// segment (JLRoutes' rule: a non-empty host that is not `localhost` and has no `.`), splits the
/// path on `/` and percent-decodes each segment once, and then scans **every** route in priority
/// order (higher first, ties in registration order): same segment count, each literal equal to
/// the decoded segment, each `:name` captured into a parameter dictionary that starts from the
/// query items, as JLRoutes' `JLRRouteDefinition` does. The first route whose handler returns
/// `true` wins.
///
/// ```swift
/// let linear = LinearReferenceRouter()
/// linear.add(pattern: "/user/view/:id") { params in params["id"] != nil }
/// linear.route(to: "myapp://user/view/7")  // true
/// ```
public final class LinearReferenceRouter {
    public typealias Handler = ([String: Any]) -> Bool

    private struct Route {
        let pattern: String
        let priority: Int
        /// The pattern split like a path; `:name` components keep their colon.
        let components: [String]
        let handler: Handler
    }

    private var routes: [Route] = []

    public init() {}

    /// Registers a pattern (literals and `:name` parameters) in JLRoutes' order.
    public func add(pattern: String, priority: Int = 0, handler: @escaping Handler) {
        let route = Route(
            pattern: pattern, priority: priority, components: LinearReferenceRouter.split(Substring(pattern)),
            handler: handler)
        // JLRoutes' insertion: before the first route of lower priority, else at the end.
        let position = routes.firstIndex { $0.priority < priority } ?? routes.endIndex
        routes.insert(route, at: position)
    }

    /// Routes a URL string; `false` when it does not parse or no handler accepts it.
    @discardableResult
    public func route(to string: String) -> Bool {
        guard let components = URLComponents(string: string) else { return false }
        var segments: [String] = []
        if let host = components.percentEncodedHost, !host.isEmpty, host != "localhost", !host.contains(".") {
            segments.append(host)
        }
        let path = components.percentEncodedPath
        if !(segments.count == 1 && (path.isEmpty || path == "/")) {
            segments += LinearReferenceRouter.split(Substring(path))
        }
        // Each segment is percent-decoded once per lookup, not once per route compared.
        let values = segments.map { $0.removingPercentEncoding ?? $0 }
        var query: [String: Any] = [:]
        for item in components.queryItems ?? [] where !item.name.isEmpty {
            query[item.name] = item.value ?? ""
        }

        routes: for route in routes {
            guard route.components.count == values.count else { continue }
            var parameters = query
            for (patternComponent, value) in zip(route.components, values) {
                if patternComponent.hasPrefix(":") {
                    guard !value.isEmpty else { continue routes }
                    parameters[String(patternComponent.dropFirst())] = value
                } else if patternComponent != value {
                    continue routes
                }
            }
            parameters["JLRoutePattern"] = route.pattern
            parameters["JLRouteScheme"] = "JLRoutesGlobalRoutesScheme"
            parameters["JLRouteURL"] = string
            if route.handler(parameters) { return true }
        }
        return false
    }

    /// One leading and one trailing `/` removed, then split on `/`.
    private static func split(_ path: Substring) -> [String] {
        var path = path
        if path.hasPrefix("/") { path = path.dropFirst() }
        if path.hasSuffix("/") { path = path.dropLast() }
        return path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }
}
