import Foundation
import Routes

// A fixed family of `TypedRoute` types whose patterns are chosen at run time, shared by the
// tests (AgreementTests on typed worlds) and the fuzzer (option T; Fuzz/build.sh compiles this
// file with Fuzz/FuzzTarget.swift). Swift types are static, so the family covers the `Codable`
// shapes once (optionals, arrays, enums with `String` and `Int` raw values, renamed keys, a named
// and a plain wildcard, and values whose printing and reading may disagree), and the patterns,
// constraints, fixed texts and values around them are random. It uses the library's public API
// only and stays internal, so that it compiles unchanged in both modules.

/// The patterns of the shapes, by shape name (``TypedShape/name``): a task-local value, so that
/// tests running at once each give their own.
///
/// ```swift
/// ShapePatterns.$current.withValue(["ShapeProfile": "/u/{id:int}"]) {
///     router.myapp.add(ShapeProfile.self) { _ in true }
/// }
/// ```
enum ShapePatterns {
    @TaskLocal static var current: [String: String] = [:]

    /// The pattern of `name`, or a pattern that no generated URL reaches.
    static func pattern(of name: String) -> String {
        current[name] ?? "/unset-shape-pattern"
    }
}

/// What a property of a shape holds, which decides the constraints and values it is given.
enum ShapeKind: Equatable {
    case int, string, bool, double, uuid
    /// ``ShapeTab``, an enum with `String` raw values.
    case tab
    /// ``ShapeLevel``, an enum with `Int` raw values.
    case level
    /// ``ShapeCustomLevel``: its own `Codable` conformance writes names, not raw values.
    case customLevel
    case url
    /// `[String]` and `[Int]`: repeated query items.
    case strings, ints
    /// `[String]`: the components of `{key:*}`, or of a plain `*` for the key
    /// `JLRouteWildcardComponents`.
    case wildcard
    /// `[ShapeTab: String]`: a dictionary whose keys are not `String`s.
    case dictionary

    /// The constraints a capture of this kind may be written with (`nil`: none).
    var constraints: [String?] {
        switch self {
        case .int: return [nil, "int", "uint", "1|7|42|-3"]
        case .string: return [nil, nil, "a|b c|café|x.y|7", "int"]
        case .bool: return [nil, "bool"]
        case .double: return [nil, "double"]
        case .uuid: return [nil, "uuid"]
        case .tab: return [nil, "posts|likes", "posts|likes|a b|café"]
        case .level: return [nil, "int", "1|42"]
        case .customLevel: return [nil, "int"]
        case .url, .strings, .ints, .wildcard, .dictionary: return [nil]
        }
    }

    /// Whether a capture of this kind takes a whole segment (`{key:*}`), never beside fixed text.
    var isWildcard: Bool { self == .wildcard }

    /// Texts a URL may give a capture of this kind, fitting `constraint` or not (as written).
    func urlTexts(_ constraint: String?) -> [String] {
        var texts: [String]
        switch self {
        case .int, .level, .customLevel: texts = ["7", "42", "-3", "007", "1"]
        case .bool: texts = ["true", "false", "yes", "0"]
        case .double: texts = ["1.5", "-0.25", "7"]
        case .uuid: texts = [ShapeValues.uuids[0].uuidString]
        case .tab: texts = ["posts", "likes", "a%20b", "caf%C3%A9"]
        default: texts = ["a", "b%20c", "caf%C3%A9", "x.y", "7", "a+b"]
        }
        if let constraint, constraint.contains("|") {
            texts += constraint.split(separator: "|").map { ShapeValues.encoded($0) }
        }
        // Values every constraint refuses but one: they reach the handler only through a bug.
        return texts + ["tags", "..%2F..%2Fadmin", "abc"]
    }
}

/// A property of a shape: its key (as its `CodingKey` writes it), what it holds, and whether it is
/// optional.
struct ShapeProperty {
    var key: String
    var kind: ShapeKind
    var isOptional: Bool
}

/// Picks one of `count` choices: a seeded generator in the tests, the input's bytes in the
/// fuzzer.
struct ShapeChooser {
    var choose: (Int) -> Int

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[choose(elements.count) % elements.count]
    }
}

/// A member of the family: its properties, random values, and the text of a capture's value.
protocol TypedShape: TypedRoute, Equatable {
    /// The shape's properties, in declaration order.
    static var properties: [ShapeProperty] { get }
    /// A random value: a property is `nil` now and then when optional.
    static func random(_ chooser: inout ShapeChooser) -> Self
    /// The text the value's property `key` holds as a capture (as routing compares it with a
    /// constraint), `nil` when the property is `nil` or holds no single text.
    func captureText(_ key: String) -> String?
}

