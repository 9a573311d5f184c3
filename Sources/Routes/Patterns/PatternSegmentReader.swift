/// The segments of a pattern read from its text, in order, without making a string
/// (``RoutePattern/withSegmentReader(_:)``): registration, matching after an inner `*`, printing
/// and the tools read a pattern's segments through this one loop, which cuts the text as
/// ``PatternText/Components`` does.
///
/// ```swift
/// pattern.withSegmentReader { segments in
///     for segment in segments where segment.kind == .wildcard {
///         return segment.index
///     }
///     return nil
/// }
/// ```
struct PatternSegmentReader: Sequence, IteratorProtocol {
    /// One segment of the pattern.
    struct Segment {
        /// Its position among the pattern's segments.
        let index: Int
        let kind: RoutePattern.SegmentKind
        /// A literal's bytes percent-decoded (as written when undecodable), what a URL's segment
        /// is compared with; any other segment's bytes as written (`:name`).
        let key: UnsafeBufferPointer<UInt8>
        /// The bytes as written in the pattern.
        let written: UnsafeBufferPointer<UInt8>
    }

    private let text: UnsafeBufferPointer<UInt8>
    /// Room for the keys of literals with an escape, each decoded at its offset in the text (so
    /// that every key stays readable while the reader's text is); empty for a text without `%`.
    private let decoded: UnsafeMutableBufferPointer<UInt8>
    private let braces: Bool
    private var components: PatternText.Components
    private var index = 0

    /// `decoded`: as many bytes as `text` when it holds a `%`, else none. `braces`: whether the
    /// pattern was read with braces (``RoutePattern/readsBraces``).
    init(_ text: UnsafeBufferPointer<UInt8>, decoded: UnsafeMutableBufferPointer<UInt8>, braces: Bool) {
        self.text = text
        self.decoded = decoded
        self.braces = braces
        components = PatternText.Components(text)
    }

    // One body for every reader: inlined, each loop would carry a copy.
    @inline(never)
    mutating func next() -> Segment? {
        guard let range = components.next() else { return nil }
        defer { index += 1 }
        let written = UnsafeBufferPointer(rebasing: text[range])
        let kind = PatternSyntax.kind(of: written, braces: braces)
        var key = written
        if kind == .literal, !decoded.isEmpty, written.contains(.percent),
            let count = PercentDecoding.decode(
                written, into: UnsafeMutableBufferPointer(rebasing: decoded[range]))
        {
            key = UnsafeBufferPointer(rebasing: decoded[range.lowerBound..<range.lowerBound + count])
        }
        return Segment(index: index, kind: kind, key: key, written: written)
    }
}
