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
    }

    /// The pattern printed with `value(name)` for each `:name` and `wildcard` for a `*`, each
    /// percent-encoded; literals decoded, then encoded. A segment written with a trailing `#`
    /// ends the path: the segments after it go to the fragment.
    func printed(value: (String) -> String?, wildcard: [String]) -> Result<PrintedPath, PrintingFailure> {
        var printed = PrintedPath(segments: [], fragment: nil)
        var failure: PrintingFailure?
        let mark = fragmentMark()
        var index = 0
        forEachSegment { kind, key, written in
            defer { index += 1 }
            guard failure == nil else { return }
            let isMark = index == mark
            var texts: [String]
            switch kind {
            case .wildcard:
                texts = wildcard.map(PrintedPath.encode)
            case .parameter:
                let name = RoutePattern.parameterName(Substring(String(decoding: written, as: UTF8.self)))
                guard let text = value(name) else {
                    failure = .missing(name)
                    return
                }
                guard !text.isEmpty else {
                    failure = .empty(name)
                    return
                }
                texts = [PrintedPath.encode(text)]
            case .literal:
                var literal = String(decoding: key, as: UTF8.self)
                if isMark { literal.removeLast() }
                texts = [PrintedPath.encode(literal)]
            case .template:
                let template = extended!.template(atSegment: index)!.template
                switch template.printed(value: value) {
                case .success(var text):
                    if isMark { text.removeLast() }
                    texts = [text]
                case .failure(let printing):
                    failure = printing
                    return
                }
            }
            if printed.fragment != nil {
                printed.fragment! += texts
            } else {
                printed.segments += texts
                if isMark { printed.fragment = [] }
            }
        }
        return failure.map { .failure($0) } ?? .success(printed)
    }
}

extension SegmentTemplate {
    /// The segment with `value`'s text for each capture, percent-encoded so that routing reads
    /// it back: the first byte of the fixed text after a capture is escaped in its value, since
    /// a capture ends at the first occurrence of that text.
    func printed(value: (String) -> String?) -> Result<String, RoutePattern.PrintingFailure> {
        var text = ""
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .fixed(let bytes):
                text += String(decoding: bytes, as: UTF8.self)
            case .capture(let number):
                let name = names[number]
                guard let raw = value(name) else { return .failure(.missing(name)) }
                guard !raw.isEmpty else { return .failure(.empty(name)) }
                var allowed = PrintedPath.allowed
                if index + 1 < pieces.count, case .fixed(let next) = pieces[index + 1],
                    let first = next.first,
                    first < 0x80
                {
                    // Escaped while encoding, so that the escapes the encoding writes stay whole.
                    allowed.remove(Unicode.Scalar(first))
                }
                let encoded = raw.addingPercentEncoding(withAllowedCharacters: allowed) ?? raw
                if let constraint = constraints[number] {
                    let accepted = encoded.withBytes { constraint.accepts($0, plusAsSpace: false) }
                    guard accepted else { return .failure(.rejected(name)) }
                }
                text += encoded
            }
        }
        return .success(text)
    }
}
