import Routes
@_spi(Tooling) import RoutesTesting

/// Reading a route table file.
///
/// - A line is cut into tokens at whitespace. A token that starts with `#` starts a comment that
///   runs to the end of the line, so `#` is a comment at the start of a line or after whitespace,
///   and part of the token anywhere else (`/docs#/:page`, `name=a#b`).
/// - `@SCHEME SETTING...` sets up a table: `fallback`, `hosts=LIST`, `options=LIST`.
/// - `[SCHEME] redirect FROM TO [priority=N] [name=LABEL]` adds a redirect, `[SCHEME] guard
///   PATTERN refuse|hold` a guard: the line's first token is the keyword, or its second one after
///   a scheme.
/// - Any other line is a route: `[SCHEME] PATTERN [priority=N] [name=LABEL]
///   [declines|may-decline]`. The first token is the scheme when the second one is not an option;
///   without a scheme the route goes to the global table. `decline`, the flag's old name, reads
///   as `declines`, with a warning.
/// - Errors (and warnings) carry the line and the column of the offending character.
extension RouteTableFile {
    /// Parses the text of a table file; problems end up in ``diagnostics``, never thrown.
    static func parse(_ text: String, name: String) -> RouteTableFile {
        var parser = Parser(file: RouteTableFile(name: name))
        // A byte order mark (editors on Windows write one) is not part of the first line.
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        let lines = body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, line) in lines.enumerated() {
            parser.parse(line: line, number: index + 1)
        }
        parser.checkNames()
        parser.file.diagnostics.sort { $0.location < $1.location }
        return parser.file
    }
}

/// A word of a line and the 1-based column where it starts.
private struct Token {
    var text: String
    var column: Int

    /// The flags a route line may end with, and what each says of the route's handler.
    static let decliningFlags: [String: RouteEntry.Declining] = [
        "declines": .always, "may-decline": .may, "decline": .always,
    ]

    /// Whether the token is a route option: a flag of ``decliningFlags``, or `key=value` with a
    /// key of letters, digits, `-` and `_` that starts with a letter (a pattern starts with `/`,
    /// so it never is).
    var isOption: Bool {
        if Token.decliningFlags[text] != nil { return true }
        guard let equals = text.firstIndex(of: "="), let first = text.first, first.isLetter else {
            return false
        }
        return text[..<equals].allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// `(key, value, column of the value)` of a `key=value` token; `nil` for a flag.
    var keyValue: (key: String, value: String, column: Int)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let key = String(text[..<equals])
        let value = String(text[text.index(after: equals)...])
        return (key, value, column + key.count + 1)
    }
}

private struct Parser {
    var file: RouteTableFile
    /// Table settings by scheme key (`ToolSupport.schemeKey`: ASCII case folded; "" for the global table), with
    /// the line that set options.
    private var tableIndex: [String: Int] = [:]
    private var optionsLine: [String: Int] = [:]

    init(file: RouteTableFile) {
        self.file = file
    }

    mutating func parse(line: Substring, number: Int) {
        let tokens = Parser.tokens(of: line)
        guard let first = tokens.first else { return }
        if first.text.hasPrefix("@") {
            parseDirective(tokens, line: number)
        } else if tokens.count > 1, Parser.keywords.contains(tokens[1].text) {
            parsePolicy(keyword: tokens[1], scheme: tokens[0], rest: tokens.dropFirst(2), line: number)
        } else if Parser.keywords.contains(first.text) {
            parsePolicy(keyword: first, scheme: nil, rest: tokens.dropFirst(), line: number)
        } else {
            parseRoute(tokens, line: number)
        }
    }

    /// The words that start a redirect or a guard line (after the scheme, if any).
    private static let keywords: Set<String> = ["redirect", "guard"]

