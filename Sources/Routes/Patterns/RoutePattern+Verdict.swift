/// Why a pattern does or does not match a URL's segments, for ``RouteExplanation``.
/// (Routing itself uses the index; the tests check that both agree.)
extension RoutePattern {
    func verdict(for segments: [Substring]) -> RouteExplanation.Verdict {
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
                let decoded = PercentDecoding.decodeOrKeep(segments[index])
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

    /// The pattern with every parameter renamed: equal shapes match exactly the same URLs.
    var shape: [PatternSegment] {
        segments.map { if case .parameter = $0 { return .parameter("") } else { return $0 } }
    }
}
