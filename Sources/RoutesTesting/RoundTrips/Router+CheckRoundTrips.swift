import Foundation

#if !ROUTES_ONE_MODULE
    import Routes
#endif

extension Router {
    /// Builds a URL for every route from sample values, routes it back and reports each route
    /// that does not come back with the same values.
    ///
    /// For each definition (each expansion of a pattern's optional groups, redirect routes
    /// included), sample values are made from the parsed pattern: a distinct number for a
    /// `:name` or `{name}`, a value each constraint accepts (`{id:int}`, `{on:bool}`,
    /// `{id:uuid}`, a type registered with `addParameterType`), each allowed value of
    /// `{tab:posts|likes}` in turn, two components for a `*`. The URL is built with
    /// ``Routes/RouteTable/url(for:host:parameters:)`` (for a table with hosts, its first),
    /// which routes it in its table and checks that the definition receives the values; then
    /// `explain` says which route routing asks first, which must be the same. No handler or
    /// guard runs. Each value of `typed` is checked with ``Routes/RouteTable/roundTrip(_:host:)``
    /// in each table that registers its pattern. A ``Routes/RouteMap`` is checked the same way:
    /// no value closure runs.
    ///
    /// ```swift
    /// router.myapp.options = [.extendedPatterns]
    /// router.myapp.add(pattern: "/user/{id:int}(/{tab:posts|likes})") { _ in
    ///     true
    /// }
    /// router.myapp.add(pattern: "/post/:slug") { _ in true }
    /// let report = router.checkRoundTrips(typed: [UserLink(id: 7)])
    /// if !report.isEmpty { print(report) }  // in a test: #expect(report.isEmpty)
    /// ```
    /// - Parameters:
    ///   - typed: values of typed routes, each printed, routed back and decoded.
    ///   - samples: values by capture name, used instead of those made: for an app's own
    ///     parameter types, or a value a route needs. A value its constraint refuses is
    ///     reported.
    /// - Returns: every round trip with its URL, and why each that fails does.
    public func checkRoundTrips(typed: [any TypedRoute] = [], samples: [String: String] = [:])
        -> RoundTripReport
    {
        let samples = RouteSamples(given: samples)
        var trips: [RoundTripReport.Trip] = []
        for table in allTables {
            for definition in table.definitions {
                trips += roundTrips(of: definition, in: table, samples: samples)
            }
        }
        for route in typed { trips += roundTrips(of: route) }
        return RoundTripReport(trips: trips)
    }

    /// The round trips of one definition: one for each parameter set of its samples.
    private func roundTrips(of definition: Definition, in table: RouteTable, samples: RouteSamples)
        -> [RoundTripReport.Trip]
    {
        let pattern = definition.pattern
        let sets: [[String: Any]]
        switch samples.parameterSets(for: definition.parsed) {
        case .success(let found): sets = found
        case .failure(let failure):
            return [.init(scheme: table.scheme, pattern: pattern, url: nil, reason: failure.reason)]
        }
        return sets.map { parameters in
            let url: URL
            do {
                url = try table.url(for: pattern, host: Self.sampleHost(of: table), parameters: parameters)
            } catch {
                return .init(scheme: table.scheme, pattern: pattern, url: nil, reason: "\(error)")
            }
            return .init(
                scheme: table.scheme, pattern: pattern, url: url.absoluteString,
                reason: reasonNotBack(url, to: pattern, in: table))
        }
    }

    /// Why `url` routed back does not reach `pattern` of `table` first; `nil` when it does.
    private func reasonNotBack(_ url: URL, to pattern: String, in table: RouteTable) -> String? {
        guard let first = explain(url).entries.first(where: { $0.mismatch == nil }) else {
            return "routed back, no route matches it"
        }
        guard first.scheme.lowercased() != table.scheme.lowercased() || first.pattern != pattern else {
            return nil
        }
        // It takes the URL unless its handler declines: `lint()` reports such overlaps.
        return "routed back, \(first.pattern) in \(LinkReport.name(first.scheme)) is asked first"
    }

    /// The round trips of a typed value, in each table whose definitions hold its pattern.
    private func roundTrips<Route: TypedRoute>(of route: Route) -> [RoundTripReport.Trip] {
        var trips: [RoundTripReport.Trip] = []
        let expansions = Set((try? Router.expand(pattern: Route.pattern)) ?? [Route.pattern])
        for table in allTables where table.definitions.contains(where: { expansions.contains($0.pattern) }) {
            let host = Self.sampleHost(of: table)
            let differences = table.roundTrip(route, host: host)
            let url = (try? table.url(for: route, host: host))?.absoluteString ?? differences.first?.url
            let reason = differences.isEmpty ? nil : differences.map(\.description).joined(separator: "; ")
            trips.append(.init(scheme: table.scheme, pattern: Route.pattern, url: url, reason: reason))
        }
        if trips.isEmpty {
            trips.append(
                .init(
                    scheme: nil, pattern: Route.pattern, url: nil,
                    reason: "\(Route.self): no table registers its pattern"))
        }
        return trips
    }

    /// The host a URL of `table` is built with: its first host, `www` for `*.example.com`;
    /// `nil` for a table that routes any host.
    private static func sampleHost(of table: RouteTable) -> String? {
        guard let host = table.hosts?.first else { return nil }
        return host.hasPrefix("*.") ? "www" + host.dropFirst() : host
    }
}
