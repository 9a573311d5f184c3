import Foundation

/// Why a URL could not be built from a pattern.
///
/// ```swift
/// do {
///     _ = try router.url(for: "/user/view/:id", scheme: "myapp", parameters: [:])
/// } catch {
///     print(error)  // Cannot build a URL for "/user/view/:id": missing parameter "id"
/// }
/// ```
public struct URLBuildingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    ///
    /// ```swift
    /// if case .missingParameter(let name) = error.reason { print(name) }
    /// ```
    public enum Reason: Sendable, Hashable {
        /// The pattern itself is invalid.
        case invalidPattern(RoutePatternError)
        /// No expansion of the pattern has all its parameters: this one is missing.
        case missingParameter(String)
        /// A parameter's value is empty; `:name` only matches non-empty segments.
        case emptyParameter(String)
        /// The scheme is not a valid URL scheme.
        case invalidScheme(String)
        /// The URL for the expansion that fits the parameters would be routed to an earlier
        /// (longer) expansion of the same pattern — e.g. `(/:id)/*` without `id`: give that
        /// expansion's parameters, or register the two shapes as separate patterns.
        case ambiguous(routedTo: String)
        /// The value under `key` has no URL text: it is none of `String`, `Bool`, `UUID`, `URL`,
        /// `RawRepresentable`, `LosslessStringConvertible` (integers, floating point...), an
        /// `Optional` of one, or an array of them. `type` names its type.
        case unsupportedValue(key: String, type: String)
    }

    /// The pattern the URL was built from.
    ///
    /// ```swift
    /// error.pattern  // "/user/view/:id"
    /// ```
    public let pattern: String
    /// What went wrong.
    ///
    /// ```swift
    /// error.reason  // .missingParameter("id")
    /// ```
    public let reason: Reason

    /// A readable explanation.
    ///
    /// ```swift
    /// print(error)
    /// ```
    public var description: String {
        let detail: String
        switch reason {
        case .invalidPattern(let error): return error.description
        case .missingParameter(let name): detail = "missing parameter \"\(name)\""
        case .emptyParameter(let name): detail = "parameter \"\(name)\" is empty"
        case .invalidScheme(let scheme): detail = "\"\(scheme)\" is not a URL scheme"
        case .ambiguous(let expansion): detail = "the URL would be routed to the expansion \(expansion) first"
        case .unsupportedValue(let key, let type):
            detail = "parameter \"\(key)\" is a \(type), which has no URL text"
        }
        return "Cannot build a URL for \"\(pattern)\": \(detail)"
    }
}

extension Router {
    /// Builds a URL that routes to `pattern` with `parameters`: `:name` segments are filled
    /// (percent-encoded), the longest expansion of optional groups whose parameters are all given
    /// is chosen, wildcard components (an array under ``RouteParameters/Keys/wildcard``) are put
    /// back, and the other parameters go to the query, sorted by name (arrays as repeated keys).
    /// Values are written in the text that the typed accessors read back (`Bool` as `true`/`false`,
    /// numbers by their `description`, `UUID`, `URL`, enums by their raw value); an `Optional` is
    /// unwrapped and `nil` is absent; any other value throws
    /// ``URLBuildingError/Reason/unsupportedValue(key:type:)``.
    ///
    /// ```swift
    /// try router.url(for: "/user/view/:id(/:tab)", scheme: "myapp", parameters: ["id": 42, "ref": "mail"])
    /// // myapp://user/view/42?ref=mail
    /// try router.url(for: "/post/:id", scheme: "https", host: "example.com", parameters: ["id": 7])
    /// // https://example.com/post/7
    /// ```
    /// - Parameters:
    ///   - pattern: a pattern as given to `add(pattern:)`.
    ///   - scheme: the URL's scheme; `nil` builds a relative URL (`/user/view/42`).
    ///   - host: a host for universal links; when `nil`, the first segment becomes the host
    ///     (`myapp://user/view/42`) when it can, as routing reads it back.
    ///   - parameters: values for `:name` segments, the wildcard, and the query.
    public func url(
        for pattern: String, scheme: String? = nil, host: String? = nil, parameters: [String: Any] = [:]
    ) throws(URLBuildingError) -> URL {
        try URLBuilder(pattern: pattern, scheme: scheme, host: host, parameters: parameters).build()
    }
}

/// The work of ``Router/url(for:scheme:host:parameters:)``.
private struct URLBuilder {
    let pattern: String
    let scheme: String?
    let host: String?
    /// The parameters with their `Optional`s unwrapped and their `nil` values left out.
    let parameters: [String: Any]

    init(pattern: String, scheme: String?, host: String?, parameters: [String: Any]) {
        self.pattern = pattern
        self.scheme = scheme
        self.host = host
        self.parameters = parameters.compactMapValues(ParameterText.unwrapped)
    }

