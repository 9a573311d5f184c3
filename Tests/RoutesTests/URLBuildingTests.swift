import Foundation
import Testing

@testable import Routes

@Suite struct URLBuildingTests {
    let router = Router()

    func build(
        _ pattern: String, scheme: String? = "myapp", host: String? = nil, _ parameters: [String: Any] = [:]
    )
        throws -> String
    {
        try router.url(for: pattern, scheme: scheme, host: host, parameters: parameters).absoluteString
    }

    @Test func fillsParametersAndSendsTheRestToTheQuery() throws {
        #expect(try build("/user/view/:id", ["id": 42, "tab": "posts"]) == "myapp://user/view/42?tab=posts")
        #expect(try build("/user/view/:id", scheme: nil, ["id": "a b/c+d"]) == "/user/view/a%20b%2Fc%2Bd")
        #expect(
            try build("/search", ["q": "swift & routes", "t": ["a", "b"]])
                == "myapp://search?q=swift%20%26%20routes&t=a&t=b")
        #expect(try build("/", [:]) == "myapp://")
        #expect(
            try build("/post/:id", scheme: "https", host: "example.com", ["id": 7])
                == "https://example.com/post/7")
    }

    @Test func firstSegmentIsTheHostOnlyWhenRoutingReadsItBack() throws {
        #expect(try build("/:domain/x", ["domain": "a.b"]) == "myapp:///a.b/x")
        #expect(try build("/localhost/x") == "myapp:///localhost/x")
        #expect(try build("/caf%C3%A9/:id", ["id": "é"]) == "myapp://caf%C3%A9/%C3%A9")
    }

    @Test func choosesTheLongestExpansionWhoseParametersAreGiven() throws {
        let pattern = "/the(/foo/:a)(/bar/:b)"
        #expect(try build(pattern, ["a": 1, "b": 2]) == "myapp://the/foo/1/bar/2")
        #expect(try build(pattern, ["b": 2]) == "myapp://the/bar/2")
        #expect(try build(pattern, [:]) == "myapp://the")
    }

    @Test func putsWildcardComponentsBack() throws {
        #expect(try build("/files/*", [Definition.Keys.wildcard: ["a b", "c"]]) == "myapp://files/a%20b/c")
        #expect(try build("/files/*") == "myapp://files")
    }

    @Test func buildsFragmentRoutes() throws {
        #expect(try build("/user#/view/:id", ["id": 7, "ref": "a"]) == "myapp://user?ref=a#/view/7")
        let recorder = Recorder()
        router.default.add(pattern: "/user#/view/:id", handler: recorder.handler("fragment"))
        #expect(router.route(to: try build("/user#/view/:id", ["id": 7, "ref": "a"])))
        #expect(routeValues(recorder.last) == ["id": "7", "ref": "a"])
    }

    @Test func reportsErrors() throws {
        #expect(throws: URLBuildingError(pattern: "/user/:id", reason: .missingParameter("id"))) {
            try router.url(for: "/user/:id", scheme: "myapp")
        }
        #expect(throws: URLBuildingError(pattern: "/a(/:x)/:y", reason: .missingParameter("y"))) {
            try router.url(for: "/a(/:x)/:y", parameters: ["x": 1])
        }
        #expect(throws: URLBuildingError(pattern: "/user/:id", reason: .emptyParameter("id"))) {
            try router.url(for: "/user/:id", parameters: ["id": ""])
        }
        #expect(throws: URLBuildingError(pattern: "/a", reason: .invalidScheme("my app"))) {
            try router.url(for: "/a", scheme: "my app")
        }
        #expect(throws: URLBuildingError(pattern: "/a(/:id)/*", reason: .ambiguous(routedTo: "/a/:id/*"))) {
            try router.url(for: "/a(/:id)/*", parameters: [Definition.Keys.wildcard: ["x"]])
        }
        #expect(try build("/a(/:id)/*", [Definition.Keys.wildcard: []]) == "myapp://a")
        let invalid = RoutePatternError(pattern: "/a(", offset: 2, reason: .unclosedParenthesis)
        #expect(throws: URLBuildingError(pattern: "/a(", reason: .invalidPattern(invalid))) {
            try router.url(for: "/a(")
        }
        let error = URLBuildingError(pattern: "/user/:id", reason: .missingParameter("id"))
        #expect(error.description == "Cannot build a URL for \"/user/:id\": missing parameter \"id\"")
    }

    /// Routing a built URL calls the handler of that pattern with exactly the values it was built from.
    @Test(arguments: 0..<20)
    func builtURLsRouteBackToTheirPattern(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 99)
        let alphabet = Array("abcXYZ019 -._~!$&'()*+,;=:@/?#%[]é😀")
        func randomText() -> String {
            String(
                (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                })
        }
        var routedBack = 0
        for iteration in 0..<50 {
            let router = Router()
            var pattern = ""
            var names: [String] = []
            for index in 0..<Int.random(in: 1...4, using: &generator) {
                if Bool.random(using: &generator) {
                    names.append("p\(index)")
                    pattern += Int.random(in: 0..<4, using: &generator) == 0 ? "(/:p\(index))" : "/:p\(index)"
                } else {
                    pattern += "/lit\(index)"
                }
            }
            let hasWildcard = Bool.random(using: &generator)
            if hasWildcard { pattern += "/*" }
            var values: [String: Any] = [:]
            for name in names where Int.random(in: 0..<5, using: &generator) > 0 {
                values[name] = randomText()
            }
            let wildcard =
                hasWildcard ? (0..<Int.random(in: 0...2, using: &generator)).map { _ in randomText() } : []
            if hasWildcard { values[Definition.Keys.wildcard] = wildcard }
            let query = Bool.random(using: &generator) ? ["q": randomText()] : [:]
            values.merge(query) { old, _ in old }

            var received: [String: Any]?
            router.default.add(pattern: pattern) { params in
                received = params.dictionary
                return true
            }
            let scheme = Bool.random(using: &generator) ? "myapp" : nil
            let url: URL
            do {
                url = try router.url(for: pattern, scheme: scheme, parameters: values)
            } catch {
                // Only a missing required parameter, or a shorter expansion that a longer one
                // would swallow (an optional parameter before the wildcard), may fail.
                switch error.reason {
                case .missingParameter(let name): #expect(values[name] == nil, "\(pattern) \(values)")
                case .ambiguous: #expect(hasWildcard && pattern.contains("("), "\(pattern) \(values)")
                default: Issue.record("\(error)")
                }
                continue
            }
            #expect(router.route(to: url), "\(iteration): \(pattern) \(values) → \(url)")
            routedBack += 1
            let got = try #require(received, "\(pattern) → \(url)")
            for (key, value) in values {
                if key == Definition.Keys.wildcard {
                    #expect(got[key] as? [String] == wildcard, "\(pattern) → \(url)")
                } else if names.contains(key) || query[key] != nil {
                    if names.contains(key),
                        !(got[Definition.Keys.pattern] as? String ?? "").contains(":\(key)")
                    {
                        continue  // a shorter expansion was chosen: the value went to the query
                    }
                    #expect(got[key] as? String == value as? String, "\(key) of \(pattern) → \(url)")
                }
            }
        }
        // Most generated cases must build: the property is about URLs, not about errors.
        #expect(routedBack > 30)
    }
}
