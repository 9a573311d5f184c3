import Foundation

/// A URL router: one ``RouteTable`` per scheme, plus the global table.
///
/// ```swift
/// let router = Router()
///
/// // At launch:
/// router.default.add(pattern: "/user/view/:userID") { params in
///     print("user", params.string("userID") ?? "?")
///     return true
/// }
/// router.alpha["home"] = { _ in print("home"); return true }
///
/// // When a URL arrives:
/// router.route(to: "myapp://user/view/42")  // true
/// router.route(to: "alpha://home")          // true
/// ```
///
/// A router is not `Sendable`: it lives in one isolation domain (usually the main actor), and
/// there is no global state, so make as many as you like. Handlers may use the router again
/// (add, remove, route) while it routes.
@dynamicMemberLookup
public class Router {
    /// The scheme name of the global table, as in JLRoutes.
    ///
    /// ```swift
    /// router[Router.defaultScheme] === router.default  // true
    /// ```
    public static let defaultScheme = "JLRoutesGlobalRoutesScheme"

    /// The most optional groups one pattern may have. Each group doubles the definitions a
    /// pattern expands into, so 10 groups give at most 1,024; more are rejected with
    /// ``RoutePatternError/Reason/tooManyOptionalGroups(limit:)``.
    static let maximumOptionalGroups = 10

    /// The global table: URLs whose scheme has no table of its own are routed here, and tables
    /// with ``RouteTable/shouldFallback`` fall back to it.
    ///
    /// ```swift
    /// router.default.add(pattern: "/home") { _ in true }
    /// ```
    public var `default`: RouteTable { defaultTable }

    /// The global table, read by routing without a dynamic call.
    @exclusivity(unchecked) final package private(set) var defaultTable: RouteTable
    /// The class of the tables: a ``RouteMap``'s tables give its values.
    private let tableType: RouteTable.Type

    /// Receives a line for each routing decision (registrations, matches, declines, fallback,
    /// unmatched URLs). `nil` by default: the library never prints.
    ///
    /// ```swift
    /// router.logger = { line in print(line) }
    /// ```
    @exclusivity(unchecked) public final var logger: ((String) -> Void)? {
        didSet { for table in allTables { table.logger = logger } }
    }

    /// Receives one ``RoutingEvent`` for each routing decision: routed, declined, unmatched,
    /// refused, held, kept, dropped, redirected, resumed.
    ///
    /// Events report only what happened, after it happened and after the router's state is
    /// consistent: the observer may call any of the router's API.
    /// What an observer starts comes after the event it received: a URL's ``RoutingEvent/Kind/held``
    /// or ``RoutingEvent/Kind/kept`` comes first, then the drops it caused. The ``logger``
    /// receives the same decisions as text, each just before the observer: what a logger starts
    /// (a route, a resume) is reported to both before the observer receives the decision that
    /// prompted it, so act on decisions from one of the two.
    ///
    /// ```swift
    /// router.onEvent = { event in
    ///     let source = event.parameters["source"] as? String ?? "-"
    ///     if event.kind == .routed { print("opened", event.url, source) }
    /// }
    /// ```
    @exclusivity(unchecked) public final var onEvent: ((RoutingEvent) -> Void)? {
        didSet { updateTableObservers() }
    }

    /// What `RoutesTesting` observes beside ``onEvent``, which it leaves to the app
    /// (`RoutingTap.swift`).
    @exclusivity(unchecked) package final var tap: RoutingTap? {
        didSet { updateTableObservers() }
    }

    /// Receives the error of each pattern that a table rejects, unless that table has its own
    /// ``RouteTable/onInvalidPattern``.
    ///
    /// ```swift
    /// router.onInvalidPattern = { error in assertionFailure(error.description) }
    /// ```
    public final var onInvalidPattern: ((RoutePatternError) -> Void)?

    /// The types that extended patterns name besides the built-in ones, by name.
    @exclusivity(unchecked) private(set) var parameterTypes: [String: @Sendable (String) -> Bool] = [:]

    /// Registers a type for extended patterns: `{slug:name}` takes a value when `accepts` does.
    ///
    /// `accepts` gets the decoded value, as `params.string(_:)` reads it, whenever a URL reaches
    /// a route with such a capture; a value it refuses makes that route not match, so the next
    /// one is tried. `accepts` may call the router as a handler may: the lookup that asks it reads
    /// the table as it was when it began (a route it adds counts from the next lookup on). Register
    /// types before adding the routes that name them: a pattern naming an unknown type is rejected
    /// with ``RoutePatternError/Reason/unknownCaptureType(_:)``.
    /// Built-in names (`int`, `uint`, `double`, `bool`, `uuid`) cannot be replaced.
    ///
    /// ```swift
    /// router.addParameterType("slug") { value in
    ///     value.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }
    /// }
    /// router.myapp.options.insert(.extendedPatterns)
    /// router.myapp.add(pattern: "/post/{slug:slug}") { _ in true }
    /// router.route(to: "myapp://post/hello-world")  // true
    /// router.route(to: "myapp://post/Hello")        // false
    /// ```
    public final func addParameterType(_ name: String, accepts: @escaping @Sendable (String) -> Bool) {
        parameterTypes[name] = accepts
    }

