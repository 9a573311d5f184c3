/// What a guard decides about a URL (see ``RouteTable/addGuard(for:_:)-(_,(RouteParameters)->RouteGuardDecision)``).
///
/// ```swift
/// router.myapp.addGuard(for: "/account/*") { _ in
///     session.isSignedIn ? .proceed : .hold
/// }
/// router.myapp.addGuard(for: "/old-checkout/*") { _ in
///     .redirect(to: "myapp://cart")
/// }
/// ```
public enum RouteGuardDecision: Sendable {
    /// On to the next guard, then the handler (which may still decline).
    case proceed
    /// The URL is not routed: no handler runs, the unmatched handler is not called, and
    /// `route(to:)` returns `false`.
    case refuse
    /// Holds the URL in the router's queue until `resume()` routes it again.
    ///
    /// The URL is kept in the router's queue (the one ``Router/suspend(keepingAtMost:)`` uses) and
    /// `route(to:)` returns `true`; ``Router/resume(isolation:)-5jj55`` routes it again, asking the
    /// guards again. With a queue limit of 0 nothing is kept: the URL is dropped (one
    /// ``RoutingEvent/Kind/dropped`` event, no ``RoutingEvent/Kind/held``) and `route(to:)` returns
    /// `false`. A ``RouteMap``'s stack holds its link once, as the link, whichever of its
    /// prefixes the guard holds.
    case hold
    /// The case: routes the ``RouteInput`` instead of this URL; guards write it with the
    /// static ``redirect(to:)-swift.type.method``.
    ///
    /// The target is routed from the table of its scheme, with the same extra parameters. A
    /// guard writes `.redirect(to:)` with a `URL` or a `String`, which calls the static method
    /// that makes this case; `switch` over a decision matches this case. A redirect to text that is not a URL refuses the URL, as ``refuse`` (a
    /// ``RoutingEvent/Kind/refused`` event by this guard).
    case redirect(to: RouteInput)

    /// The method a guard calls: makes the ``redirect(to:)-swift.enum.case`` decision from a `URL`
    /// or a `String`.
    ///
    /// ```swift
    /// router.myapp.addGuard(for: "/beta/*") { _ in
    ///     .redirect(to: URL(string: "myapp://waitlist")!)
    /// }
    /// ```
    public static func redirect(to url: some URLConvertible) -> RouteGuardDecision {
        .redirect(to: url.routeInput)
    }
}

/// A registered guard: a pattern (its optional groups expanded) and the closure that decides.
final class RouteGuard {
    enum Decide {
        case sync((RouteParameters) -> RouteGuardDecision)
        #if compiler(>=6.2)
            case async(AsyncRouteGuard)
        #endif
    }

    /// The pattern as given to `addGuard(for:)`.
    let pattern: String
    let decide: Decide

    init(pattern: String, decide: Decide) {
        self.pattern = pattern
        self.decide = decide
    }

    #if compiler(>=6.2)
        /// The decision, awaited when the guard is `async`.
        nonisolated(nonsending) func decideAwaiting(_ parameters: RouteParameters) async -> RouteGuardDecision
        {
            switch decide {
            case .sync(let decide): return decide(parameters)
            case .async(let decide): return await decide(parameters)
            }
        }
    #endif
}

#if compiler(>=6.2)
    /// An `async` guard's closure, `nonisolated(nonsending) (RouteParameters) async -> RouteGuardDecision`.
    ///
    /// It runs on the isolation of the code that routes, so it may touch what that code touches.
    ///
    /// ```swift
    /// let staffOnly: AsyncRouteGuard = { _ in
    ///     await session.isStaff() ? .proceed : .refuse
    /// }
    /// router.myapp.addGuard(for: "/admin/*", staffOnly)
    /// ```
    public typealias AsyncRouteGuard = nonisolated(nonsending) (RouteParameters) async -> RouteGuardDecision
#endif

