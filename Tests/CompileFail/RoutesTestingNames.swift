// Compile-fail checks, not a test target: `bash Tests/CompileFail/check.sh` type-checks this file
// against the built modules with the compiler's -verify mode, in Swift 6 and Swift 5 mode. In a
// file of a target that does not import RoutesTesting, a tool whose real declaration shadows a
// placeholder in Routes is an error that names the module to import; the others read as a
// scheme's table (`router.explain` is the table of the scheme "explain"), as the RoutesTesting
// article and the CHANGELOG say.
// swift-versions: 6 5
import Foundation
import Routes

struct UserLink: TypedRoute {
    static let pattern = "/user/:id"
    var id: Int
}

func namesTheModule(router: Router, table: RouteTable) throws {
    // expected-error@+1 {{'appSiteAssociation(appIDs:host:declines:)' is unavailable: appSiteAssociation(appIDs:host:declines:) is in RoutesTesting: import RoutesTesting}}
    _ = router.appSiteAssociation(appIDs: ["ABCDE12345.com.example.app"])
    // expected-error@+1 {{'roundTrip(_:scheme:host:)' is unavailable: roundTrip(_:scheme:host:) is in RoutesTesting: import RoutesTesting}}
    _ = router.roundTrip(UserLink(id: 7), scheme: "myapp")
    // expected-error@+1 {{'roundTrip(_:host:)' is unavailable: roundTrip(_:host:) is in RoutesTesting: import RoutesTesting}}
    assert(table.roundTrip(UserLink(id: 7)).isEmpty)
    // expected-error@+1 {{'expand(pattern:)' is unavailable: expand(pattern:) is in RoutesTesting: import RoutesTesting}}
    _ = try Router.expand(pattern: "/a(/b)")
}

func readAsSchemes(router: Router) {
    // expected-error@+1 {{cannot call value of non-function type 'RouteTable'}}
    _ = router.explain("myapp://user/7")
    // expected-error@+1 {{cannot call value of non-function type 'RouteTable'}}
    _ = router.lint()
    // expected-error@+1 {{cannot call value of non-function type 'RouteTable'}}
    _ = router.checkRoundTrips()
    // The kit's types are RoutesTesting's: not found.
    // expected-error@+1 {{cannot find 'AppSiteAssociationFile' in scope}}
    let file = try? AppSiteAssociationFile(json: "{}")
    _ = file
}
