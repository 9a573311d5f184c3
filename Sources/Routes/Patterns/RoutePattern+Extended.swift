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

    func template(atSegment segment: Int) -> Template? {
        templates.first { $0.segment == segment }
    }

    /// The template holding the `index`th parameter, if a template does.
    func template(holdingParameter index: Int) -> Template? {
        templates.first {
            (($0.firstParameter)..<($0.firstParameter + $0.template.names.count)).contains(index)
        }
    }
}

extension RoutePattern {
    /// The name under which the wildcard's components are also read (`{rest:*}`).
    var wildcardName: String? { extended?.wildcardName }

    /// Whether `segments` match every template of the pattern (their fixed text and
    /// constraints); the index has already matched the other segments.
    func passesChecks(_ segments: Segments) -> Bool {
        guard let extended else { return true }
        return extended.templates.allSatisfy { template in
            template.template.match(
                segments.bytes, segments[template.segment], plusAsSpace: segments.plusAsSpace)
        }
    }

    /// The byte range of the `index`th parameter's value in `segments`: its segment, or the part
    /// of it that a template's capture took.
    func range(ofParameter index: Int, in segments: Segments) -> ByteRange {
        let segment = segments[segmentIndex(ofParameter: index)]
        guard let template = extended?.template(holdingParameter: index) else { return segment }
        var found = ByteRange(uncheckedBounds: segment.lowerBound, segment.lowerBound)
        _ = template.template.match(segments.bytes, segment, plusAsSpace: segments.plusAsSpace) {
            number, range in
            if template.firstParameter + number == index { found = range }
        }
        return found
    }
}
