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
    /// router keeps it, as routing does. The router's ``Routes/Router/onEvent`` still receives
    /// every event; the check observes them meanwhile. A link that reaches an `async`
    /// handler or guard is routed as the synchronous `route(to:)` routes it.
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
    /// - Parameter links: each link (a URL's text) and what routing should do with it.
    /// - Returns: the mismatches, each with `explain`'s reading of its link, and the routes,
    ///   guards and redirects of every table that no link reached.
    @_disfavoredOverload
    public func check(links: KeyValuePairs<String, LinkExpectation<Never>>) -> LinkReport {
        checkLinks(links.map { ($0.key, $0.value) })
    }

    /// ``check(links:)`` of a table given as a list (read from a file, say).
    func checkLinks(_ links: [(String, LinkExpectation<Never>)]) -> LinkReport {
        checkLinks(links, equal: nil) { link, _ in
            _ = route(to: link)
            return nil
        }
    }

    /// Routes each link with `open`, observing the events, and compares each outcome with its
    /// expectation; `equal` compares a map's values (`nil` for a router, which gives none).
    func checkLinks<Value>(
        _ links: [(String, LinkExpectation<Value>)], equal: ((Value, Value) -> Bool)?,
        open: (String, LinkExpectation<Value>) -> LinkOutcome<Value>.Answer?
    ) -> LinkReport {
        recordingEvents { recorder in checkLinks(links, equal: equal, recorder: recorder, open: open) }
    }

    private func checkLinks<Value>(
        _ links: [(String, LinkExpectation<Value>)], equal: ((Value, Value) -> Bool)?,
        recorder: EventRecorder, open: (String, LinkExpectation<Value>) -> LinkOutcome<Value>.Answer?
    ) -> LinkReport {
        var mismatches: [LinkReport.Mismatch] = []
        var coverage = LinkCoverage()
        for (link, expected) in links {
            let explanation = explain(link)
            recorder.events = []
            let answer = open(link, expected)
            let outcome = LinkOutcome(events: recorder.events, answer: answer)
            coverage.record(outcome.events, link: link, explanation: explanation, in: self)
            if !outcome.satisfies(expected, equal: equal) {
                mismatches.append(
                    LinkReport.Mismatch(
                        link: link, expected: expected.description, actual: outcome.description,
                        explanation: explanation))
            }
        }
        return LinkReport(links: links.count, mismatches: mismatches, unreached: coverage.unreached(in: self))
    }
}

extension RouteMap where Value: Equatable {
    /// Opens each link of a table on this map and reports the links answered otherwise than
    /// expected, and what no link reached.
    ///
    /// A link that expects a ``LinkExpectation/stack(_:)`` is opened with
    /// ``Routes/RouteMap/openStack(for:parameters:)``, any other with
    /// ``Routes/RouteMap/open(_:parameters:)``: value closures and guards run as in the app,
    /// and a held link waits in the map's queue, as there. Otherwise as
    /// ``Routes/Router/check(links:)``.
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
