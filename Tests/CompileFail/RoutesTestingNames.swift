// Compile-fail checks, not a test target: `bash Tests/CompileFail/check.sh` type-checks this file
// against the built Routes module with the compiler's -verify mode, in Swift 6 and Swift 5 mode.
// A tool called in a file that imports Routes alone is an error that names the module to import,
// never a scheme table (`router.explain` would otherwise be the table of the scheme "explain").
// swift-versions: 6 5
import Foundation
import Routes

struct UserLink: TypedRoute {
    static let pattern = "/user/:id"
    var id: Int
}

func testing(router: Router, table: RouteTable) throws {
    // The universal-links file's type is RoutesTesting's: not found, which is the one error; the
    // check that reads it is not read as the scheme "checkUniversalLinks".
    // expected-error@+1 {{cannot find 'AppSiteAssociationFile' in scope}}
    let file = try AppSiteAssociationFile(json: "{}")
    _ = router.checkUniversalLinks(file, hosts: ["example.com"])
    // A value of another type: the placeholder's parameter type names the module.
    // expected-error@+1 {{cannot convert value of type 'String' to expected argument type 'MovedToRoutesTesting'}}
    _ = router.checkUniversalLinks("{}", hosts: ["example.com"])
    // expected-error@+1 {{'explain' is unavailable: explain(_:) is in RoutesTesting: import RoutesTesting}}
    _ = router.explain("myapp://user/7")
    // expected-error@+1 {{'lint(mayDecline:)' is unavailable: lint(mayDecline:) is in RoutesTesting: import RoutesTesting}}
    _ = router.lint()
    // expected-error@+1 {{'lint(mayDecline:)' is unavailable: lint(mayDecline:) is in RoutesTesting: import RoutesTesting}}
    _ = table.lint { _ in true }
    // expected-error@+1 {{'appSiteAssociation(appIDs:host:declines:)' is unavailable: appSiteAssociation(appIDs:host:declines:) is in RoutesTesting: import RoutesTesting}}
    _ = router.appSiteAssociation(appIDs: ["ABCDE12345.com.example.app"])
    // expected-error@+1 {{'roundTrip(_:scheme:host:)' is unavailable: roundTrip(_:scheme:host:) is in RoutesTesting: import RoutesTesting}}
    _ = router.roundTrip(UserLink(id: 7), scheme: "myapp")
    // expected-error@+1 {{'roundTrip(_:host:)' is unavailable: roundTrip(_:host:) is in RoutesTesting: import RoutesTesting}}
    _ = table.roundTrip(UserLink(id: 7))
    // expected-error@+1 {{'check(links:)' is unavailable: check(links:) is in RoutesTesting: import RoutesTesting}}
    _ = router.check(links: ["myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id")])
    // expected-error@+1 {{value of type 'MovedToRoutesTesting' has no member 'isEmpty'}}
    assert(router.check(links: ["myapp://nowhere": .unrouted, "myapp://a": .held(by: "/a")]).isEmpty)
    // expected-error@+1 {{'run(script:)' is unavailable: run(script:) is in RoutesTesting: import RoutesTesting}}
    _ = router.run(script: [.launch(suspended: true), .open("myapp://a", expect: .kept), .signIn {}])
    // expected-error@+1 {{value of type 'MovedToRoutesTesting' has no member 'isEmpty'}}
    assert(router.run(script: [.uiReady(expect: ["myapp://a": .unrouted]), .waiting([])]).isEmpty)
    // expected-error@+1 {{'checkRoundTrips(typed:samples:)' is unavailable: checkRoundTrips(typed:samples:) is in RoutesTesting: import RoutesTesting}}
    _ = router.checkRoundTrips(typed: [UserLink(id: 7)])
    // expected-error@+1 {{value of type 'MovedToRoutesTesting' has no member 'isEmpty'}}
    assert(router.checkRoundTrips().isEmpty)
    // expected-error@+1 {{'expand(pattern:)' is unavailable: expand(pattern:) is in RoutesTesting: import RoutesTesting}}
    _ = try Router.expand(pattern: "/a(/b)")
}

// A moved tool's result read further names the placeholder's type, and so the module to import
// (where RoutesTesting is imported, the same misspelled member is reported on the real result:
// WithRoutesTesting.swift). These are the forms tests write.
func readingFurther(router: Router, table: RouteTable) {
    // expected-error@+1 {{value of type 'MovedToRoutesTesting' has no member 'isEmpty'}}
    assert(router.lint().isEmpty)
    // expected-error@+1 {{value of type 'MovedToRoutesTesting' has no member 'count'}}
    _ = table.lint().count
    // expected-error@+2 {{value of type 'MovedToRoutesTesting' has no member 'map'}}
    // expected-error@+1 {{cannot infer key path type from context; consider explicitly specifying a root type}}
    _ = router.lint().map(\.kind)
    // expected-error@+1 {{for-in loop requires 'MovedToRoutesTesting' to conform to 'Sequence'}}
    for warning in router.lint() { _ = warning.message }
    // expected-error@+1 {{value of type 'MovedToRoutesTesting' has no member 'entries'}}
    _ = router.explain("myapp://user/7").entries.first
    // expected-error@+1 {{value of type 'MovedToRoutesTesting' has no member 'description'}}
    print(router.explain("myapp://user/7").description)
    // expected-error@+2 {{value of type 'MovedToRoutesTesting' has no member 'isEmpty'}}
    // expected-error@+1 {{cannot convert value of type 'Data' to expected argument type 'MovedToRoutesTesting'}}
    _ = router.checkUniversalLinks(Data(), hosts: []).isEmpty
}
