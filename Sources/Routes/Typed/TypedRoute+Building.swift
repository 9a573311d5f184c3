import Foundation

extension Router {
    /// Builds the URL of a ``TypedRoute`` value, whose properties are the pattern's values and
    /// query items.
    ///
    /// The URL is built and checked as ``url(for:scheme:host:parameters:)`` builds and checks
    /// it, then routed back and decoded as the type's handler decodes it: a value that does not
    /// come back (``/RoutesTesting/Routes/Router/roundTrip(_:scheme:host:)`` finds a difference) throws
    /// ``URLBuildingError/Reason/notReadBack(_:)``.
    /// Properties are written as routing reads them back (`Bool` as `true`/`false`, numbers by
    /// their `description`, `UUID`, `URL`, other types as their `encode(to:)` writes them: an enum
    /// by its raw value); `nil` is left out; an array is a repeated query item. A nested value (a
    /// struct, a dictionary) throws ``URLBuildingError/Reason/nestedValue(key:)``.
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
        try TypedBuilding.url(for: route, in: buildingTable(scheme: scheme), scheme: scheme, host: host)
    }

    /// The table a URL of `scheme` is routed in: its table, or the global table.
    package func buildingTable(scheme: String?) -> RouteTable {
        scheme.flatMap(existingTable(forScheme:)) ?? `default`
    }
}

extension RouteTable {
    /// Builds the URL of a ``TypedRoute`` value in this table's scheme, checked against this
    /// table's rules as ``url(for:host:parameters:)`` checks it.
    ///
    /// The value is then read back as ``Router/url(for:scheme:host:)`` reads it: one that does
    /// not come back throws ``URLBuildingError/Reason/notReadBack(_:)``.
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
        try TypedBuilding.url(for: route, in: self, scheme: isGlobal ? nil : scheme, host: host)
    }
}

/// Printing typed routes, and checking that they come back.
package enum TypedBuilding {
    /// The URL builder of `route`'s pattern with its encoded values.
    static func builder<Route: TypedRoute>(for route: Route, scheme: String?, host: String?)
        throws(URLBuildingError) -> URLBuilder
    {
        let parameters = try RouteValueEncoder.parameters(of: route, pattern: Route.pattern)
        var builder = URLBuilder(pattern: Route.pattern, scheme: scheme, host: host, parameters: parameters)
        builder.alwaysReadsBraces = true
        return builder
    }

    /// The URL of `route`, printed and read back in `table`.
    /// - Throws: the error of building it, or ``URLBuildingError/Reason/notReadBack(_:)`` with
    ///   the first difference of its round trip.
    static func url<Route: TypedRoute>(for route: Route, in table: RouteTable, scheme: String?, host: String?)
        throws(URLBuildingError) -> URL
    {
        let trip = try self.trip(route, in: table, scheme: scheme, host: host)
        if let difference = trip.differences.first {
            throw URLBuildingError(pattern: Route.pattern, reason: .notReadBack(difference))
        }
        return trip.url
    }

    /// The round trip of `route` through `table`: what differs, or the error of building it
    /// (`RoutesTesting`'s `roundTrip`).
    package static func roundTrip<Route: TypedRoute>(
        _ route: Route, in table: RouteTable, scheme: String?, host: String?
    ) -> [RoundTripDifference] {
        do {
            return try trip(route, in: table, scheme: scheme, host: host).differences
        } catch {
            return [RoundTripDifference(url: nil, kind: .notBuilt(error))]
        }
    }

    /// Prints `route`, finds the parameters that routing gives the pattern's definition, decodes
    /// them as the type's handler decodes them (``TypedReading``), and compares the texts the
    /// decoded value writes. For an `Equatable` type, a decoded value that is not `==` to `route`
    /// is ``RoundTripDifference/Kind/notEqual``.
    private static func trip<Route: TypedRoute>(
        _ route: Route, in table: RouteTable, scheme: String?, host: String?
    ) throws(URLBuildingError) -> (url: URL, differences: [RoundTripDifference]) {
        let built = try builder(for: route, scheme: scheme, host: host)
            .buildAndRead(in: table, requiringRegistration: true)
        let url = built.url.absoluteString
        guard let received = built.received else { return (built.url, []) }
        let decoded: Route
        do {
            decoded = try TypedReading(of: Route.self, syntax: table.typedSyntax).decode(
                Route.self, from: received)
        } catch {
            return (built.url, [RoundTripDifference(url: url, kind: .notDecoded(String(describing: error)))])
        }
        let given = (try? RouteValueEncoder.parameters(of: route, pattern: Route.pattern)) ?? [:]
        let back = (try? RouteValueEncoder.parameters(of: decoded, pattern: Route.pattern)) ?? [:]
        var differences = changes(from: given, to: back).map {
            RoundTripDifference(
                url: url, kind: .valueChanged(key: $0.key, given: $0.given, decoded: $0.decoded))
        }
        if let route = route as? any Equatable, !isEqual(route, decoded) {
            differences.append(RoundTripDifference(url: url, kind: .notEqual))
        }
        return (built.url, differences)
    }

    /// The properties whose texts differ between two encodings of a value, by key.
    static func changes(from given: [String: Any], to back: [String: Any])
        -> [(key: String, given: [String], decoded: [String])]
    {
        Set(given.keys).union(back.keys).sorted().compactMap { key in
            let before = texts(given[key])
            let after = texts(back[key])
            return before == after ? nil : (key, before, after)
        }
    }

    /// The property a decoding error is about: the first key of its path (or the missing key).
    static func property(of error: any Error) -> String? {
        guard let error = error as? DecodingError else { return nil }
        switch error {
        case .keyNotFound(let key, let context): return (context.codingPath.first ?? key).stringValue
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.codingPath.first?.stringValue
        @unknown default: return nil
        }
    }

    /// A decoding error's own words: its context's description.
    static func message(of error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .dataCorrupted(let context):
            return context.debugDescription
        @unknown default: return String(describing: error)
        }
    }

    /// Whether `other` is a `Value` equal to `value`.
    private static func isEqual<Value: Equatable>(_ value: Value, _ other: Any) -> Bool {
        (other as? Value) == value
    }

    /// The texts of a parameter: its elements, or its one text; none when absent.
    static func texts(_ value: Any?) -> [String] {
        (value as? [String]) ?? (value as? String).map { [$0] } ?? []
    }
}
