import Foundation

/// The five parts of a URL reference (RFC 3986, appendix B), each still percent-encoded.
///
/// `URLParts.split(_:)` is the fast path: it reads the string's UTF-8 once, without Foundation,
/// and accepts only what it can split exactly as `URLComponents` would (ASCII characters that
/// RFC 3986 allows, valid `%XX` escapes, a host without user info, port or IPv6 literal). For
/// anything else, `URLParts(foundation:)` asks Foundation, which percent-encodes what it must.
struct URLParts {
    /// The text the ranges refer to: the URL string itself on the fast path.
    let text: String
    /// UTF-8 offsets of the parts in ``text``.
    let ranges: Offsets

    struct Offsets {
        var scheme: Range<Int>?
        /// `nil` when the URL has no authority; empty for `myapp://`.
        var host: Range<Int>?
        var path: Range<Int>
        var query: Range<Int>?
        var fragment: Range<Int>?
    }

    var scheme: Substring? { ranges.scheme.map(substring) }
    /// The percent-encoded host; `nil` when the URL has no authority, `""` for `myapp://`.
    var host: Substring? { ranges.host.map(substring) }
    var path: Substring { substring(ranges.path) }
    var query: Substring? { ranges.query.map(substring) }
    var fragment: Substring? { ranges.fragment.map(substring) }

    /// The text at UTF-8 offsets `range` (which always fall on ASCII delimiters).
    func substring(_ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return text[lower..<utf8.index(lower, offsetBy: range.count)]
    }

    /// Parts of a string, from the fast path or from Foundation; `nil` when `URL(string:)` fails.
    init?(string: String) {
        if let parts = URLParts.split(string) {
            self = parts
        } else if let url = URL(string: string) {
            self.init(foundation: url)
        } else {
            return nil
        }
    }

    /// Parts of a `URL`, from the fast path when its text allows, from Foundation otherwise.
    init(url: URL) {
        if let parts = URLParts.split(url.absoluteString) {
            self = parts
        } else {
            self.init(foundation: url)
        }
    }

    private init(text: String, ranges: Offsets) {
        self.text = text
        self.ranges = ranges
    }

    /// Parts as `URLComponents` reports them (the slow path, and the reference of the tests),
    /// laid end to end in one text.
    init(foundation url: URL) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        var text = ""
        func append(_ part: String?) -> Range<Int>? {
            guard let part else { return nil }
            let start = text.utf8.count
            text += part
            return start..<text.utf8.count
        }
        let scheme = append(components?.scheme)
        let host = append(components?.percentEncodedHost)
        let path = append(components?.percentEncodedPath ?? "") ?? 0..<0
        let query = append(components?.percentEncodedQuery)
        let fragment = append(components?.percentEncodedFragment)
        self.init(
            text: text,
            ranges: Offsets(scheme: scheme, host: host, path: path, query: query, fragment: fragment))
    }

    /// Splits `string` without Foundation, or returns `nil` when the fast path cannot vouch for it.
    static func split(_ string: String) -> URLParts? {
        let result: Offsets?? = string.utf8.withContiguousStorageIfAvailable { scan($0) }
        guard let offsets = result ?? nil else { return nil }
        return URLParts(text: string, ranges: offsets)
    }

    /// One pass over the bytes: find the delimiters and check every byte against its part's
    /// character class. Returns `nil` for anything outside the fast path.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Offsets? {
        let count = bytes.count
        guard count > 0 else { return nil }
        var position = 0
        var scheme: Range<Int>?

        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        var index = 0
        while index < count, !CharacterClass.isDelimiter(bytes[index]) { index += 1 }
        if index < count, bytes[index] == UInt8(ascii: ":") {
            guard index > 0, CharacterClass.isAlpha(bytes[0]) else { return nil }
            for i in 1..<index where !CharacterClass.isSchemeCharacter(bytes[i]) { return nil }
            scheme = 0..<index
            position = index + 1
        }

        // authority = "//" reg-name  (no user info, port or IP literal on the fast path)
        var host: Range<Int>?
        if position + 1 < count, bytes[position] == UInt8(ascii: "/"),
            bytes[position + 1] == UInt8(ascii: "/")
        {
            let start = position + 2
            var end = start
            while end < count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                    break
                }
                guard CharacterClass.allows(byte, in: .host) else { return nil }
                end += 1
            }
            guard validEscapes(bytes, start..<end) else { return nil }
            host = start..<end
            position = end
        }

        // path: up to "?" or "#"
        let pathStart = position
        while position < count, bytes[position] != UInt8(ascii: "?"), bytes[position] != UInt8(ascii: "#") {
            guard CharacterClass.allows(bytes[position], in: .path) else { return nil }
            position += 1
        }
        let path = pathStart..<position
        // A relative reference whose first segment has a ":" is not a URL the fast path knows.
        if scheme == nil, host == nil {
            for i in path {
                if bytes[i] == UInt8(ascii: "/") { break }
                if bytes[i] == UInt8(ascii: ":") { return nil }
            }
        }
        guard validEscapes(bytes, path) else { return nil }

        var query: Range<Int>?
        if position < count, bytes[position] == UInt8(ascii: "?") {
            let start = position + 1
            position = start
            while position < count, bytes[position] != UInt8(ascii: "#") {
                guard CharacterClass.allows(bytes[position], in: .query) else { return nil }
                position += 1
            }
            guard validEscapes(bytes, start..<position) else { return nil }
            query = start..<position
        }

        var fragment: Range<Int>?
        if position < count, bytes[position] == UInt8(ascii: "#") {
            let start = position + 1
            position = start
            while position < count {
                guard CharacterClass.allows(bytes[position], in: .query) else { return nil }
                position += 1
            }
            guard validEscapes(bytes, start..<position) else { return nil }
            fragment = start..<position
        }
        return Offsets(scheme: scheme, host: host, path: path, query: query, fragment: fragment)
    }

    /// Whether every `%` in `range` starts a two-hex-digit escape.
    private static func validEscapes(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound,
                    PercentDecoding.hexValue(bytes[index + 1]) != nil,
                    PercentDecoding.hexValue(bytes[index + 2]) != nil
                else { return false }
                index += 3
            } else {
                index += 1
            }
        }
        return true
    }
}

/// The RFC 3986 character classes that the fast path accepts.
private enum CharacterClass {
    /// host: unreserved / pct-encoded / sub-delims; path: pchar / "/"; query and fragment:
    /// pchar / "/" / "?".
    enum Part {
        case host, path, query
    }

    static func allows(_ byte: UInt8, in part: Part) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        // unreserved, sub-delims and "%": anywhere
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: "%"):
            return true
        // the rest of pchar, and "/": not in a host
        case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
            return part != .host
        // "?": in the query and the fragment
        case UInt8(ascii: "?"):
            return part == .query
        default:
            return false
        }
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
            || byte == UInt8(ascii: "#")
    }

    static func isAlpha(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isAlpha(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
