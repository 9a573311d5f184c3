/// How two patterns compare, for lint: whether one takes every URL of the other, and whether some
/// URL matches both. Literals compare as routing compares them with a URL's segment, the first
/// ignoring ASCII case where a host segment could stand (the "Routing rules" article, *The
/// host*).
extension RoutePattern {
    /// Whether every URL that `other` matches is matched by `self` too.
    func covers(_ other: RoutePattern) -> Bool {
        PatternShape(self).covers(PatternShape(other))
    }

    /// Whether some URL's segments match both patterns: the segment counts they accept meet, and
    /// at each position both can match the same segment (literals equal, the first ignoring
    /// ASCII case, as a host segment is compared; a `:name` and a non-empty literal; two
    /// `:name`s). Segments that a trailing `*` takes match anything.
    func overlaps(_ other: RoutePattern, firstIgnoringCase: Bool = true) -> Bool {
        let (segments, otherSegments) = (self.segments, other.segments)
        let fixed = hasWildcard ? segments.count - 1 : segments.count
        let otherFixed = other.hasWildcard ? otherSegments.count - 1 : otherSegments.count
        switch (hasWildcard, other.hasWildcard) {
        case (false, false): guard fixed == otherFixed else { return false }
        case (true, false): guard otherFixed >= fixed else { return false }
        case (false, true): guard fixed >= otherFixed else { return false }
        case (true, true): break
        }
        for index in 0..<min(fixed, otherFixed) {
            switch (segments[index], otherSegments[index]) {
            case (.literal(let mine), .literal(let theirs)):
                let equal =
                    index == 0 && firstIgnoringCase
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

    /// Whether some URL of `target` with a fragment path appended matches `self` (a redirect
    /// carries the routed URL's fragment: `/x/:id` and `#more` read as `x`, `7#more`; with
    /// `extraSegments`, `#/a/b` also adds segments). `self` overlaps the target's segments before
    /// its last; its segment there can read the last one followed by `#` and more text (a
    /// `:name`, a `*`, or a literal that starts with the target's literal and a `#`).
    func overlapsWithFragment(of target: RoutePattern, extraSegments: Bool, firstIgnoringCase: Bool = true)
        -> Bool
    {
        let own = segments
        let theirs = target.segments
        guard !target.hasWildcard, let last = theirs.last else {
            return overlaps(target, firstIgnoringCase: firstIgnoringCase)
        }
        let count = theirs.count
        let fixed = hasWildcard ? own.count - 1 : own.count
        guard extraSegments ? fixed >= count || hasWildcard : fixed == count || hasWildcard && fixed < count
        else { return false }
        for index in 0..<count {
            guard index < fixed else { return true }  // a `*` takes the rest
            switch (own[index], index == count - 1 ? .wildcard : theirs[index]) {
            case (.literal(let mine), .literal(let text)):
                guard
                    index0Lowercased(mine, index, firstIgnoringCase)
                        == index0Lowercased(text, index, firstIgnoringCase)
                else { return false }
            case (.parameter, .literal(let text)), (.literal(let text), .parameter):
                guard !text.isEmpty else { return false }
            default: continue
            }
        }
        guard case .literal(let mine) = own[count - 1] else { return true }
        guard case .literal(let text) = last else { return mine.dropFirst().contains("#") }
        return index0Lowercased(mine, count - 1, firstIgnoringCase).hasPrefix(
            index0Lowercased(text + "#", count - 1, firstIgnoringCase))
    }

    /// Whether `self` takes every URL of `target` with a fragment path appended (see
    /// ``overlapsWithFragment(of:extraSegments:)``): it covers `target`, reads its last segment
    /// with a `:name` or a `*`, and, with `extraSegments`, takes more segments with a `*`.
    func coversWithFragment(of target: RoutePattern, extraSegments: Bool) -> Bool {
        guard covers(target) else { return false }
        guard !target.hasWildcard else { return true }
        let position = target.segments.count - 1
        if hasWildcard, segments.count - 1 <= position { return true }
        guard !extraSegments, case .parameter = segments[position] else { return false }
        return true
    }

    /// `text` ASCII-lowercased at the first segment (a host segment's case is ignored).
    private func index0Lowercased(_ text: String, _ index: Int, _ ignoringCase: Bool) -> String {
        index == 0 && ignoringCase ? text.asciiLowercased() : text
    }

    /// The pattern with every parameter renamed: equal shapes match exactly the same URLs.
    var shape: [PatternSegment] {
        segments.map { segment in
            switch segment {
            case .parameter: return .parameter("")
            case .template(let template): return .template(template.unnamed)
            case .literal, .wildcard: return segment
            }
        }
    }
}

/// A pattern's segments, read once, for comparing many pairs of patterns.
struct PatternShape {
    let segments: [PatternSegment]
    let hasWildcard: Bool

    init(_ pattern: RoutePattern) {
        segments = pattern.segments
        hasWildcard = pattern.hasWildcard
    }

    /// Whether every URL that `other` matches is matched by `self` too.
    func covers(_ other: PatternShape) -> Bool {
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
            case (.parameter, .parameter), (.parameter, .template):
                continue
            case (.parameter, .literal(let theirs)):
                guard !theirs.isEmpty else { return false }
            case (.template(let mine), .template(let theirs)):
                // A template covers one of its own shape only (constraints included).
                guard mine.shape == theirs.shape else { return false }
            default:
                return false
            }
        }
        return true
    }
}
