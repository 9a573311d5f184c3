/// What an extended pattern (``RouteOptions/extendedPatterns``) has beyond a plain one: its
/// segment templates, checked after the index found a match, and its wildcard's name.
final class ExtendedParts: Sendable {
    struct Template: Sendable {
        /// The segment the template stands for.
        let segment: Int
        /// The position among the pattern's parameters of the template's first capture.
        let firstParameter: Int
        let template: SegmentTemplate
    }

    /// In segment order.
    let templates: [Template]
    /// The name of `{name:*}`: its value is the wildcard's components.
    let wildcardName: String?

    init(templates: [Template], wildcardName: String?) {
        self.templates = templates
        self.wildcardName = wildcardName
    }

    /// The template of a segment (a binary search: the templates are in segment order).
    func template(atSegment segment: Int) -> Template? {
        let found = lastTemplate { $0.segment <= segment }
        return found?.segment == segment ? found : nil
    }

    /// The template holding the `index`th parameter, if a template does (a binary search: the
    /// templates' parameters are in order too).
    func template(holdingParameter index: Int) -> Template? {
        guard let found = lastTemplate(where: { $0.firstParameter <= index }),
            index < found.firstParameter + found.template.names.count
        else { return nil }
        return found
    }

    /// The last template for which `isBefore` holds, `isBefore` holding for a prefix of them.
    private func lastTemplate(where isBefore: (Template) -> Bool) -> Template? {
        var (low, high) = (0, templates.count)
        while low < high {
            let middle = (low + high) / 2
            if isBefore(templates[middle]) { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? templates[low - 1] : nil
    }
}

extension RoutePattern {
    /// The name under which the wildcard's components are also read (`{rest:*}`).
    var wildcardName: String? { extended?.wildcardName }

    /// The URL segment that pattern segment `index` stands for: the same index before the `*`,
    /// counted from the end after it.
    @inline(__always)
    func urlIndex(ofSegment index: Int, _ segments: Segments) -> Int {
        guard let wildcard = wildcardIndex, index > wildcard else { return index }
        return segments.count - (segmentCount - index)
    }

    /// Whether the URL has enough segments for those after an inner `*`, and its last ones match
    /// them: literals as the index compares them (decoded, a host's ASCII case ignored),
    /// non-empty values for parameters (templates are matched apart).
    func innerWildcardSuffixMatches(_ segments: Segments) -> Bool {
        guard let wildcard = wildcardIndex else { return true }
        let after = segmentCount - wildcard - 1
        // The empty path reads as one empty segment, which a `*` does not take.
        let available = segments.count == 1 && segments[0].isEmpty ? 0 : segments.count
        guard available - wildcard >= after else { return false }
        return withSegmentReader { reader in
            for segment in reader where segment.index > wildcard {
                let url = segments.count - (segmentCount - segment.index)
                let bytes = segments.bytes(at: url)
                switch segment.kind {
                case .parameter, .template:
                    if bytes.isEmpty { return false }
                case .wildcard: break
                case .literal:
                    if url == 0, segments.hostPrefix > 0 {
                        if !RouteIndex.hostSegment(
                            bytes, hostPrefix: segments.hostPrefix, matches: segment.key)
                        {
                            return false
                        }
                    } else if !PatternSegmentComparison.decodedEquals(bytes, segment.key) {
                        return false
                    }
                }
            }
            return true
        }
    }

    /// The byte range of the `index`th parameter's value in `segments`: its segment, or the part
    /// of it that a template's capture took.
    func range(ofParameter index: Int, in segments: Segments) -> ByteRange {
        range(ofParameter: index, atSegment: segmentIndex(ofParameter: index), in: segments)
    }

    /// ``range(ofParameter:in:)`` for a parameter whose pattern segment is known (a pass over
    /// every value reads them in time linear in their number).
    func range(ofParameter index: Int, atSegment patternSegment: Int, in segments: Segments) -> ByteRange {
        let segment = segments[urlIndex(ofSegment: patternSegment, segments)]
        guard let template = extended?.template(holdingParameter: index) else { return segment }
        var found = ByteRange(uncheckedBounds: segment.lowerBound, segment.lowerBound)
        _ = template.template.match(segments.bytes, segment, plusAsSpace: segments.plusAsSpace) {
            number, range in
            if template.firstParameter + number == index { found = range }
        }
        return found
    }
}

/// A URL segment compared with a literal as the index compares them.
enum PatternSegmentComparison {
    /// Whether `raw`, percent-decoded (as written when undecodable), is `literal` byte for byte.
    static func decodedEquals(_ raw: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard raw.contains(.percent) else { return raw.elementsEqual(literal) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { output in
            guard let count = PercentDecoding.decode(raw, into: output) else {
                return raw.elementsEqual(literal)
            }
            return UnsafeBufferPointer(rebasing: output[..<count]).elementsEqual(literal)
        }
    }
}
