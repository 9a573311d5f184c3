#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// One step of an app's launch and sign-in, run on its router by ``Routes/Router/run(script:isolation:)``
/// with what the app should get from it.
///
/// A script is the app's life in order: it launches (suspended while its UI does not exist),
/// links arrive, the UI becomes ready, the user signs in and out. Each step does what the app
/// does at that moment — `route(to:)`, `resume()`, `discardKeptURLs()` — and states what the
/// app should see.
///
/// ```swift
/// var isSignedIn = false
/// router.myapp.addGuard(for: "/account/*") { _ in
///     isSignedIn ? .proceed : .hold
/// }
/// let report = router.run(script: [
///     .launch(suspended: true),
///     .open("myapp://account/orders", expect: .kept),
///     .uiReady(expect: ["myapp://account/orders": .held(by: "/account/*")]),
///     .signIn(expect: [
///         "myapp://account/orders":
///             .route(scheme: "myapp", pattern: "/account/orders")
///     ]) { isSignedIn = true },
/// ])
/// ```
public enum LaunchStep<Value> {
    /// The app launches; with `suspended`, it suspends the router before its UI exists, so
    /// that the links of a cold launch are kept (``Routes/Router/suspend(keepingAtMost:)``).
    ///
    /// ```swift
    /// let step: LaunchStep<Never> = .launch(suspended: true)
    /// ```
    case launch(suspended: Bool, keepingAtMost: Int = 16)
    /// A link arrives, and the app's router or map answers as `expect` says.
    ///
    /// The router routes it (`route(to:)`); a map opens it (`open(_:)`, or `openStack(for:)`
    /// when a stack is expected).
    ///
    /// ```swift
    /// let step: LaunchStep<Never> =
    ///     .open("myapp://user/7", expect: .kept)
    /// ```
    case open(String, expect: LinkExpectation<Value>)
    /// A link arrives, and the app's map opens it as a navigation stack
    /// (``Routes/RouteMap/openStack(for:parameters:)``).
    ///
    /// A link the map keeps at a cold launch then comes back from the resume as its whole stack,
    /// which the UI-ready or sign-in step expects with ``LinkExpectation/stack(_:)``. A router,
    /// which has no stacks, routes it as ``open(_:expect:)`` does.
    ///
    /// ```swift
    /// let step: LaunchStep<Screen> =
    ///     .openStack("myapp://user/7/post/3", expect: .kept)
    /// ```
    case openStack(String, expect: LinkExpectation<Value>)
    /// The UI is ready: the app resumes, and the links kept or held so far are routed.
    ///
    /// The app calls `resume()` (a map's `resumeResolving()`); `expect` lists each link
    /// routed, in the order they open.
    ///
    /// ```swift
    /// let step: LaunchStep<Never> = .uiReady(expect: [
    ///     "myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id")
    /// ])
    /// ```
    case uiReady(expect: KeyValuePairs<String, LinkExpectation<Value>> = [:])
    /// Sign-in completes: `signIn` changes the app's state, then the app resumes.
    ///
    /// `signIn` changes what the app's guard reads; `resume()` then asks the guards again for
    /// the held links. `expect` lists each link routed, in order.
    ///
    /// ```swift
    /// let step: LaunchStep<Never> = .signIn(expect: [
    ///     "myapp://account": .route(scheme: "myapp", pattern: "/account")
    /// ]) { session.isSignedIn = true }
    /// ```
    case signIn(expect: KeyValuePairs<String, LinkExpectation<Value>> = [:], _ signIn: () -> Void)
    /// Sign-out: `signOut` changes the app's state, then the app discards the links that wait
    /// (``Routes/Router/discardKeptURLs()``); `dropping` lists them, oldest first.
    ///
    /// ```swift
    /// let step: LaunchStep<Never> = .signOut(dropping: [
    ///     "myapp://account"
    /// ]) { session.isSignedIn = false }
    /// ```
    case signOut(dropping: [String] = [], _ signOut: () -> Void)
    /// The links that wait for the next resume, oldest first, are these
    /// (``Routes/Router/keptURLs``).
    ///
    /// ```swift
    /// let step: LaunchStep<Never> = .waiting(["myapp://account"])
    /// ```
    case waiting([String])
}

extension LaunchStep {
    /// The step as the report names it: `open myapp://user/7`, `UI ready`, `sign-in`.
    var name: String {
        switch self {
        case .launch(let suspended, let limit):
            return suspended ? "launch, suspended (keeping at most \(limit))" : "launch"
        case .open(let link, _): return "open \(link)"
        case .openStack(let link, _): return "open \(link) as a stack"
        case .uiReady: return "UI ready"
        case .signIn: return "sign-in"
        case .signOut: return "sign-out"
        case .waiting: return "waiting links"
        }
    }
}
