// Compile-fail checks, not a test target (see RoutesTestingNames.swift): where RoutesTesting is
// imported, the placeholders in Routes are never chosen, so that a misspelled or missing member of
// a tool's result, or a wrong argument, is reported on the real declaration, never as "import
// RoutesTesting".
// swift-versions: 6 5
import Foundation
import Routes
import RoutesTesting

@MainActor func misspelled(router: Router, map: RouteMap<Int>, file: AppSiteAssociationFile) {
    // expected-error@+1 {{value of type 'RouteExplanation' has no member 'nonexistent'}}
    _ = router.explain("myapp://x").nonexistent
    // expected-error@+1 {{value of type 'RouteExplanation' has no member 'isEmpty'}}
    _ = router.explain("myapp://x").isEmpty
    // expected-error@+1 {{value of type '[RouteLintWarning]' has no member 'nonexistent'}}
    _ = router.lint().nonexistent
    // expected-error@+1 {{value of type 'RouteLintWarning' has no member 'kindd'}}
    _ = router.lint().first?.kindd
    // expected-error@+1 {{value of type 'LinkReport' has no member 'count'}}
    _ = router.check(links: ["myapp://x": .unrouted]).count
    // expected-error@+1 {{value of type 'LaunchReport' has no member 'first'}}
    _ = router.run(script: [.launch(suspended: true)]).first
    // expected-error@+1 {{value of type 'RoundTripReport' has no member 'nonexistent'}}
    _ = router.checkRoundTrips().nonexistent
    // expected-error@+1 {{value of type 'UniversalLinksReport' has no member 'count'}}
    _ = router.checkUniversalLinks(file, hosts: ["example.com"]).count
    // expected-error@+1 {{cannot convert value of type 'Data' to expected argument type 'AppSiteAssociationFile'}}
    _ = map.checkUniversalLinks(Data(), hosts: ["example.com"])
    // What is right still type-checks.
    _ = map.checkUniversalLinks(file, hosts: [], appID: "A.b") { _ in false }.isEmpty
    _ = router.lint().isEmpty && router.check(links: ["myapp://x": .unrouted]).isEmpty
}
