#if !ROUTES_ONE_MODULE
    import Routes
#endif

extension Router {
    /// What differs when `route` is printed, routed back and decoded: empty when the value comes
    /// back whole.
    ///
    /// The URL is built as ``Routes/Router/url(for:scheme:host:)`` builds it, routed without
    /// calling any handler or guard (as URL building checks it), and its parameters are decoded
    /// as the type's handler decodes them. Call it in tests for each link type. A route asked
    /// before the type's (a higher priority, or an earlier registration that covers its pattern)
    /// is not a difference: it takes the URL only if it does not decline; `lint()` reports it.
    ///
    /// ```swift
    /// // In a test: #expect(differences.isEmpty)
    /// let link = UserLink(id: 42, tab: nil, ref: "a b+c")
    /// let differences = router.roundTrip(link, scheme: "myapp")
    /// assert(differences.isEmpty, "\(differences)")
    /// ```
    /// - Returns: the differences: the URL building error, a decoding error, each property
    ///   whose text changed, and for an `Equatable` type a value read back that is not `==`.
    public func roundTrip<Route: TypedRoute>(
        _ route: Route, scheme: String? = nil, host: String? = nil
    ) -> [RoundTripDifference] {
        TypedBuilding.roundTrip(route, in: buildingTable(scheme: scheme), scheme: scheme, host: host)
    }
}

extension RouteTable {
    /// What differs when `route` is printed in this table, routed back and decoded, as
    /// ``Routes/Router/roundTrip(_:scheme:host:)`` finds it.
    ///
    /// ```swift
    /// router.myapp.roundTrip(UserLink(id: 7)).isEmpty  // true
    /// ```
    /// - Returns: the differences, empty when the value comes back whole (and `==`).
    public func roundTrip<Route: TypedRoute>(_ route: Route, host: String? = nil) -> [RoundTripDifference] {
        TypedBuilding.roundTrip(route, in: self, scheme: isGlobal ? nil : scheme, host: host)
    }
}
