import Foundation
import Routes
import RoutesTesting
import Testing

/// Round trips on the seams of typed routes (the other tests of those seams are in RoutesTests'
/// `TypedRouteSeamTests`).
@MainActor @Suite struct TypedRouteSeamTests {
    let router = Router()

    // MARK: Printing and reading agree, value for value

    /// An enum with its own `Codable`: written and read by its case's name, not its raw value.
    enum Level: Int, Codable, CaseIterable {
        case low = 1
        case high = 2

        init(from decoder: any Decoder) throws {
            let name = try decoder.singleValueContainer().decode(String.self)
            guard let level = Self.allCases.first(where: { "\($0)" == name }) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: name))
            }
            self = level
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode("\(self)")
        }
    }

    struct LevelLink: TypedRoute, Hashable {
        static let pattern = "/level/{id:int}"
        var id: Int
        var level: Level
        var levels: [Level]?
    }

    @Test func aValueGivenForACaptureOfAnotherExpansionDoesNotPrint() throws {
        struct Pair: TypedRoute, Hashable {
            static let pattern = "/pair(/{a}/{b})"
            var a: String?
            var b: String?
        }
        router.myapp.add(Pair.self) { _ in true }
        #expect(
            try router.url(for: Pair(a: "x", b: "y"), scheme: "myapp").absoluteString == "myapp://pair/x/y")
        // Only `b`: the short expansion, where `b` would be a query item that routing does not
        // read back as the capture.
        #expect(throws: URLBuildingError.self) { try router.url(for: Pair(a: nil, b: "y"), scheme: "myapp") }
        #expect(
            router.roundTrip(Pair(a: nil, b: "y"), scheme: "myapp").map(\.kind) == [
                .valueChanged(key: "b", given: ["y"], decoded: []), .notEqual,
            ])
    }

    @Test func anEnumWithItsOwnCodableIsPrintedAsItDecodes() throws {
        var received: [LevelLink] = []
        router.myapp.add(LevelLink.self) { link in
            received.append(link)
            return true
        }
        let link = LevelLink(id: 3, level: .high, levels: [.low, .high])
        let url = try router.url(for: link, scheme: "myapp")
        #expect(url.absoluteString == "myapp://level/3?level=high&levels=low&levels=high")
        #expect(router.route(to: url))
        #expect(received == [link])
        #expect(router.roundTrip(link, scheme: "myapp") == [])
    }
}
