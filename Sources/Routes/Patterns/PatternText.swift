/// The one cut of pattern text into components: one leading and one trailing `/` removed, then
/// split on `/` (the "Routing rules" article, *Patterns*). The parser (``OptionalGroupExpansion``)
/// and ``RoutePattern/forEachSegment(_:)`` cut text only through it.
enum PatternText {
    /// Calls `body` with the byte range of each component of `text`; the root (`""`, `/`) is one
    /// empty component.
    @inline(__always)
    static func forEachComponent(_ text: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        let region = text.trimmingOneSlash()
        var start = region.startIndex
        for end in region.startIndex...region.endIndex where end == region.endIndex || text[end] == .slash {
            body(start..<end)
            start = end + 1
        }
    }

    /// The components of a pattern without optional groups (or of an expansion's text, which
    /// reads back as the components it was written from), with their UTF-8 offsets.
    static func components(of pattern: String) -> [PatternComponent] {
        components(of: pattern[...], at: 0, rootIsEmpty: false)
    }

    /// The components of `text`, which starts at UTF-8 offset `start` of the pattern; for an
    /// empty or `/` text, one empty component, or none when `rootIsEmpty` (a piece of a pattern
    /// with optional groups).
    static func components(of text: Substring, at start: Int, rootIsEmpty: Bool) -> [PatternComponent] {
        let utf8 = text.utf8
        var result: [PatternComponent] = []
        String(text).withBytes { bytes in
            if rootIsEmpty, bytes.trimmingOneSlash().isEmpty { return }
            forEachComponent(bytes) { range in
                let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
                let upper = utf8.index(lower, offsetBy: range.count)
                result.append(PatternComponent(text: text[lower..<upper], offset: start + range.lowerBound))
            }
        }
        return result
    }
}

/// A path component of a pattern with its 0-based UTF-8 offset in the pattern.
struct PatternComponent: Equatable {
    var text: Substring
    var offset: Int
}
