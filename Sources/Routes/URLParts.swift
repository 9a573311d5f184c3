import Foundation

/// The five parts of a URL reference (RFC 3986, appendix B), each still percent-encoded.
///
/// `URLParts.split(_:)` is the fast path: it reads the string's UTF-8 once, without Foundation,
/// and accepts only what it can split exactly as `URLComponents` would (ASCII characters that
/// RFC 3986 allows, valid `%XX` escapes, a host without user info, port or IPv6 literal). For
/// anything else, `URLParts(foundation:)` asks Foundation, which percent-encodes what it must.
struct URLParts {
    var scheme: Substring?
    /// The percent-encoded host; `nil` when the URL has no authority, `""` for `myapp://`.
    var host: Substring?
    var path: Substring
    var query: Substring?
    var fragment: Substring?

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

    init(scheme: Substring?, host: Substring?, path: Substring, query: Substring?, fragment: Substring?) {
        self.scheme = scheme
        self.host = host
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// Parts as `URLComponents` reports them (the slow path, and the reference of the tests).
    init(foundation url: URL) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        scheme = components?.scheme.map { Substring($0) }
        host = components?.percentEncodedHost.map { Substring($0) }
        path = Substring(components?.percentEncodedPath ?? "")
        query = components?.percentEncodedQuery.map { Substring($0) }
        fragment = components?.percentEncodedFragment.map { Substring($0) }
    }

    /// Splits `string` without Foundation, or returns `nil` when the fast path cannot vouch for it.
    static func split(_ string: String) -> URLParts? {
        let utf8 = string.utf8
        let result: Offsets?? = utf8.withContiguousStorageIfAvailable { scan($0) }
        guard let offsets = result ?? nil else { return nil }
        func part(_ range: Range<Int>?) -> Substring? {
            guard let range else { return nil }
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let upper = utf8.index(lower, offsetBy: range.count)
            return string[lower..<upper]
        }
        return URLParts(
            scheme: part(offsets.scheme), host: part(offsets.host), path: part(offsets.path) ?? "",
            query: part(offsets.query), fragment: part(offsets.fragment))
    }

    private struct Offsets {
        var scheme: Range<Int>?
        var host: Range<Int>?
        var path: Range<Int>
        var query: Range<Int>?
        var fragment: Range<Int>?
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

/// The RFC 3986 character classes that the fast path accepts, as a 256-entry table.
private enum CharacterClass {
    struct Part: OptionSet {
        let rawValue: UInt8
        static let host = Part(rawValue: 1)
        static let path = Part(rawValue: 2)
        static let query = Part(rawValue: 4)
    }

    static func allows(_ byte: UInt8, in part: Part) -> Bool {
        table[Int(byte)] & part.rawValue != 0
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

    /// host: unreserved / pct-encoded / sub-delims; path: pchar / "/"; query and fragment: pchar / "/" / "?".
    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        let subDelimiters = "!$&'()*+,;="
        for byte in (unreserved + subDelimiters + "%").utf8 {
            table[Int(byte)] = Part.host.rawValue | Part.path.rawValue | Part.query.rawValue
        }
        for byte in ":@/".utf8 { table[Int(byte)] = Part.path.rawValue | Part.query.rawValue }
        table[Int(UInt8(ascii: "?"))] = Part.query.rawValue
        return table
    }()
}
