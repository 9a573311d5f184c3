import Foundation

/// The parameters handed to a handler: JLRoutes' parameter dictionary, read lazily.
///
/// Keys, later layers winning (<doc:RoutingRules#Parameters>): query items of the URL and its
/// fragment; route values (`:name`); the extra parameters given to
/// `route(to:parameters:)`; the reserved ``Keys`` (the wildcard's components under
/// ``Keys/wildcard`` among them), which nothing overrides.
/// Values are decoded only when asked for, from what the match captured, so a handler that reads
/// one key pays for one key.
///
/// ```swift
/// router.default.add(pattern: "/user/view/:userID") { params in
///     params["userID"]   // "7"   (for myapp://user/view/7?userID=evil)
///     // "mail" for ...?ref=mail; ["a", "b"] for ?ref=a&ref=b
///     params["ref"]
///     params.count       // keys in all, reserved keys included
///     return true
/// }
/// ```
public struct RouteParameters {
    let request: RouteRequest
    /// The matched pattern, parsed. Not the `Definition`: parameters a handler keeps must not keep
    /// the handler (and what it captures) alive.
    let matched: RoutePattern
    /// What the match captured, in the request's segment text (``RouteRequest/withSegmentBytes(_:)``).
    let captures: Captures
    /// The extra parameters, `nil` when there are none (the frequent case: then the parameters
    /// of a handler call copy and release no dictionary).
    private let extraOrNil: [String: Any]?
    let tableScheme: String

    /// The extra parameters given to `route(to:parameters:)`.
    var extra: [String: Any] { extraOrNil ?? [:] }

    /// The parameters of one match, made in one `init`: mutating the struct after it makes the
    /// optimizer copy all of it (about 400 instructions per handler call). `extra` is `nil` when
    /// there are no extra parameters.
    init(
        request: RouteRequest, matched: RoutePattern, captures: Captures, extra: [String: Any]?,
        scheme: String
    ) {
        self.request = request
        self.matched = matched
        self.captures = captures
        assert(extra?.isEmpty != true, "no extra parameters are passed as nil")
        self.extraOrNil = extra
        self.tableScheme = scheme
    }

    /// The value JLRoutes' dictionary holds under `key`: a `String`, a `[String]` (repeated query
    /// keys, wildcard components), a `URL` (``Keys/url``) or an extra parameter.
    ///
    /// ```swift
    /// params["id"] as? String  // "42"
    /// ```
    public subscript(key: String) -> Any? {
        // Out of line: the accessors that fall back on it (``value(_:as:)``, ``decode(_:)``...)
        // share this body instead of each inlining the lookup.
        @inline(never) get {
            switch layer(of: key) {
            case .reserved:
                switch key {
                case Keys.pattern: return pattern
                case Keys.url: return url
                case Keys.anchor: return anchor
                default: return scheme
                }
            case .wildcard: return wildcardComponents
            case .absent: return nil
            case .extra(let value): return value
            case .route(let index): return routeValue(index)
            case .query: return queryValue(forKey: key)
            }
        }
    }

    /// The number of keys, reserved keys included (JLRoutes' `parameters.count`; one more for a
    /// URL with a web ``anchor``).
    ///
    /// ```swift
    /// params.count  // 4 for /user/:id: "id" and the three reserved keys
    /// ```
    public var count: Int { dictionary.count }