    /// Receives the error of each ``TypedRoute`` type that a table refuses at registration.
    ///
    /// A table refuses a type whose pattern and properties disagree
    /// (``TypedRouteError/Reason-swift.enum``): a capture the type never decodes, a nested
    /// value, a required property for the capture of an optional group, and so on.
    ///
    /// ```swift
    /// router.onInvalidTypedRoute = { error in
    ///     assertionFailure(error.description)
    /// }
    /// ```
    public final var onInvalidTypedRoute: ((TypedRouteError) -> Void)?

    /// Tables of the other schemes, found by their lowercased ``RouteTable/key``, in the order of
    /// their schemes (kept on insert: ``schemes`` and ``allTables`` read them in order).
    @exclusivity(unchecked) private var tables: [RouteTable] = []
    /// The URLs held while suspended and while `resume()` routes them (`RoutingQueue.swift`).
    /// Its accesses never span user code: its operations return what they drop.
    @exclusivity(unchecked) var queue = RoutingQueue()

    /// Creates a router with an empty global table.
    ///
    /// ```swift
    /// let router = Router()
    /// ```
    public convenience init() {
        self.init(tableType: RouteTable.self)
    }

    /// A router whose tables are `tableType`s.
    init(tableType: RouteTable.Type) {
        self.tableType = tableType
        defaultTable = tableType.init(scheme: Router.defaultScheme, router: nil)
        defaultTable.router = self
    }

    /// The table of `scheme`, created on first use. Schemes are compared ignoring case.
    ///
    /// ```swift
    /// router["alpha"].add(pattern: "/home") { _ in true }
    /// router["ALPHA"] === router["alpha"]  // true
    /// ```
    public subscript(scheme: String) -> RouteTable {
        if let table = existingTable(forScheme: scheme) { return table }
        let table = tableType.init(scheme: scheme, router: self)
        tables.insert(table, at: tables.firstIndex { $0.scheme > table.scheme } ?? tables.endIndex)
        return table
    }

    /// The table of a scheme, by name: `router.alpha` is `router["alpha"]`.
    ///
    /// ```swift
    /// router.alpha["home"] = { _ in true }
    /// ```
    public subscript(dynamicMember scheme: String) -> RouteTable {
        self[scheme]
    }

    /// The schemes that have a table (the global scheme not included), sorted.
    ///
    /// ```swift
    /// router.schemes  // ["alpha", "myapp"]
    /// ```
    public final var schemes: [String] {
        tables.map(\.scheme)
    }

    /// The table routing starts in for a URL: its scheme's table, or the global table.
    ///
    /// The global table is the start when the URL's scheme has no table. `nil` for a string that
    /// is not a URL. Creates no table.
    ///
    /// ```swift
    /// // true, once `alpha` has a table:
    /// router.table(for: "alpha://home") === router.alpha
    /// router.table(for: "unknown://home") === router.default  // true
    /// ```
    public func table(for url: some URLConvertible) -> RouteTable? {
        url.routeInput.parts.map(table(for:))
    }

    /// Removes the table of `scheme` and its routes (for the global scheme: empties it and
    /// resets its settings).
    ///
    /// ```swift
    /// router.unregister(scheme: "alpha")
    /// ```
    public final func unregister(scheme: String) {
        let key = Scheme.key(scheme)
        // The removed tables are released only after the mutation: releasing a handler may run
        // user code (a deinit), which may use the router.
        let removed: [RouteTable]
        if key == defaultTable.key {
            removed = [defaultTable]
            defaultTable = tableType.init(scheme: Router.defaultScheme, router: self)
        } else {
            removed = tables.filter { $0.key == key }
            tables.removeAll { $0.key == key }
        }
        for table in removed { table.releaseDefinitions() }
    }

    /// Removes every table and route.
    ///
    /// ```swift
    /// router.unregisterAll()
    /// ```
    public final func unregisterAll() {
        let removed = allTables
        tables = []
        defaultTable = tableType.init(scheme: Router.defaultScheme, router: self)
        for table in removed { table.releaseDefinitions() }
    }

    /// The global table, then the tables of the schemes in order (the order of lint and of the
    /// `routes` tool).
    package var allTables: [RouteTable] {
        [defaultTable] + tables
    }

    /// The table of `scheme` (ignoring case), or the global table when it has none; creates no
    /// table.
    package func table(forScheme scheme: String) -> RouteTable {
        existingTable(forScheme: scheme) ?? defaultTable
    }

    package func existingTable(forScheme scheme: String) -> RouteTable? {
        let key = Scheme.key(scheme)
        if key == defaultTable.key { return defaultTable }
        return tables.first { $0.key == key }
    }

    /// The table for a URL's scheme, compared ignoring (ASCII) case, without making a string.
    @inline(__always)
    func table(for parts: URLParts) -> RouteTable {
        guard let range = parts.ranges.scheme, !tables.isEmpty else { return defaultTable }
        return table(forSchemeAt: range, of: parts)
    }

    /// The table for the scheme at `range` in the URL's text (the global table when none has it).
    @inline(never)
    private func table(forSchemeAt range: Range<Int>, of parts: URLParts) -> RouteTable {
        parts.text.withBytes { bytes in
            let scheme = UnsafeBufferPointer(rebasing: bytes[range])
            return tables.first { $0.hasScheme(scheme) } ?? defaultTable
        }
    }
}
