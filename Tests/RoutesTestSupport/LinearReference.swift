import Foundation
import Routes

// The one linear reference of the repository, shared by the tests (DifferentialTests), the
// benchmarks (Benchmarks/Sources/RouterWorkload links to this file) and the fuzzer (Fuzz/build.sh
// compiles it with Fuzz/FuzzTarget.swift). It uses the library's public API only and stays
// internal, so that it compiles unchanged in all three modules.

/// Routing as the "Routing rules" article states it, done slowly and independently of the
/// library's index and URL reader: Foundation judges the URL and reads its scheme and host, every
/// value is read from the text as written, and every
/// definition of the table is matched in turn, as JLRoutes scans its routes.
///
/// - The table is the one of the URL's scheme (ignoring case), else the global table; a table
///   that falls back is followed by the global table.
/// - The host is the first path segment unless it is empty, `localhost` or contains a `.` (any
///   host with `.treatHostAsPathComponent`); one leading and one trailing `/` are removed from the
///   path, a fragment path is appended after `#`, and the result is split on the `/` byte.
/// - A definition matches with the same number of segments (at least those before a trailing
///   `*`), each literal equal to the decoded segment byte for byte (ASCII case ignored in the
///   bytes of the first segment that came from the host), and non-empty `:name` values.
/// - Its parameters are JLRoutes' dictionary: query items of the URL and of its fragment (repeated
///   names as arrays, empty names dropped), then route values and wildcard components (decoded
///   once, `+` as a space first with `.decodePlusSymbols`), then the extra parameters, then the
///   reserved keys, the wildcard's among them (absent when the pattern has no `*`).
///
/// Tables with ``RouteTable/hosts`` are not modelled: the reference routes every host.
///
/// ```swift
/// let reference = LinearReference(router)
/// let outcome = reference.route("myapp://user/view/7", extra: [:]) { match in
///     print(match.definition.pattern, match.parameters)
///     return true  // the handler accepts
/// }
/// outcome.accepted  // whether some handler accepted
/// ```
struct LinearReference {
    /// A definition that matches the URL, with the parameters its handler must receive.
    struct Match {
        let definition: Definition
        let table: RouteTable
        let parameters: [String: Any]
    }

    /// What routing a string did.
    struct Outcome {
        /// Whether a handler accepted the URL (`route(to:)`'s result).
        var accepted = false
        /// Whether any definition matched (`canRoute(to:)`'s result).
        var matched = false
        /// Whether the string is a URL at all (`URL(string:)` accepts it).
        var isURL = true
    }

    /// A pattern without optional groups, split into literals (decoded), `:name`s and a `*`;
    /// with braces (a table with `.extendedPatterns`), templates and a wildcard's name too.
    struct Pattern {
        enum Part {
            case literal([UInt8])
            case parameter(String)
            case wildcard
            /// Fixed text (as written) and captures (a name and a constraint as written).
            case template([TemplatePiece])
        }

        enum TemplatePiece {
            case fixed([UInt8])
            case capture(name: String, constraint: String?)
        }

        var parts: [Part] = []
        /// `{name:*}`'s name.
        var wildcardName: String?

        init(_ pattern: String, braces: Bool = false) {
            for component in LinearReference.trimmedSplit(Substring(pattern)) {
                // Bytes, not `Character`s: `{` followed by a combining mark is one `Character`.
                if braces, component.utf8.contains(where: { $0 == 0x7B || $0 == 0x7D }) {
                    parts.append(Pattern.braced(component, wildcardName: &wildcardName))
                } else if component == "*" {
                    parts.append(.wildcard)
                } else if component.utf8.first == UInt8(ascii: ":") {
                    // Byte-wise too: a combining mark after ":" or before "#" does not hide them.
                    var name = Array(component.utf8.dropFirst())
                    if name.isEmpty {
                        name = Array(":".utf8)
                    } else if name.last == UInt8(ascii: "#") {
                        name.removeLast()
                    }
                    parts.append(.parameter(String(decoding: name, as: UTF8.self)))
                } else {
                    parts.append(.literal(LinearReference.decodeOrKeep(component)))
                }
            }
        }

        var hasWildcard: Bool { wildcardIndex != nil }

