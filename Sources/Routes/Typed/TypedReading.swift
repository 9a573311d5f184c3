/// How routing reads a ``TypedRoute``'s value from a match: ``RouteParameters/decode(_:)``, with
/// each capture's property read from its capture only.
///
/// A pattern's optional groups make expansions with fewer captures. Where the matched expansion
/// lacks a capture, its property has no value, never a query item of its name (the "Typed
/// routes" article, *Handle*): `?tab=tags` gives no `tab` to `/user/{id:int}(/{tab:posts|likes})`,
/// whose constraint refuses `tags`. The handlers, ``Router/url(for:scheme:host:)`` and
/// ``/RoutesTesting/Routes/Router/roundTrip(_:scheme:host:)`` all read through it.
struct TypedReading {
    /// The captures (`{name}`, `{name:*}`) that some expansions of the pattern have and others
    /// lack: most patterns have none.
    let groupCaptures: [String]

    /// The reading of the pattern whose expansions are `expansions`.
    init(expansions: [RoutePattern]) {
        guard expansions.count > 1 else {
            groupCaptures = []
            return
        }
        var names: [String] = []
        var everywhere: Set<String>?
        for expansion in expansions {
            let captured = expansion.parameterNames + (expansion.wildcardName.map { [$0] } ?? [])
            for name in captured where !names.contains(name) { names.append(name) }
            everywhere = everywhere?.intersection(captured) ?? Set(captured)
        }
        groupCaptures = names.filter { everywhere?.contains($0) != true }
    }

    /// The reading of `Route`'s pattern read with `syntax`; an invalid pattern (which registers
    /// nothing) reads as one without groups.
    init<Route: TypedRoute>(of type: Route.Type, syntax: PatternSyntax) {
        self.init(expansions: (try? OptionalGroupExpansion.expand(Route.pattern, syntax: syntax)) ?? [])
    }

    /// The parameters of a match of `Route`'s pattern, decoded as `Route`.
    func decode<Route: TypedRoute>(_ type: Route.Type, from parameters: RouteParameters) throws -> Route {
        // `Route.self`, not a subclass `type` may hold: what routing decodes is a `Route`.
        try parameters.decode(Route.self, groupCaptures: groupCaptures) as! Route
    }
}
