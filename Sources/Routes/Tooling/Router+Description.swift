extension Router: CustomStringConvertible {
    /// Every table and its definitions, in routing order.
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
            for definition in table.definitions {
                lines.append("  \(definition.pattern)  priority \(definition.priority)")
            }
            if table.definitions.isEmpty { lines.append("  (no definitions)") }
        }
        return lines.joined(separator: "\n")
    }
}