extension TypedShape {
    /// The shape's name, under which ``ShapePatterns`` holds its pattern.
    static var name: String { String(describing: Self.self) }
    static var pattern: String { ShapePatterns.pattern(of: name) }
}

/// The values the shapes are made of.
enum ShapeValues {
    /// Query values (as written) that the constraints of the shapes' captures refuse, some of
    /// which their properties decode: `a b` is a ``ShapeTab`` that `posts|likes` refuses, `-3` an
    /// `Int` and a ``ShapeLevel`` that `uint` and `1|42` refuse.
    static let refusedQueryValues = ["tags", "..%2F..%2Fadmin", "abc", "-3", "a%20b", "9"]
    static let ints = [0, 7, 42, -3, 1, Int.max]
    static let strings = [
        "a", "b c", "café", "x.y", "7", "a/b", "a+b", "%", "x.jpg", "-", "é", "a#b", "?", "", "v1",
        "Mary Ann",
    ]
    static let doubles = [1.5, -0.25, 7, 1e300]
    static let uuids = [
        UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
        UUID(uuidString: "00000000-0000-0000-0000-000000000000")!,
    ]
    static let stringArrays: [[String]] = [[], ["a"], ["a", "b c"], ["", "x"], ["x.y", "é"]]
    static let intArrays: [[Int]] = [[1], [1, 2], [-3]]
    static let urls = [URL(string: "https://example.com/a?b=c")!, URL(string: "relative/path")!]

    /// `text` as a URL path writes it: characters a path allows as they are, others `%XX`.
    static func encoded(_ text: some StringProtocol) -> String {
        var result = ""
        for byte in text.utf8 {
            if byte < 0x80, CharacterSet.urlPathAllowed.contains(Unicode.Scalar(byte)),
                byte != UInt8(ascii: "/"),
                byte != UInt8(ascii: ";")
            {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}

enum ShapeTab: String, Codable, CaseIterable, Hashable {
    case posts, likes
    case spaced = "a b"
    case accented = "café"
}

enum ShapeLevel: Int, Codable, CaseIterable, Hashable {
    case low = 1
    case high = 42
    case negative = -3
}

/// An enum with an `Int` raw value and its own `Codable` conformance, which writes and reads its
/// name (`"one"`), not its raw value.
enum ShapeCustomLevel: Int, Codable, CaseIterable, Hashable {
    case one = 1
    case two = 2

    init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let level = Self.allCases.first(where: { "\($0)" == name }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: name))
        }
        self = level
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("\(self)")
    }
}

/// Optionals, enums with `String` and `Int` raw values, and an array (a repeated query item).
struct ShapeProfile: TypedShape {
    var id: Int
    var name: String?
    var tab: ShapeTab?
    var level: ShapeLevel?
    var tags: [String]?
    var ref: String?

    static let properties = [
        ShapeProperty(key: "id", kind: .int, isOptional: false),
        ShapeProperty(key: "name", kind: .string, isOptional: true),
        ShapeProperty(key: "tab", kind: .tab, isOptional: true),
        ShapeProperty(key: "level", kind: .level, isOptional: true),
        ShapeProperty(key: "tags", kind: .strings, isOptional: true),
        ShapeProperty(key: "ref", kind: .string, isOptional: true),
    ]

    static func random(_ chooser: inout ShapeChooser) -> Self {
        Self(
            id: chooser.pick(ShapeValues.ints), name: chooser.pick([nil] + ShapeValues.strings),
            tab: chooser.pick([nil] + ShapeTab.allCases), level: chooser.pick([nil] + ShapeLevel.allCases),
            tags: chooser.pick([nil] + ShapeValues.stringArrays),
            ref: chooser.pick([nil] + ShapeValues.strings))
    }

    func captureText(_ key: String) -> String? {
        switch key {
        case "id": return String(id)
        case "name": return name
        case "tab": return tab?.rawValue
        case "level": return level.map { String($0.rawValue) }
        case "ref": return ref
        default: return nil
        }
    }
}