        /// Where the `*` is: it may stand anywhere, once.
        var wildcardIndex: Int? {
            parts.firstIndex { if case .wildcard = $0 { return true } else { return false } }
        }

        /// The URL segment that part `index` is matched with: counted from the end after a `*`.
        func urlIndex(_ index: Int, count: Int) -> Int {
            guard let wildcard = wildcardIndex, index > wildcard else { return index }
            return count - (parts.count - index)
        }

        var parameterNames: [String] {
            parts.flatMap { part -> [String] in
                switch part {
                case .parameter(let name): return [name]
                case .template(let pieces):
                    return pieces.compactMap {
                        if case .capture(let name, _) = $0 { return name } else { return nil }
                    }
                case .literal, .wildcard: return []
                }
            }
        }

        /// A component with braces, read by the article's grammar: `{n}` and `{n}#` are
        /// parameters, `{n:*}` a named wildcard, anything else a template; a lone `#` after the
        /// last capture is a fragment mark, which the capture takes or not (`{n:int}#`).
        static func braced(_ component: Substring, wildcardName: inout String?) -> Part {
            var pieces: [TemplatePiece] = []
            var rest = Array(component.utf8)[...]
            while let open = rest.firstIndex(of: 0x7B) {
                if open > rest.startIndex { pieces.append(.fixed(Array(rest[..<open]))) }
                let close = rest[open...].firstIndex(of: 0x7D)!
                let inside = rest[(open + 1)..<close]
                let colon = inside.firstIndex(of: UInt8(ascii: ":"))
                let name = String(decoding: inside[..<(colon ?? inside.endIndex)], as: UTF8.self)
                let constraint = colon.map { String(decoding: inside[($0 + 1)...], as: UTF8.self) }
                pieces.append(.capture(name: name, constraint: constraint))
                rest = rest[(close + 1)...]
            }
            let afterCapture: Bool
            if case .capture? = pieces.last { afterCapture = true } else { afterCapture = false }
            if !rest.isEmpty, !(afterCapture && rest.elementsEqual([UInt8(ascii: "#")])) {
                pieces.append(.fixed(Array(rest)))
            }
            if pieces.count == 1, case .capture(let name, "*") = pieces[0] {
                wildcardName = name
                return .wildcard
            }
            if pieces.count == 1, case .capture(let name, nil) = pieces[0] { return .parameter(name) }
            return .template(pieces)
        }

        /// The values a template takes from a raw segment (each capture as written), or `nil`:
        /// fixed text byte for byte, a capture of at least one byte up to the first occurrence of
        /// the fixed text after it (or the segment's end), then its constraint on the decoded value.
        static func captures(_ pieces: [TemplatePiece], _ segment: Substring, plus: Bool) -> [(
            String, Substring
        )]? {
            var rest = segment
            var values: [(String, Substring)] = []
            for (index, piece) in pieces.enumerated() {
                switch piece {
                case .fixed(let bytes):
                    guard rest.utf8.starts(with: bytes) else { return nil }
                    rest = Substring(rest.utf8.dropFirst(bytes.count))
                case .capture(let name, let constraint):
                    guard !rest.isEmpty else { return nil }
                    var value = rest
                    if index + 1 < pieces.count, case .fixed(let next) = pieces[index + 1] {
                        // The first occurrence after one character, an escape (`%20`) being one.
                        let bytes = Array(rest.utf8)
                        func width(_ at: Int) -> Int {
                            at + 2 < bytes.count && bytes[at] == UInt8(ascii: "%")
                                && bytes[at + 1].isHexDigitForReference
                                && bytes[at + 2].isHexDigitForReference
                                ? 3 : 1
                        }
                        var at = width(0)
                        while at + next.count <= bytes.count, !bytes[at...].starts(with: next) {
                            at += width(at)
                        }
                        guard at + next.count <= bytes.count else { return nil }
                        value = Substring(rest.utf8.prefix(at))
                    }
                    guard accepts(constraint, decodeValue(trimmingHash(value), plus: plus)) else {
                        return nil
                    }
                    values.append((name, value))
                    rest = rest[value.endIndex...]
                }
            }
            return rest.isEmpty ? values : nil
        }

        /// As JLRoutes: one trailing "#" (from a fragment route) is not part of a value.
        static func trimmingHash(_ value: Substring) -> Substring {
            value.utf8.count > 1 && value.utf8.last == UInt8(ascii: "#") ? value.dropLast() : value
        }

