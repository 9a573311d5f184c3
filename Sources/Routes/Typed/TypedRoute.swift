/// A link as a type: one declaration that routing parses (the pattern's match, then `decode`)
/// and URL building prints.
///
/// Each stored property is a capture of ``pattern`` (by name: `{id}` or `:id` is the property
/// `id`) or a query item; an `Optional` property is left out when `nil` (an optional group's
/// capture, or a query item). A capture's property is read from its capture only, never from a
/// query item of its name. Values are flat: text, numbers, `Bool`, `UUID`, an absolute `URL`,
/// other `LosslessStringConvertible` types (as their text), enums with a raw value, `Optional`s
/// and arrays of these (an array is a repeated query item or a named wildcard's components,
/// never a capture). A value is printed as it is read back, and a type whose printing and
/// reading disagree is refused. The pattern always reads braces (the
/// "Pattern syntax" article, *Extended patterns*), whatever the table's options.
///
/// ```swift
/// struct UserLink: TypedRoute, Hashable {
///     static let pattern = "/user/{id:int}(/{tab:posts|likes})"
///     enum Tab: String, Codable, CaseIterable { case posts, likes }
///     var id: Int
///     var tab: Tab?       // the optional group's capture
///     var ref: String?    // not in the pattern: a query item
/// }
///
/// router.myapp.add(UserLink.self) { link in
///     print("user", link.id, link.tab ?? .posts)
///     return true
/// }
/// let link = UserLink(id: 42, tab: .likes, ref: "mail")
/// try router.url(for: link, scheme: "myapp")
/// // myapp://user/42/likes?ref=mail
/// ```
///
/// See <doc:TypedRoutes> for the rules and the limits.
public protocol TypedRoute: Codable {
    /// The pattern the type's links match and print with, as for `add(pattern:)`, braces read.
    ///
    /// ```swift
    /// struct PhotoLink: TypedRoute {
    ///     static let pattern = "/photos/{name}.jpg"
    ///     var name: String
    /// }
    /// ```
    static var pattern: String { get }
}

/// Why a table refused a ``TypedRoute`` type at registration: its pattern and its properties
/// disagree.
///
/// ```swift
/// struct PostLink: TypedRoute {
///     static let pattern = "/user/:user/post/:id"
///     var id: Int  // never decodes `user`
/// }
/// router.onInvalidTypedRoute = { error in print(error) }
/// router.myapp.add(PostLink.self) { _ in true }
/// // PostLink ("/user/:user/post/:id"): the capture "user" is
/// // never decoded
/// ```
public struct TypedRouteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What disagrees.
    ///
    /// ```swift
    /// if case .captureNotDecoded(let name) = error.reason { print(name) }
    /// ```
    public enum Reason: Sendable, Hashable {
        /// The pattern captures `name`, and the type's `init(from:)` never asks for it.
        ///
        /// `name` is a `:name` (or `{name}`), or the wildcard's components, read under the
        /// wildcard's name (`{rest:*}`) or ``RouteParameters/Keys/wildcard``: the value would be
        /// lost, and the type could not print the pattern.
        case captureNotDecoded(String)
        /// The property `key` is a nested value (a struct or a dictionary, whatever its keys),
        /// which a URL cannot hold.
        case nestedValue(key: String)
        /// The type decodes the capture `name` as an array (or a set), which a capture cannot
        /// hold: it is one segment's text.
        ///
        /// An array is a repeated query item, or the components of a named wildcard
        /// (`{tags:*}`).
        case arrayCapture(String)
        /// The property `key` does not read back as it prints: the type's printing and reading
        /// disagree. `detail` says how.
        ///
        /// Found with the check's placeholders: printed as URL building prints them and read
        /// as routing reads them, `key` printed text that does not decode, or that decodes to a
        /// value that prints other text (an enum whose `encode(to:)` writes what its
        /// `init(from:)` does not read).
        case valueNotReadBack(key: String, detail: String)
        /// The type requires the property `name`, which only some expansions of the pattern capture.
        ///
        /// The capture is in an optional group: a URL of an expansion without it never decodes
        /// (the property is read from its capture only, never from a query item).
        ///
        /// Make the property optional (`var tab: Tab?`), or take the capture out of the group.
        case requiredGroupCapture(String)
    }

    /// The type's name.
    ///
    /// ```swift
    /// error.type  // "PostLink"
    /// ```
    public let type: String
    /// The type's ``TypedRoute/pattern``.
    ///
    /// ```swift
    /// error.pattern  // "/user/:user/post/:id"
    /// ```
    public let pattern: String
    /// What disagrees.
    ///
    /// ```swift
    /// error.reason  // .captureNotDecoded("user")
    /// ```
    public let reason: Reason

    /// A readable explanation.
    ///
    /// ```swift
    /// print(error)
    /// ```
    public var description: String {
        let detail: String
        switch reason {
        case .captureNotDecoded(let name): detail = "the capture \"\(name)\" is never decoded"
        case .nestedValue(let key):
            detail = "the property \"\(key)\" is a nested value; URLs hold flat values"
        case .arrayCapture(let name):
            detail =
                "the capture \"\(name)\" is decoded as an array; a capture holds one value "
                + "(read a list from a query item, or from a named wildcard {\(name):*})"
        case .valueNotReadBack(let key, let text):
            detail = "the property \"\(key)\" does not read back as printed: \(text)"
        case .requiredGroupCapture(let name):
            detail =
                "the property \"\(name)\" is required, but its capture is in an optional group: "
                + "the expansion without it never decodes (make the property optional)"
        }
        return "\(type) (\"\(pattern)\"): \(detail)"
    }
}

