// The tools' names, called without `import RoutesTesting`, say where the tools are.
//
// explain, lint, the universal-links file, round trips and `Router.expand(pattern:)` are in the
// second product, RoutesTesting, which an app's test target links. `Router` is
// `@dynamicMemberLookup`: without these declarations, `router.explain(url)` in a file that
// imports only Routes reads `explain` as a scheme, and fails with "cannot call value of
// non-function type 'RouteTable'". Each is an error that names the module to import. Where
// RoutesTesting is imported too, its declarations are chosen: the compiler prefers an available
// declaration to an unavailable one, and those of the same signature are shadowed by the module
// that imports this one. They cannot be called, and the documentation hides them; each is emitted
// into the code that calls it, which none can, so the library holds neither their code nor
// their symbols. One module that holds both (CocoaPods' subspecs) has the real declarations
// only.
//
// `explain`, `lint`, `check(links:)`, `run(script:)`, `checkRoundTrips` and `checkUniversalLinks`
// give a ``MovedToRoutesTesting``, which has no members: where RoutesTesting is imported, a
// misspelled or missing member of the result then fails on the placeholder too, and the compiler
// reports it on the real result ("value of type 'RouteExplanation' has no member …"), never as
// the tool's unavailability; without the import, a result read further
// (`router.lint().isEmpty`) is "value of type 'MovedToRoutesTesting' has no member 'isEmpty'",
// which still names the module.

