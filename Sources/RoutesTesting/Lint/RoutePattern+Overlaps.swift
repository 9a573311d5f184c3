#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// How two patterns compare, for lint: whether one takes every URL of the other, and whether some
/// URL matches both. Literals compare as routing compares them with a URL's segment, the first
/// ignoring ASCII case where a host segment could stand (the "Routing rules" article, *The
/// host*).
extension RoutePattern {
    /// Whether every URL that `other` matches is matched by `self` too.
    @inline(never)
    func covers(_ other: RoutePattern, shapes: PatternShapes = PatternShapes()) -> Bool {
        shapes[self].covers(shapes[other])
    }

    /// Whether some URL's segments match both patterns: the segment counts they accept meet, and
    /// at each position both can match the same segment (literals equal, the first ignoring
    /// ASCII case, as a host segment is compared; a `:name` or a template and a non-empty
    /// literal; two `:name`s). Segments that a `*` takes match anything; the segments after an
    /// inner `*` are aligned with the URL's last ones.
    @inline(never)
    func overlaps(
        _ other: RoutePattern, firstIgnoringCase: Bool = true, shapes: PatternShapes = PatternShapes()
    ) -> Bool {
        shapes[self].meets(shapes[other], firstIgnoringCase: firstIgnoringCase)
    }

