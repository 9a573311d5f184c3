import Foundation
import Testing

@testable import Routes

@Suite struct ParameterDecodingTests {
    enum Tab: String, Decodable { case posts, likes }
    enum Level: Int, Decodable {
        case low = 1
        case high = 2
    }

    struct UserLink: Decodable, Equatable {
        let id: Int
        let tab: Tab?
        let ref: String?
        let tags: [String]
        let debug: Bool
    }

    func parameters(_ url: String, pattern: String = "/user/:id", extra: [String: Any] = [:]) throws
        -> RouteParameters
    {
        try #require(routedParameters(url, to: pattern, extra: extra), "\(url) does not route to \(pattern)")
    }

    /// The `DecodingError` that decoding `Value` throws, with its context.
    func decodingError<Value: Decodable>(_ type: Value.Type, _ params: RouteParameters) throws
        -> (error: DecodingError, context: DecodingError.Context)
    {
        do {
            let value = try params.decode(type)
            Issue.record("decoded \(value)")
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                .valueNotFound(_, let context):
                return (error, context)
            @unknown default: break
            }
        }
        throw NoDecodingError()
    }

    struct NoDecodingError: Error {}

    @Test func decodesTheUserLinkOfTheIssue() throws {
        let params = try parameters("myapp://user/42?tab=likes&ref=mail&tags=a&tags=b&debug=yes")
        let link = try params.decode(UserLink.self)
        #expect(link == UserLink(id: 42, tab: .likes, ref: "mail", tags: ["a", "b"], debug: true))
        let inferred: UserLink = try params.decode()
        #expect(inferred == link)
    }

    @Test func aSingleValueIsAOneElementArrayAndCommasStay() throws {
        let one = try parameters("myapp://user/42?tags=a&debug=0").decode(UserLink.self)
        #expect(one == UserLink(id: 42, tab: nil, ref: nil, tags: ["a"], debug: false))
        let comma = try parameters("myapp://user/42?tags=a,b&debug=NO").decode(UserLink.self)
        #expect(comma.tags == ["a,b"])
    }

    @Test func missingOptionalsAreNilAndMissingRequiredKeysAreNamed() throws {
        struct Maybe: Decodable {
            let count: Int?
            let ids: [Int]?
            let nested: Int??
            let level: Level?
        }
        let absent = try parameters("myapp://user/1").decode(Maybe.self)
        #expect(absent.count == nil)
        #expect(absent.ids == nil)
        #expect(absent.nested == .none)
        #expect(absent.level == nil)
        let present = try parameters("myapp://user/1?count=3&ids=4&ids=5&nested=6&level=1").decode(Maybe.self)
        #expect(present.count == 3)
        #expect(present.ids == [4, 5])
        #expect(present.nested == 6)
        #expect(present.level == .low)

        let (error, context) = try decodingError(UserLink.self, parameters("myapp://user/42?debug=1"))
        guard case .keyNotFound(let key, _) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(key.stringValue == "tags")
        #expect(context.debugDescription.contains("tags"))
    }

    @Test func extraParametersAndRouteValuesWinAsInTheDictionary() throws {
        struct Point: Decodable, Equatable { let x: Int }
        struct Opened: Decodable {
            let id: Int
            let source: String
            let count: Int
            let text: String
            let point: Point
            let origin: Point
            let ids: [Int]
            let maybe: Int?
        }
        let extra: [String: Any] = [
            "source": "push", "count": Int8(3), "text": 12, "point": Point(x: 1), "origin": ["x": "4"],
            "ids": [Optional(1), Optional(2)], "maybe": Optional<Int>.none as Any,
        ]
        let opened = try parameters("myapp://user/7?id=99&source=mail", extra: extra).decode(Opened.self)
        #expect(opened.id == 7)
        #expect(opened.source == "push")
        #expect(opened.count == 3)
        #expect(opened.text == "12")
        #expect(opened.point == Point(x: 1))
        #expect(opened.origin == Point(x: 4))
        #expect(opened.ids == [1, 2])
        #expect(opened.maybe == nil)
    }

    @Test func convertsEveryKindOfValue() throws {
        struct Everything: Decodable {
            let i8: Int8, i16: Int16, i32: Int32, i64: Int64, u: UInt, u8: UInt8, u16: UInt16, u32: UInt32
            let u64: UInt64, f: Float, d: Double, yes: Bool, off: Bool, session: UUID, next: URL, level: Level
            let tab: Tab, levels: [Level], flags: [Bool]
        }
        let id = UUID()
        let params = try parameters(
            "myapp://user/1/x/y?i8=-8&i16=16&i32=-32&i64=64&u=1&u8=255&u16=16&u32=32&u64=18446744073709551615"
                + "&f=0.5&d=-1.25e3&yes=TRUE&off=No&session=\(id.uuidString)&next=https%3A%2F%2Fexample.com%2Fa"
                + "&level=2&tab=posts&levels=1&levels=2&flags=1&flags=false",
            pattern: "/user/:id/*")
        struct Wildcard: Decodable {
            let components: [String]
            enum CodingKeys: String, CodingKey { case components = "JLRouteWildcardComponents" }
        }
        let value = try params.decode(Everything.self)
        #expect(value.i8 == -8 && value.i16 == 16 && value.i32 == -32 && value.i64 == 64)
        #expect(value.u == 1 && value.u8 == 255 && value.u16 == 16 && value.u32 == 32 && value.u64 == .max)
        #expect(value.f == 0.5 && value.d == -1250)
        #expect(value.yes && !value.off)
        #expect(value.session == id)
        #expect(value.next == URL(string: "https://example.com/a"))
        #expect(value.level == .high && value.tab == .posts)
        #expect(value.levels == [.low, .high])
        #expect(value.flags == [true, false])
        #expect(try params.decode(Wildcard.self).components == ["x", "y"])
    }

    /// Each error names the key (its coding path) and the text that did not convert.
    @Test(arguments: [
        ("id=abc", "id", "abc"), ("id=1&debug=maybe", "debug", "maybe"), ("id=1&small=300", "small", "300"),
        ("id=1&session=not-a-uuid", "session", "not-a-uuid"), ("id=1&next=rel%2Fpath", "next", "rel/path"),
        ("id=1&tab=tabby", "tab", "tabby"), ("id=1&level=7", "level", "7"),
        ("id=1&ratio=1.5.2", "ratio", "1.5.2"),
    ])
    func badTextIsAnErrorNamingTheKeyAndTheText(query: String, key: String, text: String) throws {
        struct Typed: Decodable {
            let id: Int
            let debug: Bool?
            let small: Int8?
            let session: UUID?
            let next: URL?
            let tab: Tab?
            let level: Level?
            let ratio: Double?
        }
        let (error, context) = try decodingError(Typed.self, parameters("myapp://p?\(query)", pattern: "/p"))
        guard case .dataCorrupted = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == [key])
        #expect(context.debugDescription.contains(text), "\(context.debugDescription)")
    }

    @Test func aBadElementIsNamedByItsIndex() throws {
        struct Ids: Decodable { let ids: [Int] }
        let (error, context) = try decodingError(Ids.self, parameters("myapp://p?ids=1&ids=x", pattern: "/p"))
        guard case .dataCorrupted = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["ids", "Index 1"])
        #expect(context.codingPath.last?.intValue == 1)
        #expect(context.debugDescription.contains("\"x\""))
    }

    @Test func aValueOfAnotherShapeIsATypeMismatch() throws {
        struct Point: Decodable { let x: Int }
        struct Holder: Decodable { let point: Point }
        let (error, context) = try decodingError(Holder.self, parameters("myapp://p?point=3", pattern: "/p"))
        guard case .typeMismatch = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["point"])
        #expect(context.debugDescription.contains("3"))
        #expect(throws: DecodingError.self) { try parameters("myapp://p", pattern: "/p").decode(Int.self) }
        #expect(throws: DecodingError.self) {
            try parameters("myapp://p", pattern: "/p").decode([String].self)
        }
    }

    /// The decoder reads a key's text as the typed accessors do: a value decodes exactly when the
    /// accessor gives it, and then to the same value.
    @Test(arguments: [
        "42", "-7", "1.5", "yes", "NO", "0", "abc", "", "posts", "2", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "https://example.com/a?b=c", "rel/path", "300",
    ])
    func theDecoderAgreesWithTheAccessors(text: String) throws {
        struct One<Value: Decodable>: Decodable { let v: Value }
        let encoded = try #require(text.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let params = try parameters("myapp://p?v=\(encoded)&v=ignored", pattern: "/p")
        func check<Value: Decodable & Equatable>(_ type: Value.Type) {
            #expect((try? params.decode(One<Value>.self).v) == params.value("v", as: type), "\(type) \(text)")
        }
        check(Int.self)
        check(Int8.self)
        check(UInt.self)
        check(Double.self)
        check(Bool.self)
        check(String.self)
        check(UUID.self)
        check(URL.self)
        check(Tab.self)
        check(Level.self)
    }

    @Test func keyedCollectionsSeeEveryKey() throws {
        let params = try parameters("myapp://user/7?a=1&b=x&b=y")
        let all = try params.decode([String: [String]].self)
        #expect(all["id"] == ["7"])
        #expect(all["a"] == ["1"])
        #expect(all["b"] == ["x", "y"])
        #expect(all[Definition.Keys.url] == ["myapp://user/7?a=1&b=x&b=y"])
        #expect(all.count == params.count)
    }
}