/// Renamed keys (`CodingKeys` with other texts), `Bool`, `Double`, `UUID` and `[Int]`.
struct ShapeRenamed: TypedShape {
    var userID: Int?
    var title: String
    var isOn: Bool?
    var ratio: Double?
    var key: UUID?
    var counts: [Int]?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case title = "t"
        case isOn = "on"
        case ratio = "r"
        case key = "k"
        case counts = "n"
    }

    static let properties = [
        ShapeProperty(key: "user_id", kind: .int, isOptional: true),
        ShapeProperty(key: "t", kind: .string, isOptional: false),
        ShapeProperty(key: "on", kind: .bool, isOptional: true),
        ShapeProperty(key: "r", kind: .double, isOptional: true),
        ShapeProperty(key: "k", kind: .uuid, isOptional: true),
        ShapeProperty(key: "n", kind: .ints, isOptional: true),
    ]

    static func random(_ chooser: inout ShapeChooser) -> Self {
        Self(
            userID: chooser.pick([nil] + ShapeValues.ints), title: chooser.pick(ShapeValues.strings),
            isOn: chooser.pick([nil, true, false]), ratio: chooser.pick([nil] + ShapeValues.doubles),
            key: chooser.pick([nil] + ShapeValues.uuids), counts: chooser.pick([nil] + ShapeValues.intArrays))
    }

    func captureText(_ key: String) -> String? {
        switch key {
        case "user_id": return userID.map { String($0) }
        case "t": return title
        case "on": return isOn.map { String($0) }
        case "r": return ratio.map { String($0) }
        case "k": return self.key?.uuidString
        default: return nil
        }
    }
}

/// A named wildcard's components (`{rest:*}`) beside a capture and an optional enum.
struct ShapeRest: TypedShape {
    var rest: [String]
    var head: String?
    var tab: ShapeTab?

    static let properties = [
        ShapeProperty(key: "rest", kind: .wildcard, isOptional: false),
        ShapeProperty(key: "head", kind: .string, isOptional: true),
        ShapeProperty(key: "tab", kind: .tab, isOptional: true),
    ]

    static func random(_ chooser: inout ShapeChooser) -> Self {
        Self(
            rest: chooser.pick(ShapeValues.stringArrays), head: chooser.pick([nil] + ShapeValues.strings),
            tab: chooser.pick([nil] + ShapeTab.allCases))
    }

    func captureText(_ key: String) -> String? {
        switch key {
        case "head": return head
        case "tab": return tab?.rawValue
        default: return nil
        }
    }
}

/// A plain `*`'s components, read under `JLRouteWildcardComponents`, beside a `Bool` and an
/// `Int`.
struct ShapeStar: TypedShape {
    var components: [String]?
    var flag: Bool
    var page: Int?

    enum CodingKeys: String, CodingKey {
        case components = "JLRouteWildcardComponents"
        case flag, page
    }

    static let properties = [
        ShapeProperty(key: "JLRouteWildcardComponents", kind: .wildcard, isOptional: true),
        ShapeProperty(key: "flag", kind: .bool, isOptional: false),
        ShapeProperty(key: "page", kind: .int, isOptional: true),
    ]

    static func random(_ chooser: inout ShapeChooser) -> Self {
        Self(
            components: chooser.pick([nil] + ShapeValues.stringArrays), flag: chooser.pick([true, false]),
            page: chooser.pick([nil] + ShapeValues.ints))
    }

    func captureText(_ key: String) -> String? {
        switch key {
        case "flag": return String(flag)
        case "page": return page.map { String($0) }
        default: return nil
        }
    }
}

/// Values whose printing and reading may disagree: an enum with its own `Codable` conformance,
/// a `URL` (relative ones too), a dictionary whose keys are not `String`.
struct ShapeQuirks: TypedShape {
    var id: Int
    var level: ShapeCustomLevel?
    var link: URL?
    var byTab: [ShapeTab: String]?

    static let properties = [
        ShapeProperty(key: "id", kind: .int, isOptional: false),
        ShapeProperty(key: "level", kind: .customLevel, isOptional: true),
        ShapeProperty(key: "link", kind: .url, isOptional: true),
        ShapeProperty(key: "byTab", kind: .dictionary, isOptional: true),
    ]

    static func random(_ chooser: inout ShapeChooser) -> Self {
        Self(
            id: chooser.pick(ShapeValues.ints), level: chooser.pick([nil] + ShapeCustomLevel.allCases),
            link: chooser.pick([nil] + ShapeValues.urls),
            byTab: chooser.pick([nil, [.posts: "v"]]))
    }

    func captureText(_ key: String) -> String? {
        switch key {
        case "id": return String(id)
        case "link": return link?.absoluteString
        default: return nil
        }
    }
}

/// The family, in a fixed order (the fuzzer's `=N` names shape `N`).
enum ShapeFamily {
    static var shapes: [any TypedShape.Type] {
        [ShapeProfile.self, ShapeRenamed.self, ShapeRest.self, ShapeStar.self, ShapeQuirks.self]
    }
}
