import Foundation
import Routes
import RoutesTesting
import Testing

/// `checkUniversalLinks`: a file checked against the routes, both ways, with a report that
/// names the route or the entry and an example link.
@MainActor @Suite struct UniversalLinksCheckTests {
    let app = "ABCDE12345.com.example.app"

    func router() -> Router {
        let router = Router()
        router.https.hosts = ["example.com"]
        router.https.options.insert(.extendedPatterns)
        router.https.add(pattern: "/post/:id") { _ in true }
        router.https.add(pattern: "/tab/{tab:posts|likes}") { _ in true }
        router.https.add(pattern: "/settings") { _ in true }
        return router
    }

    func file(_ components: String) throws -> AppSiteAssociationFile {
        try AppSiteAssociationFile(
            json: #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [\#(components)]}]}}"#)
    }

    @Test func theGeneratedFileAgreesWithItsRoutes() throws {
        let router = router()
        router.https.add(pattern: "/docs#/:page") { _ in true }
        router.https.add(pattern: "/user/:id(/:tab)") { _ in true }
        router.https.add(pattern: "/files/*") { _ in true }
        let json = router.appSiteAssociation(appIDs: [app], host: "example.com")
        let report = router.checkUniversalLinks(
            try AppSiteAssociationFile(json: json), hosts: ["example.com"], appID: app)
        #expect(report.isEmpty, "\(report)")
        #expect(report.unchecked.isEmpty, "\(report)")
        #expect(report.description == "the file and the routes agree")
    }

    @Test func routedLinksTheFileDoesNotAdmitAndEntriesNoRouteHandles() throws {
        let file = try file(#"{ "/": "/post/*" }, { "/": "/tab/*" }, { "/": "/shop/*" }"#)
        let report = router().checkUniversalLinks(file, hosts: ["example.com"])
        #expect(report.notAdmitted.map(\.pattern) == ["/settings"])
        #expect(report.notAdmitted.first?.link == "https://example.com/settings")
        #expect(report.notAdmitted.first?.host == "example.com")
        #expect(report.notAdmitted.first?.excludedBy == nil)
        #expect(report.unrouted.map(\.entry.keyPath) == ["applinks.details[0].components[2]"])
        #expect(report.unrouted.first?.link == "https://example.com/shop/1")
        #expect(!report.isEmpty)
        #expect(
            report.description == """
                example.com:
                  routed, not admitted: /settings: https://example.com/settings is not admitted (no entry matches)
                  admitted, not routed: applinks.details[0].components[2] { "/": "/shop/*" } admits \
                https://example.com/shop/1, which no route handles
                """)
    }

    @Test func anExclusionThatDecidesIsNamed() throws {
        let file = try file(#"{ "/": "/settings", "exclude": true }, { "/": "/*" }"#)
        let report = router().checkUniversalLinks(file, hosts: ["example.com"], appID: app)
        #expect(report.notAdmitted.map(\.pattern) == ["/settings"])
        #expect(report.notAdmitted.first?.excludedBy?.keyPath == "applinks.details[0].components[0]")
        #expect(
            report.notAdmitted.first?.description.hasSuffix(#"{ "/": "/settings", "exclude": true })"#)
                == true)
        // `/*` decides for routed links (`/post/1`): it is not reported.
        #expect(report.unrouted.isEmpty)
    }

    @Test func allowedValuesAndVariablesGiveTheSamples() throws {
        let json = """
            {"applinks": {"substitutionVariables": {"tab": ["likes", "nope"]}, "details": [{
              "appIDs": ["\(app)"], "components": [
                { "/": "/tab/$(tab)" }, { "/": "/post/*" }, { "/": "/settings" }, { "/": "/tab/nope" }
              ]}]}}
            """
        let report = router().checkUniversalLinks(
            try AppSiteAssociationFile(json: json), hosts: ["example.com"])
        // The route's sample is its first listed value, `posts`, which `$(tab)` does not admit.
        #expect(report.notAdmitted.map(\.link) == ["https://example.com/tab/posts"])
        // `/tab/nope` is decided by `$(tab)` first: only its own entry's links count.
        #expect(report.unrouted.isEmpty, "\(report)")
    }

    @Test func anotherAppsEntriesAndDecliningRoutesAreLeftOut() throws {
        let json = """
            {"applinks": {"details": [
              { "appIDs": ["OTHER.app"], "components": [{ "/": "/settings" }, { "/": "/shop/*" }] },
              { "appIDs": ["\(app)"], "components": [{ "/": "/post/*" }, { "/": "/tab/*" }] }
            ]}}
            """
        let file = try AppSiteAssociationFile(json: json)
        let report = router().checkUniversalLinks(file, hosts: ["example.com"], appID: app) {
            $0.pattern == "/settings"
        }
        #expect(report.isEmpty, "\(report)")
        let forAnyApp = router().checkUniversalLinks(file, hosts: ["example.com"])
        #expect(forAnyApp.unrouted.map(\.entry.keyPath) == ["applinks.details[0].components[1]"])
    }

    @Test func aRouteWithoutASampleIsUnchecked() throws {
        let router = router()
        router.addParameterType("never") { _ in false }
        router.https.add(pattern: "/v/{id:never}") { _ in true }
        let report = router.checkUniversalLinks(
            try file(#"{ "/": "/post/*" }, { "/": "/tab/*" }, { "/": "/settings" }"#), hosts: ["example.com"])
        #expect(report.isEmpty, "\(report)")
        #expect(report.unchecked.map(\.pattern) == ["/v/{id:never}"])
        #expect(report.description.contains("not checked: /v/{id:never}: no sample link ("))
    }

    @Test func eachHostIsCheckedWithItsTables() throws {
        let router = router()
        router.https.shouldFallback = true
        router.default.add(pattern: "/home") { _ in true }
        let file = try file(#"{ "/": "/post/*" }, { "/": "/tab/*" }, { "/": "/settings" }"#)
        let report = router.checkUniversalLinks(file, hosts: ["example.com", "example.org"])
        // example.org is not in the https table's hosts: only the fallback routes are its.
        #expect(
            report.notAdmitted.map { "\($0.host) \($0.pattern)" } == [
                "example.com /home", "example.org /home",
            ])
        #expect(report.notAdmitted.map(\.link) == ["https://example.com/home", "https://example.org/home"])
        #expect(report.description.contains("example.org:\n  routed, not admitted: /home"))
        // Nor do the https routes handle its links that the file admits.
        #expect(
            report.unrouted.map(\.link) == [
                "https://example.org/post/1", "https://example.org/tab/1", "https://example.org/settings",
            ])
    }
}
