import Foundation
import Testing

@testable import Routes
@testable import RoutesTestSupport
@testable import RoutesTesting

/// Typed routes: one declaration that routing parses and URL building prints (the "Typed
/// routes" article).
@MainActor @Suite struct TypedRouteTests {
    enum Tab: String, Codable, CaseIterable { case posts, likes }

    struct UserLink: TypedRoute, Hashable {
        static let pattern = "/user/{id:int}(/{tab:posts|likes})"
        var id: Int
        var tab: Tab?
        var ref: String?
    }

    struct PhotoLink: TypedRoute, Hashable {
        static let pattern = "/photos/{name}.jpg"
        var name: String
    }

    enum Screen: Equatable {
        case user(UserLink)
        case photo(PhotoLink)
    }

    let router = Router()

    @Test func routesALinkToItsTypedHandler() {
        var received: [UserLink] = []
        router.myapp.add(UserLink.self) { link in
            received.append(link)
            return true
        }
        #expect(router.route(to: "myapp://user/42/likes?ref=mail"))
        #expect(router.route(to: "myapp://user/7"))
        #expect(received == [UserLink(id: 42, tab: .likes, ref: "mail"), UserLink(id: 7)])
    }

    @Test func printsTheIssueExamples() throws {
        router.myapp.add(UserLink.self) { _ in true }
        router.https.add(PhotoLink.self) { _ in true }
        let link = UserLink(id: 42, tab: .likes, ref: "mail")
        let url = try router.url(for: link, scheme: "myapp")
        #expect(url.absoluteString == "myapp://user/42/likes?ref=mail")
        let web = try router.url(for: PhotoLink(name: "sunset"), scheme: "https", host: "example.com")
        #expect(web.absoluteString == "https://example.com/photos/sunset.jpg")
        #expect(try router.url(for: UserLink(id: 7), scheme: "myapp").absoluteString == "myapp://user/7")
        #expect(
            try router.myapp.url(for: UserLink(id: 7, ref: "a b")).absoluteString
                == "myapp://user/7?ref=a%20b")
        #expect(
            try router.https.url(for: PhotoLink(name: "a/b"), host: "example.com").absoluteString
                == "https://example.com/photos/a%2Fb.jpg")
    }

    @Test func routingThePrintedURLGivesAnEqualValue() throws {
        var received: UserLink?
        router.myapp.add(UserLink.self) { link in
            received = link
            return true
        }
        let link = UserLink(id: 42, tab: .likes, ref: "mail")
        #expect(router.route(to: try router.url(for: link, scheme: "myapp")))
        #expect(received == link)
        #expect(router.roundTrip(link, scheme: "myapp") == [])
        #expect(router.myapp.roundTrip(UserLink(id: -1, ref: "")) == [])
    }

    @Test func aRouteMapGivesTheTypedValue() {
        let screens = RouteMap<Screen>()
        screens.myapp.add(UserLink.self, Screen.user)
        screens.myapp.add(PhotoLink.self) { link in link.name.isEmpty ? nil : .photo(link) }
        #expect(screens.resolve("myapp://user/42?ref=x") == .user(UserLink(id: 42, ref: "x")))
        #expect(screens.resolve("myapp://photos/sunset.jpg") == .photo(PhotoLink(name: "sunset")))
        #expect(screens.resolve("myapp://user/me") == nil)
        #expect(screens.resolve("myapp://user/7/shares") == nil)  // not an allowed tab
        #expect(screens.resolve("myapp://photos/a.b.jpg") == .photo(PhotoLink(name: "a.b")))
        // A name holding the fixed text is printed so that it reads back.
        let tricky = PhotoLink(name: "x.jpg")
        #expect(router.roundTrip(tricky, scheme: "https", host: "example.com").count == 1)  // not registered
        router.https.add(PhotoLink.self) { _ in true }
        #expect(router.roundTrip(tricky, scheme: "https", host: "example.com") == [])
    }

    @Test func aLinkThatDoesNotDecodeDeclinesToTheNextRoute() {
        var log: [String] = []
        router.myapp.add(UserLink.self, priority: 1) { link in
            log.append("typed \(link.id)")
            return true
        }
        router.myapp.add(pattern: "/user/:name") { params in
            log.append("name \(params.string("name") ?? "")")
            return true
        }
        #expect(router.route(to: "myapp://user/me"))  // "me" is not an Int
        #expect(!router.route(to: "myapp://user/7/other"))  // "other" is no Tab: none takes it
        #expect(router.route(to: "myapp://user/7"))
        #expect(log == ["name me", "typed 7"])
    }

    @Test func priorityOrdersTypedRoutesLikeAnyOther() {
        var log: [String] = []
        router.myapp.add(pattern: "/user/:id") { _ in
            log.append("pattern")
            return true
        }
        router.myapp.add(UserLink.self, priority: 5) { _ in
            log.append("typed")
            return true
        }
        router.route(to: "myapp://user/1")
        #expect(log == ["typed"])
        #expect(
            router.myapp.definitions.map(\.pattern) == [
                "/user/{id:int}/{tab:posts|likes}", "/user/{id:int}", "/user/:id",
            ])
    }

    // MARK: Registration-time checks

    struct PostLink: TypedRoute {
        static let pattern = "/user/:user/post/:id"
        var id: Int
    }

    struct Point: Codable, Hashable {
        var x: Int
        var y: Int
    }

    struct MapLink: TypedRoute, Hashable {
        static let pattern = "/map"
        var center: Point
    }

    struct OptionalMapLink: TypedRoute, Hashable {
        static let pattern = "/omap"
        var zoom: Int
        var center: Point?
    }

    struct FilesLink: TypedRoute, Hashable {
        static let pattern = "/files/:owner/*"
        var owner: String
        var components: [String]

        enum CodingKeys: String, CodingKey {
            case owner
            case components = "JLRouteWildcardComponents"
        }
    }

    struct LostWildcardLink: TypedRoute {
        static let pattern = "/lost/*"
        var name: String?
    }

    @Test func aCaptureTheTypeNeverDecodesIsReportedAtRegistration() {
        var errors: [TypedRouteError] = []
        var lines: [String] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        router.logger = { lines.append($0) }
        let added = router.myapp.add(PostLink.self) { _ in true }
        #expect(added.isEmpty)
        #expect(router.myapp.definitions.isEmpty)
        #expect(
            errors == [
                TypedRouteError(
                    type: "PostLink", pattern: "/user/:user/post/:id", reason: .captureNotDecoded("user"))
            ])
        #expect(
            errors.first?.description
                == "PostLink (\"/user/:user/post/:id\"): the capture \"user\" is never decoded")
        #expect(lines.contains { $0.contains("the capture \"user\" is never decoded") })

        router.myapp.add(LostWildcardLink.self) { _ in true }
        #expect(errors.last?.reason == .captureNotDecoded(RouteParameters.Keys.wildcard))
    }

    enum Kind: String, Codable { case red, blue }  // not CaseIterable: no placeholder

    struct Opaque: TypedRoute {
        static let pattern = "/opaque/:kind/:never"
        var kind: Kind
    }

    struct Seen: TypedRoute {
        static let pattern = "/seen/:never"
        var kind: Kind?
    }

    @Test func theCheckStopsWhereNoPlaceholderFits() {
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        // `kind` has no placeholder: the keys after it are unknown, so nothing is reported.
        #expect(!router.myapp.add(Opaque.self) { _ in true }.isEmpty)
        #expect(errors.isEmpty)
        #expect(KeyRecord(of: Opaque.self).keys == ["kind"])
        #expect(!KeyRecord(of: Opaque.self).isComplete)
        // An optional one reads as nil: the record is complete.
        #expect(router.myapp.add(Seen.self) { _ in true }.isEmpty)
        #expect(errors.map(\.reason) == [.captureNotDecoded("never")])
    }

    /// A type whose `init(from:)` asks for its keys in every way a container offers.
    struct EveryRead: Decodable {
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            _ = try container.decode(Int8.self, forKey: "small")
            _ = try container.decodeIfPresent(Kind.self, forKey: "maybe")
            _ = try container.decode(Tab.self, forKey: "tab")
            _ = try container.decode([UUID].self, forKey: "ids")
            _ = try container.decode(Int8.self, forKey: "small")  // asked again: recorded once
            var elements = try container.nestedUnkeyedContainer(forKey: "list")
            #expect(elements.isAtEnd && elements.count == 0)
            #expect(throws: (any Error).self) { try elements.decode(String.self) }
            #expect(container.contains("present"))
            #expect(container.allKeys.isEmpty)
            let single = try container.superDecoder(forKey: "inherited").singleValueContainer()
            #expect(!single.decodeNil())
            #expect(try single.decode(Int.self) == 0)
            #expect(throws: (any Error).self) { try container.superDecoder() }
            _ = try container.decode(Kind.self, forKey: "last")  // no placeholder: stops here
            _ = try container.decode(String.self, forKey: "unknown")
        }
    }

    struct AnyKey: CodingKey, ExpressibleByStringLiteral {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init(stringLiteral value: String) { self.stringValue = value }
        init?(intValue: Int) { nil }
    }

    @Test func theKeyRecordAnswersEveryReadWithAPlaceholder() {
        let record = KeyRecord(of: EveryRead.self)
        #expect(record.keys == ["small", "maybe", "tab", "ids", "list", "present", "inherited", "last"])
        #expect(!record.isComplete)
        #expect(record.nestedKey == nil)
        // A nested value is recorded where its keyed container is asked for.
        #expect(KeyRecord(of: MapLink.self).nestedKey == "center")
        #expect(!KeyRecord(of: MapLink.self).isComplete)
    }

    @Test func aNestedPropertyIsRefusedAtRegistrationAndWhenPrinted() throws {
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        #expect(router.myapp.add(MapLink.self) { _ in true }.isEmpty)
        #expect(errors.map(\.reason) == [.nestedValue(key: "center")])

        // An optional nested property is not seen at registration (it decodes as nil there).
        #expect(!router.myapp.add(OptionalMapLink.self) { _ in true }.isEmpty)
        #expect(
            try router.url(for: OptionalMapLink(zoom: 3), scheme: "myapp").absoluteString
                == "myapp://omap?zoom=3")
        #expect(throws: URLBuildingError(pattern: "/omap", reason: .nestedValue(key: "center"))) {
            try router.url(for: OptionalMapLink(zoom: 3, center: Point(x: 1, y: 2)), scheme: "myapp")
        }
    }

    @Test func theWildcardIsAPropertyUnderItsKey() throws {
        var received: FilesLink?
        router.myapp.add(FilesLink.self) { link in
            received = link
            return true
        }
        let link = FilesLink(owner: "me", components: ["a b", "c"])
        let url = try router.url(for: link, scheme: "myapp")
        #expect(url.absoluteString == "myapp://files/me/a%20b/c")
        #expect(router.route(to: url))
        #expect(received == link)
        #expect(router.roundTrip(FilesLink(owner: "x", components: []), scheme: "myapp") == [])
    }

    @Test func aPropertyThatIsNoCaptureIsNotAnError() {
        struct Search: TypedRoute, Hashable {
            static let pattern = "/search"
            var q: String  // required, from the query
        }
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        router.myapp.add(Search.self) { _ in true }
        #expect(errors.isEmpty)
        #expect(router.canRoute(to: "myapp://search?q=a"))
        #expect(router.roundTrip(Search(q: "a&b=c"), scheme: "myapp") == [])
    }

    @Test func anInvalidPatternIsReportedAsForAddPattern() {
        struct Broken: TypedRoute {
            static let pattern = "/user/(:id"
            var id: Int?
        }
        var errors: [RoutePatternError] = []
        router.onInvalidPattern = { errors.append($0) }
        #expect(router.myapp.add(Broken.self) { _ in true }.isEmpty)
        #expect(errors.map(\.reason) == [.unclosedParenthesis])
    }

    // MARK: Printing

    struct Everything: TypedRoute, Hashable {
        static let pattern = "/all/:id"
        enum Level: Int, Codable {
            case low = 1
            case high = 2
        }
        var id: UUID
        var flag: Bool
        var ratio: Double
        var level: Level
        var home: URL?
        var tags: [String]?
        var counts: [Int]?
        var note: String?
    }

    @Test func valuesAreWrittenAsTheAccessorsReadThem() throws {
        router.myapp.add(Everything.self) { _ in true }
        let id = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let value = Everything(
            id: id, flag: true, ratio: 0.5, level: .high, home: URL(string: "https://example.com/a?b=c"),
            tags: ["x", "y"], counts: [1], note: nil)
        let url = try router.url(for: value, scheme: "myapp")
        #expect(
            url.absoluteString
                == "myapp://all/E621E1F8-C36C-495A-93FC-0C247A3E6E5F?counts=1&flag=true&home="
                + "https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc&level=2&ratio=0.5&tags=x&tags=y")
        #expect(router.roundTrip(value, scheme: "myapp") == [])
        let parameters = try RouteValueEncoder.parameters(of: value, pattern: Everything.pattern)
        #expect(parameters["counts"] as? [String] == ["1"])  // an array stays an array
        #expect(parameters["note"] == nil)
    }

    @Test func anEmptyCaptureIsRefused() {
        router.https.add(PhotoLink.self) { _ in true }
        #expect(throws: URLBuildingError(pattern: "/photos/{name}.jpg", reason: .emptyParameter("name"))) {
            try router.url(for: PhotoLink(name: ""), scheme: "https", host: "example.com")
        }
    }

    @Test func anUnregisteredTypeIsNotBuilt() {
        router.https.add(pattern: "/other") { _ in true }
        #expect(
            throws: URLBuildingError(pattern: "/photos/{name}.jpg", reason: .notRegistered(scheme: "https"))
        ) {
            try router.url(for: PhotoLink(name: "x"), scheme: "https", host: "example.com")
        }
        let differences = router.roundTrip(PhotoLink(name: "x"), scheme: "https", host: "example.com")
        #expect(
            differences.map(\.kind) == [
                .notBuilt(
                    URLBuildingError(pattern: "/photos/{name}.jpg", reason: .notRegistered(scheme: "https")))
            ])
    }

    // MARK: Round trips that fail

    struct Tagged: TypedRoute, Hashable {
        static let pattern = "/tagged"
        var tags: [String]  // an empty array prints nothing, and reads back as missing
    }

    struct Lowercased: TypedRoute, Hashable {
        static let pattern = "/lower/:name"
        var name: String

        init(name: String) { self.name = name }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name).lowercased()
        }
    }

    struct Ignored: TypedRoute {
        static let pattern = "/ignored"
        var kept: Int
        var lost: Int?

        init(kept: Int, lost: Int?) {
            self.kept = kept
            self.lost = lost
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kept = try container.decode(Int.self, forKey: .kept)
            lost = nil
        }
    }

    @Test func roundTripSaysWhatDiffers() {
        router.myapp.add(Tagged.self) { _ in true }
        router.myapp.add(Lowercased.self) { _ in true }
        router.myapp.add(Ignored.self) { _ in true }
        #expect(router.roundTrip(Tagged(tags: ["a"]), scheme: "myapp") == [])
        let empty = router.roundTrip(Tagged(tags: []), scheme: "myapp")
        #expect(empty.count == 1)
        guard case .notDecoded(let message)? = empty.first?.kind else {
            Issue.record("\(empty)")
            return
        }
        #expect(message.contains("tags"))
        #expect(empty.first?.url == "myapp://tagged")

        #expect(
            router.roundTrip(Lowercased(name: "Ab"), scheme: "myapp") == [
                RoundTripDifference(
                    url: "myapp://lower/Ab", kind: .valueChanged(key: "name", given: ["Ab"], decoded: ["ab"])),
                RoundTripDifference(url: "myapp://lower/Ab", kind: .notEqual),
            ])
        // Not Equatable: only the texts are compared.
        #expect(
            router.roundTrip(Ignored(kept: 1, lost: 2), scheme: "myapp").map(\.kind) == [
                .valueChanged(key: "lost", given: ["2"], decoded: [])
            ])
    }

    // MARK: Random round trips

    struct SearchLink: TypedRoute, Hashable {
        static let pattern = "/search/:term(/:scope)"
        var term: String
        var scope: String?
        var page: Int?
        var exact: Bool?
        var tags: [String]?
        var note: String?
        var tab: Tab?
    }

    struct ItemLink: TypedRoute, Hashable {
        static let pattern = "/item/:id/*"
        var id: UUID
        var rest: [String]
        var ratio: Double?
        var level: Everything.Level?

        enum CodingKeys: String, CodingKey {
            case id, ratio, level
            case rest = "JLRouteWildcardComponents"
        }
    }

    static let pieces = [
        "a", "Z", "0", " ", "+", "%", "%20", "%ZZ", "/", "?", "#", "&", "=", "é", "日本", "👍", ".", "..", "~",
        ":",
        "@", ";", ",", "'", "\"", "\\", "(", ")", "*", "!", "$", "[", "]", "\t", "-", "_",
    ]

    static func text<G: RandomNumberGenerator>(_ generator: inout G, allowsEmpty: Bool) -> String {
        let count = Int.random(in: (allowsEmpty ? 0 : 1)...4, using: &generator)
        return (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    static func maybe<Value, G: RandomNumberGenerator>(_ generator: inout G, _ make: (inout G) -> Value)
        -> Value?
    {
        Bool.random(using: &generator) ? make(&generator) : nil
    }

    static func uuid<G: RandomNumberGenerator>(_ generator: inout G) -> UUID {
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return bytes.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
    }

    @Test func randomValuesRoundTrip() throws {
        var generator = SeededGenerator(seed: 29)
        var searches: [SearchLink] = []
        var items: [ItemLink] = []
        router.myapp.add(SearchLink.self) { link in
            searches.append(link)
            return true
        }
        router.https.add(ItemLink.self) { link in
            items.append(link)
            return true
        }
        for iteration in 0..<300 {
            let search = SearchLink(
                term: Self.text(&generator, allowsEmpty: false),
                scope: Self.maybe(&generator) { Self.text(&$0, allowsEmpty: false) },
                page: Self.maybe(&generator) { Int.random(in: -1000...1000, using: &$0) },
                exact: Self.maybe(&generator) { Bool.random(using: &$0) },
                tags: Self.maybe(&generator) { generator in
                    (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                        Self.text(&generator, allowsEmpty: true)
                    }
                },
                note: Self.maybe(&generator) { Self.text(&$0, allowsEmpty: true) },
                tab: Self.maybe(&generator) { Tab.allCases.randomElement(using: &$0)! })
            #expect(router.roundTrip(search, scheme: "myapp") == [], "\(iteration): \(search)")
            let url = try router.url(for: search, scheme: "myapp")
            #expect(router.route(to: url))
            #expect(searches.last == search, "\(iteration): \(url)")

            let item = ItemLink(
                id: Self.uuid(&generator),
                rest: (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    Self.text(&generator, allowsEmpty: true)
                },
                ratio: Self.maybe(&generator) { Double.random(in: -1e6...1e6, using: &$0) },
                level: Self.maybe(&generator) { Bool.random(using: &$0) ? .low : .high })
            #expect(
                router.roundTrip(item, scheme: "https", host: "example.com") == [], "\(iteration): \(item)")
            let web = try router.url(for: item, scheme: "https", host: "example.com")
            #expect(router.route(to: web))
            #expect(items.last == item, "\(iteration): \(web)")
        }
    }

    // MARK: Async

    @Test func asyncHandlersGetTheTypedValue() async {
        var received: [UserLink] = []
        router.myapp.add(UserLink.self, priority: 1) { (link: UserLink) async -> Bool in
            await Task.yield()
            guard link.id > 0 else { return false }
            received.append(link)
            return true
        }
        var declined = 0
        router.myapp.add(pattern: "/user/:id") { _ in
            declined += 1
            return true
        }
        #expect(await router.route(to: "myapp://user/3/posts"))
        #expect(await router.route(to: "myapp://user/0"))  // declines: the next route
        #expect(await router.route(to: "myapp://user/x"))  // does not decode: the next route
        #expect(received == [UserLink(id: 3, tab: .posts)])
        #expect(declined == 2)

        let screens = RouteMap<Screen>()
        screens.myapp.add(UserLink.self) { (link: UserLink) async -> Screen? in
            await Task.yield()
            return .user(link)
        }
        #expect(await screens.resolve("myapp://user/5") == .user(UserLink(id: 5)))
        #expect(await screens.resolve("myapp://user/five") == nil)
    }

    /// A typed route is a route like any other for guards, redirects, events, explain, lint and
    /// the universal-links file.
    @Test func theToolsAndPoliciesTreatATypedRouteLikeAnyOther() {
        router.https.options.insert(.extendedPatterns)
        router.https.hosts = ["example.com"]
        var events: [String] = []
        router.onEvent = { events.append("\($0.kind) \($0.pattern ?? "-")") }
        var received: [PhotoLink] = []
        router.https.add(PhotoLink.self) { link in
            received.append(link)
            return true
        }
        router.https.addGuard(for: "/photos/{name}.jpg") { params in
            params.string("name") == "private" ? .refuse : .proceed
        }
        router.https.addRedirect(from: "/p/{name}", to: "/photos/{name}.jpg")
        #expect(router.route(to: "https://example.com/p/sunset"))
        #expect(!router.route(to: "https://example.com/photos/private.jpg"))
        #expect(received == [PhotoLink(name: "sunset")])
        #expect(events.contains("redirected(to: https://example.com/photos/sunset.jpg) /p/{name}"))
        #expect(events.contains("routed /photos/{name}.jpg"))
        #expect(events.contains("refused /photos/{name}.jpg"))
        let explanation = router.explain("https://example.com/photos/sunset.jpg")
        #expect(explanation.entries.contains { $0.pattern == "/photos/{name}.jpg" && $0.mismatch == nil })
        #expect(router.lint().isEmpty)
        let text = router.appSiteAssociation(appIDs: ["TEAM.app"], host: "example.com")
        #expect(text.contains("/photos/*"))
    }
}
