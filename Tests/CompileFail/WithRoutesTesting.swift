// Compile-fail checks, not a test target (see RoutesTestingNames.swift): where RoutesTesting is
// imported, no placeholder in Routes is ever chosen, so that wrong code is reported on the real
// declarations and their types, never as "import RoutesTesting".
// swift-versions: 6 5
import Foundation
import Routes
import RoutesTesting

struct UserLink: TypedRoute {
    static let pattern = "/user/:id"
    var id: Int
}

@MainActor func misspelled(router: Router, map: RouteMap<Int>, file: AppSiteAssociationFile) throws {
    // expected-error@+1 {{value of type 'RouteExplanation' has no member 'nonexistent'}}
    _ = router.explain("myapp://x").nonexistent
    // expected-error@+1 {{value of type '[RouteLintWarning]' has no member 'nonexistent'}}
    _ = router.lint().nonexistent
    // expected-error@+1 {{value of type 'RouteLintWarning' has no member 'kindd'}}
    _ = router.lint().map(\.kindd)
    // expected-error@+1 {{value of type 'RouteLintWarning' has no member 'kindd'}}
    _ = router.lint().first?.kindd
    // expected-error@+1 {{value of type 'LinkReport' has no member 'count'}}
    _ = router.check(links: ["myapp://x": .unrouted]).count
    // expected-error@+1 {{cannot convert value of type 'String' to expected argument type 'Int'}}
    _ = map.check(links: ["myapp://a": .value("seven")])
    // expected-error@+1 {{value of type 'LaunchReport' has no member 'first'}}
    _ = router.run(script: [.launch(suspended: true)]).first
    // expected-error@+1 {{value of type 'RoundTripReport' has no member 'nonexistent'}}
    _ = router.checkRoundTrips().nonexistent
    // expected-error@+1 {{value of type 'UniversalLinksReport' has no member 'count'}}
    _ = router.checkUniversalLinks(file, hosts: ["example.com"]).count
    // expected-error@+1 {{cannot convert value of type 'Data' to expected argument type 'AppSiteAssociationFile'}}
    _ = map.checkUniversalLinks(Data(), hosts: ["example.com"])
    // The shadowed names: wrong code is reported on the real declaration.
    // expected-error@+1 {{value of type 'RoundTripDifference' has no member 'kindd'}}
    _ = router.roundTrip(UserLink(id: 7)).map(\.kindd)
    // expected-error@+1 {{cannot convert value of type 'Int' to expected argument type '[String]'}}
    _ = router.appSiteAssociation(appIDs: 5)
    // What is right type-checks.
    _ = map.checkUniversalLinks(file, hosts: [], appID: "A.b") { _ in false }.isEmpty
    _ = router.lint().isEmpty && router.check(links: ["myapp://x": .unrouted]).isEmpty
    _ =
        try Router.expand(pattern: "/a(/b)")
        + router.default.roundTrip(UserLink(id: 7)).map(\.kind).map { "\($0)" }
}
