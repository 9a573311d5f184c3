/// How a route table reads the URLs it routes.
///
/// ```swift
/// router.default.options = [.decodePlusSymbols, .treatHostAsPathComponent]
/// ```
public struct RouteOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    ///
    /// ```swift
    /// RouteOptions(rawValue: 1) == .decodePlusSymbols  // true
    /// ```
    public let rawValue: Int

    /// Creates options from raw bits.
    ///
    /// ```swift
    /// let options = RouteOptions(rawValue: 3)
    /// ```
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Literal `+` characters in route and query values become spaces (before percent-decoding,
    /// so `%2B` stays `+`). On by default.
    ///
    /// ```swift
    /// // myapp://search?q=swift+routes  →  params["q"] == "swift routes"
    /// ```
    public static let decodePlusSymbols = RouteOptions(rawValue: 1 << 0)

    /// The URL's host is always the first path segment, even when it contains a `.` or is
    /// `localhost` (by default only a dot-free, non-`localhost` host is).
    ///
    /// ```swift
    /// router.https.options.insert(.treatHostAsPathComponent)
    /// // https://example.com/post/7  →  segments "example.com", "post", "7"
    /// ```
    public static let treatHostAsPathComponent = RouteOptions(rawValue: 1 << 1)

    /// Patterns added afterwards read braces: typed captures, allowed values, text beside a
    /// capture, a named wildcard.
    ///
    /// The "Pattern syntax" article, *Extended patterns*, has the rules: `{id}` reads as `:id`;
    /// typed captures (`{id:int}`, `uint`, `double`, `bool`, `uuid`, or a type the app
    /// registered with ``Router/addParameterType(_:accepts:)``), allowed values
    /// (`{tab:posts|likes}`), captures beside fixed text (`{name}.jpg`) and a named wildcard
    /// (`{rest:*}`). Off by default, since braces are literal text in a plain pattern; set it
    /// before adding routes, which are read as the options are when they are added.
    ///
    /// ```swift
    /// router.myapp.options.insert(.extendedPatterns)
    /// router.myapp.add(pattern: "/user/{id:int}") { params in
    ///     params.int("id") != nil  // always true here
    /// }
    /// ```
    public static let extendedPatterns = RouteOptions(rawValue: 1 << 2)
}
