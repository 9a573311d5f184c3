// Links that wait: `open(_:)` and `openStack(for:)` answer a link now, or keep it in the map's
// queue (`Suspension.swift`) while the map is suspended or a guard holds it, and say which;
// `resumeResolving()` answers the links that waited, each as the call that kept it would have.
extension RouteMap {
    /// Opens a link: resolves it to a value now, or keeps it for ``resumeResolving()`` while the
    /// map is suspended or a guard holds it, and says which.
    ///
    /// As ``resolve(_:parameters:)``, with two differences. While the map holds links (it is
    /// suspended, or `resumeResolving()` is under way), the link is kept as
    /// ``Router/route(to:parameters:isolation:)-5se2c`` keeps a URL, when some route matches
    /// it: a link that arrives at a cold launch, before the app can show it, waits for
    /// `resumeResolving()`. And the answer tells a link that waits from one that no route
    /// resolves: ``RouteResolution/held(by:)`` when a guard held it,
    /// ``RouteResolution/kept`` when the map kept it, ``RouteResolution/unresolved`` when no
    /// route gives a value. A synchronous `open` stops at an `async` closure as the synchronous
    /// `resolve` does.
    ///
    /// ```swift
    /// switch screens.open(url) {
    /// case .resolved(let screen): path.append(screen)
    /// case .held: print("show the sign-in screen")
    /// case .kept, .unresolved: break
    /// }
    /// ```
    /// - Parameters:
    ///   - url: the URL (a `URL` or a `String`).
    ///   - parameters: extra parameters, as for `resolve`; a kept link keeps them.
    @_disfavoredOverload
    public func open(_ url: some URLConvertible, parameters: [String: Any] = [:])
        -> RouteResolution<Value>
    {
        guard let parts = url.parts(loggingTo: logger) else { return .unresolved }
        if queue.isHolding {
            return keep(parts, parameters: parameters, startingIn: nil) ? .kept : .unresolved
        }
        var walk = Walk(parts, parameters: parameters, startingIn: table(for: parts))
        let value = walk.resolve(Value.self)
        return resolution(value, of: walk)
    }

    /// Opens a link as a navigation stack: resolves its stack now, or keeps the link while it
    /// must wait, and says which.
    ///
    /// The link waits for ``resumeResolving()`` while the map is suspended or a guard holds it.
    /// As ``stack(for:parameters:)``, which finds the stack, with the differences of
    /// ``open(_:parameters:)``: while the map holds links, the link is kept, as a stack, when
    /// some route matches it or one of its prefixes; a guard that holds a prefix or the link
    /// holds the link once; and the answer tells a link that waits from one with no route.
    /// ``RouteResolution/resolved(_:)`` holds one value or more. `resumeResolving()` gives the
    /// whole stack of a link that waited.
    ///
    /// ```swift
    /// screens.suspend()  // at launch, before the first screen exists
    /// screens.openStack(for: url)  // .kept
    /// // once the app is ready:
    /// path = screens.resumeResolving()  // the link's stack
    /// ```
    /// - Parameters:
    ///   - url: the URL (a `URL` or a `String`).
    ///   - parameters: extra parameters, given to every prefix; a kept link keeps them.
    @_disfavoredOverload
    public func openStack(for url: some URLConvertible, parameters: [String: Any] = [:])
        -> RouteResolution<[Value]>
    {
        guard let parts = url.parts(loggingTo: logger) else { return .unresolved }
        let text = url.routeInput.text
        if queue.isHolding { return keepStack(text, parts, parameters: parameters) }
        return resolveStack(text, parts, parameters: parameters)
    }

    /// Resumes, resolving the held and kept links synchronously in arrival order, and returns
    /// their values.
    ///
    /// Resolves the links that guards held (and those kept while the map was suspended), in
    /// arrival order, through the tables as they are now and asking the guards again, as
    /// ``Router/resume(isolation:)-5jj55`` routes them; returns what each call that kept a link
    /// would have answered, in order: the stack of a link from ``stack(for:parameters:)`` or
    /// ``openStack(for:parameters:)``, the value of any other. A link held again waits for the
    /// next resume. Does nothing when nothing is suspended or held. Each link is resolved as the
    /// synchronous `resolve` or `stack(for:)` resolves it: a URL that reaches an `async` closure
    /// gives no value and is not kept (`await resumeResolving()` awaits it). The router's
    /// `resume()` on a map routes the URLs instead, and their values are not returned.
    ///
    /// ```swift
    /// // after sign-in:
    /// for screen in screens.resumeResolving() { path.append(screen) }
    /// ```
    @_disfavoredOverload
    @available(*, noasync, message: "in top-level code, await picks this form: resume from an async function")
    @discardableResult
    public func resumeResolving() -> [Value] {
        guard beginResuming() else { return [] }
        var values: [Value] = []
        while let kept = queue.next() {
            if let text = kept.stackText {
                reportResumed(kept)
                values += resolveStack(text, kept.parts, parameters: kept.parameters).answer ?? []
            } else {
                var walk = self.walk(kept)
                if let value = walk.resolve(Value.self) { values.append(value) }
            }
        }
        queue.endDraining()
        return values
    }

