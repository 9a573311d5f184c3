import Foundation
import Testing

@testable import Routes

/// The check at registration reads the type that routing decodes, and stops where the type's
/// `init(from:)` does something a placeholder cannot answer, however the type catches errors.
@Suite struct TypedRouteCheckTests {
    let router = Router()

    @Test func aSubclassHeldInTheMetatypeRegistersAsTheTypeRoutingDecodes() {
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        var received: [String] = []
        let type: ProfileLink.Type = ShortProfileLink.self
        let definitions = router.myapp.add(type) { link in
            received.append("\(Swift.type(of: link)) \(link.id) \(link.tab)")
            return true
        }
        #expect(errors.isEmpty)
        #expect(definitions.count == 1)
        #expect(router.route(to: "myapp://profile/7/likes"))
        #expect(received == ["ProfileLink 7 likes"])
    }

    @Test func decodeBuildsTheTypeNamedWhereItIsCalled() {
        var received: [String] = []
        router.myapp.add(pattern: "/profile/:id/:tab") { params in
            let type: ProfileLink.Type = ShortProfileLink.self
            guard let link = try? params.decode(type) else { return false }
            received.append("\(Swift.type(of: link)) \(link.id) \(link.tab)")
            return true
        }
        #expect(router.route(to: "myapp://profile/7/likes"))
        #expect(received == ["ProfileLink 7 likes"])
    }

    @Test func aTopLevelContainerThatCatchesDecodingErrorsStopsTheCheck() {
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        var received: SingleValueFirstLink?
        let definitions = router.myapp.add(SingleValueFirstLink.self) { link in
            received = link
            return true
        }
        #expect(definitions.count == 1)
        #expect(errors.isEmpty)
        #expect(!KeyRecord(of: SingleValueFirstLink.self).isComplete)
        #expect(router.route(to: "myapp://first/x/y"))
        #expect(received?.a == "x" && received?.b == "fixed")
    }

    @Test func readingAnElementOfARecordedArrayStopsTheCheck() {
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        #expect(router.myapp.add(FirstElementLink.self) { _ in true }.count == 1)
        #expect(errors.isEmpty)
        #expect(!KeyRecord(of: FirstElementLink.self).isComplete)
    }
}

class ProfileLink: TypedRoute {
    class var pattern: String { "/profile/:id/:tab" }
    var id: Int
    var tab: String

    init(id: Int, tab: String) {
        self.id = id
        self.tab = tab
    }
}

/// Reads only `id`: were it checked, `:tab` would be a capture it never decodes.
final class ShortProfileLink: ProfileLink {
    private enum Keys: String, CodingKey { case id }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        super.init(id: try container.decode(Int.self, forKey: .id), tab: "posts")
    }

    override init(id: Int, tab: String) { super.init(id: id, tab: tab) }
}

/// Tries a single value first and falls back to its properties on a `DecodingError`.
struct SingleValueFirstLink: TypedRoute {
    static let pattern = "/first/:a/:b"
    var a: String
    var b: String

    private enum Keys: String, CodingKey { case a, b }

    init(a: String, b: String) {
        self.a = a
        self.b = b
    }

    init(from decoder: any Decoder) throws {
        do {
            a = try decoder.singleValueContainer().decode(String.self)
            b = a
        } catch is DecodingError {
            a = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .a)
            b = "fixed"
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(a, forKey: .a)
        try container.encode(b, forKey: .b)
    }
}

/// Reads an array's first element, taking a `DecodingError` as "none", and never decodes `b`.
struct FirstElementLink: TypedRoute {
    static let pattern = "/element/:a/:b"
    var a: Int
    var first: Int?

    private enum Keys: String, CodingKey { case a, list }

    init(a: Int, first: Int?) {
        self.a = a
        self.first = first
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        a = try container.decode(Int.self, forKey: .a)
        var list = try container.nestedUnkeyedContainer(forKey: .list)
        do { first = try list.decode(Int.self) } catch is DecodingError { first = nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(a, forKey: .a)
    }
}
