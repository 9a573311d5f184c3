import Foundation

// JLRoutes' names, typed from memory, point to Routes' own.
//
// `Router` is `@dynamicMemberLookup`: `router.alpha` is the table of the scheme `alpha`. Without
// these declarations, a JLRoutes name would be read as a scheme too: `router.routeURL(url)` fails
// with "cannot call value of non-function type 'RouteTable'", and `router.globalRoutes.add(...)`
// compiles and registers in a table of the scheme "globalRoutes", which routes nothing. Declared
// members win over dynamic member lookup, so each of these names is a compile-time error that
// says what to write instead (with a fix-it where one name replaces another). They cannot be
// called, and the documentation hides them. Each property has a setter, so that an assignment,
// as JLRoutes code writes it (`router.myapp.shouldFallbackToGlobalRoutes = true`), gives that
// error too rather than "cannot assign to property"; a property has the type of the one it names,
// so that a closure assigned to it needs no annotation to reach that error. Each is emitted into
// the code that calls it, which none can: the library holds neither their code nor their symbols.

extension Router {
    /// JLRoutes' `+globalRoutes`: the global table is ``default``.
    @available(*, unavailable, renamed: "default")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public var globalRoutes: RouteTable {
        get { `default` }
        set {}
    }

    /// Not a scheme table: the global table is ``default`` (for a scheme named "global", write
    /// `router["global"]`).
    @available(*, unavailable, renamed: "default")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public var global: RouteTable {
        get { `default` }
        set {}
    }

    /// JLRoutes' `+routesForScheme:`: a router holds every scheme.
    @available(*, unavailable, message: "use router[scheme] (or router.myapp) for the table of a scheme")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func routesForScheme(_ scheme: String) -> RouteTable { self[scheme] }

    /// JLRoutes' `JLRoutes(forScheme:)`: a router holds every scheme.
    @available(*, unavailable, message: "make one Router() and use router[scheme] for the table of a scheme")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public convenience init(forScheme scheme: String) { self.init() }

