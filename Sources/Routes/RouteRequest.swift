/// A URL as a route table reads it: path segments and query items, still percent-encoded.
///
/// The rules (spec §2): the host becomes the first segment when it has no `.` and is not
/// `localhost` (or always, with `.treatHostAsPathComponent`); one leading and one trailing `/`
/// are removed before splitting on `/`; a fragment adds its query items and/or `#` + its path.
/// Values are decoded later, once per segment or item, when a handler asks for them.
struct RouteRequest {
    struct QueryItem {
        /// The percent-encoded name, never empty.
        var name: Substring
        /// The percent-encoded value; `nil` for an item written without `=`.
        var value: Substring?
    }

    let input: RouteInput
    let options: RouteOptions
    /// The path segments, percent-encoded; at least one.
    let segments: [Substring]
    /// Query items of the URL, then those of the fragment, in order.
    let queryItems: [QueryItem]

    init(input: RouteInput, parts: URLParts, options: RouteOptions) {
        self.input = input
        self.options = options

        var queryItems = parts.query.map(RouteRequest.queryItems(in:)) ?? []
        var fragmentPath: Substring?
        if let fragment = parts.fragment {
            let separator = fragment.utf8.firstIndex(of: UInt8(ascii: "?"))
            let path = separator.map { fragment[..<$0] } ?? fragment
            let query = separator.map { fragment[fragment.index(after: $0)...] } ?? fragment
            let items = RouteRequest.queryItems(in: query)
            let hasQueryItems = !(items.first?.value?.isEmpty ?? true)
            if hasQueryItems { queryItems += items }
            if !hasQueryItems || path != query {
                fragmentPath = path
            }
        }
        self.queryItems = queryItems.filter { !$0.name.isEmpty }
        segments = RouteRequest.segments(
            host: RouteRequest.hostSegment(parts.host, options: options), path: parts.path,
            fragmentPath: fragmentPath)
    }

    /// The host when it serves as the first path segment, else `nil`.
    private static func hostSegment(_ host: Substring?, options: RouteOptions) -> Substring? {
        guard let host, !host.isEmpty else { return nil }
        if options.contains(.treatHostAsPathComponent) { return host }
        let decoded = PercentDecoding.decodeOrKeep(host)
        return decoded != "localhost" && !decoded.utf8.contains(UInt8(ascii: ".")) ? host : nil
    }

    private static func segments(host: Substring?, path: Substring, fragmentPath: Substring?) -> [Substring] {
        var text = path
        if let host {
            // The host joins the path as its first component: "user" + "/view/7".
            if text.hasSuffix("/") { text = text.dropLast() }
            if fragmentPath == nil {
                if text.hasPrefix("/") { text = text.dropFirst() }
                return [host] + (text.isEmpty && !path.hasPrefix("//") ? [] : split(text))
            }
            text = Substring(host + text)
        } else if text.hasPrefix("/") {
            text = text.dropFirst()
        }
        if let fragmentPath {
            text = Substring(text + "#" + fragmentPath)
        }
        if text.hasSuffix("/") { text = text.dropLast() }
        return split(text)
    }

    private static func split(_ text: Substring) -> [Substring] {
        text.split(separator: "/", omittingEmptySubsequences: false)
    }

    /// `a=1&b&&c=` → `(a, 1)`, `(b, nil)`, `("", nil)`, `(c, "")`.
    static func queryItems(in query: Substring) -> [QueryItem] {
        query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            guard let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) else {
                return QueryItem(name: item, value: nil)
            }
            return QueryItem(name: item[..<equals], value: item[item.index(after: equals)...])
        }
    }
}
