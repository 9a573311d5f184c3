/// Seeded random patterns and URLs for comparing the index with the linear reference
/// (RoutesTests' `DifferentialTests`) and lint's comparisons of patterns with matching
/// (RoutesTestingTests' `LintTests`).
enum DifferentialCorpus {
    // Capitals and escaped capitals: a host segment matches literals ignoring ASCII case, a path
    // segment does not.
    static let literals = ["a", "b", "c", "a b", "é", "user#", "x+y", "", "A"]
    static let urlSegments = [
        "a", "b", "c", "", "a%20b", "%61", "%C3%A9", "x+y", "x%2By", "d", "a%2Fb", "%ZZ", "A", "%41",
        "B",
    ]

    /// Segments of extended patterns (`.extendedPatterns`); `#` stands for a fresh name.
    static let bracedSegments = [
        "{#}", "{#:int}", "{#:uint}", "{#:double}", "{#:bool}", "{#:a|b|a b}", "{#}.x", "v{#:int}.{#:int}",
        "{#}-{#}", "x{#}", "{#:int}#", "{#}b",
    ]
    /// URL segments that some templates take and others refuse.
    static let bracedURLSegments = [
        "7", "-3", "%37", "+5", "1.5", "yes", "a.x", "x.x.x", "v1.2", "v1.x", "a-b", "a-", "-b", "xa", "x",
        "ab", "bb", "a%20b", "a+b", ".x", "%2D-b", "a%2D-", "v%31.2", "%62b", "x%2Ex.x",
    ]

    static func randomPattern(using generator: inout SeededGenerator, braces: Bool = false) -> String {
        var text = ""
        var parameter = 0
        var groups = 0
        var hasWildcard = false
        for index in 0..<Int.random(in: 0...4, using: &generator) {
            var segment: String
            if braces, !hasWildcard, Int.random(in: 0..<6, using: &generator) == 0 {
                // A `*` anywhere, once.
                hasWildcard = true
                text += Bool.random(using: &generator) ? "/*" : "/{w:*}"
                continue
            }
            if braces, Int.random(in: 0..<2, using: &generator) == 0 {
                segment = ""
                for character in bracedSegments.randomElement(using: &generator)! {
                    if character == "#", segment.last != "}" {
                        segment += "p\(parameter)"
                        parameter += 1
                    } else {
                        segment.append(character)
                    }
                }
                if groups < 2, Int.random(in: 0..<5, using: &generator) == 0 {
                    groups += 1
                    text += "(/\(segment))"
                } else {
                    text += "/" + segment
                }
                continue
            }
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5: segment = literals.randomElement(using: &generator)!
            case 5..<8:
                segment = ":p\(parameter)"
                parameter += 1
            case 8: segment = index == 0 ? ":" : "c"
            default: segment = "b#"
            }
            if groups < 2, Int.random(in: 0..<5, using: &generator) == 0 {
                groups += 1
                text += "(/\(segment))"
            } else {
                text += "/" + segment
            }
        }
        if !hasWildcard, Int.random(in: 0..<4, using: &generator) == 0 {
            text += braces && Bool.random(using: &generator) ? "/{rest:*}" : "/*"
        }
        return text
    }

    static func randomURL(using generator: inout SeededGenerator, braces: Bool = false) -> String {
        let scheme = ["myapp", "alpha", "ALPHA", "beta"].randomElement(using: &generator)!
        var url = scheme + "://"
        if Bool.random(using: &generator) { url += "example.com" }
        for index in 0..<Int.random(in: 0...4, using: &generator) {
            if index > 0 || url.hasSuffix(".com") { url += "/" }
            url +=
                braces && Bool.random(using: &generator)
                ? bracedURLSegments.randomElement(using: &generator)!
                : urlSegments.randomElement(using: &generator)!
        }
        if Int.random(in: 0..<3, using: &generator) == 0 { url += "?p0=q&x=1&x=2&flag" }
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: url += "#/b"
        case 1: url += "#p1=f&y=2"
        case 2: url += "#"
        default: break
        }
        return url
    }
}
