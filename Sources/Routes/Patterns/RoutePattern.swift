/// One segment of a parsed pattern.
enum PatternSegment: Equatable, Sendable {
    /// Compared byte for byte with the percent-decoded URL segment.
    case literal(String)
    /// `:name` — captures one non-empty segment.
    case parameter(String)
    /// `*` — the last segment; captures the remaining segments, zero or more.
    case wildcard
}

/// A pattern without optional groups, parsed into segments (the "Routing rules" article,
/// *Patterns*).
///
/// `/user/:id/*` → `.literal("user")`, `.parameter("id")`, `.wildcard`.
///
/// A class (immutable, so `Sendable`): the parameters handed to every handler keep one, and one
/// reference costs less to copy than its text and segments.
final class RoutePattern: Equatable, Sendable {
    /// The pattern text this was parsed from, e.g. the expansion `"/the/foo/:a"`.
    let text: String
    /// The segments; the parameters are found in them (a pattern has few segments, and every
    /// array a registered pattern keeps costs memory per route).
    let segments: [PatternSegment]
    /// How many `:name` segments there are.
    let parameterCount: Int
    let hasWildcard: Bool
    /// Whether a parameter is named like a reserved key (``RouteParameters/Keys``): reading a
    /// value by name may then not look at the names first.
    let hasReservedName: Bool

    /// Parses components that are already split on `/`, each with its UTF-8 offset in `source`
    /// (the pattern the user wrote), for error positions.
    init(text: String, components: [PatternComponent], source: String) throws(RoutePatternError) {
        var segments: [PatternSegment] = []
        segments.reserveCapacity(components.count)
        var parameterNames: [String] = []
        var seenNames: Set<String>?
        for (index, component) in components.enumerated() {
            let value = component.text
            if value == "*" {
                guard index == components.count - 1 else {
                    throw RoutePatternError(
                        pattern: source, utf8Offset: component.offset, reason: .wildcardNotLast)
                }
                segments.append(.wildcard)
            } else if value.utf8.first == UInt8(ascii: ":") {
                let name = RoutePattern.parameterName(value)
                guard !name.isEmpty else {
                    throw RoutePatternError(
                        pattern: source, utf8Offset: component.offset, reason: .emptyParameterName)
                }
                // A linear search while there are few names, a set beyond (patterns can be hostile).
                if parameterNames.count == 16 { seenNames = Set(parameterNames) }
                guard seenNames?.insert(name).inserted ?? !parameterNames.contains(name) else {
                    throw RoutePatternError(
                        pattern: source, utf8Offset: component.offset, reason: .duplicateParameter(name))
                }
                segments.append(.parameter(name))
                parameterNames.append(name)
            } else {
                segments.append(.literal(PercentDecoding.decodeOrKeep(value)))
            }
        }
        self.text = text
        self.segments = segments
        parameterCount = parameterNames.count
        hasWildcard = segments.last == .wildcard
        hasReservedName = parameterNames.contains {
            [
                RouteParameters.Keys.pattern, RouteParameters.Keys.url, RouteParameters.Keys.scheme,
                RouteParameters.Keys.wildcard,
            ].contains($0)
        }
    }

    /// The parameter names, in segment order (made on each call: for tooling and registration).
    var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { return name } else { return nil } }
    }

    /// The position among the parameters of the one named `name`; `nil` when none is.
    @inline(__always)
    func parameterIndex(of name: String) -> Int? {
        var index = 0
        for segment in segments {
            guard case .parameter(let parameter) = segment else { continue }
            if parameter == name { return index }
            index += 1
        }
        return nil
    }

    /// The index among the segments of the `index`th parameter.
    func segmentIndex(ofParameter index: Int) -> Int {
        var found = -1
        forEachParameter { parameter, _, segment in
            if parameter == index { found = segment }
        }
        return found
    }

    /// Calls `body` with each parameter's position among the parameters, its name and its
    /// segment index, in order.
    @inline(__always)
    func forEachParameter(_ body: (_ index: Int, _ name: String, _ segment: Int) -> Void) {
        var index = 0
        for (position, segment) in segments.enumerated() {
            guard case .parameter(let name) = segment else { continue }
            body(index, name, position)
            index += 1
        }
    }

    /// `:id` → `id`, `:id#` → `id`, `:` → `:` (JLRoutes' name for a bare colon), `:#` → empty.
    static func parameterName(_ component: Substring) -> String {
        guard component.utf8.count > 1 else { return String(component) }
        var name = component.dropFirstByte()
        if name.utf8.last == .hash { name = name.dropLastByte() }
        return String(name)
    }
}

/// A path component of a pattern with its 0-based UTF-8 offset in the pattern.
struct PatternComponent: Equatable {
    var text: Substring
    var offset: Int
}

extension RoutePattern {
    static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool {
        lhs.text == rhs.text && lhs.segments == rhs.segments
    }
}
