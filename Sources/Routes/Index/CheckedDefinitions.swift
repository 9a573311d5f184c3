/// The definitions of an index node of which some must be checked after the index matched them
/// (``RoutePattern/needsChecking``: templates, the segments after an inner `*`), kept so that a
/// lookup checks only those that can match. Each definition is filed by text that every URL it
/// matches has in a known segment:
///
/// - a literal after an inner `*` (`/*/tz/paid`): the segment, percent-decoded, is that text; filed
///   under the hash of the text, and a lookup hashes the segment;
/// - else a fixed text of a template (`{name}.jpg`, `v{n:int}`, `{a}-k7-{b}`): the segment, as
///   written, starts with it, ends with it or holds it; filed in the ``TemplateTexts`` of that
///   segment, which reads the segment once and gives the definitions whose text is there.
///
/// A lookup then costs the length of the segments read and the definitions found, not the
/// number filed. The others (a capture with a constraint and no fixed text, `{id:int}`; an
/// inner `*` followed by parameters only) are checked in turn, and so is every definition of a
/// node that has ``few`` or fewer: checking them costs what filtering them would.
///
/// A class, so that the node keeps one reference and the lookup reads it in place (confined, as
/// the index is, to its router's isolation domain: its properties need no dynamic exclusivity
/// checks).
final class CheckedDefinitions {
    /// A URL segment: counted from the start, or from the end (0: the last), for the segments
    /// after an inner `*`.
    struct Position: Equatable {
        var segment: Int
        var fromEnd: Bool

        /// The index of the segment in `segments`, if they have it.
        @inline(__always)
        func index(in segments: Segments) -> Int? {
            let index = fromEnd ? segments.count - 1 - segment : segment
            return index >= 0 && index < segments.count ? index : nil
        }
    }

    /// Up to this many definitions are checked in turn.
    static let few = 4

    /// Every definition, in routing order.
    @exclusivity(unchecked) private(set) var all: [Definition] = []
    /// Those filed by nothing, in routing order.
    @exclusivity(unchecked) private var rest: [Definition] = []
    /// By the segment of their literal, then by the hash of its text.
    @exclusivity(unchecked) private var literals: [(position: Position, buckets: [Int: [Definition]])] = []
    /// By the segment of their template's fixed text.
    @exclusivity(unchecked) private var texts: [(position: Position, texts: TemplateTexts)] = []

    init(_ definitions: [Definition]) {
        for definition in definitions { insert(definition) }
    }

    func insert(_ definition: Definition) {
        all.insertInRoutingOrder(definition)
        switch CheckedDefinitions.filing(of: definition.parsed) {
        case nil:
            rest.insertInRoutingOrder(definition)
        case .literal(let position, let text)?:
            let hash = text.withUnsafeBufferPointer(CheckedDefinitions.hash)
            if let index = literals.firstIndex(where: { $0.position == position }) {
                literals[index].buckets[hash, default: []].append(definition)
            } else {
                literals.append((position, [hash: [definition]]))
            }
        case .text(let position, let text, let anchor)?:
            if let index = texts.firstIndex(where: { $0.position == position }) {
                texts[index].texts.insert(definition, text: text, at: anchor)
            } else {
                let new = TemplateTexts()
                new.insert(definition, text: text, at: anchor)
                texts.append((position, new))
            }
        }
    }

    /// Calls `body` with each definition that may match `segments` (the others cannot), once
    /// each, in no particular order.
    func forEachCandidate(_ segments: Segments, _ body: (Definition) -> Void) {
        if all.count <= CheckedDefinitions.few {
            for definition in all { body(definition) }
            return
        }
        for definition in rest { body(definition) }
        for (position, buckets) in literals {
            // A URL without that segment has no candidate there.
            guard let index = position.index(in: segments) else { continue }
            guard let hash = CheckedDefinitions.decodedHash(segments, index) else {
                // The text cannot be hashed as compared (a host segment, compared ignoring case):
                // every definition filed there is a candidate.
                for definitions in buckets.values { for definition in definitions { body(definition) } }
                continue
            }
            for definition in buckets[hash] ?? [] { body(definition) }
        }
        for (position, texts) in texts {
            guard let index = position.index(in: segments) else { continue }
            texts.forEachCandidate(segments.bytes(at: index), body)
        }
    }

    /// The hash of segment `index`'s decoded text; `nil` for a host segment, whose decoded text
    /// is compared ignoring case.
    private static func decodedHash(_ segments: Segments, _ index: Int) -> Int? {
        if index == 0, segments.hostPrefix > 0 { return nil }
        let bytes = segments.bytes(at: index)
        guard bytes.contains(.percent) else { return hash(bytes) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { output in
            guard let decoded = PercentDecoding.decode(bytes, into: output) else { return hash(bytes) }
            return hash(UnsafeBufferPointer(rebasing: output[..<decoded]))
        }
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }

    /// What a definition is filed by.
    private enum Filing {
        /// A literal after an inner `*`, as its decoded text.
        case literal(Position, [UInt8])
        /// A fixed text of a template, as written, and where it is in its segment.
        case text(Position, [UInt8], TemplateTexts.Anchor)
    }

    /// What a pattern is filed by: the last literal after an inner `*`, else the fixed text of
    /// a template that tells the most (text at an end of its segment before text inside it,
    /// then the longest), else nothing.
    private static func filing(of pattern: RoutePattern) -> Filing? {
        let wildcard = pattern.wildcardIndex
        let count = pattern.segmentCount
        var literal: Filing?
        // The best text so far, ranked by (anchored at an end: 1, else 0; length).
        var text: (filing: Filing, rank: (Int, Int))?
        var index = 0
        pattern.forEachSegment { kind, key, _ in
            defer { index += 1 }
            let afterWildcard = wildcard.map { index > $0 } ?? false
            let position = Position(
                segment: afterWildcard ? count - 1 - index : index, fromEnd: afterWildcard)
            switch kind {
            case .literal where afterWildcard:
                literal = .literal(position, Array(key))
            case .template:
                guard let template = pattern.extended?.template(atSegment: index)?.template else { return }
                for (fixed, anchor) in fixedTexts(of: template) {
                    let rank = (anchor == .anywhere ? 0 : 1, fixed.count)
                    if let best = text, best.rank >= rank { continue }
                    text = (.text(position, fixed, anchor), rank)
                }
            case .literal, .parameter, .wildcard:
                break
            }
        }
        return literal ?? text?.filing
    }

    /// The fixed texts of a template with where each must be in the URL's segment. A last text
    /// that ends with `#` (a fragment route's mark, `{id:int}#`) is not required at the end,
    /// nor is its `#`: the text before it is required somewhere.
    private static func fixedTexts(of template: SegmentTemplate) -> [([UInt8], TemplateTexts.Anchor)] {
        var found: [([UInt8], TemplateTexts.Anchor)] = []
        for (offset, piece) in template.pieces.enumerated() {
            guard case .fixed(var fixed) = piece else { continue }
            var anchor = TemplateTexts.Anchor.anywhere
            if offset == 0 {
                anchor = .start
            } else if offset == template.pieces.count - 1 {
                if fixed.last == .hash {
                    fixed.removeLast()
                } else {
                    anchor = .end
                }
            }
            if !fixed.isEmpty { found.append((fixed, anchor)) }
        }
        return found
    }
}
