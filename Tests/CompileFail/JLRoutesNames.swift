// Compile-fail checks, not a test target: `bash Tests/CompileFail/check.sh` type-checks this file
// against the built Routes module with the compiler's -verify mode. Each line must produce
// exactly the error named in its comment: a JLRoutes name typed from memory is an
// error that says what to write, never a scheme table (`router.routeURL` would otherwise be the
// table of the scheme "routeURL").
import Foundation
import Routes

@MainActor func migrating(router: Router, table: RouteTable, url: URL) {
    // expected-error@+1 {{'routeURL' has been renamed to 'route(to:)'}}
    _ = router.routeURL(url)
    // expected-error@+1 {{'routeURL(_:withParameters:)' has been renamed to 'route(to:parameters:)'}}
    _ = router.routeURL(url, withParameters: [:])
    // expected-error@+1 {{'canRouteURL' has been renamed to 'canRoute(to:)'}}
    _ = router.canRouteURL(url)
    // expected-error@+1 {{'globalRoutes' has been renamed to 'default'}}
    _ = router.globalRoutes
    // expected-error@+1 {{'global' has been renamed to 'default'}}
    router.global.add(pattern: "/a")
    // expected-error@+1 {{'routesForScheme' is unavailable: use router[scheme] (or router.myapp) for the table of a scheme}}
    _ = router.routesForScheme("x")
    // expected-error@+1 {{'init(forScheme:)' is unavailable: make one Router() and use router[scheme] for the table of a scheme}}
    _ = Router(forScheme: "x")
    // expected-error@+1 {{'unregisterRouteScheme' has been renamed to 'unregister(scheme:)'}}
    router.unregisterRouteScheme("x")
    // expected-error@+1 {{'unregisterAllRouteSchemes()' has been renamed to 'unregisterAll()'}}
    router.unregisterAllRouteSchemes()
    // expected-error@+1 {{'addRoute(_:handler:)' is unavailable: routes belong to a table: router.default.add(pattern:handler:)}}
    router.addRoute("/a") { _ in true }
    // expected-error@+1 {{'addRoute(_:priority:handler:)' is unavailable: routes belong to a table: router.default.add(pattern:priority:handler:)}}
    router.addRoute("/a", priority: 1) { _ in true }
    // expected-error@+1 {{'addRoutes(_:handler:)' is unavailable: routes belong to a table: router.default.add(patterns:handler:)}}
    router.addRoutes(["/a"]) { _ in true }
    // expected-error@+1 {{'removeRoute' is unavailable: routes belong to a table: router.default.remove(pattern:)}}
    router.removeRoute("/a")
    // expected-error@+1 {{'removeAllRoutes()' is unavailable: routes belong to a table: router.default.removeAll(), or router.unregisterAll() for every table}}
    router.removeAllRoutes()
    // expected-error@+1 {{'shouldFallbackToGlobalRoutes' is unavailable: a setting of each table: router.myapp.shouldFallback}}
    _ = router.shouldFallbackToGlobalRoutes
    // expected-error@+1 {{'unmatchedURLHandler' is unavailable: a setting of each table: router.myapp.unmatchedHandler}}
    _ = router.unmatchedURLHandler
    // expected-error@+1 {{'setVerboseLoggingEnabled' is unavailable: set router.logger = { print($0) }}}
    router.setVerboseLoggingEnabled(true)
    // expected-error@+1 {{'setShouldDecodePlusSymbols' is unavailable: an option of each table: table.options (.decodePlusSymbols)}}
    router.setShouldDecodePlusSymbols(false)
    // expected-error@+1 {{'setAlwaysTreatsHostAsPathComponent' is unavailable: an option of each table: table.options (.treatHostAsPathComponent)}}
    router.setAlwaysTreatsHostAsPathComponent(true)
    // expected-error@+1 {{'addRoute(_:handler:)' has been renamed to 'add(pattern:handler:)'}}
    table.addRoute("/a") { _ in true }
    // expected-error@+1 {{'addRoute(_:priority:handler:)' has been renamed to 'add(pattern:priority:handler:)'}}
    table.addRoute("/a", priority: 1) { _ in true }
    // expected-error@+1 {{'addRoutes(_:handler:)' has been renamed to 'add(patterns:handler:)'}}
    table.addRoutes(["/a"]) { _ in true }
    // expected-error@+1 {{'removeRoute' has been renamed to 'remove(pattern:)'}}
    table.removeRoute("/a")
    // expected-error@+1 {{'removeAllRoutes()' has been renamed to 'removeAll()'}}
    table.removeAllRoutes()
    // expected-error@+1 {{'routeURL' has been renamed to 'route(to:)'}}
    _ = table.routeURL(url)
    // expected-error@+1 {{'canRouteURL' has been renamed to 'canRoute(to:)'}}
    _ = table.canRouteURL(url)
    // expected-error@+1 {{'shouldFallbackToGlobalRoutes' has been renamed to 'shouldFallback'}}
    _ = table.shouldFallbackToGlobalRoutes
    let definition = Definition(pattern: "/d", handler: nil)
    // expected-error@+1 {{'addRoute' is unavailable: routes belong to a table: router.default.add(definition:)}}
    router.addRoute(definition)
    // expected-error@+1 {{'removeRoute' is unavailable: routes belong to a table: router.default.remove(pattern:) or remove(definition:)}}
    router.removeRoute(definition)
    // expected-error@+1 {{'removeRouteWithPattern' is unavailable: routes belong to a table: router.default.remove(pattern:)}}
    router.removeRouteWithPattern("/a")
    // expected-error@+1 {{'allRoutes' is unavailable: each table's routes are its definitions (router.default.definitions); print(router) lists them all}}
    _ = router.allRoutes
    // expected-error@+1 {{'addRoute' has been renamed to 'add(definition:)'}}
    table.addRoute(definition)
    // expected-error@+1 {{'removeRoute' has been renamed to 'remove(definition:)'}}
    table.removeRoute(definition)
    // expected-error@+1 {{'removeRouteWithPattern' has been renamed to 'remove(pattern:)'}}
    table.removeRouteWithPattern("/a")
    // expected-error@+1 {{'routes' has been renamed to 'definitions'}}
    _ = table.routes
    // Assignments, as JLRoutes code writes them, name the replacement too (a get-only stand-in
    // said "cannot assign to property").
    // expected-error@+1 {{'shouldFallbackToGlobalRoutes' has been renamed to 'shouldFallback'}}
    router.myapp.shouldFallbackToGlobalRoutes = true
    // expected-error@+1 {{'unmatchedURLHandler' has been renamed to 'unmatchedHandler'}}
    router.myapp.unmatchedURLHandler = { _, _ in }
    // expected-error@+1 {{'shouldFallbackToGlobalRoutes' has been renamed to 'shouldFallback'}}
    table.shouldFallbackToGlobalRoutes = false
    // expected-error@+1 {{'unmatchedURLHandler' has been renamed to 'unmatchedHandler'}}
    table.unmatchedURLHandler = nil
    // expected-error@+1 {{'routes' has been renamed to 'definitions'}}
    table.routes = []
    // expected-error@+1 {{'shouldFallbackToGlobalRoutes' is unavailable: a setting of each table: router.myapp.shouldFallback}}
    router.shouldFallbackToGlobalRoutes = true
    // expected-error@+1 {{'unmatchedURLHandler' is unavailable: a setting of each table: router.myapp.unmatchedHandler}}
    router.unmatchedURLHandler = { _, _ in }
    // expected-error@+1 {{'globalRoutes' has been renamed to 'default'}}
    router.globalRoutes = table
    // expected-error@+1 {{'global' has been renamed to 'default'}}
    router.global = table
    // expected-error@+1 {{'allRoutes' is unavailable: each table's routes are its definitions (router.default.definitions); print(router) lists them all}}
    router.allRoutes = [:]
    // What still works: a scheme's table by name.
    router.myapp.add(pattern: "/a")
}
