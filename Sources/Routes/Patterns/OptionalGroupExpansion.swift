/// Expansion of optional groups: `/the(/foo/:a)(/bar/:b)` registers four definitions,
/// `/the/foo/:a/bar/:b`, `/the/foo/:a`, `/the/bar/:b`, `/the` (the "Routing rules" article,
/// *Optional groups*).
///
/// The pattern is cut into pieces: required text and `( ... )` groups (which do not nest). Each
/// piece loses one leading and one trailing `/` and is split into components; an expansion keeps
/// every required piece and a subset of the groups, and reads `/` + its components joined by `/`.
/// Expansions are ordered longest first, counting UTF-16 code units as JLRoutes' sort on
/// `NSString.length` does; ties keep the combination with earlier groups first; identical
/// expansions appear once.
///
/// With n groups there are 2^n combinations, so n is capped at `Router.maximumOptionalGroups` (10):
/// the work is then linear in the pattern's length times at most 2^limit expansions.
package enum OptionalGroupExpansion {
    private struct Piece {
        var components: [PatternComponent]
        var isOptional: Bool
    }

    /// Every definition pattern that `pattern` stands for, parsed, in registration order.
    package static func expand(_ pattern: String, syntax: PatternSyntax = .plain) throws(RoutePatternError)
        -> [RoutePattern]
    {
        if !hasGroups(pattern) {
            // The common case: one definition, the pattern as written.
            return [
                try RoutePattern(
                    text: pattern, components: PatternText.components(of: pattern), source: pattern,
                    syntax: syntax)
            ]
        }
        let pieces = try self.pieces(of: pattern)
        let groupCount = pieces.filter(\.isOptional).count
        // The length is in UTF-16 code units, as JLRoutes' `NSString.length`.
        var candidates: [(text: String, length: Int, components: [PatternComponent])] = []
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
            // Pieces have no leading or trailing "/", so the text never ends in "/" and reads back
            // as the same segments.
            let text = "/" + components.map(\.text).joined(separator: "/")
            candidates.append((text, text.utf16.count, components))
        }
        // Longest first; among equal lengths, the larger mask (earlier groups kept) first. Taken
        // one length at a time, a pass over the candidates each (there are no more lengths than
        // candidates, nor than the pattern has characters), rather than with a sort of the
        // standard library's specialized for these tuples.
        var seen = Set<String>()
        var patterns: [RoutePattern] = []
        var shorterThan = Int.max
        while let length = candidates.lazy.map(\.length).filter({ $0 < shorterThan }).max() {
            shorterThan = length
            for candidate in candidates.reversed()
            where candidate.length == length && seen.insert(candidate.text).inserted {
                patterns.append(
                    try RoutePattern(
                        text: candidate.text, components: candidate.components, source: pattern,
                        syntax: syntax))
            }
        }
        return patterns
    }

    /// The pattern of a ``Definition``, which may not have optional groups: a parenthesis is
    /// ``RoutePatternError/Reason/optionalGroupInDefinition`` at its offset.
    static func parseWithoutGroups(_ pattern: String, syntax: PatternSyntax = .plain)
        throws(RoutePatternError)
        -> RoutePattern
    {
        if let offset = pattern.utf8.firstIndex(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") })
        {
            throw RoutePatternError(
                pattern: pattern,
                utf8Offset: pattern.utf8.distance(from: pattern.utf8.startIndex, to: offset),
                reason: .optionalGroupInDefinition)
        }
        return try RoutePattern(
            text: pattern, components: PatternText.components(of: pattern), source: pattern, syntax: syntax)
    }

    /// Whether the pattern has an optional group (or a stray parenthesis) at all.
    static func hasGroups(_ pattern: String) -> Bool {
        pattern.utf8.contains { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }
    }

    /// Cuts the pattern into required pieces and optional groups, checking the parentheses.
    /// Offsets are UTF-8 offsets (parentheses and `/` are ASCII).
    private static func pieces(of pattern: String) throws(RoutePatternError) -> [Piece] {
        var pieces: [Piece] = []
        let utf8 = pattern.utf8
        var pieceStart = utf8.startIndex
        var openOffset: Int?
        var groupCount = 0
        var offset = 0
        for index in utf8.indices {
            defer { offset += 1 }
            let byte = utf8[index]
            guard byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") else { continue }
            let piece = pattern[pieceStart..<index]
            let pieceOffset = offset - piece.utf8.count
            if byte == UInt8(ascii: "(") {
                guard openOffset == nil else {
                    throw RoutePatternError(pattern: pattern, utf8Offset: offset, reason: .nestedParenthesis)
                }
                groupCount += 1
                guard groupCount <= Router.maximumOptionalGroups else {
                    throw RoutePatternError(
                        pattern: pattern, utf8Offset: offset,
                        reason: .tooManyOptionalGroups(limit: Router.maximumOptionalGroups))
                }
                pieces.append(
                    Piece(components: components(ofPiece: piece, at: pieceOffset), isOptional: false))
                openOffset = offset
            } else {
                guard openOffset != nil else {
                    throw RoutePatternError(
                        pattern: pattern, utf8Offset: offset, reason: .unopenedParenthesis)
                }
                pieces.append(
                    Piece(components: components(ofPiece: piece, at: pieceOffset), isOptional: true))
                openOffset = nil
            }
            pieceStart = utf8.index(after: index)
        }
        if let openOffset {
            throw RoutePatternError(pattern: pattern, utf8Offset: openOffset, reason: .unclosedParenthesis)
        }
        let last = pattern[pieceStart...]
        pieces.append(
            Piece(components: components(ofPiece: last, at: offset - last.utf8.count), isOptional: false))
        return pieces.filter { $0.isOptional || !$0.components.isEmpty }
    }

    /// A piece of a pattern with optional groups: every leading and trailing `/` removed (as
    /// JLRoutes writes expansions), then split on `/`; nothing for a piece of slashes only.
    private static func components(ofPiece piece: Substring, at start: Int) -> [PatternComponent] {
        let body = piece.drop { $0 == "/" }
        let trimmed = body[..<(body.lastIndex { $0 != "/" }.map(body.index(after:)) ?? body.startIndex)]
        return PatternText.components(
            of: trimmed, at: start + piece.utf8.count - body.utf8.count, rootIsEmpty: true)
    }
}
