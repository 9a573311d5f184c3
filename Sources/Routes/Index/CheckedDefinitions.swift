/// The definitions of an index node of which some must be checked after the index matched them
/// (``RoutePattern/needsChecking``: templates, the segments after an inner `*`), kept so that a
/// lookup checks only those that can match: each definition with a *discriminator* — text that
/// every URL it matches has at a known place — is filed under the hash of that text, and a
/// lookup hashes the URL's text at each such place and checks that bucket only. The others
/// (plain definitions, templates without fixed text at their ends) are checked in turn.
///
/// A class, so that the node keeps one reference and the lookup reads it in place.
final class CheckedDefinitions {
    /// Where the text of a discriminator is, and which text.
    struct Discriminator: Hashable {
        /// The URL segment: counted from the start, or from the end (0: the last).
        var segment: Int
        var fromEnd: Bool
        /// Which text of the segment: the whole of it percent-decoded (a literal after an inner
        /// `*`), or its last or first `length` bytes as written (a template's fixed text).
        var part: Part

        enum Part: Hashable {
            case decoded
            case rawSuffix(Int)
            case rawPrefix(Int)
        }
    }

    /// Every definition, in routing order.
    private(set) var all: [Definition] = []
    /// Those without a discriminator, in routing order.
    private(set) var rest: [Definition] = []
    /// By discriminator, then by the hash of its text: in routing order.
    private(set) var buckets: [Discriminator: [Int: [Definition]]] = [:]

    init(_ definitions: [Definition]) {
        for definition in definitions { insert(definition) }
    }

    func insert(_ definition: Definition) {
        all.insertInRoutingOrder(definition)
        guard let (discriminator, text) = CheckedDefinitions.discriminator(of: definition.parsed) else {
            rest.insertInRoutingOrder(definition)
            return
        }
        let hash = text.withUnsafeBufferPointer(CheckedDefinitions.hash)
        buckets[discriminator, default: [:]][hash, default: []].insertInRoutingOrder(definition)
    }

    /// Calls `body` with each definition that may match `segments` (the others cannot), in no
    /// particular order.
    func forEachCandidate(_ segments: Segments, _ body: (Definition) -> Void) {
        for definition in rest { body(definition) }
        for (discriminator, bucket) in buckets {
            guard let hash = CheckedDefinitions.hash(of: discriminator, in: segments) else {
                // The text cannot be hashed as compared (a host segment, compared ignoring case):
                // every definition of the discriminator is a candidate.
                for definitions in bucket.values { for definition in definitions { body(definition) } }
                continue
            }
            for definition in bucket[hash] ?? [] { body(definition) }
        }
    }

    /// The hash of the URL's text at `discriminator`; `nil` when the URL has no such segment
    /// (no candidate then: an empty bucket's hash is never produced) — see below — or when it is
    /// a host segment whose decoded text is compared ignoring case.
    private static func hash(of discriminator: Discriminator, in segments: Segments) -> Int? {
        let count = segments.count
        let index = discriminator.fromEnd ? count - 1 - discriminator.segment : discriminator.segment
        guard index >= 0, index < count else { return Int.min }  // no candidate can match
        let bytes = segments.bytes(at: index)
        switch discriminator.part {
        case .decoded:
            if index == 0, segments.hostPrefix > 0 { return nil }
            guard bytes.contains(.percent) else { return hash(bytes) }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { output in
                guard let decoded = PercentDecoding.decode(bytes, into: output) else { return hash(bytes) }
                return hash(UnsafeBufferPointer(rebasing: output[..<decoded]))
            }
        case .rawSuffix(let length):
            // A capture takes at least one byte before the fixed text.
            guard bytes.count > length else { return Int.min }
            return hash(UnsafeBufferPointer(rebasing: bytes[(bytes.count - length)...]))
        case .rawPrefix(let length):
            guard bytes.count > length else { return Int.min }
            return hash(UnsafeBufferPointer(rebasing: bytes[..<length]))
        }
    }

    /// A hash of bytes that never is `Int.min` (which stands for "no candidate").
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        let value = hasher.finalize()
        return value == Int.min ? 0 : value
    }

    /// The discriminator of a pattern, with its text: the literal after an inner `*` that ends
    /// the pattern, else the fixed text that ends (or starts) its last template.
    private static func discriminator(of pattern: RoutePattern) -> (Discriminator, [UInt8])? {
        let wildcard = pattern.wildcardIndex
        let count = pattern.segmentCount
        var found: (Discriminator, [UInt8])?
        var index = 0
        pattern.forEachSegment { kind, key, _ in
            defer { index += 1 }
            let afterWildcard = wildcard.map { index > $0 } ?? false
            let position = afterWildcard ? count - 1 - index : index
            switch kind {
            case .literal where afterWildcard && index == count - 1:
                found = (Discriminator(segment: 0, fromEnd: true, part: .decoded), Array(key))
            case .template:
                guard let template = pattern.extended?.template(atSegment: index)?.template else { return }
                if case .fixed(let text)? = template.pieces.last, template.pieces.count > 1 {
                    found = (
                        Discriminator(
                            segment: position, fromEnd: afterWildcard, part: .rawSuffix(text.count)),
                        text
                    )
                } else if case .fixed(let text)? = template.pieces.first, template.pieces.count > 1 {
                    found = (
                        Discriminator(
                            segment: position, fromEnd: afterWildcard, part: .rawPrefix(text.count)),
                        text
                    )
                }
            case .literal, .parameter, .wildcard:
                break
            }
        }
        return found
    }
}
