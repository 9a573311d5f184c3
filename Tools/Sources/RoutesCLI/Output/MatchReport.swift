@_spi(Tooling) import Routes

/// The output of `routes match`: readable text, or JSON for scripts.
enum MatchReport {
    /// One block per URL, separated by blank lines:
    ///
    ///     myapp://user/42/posts/likes?sort=new
    ///       matched     /user/:id/posts/:tab
    ///       route       user-posts (line 15): /user/:id/posts(/:tab), priority 0
    ///       table       myapp
    ///       parameters  id = "42"
    ///                   sort = "new"
    ///                   tab = "likes"
    static func text(_ results: [MatchResult]) -> String {
        results.map(block).joined(separator: "\n")
    }

    private static func block(_ result: MatchResult) -> String {
        var lines = [result.url]
        func add(_ label: String, _ value: String) {
            lines.append("  " + label.padding(toLength: 12, withPad: " ", startingAt: 0) + value)
        }
        for candidate in result.declined {
            add("declined", "\(candidate.pattern) (\(place(candidate.route)))")
        }
        guard let match = result.match else {
            add("no match", reason(result.outcome) + explainHint(result))
            return lines.joined(separator: "\n") + "\n"
        }
        add("matched", match.pattern)
        add("route", describe(match.route))
        add("table", match.scheme == Router.defaultScheme ? "\(match.scheme) (global table)" : match.scheme)
        let parameters = match.parameters.sorted { $0.key < $1.key }.map {
            "\($0.key) = \(literal($0.value))"
        }
        add("parameters", parameters.first ?? "(none)")
        for parameter in parameters.dropFirst() { add("", parameter) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `user-posts (line 15): /user/:id/posts(/:tab), priority 0`.
    private static func describe(_ route: RouteEntry) -> String {
        let head = route.name.map { "\($0) (line \(route.location.line))" } ?? "line \(route.location.line)"
        return "\(head): \(route.pattern), priority \(route.priority)" + (route.declines ? ", decline" : "")
    }

    /// `user-posts, line 12`, or `line 12`.
    private static func place(_ route: RouteEntry) -> String {
        (route.name.map { "\($0), " } ?? "") + "line \(route.location.line)"
    }

    private static func reason(_ outcome: MatchResult.Outcome) -> String {
        switch outcome {
        case .matched: return "matched"
        case .notAURL: return "not a URL: routing calls no handler"
        case .noRoute: return "no route matches"
        case .allDeclined: return "every matching route declined"
        }
    }

    private static func explainHint(_ result: MatchResult) -> String {
        guard result.outcome == .noRoute else { return "" }
        return " (see: routes explain '\(result.url.replacingOccurrences(of: "'", with: "'\\''"))')"
    }

    /// A value as a JSON literal: `"42"`, `["a", "b"]`.
    private static func literal(_ value: ParameterValue) -> String {
        switch value {
        case .string(let string): return JSONText.quoted(string)
        case .list(let list): return "[" + list.map(JSONText.quoted).joined(separator: ", ") + "]"
        }
    }

    // MARK: JSON

    /// A JSON array with one object per URL; see `Tools/README.md` for the fields.
    static func json(_ results: [MatchResult]) -> String {
        JSON.array(results.map(json)).rendered() + "\n"
    }

    private static func json(_ result: MatchResult) -> JSON {
        let match = result.match
        return .object([
            ("url", .string(result.url)),
            ("matched", .bool(match != nil)),
            ("reason", JSON(match == nil ? code(result.outcome) : nil)),
            ("pattern", JSON(match?.pattern)),
            ("scheme", JSON(match?.scheme)),
            ("route", match.map { json($0.route) } ?? .null),
            (
                "parameters",
                .object(
                    (match?.parameters ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, json($0.value)) })
            ),
            (
                "declined",
                .array(
                    result.declined.map {
                        .object([("pattern", .string($0.pattern)), ("route", json($0.route))])
                    })
            ),
        ])
    }

    /// `reason` in JSON: `not-a-url`, `no-route`, `all-declined`.
    private static func code(_ outcome: MatchResult.Outcome) -> String {
        switch outcome {
        case .matched: return "matched"
        case .notAURL: return "not-a-url"
        case .noRoute: return "no-route"
        case .allDeclined: return "all-declined"
        }
    }

    private static func json(_ value: ParameterValue) -> JSON {
        switch value {
        case .string(let string): return .string(string)
        case .list(let list): return .array(list.map(JSON.string))
        }
    }

    /// The table-file line of a route.
    private static func json(_ route: RouteEntry) -> JSON {
        .object([
            ("line", .number(route.location.line)),
            ("scheme", JSON(route.scheme)),
            ("pattern", .string(route.pattern)),
            ("priority", .number(route.priority)),
            ("name", JSON(route.name)),
            ("decline", .bool(route.declines)),
        ])
    }
}
