import Foundation
import Testing

@testable import Routes

/// Typed routes keep the promises of the "Typed routes" article at its seams: a capture's
/// property reads its capture only, printing and reading agree value for value, and a shape a
/// URL cannot carry (a dictionary keyed by other than text, an array in a capture) is refused.
@MainActor @Suite struct TypedRouteSeamTests {
    let router = Router()

    // MARK: A capture's property reads its capture only

    /// The "Typed routes" article's example, with a `String` tab.
    struct UserLink: TypedRoute, Hashable {
        static let pattern = "/user/{id:int}(/{tab:posts|likes})"
        var id: Int
        var tab: String?
        var ref: String?
    }

    @Test func aQueryItemNamedLikeAnOptionalGroupsCaptureIsNotItsValue() {
        var received: [UserLink] = []
        router.myapp.add(UserLink.self) { link in
            received.append(link)
            return true
        }
        #expect(!router.route(to: "myapp://user/42/tags"))  // the constraint refuses it
        #expect(router.route(to: "myapp://user/42?tab=tags&ref=mail"))
        #expect(router.route(to: "myapp://user/42/likes?tab=tags"))
        #expect(
            received == [
                UserLink(id: 42, tab: nil, ref: "mail"), UserLink(id: 42, tab: "likes", ref: nil),
            ])
    }

    enum Screen: Hashable { case user(UserLink) }

    @Test func aRouteMapsTypedValueTakesNoCaptureFromTheQuery() {
        let screens = RouteMap<Screen>()
        screens.myapp.add(UserLink.self, Screen.user)
        #expect(screens.resolve("myapp://user/42?tab=../../admin") == .user(UserLink(id: 42)))
        #expect(screens.resolve("myapp://user/42/posts?tab=x") == .user(UserLink(id: 42, tab: "posts")))
    }

    struct PageLink: TypedRoute, Hashable {
        static let pattern = "/page(/{id:int})"
        var id: String?
    }

    struct FolderLink: TypedRoute, Hashable {
        static let pattern = "/folder(/open/{path:*})"
        var path: [String]?
    }

    @Test func aPlainCaptureInAGroupTakesNoQueryItemOfItsName() {
        var pages: [PageLink] = []
        router.myapp.add(PageLink.self) { link in
            pages.append(link)
            return true
        }
        var folders: [FolderLink] = []
        router.myapp.add(FolderLink.self) { link in
            folders.append(link)
            return true
        }
        #expect(router.route(to: "myapp://page?id=abc"))
        #expect(router.route(to: "myapp://page/7?id=abc"))
        #expect(pages == [PageLink(id: nil), PageLink(id: "7")])
        #expect(router.route(to: "myapp://folder?path=../etc"))
        #expect(router.route(to: "myapp://folder/open/a/b?path=x"))
        #expect(router.route(to: "myapp://folder/open?path=x"))
        #expect(folders == [FolderLink(path: nil), FolderLink(path: ["a", "b"]), FolderLink(path: [])])
    }

    @Test func anExtraParameterStillStandsInForACapture() {
        var received: [UserLink] = []
        router.myapp.add(UserLink.self) { link in
            received.append(link)
            return true
        }
        #expect(router.route(to: "myapp://user/42?tab=query", parameters: ["tab": "likes"]))
        #expect(received == [UserLink(id: 42, tab: "likes")])
    }

    /// The "Typed routes" article: an extra parameter comes from the app and, as for every key,
    /// wins over the capture of its name, in every expansion, unchecked by the constraint.
    @Test func anExtraParameterWinsOverAMatchedCaptureUncheckedByItsConstraint() {
        var received: [UserLink] = []
        router.myapp.add(UserLink.self) { link in
            received.append(link)
            return true
        }
        #expect(router.route(to: "myapp://user/42/likes", parameters: ["tab": "tags"]))
        #expect(router.route(to: "myapp://user/42", parameters: ["tab": "likes"]))
        #expect(received == [UserLink(id: 42, tab: "tags"), UserLink(id: 42, tab: "likes")])
    }

    // MARK: Printing and reading agree, value for value

    /// Written by its raw value, read by its case's name: the two disagree.
    enum Mood: String, Codable, CaseIterable {
        case calm
        case angry

        init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard text.hasPrefix("mood-"), let mood = Mood(rawValue: String(text.dropFirst(5))) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: text))
            }
            self = mood
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }

    struct MoodLink: TypedRoute {
        static let pattern = "/mood"
        var mood: Mood
    }

    struct Shouting: TypedRoute {
        static let pattern = "/shout/{word}"
        var word: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            word = try container.decode(String.self, forKey: .word).uppercased() + "!"
        }
    }

    @Test func aTypeWhosePrintingAndReadingDisagreeIsRefusedAtRegistration() {
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        #expect(router.myapp.add(MoodLink.self) { _ in true }.isEmpty)
        #expect(router.myapp.add(Shouting.self) { _ in true }.isEmpty)
        #expect(router.myapp.definitions.isEmpty)
        #expect(errors.map(\.type) == ["MoodLink", "Shouting"])
        guard case .valueNotReadBack(key: "mood", let detail)? = errors.first?.reason else {
            Issue.record("\(errors)")
            return
        }
        #expect(detail.contains("calm"))
        #expect(
            errors.last?.reason
                == .valueNotReadBack(key: "word", detail: "printed [\"0!\"], reads back as [\"0!!\"]"))
        #expect(
            errors.last?.description
                == "Shouting (\"/shout/{word}\"): the property \"word\" does not read back as printed: "
                + "printed [\"0!\"], reads back as [\"0!!\"]")
    }

    struct LinkLink: TypedRoute, Hashable {
        static let pattern = "/open"
        var link: URL
    }

    @Test func aRelativeURLPropertyIsRefusedWhenPrinted() throws {
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        router.myapp.add(LinkLink.self) { _ in true }
        #expect(errors.isEmpty)  // the check cannot tell: an absolute URL reads back
        let absolute = try #require(URL(string: "https://example.com/a"))
        #expect(
            try router.url(for: LinkLink(link: absolute), scheme: "myapp").absoluteString
                == "myapp://open?link=https%3A%2F%2Fexample.com%2Fa")
        let relative = try #require(URL(string: "relative/path"))
        do {
            let url = try router.url(for: LinkLink(link: relative), scheme: "myapp")
            Issue.record("built \(url)")
        } catch {
            guard case .notReadBack(let difference) = error.reason, case .notDecoded = difference.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(difference.url == "myapp://open?link=relative%2Fpath")
            #expect(error.description.hasPrefix("Cannot build a URL for \"/open\": myapp://open?link="))
        }
    }

    struct Lowercased: TypedRoute, Hashable {
        static let pattern = "/lower/{name}"
        var name: String

        init(name: String) { self.name = name }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name).lowercased()
        }
    }

    @Test func urlForAValueThatReadsBackChangedThrows() throws {
        router.myapp.add(Lowercased.self) { _ in true }  // "0" reads back as "0": registered
        #expect(
            try router.url(for: Lowercased(name: "ab"), scheme: "myapp").absoluteString == "myapp://lower/ab")
        #expect(
            throws: URLBuildingError(
                pattern: "/lower/{name}",
                reason: .notReadBack(
                    RoundTripDifference(
                        url: "myapp://lower/Ab",
                        kind: .valueChanged(key: "name", given: ["Ab"], decoded: ["ab"]))))
        ) {
            try router.url(for: Lowercased(name: "Ab"), scheme: "myapp")
        }
        #expect(throws: URLBuildingError.self) { try router.myapp.url(for: Lowercased(name: "Ab")) }
    }

    // MARK: Shapes a URL cannot carry

    struct TabMapLink: TypedRoute {
        static let pattern = "/tabs"
        var m: [UserTab: String]
    }

    enum UserTab: String, Codable, CaseIterable, Hashable { case posts, likes }

    struct FlagsLink: TypedRoute {
        static let pattern = "/flags"
        var flags: [Bool: Int]?
    }

    @Test func aDictionaryWithKeysOtherThanStringIsRefusedNotPrintedAsRepeatedKeys() throws {
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        #expect(router.myapp.add(TabMapLink.self) { _ in true }.isEmpty)
        #expect(errors.map(\.reason) == [.nestedValue(key: "m")])
        // Optional: `nil` at registration, so the check does not meet it; printing refuses it.
        #expect(!router.myapp.add(FlagsLink.self) { _ in true }.isEmpty)
        #expect(try router.url(for: FlagsLink(flags: nil), scheme: "myapp").absoluteString == "myapp://flags")
        #expect(throws: URLBuildingError(pattern: "/flags", reason: .nestedValue(key: "flags"))) {
            try router.url(for: FlagsLink(flags: [true: 1]), scheme: "myapp")
        }
        #expect(throws: URLBuildingError(pattern: "/tabs", reason: .nestedValue(key: "m"))) {
            try RouteValueEncoder.parameters(of: TabMapLink(m: [.posts: "v"]), pattern: TabMapLink.pattern)
        }
        // A URL's repeated keys do not decode as such a dictionary either.
        var decoded: [FlagsLink] = []
        router.myapp.add(pattern: "/raw") { params in
            if let link = try? params.decode(FlagsLink.self) { decoded.append(link) }
            return true
        }
        #expect(router.route(to: "myapp://raw?flags=true&flags=1"))
        #expect(decoded.isEmpty)
    }

    struct TagsLink: TypedRoute {
        static let pattern = "/t/{tags}"
        var tags: [String]
    }

    struct MaybeTagsLink: TypedRoute {
        static let pattern = "/mt(/{tags})"
        var tags: Set<String>?
    }

    struct RestLink: TypedRoute, Hashable {
        static let pattern = "/r/{rest:*}"
        var rest: [String]
    }

    @Test func anArrayPropertyUsedAsACaptureIsRefusedAtRegistration() throws {
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        #expect(router.myapp.add(TagsLink.self) { _ in true }.isEmpty)
        #expect(router.myapp.add(MaybeTagsLink.self) { _ in true }.isEmpty)
        #expect(!router.canRoute(to: "myapp://t/a"))
        #expect(errors.map(\.reason) == [.arrayCapture("tags"), .arrayCapture("tags")])
        #expect(
            errors.first?.description
                == "TagsLink (\"/t/{tags}\"): the capture \"tags\" is decoded as an array; a capture "
                + "holds one value (read a list from a query item, or from a named wildcard {tags:*})")
        // A named wildcard's components are an array.
        #expect(!router.myapp.add(RestLink.self) { _ in true }.isEmpty)
        #expect(errors.count == 2)
        #expect(
            try router.url(for: RestLink(rest: ["a", "b"]), scheme: "myapp").absoluteString == "myapp://r/a/b"
        )
    }
}
