/// What a match captured when it matched: the byte range of each of the first four `:name`
/// values, in the pattern's order, and of the segments a trailing `*` took. The ranges refer to
/// the request's segment text (``RouteRequest/withSegmentBytes(_:)``), so reading a value
/// decodes those bytes and nothing else.
///
/// Plain values only (no reference, so copying the captures into each handler's parameters is a
/// copy of bytes): a value after the fourth is found again when it is read, by cutting the
/// segments once more (``RouteParameters``), which patterns with that many values pay alone.
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

    private var inline = (ByteRange.empty, ByteRange.empty, ByteRange.empty, ByteRange.empty)
    private(set) var wildcard = Wildcard.none

    /// No captures.
    init() {}

    /// The captures of `pattern`, which matched `segments`.
    @inline(__always)
    init(_ pattern: RoutePattern, _ segments: Segments) {
        let count = min(pattern.parameterCount, Captures.kept)
        if count > 0 { inline.0 = segments[pattern.segmentIndex(ofParameter: 0)] }
        if count > 1 { inline.1 = segments[pattern.segmentIndex(ofParameter: 1)] }
        if count > 2 { inline.2 = segments[pattern.segmentIndex(ofParameter: 2)] }
        if count > 3 { inline.3 = segments[pattern.segmentIndex(ofParameter: 3)] }
        guard pattern.hasWildcard else { return }
        let start = pattern.segmentCount - 1
        // The empty path reads as one empty segment, but a wildcard captures nothing from it.
        if start >= segments.count || (segments.count == 1 && segments[0].isEmpty) {
            wildcard = .empty
        } else {
            wildcard = .segments(
                ByteRange(segments[start].lowerBound..<segments[segments.count - 1].upperBound))
        }
    }

    /// The range of the `index`th `:name` value, one of the ``kept`` first.
    subscript(index: Int) -> ByteRange {
        switch index {
        case 0: return inline.0
        case 1: return inline.1
        case 2: return inline.2
        default: return inline.3
        }
    }
}

extension ByteRange {
    static let empty = ByteRange(0..<0)
}