    /// Keeps the link of a stack, as a stack, while the map holds links: when some route
    /// matches it or one of its prefixes.
    func keepStack(_ text: String, _ parts: URLParts, parameters: [String: Any]) -> RouteResolution<[Value]> {
        let start = table(for: parts)
        let matches =
            start.canRoute(parts)
            || StackPrefixes.prefixes(of: text, parts, in: start).contains { routable($0) != nil }
        let kept = KeptURL(parts: parts, parameters: parameters, scheme: nil, stackText: text)
        return keep(kept, in: start, matches: matches) ? .kept : .unresolved
    }

    /// The answer of a walk that gave `value`, or was held, or neither.
    func resolution(_ value: Value?, of walk: Walk) -> RouteResolution<Value> {
        if let value { return .resolved(value) }
        if let held = walk.heldBy { return .held(by: held.pattern) }
        return .unresolved
    }
}

#if compiler(>=6.2)
    extension RouteMap {
        /// Opens a link, awaiting `async` closures and guards: resolves it to a value now, or keeps
        /// it for `resumeResolving()`, and says which.
        ///
        /// As the synchronous ``open(_:parameters:)``, awaiting each `async` closure and guard in
        /// turn.
        ///
        /// ```swift
        /// func handle(_ url: URL) async {
        ///     if case .resolved(let screen) = await screens.open(url) {
        ///         print(screen)
        ///     }
        /// }
        /// ```
        public func open(
            _ url: some URLConvertible, parameters: [String: Any] = [:],
            isolation: isolated (any Actor)? = #isolation
        ) async -> RouteResolution<Value> {
            guard let parts = url.parts(loggingTo: logger) else { return .unresolved }
            if queue.isHolding {
                return keep(parts, parameters: parameters, startingIn: nil) ? .kept : .unresolved
            }
            var walk = Walk(parts, parameters: parameters, startingIn: table(for: parts))
            let value = await walk.resolveAwaiting(Value.self)
            return resolution(value, of: walk)
        }

        /// Opens a link as a navigation stack, awaiting `async` closures and guards: resolves its
        /// stack now, or keeps the link, and says which.
        ///
        /// As the synchronous ``openStack(for:parameters:)``, awaiting each `async` closure and
        /// guard in turn.
        ///
        /// ```swift
        /// func handle(_ url: URL) async {
        ///     if case .resolved(let stack) = await screens.openStack(for: url) {
        ///         print(stack)
        ///     }
        /// }
        /// ```
        public func openStack(
            for url: some URLConvertible, parameters: [String: Any] = [:],
            isolation: isolated (any Actor)? = #isolation
        ) async -> RouteResolution<[Value]> {
            guard let parts = url.parts(loggingTo: logger) else { return .unresolved }
            let text = url.routeInput.text
            if queue.isHolding { return keepStack(text, parts, parameters: parameters) }
            return await resolveStackAwaiting(text, parts, parameters: parameters)
        }

        /// Resumes, resolving the held and kept links and awaiting async closures and guards,
        /// and returns their values.
        ///
        /// As the synchronous ``resumeResolving()``, in arrival order: the stack of a link from
        /// `stack(for:)` or `openStack(for:)`, the value of any other; each link's `async`
        /// closures and guards are awaited in turn.
        ///
        /// ```swift
        /// func signedIn() async {
        ///     for screen in await screens.resumeResolving() { path.append(screen) }
        /// }
        /// ```
        @discardableResult
        public func resumeResolving(isolation: isolated (any Actor)? = #isolation) async -> [Value] {
            guard beginResuming() else { return [] }
            var values: [Value] = []
            while let kept = queue.next() {
                if let text = kept.stackText {
                    reportResumed(kept)
                    values +=
                        await resolveStackAwaiting(text, kept.parts, parameters: kept.parameters).answer ?? []
                } else {
                    var walk = self.walk(kept)
                    if let value = await walk.resolveAwaiting(Value.self) { values.append(value) }
                }
            }
            queue.endDraining()
            return values
        }
    }
#endif
