import Foundation
import Testing

@testable import Routes

@Suite struct RouteParametersTests {
    let router = Router()
    let recorder = Recorder()

    func parameters(pattern: String, url: String, extra: [String: Any] = [:]) -> RouteParameters? {
        routedParameters(url, to: pattern, in: router, extra: extra)
    }

    @Test func layersOverrideInOrderAndReservedKeysWin() throws {
        let params = try #require(
            parameters(
                pattern: "/user/view/:userID", url: "myapp://user/view/7?userID=evil&q=1&JLRoutePattern=x",
                extra: ["q": "extra", Definition.Keys.scheme: "forged", Definition.Keys.url: "forged"]))
        #expect(params["userID"] as? String == "7")
        #expect(params["q"] as? String == "extra")
        #expect(params[Definition.Keys.pattern] as? String == "/user/view/:userID")
        #expect(params[Definition.Keys.scheme] as? String == Router.defaultScheme)
        #expect(
            params[Definition.Keys.url] as? URL
                == URL(string: "myapp://user/view/7?userID=evil&q=1&JLRoutePattern=x"))
        #expect(params.count == 5)
        #expect(params.dictionary["userID"] as? String == "7")
        #expect(params.dictionary["q"] as? String == "extra")
        #expect(params.dictionary[Definition.Keys.scheme] as? String == Router.defaultScheme)
        #expect(params.pattern == "/user/view/:userID")
        #expect(params.scheme == Router.defaultScheme)
        #expect(params.wildcardComponents == nil)
        #expect(params["missing"] == nil)
    }

    /// Issue 15, finding 5: `?JLRouteWildcardComponents=evil` (or an extra parameter of that
    /// name) answered under the wildcard's reserved key, and the typed accessors read it.
    @Test func reservedKeysCannotBeForgedByQueryItemsOrExtraParameters() throws {
        struct Reserved: Decodable {
            let pattern: String
            let scheme: String
            let wildcard: [String]?
            enum CodingKeys: String, CodingKey {
                case pattern = "JLRoutePattern"
                case scheme = "JLRouteScheme"
                case wildcard = "JLRouteWildcardComponents"
            }
        }
        let keys = [
            Definition.Keys.pattern, Definition.Keys.url, Definition.Keys.scheme, Definition.Keys.wildcard,
        ]
        let query = keys.map { "\($0)=evil" }.joined(separator: "&")
        let forged = Dictionary(uniqueKeysWithValues: keys.map { ($0, "forged" as Any) })
        for extra in [[:], forged] {
            // No wildcard: the wildcard's key is absent, whatever the query or the extras hold.
            let plain = try #require(routedParameters("myapp://a/7?\(query)", to: "/a/:id", extra: extra))
            #expect(plain[Definition.Keys.wildcard] == nil)
            #expect(plain.string(Definition.Keys.wildcard) == nil)
            #expect(plain.value(Definition.Keys.wildcard, as: String.self) == nil)
            #expect(plain.values(Definition.Keys.wildcard, as: String.self) == nil)
            #expect(plain.dictionary[Definition.Keys.wildcard] == nil)
            #expect(plain.count == 4)  // id and three reserved keys
            #expect(plain.string(Definition.Keys.pattern) == "/a/:id")
            #expect(plain.string(Definition.Keys.scheme) == Router.defaultScheme)
            #expect(plain.value(Definition.Keys.url, as: URL.self) == URL(string: "myapp://a/7?\(query)"))
            #expect(plain.dictionary[Definition.Keys.pattern] as? String == "/a/:id")
            let decoded = try plain.decode(Reserved.self)
            #expect(decoded.pattern == "/a/:id")
            #expect(decoded.scheme == Router.defaultScheme)
            #expect(decoded.wildcard == nil)
            // With a wildcard: its components, not the forged value.
            let star = try #require(routedParameters("myapp://a/x/y?\(query)", to: "/a/*", extra: extra))
            #expect(star[Definition.Keys.wildcard] as? [String] == ["x", "y"])
            #expect(star.string(Definition.Keys.wildcard) == "x")
            #expect(star.values(Definition.Keys.wildcard, as: String.self) == ["x", "y"])
            #expect(star.dictionary[Definition.Keys.wildcard] as? [String] == ["x", "y"])
            #expect(try star.decode(Reserved.self).wildcard == ["x", "y"])
            #expect(star.string(Definition.Keys.pattern) == "/a/*")
        }
    }

    @Test func queryItemsWithoutValuesAreKeptAsEmptyStrings() throws {
        let params = try #require(parameters(pattern: "/a", url: "myapp://a?debug&x=&=y&&n%20m=v%20w"))
        #expect(params["debug"] as? String == "")
        #expect(params["x"] as? String == "")
        #expect(params["n m"] as? String == "v w")
        #expect(params[""] == nil)
        #expect(params.count == 6)
    }

    // Found by the fuzzer (Fuzz/regressions/a-key-with-a-slash-is-no-parameter-name): the
    // parameter names are kept joined (`a/b`), and the key `a/b` was found there as `a`.
    @Test func aKeyWithASlashIsNoParameterName() throws {
        let params = try #require(parameters(pattern: "/:a/:b", url: "myapp://x/y?a/b"))
        #expect(params["a/b"] as? String == "")
        #expect(params.string("a/b") == "")
        #expect(params.dictionary["a/b"] as? String == "")
        #expect(params["a"] as? String == "x" && params["b"] as? String == "y")
        let none = try #require(parameters(pattern: "/:a/:b/:c", url: "myapp://x/y/z"))
        for key in ["a/b", "b/c", "a/b/c", "a/", "/b", "/"] {
            #expect(none[key] == nil, "\(key)")
            #expect(none.string(key) == nil, "\(key)")
        }
    }

    @Test func repeatedKeysBecomeArraysInOrder() throws {
        let params = try #require(parameters(pattern: "/a", url: "myapp://a?t=1&u=x&t=2&t&t=3"))
        #expect(params["t"] as? [String] == ["1", "2", "", "3"])
        #expect(params.dictionary["t"] as? [String] == ["1", "2", "", "3"])
        #expect(params["u"] as? String == "x")
    }

    @Test func fragmentQueryItemsJoinTheURLQuery() throws {
        let params = try #require(parameters(pattern: "/a", url: "myapp://a?t=1#t=2&f=3"))
        #expect(params["t"] as? [String] == ["1", "2"])
        #expect(params["f"] as? String == "3")
    }

    @Test func valuesAreDecodedOnce() throws {
        let params = try #require(parameters(pattern: "/a/:v/*", url: "myapp://a/%2541/%252F+x?q=%2541+%2B"))
        #expect(params["v"] as? String == "%41")
        #expect(params.wildcardComponents == ["%2F x"])
        #expect(params["q"] as? String == "%41 +")
    }

    @Test func everyValueOfAPatternWithManyIsRead() throws {
        // The first four values are kept when the pattern matches; the others are found again.
        let params = try #require(
            parameters(
                pattern: "/a/:v1/:v2/:v3/:v4/b/:v5/:v6#/:v7/*",
                url: "myapp://a/1/%32/3/4/b/five+5/6#/seven%23/w/x?v6=query"))
        #expect((1...7).map { params["v\($0)"] as? String } == ["1", "2", "3", "4", "five 5", "6", "seven#"])
        #expect(params.int("v6") == 6)
        #expect(params.wildcardComponents == ["w", "x"])
        #expect(params.dictionary["v5"] as? String == "five 5")
        let host = try #require(parameters(pattern: "/:h/:a/:b/:c/:d/:e", url: "myapp://H/a/b/c/d/e%2F"))
        #expect(host["h"] as? String == "H")
        #expect(host["e"] as? String == "e/")
    }

    @Test func everyValueOfAPatternWithMoreThanEightIsReadAlikeByEveryAccessor() throws {
        // Past eight values, or past segment 254, the pattern keeps no positions: the parameters
        // index the values once (reading each had cut every segment again).
        struct Some: Decodable {
            let v2: Int
            let v10: String
            let v13: String
        }
        let params = try #require(
            parameters(
                pattern: "/a" + (1...11).map { "/:v\($0)" }.joined() + "/b/:v12#/:v13/*",
                url: "myapp://a/1/%32/3/4/5/6/7/8/9/ten+10/11/b/12#/thirteen%23/w?v3=query"))
        let expected = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "ten 10", "11", "12", "thirteen#"]
        #expect((1...13).map { params["v\($0)"] as? String } == expected)
        #expect((1...13).map { params.string("v\($0)") } == expected)
        #expect((1...13).map { params.dictionary["v\($0)"] as? String } == expected)
        #expect(params.int("v12") == 12)
        #expect(params.count == 13 + 4)
        let some = try params.decode(Some.self)
        #expect((some.v2, some.v10, some.v13) == (2, "ten 10", "thirteen#"))
        let far = (0..<260).map { "/l\($0)" }.joined()
        let distant = try #require(parameters(pattern: far + "/:far", url: "myapp:/" + far + "/x%2F"))
        #expect(distant["far"] as? String == "x/")
        #expect(distant.dictionary["far"] as? String == "x/")
        #expect(distant["l3"] == nil)
    }

    @Test func undecodableValuesAreKeptAsWritten() throws {
        let params = try #require(parameters(pattern: "/a/:v", url: "myapp://a/%E2%82?q=%E2%82"))
        #expect(params["v"] as? String == "%E2%82")
        #expect(params["q"] as? String == "%E2%82")
    }

    @Test func fragmentParameterLosesItsTrailingHash() throws {
        let params = try #require(parameters(pattern: "/user/:id#/view", url: "myapp://user/42#/view"))
        #expect(params["id"] as? String == "42")
        let encoded = try #require(parameters(pattern: "/x/:id", url: "myapp://x/a%23"))
        #expect(encoded["id"] as? String == "a#")
    }

    @Test func bareColonParameter() throws {
        let params = try #require(parameters(pattern: "/:", url: "myapp://thing"))
        #expect(params[":"] as? String == "thing")
    }

    @Test func descriptionListsSortedKeys() throws {
        let params = try #require(parameters(pattern: "/a/:id", url: "myapp://a/1"))
        #expect(
            params.description.hasPrefix(
                "JLRoutePattern: /a/:id\nJLRouteScheme: JLRoutesGlobalRoutesScheme\n"))
        #expect(params.description.hasSuffix("id: 1"))
    }

    // MARK: - The link's own values (issue 35, item 19)

    /// Issue 35, item 19: no accessor gave the values a link carried without the reserved keys;
    /// apps filtered `params.dictionary` by hand.
    @Test func linkValuesAreTheLinksRouteValuesAndQueryItemsWithoutTheReservedKeys() throws {
        let params = try #require(
            parameters(
                pattern: "/post/:id",
                url: "myapp://post/7?id=evil&utm_source=mail&ref=a&ref=b&q=caf%C3%A9+au+lait"
                    + "&JLRouteURL=x&JLRoutePattern=y&JLRouteScheme=z&JLRouteWildcardComponents=w#tab=likes",
                extra: ["source": "push", "utm_source": "extra"]))
        #expect(
            params.linkValues == [
                "id": "7", "utm_source": "mail", "ref": "a", "q": "café au lait", "tab": "likes",
            ])
        // Each is the text `string(_:)` reads without the extra parameters.
        #expect(params.string("ref") == "a")
        #expect(params.string("utm_source") == "extra")  // the extra parameter wins there
    }

    @Test func linkValuesLeaveOutARouteValueNamedLikeAReservedKey() throws {
        let params = try #require(parameters(pattern: "/a/:JLRouteURL/:b", url: "myapp://a/x/y?c=1"))
        #expect(params.linkValues == ["b": "y", "c": "1"])
    }

    @Test func linkValuesGiveANamedWildcardsSegmentsJoinedAndNoUnnamedOnes() throws {
        router.default.options.insert(.extendedPatterns)
        let named = try #require(parameters(pattern: "/files/{rest:*}", url: "myapp://files/a/b%20c?rest=q"))
        #expect(named.linkValues == ["rest": "a/b c"])
        let unnamed = try #require(routedParameters("myapp://docs/a/b", to: "/docs/*"))
        #expect(unnamed.linkValues == [:])
        #expect(unnamed.wildcardComponents == ["a", "b"])
    }

    /// Review of issue 35: a query item, a fragment item or a `:name` named `JLRouteAnchor` (the
    /// web anchor's reserved key) was listed as a value of the link.
    @Test func linkValuesLeaveOutTheAnchorKeyWhereverTheLinkPutsIt() throws {
        let query = try #require(parameters(pattern: "/post/:id", url: "myapp://post/7?JLRouteAnchor=evil"))
        #expect(query.linkValues == ["id": "7"])
        let route = try #require(parameters(pattern: "/q/:JLRouteAnchor/:b", url: "myapp://q/forged/y"))
        #expect(route.linkValues == ["b": "y"])
        let fragment = try #require(
            parameters(pattern: "/frag/:id", url: "myapp://frag/7#JLRouteAnchor=comments&x=1"))
        #expect(fragment.linkValues == ["id": "7", "x": "1"])
    }

    /// Review of issue 35: in a table with hosts, which reads web anchors, a query item named
    /// `JLRouteAnchor` was to stay out of the link's values and never be the anchor (Parameters.md:
    /// "A query item or a `:name` named like a reserved key is left out").
    @Test func linkValuesLeaveOutAQueryItemNamedJLRouteAnchorInATableWithHosts() {
        router.https.hosts = ["example.com"]
        var values: [[String: String]] = []
        var anchors: [String?] = []
        router.https.add(pattern: "/post/:id") { params in
            values.append(params.linkValues)
            anchors.append(params.anchor)
            #expect(params[RouteParameters.Keys.anchor] as? String == params.anchor)
            return true
        }
        #expect(router.route(to: "https://example.com/post/7?JLRouteAnchor=evil"))
        #expect(router.route(to: "https://example.com/post/8?JLRouteAnchor=evil#comments"))
        #expect(values == [["id": "7"], ["id": "8"]])
        #expect(anchors == [nil, "comments"])
    }

    @Test func linkValuesOfAManyValuedRouteAreEveryValue() throws {
        let params = try #require(
            parameters(pattern: "/:a/:b/:c/:d/:e/:f", url: "myapp://1/2/3/4/5/6?g=7"))
        #expect(params.linkValues == ["a": "1", "b": "2", "c": "3", "d": "4", "e": "5", "f": "6", "g": "7"])
    }

    /// The Parameters article's analytics listing, pasted: what its comment says it logs.
    @Test func theParametersArticlesAnalyticsListing() {
        var logged: [(String, [String: String])] = []
        router.myapp.add(pattern: "/post/:id") { params in
            logged.append(("deeplink_open", params.linkValues))
            return true
        }
        router.route(
            to: "myapp://post/7?utm_source=mail&ref=a&ref=b&JLRouteURL=x",
            parameters: ["source": "push"])
        #expect(logged.map(\.0) == ["deeplink_open"])
        #expect(logged.first?.1 == ["id": "7", "ref": "a", "utm_source": "mail"])
    }
}