    /// JLRoutes' `+routeURL:`.
    @available(*, unavailable, renamed: "route(to:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func routeURL(_ url: Any?) -> Bool { false }

    /// JLRoutes' `+routeURL:withParameters:`.
    @available(*, unavailable, renamed: "route(to:parameters:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func routeURL(_ url: Any?, withParameters parameters: [String: Any]?) -> Bool { false }

    /// JLRoutes' `+canRouteURL:`.
    @available(*, unavailable, renamed: "canRoute(to:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func canRouteURL(_ url: Any?) -> Bool { false }

    /// JLRoutes' `+canRouteURL:withParameters:`.
    @available(*, unavailable, renamed: "canRoute(to:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func canRouteURL(_ url: Any?, withParameters parameters: [String: Any]?) -> Bool { false }

    /// JLRoutes' `+unregisterRouteScheme:`.
    @available(*, unavailable, renamed: "unregister(scheme:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func unregisterRouteScheme(_ scheme: String) {}

    /// JLRoutes' `+unregisterAllRouteSchemes`.
    @available(*, unavailable, renamed: "unregisterAll()")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func unregisterAllRouteSchemes() {}

    /// JLRoutes' `+addRoute:handler:` (deprecated there): routes belong to a table.
    @available(*, unavailable, message: "routes belong to a table: router.default.add(pattern:handler:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func addRoute(_ pattern: String, handler: (([String: Any]) -> Bool)? = nil) {}

    /// JLRoutes' `+addRoute:priority:handler:` (deprecated there): routes belong to a table.
    @available(
        *, unavailable, message: "routes belong to a table: router.default.add(pattern:priority:handler:)"
    )
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func addRoute(_ pattern: String, priority: Int, handler: (([String: Any]) -> Bool)? = nil) {}

    /// JLRoutes' `+addRoutes:handler:` (deprecated there): routes belong to a table.
    @available(*, unavailable, message: "routes belong to a table: router.default.add(patterns:handler:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func addRoutes(_ patterns: [String], handler: (([String: Any]) -> Bool)? = nil) {}

    /// JLRoutes' `-addRoute:` (a definition): routes belong to a table.
    @available(*, unavailable, message: "routes belong to a table: router.default.add(definition:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func addRoute(_ definition: Definition) {}

    /// JLRoutes' `removeRoute:` (a pattern, or in JLRoutes 2 a definition): routes belong to a table.
    @available(
        *, unavailable,
        message: "routes belong to a table: router.default.remove(pattern:) or remove(definition:)"
    )
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func removeRoute(_ patternOrDefinition: Any) {}

    /// JLRoutes' `-removeRouteWithPattern:`: routes belong to a table.
    @available(*, unavailable, message: "routes belong to a table: router.default.remove(pattern:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func removeRouteWithPattern(_ pattern: String) {}

    /// JLRoutes' `+allRoutes`.
    @available(
        *, unavailable,
        message:
            "each table's routes are its definitions (router.default.definitions); print(router) lists them all"
    )
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public var allRoutes: [String: [Definition]] {
        get { [:] }
        set {}
    }

    /// JLRoutes' `+removeAllRoutes` (deprecated there): routes belong to a table.
    @available(
        *, unavailable,
        message:
            "routes belong to a table: router.default.removeAll(), or router.unregisterAll() for every table"
    )
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func removeAllRoutes() {}

    /// JLRoutes' `shouldFallbackToGlobalRoutes`: a setting of each table.
    @available(*, unavailable, message: "a setting of each table: router.myapp.shouldFallback")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public var shouldFallbackToGlobalRoutes: Bool {
        get { false }
        set {}
    }

    /// JLRoutes' `unmatchedURLHandler`: a setting of each table.
    @available(*, unavailable, message: "a setting of each table: router.myapp.unmatchedHandler")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public var unmatchedURLHandler: ((URL, [String: Any]) -> Void)? {
        get { nil }
        set {}
    }

    /// JLRoutes' `+setVerboseLoggingEnabled:`.
    @available(*, unavailable, message: "set router.logger = { print($0) }")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func setVerboseLoggingEnabled(_ enabled: Bool) {}

    /// JLRoutes' `+setShouldDecodePlusSymbols:`: an option of each table.
    @available(*, unavailable, message: "an option of each table: table.options (.decodePlusSymbols)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func setShouldDecodePlusSymbols(_ shouldDecode: Bool) {}

    /// JLRoutes' `+setAlwaysTreatsHostAsPathComponent:`: an option of each table.
    @available(
        *, unavailable, message: "an option of each table: table.options (.treatHostAsPathComponent)"
    )
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func setAlwaysTreatsHostAsPathComponent(_ treatsHost: Bool) {}
}

extension RouteTable {
    /// JLRoutes' `-addRoute:handler:`.
    @available(*, unavailable, renamed: "add(pattern:handler:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func addRoute(_ pattern: String, handler: (([String: Any]) -> Bool)? = nil) {}

    /// JLRoutes' `-addRoute:priority:handler:`.
    @available(*, unavailable, renamed: "add(pattern:priority:handler:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func addRoute(_ pattern: String, priority: Int, handler: (([String: Any]) -> Bool)? = nil) {}

    /// JLRoutes' `-addRoutes:handler:`.
    @available(*, unavailable, renamed: "add(patterns:handler:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func addRoutes(_ patterns: [String], handler: (([String: Any]) -> Bool)? = nil) {}

    /// JLRoutes' `-addRoute:` (a definition).
    @available(*, unavailable, renamed: "add(definition:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func addRoute(_ definition: Definition) {}

    /// JLRoutes' `-removeRoute:` (a pattern).
    @available(*, unavailable, renamed: "remove(pattern:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func removeRoute(_ pattern: String) {}

    /// JLRoutes 2's `-removeRoute:` (a definition).
    @available(*, unavailable, renamed: "remove(definition:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func removeRoute(_ definition: Definition) {}

    /// JLRoutes' `-removeRouteWithPattern:`.
    @available(*, unavailable, renamed: "remove(pattern:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func removeRouteWithPattern(_ pattern: String) {}

    /// JLRoutes' `-routes`.
    @available(*, unavailable, renamed: "definitions")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public var routes: [Definition] {
        get { definitions }
        set {}
    }

    /// JLRoutes' `-removeAllRoutes`.
    @available(*, unavailable, renamed: "removeAll()")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func removeAllRoutes() {}

    /// JLRoutes' `-routeURL:`.
    @available(*, unavailable, renamed: "route(to:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func routeURL(_ url: Any?) -> Bool { false }

    /// JLRoutes' `-routeURL:withParameters:`.
    @available(*, unavailable, renamed: "route(to:parameters:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func routeURL(_ url: Any?, withParameters parameters: [String: Any]?) -> Bool { false }

    /// JLRoutes' `-canRouteURL:`.
    @available(*, unavailable, renamed: "canRoute(to:)")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public func canRouteURL(_ url: Any?) -> Bool { false }

    /// JLRoutes' `shouldFallbackToGlobalRoutes`.
    @available(*, unavailable, renamed: "shouldFallback")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public var shouldFallbackToGlobalRoutes: Bool {
        get { shouldFallback }
        set {}
    }

    /// JLRoutes' `unmatchedURLHandler`.
    @available(*, unavailable, renamed: "unmatchedHandler")
    @_documentation(visibility: internal) @_alwaysEmitIntoClient
    public var unmatchedURLHandler: ((URL, [String: Any]) -> Void)? {
        get { unmatchedHandler }
        set {}
    }
}
