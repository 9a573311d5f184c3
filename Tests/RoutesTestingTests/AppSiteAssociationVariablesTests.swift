import Foundation
import Testing

@testable import Routes
@testable import RoutesTesting

/// `appSiteAssociation`'s substitution variables: a template that lists its values gives
/// `$(name)` and the variable, which both Apple's matching (the reference matcher) and
/// `AppSiteAssociationFile` read.
@Suite struct AppSiteAssociationVariablesTests {
    let appID = "ABCDE12345.com.example.app"

    func router(_ patterns: String...) -> Router {
        let router = Router()
        router.https.options.insert(.extendedPatterns)
        for pattern in patterns { router.https.add(pattern: pattern) { _ in true } }
        return router
    }

    @Test func listedValuesBecomeASubstitutionVariable() {
        let json = router("/user/:id/{tab:posts|likes}").appSiteAssociation(appIDs: [appID])
        #expect(
            json == """
                {
                  "applinks": {
                    "substitutionVariables": {
                      "tab": ["posts", "likes"]
                    },
                    "details": [
                      {
                        "appIDs": ["ABCDE12345.com.example.app"],
                        "components": [
                          { "/": "/user/*", "#": "*/$(tab)*" },
                          { "/": "/user/*/$(tab)" }
                        ]
                      }
                    ]
                  }
                }

                """)
    }

    @Test func theFileAdmitsTheListedValuesOnly() throws {
        let router = router("/tab/{tab:posts|likes}", "/v/{v:caf\u{e9}|a b}/:id")
        let json = router.appSiteAssociation(appIDs: [appID])
        let file = try AppSiteAssociationFile(json: json)
        let reference = try UniversalLinksMatcher(json)
        for link in [
            "https://example.com/tab/posts", "https://example.com/tab/likes",
            "https://example.com/v/caf%C3%A9/7",
            "https://example.com/v/a%20b/7",
        ] {
            #expect(router.route(to: link), "\(link)")
            #expect(file.admits(URL(string: link)!), "\(link)")
            #expect(reference.admits(link), "\(link)")
        }
        for link in [
            "https://example.com/tab/other", "https://example.com/tab/Posts", "https://example.com/v/x/7",
        ] {
            #expect(!router.route(to: link), "\(link)")
            #expect(!file.admits(URL(string: link)!), "\(link)")
            #expect(!reference.admits(link), "\(link)")
        }
        #expect(router.checkUniversalLinks(file, hosts: ["example.com"]).isEmpty)
    }

    @Test func namesAreKeptApartAndFromThePredefinedOnes() {
        let json = router("/a/{tab:posts|likes}", "/b/{tab:x|y}", "/c/{tab:posts|likes}", "/d/{lang:en|fr}")
            .appSiteAssociation(appIDs: [appID])
        #expect(
            json.contains(
                """
                    "substitutionVariables": {
                      "tab": ["posts", "likes"],
                      "tab2": ["x", "y"],
                      "lang2": ["en", "fr"]
                    },
                """))
        #expect(json.contains(#"{ "/": "/b/$(tab2)" }"#))
        #expect(json.contains(#"{ "/": "/c/$(tab)" }"#))
        #expect(json.contains(#"{ "/": "/d/$(lang2)" }"#))
    }

    @Test func aTemplateWithoutListedValuesStaysAStar() {
        let json = router("/post/{id:int}", "/img/{name}.jpg").appSiteAssociation(appIDs: [appID])
        #expect(!json.contains("substitutionVariables"))
        #expect(json.contains(#"{ "/": "/post/*" }"#))
        #expect(json.contains(#"{ "/": "/img/*" }"#))
    }

    @Test func aLiteralDollarParenthesisIsNoVariable() throws {
        // A literal is compared decoded: `%28` and `%29` are its parentheses.
        let router = router("/$%28x%29")
        let json = router.appSiteAssociation(appIDs: [appID])
        #expect(json.contains(#"{ "/": "/?(x)" }"#))
        #expect(try AppSiteAssociationFile(json: json).admits(URL(string: "https://example.com/$(x)")!))
    }
}
