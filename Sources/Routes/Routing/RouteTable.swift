import Foundation

/// The routes of one scheme: registration, removal and settings.
///
/// Get a table from its router: ``Router/default`` for the global scheme, `router["alpha"]` or
/// `router.alpha` for the scheme `alpha`.
///
/// ```swift
/// router.default.add(pattern: "/user/view/:userID") { params in
///     print("user", params.string("userID") ?? "?")
///     return true
/// }
/// router.alpha["home"] = { _ in true }
/// ```
public class RouteTable {
    // Routing reads the properties marked `@exclusivity(unchecked)` on every lookup. A table is
    // confined to its router's isolation domain and never hands out an access across a handler
    // call, so the dynamic exclusivity checks of class properties only cost time.

    /// The scheme this table routes (``Router/defaultScheme`` for the global table).
    ///
    /// ```swift
    /// router.alpha.scheme  // "alpha"
    /// ```
    public let scheme: String

    /// Whether URLs that no route of this table handles are tried on the global table. Default `false`.
    ///
    /// ```swift
    /// router.alpha.shouldFallback = true
    /// ```
    @exclusivity(unchecked) public final var shouldFallback = false

    /// How URLs are read: `[.decodePlusSymbols]` by default.
    ///
    /// ```swift
    /// router.default.options.insert(.treatHostAsPathComponent)
    /// ```
    @exclusivity(unchecked) public final var options: RouteOptions = [.decodePlusSymbols]

    /// Called when routing that began in this table handled nothing, with the URL and the extra
    /// parameters.
    ///
    /// It is called once, after fallback, and never by ``canRoute(to:)``.
    ///
    /// ```swift
    /// router.default.unmatchedHandler = { url, _ in print("no route for", url) }
    /// ```
    @exclusivity(unchecked) public final var unmatchedHandler: ((URL, [String: Any]) -> Void)?

    /// The hosts this table routes, for universal links; `nil`, the default, accepts any host.
    ///
    /// The hosts this table routes, for universal links: exact names or `*.domain` for any
    /// subdomain, compared ignoring case. A URL whose host is not listed (or that has no host) is
    /// not routed by this table; fallback and the unmatched handler apply as usual. `nil`, the
    /// default, accepts any host.
    ///
    /// A table with hosts reads web links as a browser does: a fragment that does not start with
    /// `/` or `?` (`https://example.com/post/7#comments`) is an anchor, not part of the path;
    /// the handler reads it as ``RouteParameters/anchor`` (see <doc:RoutingRules#Web-anchors>).
    ///
    /// ```swift
    /// router["https"].hosts = ["example.com", "*.example.com"]
    /// ```
    public final var hosts: [String]? {
        didSet {
            hostFilter = hosts.map(HostFilter.init)
            readsAnchors = hosts != nil
        }
    }

    /// Receives the error of each pattern that ``add(pattern:priority:handler:)-(_,_,RouteHandler?)`` rejects. When
    /// `nil`, the router's ``Router/onInvalidPattern`` receives it.
    ///
    /// ```swift
    /// router.default.onInvalidPattern = { error in
    ///     assertionFailure(error.description)
    /// }
    /// ```
    public final var onInvalidPattern: ((RoutePatternError) -> Void)?

    /// The registered definitions, in routing order: higher priority first, then registration order.
    ///
    /// ```swift
    /// router.default.definitions.map(\.pattern)  // ["/the/foo/:a", "/the"]
    /// ```
    @exclusivity(unchecked) public final private(set) var definitions: [Definition] = []

    package weak var router: Router?
    /// The router's logger, kept here so that routing does not load the weak `router` for it.
    @exclusivity(unchecked) var logger: ((String) -> Void)?
    /// The router's ``Router/onEvent``, kept here as the logger is; with a ``RoutingTap``, the
    /// tap's observer around it (``Router/tableObserver``).
    @exclusivity(unchecked) var onEvent: ((RoutingEvent) -> Void)?
    /// The router's ``RoutingTap``, read where a guard is asked.
    @exclusivity(unchecked) var tap: RoutingTap?
    /// The definitions of the guards' patterns (`RouteGuard.swift`), in the order they are asked.
    @exclusivity(unchecked) var guardDefinitions: [Definition] = [] {
        didSet { hasGuards = !guardDefinitions.isEmpty }
    }
    /// Whether the table has guards: read on every lookup, without loading the array.
    @exclusivity(unchecked) private(set) var hasGuards = false
    /// The index of ``guardDefinitions``.
    @exclusivity(unchecked) var guardIndex = RouteIndex()
    /// The scheme, ASCII-lowercased: tables are found ignoring case.
    package let key: String
    @exclusivity(unchecked) package private(set) var hostFilter: HostFilter?
    /// Whether this table reads a fragment that does not start with `/` or `?` as a web anchor:
    /// it has ``hosts`` (the "Routing rules" article, *Web anchors*). For the global table
    /// reached by fallback, see ``readsAnchors(afterFallbackFrom:of:)``.
    @exclusivity(unchecked) package private(set) var readsAnchors = false
    /// The index of ``definitions``: one object for the table's life (a constant, so that a
    /// lookup reads it without retaining it), emptied at a removal and filled again by the next
    /// lookup.
    private let storedIndex = RouteIndex()
    /// Whether a removal emptied ``storedIndex``.
    @exclusivity(unchecked) private var indexIsStale = false
    private var nextSequence: Int32 = 0
    /// The pattern each definition was registered from, when it is not its own pattern (an
    /// expansion of optional groups): kept here rather than in every definition.
    @exclusivity(unchecked) private var groupedSources: [ObjectIdentifier: String] = [:]

