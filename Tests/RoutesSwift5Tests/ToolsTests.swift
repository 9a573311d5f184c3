import Foundation
import Routes
import RoutesTesting
import Testing

/// An app's test target in Swift 5 mode calls the tools: with RoutesTesting imported, its
/// declarations are chosen over the unavailable names that Routes declares for a file that
/// imports Routes alone (`RoutesTestingNames.swift`), with no ambiguity.
@Suite struct ToolsTests {
    struct UserLink: TypedRoute, Equatable {
        static let pattern = "/user/:id"
        var id: Int
    }

    @Test func theToolsAnswerInSwift5Mode() throws {
        let router = Router()
        router.myapp.add(pattern: "/user/:id") { _ in true }
        router.myapp.add(pattern: "/user/:name") { _ in true }
        router.https.add(UserLink.self) { _ in true }
        #expect(router.explain("myapp://user/7").entries.map(\.mismatch) == [nil, nil])
        #expect(router.lint().map(\.kind) == [.parameterNamesOnly])
        #expect(router.myapp.lint().map(\.kind) == [.parameterNamesOnly])
        #expect(router.appSiteAssociation(appIDs: ["T.a"]).contains(#"{ "/": "/user/*" }"#))
        #expect(router.roundTrip(UserLink(id: 7), scheme: "https", host: "example.com") == [])
        #expect(router.https.roundTrip(UserLink(id: 7), host: "example.com") == [])
        #expect(try Router.expand(pattern: "/a(/b)") == ["/a/b", "/a"])
    }
}
