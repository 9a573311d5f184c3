#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// What the `routes` command-line tool (the repository's `Tools` package) reads of the library
/// beyond its public API, through `@_spi(Tooling)`: the library's own rules, so that the tool
/// keeps no copy of them. Not API: it changes with the tool.
@_spi(Tooling) public enum ToolSupport {
    /// A scheme's table key: ASCII letters lowercased, every other character kept.
    public static func schemeKey(_ text: String) -> String {
        Scheme.key(text)
    }

    /// Whether `text` is a scheme: a letter, then letters, digits, `+`, `-` or `.`.
    public static func isValidScheme<Text: StringProtocol>(_ text: Text) -> Bool {
        Scheme.isValid(text)
    }

    /// The global table, then the tables of the schemes in order: the order in which lint
    /// visits them.
    public static func tables(of router: Router) -> [RouteTable] {
        router.allTables
    }

    /// `router.check(links:)` of a table read at run time (`routes test`), in its order.
    public static func check(_ links: [(String, LinkExpectation<Never>)], on router: Router) -> LinkReport {
        router.checkLinks(links)
    }
}