/// One way a ``TypedRoute`` value does not survive printing and routing back, from
/// RoutesTesting's ``/RoutesTesting/Routes/Router/roundTrip(_:scheme:host:)``.
///
/// ```swift
/// // UserLinkTests.swift: in the test target, which links RoutesTesting
/// import Routes
/// import RoutesTesting
///
/// struct UserLink: TypedRoute {
///     static let pattern = "/user/{id:int}"
///     var id: Int
/// }
///
/// @MainActor func checkUserLink(_ router: Router) {
///     for difference in router.roundTrip(UserLink(id: 42), scheme: "myapp") {
///         print(difference)  // in a test: Issue.record("\(difference)")
///     }
/// }
/// ```
public struct RoundTripDifference: Sendable, Hashable, CustomStringConvertible {
    /// What differs.
    ///
    /// ```swift
    /// if case .notDecoded(let message) = difference.kind { print(message) }
    /// ```
    public enum Kind: Sendable, Hashable {
        /// The value does not print: URL building threw this.
        case notBuilt(URLBuildingError)
        /// The URL reaches the pattern's definition, but its parameters do not decode as the
        /// type: the decoding error's description.
        case notDecoded(String)
        /// The value decoded from the URL writes `decoded` under `key` where the value given
        /// writes `given` (texts as URL building writes them; `[]` when absent).
        case valueChanged(key: String, given: [String], decoded: [String])
        /// For an `Equatable` type: the decoded value is not `==` to the value given.
        case notEqual
    }

    /// The URL printed, when there is one.
    ///
    /// ```swift
    /// difference.url  // "myapp://user/42"
    /// ```
    public let url: String?
    /// What differs.
    ///
    /// ```swift
    /// difference.kind  // .valueChanged(key: "ref", given: ["a"], decoded: [])
    /// ```
    public let kind: Kind

    /// A readable explanation.
    ///
    /// ```swift
    /// print(difference)
    /// ```
    public var description: String {
        let detail: String
        switch kind {
        case .notBuilt(let error): return error.description
        case .notDecoded(let message): detail = "does not decode: \(message)"
        case .valueChanged(let key, let given, let decoded):
            detail = "\"\(key)\" was \(given), reads back as \(decoded)"
        case .notEqual: detail = "the value read back is not == to the value given"
        }
        return "\(url ?? "the URL") \(detail)"
    }
}
