import Foundation
import Testing

@testable import Routes
@testable import RoutesTestSupport

/// Where the pattern grammar meets printing and reading (issue 35, items 3, 5, 7 and 11): a
/// template's fixed text that starts with an escape, parameter names read with canonical
/// equivalence, a constrained capture's fragment mark, and wildcard components given for a
/// pattern without `*`.
@MainActor
struct GrammarSeamTests {
    /// A router whose `myapp` table reads braces, with `patterns` registered; each handler
    /// records its parameters' dictionary without the reserved keys.
    private func extended(_ patterns: [String], options: RouteOptions = [.decodePlusSymbols]) -> (
        Router, () -> [[String: String]]
    ) {
        let router = Router()
        router.myapp.options = options.union(.extendedPatterns)
        var received: [[String: String]] = []
        for pattern in patterns {
            router.myapp.add(pattern: pattern) { params in
                received.append(
                    params.dictionary.filter { !$0.key.hasPrefix("JLRoute") }.compactMapValues {
                        $0 as? String
                    })
                return true
            }
        }
        return (
            router,
            {
                defer { received = [] }
                return received
            }
        )
    }

    // MARK: Item 3: fixed text that starts with an escape

    /// `{first}%20{last}` (what `fixedTextNeedsEncoding` tells you to write for `{first} {last}`)
    /// printed a space in `first` as `%20`, where routing ends the capture.
    @Test func aValueWithASpaceBeforeAnEscapedSpacePrintsAndRoutesBack() throws {
        let (router, received) = extended(["/people/{first}%20{last}"])
        #expect(router.route(to: "myapp://people/Mary+Ann%20Smith"))
        #expect(received() == [["first": "Mary Ann", "last": "Smith"]])
        let url = try router.myapp.url(
            for: "/people/{first}%20{last}", parameters: ["first": "Mary Ann", "last": "Smith"])
        #expect(url.absoluteString == "myapp://people/Mary+Ann%20Smith")
        #expect(router.route(to: url))
        #expect(received() == [["first": "Mary Ann", "last": "Smith"]])
    }

    /// `{item}%C3%A9` printed `café` as `caf%C3%A9`, whose `%C3%A9` ends the capture at `caf`.
    @Test func aValueEndingInTheEscapedFixedTextPrintsAndRoutesBack() throws {
        let (router, received) = extended(["/menu/{item}%C3%A9"])
        let url = try router.myapp.url(for: "/menu/{item}%C3%A9", parameters: ["item": "café"])
        #expect(url.absoluteString == "myapp://menu/caf%c3%A9%C3%A9")
        #expect(router.route(to: url))
        #expect(received() == [["item": "café"]])
        // Escapes that spell the fixed text's first one are written in lowercase; others are not.
        let written = try router.myapp.url(for: "/menu/{item}%C3%A9", parameters: ["item": "aüé"])
        #expect(written.absoluteString == "myapp://menu/a%c3%BC%c3%A9%C3%A9")
        #expect(router.route(to: written))
        #expect(received() == [["item": "aüé"]])
    }

