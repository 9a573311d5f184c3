/// Whether one pattern matches a URL, decided by routing's own search: explanations, URL building
/// and redirects ask this, so that they agree with routing at every edge (the host segment's
/// case, escapes, empty segments, the fragment). ``PatternVerdict`` only says why not.
extension RouteRequest {
    /// What `pattern` captures from this request, when it matches.
    func captures(of pattern: RoutePattern) -> Captures? {
        let index = RouteIndex()
        let definition = Definition(pattern: pattern.text, priority: 0, action: nil)
        definition.registeredPattern = pattern
        index.insert(definition)
        return withSegments { segments in
            var captures: Captures?
            _ = index.forEachMatch(segments) { _, found in
                captures = found
                return true
            }
            return captures
        }
    }

    /// The parameters a handler of `pattern` gets for this request in the table of `scheme`, when
    /// `pattern` matches.
    func parameters(of pattern: RoutePattern, scheme: String) -> RouteParameters? {
        captures(of: pattern).map {
            RouteParameters(request: self, matched: pattern, captures: $0, extra: nil, scheme: scheme)
        }
    }
}

extension RouteIndex {
    /// The definitions that match `segments`, by identity.
    func matches(_ segments: Segments) -> [ObjectIdentifier] {
        var found: [ObjectIdentifier] = []
        _ = forEachMatch(segments) { definition, _ in
            found.append(ObjectIdentifier(definition))
            return false
        }
        return found
    }
}

extension PatternVerdict {
    /// The verdict of a pattern that routing's search found not to match: a mismatch, never
    /// ``matches``.
    var notMatching: PatternVerdict {
        self == .matches ? .segmentsDiffer : self
    }
}