    func build() throws(URLBuildingError) -> URL {
        if let scheme, URLParts.split(scheme + ":") == nil || scheme.contains(":") || scheme.contains("/") {
            throw URLBuildingError(pattern: pattern, reason: .invalidScheme(scheme))
        }
        let expansions: [RoutePattern]
        do {
            expansions = try OptionalGroupExpansion.expand(pattern)
        } catch {
            throw URLBuildingError(pattern: pattern, reason: .invalidPattern(error))
        }
        // The longest expansion whose parameters are all given (expansions are longest first).
        guard let chosen = expansions.first(where: { $0.parameterNames.allSatisfy { parameters[$0] != nil } })
        else {
            let missing = expansions.last?.parameterNames.first { parameters[$0] == nil } ?? ""
            throw URLBuildingError(pattern: pattern, reason: .missingParameter(missing))
        }
        var components: [String] = []
        var fragmentStart: Int?
        for (segment, raw) in zip(chosen.segments, rawComponents(of: chosen)) {
            switch segment {
            case .literal(let text):
                components.append(URLBuilder.encode(raw.hasSuffix("#") ? String(text.dropLast()) : text))
            case .parameter(let name):
                let value = try text(of: parameters[name] ?? "", key: name)
                guard !value.isEmpty else {
                    throw URLBuildingError(pattern: pattern, reason: .emptyParameter(name))
                }
                components.append(URLBuilder.encode(value))
            case .wildcard:
                components += try texts(Definition.Keys.wildcard).map(URLBuilder.encode)
            }
            if fragmentStart == nil, raw.count > 1, raw.hasSuffix("#") { fragmentStart = components.count }
        }
        let used = Set(chosen.parameterNames + [Definition.Keys.wildcard])
        let url = assemble(components, fragmentStart: fragmentStart, query: try queryString(excluding: used))
        // Routing tries longer expansions first: the URL must not fit one of them.
        let request = RouteRequest(parts: URLParts(url: url), options: [])
        if let first = expansions.first(where: { $0.verdict(for: request.encodedSegments) == .matches }),
            first != chosen
        {
            throw URLBuildingError(pattern: pattern, reason: .ambiguous(routedTo: first.text))
        }
        return url
    }

    /// The pattern text of each segment (to see the `#` of fragment routes).
    private func rawComponents(of pattern: RoutePattern) -> [String] {
        var text = Substring(pattern.text)
        if text.hasPrefix("/") { text = text.dropFirst() }
        if text.hasSuffix("/") { text = text.dropLast() }
        return text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    private func assemble(_ components: [String], fragmentStart: Int?, query: String) -> URL {
        let pathEnd = fragmentStart ?? components.count
        var path = Array(components[..<pathEnd])
        var text = ""
        if let scheme {
            text = scheme + "://"
            if let host {
                text += URLBuilder.encode(host)
            } else if let first = path.first, URLBuilder.canBeHost(first) {
                text += first
                path.removeFirst()
            }
        }
        // The root is `myapp://`; otherwise the path starts with "/".
        if !(path.isEmpty || path == [""] && scheme != nil) { text += "/" + path.joined(separator: "/") }
        if !query.isEmpty { text += "?" + query }
        if let fragmentStart {
            text += "#/" + components[fragmentStart...].joined(separator: "/")
        }
        // Every character was percent-encoded above, so Foundation accepts the text as it is.
        return URL(string: text) ?? URL(fileURLWithPath: "/")
    }

    private func queryString(excluding used: Set<String>) throws(URLBuildingError) -> String {
        let reserved: Set = [Definition.Keys.pattern, Definition.Keys.url, Definition.Keys.scheme]
        var items: [String] = []
        for key in parameters.keys.sorted() where !used.contains(key) && !reserved.contains(key) {
            for text in try texts(key) {
                items.append(URLBuilder.encode(key) + "=" + URLBuilder.encode(text))
            }
        }
        return items.joined(separator: "&")
    }

    /// The text of each value under `key`: the elements of an array (its `nil` elements left
    /// out), or the one value; none when the key is absent.
    private func texts(_ key: String) throws(URLBuildingError) -> [String] {
        guard let value = parameters[key] else { return [] }
        var texts: [String] = []
        for element in (value as? [Any]) ?? [value] {
            guard let element = ParameterText.unwrapped(element) else { continue }
            texts.append(try text(of: element, key: key))
        }
        return texts
    }

    /// The canonical text of `value` (see `ParameterText`), or the error for a value that has none.
    private func text(of value: Any, key: String) throws(URLBuildingError) -> String {
        guard let text = ParameterText.text(of: value) else {
            let type = String(describing: Swift.type(of: value))
            throw URLBuildingError(pattern: pattern, reason: .unsupportedValue(key: key, type: type))
        }
        return text
    }

    /// A first segment that routing reads back as the host: not empty, no `.`, not `localhost`.
    private static func canBeHost(_ encoded: String) -> Bool {
        !encoded.isEmpty && !encoded.contains(".") && encoded != "localhost"
    }

    /// Unreserved characters and a few safe sub-delimiters stay; everything else is encoded,
    /// including `+` (read as a space), `&` and `=` (query syntax), `#`, `?`, `/` and `%`.
    private static let allowed: CharacterSet = {
        var set = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        set.insert(charactersIn: "-._~!$'()*,;")
        return set
    }()

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