    /// The pattern given to `add(pattern:)` (with its optional groups) that registered
    /// `definition` of this table, used by `remove(pattern:)` and by the tools.
    package func sourcePattern(of definition: Definition) -> String {
        groupedSources[ObjectIdentifier(definition)] ?? definition.pattern
    }

    required init(scheme: String, router: Router?) {
        self.scheme = scheme
        self.router = router
        self.logger = router?.logger
        self.onEvent = router?.tableObserver
        self.tap = router?.tap
        key = Scheme.key(scheme)
    }

    /// Whether `scheme` (a URL's, any case) is this table's.
    func hasScheme(_ scheme: UnsafeBufferPointer<UInt8>) -> Bool {
        key.utf8.count == scheme.count && zip(key.utf8, scheme).allSatisfy { $0 == $1.asciiLowercased }
    }

    /// Whether this is the router's global table.
    package var isGlobal: Bool { scheme == Router.defaultScheme }

    /// The index of the definitions.
    var index: RouteIndex {
        if indexIsStale { rebuildIndex() }
        return storedIndex
    }

    /// Fills the index again, after a removal.
    @inline(never)
    private func rebuildIndex() {
        for definition in definitions { storedIndex.insert(definition) }
        indexIsStale = false
    }

    /// Registers a pattern with a synchronous handler, one definition per expansion of its optional
    /// groups.
    ///
    /// Registers a pattern: one definition per expansion of its optional groups, all with
    /// `priority`. An invalid pattern registers nothing and is reported to ``onInvalidPattern``.
    ///
    /// ```swift
    /// router.default.add(pattern: "/user/view/:userID", priority: 10) { params in
    ///     print(params["userID"] ?? "")
    ///     return true
    /// }
    /// ```
    /// - Parameters:
    ///   - pattern: literals, `:name` parameters, a trailing `*`, optional `( ... )` groups.
    ///   - priority: higher is asked first; ties in registration order.
    ///   - handler: returns `true` when it handled the URL; `nil` always handles.
    /// - Returns: the registered definitions (empty when the pattern was rejected).
    @_disfavoredOverload  // a map's value closure wins over a handler of the same shape
    @discardableResult
    public final func add(pattern: String, priority: Int = 0, handler: RouteHandler? = nil) -> [Definition] {
        add(pattern: pattern, priority: priority, action: handler.map(Action.handler))
    }

    /// How this table reads pattern text: with braces when ``options`` has
    /// ``RouteOptions/extendedPatterns``, with the router's types.
    package var patternSyntax: PatternSyntax {
        PatternSyntax(
            braces: options.contains(.extendedPatterns), types: router?.parameterTypes ?? [:])
    }

    /// Registers every expansion of `pattern` with `action`, read with `syntax` (by default the
    /// table's own, ``patternSyntax``).
    func add(pattern: String, priority: Int, action: Action?, syntax: PatternSyntax? = nil) -> [Definition] {
        let expansions: [RoutePattern]
        do {
            expansions = try OptionalGroupExpansion.expand(pattern, syntax: syntax ?? patternSyntax)
        } catch {
            report(error)
            return []
        }
        let added = expansions.map { expansion in
            let definition = Definition(pattern: expansion.text, priority: priority, action: action)
            definition.registeredPattern = expansion
            if expansion.text != pattern { groupedSources[ObjectIdentifier(definition)] = pattern }
            insert(definition)
            return definition
        }
        log("registered \(pattern) as \(added.map(\.pattern)) in \(scheme), priority \(priority)")
        return added
    }

    /// Registers several patterns with the same priority and handler.
    ///
    /// ```swift
    /// router.default.add(patterns: ["/home", "/start"]) { _ in
    ///     print("home")
    ///     return true
    /// }
    /// ```
    public final func add(patterns: [String], priority: Int = 0, handler: RouteHandler? = nil) {
        for pattern in patterns { add(pattern: pattern, priority: priority, handler: handler) }
    }

