import Foundation

/// Routing a URL, one way through (the "Routing rules" article, *Calling handlers*):
///
/// 1. The URL is read once into ``URLParts``; a string that is not a URL routes nowhere.
/// 2. The router picks the table of the URL's scheme (``Router/route(to:parameters:)``), or the
///    table was chosen by the caller (``RouteTable/route(to:parameters:)``).
/// 3. The table reads the parts into a ``RouteRequest`` with its options; the index gives the
///    matching definitions in routing order, each with its ``Captures``; their handlers are asked
///    in turn until one returns `true` (a `nil` handler counts as `true`). This is the handler
///    walk. The matches are found before the first handler runs, so handlers may add, remove or
///    route without disturbing the walk.
/// 4. If none accepts and ``RouteTable/shouldFallback`` is set, the global table is walked the
///    same way, with its own options.
/// 5. If still none accepts, the first table's ``RouteTable/unmatchedHandler`` is called once.
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
        RouteTable.route(url, parameters: parameters, logger: logger) { _ in self }
    }

    /// Whether some definition of this table (or of the global table, with fallback) matches the
    /// URL. No handler is called.
    ///
    /// ```swift
    /// if router.alpha.canRoute(to: "alpha://user/view/7") { ... }
    /// ```
    public func canRoute(to url: some URLConvertible) -> Bool {
        RouteTable.canRoute(url) { _ in self }
    }

    /// Steps 1 and 2, for ``Router`` and ``RouteTable`` alike: `start` picks the first table.
    static func route(
        _ url: some URLConvertible, parameters: [String: Any], logger: ((String) -> Void)?,
        startingIn start: (URLParts) -> RouteTable
    ) -> Bool {
        let input = url.routeInput
        guard let parts = input.parts else {
            logger?("[Routes] not a URL: \(input.text)")
            return false
        }
        return start(parts).route(parts, parameters: parameters)
    }

    /// Whether routing `url` from the table `start` picks would find a match.
    static func canRoute(_ url: some URLConvertible, startingIn start: (URLParts) -> RouteTable) -> Bool {
        guard let parts = url.routeInput.parts else { return false }
        let table = start(parts)
        return table.hasMatch(parts) || table.fallbackTable?.hasMatch(parts) == true
    }

    /// Steps 3 to 5.
    private func route(_ parts: URLParts, parameters: [String: Any]) -> Bool {
        if walk(parts, parameters: parameters) { return true }
        if let global = fallbackTable {
            log("falling back from \(scheme) to the global table")
            if global.walk(parts, parameters: parameters) { return true }
        }
        log("no route handled \(parts)")
        if let unmatchedHandler, let url = parts.resolvedURL { unmatchedHandler(url, parameters) }
        return false
    }

    /// The handler walk: asks the handlers of the matching definitions in order; `true` once one
    /// accepts.
    private func walk(_ parts: URLParts, parameters: [String: Any]) -> Bool {
        guard acceptsHost(of: parts) else {
            log("\(scheme) does not route the host of \(parts)")
            return false
        }
        let request = RouteRequest(parts: parts, options: options)
        let index = self.index
        return request.withSegments { segments in
            index.forEachMatch(segments) { definition, captures in
                log("\(definition.pattern) matches \(parts)")
                guard let handler = definition.handler else { return true }
                let parameters = RouteParameters(
                    request: request, matched: definition.parsed, captures: captures, extra: parameters,
                    scheme: scheme)
                if handler(parameters) { return true }
                log("\(definition.pattern) declined")
                return false
            }
        }
    }

    private func hasMatch(_ parts: URLParts) -> Bool {
        guard acceptsHost(of: parts) else { return false }
        let index = self.index
        return RouteRequest(parts: parts, options: options).withSegments { index.hasMatch($0) }
    }

    /// Whether this table routes URLs with this host (see ``RouteTable/hosts``).
    func acceptsHost(of parts: URLParts) -> Bool {
        hostFilter?.accepts(parts.host) ?? true
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
