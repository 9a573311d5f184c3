import Foundation

/// A pattern printed with values: the inverse of a match. Routing the printed URL in a table
/// with the same reading rules gives the pattern back these values (the "Routing rules"
/// article, *Reading a URL*).
struct PrintedPath: Equatable {
    /// The path's segments, percent-encoded: up to and including the segment written with a
    /// trailing `#`, for a fragment route.
    var segments: [String]
    /// For a fragment route, the segments read from the fragment, percent-encoded.
    var fragment: [String]?

    /// The URL text: `scheme://`, then `authority` (as written) or, when `authority` is `nil`
    /// and a table with `options` reads it back as a segment as written (``HostRule``: no `.`,
    /// no IDNA label), the first segment;
    /// then the path, `?` and `query` when it is not empty, and the fragment. Without a scheme,
    /// a relative URL (`/user/7`). A trailing empty segment gets one more `/`, since reading
    /// removes one. `nil` for a relative URL whose first segment is empty (`//x` would read
    /// `x` as a host).
    func text(scheme: String?, authority: String?, options: RouteOptions, query: String) -> String? {
        var path = segments[...]
        // A relative URL whose first segment is empty would start with `//`, an authority.
        guard scheme != nil || path.count < 2 || path.first != "" else { return nil }
        var text = ""
        var tookSegment = false
        if let scheme {
            text = scheme + "://"
            if let authority {
                text += authority
            } else if let first = path.first, HostRule.isPathSegment(first, options: options),
                HostRule.readsBackAsWritten(first)
            {
                text += first
                path = path.dropFirst()
                tookSegment = true
            }
        }
        if path == [""] && !tookSegment {
            // The root: `myapp://`, `https://example.com/`, `/`.
            if scheme == nil || authority != nil { text += "/" }
        } else if !path.isEmpty {
            text += "/" + path.joined(separator: "/")
            if path.last == "" { text += "/" }
        }
        if !query.isEmpty { text += "?" + query }
        if let fragment {
            text += "#/" + fragment.joined(separator: "/")
            if fragment.last == "" { text += "/" }
        }
        return text
    }

    /// Unreserved characters and a few safe sub-delimiters stay; everything else is encoded,
    /// including `+` (read as a space), `&` and `=` (query syntax), `#`, `?`, `/` and `%`.
    static let allowed: CharacterSet = {
        var set = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        set.insert(charactersIn: "-._~!$'()*,;")
        return set
    }()

    /// `text` as a segment or query part that decodes back to it.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// `%` and the two hexadecimal digits of `byte`.
    static func escape(_ byte: UInt8, uppercase: Bool = true) -> [UInt8] {
        let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        return [.percent, digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }
}

extension RoutePattern {
    /// Why a pattern cannot be printed with the values given.
    enum PrintingFailure: Error, Equatable {
        /// No value for `:name`.
        case missing(String)
        /// An empty value for `:name`, which matches only non-empty segments.
        case empty(String)
        /// A value its capture's constraint refuses (an extended pattern's `{id:int}`).
        case rejected(String)
        /// A value of a template's capture that its template would not read back whole: the
        /// fixed text after the capture spells a character of the value the only way a URL can
        /// write it (a space before `%20` where `+` is no space), so routing would end the
        /// capture there.
        case notReadBack(String)
    }

