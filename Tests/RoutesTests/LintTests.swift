import Testing

@testable import Routes

@Suite struct LintTests {
    let router = Router()

    @Test func findsDuplicatesRenamedParametersAndShadowedRoutes() {
        router.default.add(pattern: "/user/:id")
        router.default.add(pattern: "/user/:id")
        router.default.add(pattern: "/user/:userID")
        router.default.add(pattern: "/user/new")
        router.default.add(pattern: "/files/*")
        router.default.add(pattern: "/files/a/b")
        router.default.add(pattern: "/post/new", priority: 1)
        router.default.add(pattern: "/post/:id")
        router.default.add(pattern: "/user/")
        let warnings = router.lint()
        #expect(warnings.map(\.kind) == [.duplicate, .parameterNamesOnly, .shadowed, .shadowed])
        #expect(warnings.map(\.pattern) == ["/user/:id", "/user/:userID", "/user/new", "/files/a/b"])
        #expect(warnings.map(\.earlierPattern) == ["/user/:id", "/user/:id", "/user/:id", "/files/*"])
        #expect(warnings.allSatisfy { $0.scheme == Router.defaultScheme })
        #expect(
            warnings[1].description
                == "[JLRoutesGlobalRoutesScheme] /user/:userID differs from /user/:id only in parameter names; it runs only if /user/:id declines"
        )
    }

    @Test func wildcardExpansionsShadowTheShorterOne() {
        router.alpha.add(pattern: "/files(/*)")
        #expect(
            router.lint().map(\.description) == [
                "[alpha] /files is shadowed by /files/*, which matches every URL it matches; it runs only if /files/* declines"
            ])
    }

    @Test func narrowerOrDisjointPatternsAreFine() {
        router.default.add(pattern: "/user/new")
        router.default.add(pattern: "/user/:id")
        router.default.add(pattern: "/user/:id/*")
        router.default.add(pattern: "/a/:x")
        router.default.add(pattern: "/a/")  // one segment: "a"
        router.default.add(pattern: "/b/:x/c")
        router.default.add(pattern: "/b//c")  // an empty segment cannot match ":x"
        #expect(router.lint().isEmpty)
    }

    @Test func coverageAgreesWithMatchingOnRandomPatterns() {
        var generator = SeededGenerator(seed: 42)
        var checked = 0
        for _ in 0..<2_000 {
            let router = Router()
            let first = DifferentialTests.randomPattern(using: &generator)
            let second = DifferentialTests.randomPattern(using: &generator)
            guard let a = router.default.add(pattern: first).first,
                let b = router.default.add(pattern: second).first
            else { continue }
            guard a.parsed.covers(b.parsed) else { continue }
            // Whatever URL matches b must match a.
            for _ in 0..<30 {
                let url = DifferentialTests.randomURL(using: &generator)
                guard let parts = URLParts(string: url) else { continue }
                let segments = RouteRequest(parts: parts, options: []).segments
                if b.parsed.verdict(for: segments) == .matches {
                    checked += 1
                    #expect(a.parsed.verdict(for: segments) == .matches, "\(first) covers \(second)? \(url)")
                }
            }
        }
        #expect(checked > 20)
    }
}
