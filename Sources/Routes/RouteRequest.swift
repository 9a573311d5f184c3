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

        var queryItems: [QueryItem] = []
        if let query = parts.query { RouteRequest.appendQueryItems(of: query, to: &queryItems) }
        var fragmentPath: Substring?
        if let fragment = parts.fragment {
            let separator = fragment.utf8.firstIndex(of: .questionMark)
            let path = separator.map { fragment[..<$0] } ?? fragment
            let query = separator.map { fragment[fragment.utf8.index(after: $0)...] } ?? fragment
            var items: [QueryItem] = []
            RouteRequest.appendQueryItems(of: query, to: &items)
            // Only a fragment whose first item has a value counts as query items.
            let hasQueryItems = !(items.first?.value?.isEmpty ?? true)
            if hasQueryItems { queryItems += items }
            if !hasQueryItems || path != query { fragmentPath = path }
        }
        self.queryItems = queryItems
        segments = RouteRequest.segments(
            host: RouteRequest.hostSegment(parts.host, options: options), path: parts.path,
            fragmentPath: fragmentPath)
    }

    /// The host when it serves as the first path segment, else `nil`.
    private static func hostSegment(_ host: Substring?, options: RouteOptions) -> Substring? {
        guard let host, !host.isEmpty else { return nil }
        if options.contains(.treatHostAsPathComponent) { return host }
        if host.utf8.contains(.percent) {
            let decoded = PercentDecoding.decodeOrKeep(host)
            return decoded != "localhost" && !decoded.utf8.contains(.dot) ? host : nil
        }
        return !host.utf8.elementsEqual("localhost".utf8) && !host.utf8.contains(.dot) ? host : nil
    }

    private static func segments(host: Substring?, path: Substring, fragmentPath: Substring?) -> [Substring] {
        var segments: [Substring] = []
        var text = path
        if let host {
            // The host joins the path as its first component: "user" + "/view/7", the path's
            // trailing "/" dropped (as JLRoutes' `appendingPathComponent`).
            if text.utf8.last == .slash { text = text.dropLastByte() }
            if fragmentPath == nil {
                segments.append(host)
                if text.utf8.first == .slash { text = text.dropFirstByte() }
                if !text.isEmpty || path.utf8.starts(with: "//".utf8) { appendSegments(of: text, to: &segments) }
                return segments
            }
            text = Substring(host + text)
        } else if text.utf8.first == .slash {
            text = text.dropFirstByte()
        }
        if let fragmentPath {
            text = Substring(text + "#" + fragmentPath)
        }
        if text.utf8.last == .slash { text = text.dropLastByte() }
        appendSegments(of: text, to: &segments)
        return segments
    }

    /// Appends the parts of `text` between `/` (all of them, empty ones included).
    private static func appendSegments(of text: Substring, to segments: inout [Substring]) {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == .slash {
                segments.append(text[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        segments.append(text[start..<utf8.endIndex])
    }

    /// `a=1&b&&c=` → `(a, 1)`, `(b, nil)`, `(c, "")`: items without a name are left out.
    static func appendQueryItems(of query: Substring, to items: inout [QueryItem]) {
        let utf8 = query.utf8
        var start = utf8.startIndex
        var equals: String.Index?
        var index = start
        while true {
            let atEnd = index == utf8.endIndex
            if atEnd || utf8[index] == .ampersand {
                let nameEnd = equals ?? index
                if nameEnd != start {
                    let value = equals.map { query[utf8.index(after: $0)..<index] }
                    items.append(QueryItem(name: query[start..<nameEnd], value: value))
                }
                if atEnd { return }
                start = utf8.index(after: index)
                equals = nil
            } else if equals == nil, utf8[index] == .equals {
                equals = index
            }
            index = utf8.index(after: index)
        }
    }
}

extension UInt8 {
    static let slash = UInt8(ascii: "/")
    static let questionMark = UInt8(ascii: "?")
    static let ampersand = UInt8(ascii: "&")
    static let equals = UInt8(ascii: "=")
    static let percent = UInt8(ascii: "%")
    static let dot = UInt8(ascii: ".")
    static let hash = UInt8(ascii: "#")
}

extension Substring {
    /// Without its first byte (an ASCII delimiter).
    func dropFirstByte() -> Substring { self[utf8.index(after: utf8.startIndex)...] }
    /// Without its last byte (an ASCII delimiter).
    func dropLastByte() -> Substring { self[..<utf8.index(before: utf8.endIndex)] }
}