        /// The article's constraints, as the typed accessors read text.
        static func accepts(_ constraint: String?, _ text: String) -> Bool {
            switch constraint {
            case nil: return true
            case "int": return Int(text) != nil
            case "uint": return UInt(text) != nil
            case "double": return Double(text) != nil
            case "bool": return ["true", "1", "yes", "false", "0", "no"].contains(text.lowercased())
            case "uuid": return UUID(uuidString: text) != nil
            case let values?: return values.split(separator: "|").contains { $0 == text }
            }
        }

        /// Whether the pattern matches a URL of these segments (`decoded`: each one decoded), the
        /// first `hostPrefix` decoded bytes of the first segment (those of the host) compared
        /// ignoring ASCII case.
        func matches(_ segments: [Substring], decoded: [[UInt8]], hostPrefix: Int, plus: Bool = false) -> Bool
        {
            if let wildcard = wildcardIndex {
                // The empty path is one empty segment, which a `*` does not take: the parts after
                // an inner `*` need segments of their own.
                let available = wildcard < parts.count - 1 && segments == [""] ? 0 : segments.count
                guard available >= parts.count - 1 else { return false }
            } else {
                guard segments.count == parts.count else { return false }
            }
            for (position, part) in parts.enumerated() {
                if case .wildcard = part { continue }
                let index = urlIndex(position, count: segments.count)
                switch part {
                case .literal(let bytes):
                    let prefix = index == 0 ? hostPrefix : 0
                    guard LinearReference.equal(bytes, decoded[index], ignoringCaseIn: prefix) else {
                        return false
                    }
                case .parameter: guard !segments[index].isEmpty else { return false }
                case .template(let pieces):
                    guard Pattern.captures(pieces, segments[index], plus: plus) != nil else { return false }
                case .wildcard: break
                }
            }
            return true
        }
    }

    private struct Table {
        let table: RouteTable
        let definitions: [(definition: Definition, pattern: Pattern)]
    }

    private let router: Router
    /// Each table's definitions in routing order, with their patterns parsed once.
    private let tables: [String: Table]

    /// A snapshot of the router's tables: register routes first.
    init(_ router: Router) {
        self.router = router
        var tables: [String: Table] = [:]
        for table in router.schemes.map({ router[$0] }) + [router.default] {
            tables[LinearReference.folded(table.scheme)] = Table(
                table: table,
                definitions: table.definitions.map {
                    ($0, Pattern($0.pattern, braces: table.options.contains(.extendedPatterns)))
                })
        }
        self.tables = tables
    }

