/// Why a pattern does not match a URL's segments, for explanations and URL building errors.
/// Whether it matches is decided by routing's search (`RouteIndex+Pattern.swift`).
package enum PatternVerdict: Hashable {
    /// The pattern matches.
    case matches
    /// The URL has `actual` segments; the pattern needs exactly `expected`.
    case segmentCount(expected: Int, actual: Int)
    /// The URL has `actual` segments; the pattern (with `*`) needs at least `minimum`.
    case tooFewSegments(minimum: Int, actual: Int)
    /// Segment `index` is `actual` (decoded), not the literal `expected`.
    case literal(index: Int, expected: String, actual: String)
    /// Segment `index` is empty, and `:name` needs a non-empty one.
    case emptyParameter(index: Int, name: String)
    /// An extended pattern's template (`{name}.jpg`, `{id:int}`) does not take the segment.
    case templateRefuses(index: Int, template: String, actual: String)
    /// Routing's search finds no match, for a reason none of the others names.
    case segmentsDiffer

    /// `nil` for ``matches``; otherwise why not, as a phrase.
    package var mismatch: String? {
        switch self {
        case .matches: return nil
        case .segmentCount(let expected, let actual):
            return "the URL has \(actual) segment\(actual == 1 ? "" : "s"), the pattern \(expected)"
        case .tooFewSegments(let minimum, let actual):
            return
                "the URL has \(actual) segment\(actual == 1 ? "" : "s"), the pattern needs at least \(minimum)"
        case .literal(let index, let expected, let actual):
            return "segment \(index) is \"\(actual)\", not \"\(expected)\""
        case .emptyParameter(let index, let name):
            return "segment \(index) is empty, :\(name) needs a value"
        case .templateRefuses(let index, let template, let actual):
            return "segment \(index) is \"\(actual)\", which \(template) does not take"
        case .segmentsDiffer:
            return "its segments do not match the URL's"
        }
    }
}

extension RoutePattern {
    /// Whether the pattern matches the (percent-encoded) segments, and why not.
    func verdict<Segment: StringProtocol>(for segments: [Segment], plusAsSpace: Bool = false)
        -> PatternVerdict
    {
        let own = self.segments
        let fixed = hasWildcard ? own.count - 1 : own.count
        if hasWildcard {
            guard segments.count >= fixed else {
                return .tooFewSegments(minimum: fixed, actual: segments.count)
            }
        } else if segments.count != fixed {
            return .segmentCount(expected: fixed, actual: segments.count)
        }
        // Segments after a `*` are compared with the URL's last ones.
        let wildcard = wildcardIndex ?? own.count
        // The empty path reads as one empty segment, which a `*` does not take.
        if hasInnerWildcard, segments.count == 1, segments[0].isEmpty, fixed > 0 {
            return .tooFewSegments(minimum: fixed, actual: 0)
        }
        for (position, segment) in own.enumerated() where position != wildcard {
            let index = position < wildcard ? position : segments.count - (own.count - position)
            switch segment {
            case .literal(let literal):
                let decoded = PercentDecoding.decodeOrKeep(Substring(segments[index]))
                if !decoded.utf8.elementsEqual(literal.utf8) {
                    return .literal(index: index, expected: literal, actual: decoded)
                }
            case .parameter(let name):
                if segments[index].isEmpty { return .emptyParameter(index: index, name: name) }
            case .template(let template):
                let text = String(segments[index])
                let takes = text.withBytes {
                    template.match($0, ByteRange(0..<$0.count), plusAsSpace: plusAsSpace)
                }
                if !takes { return .templateRefuses(index: index, template: template.written, actual: text) }
            case .wildcard:
                break
            }
        }
        return .matches
    }
}
