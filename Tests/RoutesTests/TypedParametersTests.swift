import Foundation
import Testing

@testable import Routes

@Suite struct TypedParametersTests {
    enum Tab: String { case posts, likes }
    enum Kind: String { case fire, water }

    func parameters(_ url: String, pattern: String = "/p/:id", extra: [String: Any] = [:]) throws
        -> RouteParameters
    {
        let router = Router()
        var captured: RouteParameters?
        router.default.add(pattern: pattern) { params in
            captured = params
            return true
        }
        router.route(to: url, parameters: extra)
        return try #require(captured)
    }

    @Test func numbersAndText() throws {
        let params = try parameters("myapp://p/42?lat=48.85&name=Ada+L&bad=4x2")
        #expect(params.int("id") == 42)
        #expect(params.string("id") == "42")
        #expect(params.double("lat") == 48.85)
        #expect(params.value("id", as: Int8.self) == 42)
        #expect(params.string("name") == "Ada L")
        #expect(params.int("bad") == nil)
        #expect(params.int("missing") == nil)
        #expect(params.value("id", as: UInt.self) == 42)
    }

    @Test func booleans() throws {
        let params = try parameters("myapp://p/1?a=true&b=NO&c=1&d=0&e=Yes&f=maybe")
        #expect(params.bool("a") == true)
        #expect(params.bool("b") == false)
        #expect(params.bool("c") == true)
        #expect(params.bool("d") == false)
        #expect(params.value("e", as: Bool.self) == true)
        #expect(params.bool("f") == nil)
    }

    @Test func uuidsURLsAndEnums() throws {
        let id = UUID()
        let params = try parameters(
            "myapp://p/\(id.uuidString)?next=https%3A%2F%2Fexample.com%2Fa&tab=posts&rel=b")
        #expect(params.value("id", as: UUID.self) == id)
        #expect(params.value("next", as: URL.self) == URL(string: "https://example.com/a"))
        #expect(params.value("rel", as: URL.self) == nil)
        #expect(params.value("tab", as: Tab.self) == .posts)
        #expect(params.value("id", as: Tab.self) == nil)
    }

    @Test func arraysFromRepeatedKeysOrCommas() throws {
        let params = try parameters("myapp://p/1?types=fire,water&ids=1&ids=2&ids=3&mixed=1,x")
        #expect(params.values("types", as: String.self) == ["fire", "water"])
        #expect(params.values("types", as: Kind.self) == [.fire, .water])
        #expect(params.values("ids", as: Int.self) == [1, 2, 3])
        #expect(params.values("mixed", as: Int.self) == nil)
        #expect(params.values("missing", as: Int.self) == nil)
        #expect(params.values("id", as: Int.self) == [1])
    }

    @Test func extraParametersKeepTheirType() throws {
        let params = try parameters("myapp://p/1", extra: ["count": 3, "flag": true, "tab": Tab.likes])
        #expect(params.int("count") == 3)
        #expect(params.bool("flag") == true)
        #expect(params.value("tab", as: Tab.self) == .likes)
        #expect(params.string("count") == "3")
    }

    @Test func decliningOnAnUnparsableValueTriesTheNextRoute() {
        let router = Router()
        var seen: [String] = []
        router.default.add(pattern: "/post/:id") { params in
            guard let id = params.int("id") else { return false }
            seen.append("number \(id)")
            return true
        }
        router.default.add(pattern: "/post/:slug") { params in
            seen.append("slug \(params.string("slug") ?? "")")
            return true
        }
        router.route(to: "myapp://post/7")
        router.route(to: "myapp://post/hello")
        #expect(seen == ["number 7", "slug hello"])
    }
}
