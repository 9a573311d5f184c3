import Testing

@testable import Routes
@testable import RoutesTestSupport

@Suite struct RoutePatternTests {
    @Test func patternsSplitLikePaths() throws {
        let pattern = try #require(try OptionalGroupExpansion.expand("/user/:id/*").first)
        #expect(pattern.segments == [.literal("user"), .parameter("id"), .wildcard])
        #expect(try OptionalGroupExpansion.expand("/")[0].segments == [.literal("")])
        #expect(try OptionalGroupExpansion.expand("")[0].segments == [.literal("")])
        #expect(try OptionalGroupExpansion.expand("/settings/")[0].segments == [.literal("settings")])
        #expect(
            try OptionalGroupExpansion.expand("/a//b")[0].segments == [
                .literal("a"), .literal(""), .literal("b"),
            ])
    }

    @Test func parameterNames() throws {
        #expect(
            try OptionalGroupExpansion.expand("/user#/:p#")[0].segments == [
                .literal("user#"), .parameter("p"),
            ])
        #expect(try OptionalGroupExpansion.expand("/:")[0].segments == [.parameter(":")])
        #expect(try OptionalGroupExpansion.expand("/a*b/*")[0].segments == [.literal("a*b"), .wildcard])
    }

    @Test func parametersAreFoundByNameAndPosition() throws {
        // Names that are prefixes of each other, a bare colon, a fragment name, and more
        // parameters than fit the packed positions (eight) or their bytes (segment 255).
        let literals = Array(repeating: "x", count: 260).joined(separator: "/")
        let patterns = [
            "/a/:ab/b/:a/:abc/:", "/p/:u#/:v", "/:n1/:n2/:n3/:n4/:n5/:n6/:n7/:n8/:n9/:n10",
            "/\(literals)/:far/:farther",
        ]
        for text in patterns {
            let pattern = try #require(try OptionalGroupExpansion.expand(text).first)
            var names: [String] = []
            for (position, segment) in pattern.segments.enumerated() {
                guard case .parameter(let name) = segment else { continue }
                #expect(pattern.parameterIndex(of: name) == names.count, "\(text): \(name)")
                #expect(pattern.segmentIndex(ofParameter: names.count) == position, "\(text): \(name)")
                names.append(name)
            }
            #expect(pattern.parameterNames == names)
            #expect(pattern.parameterCount == names.count)
            for missing in ["", "abcd", "n", "n11", "x", "u#", "/"] {
                #expect(pattern.parameterIndex(of: missing) == nil, "\(text): \(missing)")
            }
        }
    }

    @Test func literalsInPatternsArePercentDecoded() throws {
        #expect(try OptionalGroupExpansion.expand("/caf%C3%A9")[0].segments == [.literal("café")])
        #expect(try OptionalGroupExpansion.expand("/100%")[0].segments == [.literal("100%")])
    }

    @Test func optionalGroupsExpandLongestFirst() throws {
        #expect(
            try expand(pattern: "/the(/foo/:a)(/bar/:b)") == [
                "/the/foo/:a/bar/:b", "/the/foo/:a", "/the/bar/:b", "/the",
            ])
        #expect(try expand(pattern: "(/foo)/bar") == ["/foo/bar", "/bar"])
        #expect(try expand(pattern: "/a(/b)/c(/d)") == ["/a/b/c/d", "/a/b/c", "/a/c/d", "/a/c"])
        #expect(
            try expand(pattern: "/path/:thing(/a)(/b)(/c)") == [
                "/path/:thing/a/b/c", "/path/:thing/a/b", "/path/:thing/a/c", "/path/:thing/b/c",
                "/path/:thing/a", "/path/:thing/b", "/path/:thing/c", "/path/:thing",
            ])
        #expect(try expand(pattern: "(/foo)") == ["/foo", "/"])
        #expect(try expand(pattern: "/a()(/b)") == ["/a/b", "/a"])
        #expect(try expand(pattern: "/files(/*)") == ["/files/*", "/files"])
    }

    @Test func expansionsAreOrderedByTextLengthNotByTheGroupsKept() throws {
        // The documentation said "longest first (ties: earlier groups first)", which reads as the
        // groups kept; the order is the text's length in UTF-16 code units (the "Routing rules"
        // article, *Order: longest first*).
        #expect(
            try expand(pattern: "/post/:id(/comments)(/:commentID)") == [
                "/post/:id/comments/:commentID", "/post/:id/:commentID", "/post/:id/comments", "/post/:id",
            ])
    }

    @Test func tenGroupsExpandToAThousandDefinitions() throws {
        let pattern = "/r" + (0..<10).map { "(/g\($0))" }.joined()
        let expansions = try expand(pattern: pattern)
        #expect(expansions.count == 1_024)
        #expect(Set(expansions).count == 1_024)
        #expect(expansions.first == "/r/g0/g1/g2/g3/g4/g5/g6/g7/g8/g9")
        #expect(expansions.last == "/r")
    }

    private func patternError(_ pattern: String) -> RoutePatternError? {
        do {
            _ = try expand(pattern: pattern)
            return nil
        } catch {
            return error
        }
    }

    @Test func invalidPatternsNameThePositionAndReason() {
        #expect(
            patternError("/user/(:id")
                == RoutePatternError(pattern: "/user/(:id", offset: 6, reason: .unclosedParenthesis))
        #expect(
            patternError("/user/:id)")
                == RoutePatternError(pattern: "/user/:id)", offset: 9, reason: .unopenedParenthesis))
        #expect(
            patternError("/a(/b(/c))")
                == RoutePatternError(pattern: "/a(/b(/c))", offset: 5, reason: .nestedParenthesis))
        #expect(
            patternError("/a/*/b/*")
                == RoutePatternError(pattern: "/a/*/b/*", offset: 7, reason: .secondWildcard))
        #expect(
            patternError("/*/a(/*)")
                == RoutePatternError(pattern: "/*/a(/*)", offset: 6, reason: .secondWildcard))
        #expect(
            patternError("/a/:id/b/:id")
                == RoutePatternError(pattern: "/a/:id/b/:id", offset: 9, reason: .duplicateParameter("id")))
        #expect(
            patternError("/a(/:id)(/:id)")
                == RoutePatternError(pattern: "/a(/:id)(/:id)", offset: 10, reason: .duplicateParameter("id"))
        )
        #expect(
            patternError("/a/:#")
                == RoutePatternError(pattern: "/a/:#", offset: 3, reason: .emptyParameterName))
        let eleven = "/r" + String(repeating: "(/g)", count: 11)
        #expect(
            patternError(eleven)
                == RoutePatternError(
                    pattern: eleven, offset: 2 + 4 * 10,
                    reason: .tooManyOptionalGroups(limit: Router.maximumOptionalGroups)))
    }

    @Test func errorDescriptionShowsACaret() throws {
        let error = try #require(patternError("/user/(:id"))
        #expect(
            error.description == """
                Invalid route pattern "/user/(:id": '(' is never closed (offset 6)
                  /user/(:id
                        ^
                """)
    }

    @Test func caretFollowsTabs() throws {
        let error = try #require(patternError("/a\t/*/b/*"))
        #expect(error.description.hasSuffix("  /a\t/*/b/*\n    \t     ^"))
    }

    @Test func offsetsCountCharactersNotBytes() throws {
        let error = try #require(patternError("/café/*/x/*"))
        #expect(error.offset == 10)
    }

    /// Regression (found by the fuzzer, Fuzz/regressions/expansion-with-trailing-empty-segment): an
    /// expansion must read back as its own segments. A piece loses every leading and trailing `/`
    /// (the "Routing rules" article, *The text of an expansion*), so `://(a)` expands to `/:/a` and
    /// `/:`, never to a text ending in `/`.
    @Test func expansionsReadBackAsTheirOwnSegments() throws {
        #expect(try expand(pattern: "://(a)") == ["/:/a", "/:"])
        var generator = SeededGenerator(seed: 11)
        let pieces = ["/", "//", "a", ":p", ":q", "*", "(", ")", "(/b)", "(/:r)", "(/)", "#", ""]
        var checked = 0
        for _ in 0..<3_000 {
            let pattern = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            guard let expansions = try? OptionalGroupExpansion.expand(pattern) else { continue }
            for expansion in expansions where OptionalGroupExpansion.hasGroups(pattern) {
                let again = try OptionalGroupExpansion.expand(expansion.text)
                #expect(again.map(\.segments) == [expansion.segments], "\(pattern) → \(expansion.text)")
                checked += 1
            }
        }
        #expect(checked > 500)
    }

    /// Regression (Fuzz/regressions/slash-before-combining-mark): patterns split on the `/` byte, as
    /// JLRoutes splits on the UTF-16 unit, even where a combining mark makes `/` + mark one Character.
    @Test func slashBeforeACombiningMarkStillSeparates() throws {
        #expect(
            try OptionalGroupExpansion.expand("/a/\u{612}b")[0].segments == [
                .literal("a"), .literal("\u{612}b"),
            ])
        #expect(
            try OptionalGroupExpansion.expand("/:p/\u{612}/*")[0].segments == [
                .parameter("p"), .literal("\u{612}"), .wildcard,
            ])
    }

    /// Regression (Fuzz/regressions/parameter-name-starting-with-combining-mark): the joined
    /// parameter names are cut on the `/` byte too, where a name that starts with a combining mark
    /// makes `/` + mark one Character; URL building, which names the values, then finds them all.
    @Test func aParameterNameMayStartWithACombiningMark() throws {
        let pattern = try #require(try OptionalGroupExpansion.expand("\u{34E}w/:idew/:\u{34E}w/:iid").first)
        #expect(pattern.parameterNames == ["idew", "\u{34E}w", "iid"])
        #expect(pattern.parameters.map(\.segment) == [1, 2, 3])
        #expect(pattern.parameterIndex(of: "\u{34E}w") == 1)

        let router = Router()
        router.default.add(pattern: "\u{34E}w/:idew/:\u{34E}w/:iid")
        let url = try router.url(
            for: "\u{34E}w/:idew/:\u{34E}w/:iid", scheme: "myapp",
            parameters: ["idew": "1", "\u{34E}w": "2", "iid": "3"])
        #expect(url.absoluteString.hasSuffix("/1/2/3"), "\(url)")
    }
}