extension RouteTable {
    /// Adds a synchronous guard: a closure asked before the handlers of this table's routes whose
    /// URL its pattern matches.
    ///
    /// Adds a guard: before the handler of a route of this table runs, every guard whose pattern
    /// matches the URL is asked, in registration order, on the caller's isolation; the first
    /// decision other than ``RouteGuardDecision/proceed`` wins. A URL that no route of the table
    /// matches asks no guard, and ``canRoute(to:)`` asks none.
    ///
    /// ```swift
    /// router.myapp.addGuard(for: "/account/*") { _ in
    ///     session.isSignedIn ? .proceed : .hold
    /// }
    /// router.myapp.addGuard(for: "/admin(/*)") { _ in .refuse }
    /// ```
    /// - Parameters:
    ///   - pattern: a pattern as for `add(pattern:)`, optional groups included; the guard sees its
    ///     `:name` values and wildcard.
    ///   - decide: what happens to the URL.
    /// - Returns: whether the guard was added (an invalid pattern is reported to
    ///   ``onInvalidPattern``, as for `add(pattern:)`).
    @discardableResult
    public func addGuard(for pattern: String, _ decide: @escaping (RouteParameters) -> RouteGuardDecision)
        -> Bool
    {
        addGuard(RouteGuard(pattern: pattern, decide: .sync(decide)))
    }

    #if compiler(>=6.2)
        /// Adds an `async` guard, an ``AsyncRouteGuard``, awaited on the isolation of the code that
        /// routes.
        ///
        /// It is asked as the synchronous guards of
        /// ``addGuard(for:_:)-(_,(RouteParameters)->RouteGuardDecision)`` are. The synchronous
        /// `route(to:)` continues in a task on the caller's isolation at an `async` guard, as at an
        /// `async` handler.
        ///
        /// ```swift
        /// router.myapp.addGuard(for: "/admin/*") { _ async in
        ///     await session.isStaff() ? .proceed : .refuse
        /// }
        /// ```
        /// - Returns: whether the guard was added.
        @discardableResult
        public func addGuard(for pattern: String, _ decide: @escaping AsyncRouteGuard) -> Bool {
            addGuard(RouteGuard(pattern: pattern, decide: .async(decide)))
        }
    #endif

    /// Removes the guards added for `pattern` (as it was given).
    ///
    /// ```swift
    /// router.myapp.removeGuards(for: "/account/*")
    /// ```
    public func removeGuards(for pattern: String) {
        let removed = guardDefinitions.filter { $0.action?.routeGuard?.pattern == pattern }
        guard !removed.isEmpty else { return }
        guardDefinitions.removeAll { $0.action?.routeGuard?.pattern == pattern }
        guardIndex = RouteIndex(guardDefinitions)
        log("removed the guards for \(pattern) from \(scheme)")
    }

    /// The patterns of this table's guards, in the order they are asked.
    ///
    /// ```swift
    /// router.myapp.guardPatterns  // ["/account/*", "/admin(/*)"]
    /// ```
    public var guardPatterns: [String] {
        var patterns: [String] = []
        var last: RouteGuard?
        for definition in guardDefinitions {
            // One entry per guard (its expansions are consecutive), even for two of one pattern.
            if let routeGuard = definition.action?.routeGuard, routeGuard !== last {
                patterns.append(routeGuard.pattern)
                last = routeGuard
            }
        }
        return patterns
    }

    private func addGuard(_ routeGuard: RouteGuard) -> Bool {
        let expansions: [RoutePattern]
        do {
            expansions = try OptionalGroupExpansion.expand(routeGuard.pattern, syntax: patternSyntax)
        } catch {
            report(error)
            return false
        }
        // The guard index asks in the order of the sequence numbers. Each is one more than the
        // last guard definition's, the largest, also after a removal: a guard comes after every
        // guard registered before it, and the expansions of one guard are adjacent, so that
        // `guards(matching:)` asks it once.
        var sequence = guardDefinitions.last.map { $0.sequence &+ 1 } ?? 0
        for expansion in expansions {
            let definition = Definition(pattern: expansion.text, priority: 0, action: .guarding(routeGuard))
            definition.registeredPattern = expansion
            definition.sequence = sequence
            sequence &+= 1
            guardDefinitions.append(definition)
            guardIndex.insert(definition)
        }
        log("added a guard for \(routeGuard.pattern) in \(scheme)")
        return true
    }
}
