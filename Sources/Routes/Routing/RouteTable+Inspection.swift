/// What the tools (`RoutesTesting`: lint, explain, the universal-links file) read of a table
/// beyond the public API, without routing anything. Routing reads the same values directly.
extension RouteTable {
    /// The guards of this table, each once, in registration order: the pattern as given, its
    /// expansions and their definitions.
    package var guardGroups: [(pattern: String, expansions: [RoutePattern], definitions: [Definition])] {
        var groups: [(pattern: String, expansions: [RoutePattern], definitions: [Definition])] = []
        var last: RouteGuard?
        for definition in guardDefinitions {
            guard let routeGuard = definition.action?.routeGuard else { continue }
            if routeGuard === last {
                groups[groups.count - 1].expansions.append(definition.parsed)
                groups[groups.count - 1].definitions.append(definition)
            } else {
                groups.append((routeGuard.pattern, [definition.parsed], [definition]))
                last = routeGuard
            }
        }
        return groups
    }
}

extension Definition {
    /// The target, for a redirect route; `nil` for any other definition.
    package var redirect: Redirect? { action?.redirectRoute }

    /// Whether the definition runs something when it matches (a `nil` handler always accepts).
    package var hasAction: Bool { action != nil }
}

extension HostRule {
    /// ``isPathSegment(_:options:)`` for the tools: one body for every host they ask about.
    @inline(never)
    package static func readsAsSegment(_ host: Substring, options: RouteOptions) -> Bool {
        isPathSegment(host, options: options)
    }

    /// ``name(of:)`` for the tools: one body for every authority they read.
    @inline(never)
    package static func hostName(of authority: Substring) -> Substring {
        name(of: authority)
    }
}
