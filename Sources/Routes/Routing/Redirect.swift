import Foundation

/// A redirect route's target: the `to` of ``RouteTable/addRedirect(from:to:priority:)``, read
/// once at registration into the scheme and host it names (if any) and the pattern of its path.
///
/// `/user/:id` keeps the routed URL's scheme and, when the URL's host is not read as a path
/// segment (`https://example.com/u/7`), its host; `myapp://user/:id` names its scheme (`user` is
/// then read as the first segment, as routing reads it); `https://example.com/user/:id` names its
/// scheme and host (the "Routing rules" article, *The host*).
///
/// A class: a definition's action holds one reference, not four strings (every definition's
/// action is as wide as the widest case).
final class Redirect {
    /// `to` as given.
    let target: String
    let scheme: String?
    let host: String?
    /// The target's path pattern, `/` first.
    let pattern: String

    init(_ target: String) {
        self.target = target
        var rest = Substring(target)
        if let separator = target.range(of: "://"), Scheme.isValid(String(target[..<separator.lowerBound])) {
            scheme = String(target[..<separator.lowerBound])
            rest = target[separator.upperBound...]
            let first = rest.prefix { $0 != "/" }
            if URLBuilder.isPathSegment(URLBuilder.name(of: String(first)), options: []) || first.isEmpty {
                host = nil
            } else {
                host = String(first)
                rest = rest.dropFirst(first.count)
            }
        } else {
            scheme = nil
            host = nil
        }
        pattern = rest.hasPrefix("/") ? String(rest) : "/" + rest
    }

    /// The error for a target that names a value an expansion of `source` does not capture, or
    /// whose pattern is invalid; `nil` when every expansion of `source` can build it.
    func error(building source: [RoutePattern]) -> RoutePatternError? {
        let expansions: [RoutePattern]
        do {
            expansions = try OptionalGroupExpansion.expand(pattern)
        } catch {
            return RoutePatternError(
                pattern: target, offset: error.offset + offsetOfPattern, reason: error.reason)
        }
        for from in source {
            let captured = Set(from.parameterNames)
            guard !expansions.contains(where: { Set($0.parameterNames).isSubset(of: captured) }) else {
                continue
            }
            let missing = expansions.last?.parameterNames.first { !captured.contains($0) } ?? ""
            let offset = target.range(of: ":" + missing).map {
                target.distance(from: target.startIndex, to: $0.lowerBound)
            }
            return RoutePatternError(
                pattern: target, offset: offset ?? 0, reason: .valueNotCaptured(missing, source: from.text))
        }
        return nil
    }

    /// Where ``pattern`` starts in ``target`` (a `/` may have been added before it).
    private var offsetOfPattern: Int {
        let written = target.hasSuffix(pattern) ? pattern.count : pattern.count - 1
        return target.count - written
    }

    /// The URL to route instead of `parts`, built from the values of `parameters` (the match of
    /// the redirect's `from`): its `:name` values and wildcard, then the routed URL's query and
    /// fragment.
    /// `nil` when no URL can be built (logged by the caller).
    func target(of parts: URLParts, _ parameters: RouteParameters, in table: RouteTable) -> URLParts? {
        // Routing reads a fragment as more of the path (`b#frag`); unless `from` is a fragment
        // route, its values are read without it and the fragment is carried over as it is.
        var parameters = parameters
        var fragment: Substring?
        if let written = parts.fragment, !parameters.matched.text.contains("#") {
            let request = RouteRequest(parts: parts.withoutFragment, options: table.options)
            let matched = parameters.matched
            if request.verdict(for: matched) == .matches {
                parameters = request.withSegments {
                    RouteParameters(
                        request: request, matched: matched, captures: Captures(matched, $0), extra: nil,
                        scheme: table.scheme)
                }
                fragment = written
            }
        }
        var values: [String: Any] = [:]
        for name in parameters.matched.parameterNames {
            values[name] = parameters.routeValue(named: name)
        }
        if let wildcard = parameters.wildcardComponents { values[Definition.Keys.wildcard] = wildcard }
        let scheme = self.scheme ?? parts.scheme.map(String.init)
        // The routed URL's host, when routing did not read it as the first segment.
        var host = self.host
        if self.scheme == nil, let urlHost = parts.host, !urlHost.isEmpty,
            !URLBuilder.isPathSegment(urlHost, options: table.options)
        {
            host = String(urlHost) + (parts.url?.port.map { ":\($0)" } ?? "")
        }
        let start = table.router.map { router in scheme.map { router.table(forScheme: $0) } ?? router.default
        }
        let builder = URLBuilder(pattern: pattern, scheme: scheme, host: host, parameters: values)
        guard let url = try? builder.build(in: start ?? table, requiringRegistration: false, checking: false)
        else { return nil }
        var text = url.absoluteString
        if let query = parts.query, !query.isEmpty {
            let hash = text.firstIndex(of: "#") ?? text.endIndex
            let separator = text[..<hash].contains("?") ? "&" : "?"
            text.insert(contentsOf: separator + query, at: hash)
        }
        if let fragment { text += "#" + fragment }
        return URLParts(string: text)
    }
}

extension RouteTable {
    /// Adds a redirect: a URL that matches `from` is routed as the URL built from `to` with the
    /// values `from` captured, its wildcard and the routed URL's query items, from the table of
    /// its scheme and with the same extra parameters. A redirect is a route: it takes part in
    /// priority and registration order, and guards are asked before it as before a handler. A
    /// chain of more than 8 redirects stops: `route(to:)` returns `false`.
    ///
    /// ```swift
    /// router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
    /// router.myapp.addRedirect(from: "/p/:id", to: "myapp://post/:id")
    /// router.https.addRedirect(from: "/old/*", to: "/new/*")
    /// ```
    /// - Parameters:
    ///   - from: a pattern, as for `add(pattern:)`.
    ///   - to: a path pattern (`/user/:id`: the URL keeps its scheme and host) or a URL pattern
    ///     (`myapp://user/:id`); each `:name` in it must be a value of every expansion of `from`,
    ///     or the redirect is rejected (reported to ``onInvalidPattern``).
    ///   - priority: as for `add(pattern:)`.
    /// - Returns: the registered definitions (empty when rejected).
    @discardableResult
    public func addRedirect(from: String, to: String, priority: Int = 0) -> [Definition] {
        let redirect = Redirect(to)
        do throws(RoutePatternError) {
            let source = try OptionalGroupExpansion.expand(from)
            if let error = redirect.error(building: source) { throw error }
        } catch {
            report(error)
            return []
        }
        return add(pattern: from, priority: priority, action: .redirect(redirect))
    }
}
