#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// What a link table expects routing to do with one link:
/// ``Routes/Router/check(links:isolation:)``.
///
/// A ``Routes/Router`` checks the route that accepts, or that none does, or what a guard or
/// redirect does; a ``Routes/RouteMap`` also checks the value or the stack a link gives
/// (``Routes/RouteMap/check(links:)``).
///
/// ```swift
/// let report = router.check(links: [
///     "myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id"),
///     "myapp://account/orders": .held(by: "/account/*"),
///     "myapp://nowhere": .unrouted,
/// ])
/// ```
public enum LinkExpectation<Value> {
    /// A route of the table of `scheme` accepts the link (after any redirects).
    ///
    /// `pattern` is the route's pattern as registered: one expansion of its optional groups
    /// (`/user/:id`), or the pattern with its groups (`/user/:id(/:tab)`), which any of its
    /// expansions satisfies. The global table's scheme is ``Routes/Router/defaultScheme``.
    ///
    /// ```swift
    /// let expected: LinkExpectation<Never> =
    ///     .route(scheme: "myapp", pattern: "/user/:id")
    /// ```
    case route(scheme: String, pattern: String)
    /// No route accepts the link: none matches, every one declines, redirects go past the
    /// limit, or the text is not a URL.
    ///
    /// When none matches or every one declines, the unmatched handler is called.
    ///
    /// ```swift
    /// let expected: LinkExpectation<Never> = .unrouted
    /// ```
    case unrouted
    /// The guard added for `pattern` (as given to `addGuard(for:)`) holds the link.
    ///
    /// ```swift
    /// let expected: LinkExpectation<Never> = .held(by: "/account/*")
    /// ```
    case held(by: String)
    /// The guard added for `pattern` (as given to `addGuard(for:)`) refuses the link.
    ///
    /// ```swift
    /// let expected: LinkExpectation<Never> = .refused(by: "/admin(/*)")
    /// ```
    case refused(by: String)
    /// A redirect route or a guard sends the link to `url`, whatever routing does there.
    ///
    /// ```swift
    /// let expected: LinkExpectation<Never> =
    ///     .redirected(to: "myapp://cart")
    /// ```
    case redirected(to: String)
    /// The router is suspended and keeps the link until `resume()`
    /// (``Routes/Router/suspend(keepingAtMost:)``).
    ///
    /// ```swift
    /// let expected: LinkExpectation<Never> = .kept
    /// ```
    case kept
    /// The link leaves the router's queue unrouted.
    ///
    /// The queue keeps nothing (a limit of 0), or a later link pushed it out of a full queue,
    /// or the app discarded it.
    ///
    /// ```swift
    /// let expected: LinkExpectation<Never> = .dropped
    /// ```
    case dropped
    /// A ``Routes/RouteMap``'s `open(_:)` resolves the link to `value`.
    ///
    /// ```swift
    /// let expected: LinkExpectation<Screen> = .value(.user(7))
    /// ```
    case value(Value)
    /// A ``Routes/RouteMap``'s `openStack(for:)` resolves the link to this stack; an empty one
    /// expects that nothing resolves.
    ///
    /// ```swift
    /// let expected: LinkExpectation<Screen> =
    ///     .stack([.user(7), .post("3")])
    /// ```
    case stack([Value])
}

extension LinkExpectation: CustomStringConvertible {
    /// The expectation as the report writes it.
    ///
    /// ```swift
    /// LinkExpectation<Never>.held(by: "/account/*").description
    /// // "held by the guard /account/*"
    /// ```
    public var description: String {
        switch self {
        case .route(let scheme, let pattern): return "routed by \(pattern) in \(LinkReport.name(scheme))"
        case .unrouted: return "no route accepts it"
        case .held(let pattern): return "held by the guard \(pattern)"
        case .refused(let pattern): return "refused by the guard \(pattern)"
        case .redirected(let url): return "redirected to \(url)"
        case .kept: return "kept: the router is suspended or still resuming"
        case .dropped: return "dropped from the router's queue"
        case .value(let value): return "the value \(value)"
        case .stack(let values): return "the stack \(LinkReport.stack(values))"
        }
    }
}

extension LinkExpectation: Equatable where Value: Equatable {}
extension LinkExpectation: Sendable where Value: Sendable {}
