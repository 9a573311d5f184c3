/// The definitions of an index node of which some must be checked after the index matched them
/// (``RoutePattern/needsChecking``: templates, the segments after an inner `*`), kept so that a
/// lookup checks only those that can match. Each definition is filed by text that every URL it
/// matches has in a known segment:
///
/// - a literal after an inner `*` (`/*/tz/paid`): the segment, percent-decoded, is that text
///   (ASCII case ignored in what came from the host); filed under the hash of the text with its
///   ASCII letters lowercased, and a lookup hashes the segment so, whether it came from the host
///   or not;
/// - else the fixed texts of one of its templates (`{name}.jpg`, `v{n:int}`, `{a}-k7-{b}`): the
///   segment, as written, starts with one, ends with one or holds one; filed in the
///   ``TemplateTexts`` of that segment, which reads the segment once and gives the definitions
///   whose every text is there. Of a pattern's templates, the one filed by is the one whose
///   rarest text the fewest definitions there have.
///
/// A lookup then costs the length of the segments read and the definitions found, not the
/// number filed. The others (a capture with a constraint and no fixed text, `{id:int}`; an
/// inner `*` followed by parameters only) are checked in turn, and so is every definition of a
/// node that has ``few`` or fewer: checking them costs what filtering them would.
///
/// A class, so that the node keeps one reference and the lookup reads it in place (confined, as
/// the index is, to its router's isolation domain: its properties need no dynamic exclusivity
/// checks). A lookup that holds it while an app's code inserts in the index leaves it as it is:
/// the index inserts in a ``copy()`` (``DefinitionList/insert(_:)``).
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
    /// By the segment of their literal, then by the hash of its folded text (``foldedHash(_:)``).
    @exclusivity(unchecked) private var literals: [(position: Position, buckets: [Int: [Definition]])] = []
    /// By the segment of their template's fixed texts.
    @exclusivity(unchecked) private var texts: [(position: Position, texts: TemplateTexts)] = []

    init(_ definitions: [Definition]) {
        for definition in definitions { insert(definition) }
    }

    /// A copy that changes apart from this one (its ``TemplateTexts`` copied too).
    func copy() -> CheckedDefinitions {
        let copy = CheckedDefinitions([])
        (copy.all, copy.rest, copy.literals) = (all, rest, literals)
        copy.texts = texts.map { ($0.position, $0.texts.copy()) }
        return copy
    }

    func insert(_ definition: Definition) {
        all.insertInRoutingOrder(definition)
        switch CheckedDefinitions.filing(of: definition.parsed) {
        case nil:
            rest.insertInRoutingOrder(definition)
        case .literal(let position, let text)?:
            let hash = text.withUnsafeBufferPointer(CheckedDefinitions.foldedHash)
            if let index = literals.firstIndex(where: { $0.position == position }) {
                literals[index].buckets[hash, default: []].append(definition)
            } else {
                literals.append((position, [hash: [definition]]))
            }
        case .templates(let templates)?:
            // The template whose rarest text the fewest definitions filed here have (then the
            // one whose best text tells the most).
            var best: (position: Position, texts: [TemplateTexts.FixedText], uses: Int, rank: (Int, Int))?
            for (position, fixed) in templates {
                let uses = texts.first { $0.position == position }?.texts.uses(ofRarest: fixed) ?? 0
                let rank = fixed.map(TemplateTexts.rank).max(by: <)!
                if let best, best.uses < uses || (best.uses == uses && best.rank >= rank) { continue }
                best = (position, fixed, uses, rank)
            }
            guard let (position, fixed, _, _) = best else { return }
            if let index = texts.firstIndex(where: { $0.position == position }) {
                texts[index].texts.insert(definition, texts: fixed)
            } else {
                let new = TemplateTexts()
                new.insert(definition, texts: fixed)
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
            for definition in buckets[CheckedDefinitions.foldedHash(segments, index)] ?? [] {
                body(definition)
            }
        }
        for (position, texts) in texts {
            guard let index = position.index(in: segments) else { continue }
            texts.forEachCandidate(segments.bytes(at: index), body)
        }
    }

    /// The hash of segment `index`'s decoded text, folded (``foldedHash(_:)``): decoded as the
    /// index decodes it, by the host rule for the host segment (``RouteIndex/withHostSegmentKey(_:hostPrefix:_:)``).
    private static func foldedHash(_ segments: Segments, _ index: Int) -> Int {
        let bytes = segments.bytes(at: index)
        if index == 0, segments.hostPrefix > 0 {
            return RouteIndex.withHostSegmentKey(bytes, hostPrefix: segments.hostPrefix) { key, _ in
                foldedHash(key)
            }
        }
        guard bytes.contains(.percent) else { return foldedHash(bytes) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { output in
            guard let decoded = PercentDecoding.decode(bytes, into: output) else { return foldedHash(bytes) }
            return foldedHash(UnsafeBufferPointer(rebasing: output[..<decoded]))
        }
    }

    /// The hash of `bytes` with their ASCII letters lowercased: a literal and a segment equal to
    /// it have the same, and so do a literal and a host segment that matches it, whose case is
    /// ignored.
    private static func foldedHash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        var word: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes {
            word |= UInt64(byte.asciiLowercased) << shift
            shift += 8
            if shift == 64 {
                hasher.combine(word)
                (word, shift) = (0, 0)
            }
        }
        hasher.combine(word)
        hasher.combine(bytes.count)
        return hasher.finalize()
    }

    /// What a definition is filed by.
    private enum Filing {
        /// A literal after an inner `*`, as its decoded text.
        case literal(Position, [UInt8])
        /// Its templates' fixed texts, as written, each with where it is in its segment.
        case templates([(Position, [TemplateTexts.FixedText])])
    }

    /// What a pattern is filed by: the last literal after an inner `*`, else the fixed texts of
    /// its templates that have some, else nothing.
    private static func filing(of pattern: RoutePattern) -> Filing? {
        let wildcard = pattern.wildcardIndex
        let count = pattern.segmentCount
        var literal: Filing?
        var templates: [(Position, [TemplateTexts.FixedText])] = []
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
                let fixed = fixedTexts(of: template)
                if !fixed.isEmpty { templates.append((position, fixed)) }
            case .literal, .parameter, .wildcard:
                break
            }
        }
        return literal ?? (templates.isEmpty ? nil : .templates(templates))
    }

    /// The fixed texts of a template with where each must be in the URL's segment. A last text
    /// that ends with `#` (a fragment route's mark, `{id:int}#`) is not required at the end,
    /// nor is its `#`: the text before it is required somewhere.
    private static func fixedTexts(of template: SegmentTemplate) -> [TemplateTexts.FixedText] {
        var found: [TemplateTexts.FixedText] = []
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
