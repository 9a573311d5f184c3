/// One registered route: a pattern without optional groups, a priority and a handler.
///
/// Most code never builds one: ``RouteTable/add(pattern:priority:handler:)`` does, once per
/// expansion of the pattern. Keep the value to remove exactly that route later.
///
/// ```swift
/// let definition = Definition(pattern: "/user/view/:id", priority: 10) { params in
///     print(params["id"] ?? "")
///     return true
/// }
/// router.default.add(definition: definition)
/// router.default.remove(definition: definition)
/// ```
public final class Definition {
    /// The pattern this definition matches, e.g. `"/user/view/:id"` (an expansion, for patterns
    /// registered with optional groups).
    ///
    /// ```swift
    /// router.default.definitions.map(\.pattern)  // ["/the/foo/:a", "/the"]
    /// ```
    public let pattern: String
    /// Higher priorities are asked first; equal priorities in registration order.
    ///
    /// ```swift
    /// Definition(pattern: "/x", priority: 100, handler: nil).priority  // 100
    /// ```
    public let priority: Int
    /// The scheme of the table it is registered in (``Router/defaultScheme`` for the global
    /// table), or `nil` before registration and after removal.
    ///
    /// ```swift
    /// router.alpha.add(definition: definition)
    /// definition.scheme  // "alpha"
    /// ```
    public internal(set) var scheme: String?
    /// What runs when the definition matches; `nil` means "handled" (the same as returning `true`).
    ///
    /// ```swift
    /// let accepted = definition.handler?(params) ?? true
    /// ```
    public let handler: RouteHandler?

    /// Creates a definition to register with ``RouteTable/add(definition:)``.
    ///
    /// ```swift
    /// let home = Definition(pattern: "/home", priority: 0) { _ in true }
    /// ```
    /// - Parameters:
    ///   - pattern: a pattern without optional groups (`/user/:id`, `/files/*`).
    ///   - priority: higher is asked first; default 0.
    ///   - handler: returns `true` when it handled the URL; `nil` always handles.
    public init(pattern: String, priority: Int = 0, handler: RouteHandler?) {
        self.pattern = pattern
        self.priority = priority
        self.handler = handler
    }

    /// The parsed pattern; set when the definition is registered.
    var parsed = RoutePattern.root
    /// The pattern given to `add(pattern:)` (with its optional groups), used by `remove(pattern:)`.
    var sourcePattern = ""
    /// Registration order within the table, for ties of priority.
    var sequence = 0

    /// Whether `self` is asked before `other`: higher priority first, then registration order.
    func precedes(_ other: Definition) -> Bool {
        priority != other.priority ? priority > other.priority : sequence < other.sequence
    }
}

extension Definition {
    /// The reserved parameter keys, with JLRoutes' strings. Nothing can override them.
    ///
    /// ```swift
    /// router.default.add(pattern: "/user/:id") { params in
    ///     params[Definition.Keys.pattern]  // "/user/:id"
    ///     params[Definition.Keys.scheme]   // "JLRoutesGlobalRoutesScheme"
    ///     return true
    /// }
    /// ```
    public enum Keys {
        /// The matched pattern (the expansion, for optional groups): `"JLRoutePattern"`.
        ///
        /// ```swift
        /// params[Definition.Keys.pattern] as? String  // "/user/:id"
        /// ```
        public static let pattern = "JLRoutePattern"
        /// The routed `URL`: `"JLRouteURL"`.
        ///
        /// ```swift
        /// params[Definition.Keys.url] as? URL  // myapp://user/7
        /// ```
        public static let url = "JLRouteURL"
        /// The scheme of the table that matched: `"JLRouteScheme"`.
        ///
        /// ```swift
        /// params[Definition.Keys.scheme] as? String  // "myapp"
        /// ```
        public static let scheme = "JLRouteScheme"
        /// The segments a trailing `*` captured, decoded, as `[String]`: `"JLRouteWildcardComponents"`.
        ///
        /// ```swift
        /// params[Definition.Keys.wildcard] as? [String]  // ["a", "b"]
        /// ```
        public static let wildcard = "JLRouteWildcardComponents"
    }
}