    /// Registers a definition as it is: its pattern must have no optional group.
    ///
    /// Registers a definition as it is (its pattern must have no optional group). A definition
    /// belongs to one table at a time; a rejected one is reported to ``onInvalidPattern``.
    ///
    /// ```swift
    /// let definition = Definition(pattern: "/x", priority: 0) { _ in true }
    /// router.default.add(definition: definition)
    /// ```
    /// - Returns: whether it was registered.
    @discardableResult
    public final func add(definition: Definition) -> Bool {
        do throws(RoutePatternError) {
            guard definition.scheme == nil else {
                throw RoutePatternError(pattern: definition.pattern, offset: 0, reason: .alreadyRegistered)
            }
            definition.registeredPattern = try OptionalGroupExpansion.parseWithoutGroups(
                definition.pattern, syntax: patternSyntax)
        } catch {
            report(error)
            return false
        }
        insert(definition)
        log("registered \(definition.pattern) in \(scheme), priority \(definition.priority)")
        return true
    }

    /// The synchronous handler first registered from a pattern; assigning replaces the pattern's
    /// routes, `nil` removes them.
    ///
    /// The handler first registered from `pattern` (`nil` when it is `async`); assigning replaces
    /// what `pattern` registered (with priority 0), and assigning `nil` removes it.
    ///
    /// ```swift
    /// router.alpha["home"] = { _ in print("home"); return true }
    /// router.alpha["home"] = nil
    /// ```
    public final subscript(pattern: String) -> RouteHandler? {
        get {
            definitions.filter { sourcePattern(of: $0) == pattern }.min { $0.sequence < $1.sequence }?.action?
                .handler
        }
        set {
            remove(pattern: pattern)
            if let newValue { add(pattern: pattern, handler: newValue) }
        }
    }

    /// Removes every definition registered from `pattern` (all expansions of its optional groups).
    ///
    /// ```swift
    /// router.default.remove(pattern: "/the(/foo/:a)(/bar/:b)")
    /// ```
    public final func remove(pattern: String) {
        removeDefinitions { sourcePattern(of: $0) == pattern }
    }

    /// Removes one definition.
    ///
    /// ```swift
    /// router.default.remove(definition: definition)
    /// ```
    public final func remove(definition: Definition) {
        removeDefinitions { $0 === definition }
    }

    /// Removes every definition, releasing their handlers.
    ///
    /// ```swift
    /// router.default.removeAll()
    /// ```
    public final func removeAll() {
        removeDefinitions { _ in true }
    }

    /// Inserts in routing order (O(1) when priorities do not increase), then indexes.
    private func insert(_ definition: Definition) {
        definition.scheme = scheme
        definition.sequence = nextSequence
        nextSequence &+= 1
        definitions.insertInRoutingOrder(definition)
        if !indexIsStale { storedIndex.insert(definition) }
    }

    private func removeDefinitions(where shouldRemove: (Definition) -> Bool) {
        // The removed definitions are released after the mutation: releasing a handler may run
        // user code (a deinit), which may use the table.
        let removed = definitions.filter(shouldRemove)
        guard !removed.isEmpty else { return }
        definitions.removeAll(where: shouldRemove)
        for definition in removed { groupedSources[ObjectIdentifier(definition)] = nil }
        // Emptied now, while `removed` still holds the definitions: their release runs no user
        // code here, nor in the next lookup, which fills the index again.
        storedIndex.removeAll()
        indexIsStale = true
        for definition in removed { definition.scheme = nil }
        log("removed \(removed.count) definitions from \(scheme)")
    }

    /// Frees the definitions of a table the router no longer has: they may be added again.
    func releaseDefinitions() {
        for definition in definitions { definition.scheme = nil }
    }

    func report(_ error: RoutePatternError) {
        log(error.description)
        (onInvalidPattern ?? router?.onInvalidPattern)?(error)
    }

    #if compiler(>=6.2)
        /// Registers a pattern with an `async` handler, of type ``AsyncRouteHandler``.
        ///
        /// Registers a pattern with an `async` handler. A table may hold synchronous and `async`
        /// handlers side by side; both are asked in the usual order (priority, then registration).
        ///
        /// ```swift
        /// func loadPost(_ id: Int) async -> String? { "Post \(id)" }
        ///
        /// router.default.add(pattern: "/post/:id") { params async -> Bool in
        ///     guard let id = params.int("id"), let post = await loadPost(id)
        ///     else { return false }
        ///     print(post)
        ///     return true
        /// }
        /// // From an async function: await router.route(to: "myapp://post/7")
        /// ```
        /// - Returns: the registered definitions (empty when the pattern was rejected).
        @_disfavoredOverload  // a map's value closure wins over a handler of the same shape
        @discardableResult
        public final func add(
            pattern: String, priority: Int = 0, handler: @escaping AsyncRouteHandler
        ) -> [Definition] {
            add(pattern: pattern, priority: priority, action: .asyncHandler(handler))
        }
    #endif

    /// Sends a line to the router's logger; the message is built only when there is one.
    func log(_ message: @autoclosure () -> String) {
        guard let logger else { return }
        logger("[Routes] " + message())
    }
}
