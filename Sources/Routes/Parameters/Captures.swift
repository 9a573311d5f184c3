/// What a match captured when it matched: the byte range of each of the first four `:name`
/// values, in the pattern's order, and of the segments a trailing `*` took. The ranges refer to
/// the request's segment text (``RouteRequest/withSegmentBytes(_:)``), so reading a value
/// decodes those bytes and nothing else.
///
/// Plain values only (no reference, so copying the captures into each handler's parameters is a
/// copy of bytes), stored as `Int32` offsets (texts are under 2 GB, as ``URLParts`` stores them):
/// the captures are copied into the matches and into each handler's parameters. A value after
/// the fourth is found again when it is read, by cutting the segments once more
/// (``RouteParameters``), which patterns with that many values pay alone.
struct Captures {
    /// What a trailing `*` captured.
    enum Wildcard {
        /// The pattern has no `*`.
        case none
        /// The `*` captured no segment (`/files/*` and `myapp://files`, or the empty path).
        case empty
        /// The `*` captured the segments in this range, `/` between them.
        case segments(ByteRange)
    }

    /// How many values are kept.
    static let kept = 4

    /// The bounds of the first four values.
    private var inline: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0, 0, 0)
    /// The bounds of what the `*` captured; a lower bound of -1 for no `*`, -2 for nothing captured.
    private var wildcardBounds: (Int32, Int32) = (-1, 0)

    /// No captures.
    init() {}

    /// The captures of `pattern`, which matched `segments`.
    @inline(__always)
    init(_ pattern: RoutePattern, _ segments: Segments) {
        @inline(__always)
        func bounds(_ parameter: Int) -> (Int32, Int32) {
            let range = segments[pattern.segmentIndex(ofParameter: parameter)]
            return (Int32(truncatingIfNeeded: range.lowerBound), Int32(truncatingIfNeeded: range.upperBound))
        }
        let count = min(pattern.parameterCount, Captures.kept)
        if count > 0 { (inline.0, inline.1) = bounds(0) }
        if count > 1 { (inline.2, inline.3) = bounds(1) }
        if count > 2 { (inline.4, inline.5) = bounds(2) }
        if count > 3 { (inline.6, inline.7) = bounds(3) }
        guard pattern.hasWildcard else { return }
        let start = pattern.segmentCount - 1
        // The empty path reads as one empty segment, but a wildcard captures nothing from it.
        if start >= segments.count || (segments.count == 1 && segments[0].isEmpty) {
            wildcardBounds = (-2, 0)
        } else {
            wildcardBounds = (
                Int32(truncatingIfNeeded: segments[start].lowerBound),
                Int32(truncatingIfNeeded: segments[segments.count - 1].upperBound)
            )
        }
    }

    /// What the `*` captured.
    var wildcard: Wildcard {
        switch wildcardBounds.0 {
        case -1: return .none
        case -2: return .empty
        default: return .segments(ByteRange(uncheckedBounds: Int(wildcardBounds.0), Int(wildcardBounds.1)))
        }
    }

    /// The range of the `index`th `:name` value, one of the ``kept`` first.
    subscript(index: Int) -> ByteRange {
        let (lower, upper): (Int32, Int32)
        switch index {
        case 0: (lower, upper) = (inline.0, inline.1)
        case 1: (lower, upper) = (inline.2, inline.3)
        case 2: (lower, upper) = (inline.4, inline.5)
        default: (lower, upper) = (inline.6, inline.7)
        }
        return ByteRange(uncheckedBounds: Int(lower), Int(upper))
    }
}
