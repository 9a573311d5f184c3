import Routes
import RoutesTesting

/// A file of link cases for `routes test`: one link and the route expected to accept it a line.
///
/// ```text
/// # LINK  EXPECTATION
/// myapp://user/view/42      myapp /user/view/:id
/// /home                     /home
/// myapp://nowhere           unrouted
/// myapp://files/private/a   refused /files/private/*
/// myapp://u/42              redirected myapp://user/42
/// myapp://account/a         held /account/*
/// ```
///
/// Tokens are separated by spaces or tabs; a `#` at the start of a line or after whitespace
/// starts a comment, as in a table file, so a link's fragment (`myapp://docs#/intro`) is read
/// as written.
struct LinkCasesFile {
    /// One case: the link, what routing should do with it, and its line (from 1).
    struct Case {
        let link: String
        let expectation: LinkExpectation<Never>
        let line: Int
    }

    let name: String
    let cases: [Case]

    /// Parses `text`; the first malformed line is an error that names the file, line and column.
    static func parse(_ text: String, name: String) throws(CommandFailure) -> LinkCasesFile {
        var cases: [Case] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let tokens = self.tokens(of: line)
            guard let first = tokens.first else { continue }
            let number = index + 1
            func failure(_ message: String, at column: Int) -> CommandFailure {
                CommandFailure(
                    result: CommandResult(
                        stderr: "\(name):\(number):\(column): error: \(message)\n",
                        status: CommandResult.Status.invalidInput))
            }
            let rest = tokens.dropFirst()
            guard let word = rest.first else {
                throw failure(
                    "'\(first.text)' has no expectation: write a route ([SCHEME] PATTERN), unrouted, "
                        + "held PATTERN, refused PATTERN or redirected URL",
                    at: first.column + first.text.count)
            }
            let words = Array(rest)
            let keywords = ["unrouted": 0, "held": 1, "refused": 1, "redirected": 1]
            if let arguments = keywords[word.text] {
                if words.count > arguments + 1 {
                    let extra = words[arguments + 1]
                    throw failure("unexpected '\(extra.text)' after the expectation", at: extra.column)
                }
                if words.count < arguments + 1 {
                    let needed = word.text == "redirected" ? "the URL it redirects to" : "the guard's pattern"
                    throw failure("'\(word.text)' needs \(needed)", at: word.column + word.text.count)
                }
            }
            let expectation: LinkExpectation<Never>
            switch word.text {
            case "unrouted": expectation = .unrouted
            case "held": expectation = .held(by: words[1].text)
            case "refused": expectation = .refused(by: words[1].text)
            case "redirected": expectation = .redirected(to: words[1].text)
            default:
                if words.count == 1, word.text.hasPrefix("/") {
                    expectation = .route(scheme: Router.defaultScheme, pattern: word.text)
                } else if words.count == 2, words[1].text.hasPrefix("/") {
                    expectation = .route(scheme: word.text, pattern: words[1].text)
                } else {
                    throw failure(
                        "'\(words.map(\.text).joined(separator: " "))' is not an expectation: write a route "
                            + "([SCHEME] PATTERN, the pattern starting with /), unrouted, held PATTERN, "
                            + "refused PATTERN or redirected URL", at: word.column)
                }
            }
            cases.append(Case(link: first.text, expectation: expectation, line: number))
        }
        return LinkCasesFile(name: name, cases: cases)
    }

    /// The tokens of a line before its comment, each with its column (from 1, in characters).
    private static func tokens(of line: Substring) -> [(text: String, column: Int)] {
        var tokens: [(text: String, column: Int)] = []
        var current = ""
        var start = 0
        for (offset, character) in line.enumerated() {
            if character == " " || character == "\t" || character == "\r" {
                if !current.isEmpty { tokens.append((current, start + 1)) }
                current = ""
            } else if character == "#" && current.isEmpty {
                break
            } else {
                if current.isEmpty { start = offset }
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append((current, start + 1)) }
        return tokens
    }
}
