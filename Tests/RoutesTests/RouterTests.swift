import Foundation
import Testing

@testable import Routes

@Suite struct RouterTests {
    let router = Router()
    let recorder = Recorder()

    @Test func schemeTablesAreFoundIgnoringCase() {
        #expect(router["Alpha"] === router["alpha"])
        #expect(router.alpha === router["ALPHA"])
        #expect(router[Router.defaultScheme] === router.default)
        #expect(router["jlroutesglobalroutesscheme"] === router.default)
        router.Alpha.add(pattern: "/home", handler: recorder.handler("alpha"))
        #expect(router.route(to: "ALPHA://home"))
        #expect(router.route(to: "alpha://home"))
        #expect(recorder.labels == ["alpha", "alpha"])
        #expect(recorder.last?[Definition.Keys.scheme] as? String == "Alpha")
        #expect(router.schemes == ["Alpha"])
    }

    @Test func urlsOfUnknownSchemesUseTheGlobalTable() {
        router.default.add(pattern: "/home", handler: recorder.handler("global"))
        _ = router.alpha
        #expect(router.route(to: "beta://home"))
        #expect(router.route(to: "/home"))
        #expect(!router.route(to: "alpha://home"))
        #expect(recorder.labels == ["global", "global"])
    }

    @Test func tableRouteIgnoresTheURLScheme() {
        router.alpha.add(pattern: "/home", handler: recorder.handler("alpha"))
        #expect(router.alpha.route(to: "beta://home"))
        #expect(!router.default.route(to: "alpha://home"))
    }

    @Test func unregisteringSchemes() {
        router.alpha.add(pattern: "/a", handler: recorder.handler("alpha"))
        router.default.add(pattern: "/a", handler: recorder.handler("global"))
        router.default.shouldFallback = true
        router.unregister(scheme: "ALPHA")
        #expect(router.schemes.isEmpty)
        #expect(router.alpha.definitions.isEmpty)
        router.alpha.add(pattern: "/b")
        router.unregister(scheme: Router.defaultScheme)
        #expect(router.default.definitions.isEmpty)
        #expect(!router.default.shouldFallback)
        router.unregisterAll()
        #expect(router.schemes.isEmpty)
        #expect(!router.route(to: "alpha://b"))
        #expect(recorder.calls.isEmpty)
    }

    @Test func schemesAreInOrderWhateverTheOrderTheirTablesWereMadeIn() {
        // The tables are kept in the order of their schemes as they are made (no sort when read).
        for scheme in ["myapp", "Beta", "alpha", "zeta", "beta2"] { _ = router[scheme] }
        #expect(router.schemes == ["Beta", "alpha", "beta2", "myapp", "zeta"])
        router.unregister(scheme: "alpha")
        _ = router["MYAPP"]
        _ = router["gamma"]
        #expect(router.schemes == ["Beta", "beta2", "gamma", "myapp", "zeta"])
    }

    @Test func routersAreIndependent() {
        let other = Router()
        router.default.add(pattern: "/a", handler: recorder.handler("first"))
        #expect(!other.route(to: "myapp://a"))
        #expect(router.route(to: "myapp://a"))
    }

    @Test func routesURLStringSubstringAndCustomTypes() throws {
        struct Link: URLConvertible {
            var text: String
            var routeInput: RouteInput { RouteInput(text) }
        }
        router.default.add(pattern: "/user/:id", handler: recorder.handler("user"))
        #expect(router.route(to: try #require(URL(string: "myapp://user/1"))))
        #expect(router.route(to: "xx myapp://user/2".dropFirst(3)))
        #expect(router.route(to: Link(text: "myapp://user/3")))
        #expect(recorder.calls.map { $0["id"] as? String } == ["1", "2", "3"])
        #expect(recorder.last?[Definition.Keys.url] as? URL == URL(string: "myapp://user/3"))
    }

    @Test func urlsThatFoundationMustEncodeStillRoute() {
        router.default.add(pattern: "/search/:term", handler: recorder.handler("search"))
        #expect(router.route(to: "myapp://search/caf\u{e9} au lait"))
        #expect(recorder.last?["term"] as? String == "café au lait")
        #expect(router.route(to: "myapp://user:pw@search:8080/x?q=[1]"))
        #expect(recorder.last?["term"] as? String == "x")
        #expect(recorder.last?["q"] as? String == "[1]")
    }
}
