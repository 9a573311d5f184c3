import Foundation
import RoutesTesting
import Testing

/// `AppSiteAssociationFile`: reading a file and matching URLs as Apple documents it. Each
/// test of an example from Apple's documentation cites its page.
@Suite struct AppSiteAssociationFileTests {
    let app = "ABCDE12345.com.example.app"

    func url(_ text: String) -> URL { URL(string: text)! }

    /// The key path of the entry that decides, or "none".
    func decider(_ file: AppSiteAssociationFile, _ link: String) -> String {
        file.decidingEntry(for: url(link))?.keyPath ?? "none"
    }

    // https://developer.apple.com/documentation/bundleresources/applinks
    // https://developer.apple.com/documentation/xcode/supporting-associated-domains
    @Test func applinksExample() throws {
        let file = try AppSiteAssociationFile(
            json: """
                {
                  "applinks": {
                    "details": [{
                      "appIDs": [ "ABCDE12345.com.example.app", "ABCDE12345.com.example.app2" ],
                      "components": [
                        { "#": "no_universal_links", "exclude": true,
                          "comment": "Matches any URL whose fragment equals no_universal_links" },
                        { "/": "/buy/*", "comment": "Matches any URL whose path starts with /buy/" },
                        { "/": "/help/website/*", "exclude": true },
                        { "/": "/help/*", "?": { "articleNumber": "????" } }
                      ]
                    }]
                  },
                  "webcredentials": { "apps": [ "ABCDE12345.com.example.app" ] },
                  "appclips": { "apps": [ "ABCED12345.com.example.MyApp.Clip" ] }
                }
                """)
        #expect(file.entries.count == 4)
        #expect(file.entries[1].comment == "Matches any URL whose path starts with /buy/")
        #expect(file.entries[0].appIDs == [app, "ABCDE12345.com.example.app2"])
        #expect(file.admits(url("https://example.com/buy/shoes")))
        #expect(file.admits(url("https://example.com/buy/shoes"), appID: "ABCDE12345.com.example.app2"))
        #expect(!file.admits(url("https://example.com/buy/shoes"), appID: "ABCDE12345.com.other"))
        #expect(!file.admits(url("https://example.com/buy/shoes#no_universal_links")))
        #expect(
            decider(file, "https://example.com/buy/shoes#no_universal_links")
                == "applinks.details[0].components[0]")
        #expect(!file.admits(url("https://example.com/sell/shoes")))
        #expect(!file.admits(url("https://example.com/help/website/faq?articleNumber=1234")))
        #expect(decider(file, "https://example.com/help/website/faq") == "applinks.details[0].components[2]")
        #expect(file.admits(url("https://example.com/help/phone?articleNumber=1234")))
        #expect(!file.admits(url("https://example.com/help/phone?articleNumber=123")))
        #expect(!file.admits(url("https://example.com/help/phone")))
        #expect(file.admits(url("https://example.com/help/phone?lang=en&articleNumber=abcd")))
    }

    // https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary
    @Test func detailsExampleIgnoresCaseByDefault() throws {
        let file = try AppSiteAssociationFile(
            json: """
                {"applinks": {"details": [{
                  "appIDs": [ "ABCDE12345.com.example.app", "ABCDE12345.com.example.app2" ],
                  "components": [
                    { "/": "/buy/*", "#": "my_great_product_123",
                      "comment": "Matches any URL whose path starts with /buy/ and fragment equals my_great_product_123, ignoring case" }
                  ],
                  "defaults": { "caseSensitive": false }
                }]}}
                """)
        #expect(file.entries[0].isCaseSensitive == false)
        #expect(file.admits(url("https://example.com/buy/1#my_great_product_123")))
        #expect(file.admits(url("https://example.com/BUY/1#My_Great_Product_123")))
        #expect(!file.admits(url("https://example.com/buy/1#my_great_product_124")))
        #expect(!file.admits(url("https://example.com/buy/1")))
    }

    // https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary/components-swift.dictionary
    @Test func componentsWildcardsAndDefaults() throws {
        let file = try AppSiteAssociationFile(
            json: """
                {"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "components": [
                  { "/": "/one/?*" },
                  { "/": "/two/?" },
                  { "/": "/any/*" },
                  { "?": "mode=app" }
                ]}]}}
                """)
        #expect(file.entries[0].appIDs == [app])
        // `?*` matches one or more characters.
        #expect(file.admits(url("https://example.com/one/x")))
        #expect(!file.admits(url("https://example.com/one/")))
        // `?` matches one character.
        #expect(file.admits(url("https://example.com/two/x")))
        #expect(!file.admits(url("https://example.com/two/xy")))
        // `*` matches zero or more, `/` included.
        #expect(file.admits(url("https://example.com/any/")))
        #expect(file.admits(url("https://example.com/any/a/b/c")))
        // A key left out is `*`: the last entry matches any path, its query decides.
        #expect(file.admits(url("https://example.com/elsewhere?mode=app")))
        #expect(!file.admits(url("https://example.com/elsewhere?mode=web")))
        #expect(!file.admits(url("https://example.com/elsewhere")))
    }

    // https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary/components-swift.dictionary/query
    @Test func queryDictionaryExample() throws {
        let file = try AppSiteAssociationFile(
            json:
                #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{ "?": { "productID": "12345" } }]}]}}"#
        )
        #expect(file.entries[0].query == .items(["productID": "12345"]))
        #expect(file.admits(url("https://example.com/p?productID=12345")))
        #expect(file.admits(url("https://example.com/p?x=1&productID=12345")))
        #expect(!file.admits(url("https://example.com/p?productID=123456")))
        #expect(!file.admits(url("https://example.com/p?productid=12345")))
    }

    // https://developer.apple.com/documentation/bundleresources/applinks/substitutionvariables-swift.dictionary
    @Test func substitutionVariablesExample() throws {
        let file = try AppSiteAssociationFile(
            json: """
                {"applinks": {
                  "substitutionVariables": { "food": [ "burrito", "pizza", "sushi", "samosa" ] },
                  "details": [{ "appIDs": [ "ABCDE12345.com.example.app" ],
                    "components": [ { "/" : "/$(lang)_$(region)/$(food)/" } ] }]
                }}
                """)
        #expect(file.admits(url("https://example.com/en_US/pizza/")))
        #expect(file.admits(url("https://example.com/zh_CA/samosa/")))
        #expect(!file.admits(url("https://example.com/en_US/pasta/")))
        #expect(!file.admits(url("https://example.com/xx_US/pizza/")))
        #expect(!file.admits(url("https://example.com/en_ZZ/pizza/")))
        #expect(!file.admits(url("https://example.com/en_US/pizza")))
    }

    // https://developer.apple.com/documentation/bundleresources/applinks/substitutionvariables-swift.dictionary
    @Test func predefinedVariablesMatchOneCharacterOrOneCode() throws {
        let patterns = ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"]
        let components = patterns.map { #"{ "/": "/\#($0)/$(\#($0))" }"# }.joined(separator: ", ")
        let file = try AppSiteAssociationFile(
            json: #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [\#(components)]}]}}"#)
        let cases: [(String, admitted: [String], refused: [String])] = [
            ("alpha", ["a", "Z"], ["1", "ab", ""]),
            ("upper", ["A", "Z"], ["a", "1"]),
            ("lower", ["a", "z"], ["A", "1"]),
            ("alnum", ["a", "Z", "0", "9"], ["-", "a1"]),
            ("digit", ["0", "9"], ["a", "10"]),
            ("xdigit", ["0", "F", "f"], ["g", "G"]),
            ("region", ["CA", "GB", "US"], ["us", "ZZ"]),
            ("lang", ["ar", "en", "zh"], ["EN", "xx"]),
        ]
        for (name, admitted, refused) in cases {
            for value in admitted {
                #expect(file.admits(url("https://example.com/\(name)/\(value)")), "\(name) \(value)")
            }
            for value in refused {
                #expect(!file.admits(url("https://example.com/\(name)/\(value)")), "\(name) \(value)")
            }
        }
    }

    // https://developer.apple.com/documentation/bundleresources/applinks/defaults-swift.dictionary
    @Test func defaultsOfTheDomainTheAppAndTheURL() throws {
        let file = try AppSiteAssociationFile(
            json: """
                {"applinks": {
                  "defaults": { "caseSensitive": false, "percentEncoded": false },
                  "details": [
                    { "appIDs": ["A.one"], "components": [
                        { "/": "/caf\u{e9}/*" },
                        { "/": "/Exact/*", "caseSensitive": true } ] },
                    { "appIDs": ["A.two"], "defaults": { "caseSensitive": true },
                      "components": [ { "/": "/Two/*" }, { "/": "/enc%20oded", "percentEncoded": true } ] }
                  ]
                }}
                """)
        #expect(file.entries.map(\.isCaseSensitive) == [false, true, true, true])
        #expect(file.entries.map(\.isPercentEncoded) == [false, false, false, true])
        // The domain's defaults: case ignored, the URL decoded before matching.
        #expect(file.admits(url("https://example.com/CAF%C3%89/1"), appID: "A.one"))
        // The URL's setting overrides them.
        #expect(file.admits(url("https://example.com/Exact/1")))
        #expect(!file.admits(url("https://example.com/exact/1")))
        // The app's defaults override the domain's.
        #expect(file.admits(url("https://example.com/Two/1"), appID: "A.two"))
        #expect(!file.admits(url("https://example.com/two/1")))
        #expect(file.admits(url("https://example.com/enc%20oded"), appID: "A.two"))
    }

    // https://developer.apple.com/library/archive/documentation/General/Conceptual/AppSearch/UniversalLinks.html
    @Test func legacyPathsWithNOT() throws {
        let file = try AppSiteAssociationFile(
            json: """
                {"applinks": {"apps": [], "details": [
                  { "appID": "9JA89QQLNQ.com.apple.wwdc",
                    "paths": [ "/wwdc/news/", "NOT /videos/wwdc/2010/*", "/videos/wwdc/201?/*" ] },
                  { "appID": "ABCD1234.com.apple.wwdc", "paths": [ "*" ] }
                ]}}
                """)
        #expect(file.entries.map(\.keyPath)[1] == "applinks.details[0].paths[1]")
        #expect(file.entries[1].isExcluded && file.entries[1].path == "/videos/wwdc/2010/*")
        #expect(file.admits(url("https://example.com/wwdc/news/"), appID: "9JA89QQLNQ.com.apple.wwdc"))
        #expect(
            file.admits(url("https://example.com/videos/wwdc/2015/intro"), appID: "9JA89QQLNQ.com.apple.wwdc")
        )
        #expect(!file.admits(url("https://example.com/videos/wwdc/2010/intro")))
        // The second app takes the rest.
        #expect(file.admits(url("https://example.com/about"), appID: "ABCD1234.com.apple.wwdc"))
        #expect(!file.admits(url("https://example.com/about"), appID: "9JA89QQLNQ.com.apple.wwdc"))
    }

    // https://developer.apple.com/library/archive/releasenotes/General/WhatsNewIniOS/Articles/iOS9.html
    @Test func legacyDetailsByAppID() throws {
        let file = try AppSiteAssociationFile(
            json: """
                {"applinks": {"apps": [], "details": {
                  "9JA89QQLNQ.com.apple.wwdc": { "paths": [ "/wwdc/news/", "/videos/wwdc/2015/*" ] }
                }}}
                """)
        #expect(
            file.entries.map(\.keyPath) == [
                #"applinks.details["9JA89QQLNQ.com.apple.wwdc"].paths[0]"#,
                #"applinks.details["9JA89QQLNQ.com.apple.wwdc"].paths[1]"#,
            ])
        #expect(file.admits(url("https://developer.apple.com/videos/wwdc/2015/?id=509")))
        #expect(!file.admits(url("https://developer.apple.com/wwdc/schedule")))
    }

    @Test func percentEncodedPatternsCompareTheURLAsWritten() throws {
        let file = try AppSiteAssociationFile(
            json: #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{ "/": "/caf%C3%A9" }]}]}}"#)
        #expect(file.admits(url("https://example.com/caf%C3%A9")))
        #expect(!file.admits(url("https://example.com/caf%c3%a9")))
        #expect(!file.admits(url("https://example.com/CAF%C3%A9")))
        // A URL without a path is matched as `/`.
        let root = try AppSiteAssociationFile(
            json: #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{ "/": "/" }]}]}}"#)
        #expect(root.admits(url("https://example.com")))
    }

    @Test func entryDescriptionNamesItsPlaceAndPatterns() throws {
        let file = try AppSiteAssociationFile(
            json:
                ##"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{ "/": "/help/*", "?": {"n": "??"}, "#": "x", "exclude": true }]}]}}"##
        )
        #expect(
            file.entries[0].description
                == ##"applinks.details[0].components[0] { "/": "/help/*", "?": { "n": "??" }, "#": "x", "exclude": true }"##
        )
    }

    @Test(arguments: [
        ("[]", "(root)", "expected an object, found an array"),
        ("{", "(root)", "not valid JSON"),
        (#"{"webcredentials": {}}"#, "applinks", "missing"),
        (#"{"applinks": {"details": 1}}"#, "applinks.details", "expected an array, found a number"),
        (
            #"{"applinks": {"detail": []}}"#, "applinks.detail",
            "unknown key (known: apps, defaults, details, substitutionVariables)"
        ),
        (#"{"applinks": {"details": [{"components": []}]}}"#, "applinks.details[0]", "no appIDs or appID"),
        (#"{"applinks": {"details": [{"appID": "A.b"}]}}"#, "applinks.details[0]", "no components or paths"),
        (
            #"{"applinks": {"details": [{"appID": "A.b", "components": [{"/": "/", "exclude": "yes"}]}]}}"#,
            "applinks.details[0].components[0].exclude", "expected a boolean, found a string"
        ),
        (
            #"{"applinks": {"details": [{"appID": "A.b", "components": [{"/": "/", "exclude": 1}]}]}}"#,
            "applinks.details[0].components[0].exclude", "expected a boolean, found a number"
        ),
        (
            #"{"applinks": {"details": [{"appID": "A.b", "components": [{"path": "/"}]}]}}"#,
            "applinks.details[0].components[0].path",
            "unknown key (known: #, /, ?, caseSensitive, comment, exclude, percentEncoded)"
        ),
        (
            #"{"applinks": {"details": [{"appID": "A.b", "components": [{"?": {"a": 1}}]}]}}"#,
            #"applinks.details[0].components[0]["?"].a"#, "expected a string, found a number"
        ),
        (
            #"{"applinks": {"details": [{"appID": "A.b", "components": [{"?": 1}]}]}}"#,
            #"applinks.details[0].components[0]["?"]"#, "expected a string or an object, found a number"
        ),
        (
            #"{"applinks": {"details": [{"appID": "A.b", "components": [{"/": "/$(food)"}]}]}}"#,
            #"applinks.details[0].components[0]["/"]"#, "no substitution variable named food"
        ),
        (
            #"{"applinks": {"details": [{"appID": "A.b", "paths": ["/a", 2]}]}}"#,
            "applinks.details[0].paths[1]", "expected a string, found a number"
        ),
        (
            #"{"applinks": {"substitutionVariables": {"a(b": ["x"]}, "details": []}}"#,
            #"applinks.substitutionVariables["a(b"]"#, "a variable's name cannot contain $, ( or )"
        ),
        (
            #"{"applinks": {"defaults": {"caseSensitive": "no"}, "details": []}}"#,
            "applinks.defaults.caseSensitive", "expected a boolean, found a string"
        ),
    ])
    func malformedFileNamesWhere(json: String, keyPath: String, reason: String) {
        do {
            _ = try AppSiteAssociationFile(json: json)
            Issue.record("read: \(json)")
        } catch {
            #expect(error.keyPath == keyPath)
            #expect(error.reason == reason)
            #expect(error.description == keyPath + ": " + reason)
        }
    }
}
