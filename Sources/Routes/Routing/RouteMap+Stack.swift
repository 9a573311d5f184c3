extension RouteMap {
    /// The values of a URL's path prefixes that some route resolves, in order: a navigation
    /// stack from one link.
    ///
    /// The last prefix is the URL itself, with its query and fragment.
    /// The prefixes end at each `/` of the path as routing reads it (the "Routing rules"
    /// article, *Reading a URL*), in the URL's table or the global table it falls back to:
    /// with a host read as the first segment, `myapp://user/42/post/7`
    /// has the prefixes `myapp://user`, `myapp://user/42`, `myapp://user/42/post`, then the URL;
    /// `https://example.com/a/b` has `https://example.com/a`, then the URL. Each prefix keeps
    /// the URL's scheme and authority as written, without query or fragment, and is resolved as
    /// ``resolve(_:parameters:)`` resolves a URL: the same tables, guards and redirects. A
    /// prefix that no route matches (``Router/canRoute(to:)``) is skipped without a walk; one
    /// whose routes all decline is skipped after its walk (which calls the unmatched handler,
    /// as `resolve` does). The result is empty when nothing resolves. A proper prefix with more
    /// segments than the longest pattern of the tables that route it is not tried (only a `*`
    /// could match it): a link of many segments costs time linear in its length.
    ///
    /// ```swift
    /// screens.myapp.add(pattern: "/user/:id") { params in
    ///     params.int("id").map(Screen.user)
    /// }
    /// screens.myapp.add(pattern: "/user/:id/post/:pid") { params in
    ///     params.string("pid").map(Screen.post)
    /// }
    /// screens.stack(for: "myapp://user/42/post/7")  // [.user(42), .post("7")]
    /// ```
    ///
    /// A guard that refuses a prefix leaves its value out. A guard that holds a prefix, or the
    /// URL, holds the link once, as the link: the result is empty, the URL (with its extra
    /// parameters) waits in the map's queue, reported once as
    /// ``RoutingEvent/Kind/held``, and ``resumeResolving()`` gives its whole stack.
    /// ``openStack(for:parameters:)`` tells a held link from one with no route, and keeps the
    /// link while the map is suspended; this answers at once.
    /// - Parameters:
    ///   - url: the URL (a `URL` or a `String`).
    ///   - parameters: extra parameters, given to every prefix.
    /// - Returns: the values, shortest prefix first.
    @_disfavoredOverload
    public func stack(for url: some URLConvertible, parameters: [String: Any] = [:]) -> [Value] {
        guard let parts = url.parts(loggingTo: logger) else { return [] }
        return resolveStack(url.routeInput.text, parts, parameters: parameters).answer ?? []
    }

    /// The stack of the link `parts` (written `text`), as ``stack(for:parameters:)`` finds it;
    /// when a guard holds a prefix or the link, the link is held once, as a stack.
    func resolveStack(_ text: String, _ parts: URLParts, parameters: [String: Any])
        -> RouteResolution<[Value]>
    {
        var values: [Value] = []
        for prefix in StackPrefixes.prefixes(of: text, parts, in: table(for: parts)) {
            guard let prefix = routable(prefix) else { continue }
            var walk = Walk(prefix, parameters: parameters, startingIn: table(for: prefix), holdsURL: false)
            if let value = walk.resolve(Value.self) {
                values.append(value)
            } else if let held = walk.heldBy {
                return holdStack(text, parts, parameters, by: held)
            }
        }
        var walk = Walk(parts, parameters: parameters, startingIn: table(for: parts), holdsURL: false)
        if let value = walk.resolve(Value.self) {
            values.append(value)
        } else if let held = walk.heldBy {
            return holdStack(text, parts, parameters, by: held)
        }
        return values.isEmpty ? .unresolved : .resolved(values)
    }

    /// The parts of a prefix that some route matches; `nil` for one that none matches.
    func routable(_ prefix: String) -> URLParts? {
        guard let parts = prefix.routeInput.parts, table(for: parts).canRoute(parts) else { return nil }
        return parts
    }

    /// Holds the link of a stack once, as a stack, for the guard that held one of its URLs.
    func holdStack(
        _ text: String, _ parts: URLParts, _ parameters: [String: Any],
        by held: (pattern: String, table: RouteTable)
    ) -> RouteResolution<[Value]> {
        let kept = KeptURL(parts: parts, parameters: parameters, scheme: nil, stackText: text)
        return hold(kept, by: held.pattern, in: held.table) ? .held(by: held.pattern) : .unresolved
    }
}

