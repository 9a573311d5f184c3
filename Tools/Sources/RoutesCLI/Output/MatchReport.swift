import Routes
@_spi(Tooling) import RoutesTesting

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
        for step in result.steps {
            switch step {
            case .declined(let candidate):
                add("declined", "\(candidate.pattern) (\(place(candidate.route)))")
            case .redirected(let hop):
                let place = hop.route.map { " (\(self.place($0)))" } ?? ""
                add("redirected", "\(hop.pattern)\(place) to \(hop.target)")
            }
        }
        switch result.outcome {
        case .refused(let stop):
            add("refused", "by the guard \(stop.pattern) (\(place(stop)))")
            return lines.joined(separator: "\n") + "\n"
        case .held(let stop):
            add("held", "by the guard \(stop.pattern) (\(place(stop))), until the app calls resume()")
            return lines.joined(separator: "\n") + "\n"
        default:
            break
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
        let declining = [.never: "", .may: ", may decline", .always: ", declines"][route.declining] ?? ""
        return "\(head): \(route.pattern), priority \(route.priority)" + declining
    }

    /// `user-posts, line 12`, or `line 12`.
    private static func place(_ route: RouteEntry) -> String {
        (route.name.map { "\($0), " } ?? "") + "line \(route.location.line)"
    }

    /// `line 12, myapp` for a guard line (`line 12` in the global table).
    private static func place(_ stop: GuardStop) -> String {
        let line = stop.route.map { "line \($0.location.line)" } ?? "not in the file"
        return stop.scheme == Router.defaultScheme ? line : "\(line), \(stop.scheme)"
    }

    private static func reason(_ outcome: MatchResult.Outcome) -> String {
        switch outcome {
        case .matched: return "matched"
        case .notAURL: return "not a URL: routing calls no handler"
        case .noRoute: return "no route matches"
        case .allDeclined: return "every matching route declined"
        case .refused: return "refused by a guard"
        case .held: return "held by a guard"
        case .redirectLimit: return "more than 8 redirects in a row: routing gives up"
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
            ("redirects", .array(result.redirects.map(json))),
            ("guard", guardStop(result.outcome).map(json) ?? .null),
        ])
    }

    /// One redirect followed.
    private static func json(_ hop: RedirectHop) -> JSON {
        .object([
            ("url", .string(hop.url)),
            ("pattern", .string(hop.pattern)),
            ("scheme", .string(hop.scheme)),
            ("to", .string(hop.target)),
            ("line", hop.route.map { .number($0.location.line) } ?? .null),
        ])
    }

    /// The guard that refused or held the URL.
    private static func guardStop(_ outcome: MatchResult.Outcome) -> (GuardStop, String)? {
        switch outcome {
        case .refused(let stop): return (stop, "refuse")
        case .held(let stop): return (stop, "hold")
        default: return nil
        }
    }

    private static func json(_ stop: (GuardStop, String)) -> JSON {
        .object([
            ("pattern", .string(stop.0.pattern)),
            ("scheme", .string(stop.0.scheme)),
            ("decision", .string(stop.1)),
            ("line", stop.0.route.map { .number($0.location.line) } ?? .null),
        ])
    }

    /// `reason` in JSON: `not-a-url`, `no-route`, `all-declined`.
    private static func code(_ outcome: MatchResult.Outcome) -> String {
        switch outcome {
        case .matched: return "matched"
        case .notAURL: return "not-a-url"
        case .noRoute: return "no-route"
        case .allDeclined: return "all-declined"
        case .refused: return "refused"
        case .held: return "held"
        case .redirectLimit: return "redirect-limit"
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
            ("mayDecline", .bool(route.mayDecline)),
        ])
    }
}