    /// Every key and value, as JLRoutes' handler dictionary. Linear in the number of values.
    ///
    /// ```swift
    /// for (key, value) in params.dictionary { print(key, value) }
    /// ```
    public var dictionary: [String: Any] {
        // One table, sized once for every key it can hold (a growing one reallocates at each
        // doubling); arrays only for the query names that repeat.
        let anchor = self.anchor
        var result: [String: Any] = [:]
        result.reserveCapacity(
            request.queryItemCount + matched.parameterCount + extra.count + (anchor == nil ? 4 : 5))
        var repeated: [String: [String]] = [:]
        // Whether a query item, a route value or an extra parameter has the anchor's key: only
        // then is the key removed when there is no anchor (a removal hashes the key).
        var mayHoldAnchorKey = matched.hasReservedName || extraOrNil?[Keys.anchor] != nil
        let anchorKeyLength = Keys.anchor.utf8.count
        request.forEachQueryItem { name, value in
            if name.utf8.count == anchorKeyLength, name == Keys.anchor { mayHoldAnchorKey = true }
            if repeated[name] != nil {
                repeated[name]?.append(value)
            } else if let first = result.updateValue(value, forKey: name) {
                repeated[name] = [first as? String ?? "", value]
            }
            return true
        }
        for (name, values) in repeated { result[name] = values }
        forEachRouteValue { name, value in result[name] = value }
        if let name = matched.wildcardName { result[name] = wildcardComponents ?? [] }
        result.merge(extra) { _, new in new }
        // Reserved keys last: a query item or an extra parameter never stands in for one.
        result[Keys.wildcard] = wildcardComponents  // removes the key when the pattern has no `*`
        result[Keys.pattern] = pattern
        result[Keys.url] = url
        result[Keys.scheme] = scheme
        if let anchor {
            result[Keys.anchor] = anchor
        } else if mayHoldAnchorKey {
            result[Keys.anchor] = nil
        }
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
    public var url: URL { request.parts.routedURL }

    /// The scheme of the table that matched (``Router/defaultScheme`` for the global table).
    ///
    /// ```swift
    /// params.scheme  // "myapp"
    /// ```
    public var scheme: String { tableScheme }

    /// The URL's web anchor, percent-decoded, in a table with ``RouteTable/hosts``; `nil` without
    /// one.
    ///
    /// The anchor is the fragment when it does not start with `/` or `?` and is not only query
    /// items. In a table with hosts (a universal-links table), `https://example.com/post/7#comments`
    /// matches `/post/:id` with `id = "7"`, and the anchor is `"comments"`; a `+` stays a `+`.
    /// A table without hosts reads the fragment as JLRoutes does, as more of the path, and has
    /// no anchor (<doc:RoutingRules#Web-anchors>).
    ///
    /// ```swift
    /// router.https.hosts = ["example.com"]
    /// router.https.add(pattern: "/post/:id") { params in
    ///     params["id"]     // "7"
    ///     params.anchor    // Optional("comments")
    ///     return true
    /// }
    /// router.route(to: "https://example.com/post/7#comments")
    /// ```
    public var anchor: String? { request.anchor }

    /// The decoded segments captured by a trailing `*`, or `nil` when the pattern has none.
    ///
    /// ```swift
    /// // /files/* and myapp://files/docs/intro:
    /// params.wildcardComponents  // Optional(["docs", "intro"])
    /// ```
    public var wildcardComponents: [String]? {
        guard matched.hasWildcard else { return nil }
        guard let range = captures.wildcard else { return [] }
        let plusAsSpace = decodesPlus
        return request.withSegmentBytes { bytes in
            bytes[range.range].split(separator: .slash, omittingEmptySubsequences: false).map {
                PercentDecoding.decodeOrKeep(UnsafeBufferPointer(rebasing: $0), plusAsSpace: plusAsSpace)
            }
        }
    }

    private var decodesPlus: Bool { request.options.contains(.decodePlusSymbols) }

    /// The `:name` value captured for `name`, whatever the query or the extra parameters say
    /// (a redirect builds its target from these).
    func routeValue(named name: String) -> String? {
        matched.parameterIndex(of: name).map(routeValue)
    }

    /// Calls `body` with each `:name` value and its name, in the pattern's order, all read in
    /// one pass over the segment text (which may be joined for the call: see
    /// ``RouteRequest/withSegmentBytes(_:)``).
    func forEachRouteValue(_ body: (_ name: String, _ value: String) -> Void) {
        let decodes = request.parts.ranges.segmentsNeedDecoding
        let plusAsSpace = decodesPlus
        // The segments, cut once, hold the ranges of the values after the fourth.
        request.withSegments { segments in
            for parameter in matched.parameters {
                let range =
                    parameter.index < Captures.kept
                    ? captures[parameter.index]
                    : matched.range(ofParameter: parameter.index, atSegment: parameter.segment, in: segments)
                let value = RouteParameters.valueBytes(range, in: segments.bytes)
                body(
                    parameter.name,
                    decodes
                        ? PercentDecoding.decodeOrKeep(value, plusAsSpace: plusAsSpace) : String(utf8: value))
            }
        }
    }

    /// The `index`th `:name` value: one trailing `#` (from a fragment) removed, `+` and escapes
    /// decoded. Out of line: one body for the subscript, ``string(_:)`` and
    /// ``routeValue(named:)``, rather than a copy of the read in each.
    @inline(never)
    private func routeValue(_ index: Int) -> String {
        // Most URLs have neither an escape nor a `+` in their segments (the scan says so).
        guard request.parts.ranges.segmentsNeedDecoding else {
            return withValueBytes(index) { String(utf8: $0) }
        }
        return decodedRouteValue(index)
    }

    /// ``routeValue(_:)`` of a URL whose segments may hold an escape or a `+`.
    @inline(never)
    private func decodedRouteValue(_ index: Int) -> String {
        let plusAsSpace = decodesPlus
        return withValueBytes(index) { PercentDecoding.decodeOrKeep($0, plusAsSpace: plusAsSpace) }
    }

    /// `Int(text)` of the route value under `key`, read from its bytes without making the text,
    /// when it is written in ASCII digits (a sign first, maybe) and needs no decoding; `nil`
    /// otherwise (the caller then reads the text: a `nil` here never means "not a number").
    func routeInt(forKey key: String) -> Int? {
        guard case .route(let index) = layer(of: key) else { return nil }
        let plusIsSpace = decodesPlus
        return withValueBytes(index) { ParameterText.int(fromDigits: $0, plusIsSpace: plusIsSpace) }
    }

    /// Calls `body` with the bytes of the `index`th `:name` value as written, one trailing `#`
    /// (from a fragment) removed.
    @inline(__always)
    private func withValueBytes<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
        -> Result
    {
        let range = valueRange(index)
        return request.withSegmentBytes { body(RouteParameters.valueBytes(range, in: $0)) }
    }

    /// The bytes of the value at `range` of the segment text, one trailing `#` (from a fragment)
    /// removed: how a handler reads a value, which printing checks a template's values with.
    @inline(__always)
    static func valueBytes(_ range: ByteRange, in bytes: UnsafeBufferPointer<UInt8>)
        -> UnsafeBufferPointer<UInt8>
    {
        var range = range
        // (Offsets into the text: they cannot overflow.)
        if range.upperBound &- range.lowerBound > 1, bytes[range.upperBound &- 1] == .hash {
            range.upperBound &-= 1
        }
        return UnsafeBufferPointer(rebasing: bytes[range.range])
    }

    /// The range in the segment text of the `index`th `:name` value.
    @inline(__always)
    private func valueRange(_ index: Int) -> ByteRange {
        index < Captures.kept ? captures[index] : uncapturedRange(index)
    }

    /// The range of a value the captures do not keep (after the fourth), found by cutting the
    /// segments again: a read costs time linear in the URL, and the accessors that read every
    /// value (``dictionary``, ``decode(_:)``) read them in one pass instead.
    @inline(never)
    private func uncapturedRange(_ index: Int) -> ByteRange {
        request.withSegments { matched.range(ofParameter: index, in: $0) }
    }

    /// The text of the value under `key`: a `String`, the first of a `[String]`, or the text of
    /// an extra parameter.
    ///
    /// ```swift
    /// params.string("id")  // "42"
    /// ```
    @inline(never)
    public func string(_ key: String) -> String? {
        // Out of line: the typed accessors read their text here (see `holdsText(forKey:)`), so
        // that this is the one copy of the lookup. A route value or query text is read without
        // making the value, casting it or collecting every query value.
        switch layer(of: key) {
        case .reserved, .extra, .wildcard:
            // `value(key, as: String.self)`: a `String` cast to a `String` is itself.
            return ParameterText.firstText(of: self[key])
        case .absent: return nil
        case .route(let index): return routeValue(index)
        case .query: break
        }
        var first: String?
        request.forEachQueryItem { name, value in
            guard name == key else { return true }
            first = value
            return false
        }
        return first
    }

    /// Whether the value under `key`, if any, is a route value or query text: there is no extra
    /// parameter and no `*`, and `key` is none of ``Keys/pattern``, ``Keys/url``,
    /// ``Keys/scheme`` and ``Keys/anchor`` (``Keys/wildcard`` names nothing without a `*`). Then
    /// ``string(_:)`` is that text, and a typed accessor's answer is its conversion.
    @inline(__always)
    func holdsText(forKey key: String) -> Bool {
        guard extraOrNil == nil, !matched.hasWildcard else { return false }
        // The lengths of the reserved keys first: most keys have none of them.
        switch key.utf8.count {
        case Keys.pattern.utf8.count, Keys.url.utf8.count, Keys.scheme.utf8.count, Keys.anchor.utf8.count:
            return key != Keys.pattern && key != Keys.url && key != Keys.scheme && key != Keys.anchor
        default: return true
        }
    }

    /// Where the value of `key` comes from: the layers in order, the later winning (see the type's
    /// documentation). The one place that order is written.
    private enum Layer {
        /// ``Keys/pattern``, ``Keys/url``, ``Keys/scheme`` or ``Keys/anchor`` (whose value is
        /// `nil` without an anchor, whatever the query or the extra parameters hold).
        case reserved
        /// ``Keys/wildcard`` when the pattern ends in `*`.
        case wildcard
        /// ``Keys/wildcard`` when the pattern has no `*`: no value, whatever the query or the
        /// extra parameters hold under that key.
        case absent
        case extra(Any)
        case route(Int)
        case query
    }

    @inline(__always)
    private func layer(of key: String) -> Layer {
        // The frequent case first, inlined: a route value, with no extra parameter to override it
        // and no parameter named like a reserved key (then `key` is none of them): what the
        // layers below would find, without comparing `key` with the reserved keys.
        if extraOrNil == nil, !matched.hasReservedName, let index = matched.parameterIndex(of: key) {
            return .route(index)
        }
        return layerInOrder(of: key)
    }

    /// ``layer(of:)``, each layer in turn.
    @inline(never)
    private func layerInOrder(of key: String) -> Layer {
        // The reserved keys first: nothing overrides them (the "Routing rules" article, *Parameters*).
        switch key {
        case Keys.pattern, Keys.url, Keys.scheme, Keys.anchor: return .reserved
        case Keys.wildcard: return matched.hasWildcard ? .wildcard : .absent
        default: break
        }
        if let value = extraOrNil?[key] { return .extra(value) }
        if let index = matched.parameterIndex(of: key) { return .route(index) }
        if key == matched.wildcardName { return .wildcard }
        return .query
    }

    /// The values of the query items named `key`: one `String`, or a `[String]` when repeated.
    private func queryValue(forKey key: String) -> Any? {
        var values: [String] = []
        request.forEachQueryItem { name, value in
            if name == key { values.append(value) }
            return true
        }
        switch values.count {
        case 0: return nil
        case 1: return values[0]
        default: return values
        }
    }
}

extension RouteParameters {
    /// The reserved parameter keys, with JLRoutes' strings. Nothing can override them.
    ///
    /// ``Definition/Keys``, the name in Routes 1.0, is an alias of this type.
    ///
    /// ```swift
    /// router.default.add(pattern: "/user/:id") { params in
    ///     params[RouteParameters.Keys.pattern]  // "/user/:id"
    ///     params[RouteParameters.Keys.scheme]   // "JLRoutesGlobalRoutesScheme"
    ///     return true
    /// }
    /// ```
    public enum Keys {
        /// The matched pattern (the expansion, for optional groups): `"JLRoutePattern"`.
        ///
        /// ```swift
        /// params[RouteParameters.Keys.pattern] as? String  // "/user/:id"
        /// ```
        public static let pattern = "JLRoutePattern"
        /// The routed `URL`: `"JLRouteURL"`.
        ///
        /// ```swift
        /// params[RouteParameters.Keys.url] as? URL  // myapp://user/7
        /// ```
        public static let url = "JLRouteURL"
        /// The scheme of the table that matched: `"JLRouteScheme"`.
        ///
        /// ```swift
        /// params[RouteParameters.Keys.scheme] as? String  // "myapp"
        /// ```
        public static let scheme = "JLRouteScheme"
        /// The key of the segments that a trailing `*` captured: `"JLRouteWildcardComponents"`.
        ///
        /// Its value is the segments, decoded, as `[String]`. Absent when the pattern has no `*`, even if a query item
        /// or an extra parameter has this name.
        ///
        /// ```swift
        /// params[RouteParameters.Keys.wildcard] as? [String]  // ["a", "b"]
        /// ```
        public static let wildcard = "JLRouteWildcardComponents"
        /// The key of the URL's web anchor, in a table with hosts: `"JLRouteAnchor"`.
        ///
        /// Its value is the anchor, decoded, as `String` (see ``RouteParameters/anchor``).
        /// Absent when the URL has none, or the table has no ``RouteTable/hosts``, even if a
        /// query item or an extra parameter has this name. JLRoutes had no such key: it read
        /// the fragment as more of the path. Given to `url(for:)`, it is written as the
        /// fragment.
        ///
        /// ```swift
        /// // https://example.com/post/7#comments, hosts set:
        /// params[RouteParameters.Keys.anchor] as? String  // "comments"
        /// ```
        public static let anchor = "JLRouteAnchor"
    }
}

extension RouteParameters: CustomStringConvertible {
    /// The dictionary, keys sorted, one `key: value` per line.
    ///
    /// ```swift
    /// print(params)
    /// ```
    public var description: String {
        // The keys sorted, as URL building sorts them: one sort of the standard library's for
        // both, rather than one more for the key-value pairs.
        let values = dictionary
        return values.keys.sorted().map { key in "\(key): \(values[key] ?? "")" }.joined(separator: "\n")
    }
}