    /// Without plus decoding a space has one spelling, `%20`, which would end the capture: the
    /// URL cannot be printed, and `url(for:)` says which value.
    @Test func aValueThatOnlyTheFixedTextCanSpellIsRefusedWithItsKey() throws {
        let (router, _) = extended(["/people/{first}%20{last}"], options: [])
        #expect(
            throws: URLBuildingError(
                pattern: "/people/{first}%20{last}", reason: .valueNotReadBack(key: "first"))
        ) {
            try router.myapp.url(
                for: "/people/{first}%20{last}", parameters: ["first": "Mary Ann", "last": "S"])
        }
        // A space in the last capture, which nothing follows, prints as `%20`.
        let url = try router.myapp.url(
            for: "/people/{first}%20{last}", parameters: ["first": "Mary", "last": "Ann Smith"])
        #expect(url.absoluteString == "myapp://people/Mary%20Ann%20Smith")
    }

    /// Every value printed between escaped fixed texts routes back to itself, or printing
    /// throws: a sweep over values made of the escapes' own characters. Where every character
    /// has a spelling that does not start as the fixed text (an escape with a letter, `%20`
    /// where `+` is a space), every value prints.
    @Test func printedTemplatesWithEscapedFixedTextRouteBackOrThrow() throws {
        let plus: RouteOptions = [.decodePlusSymbols]
        let cases: [(String, RouteOptions, alwaysPrints: Bool)] = [
            ("/e/{a}%20{b}", plus, true), ("/e/{a}%20{b}", [], false), ("/e/{a}%C3%A9{b}", [], true),
            ("/e/{a}%2Fx{b}", [], true), ("/e/{a}-x{b}", plus, true), ("/e/{a}%25{b}", plus, false),
            ("/e/{a}%2B{b}", plus, true), ("/e/{a}%20x{b}", [], false),
        ]
        let pieces = ["a", " ", "é", "%", "+", "/", "%20", "x", "ü", "É", "-", "%C3%A9"]
        for (pattern, options, alwaysPrints) in cases {
            let (router, received) = extended([pattern], options: options)
            var printed = 0
            for first in pieces {
                for second in pieces {
                    let parameters = ["a": first + second, "b": "z"]
                    let url: URL
                    if alwaysPrints {
                        url = try router.myapp.url(for: pattern, parameters: parameters)
                    } else {
                        guard let built = try? router.myapp.url(for: pattern, parameters: parameters) else {
                            continue
                        }
                        url = built
                    }
                    printed += 1
                    #expect(router.route(to: url), "\(pattern) \(url)")
                    #expect(received() == [parameters], "\(pattern) \(url)")
                }
            }
            // Values without the fixed text's characters print everywhere.
            #expect(printed >= 9, "\(pattern)")
        }
    }

    // MARK: Item 5: parameter names compare with canonical equivalence

    /// With two parameters, a name read with canonical equivalence (`cafe\u{301}` for `café`)
    /// missed the route value and read a query item of that name.
    @Test func aCanonicallyEqualKeyReadsTheRouteValueNotTheQuery() {
        for pattern in ["/two/:café/:b", "/one/:café"] {
            let router = Router()
            var read: [String?] = []
            var fromDictionary: String?
            router.myapp.add(pattern: pattern) { params in
                read = [
                    params["cafe\u{301}"] as? String, params.string("cafe\u{301}"), params["café"] as? String,
                ]
                fromDictionary = params.dictionary["cafe\u{301}"] as? String
                return true
            }
            let path = pattern.hasPrefix("/two") ? "two/x/y" : "one/x"
            #expect(router.route(to: "myapp://\(path)?caf%C3%A9=evil&cafe%CC%81=evil"))
            #expect(read == ["x", "x", "x"], "\(pattern)")
            #expect(fromDictionary == "x", "\(pattern)")
        }
    }

    /// A name written decomposed is read by its precomposed spelling, and a name that a sign
    /// canonically equal to ASCII spells (`\u{212A}`, Kelvin, is `K`) by its ASCII one.
    @Test func canonicalEquivalenceHoldsWhicheverSideIsNotASCII() {
        let router = Router()
        var read: [String?] = []
        router.myapp.add(pattern: "/k/:cafe\u{301}/:\u{212A}/:z") { params in
            read = [
                params.string("café"), params.string("K"), params.string("\u{212A}"),
                params.int("K").map(String.init),
                params.string("z"), params.string("cafe"), params.string("k"),
            ]
            return true
        }
        #expect(router.route(to: "myapp://k/v/7/w?cafe=q&k=q"))
        #expect(read == ["v", "7", "7", "7", "w", "q", "q"])
        // ASCII names, a key that is not ASCII.
        router.myapp.add(pattern: "/a/:K/:x") { params in
            read = [params.string("\u{212A}"), params.string("x\u{301}")]
            return true
        }
        #expect(router.route(to: "myapp://a/7/w?x%CC%81=q"))
        #expect(read == ["7", "q"])
    }

    /// A key with a `/` is no parameter name, canonical comparison included.
    @Test func aKeyWithASlashIsNoNameWhenComparedCanonically() {
        let router = Router()
        var read: String?
        router.myapp.add(pattern: "/s/:é/:e\u{301}x") { params in
            read = params.string("é/e\u{301}x")
            return true
        }
        #expect(router.route(to: "myapp://s/a/b"))
        #expect(read == nil)
    }

    // MARK: Item 7: a constrained capture's fragment mark

    /// `{id:int}#/comments` required the `#`, where `:id#/comments` and `{id}#/comments` match
    /// `…/7/comments` too.
    @Test func aConstrainedCaptureWithAFragmentMarkMatchesWithoutTheHash() throws {
        for pattern in ["/post/{id:int}#/comments", "/post/:id#/comments", "/post/{id}#/comments"] {
            let (router, received) = extended([pattern])
            #expect(router.route(to: "myapp://post/7/comments"), "\(pattern)")
            #expect(router.route(to: "myapp://post/7#/comments"), "\(pattern)")
            #expect(received() == [["id": "7"], ["id": "7"]], "\(pattern)")
            #expect(!router.route(to: "myapp://post/7/likes"), "\(pattern)")
            // Printed with the fragment, as the mark says.
            let url = try router.myapp.url(for: pattern, parameters: ["id": 7])
            #expect(url.absoluteString == "myapp://post/7#/comments", "\(pattern)")
        }
        let (router, received) = extended(["/post/{id:int}#/comments", "/post/:slug/comments"])
        #expect(router.route(to: "myapp://post/hello/comments"))
        #expect(received() == [["slug": "hello"]])
    }

    /// Beside fixed text too: `v{n:int}#` matches `v2` and `v2#`, like `:n#`.
    @Test func aTemplateEndingInACaptureAndAMarkMatchesWithoutTheHash() throws {
        let (router, received) = extended(["/api/v{n:int}#/:page"])
        #expect(router.route(to: "myapp://api/v2/docs"))
        #expect(router.route(to: "myapp://api/v2#/docs"))
        #expect(received() == [["n": "2", "page": "docs"], ["n": "2", "page": "docs"]])
        #expect(!router.route(to: "myapp://api/vx/docs"))
        let url = try router.myapp.url(for: "/api/v{n:int}#/:page", parameters: ["n": 2, "page": "docs"])
        #expect(url.absoluteString == "myapp://api/v2#/docs")
    }

    // MARK: Item 11: wildcard components for a pattern without `*`

    /// Wildcard components given for a definition without `*` were dropped (`/` built).
    @Test func wildcardComponentsForAPatternWithoutAWildcardThrow() throws {
        let table = Router().default
        table.add(pattern: "/") { _ in true }
        table.add(pattern: "/a(/*)") { _ in true }
        table.add(pattern: "/b(/:x/*)") { _ in true }
        #expect(
            throws: URLBuildingError(pattern: "/", reason: .wildcardComponentsWithoutWildcard)
        ) {
            try table.url(for: "/", parameters: [RouteParameters.Keys.wildcard: ["a"]])
        }
        // No components, nothing dropped.
        #expect(
            try table.url(for: "/", parameters: [RouteParameters.Keys.wildcard: [String]()]).absoluteString
                == "/")
        // An expansion with a `*` carries them; without its other values, the reason names them.
        #expect(
            try table.url(for: "/a(/*)", parameters: [RouteParameters.Keys.wildcard: ["x", "y"]])
                .absoluteString
                == "/a/x/y")
        #expect(
            throws: URLBuildingError(pattern: "/b(/:x/*)", reason: .missingParameter("x"))
        ) {
            try table.url(for: "/b(/:x/*)", parameters: [RouteParameters.Keys.wildcard: ["y"]])
        }
        let error = URLBuildingError(pattern: "/", reason: .wildcardComponentsWithoutWildcard)
        #expect(error.description.contains("has no *"))
    }
}