#if compiler(>=6.2)
    extension RouteMap {
        /// The values of a URL's path prefixes that some route resolves, in order, as
        /// ``stack(for:parameters:)`` finds them, awaiting `async` closures in turn.
        ///
        /// A guard that holds a prefix or the URL holds the link once, as the synchronous form
        /// does: the result is empty.
        ///
        /// ```swift
        /// Task { @MainActor in
        ///     let stack = await screens.stack(for: url)
        ///     print(stack)  // a NavigationStack's path
        /// }
        /// ```
        /// - Returns: the values, shortest prefix first.
        public func stack(
            for url: some URLConvertible, parameters: [String: Any] = [:],
            isolation: isolated (any Actor)? = #isolation
        ) async -> [Value] {
            guard let parts = url.parts(loggingTo: logger) else { return [] }
            return await resolveStackAwaiting(url.routeInput.text, parts, parameters: parameters).answer ?? []
        }

        /// ``resolveStack(_:_:parameters:)``, awaiting `async` closures and guards in turn.
        nonisolated(nonsending) func resolveStackAwaiting(
            _ text: String, _ parts: URLParts, parameters: [String: Any]
        ) async -> RouteResolution<[Value]> {
            var values: [Value] = []
            for prefix in StackPrefixes.prefixes(of: text, parts, in: table(for: parts)) {
                guard let prefix = routable(prefix) else { continue }
                var walk = Walk(
                    prefix, parameters: parameters, startingIn: table(for: prefix), holdsURL: false)
                if let value = await walk.resolveAwaiting(Value.self) {
                    values.append(value)
                } else if let held = walk.heldBy {
                    return holdStack(text, parts, parameters, by: held)
                }
            }
            var walk = Walk(parts, parameters: parameters, startingIn: table(for: parts), holdsURL: false)
            if let value = await walk.resolveAwaiting(Value.self) {
                values.append(value)
            } else if let held = walk.heldBy {
                return holdStack(text, parts, parameters, by: held)
            }
            return values.isEmpty ? .unresolved : .resolved(values)
        }
    }
#endif

/// The proper prefixes of a URL's path, as URL strings.
enum StackPrefixes {
    /// The prefixes of `text` (the URL as written; `parts`, its parts) shorter than the URL, at
    /// each `/` of its path as `table` and the global table it falls back to read it: the text
    /// before the path (when either reads the host as a segment), then the path's first
    /// segments (one more `/` after a trailing empty segment, which reading removes).
    static func prefixes(of text: String, _ parts: URLParts, in table: RouteTable) -> [String] {
        // The text before the path (scheme and authority, as written) and the path.
        guard let written = text.withBytes({ URLParts.WrittenParts($0, hasScheme: parts.scheme != nil) }),
            let pathRange = written.path
        else { return [] }
        let head = String(URLParts.substring(of: text, 0..<pathRange.lowerBound))
        let path = URLParts.substring(of: text, pathRange)
        let hasAuthority = written.hasHost
        // The tables that route a prefix: the first one, and the global table when it falls back.
        // Each reads the host by its own options; the host is a segment when either reads it so.
        let tables = [table] + (table.fallbackTable.map { [$0] } ?? [])
        func readsHost(_ table: RouteTable) -> Bool {
            parts.host.map { !$0.isEmpty && HostRule.isPathSegment($0, options: table.options) } ?? false
        }
        let hostIsSegment = tables.contains(where: readsHost)
        // The path without one leading and one trailing `/`, cut at each `/`.
        var region = Substring(path)
        if region.hasPrefix("/") { region = region.dropFirst() }
        if !region.isEmpty, region.hasSuffix("/") { region = region.dropLast() }
        var segments = region.split(separator: "/", omittingEmptySubsequences: false)
        // After a host segment, an empty path (or a lone `/`) adds no segment.
        if hostIsSegment, path.isEmpty || path == "/" { segments = [] }
        var prefixes: [String] = []
        if hostIsSegment, !segments.isEmpty { prefixes.append(head) }
        // A prefix longer than every pattern of the tables that route it can be matched only by
        // a `*`: not tried, so that a URL of many segments costs time linear in its length.
        let limit = tables.map { $0.index.depth - 1 - (readsHost($0) ? 1 : 0) }.max() ?? 0
        for count in segments.indices.dropLast().map({ $0 + 1 }) where count <= limit {
            let kept = segments[..<count]
            var prefix = head + "/" + kept.joined(separator: "/")
            if kept.last?.isEmpty == true { prefix += "/" }
            // Without an authority, a path that starts with `//` would be read as one.
            if !hasAuthority, prefix.dropFirst(head.count).hasPrefix("//") { continue }
            prefixes.append(prefix)
        }
        return prefixes
    }
}
