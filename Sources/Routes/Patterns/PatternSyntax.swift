/// How a table reads the text of its patterns: plain (JLRoutes' `:name` and `*`), or extended
/// with braces as well (``RouteOptions/extendedPatterns``; the "Pattern syntax" article,
/// *Extended patterns*). In a plain table, `{`, `}` and `|` are literal text.
package struct PatternSyntax: Sendable {
    /// Whether braces are read: `{id}`, `{id:int}`, `{tab:posts|likes}`, `{name}.jpg`, `{rest:*}`.
    var braces: Bool
    /// The app's types by name, for `{id:name}`.
    var types: [String: @Sendable (String) -> Bool] = [:]

    package static let plain = PatternSyntax(braces: false)

    /// What one component (a segment's text, between slashes) is.
    enum Component {
        case literal
        case parameter(String)
        /// `*`, or `{name:*}` with its name.
        case wildcard(String?)
        case template(SegmentTemplate)
    }

    /// The kind of a component as ``PatternSegmentReader`` reports it, read from its
    /// bytes alone (the pattern was parsed at registration, so its braces are well formed).
    static func kind(of component: UnsafeBufferPointer<UInt8>, braces: Bool) -> RoutePattern.SegmentKind {
        if component.count == 1, component[0] == UInt8(ascii: "*") { return .wildcard }
        // With braces read, a component with a brace is read by their grammar, a `:name` too.
        guard braces, component.contains(where: { $0 == .openBrace || $0 == .closeBrace }) else {
            return component.first == UInt8(ascii: ":") ? .parameter : .literal
        }
        switch bracesShape(of: component) {
        case .name: return .parameter
        case .wildcard: return .wildcard
        case .template: return .template
        }
    }

    private enum BracesShape { case name, wildcard, template }

    /// `{name}` or `{name}#` alone is a parameter, `{name:*}` a wildcard, anything else a template.
    private static func bracesShape(of component: UnsafeBufferPointer<UInt8>) -> BracesShape {
        var body = component[...]
        if body.count > 1, body.last == .hash { body = body.dropLast() }
        guard body.first == .openBrace, body.last == .closeBrace,
            body.dropFirst().dropLast().allSatisfy({ $0 != .openBrace && $0 != .closeBrace })
        else { return .template }
        let inside = body.dropFirst().dropLast()
        if let colon = inside.firstIndex(of: UInt8(ascii: ":")) {
            return inside[(colon + 1)...].elementsEqual([UInt8(ascii: "*")]) ? .wildcard : .template
        }
        return .name
    }

    /// The name in `{name}`, `{name}#` or `{name:*}`.
    static func braceName(_ component: Substring) -> String {
        var body = component
        if body.utf8.count > 1, body.utf8.last == .hash { body = body.dropLastByte() }
        body = body.dropFirstByte()
        if let end = body.utf8.firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == .closeBrace }) {
            return String(body[..<end])
        }
        return String(body)
    }

    /// Parses a component at `offset` (UTF-8) of `source`, the pattern as the user wrote it.
    func parse(_ component: Substring, at offset: Int, source: String) throws(RoutePatternError) -> Component
    {
        let bytes = Array(component.utf8)
        if bytes == [UInt8(ascii: "*")] { return .wildcard(nil) }
        guard braces, bytes.contains(where: { $0 == .openBrace || $0 == .closeBrace }) else {
            return bytes.first == UInt8(ascii: ":")
                ? .parameter(RoutePattern.parameterName(component)) : .literal
        }
        func error(_ at: Int, _ reason: RoutePatternError.Reason) -> RoutePatternError {
            RoutePatternError(pattern: source, utf8Offset: offset + at, reason: reason)
        }
        var pieces: [SegmentTemplate.Piece] = []
        var names: [String] = []
        var constraints: [CaptureConstraint?] = []
        var fixed: [UInt8] = []
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == .closeBrace { throw error(position, .unopenedBrace) }
            guard byte == .openBrace else {
                // Fixed text is compared with the URL as written: text a URL must escape would
                // never match.
                guard PatternSyntax.isURLText(byte) else {
                    throw error(position, .fixedTextNeedsEncoding(PatternSyntax.encodingFixedText(bytes)))
                }
                fixed.append(byte)
                position += 1
                continue
            }
            guard
                let close = bytes[(position + 1)...].firstIndex(where: {
                    $0 == .closeBrace || $0 == .openBrace
                }),
                bytes[close] == .closeBrace
            else {
                let nested = bytes[(position + 1)...].firstIndex(of: .openBrace)
                throw error(nested ?? position, nested == nil ? .unclosedBrace : .nestedBrace)
            }
            if fixed.isEmpty, case .capture? = pieces.last { throw error(position, .adjacentCaptures) }
            if !fixed.isEmpty { pieces.append(.fixed(fixed)) }
            fixed = []
            let inside = bytes[(position + 1)..<close]
            let colon = inside.firstIndex(of: UInt8(ascii: ":"))
            let name = String(decoding: inside[..<(colon ?? close)], as: UTF8.self)
            guard !name.isEmpty else { throw error(position, .emptyParameterName) }
            var constraint: CaptureConstraint?
            if let colon {
                let spec = inside[(colon + 1)...]
                let specText = String(decoding: spec, as: UTF8.self)
                if specText == "*" {
                    // `{rest:*}`: a named wildcard, the whole segment.
                    guard position == 0, close == bytes.count - 1 else {
                        throw error(position, .wildcardNotWhole)
                    }
                    return .wildcard(name)
                }
                if spec.contains(UInt8(ascii: "|")) {
                    let values = specText.split(separator: "|", omittingEmptySubsequences: false).map(
                        String.init)
                    guard !values.contains(where: \.isEmpty) else {
                        throw error(colon + 1, .emptyAllowedValue)
                    }
                    constraint = .oneOf(values)
                } else {
                    guard let named = CaptureConstraint.named(specText[...], custom: types) else {
                        throw error(colon + 1, .unknownCaptureType(specText))
                    }
                    constraint = named
                }
            }
            pieces.append(.capture(names.count))
            names.append(name)
            constraints.append(constraint)
            position = close + 1
        }
        // A lone `#` after the last capture is the fragment mark (`{id:int}#`), not fixed text:
        // the capture takes one trailing `#` or none, as `:id#` does (the "Routing rules"
        // article, *Names ending in #*); a capture that ends a template never keeps it.
        if case .capture? = pieces.last, fixed == [.hash] { fixed = [] }
        if !fixed.isEmpty { pieces.append(.fixed(fixed)) }
        // `{name}` (and `{name}#`) is a plain parameter.
        if names.count == 1, constraints[0] == nil, pieces.count == 1 { return .parameter(names[0]) }
        return .template(SegmentTemplate(pieces: pieces, names: names, constraints: constraints))
    }
}

extension PatternSyntax {
    /// Whether a URL writes `byte` as it is in a path segment: letters, digits, `-._~`, the
    /// sub-delimiters, `:`, `@`, and `%` of an escape (`#` too, which marks a fragment route).
    static func isURLText(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~!$&'()*+,;=:@%#".utf8.contains(byte)
        }
    }

    /// The component with the text outside its braces percent-encoded.
    static func encodingFixedText(_ bytes: [UInt8]) -> String {
        var text = ""
        var inside = false
        for byte in bytes {
            if byte == .openBrace { inside = true }
            if inside || isURLText(byte) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
            if byte == .closeBrace { inside = false }
        }
        return text
    }
}

extension UInt8 {
    package static let openBrace = UInt8(ascii: "{")
    package static let closeBrace = UInt8(ascii: "}")
}