    /// Routes `string`: `handler` is asked about each matching definition, in routing order, until
    /// it returns `true` (it stands for the definition's handler; a `nil` handler accepts).
    func route(_ string: String, extra: [String: Any] = [:], handler: (Match) -> Bool) -> Outcome {
        // A string that `URL(string:)` cannot parse routes nowhere.
        guard let url = URL(string: string),
            let foundation = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return Outcome(accepted: false, matched: false, isURL: false) }
        let components = LinearReference.written(string, foundation)
        let global = LinearReference.folded(router.default.scheme)
        guard let first = tables[components.scheme.map(LinearReference.folded) ?? global] ?? tables[global]
        else {
            return Outcome()
        }
        var order = [first]
        if first.table.shouldFallback, first.table !== router.default, let fallback = tables[global] {
            order.append(fallback)
        }
        var outcome = Outcome()
        for table in order {
            let (segments, host) = LinearReference.segments(components, options: table.table.options)
            let decoded = segments.map { LinearReference.decodeOrKeep($0) }
            // The host's bytes in the first segment, decoded when the segment decodes.
            let hostPrefix =
                host.map { host in
                    LinearReference.decode(segments[0]) == nil
                        ? host.utf8.count : LinearReference.decodeOrKeep(Substring(host)).count
                } ?? 0
            for (definition, pattern) in table.definitions
            where pattern.matches(
                segments, decoded: decoded, hostPrefix: hostPrefix,
                plus: table.table.options.contains(.decodePlusSymbols))
            {
                outcome.matched = true
                let parameters = LinearReference.parameters(
                    definition: definition, pattern: pattern, segments: segments, components: components,
                    url: url, table: table.table, extra: extra)
                if handler(Match(definition: definition, table: table.table, parameters: parameters)) {
                    outcome.accepted = true
                    return outcome
                }
            }
        }
        return outcome
    }

    /// The parts as routing reads them: the scheme and host as Foundation reads them; the path,
    /// query and fragment as written in `string` (RFC 3986, appendix B: cut at the first `?` and
    /// `#`), a `#` inside the fragment written `%23`, provided that Foundation's part is that text
    /// or that text with what it had to escape escaped; otherwise Foundation's parts.
    static func written(_ string: String, _ foundation: URLComponents) -> Parts {
        let theirs = Parts(
            scheme: foundation.scheme, percentEncodedHost: foundation.percentEncodedHost,
            percentEncodedPath: foundation.percentEncodedPath,
            percentEncodedQuery: foundation.percentEncodedQuery,
            percentEncodedFragment: foundation.percentEncodedFragment)
        let utf8 = string.utf8
        let hash = utf8.firstIndex(of: UInt8(ascii: "#"))
        let beforeHash = string[..<(hash ?? string.endIndex)]
        let question = beforeHash.utf8.firstIndex(of: UInt8(ascii: "?"))
        var hierarchy = beforeHash[..<(question ?? beforeHash.endIndex)]
        if foundation.scheme != nil {
            guard let colon = hierarchy.utf8.firstIndex(of: UInt8(ascii: ":")) else { return theirs }
            hierarchy = hierarchy[hierarchy.utf8.index(after: colon)...]
        }
        let hasAuthority = hierarchy.utf8.starts(with: "//".utf8)
        if hasAuthority {
            let authority = hierarchy[hierarchy.utf8.index(hierarchy.startIndex, offsetBy: 2)...]
            hierarchy = authority[(authority.utf8.firstIndex(of: UInt8(ascii: "/")) ?? authority.endIndex)...]
        }
        let query = question.map { String(beforeHash[beforeHash.utf8.index(after: $0)...]) }
        let fragment = hash.map { String(string[utf8.index(after: $0)...]) }
        /// The written part when Foundation's is the same text, escaped or not.
        func agrees(_ written: String?, _ theirs: String?) -> Bool {
            guard let written, let theirs else { return written == nil && theirs == nil }
            return written == theirs || decodeOrKeep(Substring(theirs)) == Array(written.utf8)
        }
        guard hasAuthority == (foundation.percentEncodedHost != nil),
            agrees(String(hierarchy), foundation.percentEncodedPath),
            agrees(query, foundation.percentEncodedQuery),
            agrees(fragment, foundation.percentEncodedFragment)
        else { return theirs }
        var parts = theirs
        parts.percentEncodedPath = String(hierarchy)
        parts.percentEncodedQuery = query
        parts.percentEncodedFragment = fragment.map { fragment in
            // On the byte: `"#"` + a combining mark is one `Character`, still a `#`.
            String(
                decoding: fragment.utf8.flatMap { $0 == UInt8(ascii: "#") ? Array("%23".utf8) : [$0] },
                as: UTF8.self)
        }
        return parts
    }

    /// A URL's parts, still percent-encoded (`URLComponents` would not take malformed escapes).
    struct Parts {
        var scheme: String?
        var percentEncodedHost: String?
        var percentEncodedPath: String
        var percentEncodedQuery: String?
        var percentEncodedFragment: String?
    }

    /// JLRoutes' dictionary: query items (the URL's, then the fragment's), route values, the extra
    /// parameters, the reserved keys; later layers win.
    private static func parameters(
        definition: Definition, pattern: Pattern, segments: [Substring], components: Parts,
        url: URL, table: RouteTable, extra: [String: Any]
    ) -> [String: Any] {
        let plus = table.options.contains(.decodePlusSymbols)
        var items: [(name: Substring, value: Substring?)] = []
        if let query = components.percentEncodedQuery { items += queryItems(Substring(query)) }
        if let fragment = components.percentEncodedFragment {
            let parts = fragmentParts(fragment)
            if parts.hasItems { items += queryItems(Substring(parts.query)) }
        }
        var dictionary: [String: Any] = [:]
        var values: [String: [String]] = [:]
        for item in items where !item.name.isEmpty {
            let name = String(decoding: decodeOrKeep(item.name), as: UTF8.self)
            values[name, default: []].append(item.value.map { decodeValue($0, plus: plus) } ?? "")
        }
        for (name, list) in values { dictionary[name] = list.count == 1 ? list[0] : list }
        var wildcard: [String]?
        for (position, part) in pattern.parts.enumerated() {
            let index = pattern.urlIndex(position, count: segments.count)
            switch part {
            case .literal: break
            case .parameter(let name):
                // As JLRoutes: one trailing "#" (from a fragment route) is not part of the value.
                var raw = segments[index]
                if raw.utf8.count > 1, raw.utf8.last == UInt8(ascii: "#") { raw = raw.dropLast() }
                dictionary[name] = decodeValue(raw, plus: plus)
            case .template(let pieces):
                for (name, value) in Pattern.captures(pieces, segments[index], plus: plus) ?? [] {
                    dictionary[name] = decodeValue(Pattern.trimmingHash(value), plus: plus)
                }
            case .wildcard:
                // The empty path reads as one empty segment, but a wildcard captures nothing from it.
                // After it, the parts after the `*` take the URL's last segments.
                let end = segments.count - (pattern.parts.count - 1 - position)
                wildcard = segments == [""] ? [] : segments[index..<end].map { decodeValue($0, plus: plus) }
            }
        }
        if let name = pattern.wildcardName { dictionary[name] = wildcard ?? [] }
        dictionary.merge(extra) { _, new in new }
        // Reserved, the wildcard's key included: absent without a `*`, whatever the query or extras say.
        dictionary[RouteParameters.Keys.wildcard] = wildcard
        dictionary[RouteParameters.Keys.pattern] = definition.pattern
        dictionary[RouteParameters.Keys.url] = url
        dictionary[RouteParameters.Keys.scheme] = table.scheme
        return dictionary
    }

    /// `a=1&b&&=c` → (a, 1), (b, nil), ("", nil), ("", c). Cut at the `&` and `=` bytes, as
    /// routing cuts: `"&"` + a combining mark is one `Character` but still a separator.
    static func queryItems(_ query: Substring) -> [(name: Substring, value: Substring?)] {
        query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map { bytes in
            let item = query[bytes.startIndex..<bytes.endIndex]
            guard let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) else { return (item, nil) }
            return (item[..<equals], item[item.utf8.index(after: equals)...])
        }
    }

    /// A value: with `plus`, literal `+` become spaces first; then decoded once (kept when it
    /// cannot be decoded).
    static func decodeValue(_ raw: Substring, plus: Bool) -> String {
        let spaced = raw.utf8.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
        let text = plus ? Substring(String(decoding: spaced, as: UTF8.self)) : raw
        return String(decoding: decodeOrKeep(text), as: UTF8.self)
    }

    /// The host (maybe), the path without one leading and one trailing `/`, and `#` + the
    /// fragment's path, split on `/`; and the host when it begins the first segment.
    static func segments(_ components: Parts, options: RouteOptions) -> ([Substring], host: String?) {
        var host: String?
        if let text = components.percentEncodedHost, !text.isEmpty {
            let decoded = decodeOrKeep(Substring(text))
            if options.contains(.treatHostAsPathComponent)
                || (decoded != Array("localhost".utf8) && !decoded.contains(UInt8(ascii: ".")))
            {
                host = text
            }
        }
        var path = components.percentEncodedPath
        if let host {
            // The host is the first component; the path's components follow it.
            path = host + (path.utf8.first == UInt8(ascii: "/") || path.isEmpty ? path : "/" + path)
        }
        if let fragment = components.percentEncodedFragment {
            let parts = fragmentParts(fragment)
            if !(parts.hasItems && parts.onlyItems) {
                if path.utf8.last == UInt8(ascii: "/") && host != nil {
                    path = String(decoding: path.utf8.dropLast(), as: UTF8.self)
                }
                path += "#" + parts.path
            }
        }
        return (trimmedSplit(Substring(path)), host)
    }

    /// Whether `literal` is `segment`, ASCII case ignored in the first `prefix` bytes.
    static func equal(_ literal: [UInt8], _ segment: [UInt8], ignoringCaseIn prefix: Int) -> Bool {
        let lower = { (byte: UInt8) in (65...90).contains(byte) ? byte + 32 : byte }
        return literal.count == segment.count
            && zip(literal, segment).enumerated().allSatisfy { index, pair in
                index < prefix ? lower(pair.0) == lower(pair.1) : pair.0 == pair.1
            }
    }

    /// The fragment's path, whether its query items join the URL's, whether it is nothing else.
    static func fragmentParts(_ fragment: String) -> (
        path: String, query: String, hasItems: Bool, onlyItems: Bool
    ) {
        let mark = fragment.utf8.firstIndex(of: UInt8(ascii: "?"))
        let path = mark.map { String(fragment[..<$0]) } ?? fragment
        let query = mark.map { String(fragment[fragment.utf8.index(after: $0)...]) } ?? fragment
        let value = queryItems(Substring(query))[0].value ?? ""
        // As JLRoutes: the fragment is "nothing but query items" when its path reads as its query.
        return (path, query, !value.isEmpty, path.utf8.elementsEqual(query.utf8))
    }

    /// One leading and one trailing `/` removed, then split on `/`: on the `/` byte, as JLRoutes
    /// splits on the UTF-16 unit, even where a combining mark follows it (so that `"/"` + U+0612
    /// is one `Character` but still a separator).
    static func trimmedSplit(_ text: Substring) -> [Substring] {
        let slash = UInt8(ascii: "/")
        var bytes = Array(text.utf8)
        if bytes.first == slash { bytes.removeFirst() }
        if bytes.last == slash { bytes.removeLast() }
        return bytes.split(separator: slash, omittingEmptySubsequences: false).map {
            Substring(String(decoding: $0, as: UTF8.self))
        }
    }

    /// The bytes of `text` percent-decoded once, or its own bytes when an escape is malformed or
    /// the result is not UTF-8 (`removingPercentEncoding`'s rules).
    static func decodeOrKeep(_ text: Substring) -> [UInt8] {
        decode(text) ?? Array(text.utf8)
    }

    /// The bytes of `text` percent-decoded once, or `nil` when an escape is malformed or the result
    /// is not UTF-8.
    static func decode(_ text: Substring) -> [UInt8]? {
        let raw = Array(text.utf8)
        guard raw.contains(UInt8(ascii: "%")) else { return raw }
        var bytes: [UInt8] = []
        var index = 0
        while index < raw.count {
            if raw[index] == UInt8(ascii: "%") {
                guard index + 2 < raw.count, let high = hex(raw[index + 1]), let low = hex(raw[index + 2])
                else {
                    return nil
                }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(raw[index])
                index += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) == nil ? nil : bytes
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// A scheme folded as the router folds it: ASCII letters to lowercase, nothing else.
    private static func folded(_ scheme: String) -> String {
        String(decoding: scheme.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// A parameter dictionary as text, to compare two of them: keys sorted by their bytes, each
    /// value tagged with its type (`String`, `[String]`, `Int`, `URL` by its text, other types by
    /// their name).
    static func canonical(_ dictionary: [String: Any]) -> String {
        dictionary.map { key, value in
            let text: String
            switch value {
            case let string as String: text = string.debugDescription
            case let strings as [String]:
                text = "[" + strings.map(\.debugDescription).joined(separator: ", ") + "]"
            case let number as Int: text = "int \(number)"
            case let url as URL: text = "URL \(url.absoluteString.debugDescription)"
            default: text = "\(type(of: value))"
            }
            return (key, "\(key.debugDescription): \(text)")
        }
        .sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }.map(\.1).joined(
            separator: ", ")
    }
}

extension UInt8 {
    /// `0-9`, `a-f`, `A-F`.
    fileprivate var isHexDigitForReference: Bool {
        (48...57).contains(self) || (65...70).contains(self) || (97...102).contains(self)
    }
}

extension LinearReference.Pattern {
    /// Each `:name` and template capture, in order: its name and constraint (`nil` for none).
    var captures: [(name: String, constraint: String?)] {
        parts.flatMap { part -> [(name: String, constraint: String?)] in
            switch part {
            case .parameter(let name): return [(name, nil)]
            case .template(let pieces):
                return pieces.compactMap { piece in
                    if case .capture(let name, let constraint) = piece { return (name, constraint) }
                    return nil
                }
            case .literal, .wildcard: return []
            }
        }
    }
}