    /// Whitespace-separated tokens, up to a token that starts with `#` (a comment).
    private static func tokens(of line: Substring) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var start = 0
        for (offset, character) in line.enumerated() {
            if character.isWhitespace {
                if !current.isEmpty { tokens.append(Token(text: current, column: start + 1)) }
                current = ""
                continue
            }
            if current.isEmpty {
                if character == "#" { return tokens }
                start = offset
            }
            current.append(character)
        }
        if !current.isEmpty { tokens.append(Token(text: current, column: start + 1)) }
        return tokens
    }

    // MARK: Routes

    private mutating func parseRoute(_ tokens: [Token], line: Int) {
        let usage = "a route line is [SCHEME] PATTERN [priority=N] [name=LABEL] [declines|may-decline]"
        guard !tokens[0].isOption else {
            error("expected a pattern before \"\(tokens[0].text)\"; \(usage)", line, tokens[0].column)
            return
        }
        var positional = [tokens[0]]
        var rest = tokens.dropFirst()
        if let second = rest.first, !second.isOption {
            positional.append(second)
            rest = rest.dropFirst()
        }
        let pattern = positional[positional.count - 1]
        var entry = RouteEntry(
            pattern: pattern.text, location: SourceLocation(line: line, column: pattern.column))
        var isValid = true
        if positional.count == 2 {
            let scheme = positional[0]
            if ToolSupport.isValidScheme(scheme.text) {
                entry.scheme = RouteTableFile.tableScheme(scheme.text)
            } else {
                error(
                    "\"\(scheme.text)\" is not a scheme (letters, digits, '+', '-', '.', starting with a letter); "
                        + usage, line, scheme.column)
                isValid = false
            }
        }
        if !parseOptions(rest, into: &entry, line: line, usage: usage) { isValid = false }
        do {
            _ = try Router.expand(pattern: entry.pattern)
        } catch {
            self.error(error.description, line, pattern.column + error.offset)
            isValid = false
        }
        guard isValid else { return }
        // What the library's lint finds (a pattern that starts with a scheme, say) is reported by
        // `routes lint`, from `Router.lint(mayDecline:)`: the file parser only checks the syntax.
        file.routes.append(entry)
    }

    /// Reads the options into the entry; reports errors and returns `false` when one is wrong.
    private mutating func parseOptions(
        _ tokens: ArraySlice<Token>, into entry: inout RouteEntry, line: Int, usage: String
    ) -> Bool {
        var isValid = true
        var seen: [String: Int] = [:]
        for token in tokens {
            let key = token.keyValue?.key ?? token.text
            if let column = seen[key] {
                error("\(key) is given twice (first at column \(column))", line, token.column)
                isValid = false
                continue
            }
            seen[key] = token.column
            if !parseOption(token, into: &entry, line: line, usage: usage) { isValid = false }
        }
        return isValid
    }

    // MARK: Redirects and guards

    /// `[SCHEME] redirect FROM TO [priority=N] [name=LABEL]` or `[SCHEME] guard PATTERN
    /// refuse|hold`; `rest` follows the keyword.
    private mutating func parsePolicy(keyword: Token, scheme: Token?, rest: ArraySlice<Token>, line: Int) {
        let isRedirect = keyword.text == "redirect"
        let usage =
            isRedirect
            ? "a redirect line is [SCHEME] redirect FROM TO [priority=N] [name=LABEL]"
            : "a guard line is [SCHEME] guard PATTERN refuse|hold"
        var isValid = true
        var tableScheme: String?
        if let scheme {
            if ToolSupport.isValidScheme(scheme.text) {
                tableScheme = RouteTableFile.tableScheme(scheme.text)
            } else {
                error(
                    "\"\(scheme.text)\" is not a scheme (letters, digits, '+', '-', '.', starting with a letter); "
                        + usage, line, scheme.column)
                isValid = false
            }
        }
        let needed = isRedirect ? 2 : 1
        let positional = rest.prefix { !$0.isOption }.prefix(needed)
        guard positional.count == needed else {
            let missing = isRedirect ? (positional.isEmpty ? "FROM and TO" : "TO") : "a pattern"
            let column = (rest.last ?? keyword).column + (rest.last ?? keyword).text.count
            error("expected \(missing); \(usage)", line, column)
            return
        }
        let pattern = positional[positional.startIndex]
        if isRedirect {
            let target = positional[positional.startIndex + 1]
            var entry = RouteEntry(
                scheme: tableScheme, pattern: pattern.text, redirectTarget: target.text,
                location: SourceLocation(line: line, column: pattern.column))
            let options = rest.dropFirst(2)
            if let decline = options.first(where: { Token.decliningFlags[$0.text] != nil }) {
                error(
                    "a redirect does not decline: it always routes its target; \(usage)", line, decline.column
                )
                isValid = false
            }
            if !parseOptions(
                options.filter { Token.decliningFlags[$0.text] == nil }[...], into: &entry, line: line,
                usage: usage)
            {
                isValid = false
            }
            if let problem = Parser.redirectError(from: pattern.text, to: target.text) {
                let column = problem.pattern == target.text ? target.column : pattern.column
                self.error(problem.description, line, column + problem.offset)
                isValid = false
            }
            if isValid { file.routes.append(entry) }
            return
        }
        var decision: GuardEntry.Decision?
        for token in rest.dropFirst() {
            if decision == nil, let value = GuardEntry.Decision(rawValue: token.text) {
                decision = value
            } else {
                error("unexpected \"\(token.text)\"; \(usage)", line, token.column)
                isValid = false
            }
        }
        if decision == nil, isValid {
            error(
                "expected refuse or hold after the pattern; \(usage)", line,
                pattern.column + pattern.text.count)
            isValid = false
        }
        do {
            _ = try Router.expand(pattern: pattern.text)
        } catch {
            self.error(error.description, line, pattern.column + error.offset)
            isValid = false
        }
        guard isValid, let decision else { return }
        file.guards.append(
            GuardEntry(
                scheme: tableScheme, pattern: pattern.text, decision: decision,
                location: SourceLocation(line: line, column: pattern.column)))
    }

    /// What the library says is wrong with a redirect (an invalid `from` or `to`, a `to` that
    /// names a value `from` does not capture), or `nil`.
    private static func redirectError(from: String, to: String) -> RoutePatternError? {
        let router = Router()
        var problem: RoutePatternError?
        router.onInvalidPattern = { problem = problem ?? $0 }
        router.default.addRedirect(from: from, to: to)
        return problem
    }

    /// Reads one option into the entry; reports an error and returns `false` when it is wrong.
    private mutating func parseOption(
        _ token: Token, into entry: inout RouteEntry, line: Int, usage: String
    ) -> Bool {
        guard token.isOption else {
            error("unexpected \"\(token.text)\"; \(usage)", line, token.column)
            return false
        }
        guard let (key, value, column) = token.keyValue else {
            return parseFlag(token, into: &entry, line: line)
        }
        switch key {
        case "priority":
            guard let priority = Int(value) else {
                error(
                    "priority must be an integer, such as priority=10 or priority=-1, not \"\(value)\"", line,
                    column)
                return false
            }
            entry.priority = priority
        case "name":
            guard !value.isEmpty else {
                error("name=LABEL needs a label", line, column)
                return false
            }
            entry.name = value
        default:
            error(
                "unknown option \"\(key)\"; expected priority=N, name=LABEL, declines or may-decline", line,
                token.column)
            return false
        }
        return true
    }

    /// Reads a flag of ``Token/decliningFlags``; reports an error and returns `false` when the
    /// route has one already.
    private mutating func parseFlag(_ token: Token, into entry: inout RouteEntry, line: Int) -> Bool {
        guard let declining = Token.decliningFlags[token.text] else { return false }
        guard entry.declining == .never else {
            let other = entry.declining == .may ? "may-decline" : "declines"
            error(
                "\(token.text) and \(other) exclude each other (a route that always declines may decline too)",
                line, token.column)
            return false
        }
        if token.text == "decline" {
            warning(
                "decline is deprecated: it reads as declines (the handler always declines); write declines, "
                    + "or may-decline for a route that may decline (lint only)",
                SourceLocation(line: line, column: token.column))
        }
        entry.declining = declining
        return true
    }

    // MARK: Directives

    private mutating func parseDirective(_ tokens: [Token], line: Int) {
        let head = tokens[0]
        let written = String(head.text.dropFirst())
        let expected = "expected fallback, hosts=LIST or options=LIST"
        guard ToolSupport.isValidScheme(written) else {
            error(
                written.isEmpty
                    ? "expected a scheme after '@', such as @myapp fallback"
                    : "\"\(written)\" is not a scheme (letters, digits, '+', '-', '.', starting with a letter)",
                line, head.column + 1)
            return
        }
        guard tokens.count > 1 else {
            error("@\(written) sets nothing; \(expected)", line, head.column)
            return
        }
        let scheme = RouteTableFile.tableScheme(written)
        let key = scheme.map(ToolSupport.schemeKey) ?? ""
        let position: Int
        if let existing = tableIndex[key] {
            position = existing
        } else {
            position = file.tables.count
            tableIndex[key] = position
            file.tables.append(
                TableSettings(scheme: scheme, location: SourceLocation(line: line, column: head.column)))
        }
        for token in tokens.dropFirst() {
            if token.text == "fallback" {
                guard scheme != nil else {
                    error("the global table cannot fall back: fallback leads to it", line, token.column)
                    continue
                }
                file.tables[position].fallback = true
                continue
            }
            guard let (name, value, column) = token.keyValue else {
                error("unknown setting \"\(token.text)\"; \(expected)", line, token.column)
                continue
            }
            switch name {
            case "hosts":
                if let hosts = parseHosts(value, line: line, column: column) {
                    var all = file.tables[position].hosts ?? []
                    for host in hosts where !all.contains(host) { all.append(host) }
                    file.tables[position].hosts = all
                }
            case "options":
                if let first = optionsLine[key] {
                    error(
                        "options of \(RouteTableFile.tableName(scheme)) are already set on line \(first)",
                        line, token.column)
                } else if let options = parseOptions(value, line: line, column: column) {
                    file.tables[position].options = options
                    optionsLine[key] = line
                }
            default:
                error("unknown setting \"\(name)\"; \(expected)", line, token.column)
            }
        }
    }

    /// `example.com,*.example.com`: exact names or `*.` and a domain, without scheme, path or port.
    private mutating func parseHosts(_ value: String, line: Int, column: Int) -> [String]? {
        var hosts: [String] = []
        var offset = 0
        for host in value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            defer { offset += host.count + 1 }
            let at = column + offset
            let problem: String?
            if host.isEmpty {
                problem = "empty host in hosts=LIST (hosts are separated by commas, without spaces)"
            } else if host.contains("/") || host.contains(":") {
                problem = "\"\(host)\" is not a host name: write example.com, without scheme, path or port"
            } else if host.contains("*")
                && !(host.hasPrefix("*.") && host.count > 2 && host.dropFirst().allSatisfy { $0 != "*" })
            {
                problem = "\"\(host)\": a wildcard host is '*.' and a domain, such as *.example.com"
            } else {
                problem = nil
            }
            if let problem {
                error(problem, line, at)
                return nil
            }
            hosts.append(host)
        }
        return hosts
    }

    /// `decodePlusSymbols,treatHostAsPathComponent`, or `none`.
    private mutating func parseOptions(_ value: String, line: Int, column: Int) -> RouteOptions? {
        if value == "none" { return [] }
        var options: RouteOptions = []
        var offset = 0
        for name in value.split(separator: ",", omittingEmptySubsequences: false) {
            defer { offset += name.count + 1 }
            switch name {
            case "decodePlusSymbols": options.insert(.decodePlusSymbols)
            case "treatHostAsPathComponent": options.insert(.treatHostAsPathComponent)
            default:
                error(
                    "unknown route option \"\(name)\"; expected decodePlusSymbols, treatHostAsPathComponent or none",
                    line, column + offset)
                return nil
            }
        }
        return options
    }

    // MARK: Checks across lines

    /// Warns about a `name=` used by two routes: the output could not tell them apart.
    mutating func checkNames() {
        var first: [String: RouteEntry] = [:]
        for entry in file.routes {
            guard let name = entry.name else { continue }
            if let earlier = first[name] {
                warning("name \"\(name)\" is also used on line \(earlier.location.line)", entry.location)
            } else {
                first[name] = entry
            }
        }
    }

    private mutating func error(_ message: String, _ line: Int, _ column: Int) {
        file.diagnostics.append(
            Diagnostic(
                severity: .error, file: file.name, location: SourceLocation(line: line, column: column),
                message: message))
    }

    private mutating func warning(_ message: String, _ location: SourceLocation) {
        file.diagnostics.append(
            Diagnostic(severity: .warning, file: file.name, location: location, message: message))
    }
}
