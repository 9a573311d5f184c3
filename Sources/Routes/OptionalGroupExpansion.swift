/// Expansion of optional groups: `/the(/foo/:a)(/bar/:b)` registers four definitions,
/// `/the/foo/:a/bar/:b`, `/the/foo/:a`, `/the/bar/:b`, `/the` (spec §3).
///
/// The pattern is cut into pieces: required text and `( ... )` groups (which do not nest). Each
/// piece loses one leading and one trailing `/` and is split into components; an expansion keeps
/// every required piece and a subset of the groups, and reads `/` + its components joined by `/`.
/// Expansions are ordered longest first (by characters, as JLRoutes sorts them); ties keep the
/// combination with earlier groups first; identical expansions appear once.
///
/// With n groups there are 2^n combinations, so n is capped at ``Router/maximumOptionalGroups``:
/// the work is then linear in the pattern's length times at most 2^limit expansions.
enum OptionalGroupExpansion {
    private struct Piece {
        var components: [PatternComponent]
        var isOptional: Bool
    }

    /// Every definition pattern that `pattern` stands for, parsed, in registration order.
    static func expand(_ pattern: String) throws(RoutePatternError) -> [RoutePattern] {
        let pieces = try self.pieces(of: pattern)
        let optionalIndices = pieces.indices.filter { pieces[$0].isOptional }
        let groupCount = optionalIndices.count
        var candidates: [(text: String, components: [PatternComponent], rank: Int)] = []
        candidates.reserveCapacity(1 << groupCount)
        for mask in 0..<(1 << groupCount) {
            // Bit (n-1-k) stands for group k, so a larger mask keeps earlier groups.
            var components: [PatternComponent] = []
            var group = 0
            for piece in pieces {
                if piece.isOptional {
                    defer { group += 1 }
                    guard mask & (1 << (groupCount - 1 - group)) != 0 else { continue }
                }
                components += piece.components
            }
            // The root pattern is one empty segment, as the empty path is.
            if components.isEmpty { components = [PatternComponent(text: "", offset: 0)] }
            let text = "/" + components.map(\.text).joined(separator: "/")
            candidates.append((text, components, mask))
        }
        candidates.sort { $0.text.count != $1.text.count ? $0.text.count > $1.text.count : $0.rank > $1.rank }
        var seen = Set<String>()
        var patterns: [RoutePattern] = []
        for candidate in candidates where seen.insert(candidate.text).inserted {
            let text = groupCount == 0 ? pattern : candidate.text
            patterns.append(try RoutePattern(text: text, components: candidate.components, source: pattern))
        }
        return patterns
    }

    /// Whether the pattern has an optional group at all.
    static func hasGroups(_ pattern: String) -> Bool {
        pattern.contains("(") || pattern.contains(")")
    }

    /// Cuts the pattern into required pieces and optional groups, checking the parentheses.
    private static func pieces(of pattern: String) throws(RoutePatternError) -> [Piece] {
        var pieces: [Piece] = []
        var current = ""
        var currentStart = 0
        var openOffset: Int?
        var groupCount = 0
        func close(optional: Bool) {
            pieces.append(Piece(components: components(of: current, at: currentStart), isOptional: optional))
            current = ""
        }
        for (offset, character) in pattern.enumerated() {
            switch character {
            case "(":
                guard openOffset == nil else {
                    throw RoutePatternError(pattern: pattern, offset: offset, reason: .nestedParenthesis)
                }
                groupCount += 1
                guard groupCount <= Router.maximumOptionalGroups else {
                    throw RoutePatternError(
                        pattern: pattern, offset: offset,
                        reason: .tooManyOptionalGroups(limit: Router.maximumOptionalGroups))
                }
                close(optional: false)
                openOffset = offset
                currentStart = offset + 1
            case ")":
                guard openOffset != nil else {
                    throw RoutePatternError(pattern: pattern, offset: offset, reason: .unopenedParenthesis)
                }
                close(optional: true)
                openOffset = nil
                currentStart = offset + 1
            default:
                current.append(character)
            }
        }
        if let openOffset {
            throw RoutePatternError(pattern: pattern, offset: openOffset, reason: .unclosedParenthesis)
        }
        close(optional: false)
        return pieces.filter { $0.isOptional || !$0.components.isEmpty }
    }

    /// One leading and one trailing `/` removed, then split on `/`; nothing for an empty piece.
    private static func components(of text: String, at start: Int) -> [PatternComponent] {
        var body = Substring(text)
        var offset = start
        if body.hasPrefix("/") {
            body = body.dropFirst()
            offset += 1
        }
        if body.hasSuffix("/") { body = body.dropLast() }
        guard !body.isEmpty else { return [] }
        var result: [PatternComponent] = []
        for part in body.split(separator: "/", omittingEmptySubsequences: false) {
            result.append(PatternComponent(text: String(part), offset: offset))
            offset += part.count + 1
        }
        return result
    }
}
