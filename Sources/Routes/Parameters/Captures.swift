/// What a match captured when it matched: the byte range of each `:name` value, in the
/// pattern's order, and of the segments a trailing `*` took. The ranges refer to the request's
/// ``RouteRequest/segmentText``, so reading a value decodes those bytes and nothing else: the URL
/// is never split again.
///
/// Up to four values are stored inline (no allocation); more go to an array.
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

    private var inline = (ByteRange.empty, ByteRange.empty, ByteRange.empty, ByteRange.empty)
    /// Every range once there are more than four; `nil` until then, so that copying the captures
    /// (into each handler's parameters) retains nothing.
    private var overflow: [ByteRange]?
    private(set) var count = 0
    private(set) var wildcard = Wildcard.none

    /// The captures of `pattern`, which matched `segments`.
    init(_ pattern: RoutePattern, _ segments: Segments) {
        pattern.forEachParameter { _, _, position in append(segments[position]) }
        guard pattern.hasWildcard else { return }
        let start = pattern.segments.count - 1
        // The empty path reads as one empty segment, but a wildcard captures nothing from it.
        if start >= segments.count || (segments.count == 1 && segments[0].isEmpty) {
            wildcard = .empty
        } else {
            wildcard = .segments(
                ByteRange(segments[start].lowerBound..<segments[segments.count - 1].upperBound))
        }
    }

    /// The range of the `index`th `:name` value.
    subscript(index: Int) -> ByteRange {
        if let overflow { return overflow[index] }
        switch index {
        case 0: return inline.0
        case 1: return inline.1
        case 2: return inline.2
        default: return inline.3
        }
    }

    private mutating func append(_ range: ByteRange) {
        switch count {
        case 0: inline.0 = range
        case 1: inline.1 = range
        case 2: inline.2 = range
        case 3: inline.3 = range
        case 4: overflow = [inline.0, inline.1, inline.2, inline.3, range]
        default: overflow?.append(range)
        }
        count += 1
    }
}

extension ByteRange {
    static let empty = ByteRange(0..<0)
}
