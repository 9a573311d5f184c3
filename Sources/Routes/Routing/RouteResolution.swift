/// What a ``RouteMap`` answered for a link: its value or stack now, that the link waits for
/// `resumeResolving()`, or that no route gives one.
///
/// ``RouteMap/open(_:parameters:)`` answers with a value,
/// ``RouteMap/openStack(for:parameters:)`` with a stack. A held or kept link is in the map's
/// queue: ``RouteMap/resumeResolving()`` gives its answer once the guard lets it through, or once
/// the app is ready.
///
/// ```swift
/// switch screens.openStack(for: url) {
/// case .resolved(let stack): print("show", stack)
/// case .held(let guardPattern): print("sign in first:", guardPattern)
/// case .kept: print("opens when the app resumes resolving")
/// case .unresolved: print("no screen for", url)
/// }
/// ```
public enum RouteResolution<Answer> {
    /// The link's answer: the value of the first route that gives one, or a stack of one value
    /// or more.
    ///
    /// ```swift
    /// if case .resolved(let screen) = screens.open(url) { print(screen) }
    /// ```
    case resolved(Answer)
    /// The guard of this pattern held the link: it waits in the map's queue, and
    /// `resumeResolving()` answers it. The pattern is the one given to `addGuard(for:)`
    /// (`/account(/*)`, not an expansion), for a synchronous guard as for an `async` one.
    ///
    /// ```swift
    /// if case .held = screens.open(url) { print("show the sign-in screen") }
    /// ```
    case held(by: String)
    /// The map is suspended (or resuming): the link waits in its queue, and `resumeResolving()`
    /// answers it.
    ///
    /// ```swift
    /// screens.suspend()
    /// screens.open(url)  // .kept, when some route matches it
    /// ```
    case kept
    /// No route gives a value for the link, and the link does not wait.
    ///
    /// No route matches it, every one declines, a guard refused it, redirects went on too long,
    /// the queue keeps nothing (a limit of 0), or the synchronous form reached an `async`
    /// closure.
    ///
    /// ```swift
    /// screens.open("myapp://nowhere")  // .unresolved
    /// ```
    case unresolved
}

extension RouteResolution: Equatable where Answer: Equatable {}
extension RouteResolution: Sendable where Answer: Sendable {}

extension RouteResolution {
    /// The answer of a resolved link; `nil` otherwise.
    var answer: Answer? {
        guard case .resolved(let answer) = self else { return nil }
        return answer
    }
}
