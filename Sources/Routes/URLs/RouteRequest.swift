/// A URL as a route table reads it: path segments and query items (spec §2).
///
/// The rules: the host becomes the first segment when it has no `.` and is not `localhost` (or
/// always, with `.treatHostAsPathComponent`); one leading and one trailing `/` are removed before
/// splitting on `/`; a fragment adds its query items and/or `#` + its path.
///
/// Making a request allocates nothing: routing reads the segments as byte ranges of the URL's own
/// text, in a temporary buffer (``withSegments(_:)``), and values are decoded only when a
/// handler asks for them (``segments``, ``queryItems``).
struct RouteRequest {
    struct QueryItem {
        /// The percent-encoded name, never empty.
        var name: Substring
        /// The percent-encoded value; `nil` for an item written without `=`.
        var value: Substring?
    }

    let parts: URLParts
    let options: RouteOptions
    /// The fragment's path when `#` + it is appended to the path.
    private let fragmentPath: Range<Int>?
    /// The fragment's query when its items join the URL's.
    private let fragmentQuery: Range<Int>?

    init(parts: URLParts, options: RouteOptions) {
        self.parts = parts
        self.options = options
        (fragmentPath, fragmentQuery) =
            parts.ranges.fragment == nil ? (nil, nil) : RouteRequest.fragmentRanges(parts)
    }

