import Foundation
import Testing

@testable import Routes

/// JLRoutes' own test cases (JLRoutesTests.m), in Swift, with the spec's fixes where they differ.
@Suite struct JLRoutesCompatibilityTests {
    let router = Router()
    let recorder = Recorder()

    /// Routes `url` and returns the route values of the call, or `nil` if nothing accepted it.
    func route(_ url: String, _ parameters: [String: Any] = [:]) -> [String: String]? {
        recorder.reset()
        guard router.route(to: url, parameters: parameters) else { return nil }
        return routeValues(recorder.last)
    }

    var lastPattern: String? { recorder.last?.pattern }

    @Test func routing() throws {
        for pattern in [
            "/test", "/user/view/:userID", "/:object/:action/:primaryKey", "/", "/:",
            "/interleaving/:param1/foo/:param2", "/xyz/wildcard/*", "/route/:param/*",
            "/required/:requiredParam(/optional/:optionalParam)(/moreOptional/:moreOptionalParam)",
        ] {
            router.default.add(pattern: pattern, handler: recorder.handler(pattern))
        }
        #expect(route("tests:/") == [:])
        #expect(lastPattern == "/")
        #expect(route("tests://") == [:])
        #expect(lastPattern == "/")
        #expect(route("tests://test?") == [:])
        #expect(lastPattern == "/test")
        #expect(route("tests://test/") == [:])
        #expect(lastPattern == "/test")
        #expect(route("tests://?key=value") == ["key": "value"])
        #expect(route("tests://user/view/joeldev") == ["userID": "joeldev"])
        #expect(route("tests://user/view/joeldev/") == ["userID": "joeldev"])
        #expect(route("tests://user/view/joel%20levin") == ["userID": "joel levin"])
        #expect(
            route("tests://user/view/joeldev?foo=bar&thing=stuff")
                == ["userID": "joeldev", "foo": "bar", "thing": "stuff"])
        #expect(
            route("tests://user/view/joeldev#foo=bar&thing=stuff")
                == ["userID": "joeldev", "foo": "bar", "thing": "stuff"])
        #expect(route("tests://user/view/joeldev?userID=evilPerson") == ["userID": "joeldev"])
        #expect(route("tests://post/edit/123") == ["object": "post", "action": "edit", "primaryKey": "123"])
        #expect(
            route("tests://interleaving/paramvalue1/foo/paramvalue2")
                == ["param1": "paramvalue1", "param2": "paramvalue2"])
        #expect(route("tests://xyz/wildcard") == [:])
        #expect(recorder.last?[Definition.Keys.wildcard] as? [String] == [])
        #expect(route("tests://xyz/wildcard/matches/with/extra/path/components") == [:])
        #expect(
            recorder.last?[Definition.Keys.wildcard] as? [String] == [
                "matches", "with", "extra", "path", "components",
            ])
        #expect(route("tests://route/matches/with/wildcard") == ["param": "matches"])
        #expect(recorder.last?[Definition.Keys.wildcard] as? [String] == ["with", "wildcard"])
        #expect(route("tests://doesnt/exist/and/wont/match") == nil)
        let relative = try #require(URL(string: "/test", relativeTo: URL(string: "http://localhost")))
        #expect(router.route(to: relative))
        #expect(lastPattern == "/test")
        #expect(route("tests://required/mustExist") == ["requiredParam": "mustExist"])
        #expect(
            route("tests://required/mustExist/optional/mightExist")
                == ["requiredParam": "mustExist", "optionalParam": "mightExist"])
        #expect(
            route("tests://required/mustExist/optional/mightExist/moreOptional/mightExistToo")
                == [
                    "requiredParam": "mustExist", "optionalParam": "mightExist",
                    "moreOptionalParam": "mightExistToo",
                ])
    }

    @Test func routingWithParameters() {
        router.default.add(pattern: "/foo/:routeParam", handler: recorder.handler("foo"))
        #expect(route("/foo/bar", ["stringParam": "stringValue", "nonStringParam": 123]) != nil)
        #expect(recorder.last?["routeParam"] as? String == "bar")
        #expect(recorder.last?["stringParam"] as? String == "stringValue")
        #expect(recorder.last?["nonStringParam"] as? Int == 123)
        #expect(recorder.last?.parameters.count == 6)
    }

    @Test func fragmentRouting() {
        for pattern in [
            "/user#/view/:userID", "/:object#/:action/:primaryKey", "/interleaving/:param1#/foo/:param2",
            "/xyz/wildcard#/*", "/route#/:param/*",
            "/required#/:requiredParam(/optional/:optionalParam)(/moreOptional/:moreOptionalParam)",
        ] {
            router.default.add(pattern: pattern, handler: recorder.handler(pattern))
        }
        #expect(route("tests://user#/view/joeldev") == ["userID": "joeldev"])
        #expect(route("tests://user#/view/joeldev/") == ["userID": "joeldev"])
        #expect(route("tests://user#/view/joel%20levin") == ["userID": "joel levin"])
        #expect(
            route("tests://user#/view/joeldev?foo=bar&thing=stuff")
                == ["userID": "joeldev", "foo": "bar", "thing": "stuff"])
        #expect(route("tests://user#/view/joeldev?userID=evilPerson") == ["userID": "joeldev"])
        #expect(
            route("tests://user#/view/joeldev?userID=evilPerson&search=evilSearch&evilThing=evil")
                == ["userID": "joeldev", "search": "evilSearch", "evilThing": "evil"])
        #expect(
            route("tests://user?search=niceSearch&go=home#/view/joeldev?userID=evilPerson&&evilThing=evil")
                == ["userID": "joeldev", "search": "niceSearch", "go": "home", "evilThing": "evil"])
        #expect(route("tests://post#/edit/123") == ["object": "post", "action": "edit", "primaryKey": "123"])
        #expect(
            route("tests://interleaving/paramvalue1#/foo/paramvalue2")
                == ["param1": "paramvalue1", "param2": "paramvalue2"])
        #expect(route("tests://xyz/wildcard#") == [:])
        #expect(recorder.last?[Definition.Keys.wildcard] as? [String] == [])
        #expect(route("tests://xyz/wildcard#/matches/with/extra/path/components") == [:])
        #expect(
            recorder.last?[Definition.Keys.wildcard] as? [String] == [
                "matches", "with", "extra", "path", "components",
            ])
        #expect(route("tests://route#/matches/with/wildcard") == ["param": "matches"])
        #expect(route("tests://doesnt/exist#/and/wont/match") == nil)
        #expect(route("tests://required#/mustExist") == ["requiredParam": "mustExist"])
        #expect(
            route("tests://required#/mustExist/optional/mightExist/moreOptional/mightExistToo")
                == [
                    "requiredParam": "mustExist", "optionalParam": "mightExist",
                    "moreOptionalParam": "mightExistToo",
                ])
    }

    @Test func multiplePatterns() {
        router.default.add(patterns: ["/multiple1", "/multiple2"], handler: recorder.handler("multiple"))
        #expect(route("tests://multiple1") == [:])
        #expect(route("tests://multiple2") == [:])
    }

    @Test func priority() {
        router.default.add(pattern: "/test/priority/:level", handler: recorder.handler("level"))
        router.default.add(pattern: "/test/priority/high", priority: 20, handler: recorder.handler("high"))
        #expect(route("tests://test/priority/high") == [:])
        #expect(recorder.labels == ["high"])
        // Only non-zero priorities (JLRoutes issue 46).
        router.priorityTest.add(pattern: "/:foo/bar/:baz", priority: 20, handler: recorder.handler("bar"))
        router.priorityTest.add(
            pattern: "/:foo/things/:baz", priority: 10, handler: recorder.handler("things"))
        router.priorityTest.add(pattern: "/:foo/:baz", priority: 1, handler: recorder.handler("short"))
        #expect(route("priorityTest://stuff/things/foo") == ["foo": "stuff", "baz": "foo"])
        #expect(recorder.labels == ["things"])
        #expect(route("priorityTest://one/two") == ["foo": "one", "baz": "two"])
        #expect(route("priorityTest://stuff/bar/baz") == ["foo": "stuff", "baz": "baz"])
        #expect(recorder.labels == ["bar"])
    }

    @Test func handlerReturnValue() {
        router.default.add(pattern: "/return/:value") { params in params["value"] as? String == "yes" }
        #expect(!router.route(to: "tests://return/no"))
        #expect(router.route(to: "tests://return/yes"))
    }

    @Test func schemes() {
        router.default.add(pattern: "/test", handler: recorder.handler("global"))
        router["namespaceTest1"].add(pattern: "/test", handler: recorder.handler("one"))
        router["namespaceTest2"].add(pattern: "/test", handler: recorder.handler("two"))
        _ = route("tests://test")
        #expect(recorder.last?[Definition.Keys.scheme] as? String == Router.defaultScheme)
        _ = route("namespaceTest1://test")
        #expect(recorder.last?[Definition.Keys.scheme] as? String == "namespaceTest1")
        _ = route("namespaceTest2://test")
        #expect(recorder.last?[Definition.Keys.scheme] as? String == "namespaceTest2")
    }

    @Test func fallbackToGlobal() {
        router.default.add(pattern: "/user/view/:userID", handler: recorder.handler("global"))
        router["namespaceTest1"].add(pattern: "/test", handler: recorder.handler("one"))
        router["namespaceTest2"].add(pattern: "/test", handler: recorder.handler("two"))
        router["namespaceTest2"].shouldFallback = true
        #expect(route("namespaceTest1://user/view/joeldev") == nil)
        #expect(route("namespaceTest2://user/view/joeldev") == ["userID": "joeldev"])
        #expect(recorder.last?[Definition.Keys.scheme] as? String == Router.defaultScheme)
    }

    @Test func routeExistence() throws {
        router.default.add(pattern: "/test", handler: recorder.handler("test"))
        #expect(router.default.canRoute(to: try #require(URL(string: "tests:/test"))))
        #expect(!router.default.canRoute(to: try #require(URL(string: "tests:/dfjkbsdkjfbskjdfb/sdasd"))))
        #expect(recorder.calls.isEmpty)
    }

    @Test func subscripting() {
        router.default["/subscripting"] = recorder.handler("sub")
        #expect(router.default.canRoute(to: "subscripting"))
    }

    @Test func nilHandlerRoutes() throws {
        router.default.add(pattern: "/success")
        #expect(router.route(to: try #require(URL(string: "/success"))))
    }

    @Test func removal() {
        router.default.add(pattern: "/:", handler: recorder.handler("colon"))
        router["namespaceTest3"].add(pattern: "/test1", handler: recorder.handler("test1"))
        router["namespaceTest3"].add(pattern: "/test2", handler: recorder.handler("test2"))
        #expect(route("namespaceTest3://test1") == [:])
        router["namespaceTest3"].remove(pattern: "/test1")
        #expect(route("namespaceTest3://test1") == nil)
        #expect(route("namespaceTest3://test2") == [:])
        #expect(recorder.last?[Definition.Keys.scheme] as? String == "namespaceTest3")
        router.unregister(scheme: "namespaceTest3")
        #expect(route("namespaceTest3://test2") == [":": "test2"])
        #expect(recorder.last?[Definition.Keys.scheme] as? String == Router.defaultScheme)
    }

    @Test(arguments: [
        ("%21", "!"), ("%23", "#"), ("%24", "$"), ("%26", "&"), ("%27", "'"), ("%28", "("), ("%29", ")"),
        ("%2A", "*"), ("%2B", "+"), ("%2C", ","), ("%2F", "/"), ("%3A", ":"), ("%3B", ";"), ("%3D", "="),
        ("%3F", "?"), ("%40", "@"), ("%5B", "["), ("%5D", "]"),
    ])
    func percentEncodedCharacters(escape: String, character: String) {
        router.default.add(pattern: "/user/view/:userID", handler: recorder.handler("view"))
        for options: RouteOptions in [[], [.decodePlusSymbols]] {
            router.default.options = options
            // Fix: %2F decodes inside the value and never splits; %2B stays "+" even with plus decoding.
            #expect(route("tests://user/view/joel\(escape)levin") == ["userID": "joel\(character)levin"])
            #expect(route("tests://user/view/x?q=joel\(escape)levin")?["q"] == "joel\(character)levin")
        }
    }

    @Test func plusSymbols() {
        router.default.add(pattern: "/user/view/:userID", handler: recorder.handler("view"))
        #expect(route("tests://user/view/joel%2Blevin") == ["userID": "joel+levin"])
        #expect(route("tests://user/view/joel+levin") == ["userID": "joel levin"])
        #expect(route("tests://user/view/test?name=joel+levin")?["name"] == "joel levin")
        _ = route("tests://user/view/test?people=joel+levin&people=foo+bar")
        #expect(recorder.last?["people"] as? [String] == ["joel levin", "foo bar"])
        router.default.options = []
        #expect(route("tests://user/view/joel+levin") == ["userID": "joel+levin"])
        _ = route("tests://user/view/test?people=joel+levin&people=foo+bar")
        #expect(recorder.last?["people"] as? [String] == ["joel+levin", "foo+bar"])
    }

    @Test func emptyVariableBeforeWildcard() {
        router.wildcardTests.add(pattern: "list/:variable/detail/:variable2/*")
        #expect(!router.route(to: "wildcardTests://list/variable/detail/"))
        #expect(router.route(to: "wildcardTests://list/variable/detail/variable2"))
    }

    @Test func optionalGroupsAtEnd() {
        router.default.add(
            pattern: "/path/:thing(/new)(/anotherpath/:anotherthing)", handler: recorder.handler("p"))
        #expect(router.default.definitions.count == 4)
        #expect(route("foo://path/abc/new/anotherpath/def") == ["thing": "abc", "anotherthing": "def"])
        #expect(route("foo://path/foo/anotherpath/bar") == ["thing": "foo", "anotherthing": "bar"])
        #expect(route("foo://path/yyy/new") == ["thing": "yyy"])
        #expect(route("foo://path/zzz") == ["thing": "zzz"])
        #expect(route("foo://path/zzz/anotherpath") == nil)
    }

    @Test func optionalGroupsAtStart() {
        router.default.add(pattern: "/(rest/)(app/):object/:id", handler: recorder.handler("p"))
        #expect(router.default.definitions.count == 4)
        for url in ["foo://rest/app/aaa/bbb", "foo://app/aaa/bbb", "foo://rest/aaa/bbb", "foo://aaa/bbb"] {
            #expect(route(url) == ["object": "aaa", "id": "bbb"], "\(url)")
        }
    }

    @Test func optionalGroupsInterleaved() {
        router.default.add(pattern: "/(rest/):object/(app/):id", handler: recorder.handler("p"))
        #expect(router.default.definitions.count == 4)
        for url in ["foo://rest/aaa/app/bbb", "foo://aaa/app/bbb", "foo://rest/aaa/bbb", "foo://aaa/bbb"] {
            #expect(route(url) == ["object": "aaa", "id": "bbb"], "\(url)")
        }
    }

    @Test func urlStringsAsParameters() {
        router.default.add(pattern: "/web/:URLString", handler: recorder.handler("value"))
        router.default.add(pattern: "/web", handler: recorder.handler("query"))
        #expect(route("tests://web/http%3A%2F%2Ffoobar.com%2Fbaz") == ["URLString": "http://foobar.com/baz"])
        #expect(
            route("tests://web?URLString=http%3A%2F%2Ffoobar.com%2Fbaz") == [
                "URLString": "http://foobar.com/baz"
            ])
    }

    @Test func arrayQueryParameters() {
        router.default.add(pattern: "/test/foo", handler: recorder.handler("foo"))
        _ = route("tests://test/foo?key=1&key=2&key=3&text=hi&text=there")
        #expect(recorder.last?["key"] as? [String] == ["1", "2", "3"])
        #expect(recorder.last?["text"] as? [String] == ["hi", "there"])
    }

    @Test func customDefinition() {
        let definition = Definition(pattern: "/test", priority: 0, handler: recorder.handler("custom"))
        #expect(router.default.add(definition: definition))
        #expect(definition.scheme == Router.defaultScheme)
        #expect(route("tests://test") == [:])
        router.default.remove(definition: definition)
        #expect(definition.scheme == nil)
        #expect(route("tests://test") == nil)
    }

    @Test func hostAsPathComponent() {
        router.default.add(pattern: "/sign_in", handler: recorder.handler("sign_in"))
        router.default.add(pattern: "/path/:pathid", handler: recorder.handler("path"))
        #expect(route("https://www.mydomain.com/sign_in") == [:])
        #expect(route("https://www.mydomain.com/path/3") == ["pathid": "3"])
        router.default.options.insert(.treatHostAsPathComponent)
        #expect(route("https://www.mydomain2.com/sign_in") == nil)
        router.default.add(pattern: "/www.mydomain2.com/sign_in", handler: recorder.handler("host sign_in"))
        router.default.add(pattern: "/www.mydomain2.com/path/:pathid", handler: recorder.handler("host path"))
        #expect(route("https://www.mydomain2.com/sign_in") == [:])
        #expect(lastPattern == "/www.mydomain2.com/sign_in")
        #expect(route("https://www.mydomain2.com/path/3") == ["pathid": "3"])
    }
}
