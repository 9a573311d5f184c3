import Foundation
import Testing

@testable import Routes

@Suite struct TypedParametersTests {
    enum Tab: String { case posts, likes }
    enum Kind: String { case fire, water }
    enum Level: Int {
        case low = 1
        case high = 2
    }

    func parameters(_ url: String, pattern: String = "/p/:id", extra: [String: Any] = [:]) throws
        -> RouteParameters
    {
        try #require(routedParameters(url, to: pattern, extra: extra))
    }

    /// Parameters whose query item `v` has exactly `text` as its value.
    func parameters(text: String) throws -> RouteParameters {
        let encoded = try #require(text.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        return try parameters("myapp://p/1?v=\(encoded)")
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

    /// The disagreement this API once had: the inferred form read `Bool("yes")`, which is `nil`.
    @Test func theInferredFormReadsBooleansByTheSameRules() throws {
        let params = try parameters("myapp://p/1?debug=yes&quiet=No")
        let debug: Bool? = params.value("debug")
        let quiet: Bool? = params.value("quiet")
        #expect(debug == true)
        #expect(quiet == false)
    }

    @Test func uuidsURLsAndEnums() throws {
        let id = UUID()
        let params = try parameters(
            "myapp://p/\(id.uuidString)?next=https%3A%2F%2Fexample.com%2Fa&tab=posts&rel=b&level=2")
        #expect(params.value("id", as: UUID.self) == id)
        #expect(params.value("next", as: URL.self) == URL(string: "https://example.com/a"))
        #expect(params.value("rel", as: URL.self) == nil)
        #expect(params.value("tab", as: Tab.self) == .posts)
        #expect(params.value("id", as: Tab.self) == nil)
        #expect(params.value("level", as: Level.self) == .high)
        #expect(params.value("tab", as: Level.self) == nil)
        let session: UUID? = params.value("id")
        let next: URL? = params.value("next")
        let tab: Tab? = params.value("tab")
        #expect(session == id)
        #expect(next == URL(string: "https://example.com/a"))
        #expect(tab == .posts)
    }

    @Test func arraysFromRepeatedKeysOrCommas() throws {
        let params = try parameters("myapp://p/1?types=fire,water&ids=1&ids=2&ids=3&mixed=1,x&flags=yes,0")
        #expect(params.values("types", as: String.self) == ["fire", "water"])
        #expect(params.values("types", as: Kind.self) == [.fire, .water])
        #expect(params.values("ids", as: Int.self) == [1, 2, 3])
        #expect(params.values("mixed", as: Int.self) == nil)
        #expect(params.values("missing", as: Int.self) == nil)
        #expect(params.values("id", as: Int.self) == [1])
        #expect(params.values("flags", as: Bool.self) == [true, false])
        let flags: [Bool]? = params.values("flags")
        #expect(flags == [true, false])
        // A scalar accessor reads the first value of a repeated key.
        #expect(params.int("ids") == 1)
        #expect(params.string("ids") == "1")
    }

    @Test func extraParametersKeepTheirType() throws {
        let params = try parameters("myapp://p/1", extra: ["count": 3, "flag": true, "tab": Tab.likes])
        #expect(params.int("count") == 3)
        #expect(params.bool("flag") == true)
        #expect(params.value("tab", as: Tab.self) == .likes)
        #expect(params.string("count") == "3")
    }

    /// Extra parameters of another type are read through their text, as URL building writes it.
    @Test func extraParametersOfAnotherTypeAreReadThroughTheirText() throws {
        struct Token: Equatable { let value: Int }
        let id = UUID()
        let extra: [String: Any] = [
            "small": Int8(5), "some": Optional(7) as Any, "none": Optional<Int>.none as Any, "tab": Tab.likes,
            "level": Level.high, "id": id, "ids": [1, 2], "maybe": [Optional(1), nil, Optional(3)],
            "token": Token(value: 1), "enums": [Tab.posts, Tab.likes],
        ]
        let params = try parameters("myapp://p/1", extra: extra)
        #expect(params.int("small") == 5)
        #expect(params.string("small") == "5")
        #expect(params.int("some") == 7)
        #expect(params.string("some") == "7")
        #expect(params.int("none") == nil)
        #expect(params.string("none") == nil)
        #expect(params.string("tab") == "likes")
        #expect(params.string("level") == "2")
        #expect(params.int("level") == 2)
        #expect(params.string("id") == id.uuidString)
        #expect(params.values("ids", as: Int.self) == [1, 2])
        #expect(params.values("ids", as: String.self) == ["1", "2"])
        #expect(params.int("ids") == 1)
        #expect(params.values("maybe", as: Int.self) == [1, 3])
        #expect(params.value("token", as: Token.self) == Token(value: 1))
        #expect(params.int("token") == nil)
        #expect(params.values("enums", as: Tab.self) == [.posts, .likes])
        #expect(params.values("enums", as: String.self) == ["posts", "likes"])
    }

    static let texts = [
        "42", "-7", "+3", "0", "1", "300", "1.5", "1e3", "-0.25", "inf", "nan", "yes", "NO", "true", "False",
        "Yes",
        "abc", "", " 1", "posts", "likes", "2", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "https://example.com/a?b=c", "myapp://user/7", "rel/path",
        "9223372036854775808", "é",
    ]

    /// Each accessor, `value(_:as:)` with that type, and the inferred form give the same answer,
    /// and that answer follows the documented rules.
    @Test(arguments: texts)
    func everyAccessorAgreesWithItsGenericAndInferredForms(text: String) throws {
        let params = try parameters(text: text)
        let lowered = text.lowercased()
        let expectedBool: Bool? =
            ["true", "1", "yes"].contains(lowered)
            ? true : ["false", "0", "no"].contains(lowered) ? false : nil
        let expectedURL = URL(string: text).flatMap { $0.scheme == nil ? nil : $0 }

        let string: String? = params.value("v")
        #expect(params.string("v") == text)
        #expect(params.value("v", as: String.self) == text)
        #expect(string == text)

        let int: Int? = params.value("v")
        #expect(params.int("v") == Int(text))
        #expect(params.value("v", as: Int.self) == Int(text))
        #expect(int == Int(text))

        let double: Double? = params.value("v")
        #expect(params.double("v")?.bitPattern == Double(text)?.bitPattern)
        #expect(params.value("v", as: Double.self)?.bitPattern == Double(text)?.bitPattern)
        #expect(double?.bitPattern == Double(text)?.bitPattern)

        let bool: Bool? = params.value("v")
        #expect(params.bool("v") == expectedBool)
        #expect(params.value("v", as: Bool.self) == expectedBool)
        #expect(bool == expectedBool)

        let uuid: UUID? = params.value("v")
        #expect(params.value("v", as: UUID.self) == UUID(uuidString: text))
        #expect(uuid == UUID(uuidString: text))

        let url: URL? = params.value("v")
        #expect(params.value("v", as: URL.self) == expectedURL)
        #expect(url == expectedURL)

        let tab: Tab? = params.value("v")
        #expect(params.value("v", as: Tab.self) == Tab(rawValue: text))
        #expect(tab == Tab(rawValue: text))

        let level: Level? = params.value("v")
        #expect(params.value("v", as: Level.self) == Int(text).flatMap(Level.init(rawValue:)))
        #expect(level == Int(text).flatMap(Level.init(rawValue:)))

        let small: Int8? = params.value("v")
        let unsigned: UInt64? = params.value("v")
        let float: Float? = params.value("v")
        #expect(params.value("v", as: Int8.self) == Int8(text))
        #expect(small == Int8(text))
        #expect(params.value("v", as: UInt64.self) == UInt64(text))
        #expect(unsigned == UInt64(text))
        #expect(params.value("v", as: Float.self)?.bitPattern == Float(text)?.bitPattern)
        #expect(float?.bitPattern == Float(text)?.bitPattern)

        let bools: [Bool]? = params.values("v")
        let ints: [Int]? = params.values("v")
        #expect(params.values("v", as: Bool.self) == bools)
        #expect(params.values("v", as: Int.self) == ints)
    }

    @Test func aTypeWithoutTextRulesReadsNilUnlessAnExtraParameterHasIt() throws {
        struct Point: Equatable { var x = 0 }
        let params = try parameters("myapp://p/1?point=1", extra: ["given": Point(x: 2)])
        #expect(params.value("point", as: Point.self) == nil)
        #expect(params.value("given", as: Point.self) == Point(x: 2))
        #expect(params.values("given", as: Point.self) == [Point(x: 2)])
        #expect(params.values("point", as: Point.self) == nil)
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
