/// One registered route: a pattern without optional groups, a priority and a handler.
///
/// Most code never builds one: ``RouteTable/add(pattern:priority:handler:)-(_,_,RouteHandler?)`` does, once per
/// expansion of the pattern. Keep the value to remove exactly that route later.
///
/// ```swift
/// let definition = Definition(pattern: "/user/:id", priority: 10) { params in
///     print(params["id"] ?? "")
///     return true
/// }
/// router.default.add(definition: definition)
/// router.default.remove(definition: definition)
/// ```
public final class Definition {
    // What a lookup reads (the parsed pattern, the action) is declared first, so that it shares
    // a cache line with the reference count: on a large table, a definition is often not in
    // the cache.

    /// The parsed pattern, set when the definition is registered.
    var registeredPattern: RoutePattern?
    /// What runs when the definition matches; `nil` means "handled" (the same as returning `true`).
    let action: Action?
    /// Registration order within the table, for ties of priority. (Declared here, 32 bits, so
    /// that it fills the space after ``action``: a definition then takes one malloc size class
    /// less, 96 bytes.)
    var sequence: Int32 = 0

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
        self.action = handler.map(Action.handler)
    }

    /// A definition whose handler is `action`.
    init(pattern: String, priority: Int, action: Action?) {
        self.pattern = pattern
        self.priority = priority
        self.action = action
    }

    /// The parsed pattern of a registered definition (every definition of a table is one).
    package var parsed: RoutePattern { registeredPattern! }

    /// Whether `self` is asked before `other`: higher priority first, then registration order.
    func precedes(_ other: Definition) -> Bool {
        priority != other.priority ? priority > other.priority : sequence < other.sequence
    }
}

extension Definition: Hashable {
    /// Whether two definitions have the same scheme, pattern and priority, as JLRoutes compares
    /// them.
    ///
    /// Definitions are equal when their scheme, pattern and priority are (as JLRoutes compares
    /// them); `remove(definition:)` still removes exactly the instance it is given.
    ///
    /// ```swift
    /// let a = Definition(pattern: "/a", handler: nil)
    /// a == Definition(pattern: "/a", handler: nil)  // true
    /// ```
    public static func == (lhs: Definition, rhs: Definition) -> Bool {
        lhs.scheme == rhs.scheme && lhs.pattern == rhs.pattern && lhs.priority == rhs.priority
    }

    /// Hashes the pattern and priority, which never change while the definition lives.
    ///
    /// Hashes the pattern and priority: what never changes while the definition lives (its
    /// ``scheme`` changes when it is registered), so a definition stays findable in a `Set`.
    ///
    /// ```swift
    /// let unique = Set(router.default.definitions)
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(priority)
    }
}

extension Definition {
    /// Another name for `RouteParameters.Keys`, the reserved parameter keys.
    ///
    /// ``RouteParameters/Keys`` is the declared name; Routes 1.0 declared the keys as
    /// `Definition.Keys`, and this alias keeps that code compiling.
    ///
    /// ```swift
    /// params[Definition.Keys.pattern]  // "/user/:id"
    /// ```
    public typealias Keys = RouteParameters.Keys
}
