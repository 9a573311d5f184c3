/// What a match captured when it matched: the byte range of each of the first four `:name`
/// values, in the pattern's order, and of the segments a trailing `*` took. The ranges refer to
/// the request's segment text (``RouteRequest/withSegmentBytes(_:)``), so reading a value
/// decodes those bytes and nothing else.
///
/// Plain values only (no reference, so copying the captures into each handler's parameters is a
/// copy of bytes), packed (``PackedRange``): the captures are copied into the matches and into
/// each handler's parameters. A value after the fourth is found again when read by name, by
/// cutting the segments once more (time linear in the URL); the accessors that read every value
/// read them in one pass.
struct Captures {
    /// How many values are kept.
    static let kept = 4

    /// The ranges of the first four values.
    private var inline = (PackedRange(nil), PackedRange(nil), PackedRange(nil), PackedRange(nil))
    private var packedWildcard = PackedRange(nil)

    /// No captures.
    init() {}

    /// The captures of `pattern`, which matched `segments`.
    @inline(__always)
    init(_ pattern: RoutePattern, _ segments: Segments) {
        let count = min(pattern.parameterCount, Captures.kept)
        if count > 0 { inline.0 = PackedRange(segments[pattern.segmentIndex(ofParameter: 0)]) }
        if count > 1 { inline.1 = PackedRange(segments[pattern.segmentIndex(ofParameter: 1)]) }
        if count > 2 { inline.2 = PackedRange(segments[pattern.segmentIndex(ofParameter: 2)]) }
        if count > 3 { inline.3 = PackedRange(segments[pattern.segmentIndex(ofParameter: 3)]) }
        guard pattern.hasWildcard else { return }
        let start = pattern.segmentCount - 1
        // The empty path reads as one empty segment, but a wildcard captures nothing from it.
        guard start < segments.count, segments.count > 1 || !segments[0].isEmpty else { return }
        packedWildcard = PackedRange(
            ByteRange(uncheckedBounds: segments[start].lowerBound, segments[segments.count - 1].upperBound))
    }

    /// The captures of `pattern`, which the index matched to `segments`, when what the index
    /// does not check matches too (``RoutePattern/needsChecking``: templates, the segments after
    /// an inner `*`); `nil` when it does not.
    init?(checking pattern: RoutePattern, _ segments: Segments) {
        guard pattern.hasInnerWildcard else {
            self.init(pattern, segments)
            guard setTemplateRanges(pattern, segments) else { return nil }
            return
        }
        self.init()
        guard pattern.innerWildcardSuffixMatches(segments) else { return nil }
        for index in 0..<min(pattern.parameterCount, Captures.kept) {
            set(
                index,
                segments[pattern.urlIndex(ofSegment: pattern.segmentIndex(ofParameter: index), segments)])
        }
        guard setTemplateRanges(pattern, segments) else { return nil }
        let start = pattern.wildcardIndex!
        let end = pattern.urlIndex(ofSegment: start + 1, segments)  // the first segment after it
        if end > start {
            packedWildcard = PackedRange(
                ByteRange(uncheckedBounds: segments[start].lowerBound, segments[end - 1].upperBound))
        }
    }

    /// Matches the pattern's templates, each against the URL segment it stands for, and keeps the
    /// ranges of their first four values; whether they all match.
    private mutating func setTemplateRanges(_ pattern: RoutePattern, _ segments: Segments) -> Bool {
        guard let extended = pattern.extended else { return true }
        for template in extended.templates {
            var captures = self
            let segment = segments[pattern.urlIndex(ofSegment: template.segment, segments)]
            let matches = template.template.match(segments.bytes, segment, plusAsSpace: segments.plusAsSpace)
            {
                number, range in
                let index = template.firstParameter + number
                if index < Captures.kept { captures.set(index, range) }
            }
            guard matches else { return false }
            self = captures
        }
        return true
    }

    private mutating func set(_ index: Int, _ range: ByteRange) {
        switch index {
        case 0: inline.0 = PackedRange(range)
        case 1: inline.1 = PackedRange(range)
        case 2: inline.2 = PackedRange(range)
        default: inline.3 = PackedRange(range)
        }
    }

    /// The segments a trailing `*` captured, `/` between them; `nil` when it captured none
    /// (`/files/*` and `myapp://files`, or the empty path), or when the pattern has no `*`.
    var wildcard: ByteRange? { packedWildcard.range }

    /// The range of the `index`th `:name` value, one of the ``kept`` first.
    subscript(index: Int) -> ByteRange {
        let packed: PackedRange
        switch index {
        case 0: packed = inline.0
        case 1: packed = inline.1
        case 2: packed = inline.2
        default: packed = inline.3
        }
        return packed.range ?? ByteRange(uncheckedBounds: 0, 0)
    }
}
