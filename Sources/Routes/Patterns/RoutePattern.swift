/// One segment of a parsed pattern.
package enum PatternSegment: Equatable, Sendable {
    /// Compared byte for byte with the percent-decoded URL segment.
    case literal(String)
    /// `:name` — captures one non-empty segment.
    case parameter(String)
    /// `*` — captures zero or more segments: the remaining ones when it is last, else those
    /// between the segments before it and the segments after it.
    case wildcard
    /// Captures beside fixed text, or with a constraint, in an extended pattern: `{name}.jpg`,
    /// `{id:int}`.
    case template(SegmentTemplate)
}

/// A pattern without optional groups, parsed (the "Routing rules" article, *Patterns*).
///
/// `/user/:id/*` → `.literal("user")`, `.parameter("id")`, `.wildcard`.
///
/// A class (immutable, so `Sendable`): the parameters handed to every handler keep one, and one
/// reference costs less to copy than its text and segments. It keeps what routing reads (the
/// parameters' names and positions, the counts) in plain values and its text: the literals live
/// in the route index, and ``segments`` reads the text again for the tools that want them, so a
/// registered route does not keep an array of segments (128 bytes a route).
package final class RoutePattern: Equatable, Sendable {
    // What a match reads (positions, counts, flags) is declared first, so that it shares a cache
    // line with the reference count: on a large table, a pattern is often not in the cache.

    /// The segment index of each of the first eight parameters, a byte each, when every one is
    /// below 255; otherwise ``positionsArePacked`` is `false` and they are read from ``segments``.
    private let packedPositions: UInt64
    // The counts are stored in 32 bits: the object then takes one malloc size class less.
    private let storedParameterCount: Int32
    private let storedSegmentCount: Int32
    private let positionsArePacked: Bool
    package let hasWildcard: Bool
    /// The segment index of the `*` (or `{name:*}`); -1 without one.
    private let storedWildcardIndex: Int32
    /// Whether a match must be checked segment by segment after the index found it: the pattern
    /// has a ``SegmentTemplate`` (an extended pattern's capture beside fixed text or with a
    /// constraint).
    let needsChecking: Bool
    /// Whether braces were read (``RouteOptions/extendedPatterns``): `{id}` is then a parameter.
    package let readsBraces: Bool
    /// The templates of an extended pattern and its wildcard's name; `nil` for a plain pattern.
    let extended: ExtendedParts?
    /// Whether a parameter is named like a reserved key (``RouteParameters/Keys``): reading a
    /// value by name may then not look at the names first.
    let hasReservedName: Bool
    /// Whether every parameter name is ASCII: a key then names a parameter only when its bytes
    /// are the name's, since an ASCII text is canonically equal to no other ASCII text.
    private let namesAreASCII: Bool
    /// The parameter names in segment order, joined by `/` (which no name holds): a short list
    /// is stored inline in the string, without an allocation.
    private let joinedNames: String
    /// The pattern text this was parsed from, e.g. the expansion `"/the/foo/:a"`.
    package let text: String

    /// Parses components that are already split on `/`, each with its UTF-8 offset in `source`
    /// (the pattern the user wrote), for error positions. `components` must be those of `text`
    /// (``PatternText/components(of:)`` reads them back from it).
    init(text: String, components: [PatternComponent], source: String, syntax: PatternSyntax = .plain)
        throws(RoutePatternError)
    {
        var parameterNames: [String] = []
        var packed: UInt64 = 0
        var seenNames: Set<String>?
        var templates: [ExtendedParts.Template] = []
        var wildcardName: String?
        func add(_ name: String, segment index: Int, at offset: Int) throws(RoutePatternError) {
            // A linear search while there are few names, a set beyond (patterns can be hostile).
            if parameterNames.count == 16 { seenNames = Set(parameterNames) }
            guard seenNames?.insert(name).inserted ?? !parameterNames.contains(name) else {
                throw RoutePatternError(
                    pattern: source, utf8Offset: offset, reason: .duplicateParameter(name))
            }
            if parameterNames.count < 8, index < 255 {
                packed |= UInt64(index) << (8 * UInt64(parameterNames.count))
            } else {
                packed = .max  // not packable: more than eight, or a position of 255 or more
            }
            parameterNames.append(name)
        }
        var wildcardIndex = -1
        for (index, component) in components.enumerated() {
            switch try syntax.parse(component.text, at: component.offset, source: source) {
            case .wildcard(let name):
                // One `*` a pattern: with two, where each ends would be a guess.
                guard wildcardIndex < 0 else {
                    throw RoutePatternError(
                        pattern: source, utf8Offset: component.offset, reason: .secondWildcard)
                }
                wildcardIndex = index
                if let name {
                    if parameterNames.contains(name) {
                        throw RoutePatternError(
                            pattern: source, utf8Offset: component.offset, reason: .duplicateParameter(name))
                    }
                    wildcardName = name
                }
            case .parameter(let name):
                guard !name.isEmpty else {
                    throw RoutePatternError(
                        pattern: source, utf8Offset: component.offset, reason: .emptyParameterName)
                }
                try add(name, segment: index, at: component.offset)
            case .template(let template):
                templates.append(
                    ExtendedParts.Template(
                        segment: index, firstParameter: parameterNames.count, template: template))
                for name in template.names { try add(name, segment: index, at: component.offset) }
            case .literal:
                break
            }
        }
        // What `segments` relies on (checked in debug builds, so by every test).
        assert(PatternText.components(of: text).map(\.text) == components.map(\.text))
        self.text = text
        joinedNames = parameterNames.joined(separator: "/")
        positionsArePacked = packed != .max
        packedPositions = packed
        storedParameterCount = Int32(truncatingIfNeeded: parameterNames.count)
        storedSegmentCount = Int32(truncatingIfNeeded: components.count)
        hasWildcard = wildcardIndex >= 0
        storedWildcardIndex = Int32(truncatingIfNeeded: wildcardIndex)
        // An inner `*`: the segments after it are checked against the URL's last ones.
        needsChecking = !templates.isEmpty || (wildcardIndex >= 0 && wildcardIndex < components.count - 1)
        readsBraces = syntax.braces
        extended =
            templates.isEmpty && wildcardName == nil
            ? nil : ExtendedParts(templates: templates, wildcardName: wildcardName)
        namesAreASCII = parameterNames.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
        hasReservedName = parameterNames.contains {
            [
                RouteParameters.Keys.pattern, RouteParameters.Keys.url, RouteParameters.Keys.scheme,
                RouteParameters.Keys.wildcard, RouteParameters.Keys.anchor,
            ].contains($0)
        }
    }

    /// The segment index of the `*`, `nil` without one.
    package var wildcardIndex: Int? { storedWildcardIndex >= 0 ? Int(storedWildcardIndex) : nil }

    /// Whether the `*` has segments after it (`/*/tz/paid`).
    package var hasInnerWildcard: Bool {
        storedWildcardIndex >= 0 && Int(storedWildcardIndex) < segmentCount - 1
    }

    /// How many `:name` segments there are.
    var parameterCount: Int { Int(storedParameterCount) }
    /// How many segments there are, the `*` included.
    var segmentCount: Int { Int(storedSegmentCount) }
    /// Whether ``segmentIndex(ofParameter:)`` reads a kept position: `false` for more than eight
    /// parameters, or one past segment 254, whose positions are read from the text.
    var keepsPositions: Bool { positionsArePacked }

    /// The segments, read again from the text (for the tools: routing reads the index).
    package var segments: [PatternSegment] {
        withSegmentReader { reader in
            reader.map { segment in
                switch segment.kind {
                case .wildcard: .wildcard
                case .template: .template(extended!.template(atSegment: segment.index)!.template)
                case .parameter:
                    .parameter(
                        RoutePattern.parameterName(
                            Substring(String(decoding: segment.written, as: UTF8.self))))
                case .literal: .literal(String(decoding: segment.key, as: UTF8.self))
                }
            }
        }
    }

    /// What a segment is (``PatternSegmentReader/Segment/kind``).
    package enum SegmentKind {
        case literal
        case parameter
        case wildcard
        /// A ``SegmentTemplate`` of an extended pattern.
        case template
    }

    /// Calls `body` with a reader of the segments, in order, from the text's bytes: kept
    /// positions and counts aside, a pattern keeps no segments (see ``RoutePattern``).
    func withSegmentReader<Result>(_ body: (PatternSegmentReader) -> Result) -> Result {
        // `withUTF8` calls `body` from one place (`withBytes` has a second, for a bridged text),
        // so that the optimizer makes one copy of it; the text is native already.
        var text = text
        return text.withUTF8 { bytes in
            // Room to decode literals only when the text has an escape.
            let room = bytes.contains(.percent) ? bytes.count : 0
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { decoded in
                body(PatternSegmentReader(bytes, decoded: decoded, braces: readsBraces))
            }
        }
    }

    /// Calls `body` with each segment's kind, its key and its bytes as written
    /// (``PatternSegmentReader/Segment``), for the index's registration.
    func forEachSegment(
        _ body: (SegmentKind, _ key: UnsafeBufferPointer<UInt8>, _ written: UnsafeBufferPointer<UInt8>) ->
            Void
    ) {
        withSegmentReader { reader in
            for segment in reader { body(segment.kind, segment.key, segment.written) }
        }
    }

    /// The index of the first segment written with a trailing `#` (`user#`, `:id#`; a lone `#`
    /// is a literal), of any kind or of `kind`: the segments after it are read from a URL's
    /// fragment (the "Routing rules" article, *The fragment*). `nil` when there is none.
    package func fragmentMark(of kind: SegmentKind? = nil) -> Int? {
        withSegmentReader { reader in
            reader.first { segment in
                segment.written.count > 1 && segment.written.last == .hash
                    && (kind == nil || kind == segment.kind)
            }?.index
        }
    }

    /// Whether a segment is written with a `#` (`user#`, `:id#`, `a#b`): a URL's fragment can
    /// then supply some of what the pattern matches (the "Routing rules" article, *The
    /// fragment*).
    package var readsFragment: Bool {
        withSegmentReader { reader in reader.contains { $0.written.contains(.hash) } }
    }

    /// The parameter names, in segment order (made on each call: for tooling and registration).
    /// Split on the bytes of `/`: a `/` followed by a combining mark is one `Character`.
    package var parameterNames: [String] { parameters.map(\.name) }

    /// The position among the parameters of the one named `name`; `nil` when none is.
    ///
    /// A key names a parameter when it is canonically equivalent to the name, as `String`'s `==`
    /// and a `Dictionary`'s keys compare them (`"cafe\u{301}"` names `:café`): the rule of every
    /// read of a value by name, the query's and ``RouteParameters/dictionary``'s included (the
    /// "Routing rules" article, *Parameters*). A key with a `/` names none.
    ///
    /// Out of line: one body for every read by name (the parameters' accessors, redirects, the
    /// decoder), rather than a copy of the comparison in each.
    @inline(never)
    func parameterIndex(of name: String) -> Int? {
        guard parameterCount > 1 else {
            // One name: string equality (two words compared when both are short).
            return parameterCount == 1 && name == joinedNames ? 0 : nil
        }
        // Bytes first: a name is found by them unless its key spells it otherwise.
        return byteIndex(of: name) ?? canonicalIndex(of: name)
    }

    /// The position of the name whose bytes are `name`'s (of two names or more).
    @inline(__always)
    private func byteIndex(of name: String) -> Int? {
        name.withBytes { key in
            joinedNames.withBytes { names -> Int? in
                // Each name in turn, compared while it is read; a name ends at `/` or the end,
                // and a key with a `/` (`a/b`) is no name, even where the names read `a/b`.
                var index = 0
                var start = 0
                while start <= names.count {
                    var length = 0
                    while length < key.count, start + length < names.count,
                        names[start + length] == key[length], key[length] != .slash
                    {
                        length += 1
                    }
                    if length == key.count, start + length == names.count || names[start + length] == .slash {
                        return index
                    }
                    while start < names.count, names[start] != .slash { start += 1 }
                    start += 1
                    index += 1
                }
                return nil
            }
        }
    }

    /// The position of the name canonically equivalent to `key` whose bytes differ from it,
    /// which takes a byte outside ASCII on one side; `nil` when both are ASCII.
    @inline(never)
    private func canonicalIndex(of key: String) -> Int? {
        guard !namesAreASCII || key.utf8.contains(where: { $0 >= 0x80 }), !key.utf8.contains(.slash) else {
            return nil
        }
        // Names cannot be canonically equivalent to each other (registration refuses the second
        // as a duplicate), so the first is the one.
        let names = joinedNames.utf8.split(separator: .slash, omittingEmptySubsequences: false)
        return names.firstIndex { String(Substring($0)) == key }
    }

    /// The index among the segments of the `index`th parameter.
    @inline(__always)
    func segmentIndex(ofParameter index: Int) -> Int {
        if positionsArePacked {
            return Int(truncatingIfNeeded: packedPositions >> (8 * UInt64(index)) & 0xFF)
        }
        // Read from the text's bytes: a match of such a pattern allocates nothing either.
        return withSegmentReader { reader in
            var parameter = 0
            for segment in reader {
                let count: Int
                switch segment.kind {
                case .parameter: count = 1
                case .template: count = extended!.template(atSegment: segment.index)!.template.names.count
                case .literal, .wildcard: count = 0
                }
                if index < parameter + count { return segment.index }
                parameter += count
            }
            return -1
        }
    }

    /// The parameters in order (read from the joined names and the kept positions: no
    /// allocation for short names).
    var parameters: Parameters { Parameters(self) }

    /// The parameters of a pattern, in order: each one's position among them, its name and its
    /// segment index.
    ///
    /// ```swift
    /// for parameter in pattern.parameters {
    ///     print(parameter.name, parameter.segment)
    /// }
    /// ```
    struct Parameters: Sequence, IteratorProtocol {
        struct Parameter {
            /// Its position among the parameters.
            let index: Int
            let name: String
            /// The index of its segment among the pattern's.
            let segment: Int
        }

        private let pattern: RoutePattern
        /// Where the next name starts in the joined names.
        private var start: String.Index
        private var index = 0
        /// The segment of each parameter when the pattern does not keep their positions (more
        /// than eight, or one past segment 254): read from the text once, when the first is
        /// asked for, so that a pass over every one takes time linear in their number.
        private var segments: [Int] = []

        fileprivate init(_ pattern: RoutePattern) {
            self.pattern = pattern
            start = pattern.joinedNames.utf8.startIndex
        }

        mutating func next() -> Parameter? {
            guard index < pattern.parameterCount else { return nil }
            // Cut on the bytes of `/` (a `/` followed by a combining mark is one `Character`, so
            // `Character` or `String` indices would not split there).
            let utf8 = pattern.joinedNames.utf8
            var end = start
            while end < utf8.endIndex, utf8[end] != .slash { end = utf8.index(after: end) }
            if !pattern.keepsPositions, segments.isEmpty { segments = pattern.segmentsOfParameters }
            let parameter = Parameter(
                index: index, name: String(Substring(utf8[start..<end])),
                segment: pattern.keepsPositions ? pattern.segmentIndex(ofParameter: index) : segments[index])
            index += 1
            if end < utf8.endIndex { start = utf8.index(after: end) }
            return parameter
        }
    }

    /// The segment index of each parameter, in order, read from the text.
    private var segmentsOfParameters: [Int] {
        withSegmentReader { reader in
            var segments: [Int] = []
            for segment in reader {
                switch segment.kind {
                case .parameter: segments.append(segment.index)
                case .template:
                    let count = extended!.template(atSegment: segment.index)!.template.names.count
                    segments += repeatElement(segment.index, count: count)
                case .literal, .wildcard: continue
                }
            }
            return segments
        }
    }

    /// `:id` → `id`, `:id#` → `id`, `:` → `:` (JLRoutes' name for a bare colon), `:#` → empty;
    /// `{id}` and `{id}#` → `id` (an extended pattern's parameter).
    static func parameterName(_ component: Substring) -> String {
        if component.utf8.first == .openBrace { return PatternSyntax.braceName(component) }
        guard component.utf8.count > 1 else { return String(component) }
        var name = component.dropFirstByte()
        if name.utf8.last == .hash { name = name.dropLastByte() }
        return String(name)
    }
}

extension RoutePattern {
    /// Patterns are equal when their texts are (the text determines the rest).
    package static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool {
        lhs.text == rhs.text
    }
}
