import Foundation
import Routes
import RoutesTesting
import Testing

@testable import RoutesTestSupport

/// Lint on extended patterns (the routing tests are in RoutesTests' `ExtendedPatternTests`).
@MainActor
struct ExtendedPatternTests {
    @Test func lintReportsShadowingAndBracesThatATableDoesNotRead() {
        let (router, _) = extended(["/post/:slug", "/post/{id:int}", "/post/{id:int}/x", "/post/:a/x"])
        let kinds = router.lint().map { "\($0.kind) \($0.pattern)" }
        #expect(kinds == ["shadowed /post/{id:int}"])
        let plain = Router()
        plain.myapp.add(pattern: "/post/{id}") { _ in true }
        #expect(plain.lint().map(\.kind) == [.bracesWithoutExtendedPatterns])
    }

    @Test func withBracesReadAColonNameWithABraceIsReadByTheirGrammar() {
        let (router, reached) = extended(["/x/:n{a}", "/:x|y"])
        #expect(router.route(to: "myapp://x/:nvalue"))
        #expect(router.route(to: "myapp://anything"))
        #expect(
            reached() == [
                #"/x/:n{a} [(key: "a", value: "value")]"#, #"/:x|y [(key: "x|y", value: "anything")]"#,
            ])
        let plain = Router()
        plain.myapp.add(pattern: "/:x|y") { _ in true }
        plain.myapp.add(pattern: "/a|b/:id{int}") { _ in true }
        #expect(
            plain.lint().map { "\($0.kind) \($0.pattern)" } == ["bracesWithoutExtendedPatterns /a|b/:id{int}"]
        )
    }

    @Test func aGuardWithBracesInAPlainTableIsALintFinding() {
        let router = Router()
        router.myapp.add(pattern: "/user/:id") { _ in true }
        router.myapp.addGuard(for: "/user/{id:int}") { _ in .refuse }
        #expect(
            router.lint().map { "\($0.kind) \($0.pattern)" }.contains(
                "bracesWithoutExtendedPatterns /user/{id:int}"))
    }

    @Test func lintSeesNoLoopThroughAnInnerWildcardWithAnotherPrefix() {
        let router = Router()
        router.myapp.addRedirect(from: "/o2/*", to: "/n2/*/end")
        router.myapp.add(pattern: "/n2/*/end") { _ in true }
        #expect(!router.lint().contains { $0.kind == .redirectLoop })
        #expect(router.route(to: "myapp://o2/a"))
        router.myapp.addRedirect(from: "/o7/*", to: "/*/end")
        #expect(router.lint().contains { $0.kind == .redirectLoop && $0.pattern == "/o7/*" })
    }

    /// A brace is a byte: followed by a combining mark it is still a brace (found by the fuzzer).
    @Test func aBraceBeforeACombiningMarkIsABrace() {
        let plain = Router()
        plain.myapp.add(pattern: "/user/{\u{6DB}a}") { _ in true }
        #expect(plain.lint().map(\.kind) == [.bracesWithoutExtendedPatterns])
        let (router, reached) = extended(["/user/{\u{6DB}a}"])
        #expect(router.route(to: "myapp://user/7"))
        #expect(reached().map { $0.hasSuffix(#"value: "7")]"#) } == [true])
    }

    /// Lint's `.shadowed` sees a capture whose constraint takes every value of a later
    /// segment, except where a host may fill it (compared ignoring case as a literal).
    @Test func lintSeesACaptureThatTakesEveryValueOfALaterSegment() {
        let (router, _) = extended([
            "/x/{t:a|b|c}", "/x/{u:a|b}", "/x/a", "/y/{v:bool}", "/y/yes", "/{w:a|b}", "/a",
        ])
        #expect(
            router.lint().map { "\($0.kind) \($0.pattern) \($0.earlierPattern ?? "")" } == [
                "shadowed /x/{u:a|b} /x/{t:a|b|c}", "shadowed /x/a /x/{t:a|b|c}",
                "shadowed /y/yes /y/{v:bool}",
            ])
    }
}
