#if !ROUTES_ONE_MODULE
    import Routes
#endif

extension Router {
    /// Routes each link of a table on this router and reports the links routed otherwise than
    /// expected, and what no link reached.
    ///
    /// Each link is routed for real, with `route(to:)`, in the table's order: handlers and
    /// guards run as in the app, so the report tells a handler that declines, a guard's
    /// decision and a redirect's target — which `explain` cannot know. A guard that holds a
    /// link leaves it in the router's queue (``Routes/Router/keptURLs``), and a suspended
    /// router keeps it, as routing does. The router's ``Routes/Router/onEvent`` is left as it
    /// is, and receives every event; handlers may set it meanwhile.
    ///
    /// A link is judged by its own routing: its URL and the URLs its redirects send it to.
    /// What its handlers, guards, unmatched handler or observer route meanwhile is not the
    /// link's outcome (it counts for coverage). A link that reaches an `async` handler or guard
    /// is routed as the synchronous `route(to:)` routes it on the caller's isolation: from
    /// `@MainActor` code or an actor, the walk goes on in a task, and the report says so (the
    /// outcome comes after the check: `await route(to:)` it in a test of its own); without an
    /// isolation, the walk stops there and the link is unrouted.
    ///
    /// ```swift
    /// let report = router.check(links: [
    ///     "myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id"),
    ///     "myapp://u/7": .redirected(to: "myapp://user/7"),
    ///     "myapp://account/orders": .held(by: "/account/*"),
    ///     "myapp://nowhere": .unrouted,
    /// ])
    /// if !report.isEmpty { print(report) }  // in a test: #expect(report.isEmpty)
    /// ```
    /// - Parameters:
    ///   - links: each link (a URL's text) and what routing should do with it.
    ///   - isolation: where the links are routed, as by `route(to:)`; the caller's, by default.
    /// - Returns: the mismatches, each with `explain`'s reading of its link, and the routes,
    ///   guards and redirects of every table that no link reached.
    @_disfavoredOverload
    public func check(
        links: KeyValuePairs<String, LinkExpectation<Never>>,
        isolation: isolated (any Actor)? = #isolation
    ) -> LinkReport {
        checkLinks(links.map { ($0.key, $0.value) }, equal: nil) { link, _ in
            .routed(route(to: link, isolation: isolation))
        }
    }

    /// ``check(links:isolation:)`` of a table given as a list (read from a file, say), routed
    /// without isolation.
    func checkLinks(_ links: [(String, LinkExpectation<Never>)]) -> LinkReport {
        checkLinks(links, equal: nil) { link, _ in .routed(route(to: link)) }
    }

    /// Routes each link with `open`, recording what routing does through a tap set over the
    /// router's (the app's ``Routes/Router/onEvent`` stays), and compares each outcome with its
    /// expectation; `equal` compares a map's values (`nil` for a router, which gives none).
    func checkLinks<Value>(
        _ links: [(String, LinkExpectation<Value>)], equal: ((Value, Value) -> Bool)?,
        open: (String, LinkExpectation<Value>) -> LinkOutcome<Value>.Answer
    ) -> LinkReport {
        recording { recorder in
            var mismatches: [LinkReport.Mismatch] = []
            for (link, expected) in links {
                let explanation = explain(link)
                recorder.startLink()
                let answer = open(link, expected)
                let outcome = LinkOutcome(link: link, records: recorder.records, answer: answer, in: self)
                if !outcome.satisfies(expected, equal: equal) {
                    mismatches.append(
                        LinkReport.Mismatch(
                            link: link, expected: expected.description, actual: outcome.description,
                            explanation: explanation))
                }
            }
            return LinkReport(
                links: links.count, mismatches: mismatches, unreached: recorder.coverage.unreached(in: self))
        }
    }
}

extension RouteMap where Value: Equatable {
    /// Opens each link of a table on this map and reports the links answered otherwise than
    /// expected, and what no link reached.
    ///
    /// A link that expects a ``LinkExpectation/stack(_:)`` is opened with
    /// ``Routes/RouteMap/openStack(for:parameters:)``, any other with
    /// ``Routes/RouteMap/open(_:parameters:)``: value closures and guards run as in the app,
    /// and a held link waits in the map's queue, as there. `open(_:)` asks only the guards of
    /// the link itself: a guard that holds a prefix of a stack link holds it under `.stack`
    /// alone (reported as held, which no stack meets). Otherwise as
    /// ``Routes/Router/check(links:isolation:)``.
    ///
    /// ```swift
    /// let report = screens.check(links: [
    ///     "myapp://user/7": .value(.user(7)),
    ///     "myapp://user/7/post/3": .stack([.user(7), .post("3")]),
    ///     "myapp://account": .held(by: "/account(/*)"),
    ///     "myapp://nowhere": .unrouted,
    /// ])
    /// if !report.isEmpty { print(report) }  // in a test: #expect(report.isEmpty)
    /// ```
    /// - Parameter links: each link (a URL's text) and what the map should answer.
    /// - Returns: the mismatches, each with `explain`'s reading of its link, and the routes,
    ///   guards and redirects of every table that no link reached.
    public func check(links: KeyValuePairs<String, LinkExpectation<Value>>) -> LinkReport {
        checkLinks(links.map { ($0.key, $0.value) }, equal: ==) { link, expected in
            if case .stack = expected { return .stack(openStack(for: link)) }
            return .value(open(link))
        }
    }
}
