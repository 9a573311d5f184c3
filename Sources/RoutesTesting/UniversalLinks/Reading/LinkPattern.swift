/// A pattern of an `apple-app-site-association` file, compiled: `*` matches any run of
/// characters (`/` included, none too), `?` one character, `$(name)` any one of a substitution
/// variable's values (each a pattern of its own, without variables), and any other character
/// itself.
///
/// Matching follows every way the pattern can read the text at once (the text positions each
/// token may end at), so it costs about the pattern's length times the text's, whatever the
/// `*`s and variables.
struct LinkPattern: Sendable, Equatable {
    indirect enum Token: Sendable, Equatable {
        case character(Unicode.Scalar)
        case anyCharacter
        case anyRun
        case oneOf([[Token]])
    }

    let tokens: [Token]
    /// The tokens in the case the pattern is written, for samples.
    let written: [Token]

    /// A query item's name (lowercased when case is ignored) and the pattern of its value.
    struct QueryItem: Sendable, Equatable {
        var name: String
        var value: LinkPattern
    }

    /// A variable that the pattern names and the file does not define.
    struct UnknownVariable: Error {
        var name: String
    }

    /// Compiles `text`. A `$(name)` whose name `variables` gives is that variable; other text,
    /// an unclosed `$(` included, is literal. Without case sensitivity, letters are compared
    /// lowercased (the text must then be lowercased too).
    ///
    /// - Throws: `UnknownVariable` for a `$(name)` that no variable has.
    init(_ text: String, variables: [String: [String]], caseSensitive: Bool) throws(UnknownVariable) {
        let scalars = Array(text.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        while index < scalars.count {
            if scalars[index] == "$", index + 1 < scalars.count, scalars[index + 1] == "(",
                let close = scalars[(index + 2)...].firstIndex(of: ")")
            {
                var name = String.UnicodeScalarView()
                name.append(contentsOf: scalars[(index + 2)..<close])
                guard let values = variables[String(name)] else { throw UnknownVariable(name: String(name)) }
                tokens.append(.oneOf(values.map(Self.plainTokens)))
                index = close + 1
                continue
            }
            tokens += Self.plainTokens(String(scalars[index]))
            index += 1
        }
        written = tokens
        self.tokens = caseSensitive ? tokens : Self.lowercased(tokens)
    }

    /// The tokens of a text without variables.
    private static func plainTokens(_ text: String) -> [Token] {
        text.unicodeScalars.map { scalar in
            switch scalar {
            case "*": return .anyRun
            case "?": return .anyCharacter
            default: return .character(scalar)
            }
        }
    }

    /// The tokens with their characters lowercased (one may become several).
    private static func lowercased(_ tokens: [Token]) -> [Token] {
        tokens.flatMap { token -> [Token] in
            switch token {
            case .character(let scalar):
                return String(scalar).lowercased().unicodeScalars.map(Token.character)
            case .oneOf(let alternatives): return [.oneOf(alternatives.map(lowercased))]
            case .anyCharacter, .anyRun: return [token]
            }
        }
    }

    /// A text the pattern matches, in the case it is written: `run` for each `*` (`leadingRun`
    /// for one that starts the pattern), `character` for each `?`, a variable's first value.
    func sample(run: String, character: String, leadingRun: String? = nil) -> String {
        func text(_ tokens: [Token]) -> String {
            tokens.map { token in
                switch token {
                case .character(let scalar): return String(scalar)
                case .anyCharacter: return character
                case .anyRun: return run
                case .oneOf(let alternatives): return alternatives.first.map(text) ?? ""
                }
            }.joined()
        }
        guard let leadingRun, written.first == .anyRun else { return text(written) }
        return leadingRun + text(Array(written.dropFirst()))
    }

    /// Whether the pattern matches the whole text.
    func matches(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var start = [Bool](repeating: false, count: scalars.count + 1)
        start[0] = true
        return Self.ends(of: tokens, from: start, in: scalars)[scalars.count]
    }

    /// The text positions at which `tokens` can end, having started at any of `start`'s.
    private static func ends(of tokens: [Token], from start: [Bool], in text: [Unicode.Scalar]) -> [Bool] {
        var current = start
        for token in tokens {
            var next = [Bool](repeating: false, count: current.count)
            switch token {
            case .character(let scalar):
                for index in text.indices where current[index] && text[index] == scalar {
                    next[index + 1] = true
                }
            case .anyCharacter:
                for index in text.indices where current[index] { next[index + 1] = true }
            case .anyRun:
                var reached = false
                for index in current.indices {
                    reached = reached || current[index]
                    next[index] = reached
                }
            case .oneOf(let alternatives):
                for alternative in alternatives {
                    for (index, ends) in ends(of: alternative, from: current, in: text).enumerated()
                    where ends {
                        next[index] = true
                    }
                }
            }
            guard next.contains(true) else { return next }
            current = next
        }
        return current
    }
}