    /// Whether some URL of `target` with a fragment path appended matches `self` (a redirect
    /// carries the routed URL's fragment: `/x/:id` and `#more` read as `x`, `7#more`; with
    /// `extraSegments`, `#/a/b` also adds segments). `self` overlaps the target's segments before
    /// its last; its segment there can read the last one followed by `#` and more text (a
    /// `:name`, a `*`, or a literal that starts with the target's literal and a `#`).
    @inline(never)
    func overlapsWithFragment(
        of target: RoutePattern, extraSegments: Bool, firstIgnoringCase: Bool = true,
        shapes: PatternShapes = PatternShapes()
    ) -> Bool {
        // An inner `*` shifts the segments a fragment adds: only the segments before the `*`s
        // are compared (lint's reach is a "may").
        if hasInnerWildcard || target.hasInnerWildcard {
            let (mine, theirs) = (shapes[self], shapes[target])
            return zip(mine.prefix, theirs.prefix).enumerated().allSatisfy { index, pair in
                guard case .literal(let a) = pair.0, case .literal(let b) = pair.1 else { return true }
                return index0Lowercased(a, index, firstIgnoringCase)
                    == index0Lowercased(b, index, firstIgnoringCase)
            }
        }
        let own = shapes[self].segments
        let theirs = shapes[target].segments
        guard !target.hasWildcard, let last = theirs.last else {
            return overlaps(target, firstIgnoringCase: firstIgnoringCase, shapes: shapes)
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
    @inline(never)
    func coversWithFragment(
        of target: RoutePattern, extraSegments: Bool, shapes: PatternShapes = PatternShapes()
    ) -> Bool {
        guard !hasInnerWildcard, !target.hasInnerWildcard, covers(target, shapes: shapes) else {
            return false
        }
        guard !target.hasWildcard else { return true }
        let segments = shapes[self].segments
        let position = shapes[target].segments.count - 1
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

/// The shapes of the patterns that one lint run compares, each read once: a run compares every
/// redirect's target with every route of the tables it reaches. Each pattern is kept while the
/// shapes live, so that its identity stays its own.
final class PatternShapes {
    private var shapes: [ObjectIdentifier: (pattern: RoutePattern, shape: PatternShape)] = [:]

    subscript(pattern: RoutePattern) -> PatternShape {
        @inline(never) get {
            if let known = shapes[ObjectIdentifier(pattern)] { return known.shape }
            let shape = PatternShape(pattern)
            shapes[ObjectIdentifier(pattern)] = (pattern, shape)
            return shape
        }
    }
}

/// A pattern's segments, read once, for comparing many pairs of patterns: the segments before
/// the `*` (all of them without one) and those after it.
struct PatternShape {
    let segments: [PatternSegment]
    let hasWildcard: Bool
    /// The segments before the `*`, all of them without one.
    let prefix: ArraySlice<PatternSegment>
    /// The segments after the `*` (empty without one, or when it is last).
    let suffix: ArraySlice<PatternSegment>

    init(_ pattern: RoutePattern) {
        segments = pattern.segments
        hasWildcard = pattern.hasWildcard
        let wildcard = pattern.wildcardIndex ?? segments.count
        prefix = segments[..<wildcard]
        suffix = hasWildcard ? segments[(wildcard + 1)...] : []
    }

    /// Whether every URL that `other` matches is matched by `self` too: at each position, the
    /// segment of `self` takes every segment `other` can have there. With a `*`, `other`'s
    /// segments before and after its own `*` must fill `self`'s before and after.
    func covers(_ other: PatternShape) -> Bool {
        guard hasWildcard else {
            return !other.hasWildcard && other.segments.count == segments.count
                && Self.covers(segments[...], other.segments[...], fromEnd: false, mayBeFirst: true)
        }
        if other.hasWildcard {
            guard other.prefix.count >= prefix.count, other.suffix.count >= suffix.count else { return false }
        } else {
            guard other.segments.count >= prefix.count + suffix.count else { return false }
        }
        let theirs = other.hasWildcard ? other.prefix : other.segments[...]
        let theirEnd = other.hasWildcard ? other.suffix : other.segments[...]
        return Self.covers(prefix, theirs, fromEnd: false, mayBeFirst: true)
            && Self.covers(suffix, theirEnd, fromEnd: true, mayBeFirst: prefix.isEmpty)
    }

    /// Whether each segment of `mine` takes every segment `theirs` can have at its position,
    /// pairing them from their starts (from their ends with `fromEnd`) as far as both go.
    /// `mayBeFirst`: the first pair may stand at the URL's first segment, which a host may fill
    /// (compared ignoring case as a literal, as written by a template).
    private static func covers(
        _ mine: ArraySlice<PatternSegment>, _ theirs: ArraySlice<PatternSegment>, fromEnd: Bool,
        mayBeFirst: Bool
    ) -> Bool {
        for offset in 0..<min(mine.count, theirs.count) {
            let a = fromEnd ? mine[mine.endIndex - 1 - offset] : mine[mine.startIndex + offset]
            let b = fromEnd ? theirs[theirs.endIndex - 1 - offset] : theirs[theirs.startIndex + offset]
            if !covers(a, b, mayBeFirst: mayBeFirst && offset == 0) { return false }
        }
        return true
    }

    /// Whether segment `a` takes every segment `b` can match.
    private static func covers(_ a: PatternSegment, _ b: PatternSegment, mayBeFirst: Bool) -> Bool {
        switch (a, b) {
        case (.literal(let mine), .literal(let theirs)): return mine.utf8.elementsEqual(theirs.utf8)
        case (.parameter, .parameter), (.parameter, .template): return true
        case (.parameter, .literal(let theirs)): return !theirs.isEmpty
        case (.template(let mine), .template(let theirs)):
            // Its own shape (constraints included), or one capture taking every value of
            // another's (`{t:a|b|c}` and `{u:a|b}`).
            return mine.shape == theirs.shape || mine.takesEveryValue(of: theirs)
        case (.template(let mine), .literal(let theirs)):
            // One capture whose constraint takes the literal takes every URL text of it.
            return !mayBeFirst && !theirs.isEmpty && mine.takesEveryText(of: theirs)
        default: return false
        }
    }

    /// Whether some URL's segments match both (see ``RoutePattern/overlaps(_:firstIgnoringCase:shapes:)``):
    /// at each URL index both can match the same segment. A pattern without a `*` is compared
    /// from its start with the other's segments before its `*`, and from its end with those after
    /// it; two patterns with a `*` take any middle, so their prefixes and their suffixes must meet
    /// where they overlap.
    @inline(never)
    func meets(_ other: PatternShape, firstIgnoringCase: Bool) -> Bool {
        // The segments compared from the start and from the end: all of a pattern without a `*`.
        let (head, tail) = hasWildcard ? (prefix, suffix) : (segments[...], segments[...])
        let (otherHead, otherTail) =
            other.hasWildcard ? (other.prefix, other.suffix) : (other.segments[...], other.segments[...])
        // The URL index of the last segment, when a pattern without a `*` fixes it.
        let last: Int
        switch (hasWildcard, other.hasWildcard) {
        case (false, false):
            guard segments.count == other.segments.count else { return false }
            last = segments.count - 1
        case (true, false):
            guard other.segments.count >= prefix.count + suffix.count else { return false }
            last = other.segments.count - 1
        case (false, true):
            guard segments.count >= other.prefix.count + other.suffix.count else { return false }
            last = segments.count - 1
        case (true, true):
            last = Int.max
        }
        for offset in 0..<min(head.count, otherHead.count) {
            let (a, b) = (head[head.startIndex + offset], otherHead[otherHead.startIndex + offset])
            if !Self.meet(a, b, at: offset, firstIgnoringCase) { return false }
        }
        guard hasWildcard || other.hasWildcard else { return true }
        for offset in 0..<min(tail.count, otherTail.count) {
            let (a, b) = (tail[tail.endIndex - 1 - offset], otherTail[otherTail.endIndex - 1 - offset])
            if !Self.meet(a, b, at: last == Int.max ? last : last - offset, firstIgnoringCase) {
                return false
            }
        }
        return true
    }

    /// Whether two segments at a URL index can match the same segment: literals equal (the first
    /// ignoring ASCII case, as a host segment is compared), a `:name` or a template and a
    /// non-empty literal, and anything else. The order of the two does not matter.
    private static func meet(
        _ a: PatternSegment, _ b: PatternSegment, at urlIndex: Int, _ firstIgnoringCase: Bool
    ) -> Bool {
        switch (a, b) {
        case (.literal(let x), .literal(let y)):
            return urlIndex == 0 && firstIgnoringCase
                ? x.asciiLowercased() == y.asciiLowercased() : x.utf8.elementsEqual(y.utf8)
        case (.parameter, .literal(let text)), (.literal(let text), .parameter),
            (.template, .literal(let text)), (.literal(let text), .template):
            return !text.isEmpty
        default:
            return true
        }
    }
}
