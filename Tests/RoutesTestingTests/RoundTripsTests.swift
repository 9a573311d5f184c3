import Foundation
import Routes
import RoutesTesting
import Testing

/// `checkRoundTrips(typed:samples:)`: every route built from samples, routed back, compared.
@MainActor @Suite struct RoundTripsTests {
    struct UserLink: TypedRoute, Equatable {
        static let pattern = "/member/{id:int}"
        var id: Int
        var ref: String?
    }

    /// Lowercases its name when read: the value does not come back.
    struct TagLink: TypedRoute, Equatable {
        static let pattern = "/tag/:name"
        var name: String

        init(name: String) { self.name = name }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name).lowercased()
        }
    }

    @Test func everyRouteOfEveryTableComesBack() {
        let router = Router()
        router.myapp.options = [.extendedPatterns]
        router.myapp.add(pattern: "/user/{id:int}(/{tab:posts|likes})") { _ in true }
        router.myapp.add(pattern: "/post/:slug/*") { _ in true }
        router.myapp.add(pattern: "/v{major:int}.{minor:int}/{on:bool}") { _ in true }
        router.myapp.add(pattern: "/item/{id:uuid}/{price:double}") { _ in true }
        router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
        router.https.hosts = ["*.example.com"]
        router.https.add(pattern: "/p/:id") { _ in true }
        router.default.add(pattern: "/help/:topic") { _ in true }
        router.myapp.add(UserLink.self) { _ in true }

        let report = router.checkRoundTrips(typed: [UserLink(id: 7, ref: "a b")])
        #expect(report.isEmpty, "\(report)")
        #expect(
            report.trips.map { "\($0.scheme ?? "-") \($0.pattern) \($0.url ?? "-")" } == [
                "JLRoutesGlobalRoutesScheme /help/:topic /help/1",
                "https /p/:id https://www.example.com/p/1",
                "myapp /user/{id:int}/{tab:posts|likes} myapp://user/1/posts",
                "myapp /user/{id:int}/{tab:posts|likes} myapp://user/1/likes",
                "myapp /user/{id:int} myapp://user/1",
                "myapp /post/:slug/* myapp://post/1/w1/w2",
                // A first segment with a `.` would be read as a host: the builder writes none.
                "myapp /v{major:int}.{minor:int}/{on:bool} myapp:///v1.2/true",
                "myapp /v{major:int}.{minor:int}/{on:bool} myapp:///v1.2/false",
                "myapp /item/{id:uuid}/{price:double} myapp://item/00000000-0000-0000-0000-000000000001/2.5",
                "myapp /u/:id myapp://u/1",
                "myapp /member/{id:int} myapp://member/1",
                "myapp /member/{id:int} myapp://member/7?ref=a%20b",
            ])
        #expect(report.description.hasPrefix("12 round trips: each comes back"))
    }

    @Test func aRouteAskedFirstIsNamedWithTheRouteThatDoesNotComeBack() throws {
        let router = Router()
        router.myapp.add(pattern: "/user/:id") { _ in true }
        router.myapp.add(pattern: "/user/:name") { _ in true }
        router.myapp.add(pattern: "/post/:id") { _ in true }
        let report = router.checkRoundTrips()
        let failure = try #require(report.failures.first)
        #expect(report.failures.count == 1)
        #expect(failure.scheme == "myapp")
        #expect(failure.pattern == "/user/:name")
        #expect(failure.url == "myapp://user/1")
        #expect(failure.reason == "routed back, /user/:id in myapp is asked first")
        #expect(
            report.description == """
                1 of 3 round trips fails:
                /user/:name in myapp: myapp://user/1
                  routed back, /user/:id in myapp is asked first
                """)
    }

    @Test func anAppTypeGetsASampleItAcceptsOrTheOneGiven() throws {
        let router = Router()
        router.addParameterType("color") { ["red", "green"].contains($0) }
        router.addParameterType("slug") { $0.allSatisfy { $0.isLowercase || $0.isNumber } }
        router.myapp.options = [.extendedPatterns]
        router.myapp.add(pattern: "/paint/{c:color}") { _ in true }
        router.myapp.add(pattern: "/page/{n:slug}") { _ in true }

        let without = router.checkRoundTrips()
        let failure = try #require(without.failures.first)
        #expect(without.failures.count == 1)
        #expect(failure.pattern == "/paint/{c:color}")
        #expect(failure.url == nil)
        #expect(
            failure.reason
                == "no sample value for {c:color}: the type color accepts none of 1, a1, A1, 1.5, true, a;"
                + " give one in samples: [\"c\": ...]")
        // `slug` takes the first candidate; `color` the value given.
        #expect(without.trips.map(\.url) == [nil, "myapp://page/1"])
        let given = router.checkRoundTrips(samples: ["c": "red", "n": "x9"])
        #expect(given.isEmpty, "\(given)")
        #expect(given.trips.map(\.url) == ["myapp://paint/red", "myapp://page/x9"])
    }

    @Test func aValueThatDoesNotComeBackIsNamedWithTheReason() throws {
        let router = Router()
        router.myapp.options = [.extendedPatterns]
        router.myapp.add(pattern: "/n/{id:int}") { _ in true }
        router.myapp.add(TagLink.self) { _ in true }
        let report = router.checkRoundTrips(
            typed: [TagLink(name: "Swift"), UserLink(id: 1)], samples: ["id": "x"])
        #expect(
            report.failures.map { "\($0.pattern) | \($0.url ?? "-") | \($0.reason ?? "")" } == [
                "/n/{id:int} | - | Cannot build a URL for \"/n/{id:int}\": the value of \"id\" is not one its pattern accepts",
                "/tag/:name | myapp://tag/Swift | myapp://tag/Swift \"name\" was [\"Swift\"], reads back as [\"swift\"];"
                    + " myapp://tag/Swift the value read back is not == to the value given",
                "/member/{id:int} | - | UserLink: no table registers its pattern",
            ])
        // The value given replaces the one made: no trip with a made `id`.
        #expect(
            report.trips.map { "\($0.pattern) \($0.url ?? "-")" } == [
                "/n/{id:int} -", "/tag/:name myapp://tag/1", "/tag/:name myapp://tag/Swift",
                "/member/{id:int} -",
            ])
        #expect(report.description.hasPrefix("3 of 4 round trips fail:\n/n/{id:int} in myapp: no URL\n"))
    }

    @Test func aMapIsCheckedAsARouter() throws {
        let screens = RouteMap<Int>()
        screens.myapp.add(pattern: "/user/:id(/:tab)") { $0.int("id") }
        screens.myapp.add(pattern: "/user/:id/more") { _ in 0 }
        let report = screens.checkRoundTrips()
        #expect(
            report.trips.compactMap(\.url) == ["myapp://user/1/2", "myapp://user/1", "myapp://user/1/more"])
        let failure = try #require(report.failures.first)
        #expect(report.failures.count == 1)
        #expect(failure.pattern == "/user/:id/more")
        #expect(failure.reason == "routed back, /user/:id/:tab in myapp is asked first")
    }
}