    /// Calls `body` with the bytes the segments refer to and the segments' byte ranges.
    func withSegments<Result>(
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<ByteRange>) -> Result
    ) -> Result {
        // The closures below capture these values only, never `self`: copying a request (its
        // strings) is what costs most on the hot path.
        let ranges = parts.ranges
        let options = options
        let fragmentPath = fragmentPath
        return parts.text.withBytes { bytes in
            let host = RouteRequest.hostSegment(bytes, ranges.host, options: options)
            guard let fragmentPath else {
                return RouteRequest.split(bytes, host: host, path: ranges.path, trimLeading: true) {
                    body(bytes, $0)
                }
            }
            // A fragment route joins path and fragment: the one case that makes a new string.
            let combined = RouteRequest.joined(
                bytes, host: host, path: ranges.path, fragmentPath: fragmentPath)
            return combined.withBytes { combinedBytes in
                RouteRequest.split(
                    combinedBytes, host: nil, path: 0..<combinedBytes.count, trimLeading: false
                ) {
                    body(combinedBytes, $0)
                }
            }
        }
    }

    /// `host` + path (its trailing `/` dropped), or the path without its leading `/`, then `#` +
    /// the fragment's path: `myapp://user#/view/7` reads as `user#/view/7`.
    private static func joined(
        _ bytes: UnsafeBufferPointer<UInt8>, host: Range<Int>?, path: Range<Int>, fragmentPath: Range<Int>
    ) -> String {
        var path = path
        var result: [UInt8] = []
        if let host {
            if path.last.map({ bytes[$0] == .slash }) == true { path = path.dropLast() }
            result += bytes[host]
        } else if path.first.map({ bytes[$0] == .slash }) == true {
            path = path.dropFirst()
        }
        result += bytes[path]
        result.append(.hash)
        result += bytes[fragmentPath]
        return String(decoding: result, as: UTF8.self)
    }

    /// The path segments, percent-encoded; at least one.
    var segments: [Substring] {
        withSegments { bytes, ranges in
            ranges.map {
                Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[$0.range]), as: UTF8.self))
            }
        }
    }

    /// Query items of the URL, then those of the fragment, in order; items without a name left out.
    var queryItems: [QueryItem] {
        var items: [QueryItem] = []
        if let query = parts.ranges.query {
            RouteRequest.appendQueryItems(of: parts.substring(query), to: &items)
        }
        if let fragmentQuery { RouteRequest.appendQueryItems(of: parts.substring(fragmentQuery), to: &items) }
        return items
    }

    /// The host's range when it serves as the first path segment, else `nil`.
    private static func hostSegment(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>?, options: RouteOptions
    ) -> Range<Int>? {
        guard let range, !range.isEmpty else { return nil }
        if options.contains(.treatHostAsPathComponent) { return range }
        var host = UnsafeBufferPointer(rebasing: bytes[range])
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: host.count) { decoded in
            if host.contains(.percent), let count = PercentDecoding.decode(host, into: decoded) {
                host = UnsafeBufferPointer(rebasing: decoded[..<count])
            }
            let isLocalhost = host.count == 9 && host.elementsEqual("localhost".utf8)
            return !isLocalhost && !host.contains(.dot) ? range : nil
        }
    }

    /// The fragment's path is its text before the first `?`, its query the text after (the whole
    /// text is both without `?`). Its query items join the URL's when the first has a value; its
    /// path is appended unless the fragment is nothing but those items.
    private static func fragmentRanges(_ parts: URLParts) -> (path: Range<Int>?, query: Range<Int>?) {
        guard let fragment = parts.ranges.fragment else { return (nil, nil) }
        let text = parts.text.utf8
        let start = text.index(text.startIndex, offsetBy: fragment.lowerBound)
        let bytes = text[start..<text.index(start, offsetBy: fragment.count)]
        let separator = bytes.firstIndex(of: .questionMark)
        let pathBytes = bytes[..<(separator ?? bytes.endIndex)]
        let queryBytes = separator.map { bytes[text.index(after: $0)...] } ?? bytes
        let firstItem = queryBytes[..<(queryBytes.firstIndex(of: .ampersand) ?? queryBytes.endIndex)]
        let hasQueryItems =
            firstItem.firstIndex(of: .equals).map { text.index(after: $0) != firstItem.endIndex } ?? false
        let offset = { (index: String.Index) in
            fragment.lowerBound + bytes.distance(from: bytes.startIndex, to: index)
        }
        let path = fragment.lowerBound..<offset(pathBytes.endIndex)
        let query = offset(queryBytes.startIndex)..<fragment.upperBound
        let appendsPath = !hasQueryItems || !pathBytes.elementsEqual(queryBytes)
        return (appendsPath ? path : nil, hasQueryItems ? query : nil)
    }

    /// The segment ranges: the host (if any), then the path cut on `/` after trimming one leading
    /// (`trimLeading`) and one trailing `/`, in a temporary buffer.
    private static func split<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, host: Range<Int>?, path: Range<Int>, trimLeading: Bool,
        _ body: (UnsafeBufferPointer<ByteRange>) -> Result
    ) -> Result {
        var path = path
        var splitsPath = true
        if host != nil {
            // "user" + "/view/7/": the path's trailing "/" goes, then its leading one.
            let startsWithTwoSlashes =
                path.count >= 2 && bytes[path.lowerBound] == .slash
                && bytes[path.lowerBound + 1] == .slash
            if path.last.map({ bytes[$0] == .slash }) == true { path = path.dropLast() }
            if path.first.map({ bytes[$0] == .slash }) == true { path = path.dropFirst() }
            splitsPath = !path.isEmpty || startsWithTwoSlashes
        } else {
            if trimLeading, path.first.map({ bytes[$0] == .slash }) == true { path = path.dropFirst() }
            if path.last.map({ bytes[$0] == .slash }) == true { path = path.dropLast() }
        }
        // A short path has at most one segment per byte: that bound keeps the buffer on the stack
        // (under 1 KB) without a counting pass; a long one is counted first.
        var count = (host == nil ? 0 : 1) + (splitsPath ? 1 : 0)
        if splitsPath {
            if path.count <= 56 {
                count += path.count
            } else {
                for index in path where bytes[index] == .slash { count += 1 }
            }
        }
        return withUnsafeTemporaryAllocation(of: ByteRange.self, capacity: count) { buffer in
            var next = 0
            if let host {
                buffer[next] = ByteRange(host)
                next += 1
            }
            if splitsPath {
                var start = path.lowerBound
                for index in path where bytes[index] == .slash {
                    buffer[next] = ByteRange(start..<index)
                    next += 1
                    start = index + 1
                }
                buffer[next] = ByteRange(start..<path.upperBound)
                next += 1
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<next]))
        }
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

/// A range of UTF-8 offsets (a plain struct: no generic metadata on the hot path).
struct ByteRange {
    var lowerBound: Int
    var upperBound: Int

    init(_ range: Range<Int>) {
        lowerBound = range.lowerBound
        upperBound = range.upperBound
    }

    var range: Range<Int> { lowerBound..<upperBound }
    var isEmpty: Bool { lowerBound == upperBound }
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
