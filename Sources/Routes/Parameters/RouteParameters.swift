import Foundation

/// The parameters handed to a handler: JLRoutes' parameter dictionary, read lazily.
///
/// Keys, later layers winning (spec §5): query items of the URL and its fragment; route values
/// (`:name`, and the wildcard under ``Definition/Keys/wildcard``); the extra parameters given to
/// `route(to:parameters:)`; the reserved keys ``Definition/Keys``, which nothing overrides.
/// Values are decoded only when asked for, so a handler that reads one key pays for one key.
///
/// ```swift
/// router.default.add(pattern: "/user/view/:userID") { params in
///     params["userID"]   // "7"   (for myapp://user/view/7?userID=evil)
///     params["ref"]      // "mail" for ...?ref=mail; ["a", "b"] for ?ref=a&ref=b
///     params.count       // keys in all, reserved keys included
///     return true
/// }
/// ```
public struct RouteParameters {
    let request: RouteRequest
    /// The matched pattern, parsed. Not the `Definition`: parameters a handler keeps must not keep
    /// the handler (and what it captures) alive.
    let matched: RoutePattern
    let extra: [String: Any]
    let tableScheme: String

    init(request: RouteRequest, matched: RoutePattern, extra: [String: Any], scheme: String) {
        self.request = request
        self.matched = matched
        self.extra = extra
        self.tableScheme = scheme
    }

    /// The value JLRoutes' dictionary holds under `key`: a `String`, a `[String]` (repeated query
    /// keys, wildcard components), a `URL` (``Definition/Keys/url``) or an extra parameter.
    ///
    /// ```swift
    /// params["id"] as? String  // "42"
    /// ```
    public subscript(key: String) -> Any? {
        switch key {
        case Definition.Keys.pattern: return pattern
        case Definition.Keys.url: return url
        case Definition.Keys.scheme: return scheme
        default: break
        }
        if let value = extra[key] { return value }
        if let value = routeValue(forKey: key) { return value }
        return queryValue(forKey: key)
    }

    /// The number of keys, reserved keys included (JLRoutes' `parameters.count`).
    ///
    /// ```swift
    /// params.count  // 4 for /user/:id: "id" and the three reserved keys
    /// ```
    public var count: Int { dictionary.count }

    /// Every key and value, as JLRoutes' handler dictionary.
    ///
    /// ```swift
    /// for (key, value) in params.dictionary { print(key, value) }
    /// ```
    public var dictionary: [String: Any] {
        var result: [String: Any] = [:]
        for (name, value) in queryDictionary() { result[name] = value.count == 1 ? value[0] : value }
        let segments = matched.segments
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .parameter(let name): result[name] = decodedValue(request.segments[index])
            case .wildcard: result[Definition.Keys.wildcard] = wildcardComponents
            case .literal: break
            }
        }
        result.merge(extra) { _, new in new }
        result[Definition.Keys.pattern] = pattern
        result[Definition.Keys.url] = url
        result[Definition.Keys.scheme] = scheme
        return result
    }

    /// The matched pattern (the expansion, for optional groups).
    ///
    /// ```swift
    /// params.pattern  // "/user/view/:userID"
    /// ```
    public var pattern: String { matched.text }

    /// The routed URL.
    ///
    /// ```swift
    /// params.url.absoluteString  // "myapp://user/view/7"
    /// ```
    public var url: URL {
        // Every string that reaches a handler was accepted by `URL(string:)` or by the fast path,
        // which accepts only what `URL(string:)` parses (a tested property).
        request.parts.resolvedURL ?? URL(fileURLWithPath: "/")
    }

    /// The scheme of the table that matched (``Router/defaultScheme`` for the global table).
    ///
    /// ```swift
    /// params.scheme  // "myapp"
    /// ```
    public var scheme: String { tableScheme }

    /// The decoded segments captured by a trailing `*`, or `nil` when the pattern has none.
    ///
    /// ```swift
    /// params.wildcardComponents  // ["docs", "intro"] for /files/* and myapp://files/docs/intro
    /// ```
    public var wildcardComponents: [String]? {
        let segments = matched.segments
        guard matched.hasWildcard else { return nil }
        // The empty path reads as one empty segment, but a wildcard captures nothing from it.
        if request.segments == [""] { return [] }
        return request.segments[(segments.count - 1)...].map {
            PercentDecoding.decodeOrKeep($0, plusAsSpace: decodesPlus)
        }
    }

    private var decodesPlus: Bool { request.options.contains(.decodePlusSymbols) }

    /// A `:name` value: one trailing `#` (from a fragment) removed, `+` and escapes decoded.
    private func decodedValue(_ raw: Substring) -> String {
        var raw = raw
        if raw.count > 1, raw.hasSuffix("#") { raw = raw.dropLast() }
        return PercentDecoding.decodeOrKeep(raw, plusAsSpace: decodesPlus)
    }

    private func routeValue(forKey key: String) -> Any? {
        if key == Definition.Keys.wildcard { return wildcardComponents }
        for (index, segment) in matched.segments.enumerated() {
            if case .parameter(let name) = segment, name == key {
                return decodedValue(request.segments[index])
            }
        }
        return nil
    }

    private func queryValue(forKey key: String) -> Any? {
        var values: [String] = []
        for item in request.queryItems where PercentDecoding.decodeOrKeep(item.name) == key {
            values.append(item.value.map { PercentDecoding.decodeOrKeep($0, plusAsSpace: decodesPlus) } ?? "")
        }
        switch values.count {
        case 0: return nil
        case 1: return values[0]
        default: return values
        }
    }

    /// Query values by decoded name, names in first-seen order.
    private func queryDictionary() -> [(String, [String])] {
        var order: [String] = []
        var values: [String: [String]] = [:]
        for item in request.queryItems {
            let name = PercentDecoding.decodeOrKeep(item.name)
            let value = item.value.map { PercentDecoding.decodeOrKeep($0, plusAsSpace: decodesPlus) } ?? ""
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(value)
        }
        return order.map { ($0, values[$0] ?? []) }
    }
}

extension RouteParameters: CustomStringConvertible {
    /// The dictionary, keys sorted, one `key: value` per line.
    ///
    /// ```swift
    /// print(params)
    /// ```
    public var description: String {
        dictionary.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
    }
}
