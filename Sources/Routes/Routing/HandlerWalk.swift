import Foundation

/// Routing a URL through a table (spec §4).
///
/// 1. The URL is split into segments and query items with this table's options.
/// 2. The index gives the matching definitions in routing order; their handlers are asked in
///    turn until one returns `true` (a `nil` handler counts as `true`). The list is taken before
///    the first handler runs, so handlers may add, remove or route without disturbing the walk.
/// 3. If none accepts and ``RouteTable/shouldFallback`` is set, the global table is walked the
///    same way, with its own options.
/// 4. If still none accepts, this table's ``RouteTable/unmatchedHandler`` is called once.
extension RouteTable {
    /// Routes a URL (a `URL` or a `String`) through this table, whatever its scheme.
    ///
    /// ```swift
    /// router.alpha.route(to: "alpha://user/view/7", parameters: ["source": "push"])
    /// ```
    /// - Parameters:
    ///   - url: the URL; a string that `URL(string:)` cannot parse routes nowhere.
    ///   - parameters: extra parameters handed to the handler (they override query and route values).
    /// - Returns: whether a handler accepted the URL.
    @discardableResult
    public func route(to url: some URLConvertible, parameters: [String: Any] = [:]) -> Bool {
        let input = url.routeInput
        guard let parts = input.parts else {
            log("not a URL: \(url)")
            return false
        }
        return route(parts, parameters: parameters)
    }

    /// Whether some definition of this table (or of the global table, with fallback) matches the
    /// URL. No handler is called.
    ///
    /// ```swift
    /// if router.alpha.canRoute(to: "alpha://user/view/7") { ... }
    /// ```
    public func canRoute(to url: some URLConvertible) -> Bool {
        let input = url.routeInput
        guard let parts = input.parts else { return false }
        return canRoute(parts)
    }

    func route(_ parts: URLParts, parameters: [String: Any]) -> Bool {
        if walk(parts, parameters: parameters) { return true }
        if let global = fallbackTable {
            log("falling back from \(scheme) to the global table")
            if global.walk(parts, parameters: parameters) { return true }
        }
        log("no route handled \(parts)")
        if let unmatchedHandler, let url = parts.resolvedURL { unmatchedHandler(url, parameters) }
        return false
    }

    func canRoute(_ parts: URLParts) -> Bool {
        if matches(parts) { return true }
        return fallbackTable?.matches(parts) ?? false
    }

    /// Whether this table routes URLs with this host (see ``RouteTable/hosts``).
    func acceptsHost(of parts: URLParts) -> Bool {
        hostFilter?.accepts(parts.host) ?? true
    }

    /// Asks the handlers of the matching definitions in order; `true` once one accepts.
    private func walk(_ parts: URLParts, parameters: [String: Any]) -> Bool {
        guard acceptsHost(of: parts) else {
            log("\(scheme) does not route the host of \(parts)")
            return false
        }
        let request = RouteRequest(parts: parts, options: options)
        let index = self.index
        let candidates = request.withSegments { bytes, segments in index.candidates(bytes, segments) }
        for definition in candidates {
            log("\(definition.pattern) matches \(parts)")
            guard let handler = definition.handler else { return true }
            let accepted = handler(
                RouteParameters(
                    request: request, matched: definition.parsed, extra: parameters, scheme: scheme))
            if accepted { return true }
            log("\(definition.pattern) declined")
        }
        return false
    }

    private func matches(_ parts: URLParts) -> Bool {
        guard acceptsHost(of: parts) else { return false }
        let index = self.index
        return RouteRequest(parts: parts, options: options).withSegments { bytes, segments in
            index.hasCandidate(bytes, segments)
        }
    }

    /// The global table when this table falls back to it.
    var fallbackTable: RouteTable? {
        shouldFallback && !isGlobal ? router?.default : nil
    }
}

extension URLParts: CustomStringConvertible {
    /// The URL's text, for log lines.
    var description: String { url?.absoluteString ?? text }
}

extension RouteInput: CustomStringConvertible {
    /// The URL's text.
    ///
    /// ```swift
    /// RouteInput("myapp://home").description  // "myapp://home"
    /// ```
    public var description: String {
        switch storage {
        case .string(let string): return string
        case .url(let url): return url.absoluteString
        }
    }
}
