// The tools' names whose declarations RoutesTesting shadows, called without
// `import RoutesTesting`, say where the tools are.
//
// explain, lint, the universal-links file, round trips, the test kit and
// `Router.expand(pattern:)` are in the second product, RoutesTesting, which an app's test target
// links. `Router` is `@dynamicMemberLookup`: without a declaration here, `router.explain(url)` in
// a target that does not import RoutesTesting reads `explain` as a scheme, and fails with "cannot
// call value of non-function type 'RouteTable'". A placeholder here is kept only where the real
// declaration has the same signature, so that where RoutesTesting is imported the real one
// shadows it (the module that imports this one wins) and the compiler never chooses the
// placeholder, for right code or wrong: `appSiteAssociation`, the two `roundTrip`s and `expand`,
// whose results are types of this module. A placeholder for a tool whose result is a type of
// RoutesTesting (`explain`, `lint`, the kit's checks) would not be shadowed, and where the real
// call fails (a misspelled member read in a closure, a `.value` of the wrong type) the compiler
// would report the placeholder instead. The placeholders cannot be called, and the documentation
// hides them; each is emitted into the code that calls it, which none can, so the library holds
// neither their code nor their symbols. One module that holds both (CocoaPods' subspecs) has the
// real declarations only.

#if !ROUTES_ONE_MODULE
    extension Router {
        /// RoutesTesting's `appSiteAssociation(appIDs:host:declines:)`.
        @available(
            *, unavailable,
            message: "appSiteAssociation(appIDs:host:declines:) is in RoutesTesting: import RoutesTesting"
        )
        @_documentation(visibility: internal) @_alwaysEmitIntoClient
        public func appSiteAssociation(
            appIDs: [String], host: String? = nil, declines: (Definition) -> Bool = { _ in false }
        ) -> String { fatalError() }

        /// RoutesTesting's `roundTrip(_:scheme:host:)`.
        @available(
            *, unavailable, message: "roundTrip(_:scheme:host:) is in RoutesTesting: import RoutesTesting"
        )
        @_documentation(visibility: internal) @_alwaysEmitIntoClient
        public func roundTrip<Route: TypedRoute>(
            _ route: Route, scheme: String? = nil, host: String? = nil
        ) -> [RoundTripDifference] { fatalError() }

        /// RoutesTesting's `expand(pattern:)`.
        @available(*, unavailable, message: "expand(pattern:) is in RoutesTesting: import RoutesTesting")
        @_documentation(visibility: internal) @_alwaysEmitIntoClient
        public static func expand(pattern: String) throws(RoutePatternError) -> [String] { fatalError() }
    }

    extension RouteTable {
        /// RoutesTesting's `roundTrip(_:host:)`.
        @available(*, unavailable, message: "roundTrip(_:host:) is in RoutesTesting: import RoutesTesting")
        @_documentation(visibility: internal) @_alwaysEmitIntoClient
        public func roundTrip<Route: TypedRoute>(_ route: Route, host: String? = nil) -> [RoundTripDifference]
        {
            fatalError()
        }
    }
#endif
