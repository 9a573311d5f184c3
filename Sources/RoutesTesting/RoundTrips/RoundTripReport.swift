#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// What ``Routes/Router/checkRoundTrips(typed:samples:)`` found: each route's sample URL, and
/// whether it comes back.
///
/// Its description is a failure message that names each route that does not come back, with
/// the URL and the reason. In Swift Testing, `#expect(report.isEmpty, "\(report)")`; in
/// XCTest, `XCTAssertTrue(report.isEmpty, report.description)`.
///
/// ```swift
/// let report = router.checkRoundTrips()
/// if !report.isEmpty { print(report) }
/// ```
public struct RoundTripReport: CustomStringConvertible {
    /// One round trip: a route, the URL built for it and, when it does not come back, why.
    ///
    /// ```swift
    /// for trip in report.failures {
    ///     print(trip.pattern, trip.reason ?? "")
    /// }
    /// ```
    public struct Trip: CustomStringConvertible {
        /// The scheme of the route's table (``Routes/Router/defaultScheme`` for the global
        /// table); `nil` for a typed value whose pattern no table registers.
        ///
        /// ```swift
        /// trip.scheme  // "myapp"
        /// ```
        public let scheme: String?
        /// The route's pattern: a definition's (one expansion of its optional groups), or a
        /// typed route's `pattern`.
        ///
        /// ```swift
        /// trip.pattern  // "/user/{id:int}"
        /// ```
        public let pattern: String
        /// The URL built for the route, when one was.
        ///
        /// ```swift
        /// trip.url  // "myapp://user/1"
        /// ```
        public let url: String?
        /// Why the route does not come back; `nil` when it does.
        ///
        /// ```swift
        /// trip.reason  // "routed back to /user/new in myapp first"
        /// ```
        public let reason: String?

        /// The route, its table and its URL, then the reason, indented.
        ///
        /// ```swift
        /// print(trip)
        /// // /user/{id:int} in myapp: myapp://user/1
        /// ```
        public var description: String {
            let table = scheme.map(LinkReport.name) ?? "no table"
            let head = "\(pattern) in \(table): \(url ?? "no URL")"
            return reason.map { head + "\n  " + $0 } ?? head
        }
    }

    /// Every round trip, table by table (global first) in routing order, then the typed values.
    ///
    /// ```swift
    /// report.trips.compactMap(\.url)  // ["myapp://user/1", ...]
    /// ```
    public let trips: [Trip]

    /// The round trips that do not come back to their route with their values.
    ///
    /// ```swift
    /// report.failures.map(\.pattern)  // ["/user/{id:color}"]
    /// ```
    public var failures: [Trip] { trips.filter { $0.reason != nil } }

    /// Whether every route comes back.
    ///
    /// ```swift
    /// assert(report.isEmpty, "\(report)")  // in a test: #expect
    /// ```
    public var isEmpty: Bool { trips.allSatisfy { $0.reason == nil } }

    /// The report for people: the count, then each round trip that fails.
    ///
    /// ```swift
    /// print(report)
    /// // 1 of 6 round trips fails:
    /// // /user/new in myapp: myapp://user/new
    /// // ...
    /// ```
    public var description: String {
        let failures = failures
        let count = trips.count
        let head: String
        switch failures.count {
        case 0:
            head = "\(count) round trip\(count == 1 ? "" : "s"): each comes back to its route with its values"
        case 1: head = "1 of \(count) round trips fails:"
        default: head = "\(failures.count) of \(count) round trips fail:"
        }
        return ([head] + failures.map(\.description)).joined(separator: "\n")
    }
}
