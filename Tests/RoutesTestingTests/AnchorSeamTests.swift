import Foundation
import Routes
import RoutesTesting
import Testing

/// The tools on the seams of web anchors (the routing tests are in RoutesTests'
/// `AnchorSeamTests`).
@MainActor @Suite struct AnchorSeamTests {
    /// `/post/{id}#comments` matches no URL in a table with hosts: lint said nothing, and the
    /// universal-links file admitted `https://example.com/post/7#comments` with `/post/*`.
    @Test func aTemplateWithFixedTextAfterAHashIsReportedAndLeftOutOfTheUniversalLinksFile() throws {
        let router = Router()
        router.https.hosts = ["example.com"]
        router.https.options.insert(.extendedPatterns)
        router.https.add(pattern: "/post/{id}#comments") { _ in true }
        #expect(!router.canRoute(to: "https://example.com/post/7#comments"))
        #expect(!router.canRoute(to: "https://example.com/post/7%23comments"))
        #expect(router.https.lint().map(\.kind) == [.fragmentReadAsAnchor])
        let file = try UniversalLinksMatcher(router.appSiteAssociation(appIDs: ["T.a"]))
        #expect(!file.admits("https://example.com/post/7#comments"))
        #expect(!file.admits("https://example.com/post/7"))
    }
}
