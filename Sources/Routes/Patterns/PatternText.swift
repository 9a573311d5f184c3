/// The one cut of pattern text into components: one leading and one trailing `/` removed, then
/// split on `/` (the "Routing rules" article, *Patterns*). The parser (``OptionalGroupExpansion``)
/// and ``PatternSegmentReader`` cut text only through it.
enum PatternText {
    /// The byte ranges of the components of a text, in order; the root (`""`, `/`) is one empty
    /// component.
    struct Components: IteratorProtocol {
        private let text: UnsafeBufferPointer<UInt8>
        /// Where the next component starts; past ``end`` when every one was read.
        private var start: Int
        private let end: Int

        init(_ text: UnsafeBufferPointer<UInt8>) {
            let region = text.trimmingOneSlash()
            self.text = text
            start = region.startIndex
            end = region.endIndex
        }

        mutating func next() -> Range<Int>? {
            guard start <= end else { return nil }
            var cut = start
            while cut < end, text[cut] != .slash { cut += 1 }
            defer { start = cut + 1 }
            return start..<cut
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
            var components = Components(bytes)
            while let range = components.next() {
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
