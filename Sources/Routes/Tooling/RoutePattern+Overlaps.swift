/// How two patterns compare, for lint: whether one takes every URL of the other, and whether some
/// URL matches both. Literals compare as routing compares them with a URL's segment, the first
/// ignoring ASCII case where a host segment could stand (the "Routing rules" article, *The
/// host*).
extension RoutePattern {
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