    /// The pattern printed with `value(name)` for each `:name` and `wildcard` for a `*`, each
    /// percent-encoded; literals decoded, then encoded. A segment written with a trailing `#`
    /// ends the path: the segments after it go to the fragment. `plusAsSpace`: whether the
    /// table that routes the URL reads `+` as a space (``RouteOptions/decodePlusSymbols``), so
    /// that a template may write a space as `+`.
    func printed(value: (String) -> String?, wildcard: [String], plusAsSpace: Bool) -> Result<
        PrintedPath, PrintingFailure
    > {
        var printed = PrintedPath(segments: [], fragment: nil)
        let mark = fragmentMark()
        return withSegmentReader { reader in
            for segment in reader {
                let isMark = segment.index == mark
                var texts: [String]
                switch segment.kind {
                case .wildcard:
                    texts = wildcard.map(PrintedPath.encode)
                case .parameter:
                    let name = RoutePattern.parameterName(
                        Substring(String(decoding: segment.written, as: UTF8.self)))
                    guard let text = value(name) else { return .failure(.missing(name)) }
                    guard !text.isEmpty else { return .failure(.empty(name)) }
                    texts = [PrintedPath.encode(text)]
                case .literal:
                    var literal = String(decoding: segment.key, as: UTF8.self)
                    if isMark { literal.removeLast() }
                    texts = [PrintedPath.encode(literal)]
                case .template:
                    let template = extended!.template(atSegment: segment.index)!.template
                    switch template.printed(value: value, plusAsSpace: plusAsSpace) {
                    case .success(var text):
                        // The mark of fixed text (`{name}.jpg#`); a capture takes its own and
                        // prints none (`{id:int}#`), and a printed value has no `#` (`%23`).
                        if isMark, text.utf8.last == .hash { text.removeLast() }
                        texts = [text]
                    case .failure(let printing):
                        return .failure(printing)
                    }
                }
                if printed.fragment != nil {
                    printed.fragment! += texts
                } else {
                    printed.segments += texts
                    if isMark { printed.fragment = [] }
                }
            }
            return .success(printed)
        }
    }
}

extension SegmentTemplate {
    /// The segment with `value`'s text for each capture, percent-encoded so that the template's
    /// own ``match(_:_:plusAsSpace:_:)`` reads every value back, else the first capture whose
    /// value it would not (``RoutePattern/PrintingFailure/notReadBack(_:)``).
    ///
    /// A capture ends at the first occurrence, after its first character, of the fixed text
    /// that follows it, so no later character of its value is written the way that text starts:
    /// a letter of it is escaped (`-` as `%2D` before `-x`), an escape is written with lowercase
    /// hexadecimal digits (`é` as `%c3%A9` before `%C3%A9`: the match compares bytes), and a
    /// space as `+` before `%20` where `plusAsSpace`.
    func printed(value: (String) -> String?, plusAsSpace: Bool) -> Result<
        String, RoutePattern.PrintingFailure
    > {
        var text = ""
        var given: [String] = []
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .fixed(let bytes):
                text += String(decoding: bytes, as: UTF8.self)
            case .capture(let number):
                let name = names[number]
                guard let raw = value(name) else { return .failure(.missing(name)) }
                guard !raw.isEmpty else { return .failure(.empty(name)) }
                var next: [UInt8] = []
                if index + 1 < pieces.count, case .fixed(let fixed) = pieces[index + 1] { next = fixed }
                let encoded = SegmentTemplate.encode(raw, before: next, plusAsSpace: plusAsSpace)
                if let constraint = constraints[number] {
                    let accepted = encoded.withBytes { constraint.accepts($0, plusAsSpace: plusAsSpace) }
                    guard accepted else { return .failure(.rejected(name)) }
                }
                given.append(raw)
                text += encoded
            }
        }
        if let unread = firstCaptureNotReadBack(text, given, plusAsSpace: plusAsSpace) {
            return .failure(.notReadBack(names[unread]))
        }
        return .success(text)
    }

    /// `raw` percent-encoded as a capture's value before the fixed text `next`: its first byte
    /// as ``PrintedPath/encode(_:)`` writes it, each later byte in the first of these spellings
    /// that does not start as `next` does (they agree on the bytes both have): as it is (the
    /// characters ``PrintedPath/allowed`` keeps), escaped in uppercase, escaped in lowercase,
    /// `+` for a space where `plusAsSpace`. A byte with no such spelling is written the first
    /// way, which ``printed(value:plusAsSpace:)``'s check then judges.
    private static func encode(_ raw: String, before next: [UInt8], plusAsSpace: Bool) -> String {
        guard !next.isEmpty else { return PrintedPath.encode(raw) }
        var text: [UInt8] = []
        for byte in raw.utf8 {
            var spellings: [[UInt8]] = []
            if byte < 0x80, PrintedPath.allowed.contains(Unicode.Scalar(byte)) { spellings.append([byte]) }
            spellings.append(PrintedPath.escape(byte, uppercase: true))
            spellings.append(PrintedPath.escape(byte, uppercase: false))
            if byte == UInt8(ascii: " "), plusAsSpace { spellings.append([.plus]) }
            // The first byte's spelling may start as `next`: the match's search starts after it.
            let startsAsNext = { (spelling: [UInt8]) in !text.isEmpty && zip(spelling, next).allSatisfy(==) }
            text += spellings.first { !startsAsNext($0) } ?? spellings[0]
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The position of the first capture whose value, as a handler reads it from `text`
    /// matched by this template, is not `given`'s; `nil` when each is.
    private func firstCaptureNotReadBack(_ text: String, _ given: [String], plusAsSpace: Bool) -> Int? {
        text.withBytes { bytes in
            var read = [String?](repeating: nil, count: given.count)
            let matches = match(bytes, ByteRange(uncheckedBounds: 0, bytes.count), plusAsSpace: plusAsSpace) {
                number, range in
                let value = RouteParameters.valueBytes(range, in: bytes)
                read[number] = PercentDecoding.decodeOrKeep(value, plusAsSpace: plusAsSpace)
            }
            let unread = given.indices.first { read[$0] != given[$0] }
            // A template that matches has read every capture; one that does not, some.
            return unread ?? (matches ? nil : given.count - 1)
        }
    }
}
