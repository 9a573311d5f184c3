/// Why a pattern does or does not match a URL's segments, for explanations, URL building and lint.
/// (Routing itself uses the index; the tests check that both agree.)
enum PatternVerdict: Hashable {
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
    /// Routing's search finds no match, for a reason none of the others names.
    case segmentsDiffer

    /// `nil` for ``matches``; otherwise why not, as a phrase.
    var mismatch: String? {
        switch self {
        case .matches: return nil
        case .segmentCount(let expected, let actual):
            return "the URL has \(actual) segments, the pattern \(expected)"
        case .tooFewSegments(let minimum, let actual):
            return "the URL has \(actual) segments, the pattern needs at least \(minimum)"
        case .literal(let index, let expected, let actual):
            return "segment \(index) is \"\(actual)\", not \"\(expected)\""
        case .emptyParameter(let index, let name):
            return "segment \(index) is empty, :\(name) needs a value"
        case .segmentsDiffer:
            return "its segments do not match the URL's"
        }
    }
}

extension RoutePattern {
    /// Whether the pattern matches the (percent-encoded) segments, and why not.
    func verdict<Segment: StringProtocol>(for segments: [Segment]) -> PatternVerdict {
        let fixed = hasWildcard ? self.segments.count - 1 : self.segments.count
        if hasWildcard {
            guard segments.count >= fixed else {
                return .tooFewSegments(minimum: fixed, actual: segments.count)
            }
        } else if segments.count != fixed {
            return .segmentCount(expected: fixed, actual: segments.count)
        }
        for (index, segment) in self.segments.prefix(fixed).enumerated() {
            switch segment {
            case .literal(let literal):
                let decoded = PercentDecoding.decodeOrKeep(Substring(segments[index]))
                if !decoded.utf8.elementsEqual(literal.utf8) {
                    return .literal(index: index, expected: literal, actual: decoded)
                }
            case .parameter(let name):
                if segments[index].isEmpty { return .emptyParameter(index: index, name: name) }
            case .wildcard:
                break
            }
        }
        return .matches
    }

    /// Whether every URL that `other` matches is matched by `self` too.
    func covers(_ other: RoutePattern) -> Bool {
        let fixed = hasWildcard ? segments.count - 1 : segments.count
        let otherFixed = other.hasWildcard ? other.segments.count - 1 : other.segments.count
        if hasWildcard {
            guard otherFixed >= fixed else { return false }
        } else {
            guard !other.hasWildcard, otherFixed == fixed else { return false }
        }
        for index in 0..<fixed {
            switch (segments[index], other.segments[index]) {
            case (.literal(let mine), .literal(let theirs)):
                guard mine.utf8.elementsEqual(theirs.utf8) else { return false }
            case (.parameter, .parameter):
                continue
            case (.parameter, .literal(let theirs)):
                guard !theirs.isEmpty else { return false }
            default:
                return false
            }
        }
        return true
    }

    /// Whether some URL's segments match both patterns: the segment counts they accept meet, and
    /// at each position both can match the same segment (literals equal, the first ignoring
    /// ASCII case, as a host segment is compared; a `:name` and a non-empty literal; two
    /// `:name`s). Segments that a trailing `*` takes match anything.
    func overlaps(_ other: RoutePattern) -> Bool {
        let fixed = hasWildcard ? segments.count - 1 : segments.count
        let otherFixed = other.hasWildcard ? other.segments.count - 1 : other.segments.count
        switch (hasWildcard, other.hasWildcard) {
        case (false, false): guard fixed == otherFixed else { return false }
        case (true, false): guard otherFixed >= fixed else { return false }
        case (false, true): guard fixed >= otherFixed else { return false }
        case (true, true): break
        }
        for index in 0..<min(fixed, otherFixed) {
            switch (segments[index], other.segments[index]) {
            case (.literal(let mine), .literal(let theirs)):
                let equal =
                    index == 0
                    ? mine.asciiLowercased() == theirs.asciiLowercased()
                    : mine.utf8.elementsEqual(theirs.utf8)
                guard equal else { return false }
            case (.parameter, .literal(let text)), (.literal(let text), .parameter):
                guard !text.isEmpty else { return false }
            default:
                continue
            }
        }
        return true
    }

    /// The pattern with every parameter renamed: equal shapes match exactly the same URLs.
    var shape: [PatternSegment] {
        segments.map { if case .parameter = $0 { return .parameter("") } else { return $0 } }
    }
}
