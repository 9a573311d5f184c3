import Foundation
import Testing

@testable import Routes
@testable import RoutesTesting

/// The check at registration refuses a type that some URL of its pattern can never decode into,
/// and no type that routing reads and URL building prints (the "Typed routes" article, *Test*).
@MainActor @Suite struct TypedRouteRegistrationTests {
    let router = Router()

    // MARK: A required property for a capture of an optional group

    struct RequiredTabLink: TypedRoute, Hashable {
        static let pattern = "/user/{id:int}(/{tab:posts|likes})"
        var id: Int
        var tab: String
    }

    struct RequiredFolderLink: TypedRoute, Hashable {
        static let pattern = "/folder(/open/{path:*})"
        var path: [String]
    }

    struct SecondGroupLink: TypedRoute, Hashable {
        static let pattern = "/g(/a/{x:int})(/b/{y})"
        var x: Int?
        var y: String
    }

    /// Review of issue 35 (A7): a required property whose capture is in an optional group
    /// registered silently, and the expansion without the group (`myapp://user/1`) could never
    /// decode, whatever the query.
    @Test func aRequiredPropertyForAGroupCaptureIsRefusedAtRegistration() {
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        #expect(router.myapp.add(RequiredTabLink.self) { _ in true }.isEmpty)
        #expect(router.myapp.add(RequiredFolderLink.self) { _ in true }.isEmpty)
        #expect(router.myapp.add(SecondGroupLink.self) { _ in true }.isEmpty)
        #expect(router.myapp.definitions.isEmpty)
        #expect(!router.canRoute(to: "myapp://user/1/likes"))
        #expect(
            errors == [
                TypedRouteError(
                    type: "RequiredTabLink", pattern: RequiredTabLink.pattern,
                    reason: .requiredGroupCapture("tab")),
                TypedRouteError(
                    type: "RequiredFolderLink", pattern: RequiredFolderLink.pattern,
                    reason: .requiredGroupCapture("path")),
                TypedRouteError(
                    type: "SecondGroupLink", pattern: SecondGroupLink.pattern,
                    reason: .requiredGroupCapture("y")),
            ])
        #expect(
            errors.first?.description
                == "RequiredTabLink (\"/user/{id:int}(/{tab:posts|likes})\"): the property \"tab\" is "
                + "required, but its capture is in an optional group: the expansion without it never "
                + "decodes (make the property optional)")
    }

    /// Required in the type, with a default of its own where the capture is missing: every
    /// expansion decodes.
    struct DefaultTabLink: TypedRoute, Hashable {
        static let pattern = "/user/{id:int}(/{tab:posts|likes})"
        var id: Int
        var tab: String

        init(id: Int, tab: String) {
            self.id = id
            self.tab = tab
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            tab = try container.decodeIfPresent(String.self, forKey: .tab) ?? "posts"
        }
    }

    @Test func aGroupCapturesPropertyThatDecodesWithoutItRegisters() throws {
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        var received: [DefaultTabLink] = []
        router.myapp.add(DefaultTabLink.self) { link in
            received.append(link)
            return true
        }
        #expect(errors.isEmpty)
        #expect(router.route(to: "myapp://user/1?tab=evil"))
        #expect(router.route(to: "myapp://user/2/likes"))
        #expect(received == [DefaultTabLink(id: 1, tab: "posts"), DefaultTabLink(id: 2, tab: "likes")])
        #expect(
            try router.url(for: DefaultTabLink(id: 3, tab: "likes"), scheme: "myapp").absoluteString
                == "myapp://user/3/likes")
    }

    // MARK: A LosslessStringConvertible type is text

    /// Read by `init(_:)` and written by `description` (the "Parameters" article); its
    /// synthesized `Codable` is keyed, and never used by routing.
    struct Version: LosslessStringConvertible, Codable, Hashable {
        var major: Int
        var minor: Int

        init(major: Int, minor: Int) {
            self.major = major
            self.minor = minor
        }

        init?(_ text: String) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else { return nil }
            self.init(major: major, minor: minor)
        }

        var description: String { "\(major).\(minor)" }
    }

    struct AppLink: TypedRoute, Hashable {
        static let pattern = "/app"
        var version: Version
    }

    struct NotesLink: TypedRoute, Hashable {
        static let pattern = "/notes/{version}/{id:int}"
        var version: Version
        var id: Int
        var since: [Version]?
    }

    /// Review of issue 35 (A5): routing read such a property from its text, and registration
    /// refused the type, the property being "a nested value".
    @Test func aLosslessStringConvertibleStructIsNotRefusedAsANestedValue() throws {
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        var received: [AppLink] = []
        #expect(
            !router.myapp.add(AppLink.self) { link in
                received.append(link)
                return true
            }.isEmpty)
        #expect(errors.isEmpty, "\(errors)")
        #expect(router.route(to: "myapp://app?version=1.2"))
        #expect(!router.route(to: "myapp://app?version=x"))
        #expect(received == [AppLink(version: Version(major: 1, minor: 2))])
        let link = AppLink(version: Version(major: 3, minor: 10))
        #expect(try router.url(for: link, scheme: "myapp").absoluteString == "myapp://app?version=3.10")
        #expect(router.roundTrip(link, scheme: "myapp") == [])
    }

    @Test func losslessStringConvertibleWithSynthesizedCodableIsNotANestedValue() throws {
        let record = KeyRecord(of: NotesLink.self)
        #expect(record.nestedKey == nil)
        #expect(record.isComplete)
        #expect(record.keys == ["version", "id", "since"])
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        var received: [NotesLink] = []
        router.myapp.add(NotesLink.self) { link in
            received.append(link)
            return true
        }
        #expect(errors.isEmpty, "\(errors)")
        let link = NotesLink(
            version: Version(major: 2, minor: 0), id: 7,
            since: [Version(major: 1, minor: 5), Version(major: 1, minor: 9)])
        let url = try router.url(for: link, scheme: "myapp")
        #expect(url.absoluteString == "myapp://notes/2.0/7?since=1.5&since=1.9")
        #expect(router.route(to: url))
        #expect(received == [link])
    }

    /// Written `v1.2`, read from `1.2`: its own placeholder does not read back, so the check
    /// cannot tell and the type registers; each value is checked when printed.
    struct TaggedVersion: LosslessStringConvertible, Codable, Hashable {
        var major: Int
        var minor: Int

        init?(_ text: String) {
            guard let version = Version(text) else { return nil }
            (major, minor) = (version.major, version.minor)
        }

        var description: String { "v\(major).\(minor)" }
    }

    /// Read from its text plus one: the placeholder `0` reads back as `1`.
    struct OffByOne: LosslessStringConvertible, Codable, Hashable {
        var value: Int

        init?(_ text: String) {
            guard let value = Int(text) else { return nil }
            self.value = value + 1
        }

        var description: String { "\(value)" }
    }

    struct TaggedLink: TypedRoute, Hashable {
        static let pattern = "/tagged"
        var version: TaggedVersion
    }

    struct CountLink: TypedRoute, Hashable {
        static let pattern = "/count"
        var count: OffByOne
    }

    @Test func aLosslessStringConvertibleTypeWhoseTextDoesNotReadBackIsRefused() throws {
        var errors: [TypedRouteError] = []
        router.onInvalidTypedRoute = { errors.append($0) }
        #expect(router.myapp.add(CountLink.self) { _ in true }.isEmpty)
        #expect(
            errors.map(\.reason) == [
                .valueNotReadBack(key: "count", detail: "printed [\"1\"], reads back as [\"2\"]")
            ])
        #expect(!router.myapp.add(TaggedLink.self) { _ in true }.isEmpty)
        #expect(errors.count == 1)
        let tagged = try #require(TaggedVersion("1.2"))
        #expect(throws: URLBuildingError.self) {
            try router.url(for: TaggedLink(version: tagged), scheme: "myapp")
        }
        #expect(
            router.roundTrip(TaggedLink(version: tagged), scheme: "myapp").map(\.kind).first.map {
                if case .notDecoded = $0 { true } else { false }
            } == true)
    }
}
