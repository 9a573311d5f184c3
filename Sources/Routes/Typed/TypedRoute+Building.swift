import Foundation

extension Router {
    /// Builds the URL of a ``TypedRoute`` value, whose properties are the pattern's values and
    /// query items.
    ///
    /// The URL is built and checked as ``url(for:scheme:host:parameters:)`` builds and checks
    /// it.
    /// Properties are written as the typed accessors read them back (`Bool` as `true`/`false`,
    /// numbers by their `description`, enums by their raw value, `UUID`, `URL`); `nil` is left
    /// out; an array is a repeated query item. A nested value throws
    /// ``URLBuildingError/Reason/nestedValue(key:)``.
    ///
    /// ```swift
    /// let link = UserLink(id: 42, tab: .likes, ref: "mail")
    /// try router.url(for: link, scheme: "myapp")
    /// // myapp://user/42/likes?ref=mail
    /// try router.url(
    ///     for: PhotoLink(name: "sunset"), scheme: "https",
    ///     host: "example.com")
    /// // https://example.com/photos/sunset.jpg
    /// ```
    /// - Parameters:
    ///   - route: the value; its type must be registered in the table routing would choose.
    ///   - scheme: the URL's scheme; `nil` builds a relative URL, which the global table routes.
    ///   - host: a host for universal links; when `nil`, the first segment becomes the host
    ///     when routing reads it back.
    public func url<Route: TypedRoute>(
        for route: Route, scheme: String? = nil, host: String? = nil
    ) throws(URLBuildingError) -> URL {
        try TypedBuilding.builder(for: route, scheme: scheme, host: host)
            .build(in: buildingTable(scheme: scheme), requiringRegistration: true)
    }

    /// What differs when `route` is printed, routed back and decoded: empty when the value comes
    /// back whole.
    ///
    /// The URL is built as ``url(for:scheme:host:)`` builds it, routed without calling any
    /// handler or guard (as URL building checks it), and its parameters are decoded as the
    /// type's handler decodes them. Call it in tests for each link type. A route asked before
    /// the type's (a higher priority, or an earlier registration that covers its pattern) is
    /// not a difference: it takes the URL only if it does not decline; `lint()` reports it.
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

    /// The table a URL of `scheme` is routed in: its table, or the global table.
    private func buildingTable(scheme: String?) -> RouteTable {
        scheme.flatMap(existingTable(forScheme:)) ?? `default`
    }
}

extension RouteTable {
    /// Builds the URL of a ``TypedRoute`` value in this table's scheme, checked against this
    /// table's rules as ``url(for:host:parameters:)`` checks it.
    ///
    /// ```swift
    /// try router.myapp.url(for: UserLink(id: 7))  // myapp://user/7
    /// ```
    /// - Parameters:
    ///   - route: the value; its type must be registered in this table (or in the global table
    ///     it falls back to).
    ///   - host: a host for universal links; when `nil`, the first segment becomes the host
    ///     when routing reads it back.
    public func url<Route: TypedRoute>(for route: Route, host: String? = nil) throws(URLBuildingError) -> URL
    {
        try TypedBuilding.builder(for: route, scheme: isGlobal ? nil : scheme, host: host)
            .build(in: self, requiringRegistration: true)
    }

    /// What differs when `route` is printed in this table, routed back and decoded, as
    /// ``Router/roundTrip(_:scheme:host:)`` finds it.
    ///
    /// ```swift
    /// router.myapp.roundTrip(UserLink(id: 7)).isEmpty  // true
    /// ```
    /// - Returns: the differences, empty when the value comes back whole (and `==`).
    public func roundTrip<Route: TypedRoute>(_ route: Route, host: String? = nil) -> [RoundTripDifference] {
        TypedBuilding.roundTrip(route, in: self, scheme: isGlobal ? nil : scheme, host: host)
    }
}

/// Printing typed routes, and checking that they come back.
enum TypedBuilding {
    /// The URL builder of `route`'s pattern with its encoded values.
    static func builder<Route: TypedRoute>(for route: Route, scheme: String?, host: String?)
        throws(URLBuildingError) -> URLBuilder
    {
        let parameters = try RouteValueEncoder.parameters(of: route, pattern: Route.pattern)
        var builder = URLBuilder(pattern: Route.pattern, scheme: scheme, host: host, parameters: parameters)
        builder.alwaysReadsBraces = true
        return builder
    }

    /// The round trip of `route` through `table`: print, find the parameters that routing gives
    /// the pattern's definition, decode, and compare the texts the decoded value writes.
    /// For an `Equatable` type, a decoded value that is not `==` to `route` is reported as
    /// ``RoundTripDifference/Kind/notEqual``.
    static func roundTrip<Route: TypedRoute>(
        _ route: Route, in table: RouteTable, scheme: String?, host: String?
    ) -> [RoundTripDifference] {
        let built: (url: URL, received: RouteParameters?)
        do {
            built = try builder(for: route, scheme: scheme, host: host)
                .buildAndRead(in: table, requiringRegistration: true)
        } catch {
            return [RoundTripDifference(url: nil, kind: .notBuilt(error))]
        }
        let url = built.url.absoluteString
        guard let received = built.received else { return [] }
        let decoded: Route
        do {
            decoded = try received.decode(Route.self)
        } catch {
            return [RoundTripDifference(url: url, kind: .notDecoded(String(describing: error)))]
        }
        var differences: [RoundTripDifference] = []
        let given = (try? RouteValueEncoder.parameters(of: route, pattern: Route.pattern)) ?? [:]
        let back = (try? RouteValueEncoder.parameters(of: decoded, pattern: Route.pattern)) ?? [:]
        for key in Set(given.keys).union(back.keys).sorted() {
            let before = texts(given[key])
            let after = texts(back[key])
            if before != after {
                differences.append(
                    RoundTripDifference(
                        url: url, kind: .valueChanged(key: key, given: before, decoded: after)))
            }
        }
        if let route = route as? any Equatable, !isEqual(route, decoded) {
            differences.append(RoundTripDifference(url: url, kind: .notEqual))
        }
        return differences
    }

    /// Whether `other` is a `Value` equal to `value`.
    private static func isEqual<Value: Equatable>(_ value: Value, _ other: Any) -> Bool {
        (other as? Value) == value
    }

    private static func texts(_ value: Any?) -> [String] {
        (value as? [String]) ?? (value as? String).map { [$0] } ?? []
    }
}