#if !ROUTES_ONE_MODULE
    extension Router {
        /// RoutesTesting's `explain(_:)`.
        @available(*, unavailable, message: "explain(_:) is in RoutesTesting: import RoutesTesting")
        @_documentation(visibility: internal) @_alwaysEmitIntoClient
        public func explain(_ url: some URLConvertible) -> MovedToRoutesTesting { fatalError() }

        /// RoutesTesting's `lint(mayDecline:)`.
        @available(*, unavailable, message: "lint(mayDecline:) is in RoutesTesting: import RoutesTesting")
        @_documentation(visibility: internal) @_alwaysEmitIntoClient
        public func lint(mayDecline: (Definition) -> Bool = { _ in false }) -> MovedToRoutesTesting {
            fatalError()
        }

        /// RoutesTesting's `appSiteAssociation(appIDs:host:declines:)`.
        @available(
            *, unavailable,
            message: "appSiteAssociation(appIDs:host:declines:) is in RoutesTesting: import RoutesTesting"
        )
        @_documentation(visibility: internal) @_alwaysEmitIntoClient
        public func appSiteAssociation(
            appIDs: [String], host: String? = nil, declines: (Definition) -> Bool = { _ in false }
        ) -> String { fatalError() }

        /// RoutesTesting's `checkUniversalLinks(_:hosts:appID:declines:)`. Without the import,
        /// the file's type (`AppSiteAssociationFile`) is not found either, which is then the one
        /// error, and the call is not read as a scheme's table; a value of another type is
        /// "cannot convert … to 'MovedToRoutesTesting'".
        @available(
            *, unavailable,
            message: "checkUniversalLinks(_:hosts:appID:declines:) is in RoutesTesting: import RoutesTesting"
        )
        @_documentation(visibility: internal) @_alwaysEmitIntoClient
        public func checkUniversalLinks(
            _ file: MovedToRoutesTesting, hosts: [String], appID: String? = nil,
            declines: (Definition) -> Bool = { _ in false }
        ) -> MovedToRoutesTesting { fatalError() }

        /// RoutesTesting's `roundTrip(_:scheme:host:)`.
        @available(
            *, unavailable, message: "roundTrip(_:scheme:host:) is in RoutesTesting: import RoutesTesting"
        )
        @_documentation(visibility: internal) @_alwaysEmitIntoClient
        public func roundTrip<Route: TypedRoute>(
            _ route: Route, scheme: String? = nil, host: String? = nil
        ) -> [RoundTripDifference] { fatalError() }

        /// RoutesTesting's `check(links:)`.
        @available(*, unavailable, message: "check(links:) is in RoutesTesting: import RoutesTesting")
        @_documentation(visibility: internal) @_alwaysEmitIntoClient
        public func check(links: KeyValuePairs<String, MovedToRoutesTesting>) -> MovedToRoutesTesting {
            fatalError()
        }

        /// RoutesTesting's `run(script:)`.
        @available(*, unavailable, message: "run(script:) is in RoutesTesting: import RoutesTesting")
        @_documentation(visibility: internal) @_alwaysEmitIntoClient
        public func run(script: [MovedToRoutesTesting]) -> MovedToRoutesTesting { fatalError() }

        /// RoutesTesting's `checkRoundTrips(typed:samples:)`.
        @available(
            *, unavailable,
            message: "checkRoundTrips(typed:samples:) is in RoutesTesting: import RoutesTesting"
        )
        @_documentation(visibility: internal) @_alwaysEmitIntoClient
        public func checkRoundTrips(typed: [any TypedRoute] = [], samples: [String: String] = [:])
            -> MovedToRoutesTesting
        { fatalError() }

        /// RoutesTesting's `expand(pattern:)`.
        @available(*, unavailable, message: "expand(pattern:) is in RoutesTesting: import RoutesTesting")
        @_documentation(visibility: internal) @_alwaysEmitIntoClient
        public static func expand(pattern: String) throws(RoutePatternError) -> [String] { fatalError() }
    }

    /// What a moved tool's name gives without `import RoutesTesting`: a value with no members
    /// (a member read from it names this type, and so the module to import), and the static
    /// forms of the kit's expectations and launch steps, so that a link table or a script
    /// type-checks and its call reports the module to import.
    @available(*, unavailable, message: "import RoutesTesting")
    @_documentation(visibility: internal)
    public struct MovedToRoutesTesting {
        // The expectations of a link table (`LinkExpectation`), so that the table type-checks
        // and `check(links:)` reports the module to import.

        /// `LinkExpectation.route(scheme:pattern:)`.
        @_alwaysEmitIntoClient public static func route(scheme: String, pattern: String) -> Self {
            fatalError()
        }
        /// `LinkExpectation.unrouted`.
        @_alwaysEmitIntoClient public static var unrouted: Self { fatalError() }
        /// `LinkExpectation.held(by:)`.
        @_alwaysEmitIntoClient public static func held(by pattern: String) -> Self { fatalError() }
        /// `LinkExpectation.refused(by:)`.
        @_alwaysEmitIntoClient public static func refused(by pattern: String) -> Self { fatalError() }
        /// `LinkExpectation.redirected(to:)`.
        @_alwaysEmitIntoClient public static func redirected(to url: String) -> Self { fatalError() }
        /// `LinkExpectation.value(_:)`.
        @_alwaysEmitIntoClient public static func value(_ value: Any) -> Self { fatalError() }
        /// `LinkExpectation.stack(_:)`.
        @_alwaysEmitIntoClient public static func stack(_ values: [Any]) -> Self { fatalError() }
        /// `LinkExpectation.kept`.
        @_alwaysEmitIntoClient public static var kept: Self { fatalError() }
        /// `LinkExpectation.dropped`.
        @_alwaysEmitIntoClient public static var dropped: Self { fatalError() }

        // The steps of a launch script (`LaunchStep`), so that the script type-checks and
        // `run(script:)` reports the module to import.

        /// `LaunchStep.launch(suspended:keepingAtMost:)`.
        @_alwaysEmitIntoClient public static func launch(suspended: Bool, keepingAtMost: Int = 16) -> Self {
            fatalError()
        }
        /// `LaunchStep.open(_:expect:)`.
        @_alwaysEmitIntoClient public static func open(_ link: String, expect: Self) -> Self { fatalError() }
        /// `LaunchStep.openStack(_:expect:)`.
        @_alwaysEmitIntoClient public static func openStack(_ link: String, expect: Self) -> Self {
            fatalError()
        }
        /// `LaunchStep.uiReady(expect:)`.
        @_alwaysEmitIntoClient public static func uiReady(expect: KeyValuePairs<String, Self> = [:]) -> Self {
            fatalError()
        }
        /// `LaunchStep.signIn(expect:_:)`.
        @_alwaysEmitIntoClient public static func signIn(
            expect: KeyValuePairs<String, Self> = [:], _ signIn: () -> Void
        ) -> Self {
            fatalError()
        }
        /// `LaunchStep.signOut(dropping:_:)`.
        @_alwaysEmitIntoClient public static func signOut(dropping: [String] = [], _ signOut: () -> Void)
            -> Self
        { fatalError() }
        /// `LaunchStep.waiting(_:)`.
        @_alwaysEmitIntoClient public static func waiting(_ links: [String]) -> Self { fatalError() }
    }

    extension RouteTable {
        /// RoutesTesting's `lint(mayDecline:)`.
        @available(*, unavailable, message: "lint(mayDecline:) is in RoutesTesting: import RoutesTesting")
        @_documentation(visibility: internal) @_alwaysEmitIntoClient
        public func lint(mayDecline: (Definition) -> Bool = { _ in false }) -> MovedToRoutesTesting {
            fatalError()
        }

        /// RoutesTesting's `roundTrip(_:host:)`.
        @available(*, unavailable, message: "roundTrip(_:host:) is in RoutesTesting: import RoutesTesting")
        @_documentation(visibility: internal) @_alwaysEmitIntoClient
        public func roundTrip<Route: TypedRoute>(_ route: Route, host: String? = nil) -> [RoundTripDifference]
        {
            fatalError()
        }
    }
#endif
