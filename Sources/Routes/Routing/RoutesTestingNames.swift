// The tools' names, called without `import RoutesTesting`, say where the tools are.
//
// explain, lint, the universal-links file, round trips and `Router.expand(pattern:)` are in the
// second product, RoutesTesting, which an app's test target links. `Router` is
// `@dynamicMemberLookup`: without these declarations, `router.explain(url)` in a file that
// imports only Routes reads `explain` as a scheme, and fails with "cannot call value of
// non-function type 'RouteTable'". Each is an error that names the module to import. Where
// RoutesTesting is imported too, its declarations are chosen: the compiler prefers an available
// declaration to an unavailable one, and those of the same signature are shadowed by the module
// that imports this one. They cannot be called, and the documentation hides them. One module
// that holds both (CocoaPods' subspecs) has the real declarations only.

#if !ROUTES_ONE_MODULE
    extension Router {
        /// RoutesTesting's `explain(_:)`.
        @available(*, unavailable, message: "explain(_:) is in RoutesTesting: import RoutesTesting")
        @_documentation(visibility: internal)
        public func explain(_ url: some URLConvertible) -> Never { fatalError() }

        /// RoutesTesting's `lint(mayDecline:)`.
        @available(*, unavailable, message: "lint(mayDecline:) is in RoutesTesting: import RoutesTesting")
        @_documentation(visibility: internal)
        public func lint(mayDecline: (Definition) -> Bool = { _ in false }) -> Never { fatalError() }

        /// RoutesTesting's `appSiteAssociation(appIDs:host:declines:)`.
        @available(
            *, unavailable,
            message: "appSiteAssociation(appIDs:host:declines:) is in RoutesTesting: import RoutesTesting"
        )
        @_documentation(visibility: internal)
        public func appSiteAssociation(
            appIDs: [String], host: String? = nil, declines: (Definition) -> Bool = { _ in false }
        ) -> String { fatalError() }

        /// RoutesTesting's `roundTrip(_:scheme:host:)`.
        @available(
            *, unavailable, message: "roundTrip(_:scheme:host:) is in RoutesTesting: import RoutesTesting"
        )
        @_documentation(visibility: internal)
        public func roundTrip<Route: TypedRoute>(
            _ route: Route, scheme: String? = nil, host: String? = nil
        ) -> [RoundTripDifference] { fatalError() }

        /// RoutesTesting's `expand(pattern:)`.
        @available(*, unavailable, message: "expand(pattern:) is in RoutesTesting: import RoutesTesting")
        @_documentation(visibility: internal)
        public static func expand(pattern: String) throws(RoutePatternError) -> [String] { fatalError() }
    }

    extension RouteTable {
        /// RoutesTesting's `lint(mayDecline:)`.
        @available(*, unavailable, message: "lint(mayDecline:) is in RoutesTesting: import RoutesTesting")
        @_documentation(visibility: internal)
        public func lint(mayDecline: (Definition) -> Bool = { _ in false }) -> Never { fatalError() }

        /// RoutesTesting's `roundTrip(_:host:)`.
        @available(*, unavailable, message: "roundTrip(_:host:) is in RoutesTesting: import RoutesTesting")
        @_documentation(visibility: internal)
        public func roundTrip<Route: TypedRoute>(_ route: Route, host: String? = nil) -> [RoundTripDifference]
        {
            fatalError()
        }
    }
#endif
