extension Router: CustomStringConvertible {
    /// Every table, its guards and its definitions (with the target of each redirect), in the
    /// order they are asked.
    ///
    /// In Routes itself, unlike the tools of RoutesTesting: `print(router)` in an app's debug
    /// console and the debugger show the tables; declared in another module, what `print`
    /// shows would depend on an import.
    ///
    /// ```swift
    /// print(router)
    /// // global table (JLRoutesGlobalRoutesScheme)
    /// //   /user/view/:id  priority 0
    /// ```
    public var description: String {
        var lines: [String] = []
        for table in allTables {
            var flags: [String] = []
            if table.shouldFallback { flags.append("falls back") }
            if let hosts = table.hosts { flags.append("hosts " + hosts.joined(separator: ", ")) }
            let name = table.isGlobal ? "global table (\(Router.defaultScheme))" : "table \(table.scheme)"
            lines.append(name + (flags.isEmpty ? "" : " [" + flags.joined(separator: "; ") + "]"))
            for pattern in table.guardPatterns { lines.append("  guard \(pattern)") }
            for definition in table.definitions {
                var line = "  \(definition.pattern)  priority \(definition.priority)"
                if let redirect = definition.action?.redirectRoute {
                    line += "  redirects to \(redirect.target)"
                }
                lines.append(line)
            }
            if table.definitions.isEmpty { lines.append("  (no definitions)") }
        }
        return lines.joined(separator: "\n")
    }
}
