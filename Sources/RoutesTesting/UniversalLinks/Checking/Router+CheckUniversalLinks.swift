import Foundation

#if !ROUTES_ONE_MODULE
    import Routes
#endif

extension Router {
    /// Checks an `apple-app-site-association` file against the routes, both ways, per host.
    ///
    /// For each host, each route that handles its `https` links (those that
    /// ``appSiteAssociation(appIDs:host:declines:)`` writes, in routing order) gives a sample
    /// link, built with `url(for:)` from values its pattern accepts (`1`, a listed value…):
    /// when the file does not admit it, iOS opens the browser, and the report names the route,
    /// the link and the exclusion that decides, if any. Each entry of the file that admits
    /// links for the app and decides for none of the routes' sample links gives sample links of
    /// its own (its `*` and `?` replaced by sample text, a variable by its first value); when
    /// none of those it decides for is matched by a route (as ``explain(_:)`` reads it, without
    /// calling handlers), the report names the entry and an example link.
    ///
    /// ```swift
    /// let text = try String(contentsOfFile: "aasa.json", encoding: .utf8)
    /// let file = try AppSiteAssociationFile(json: text)
    /// let report = router.checkUniversalLinks(file, hosts: ["example.com"])
    /// if !report.isEmpty { print(report) }  // #expect in a test
    /// ```
    ///
    /// Samples show a disagreement; they do not prove agreement: a file's `*` admits more than
    /// any route's segment, and a route's handler may decline what its pattern matches.
    ///
    /// - Parameters:
    ///   - file: the file, read.
    ///   - hosts: the domains that serve the file.
    ///   - appID: the app, as `TEAMID.bundle.identifier`; `nil` for any app of the file.
    ///   - declines: whether a definition's handler always sends its links to the browser, as
    ///     for ``appSiteAssociation(appIDs:host:declines:)``: it needs no entry, and handles no
    ///     link an entry admits.
    /// - Returns: the findings, and the routes for which no sample link could be built.
    public func checkUniversalLinks(
        _ file: AppSiteAssociationFile, hosts: [String], appID: String? = nil,
        declines: (Definition) -> Bool = { _ in false }
    ) -> UniversalLinksReport {
        var notAdmitted: [UniversalLinksReport.NotAdmitted] = []
        var unrouted: [UniversalLinksReport.Unrouted] = []
        var unchecked: [UniversalLinksReport.Unchecked] = []
        for host in hosts {
            let tables = AppSiteAssociation.tables(self, host: host).map(\.0)
            var seen: Set<String> = []
            // The entries that decide for a routed link admit what a route handles.
            var deciding: Set<String> = []
            for table in tables {
                for definition in table.definitions where !declines(definition) {
                    guard seen.insert(definition.pattern).inserted else { continue }
                    switch UniversalLinkSamples.link(for: definition, in: table, host: host) {
                    case .link(let link):
                        guard let url = URL(string: link) else { continue }
                        let decider = file.decidingEntry(for: url)
                        if let decider { deciding.insert(decider.keyPath) }
                        if file.admits(url, appID: appID) { continue }
                        notAdmitted.append(
                            UniversalLinksReport.NotAdmitted(
                                host: host, pattern: definition.pattern, link: link,
                                excludedBy: decider?.isExcluded == true ? decider : nil))
                    case .noLink(let reason):
                        unchecked.append(
                            UniversalLinksReport.Unchecked(
                                host: host, pattern: definition.pattern, reason: reason))
                    }
                }
            }
            for entry in file.entries
            where !entry.isExcluded && (appID.map(entry.appIDs.contains) ?? true)
                && !deciding.contains(entry.keyPath)
            {
                let decided = UniversalLinkSamples.links(for: entry, host: host).filter { link in
                    URL(string: link).flatMap(file.decidingEntry(for:)) == entry
                }
                guard let example = decided.first,
                    !decided.contains(where: { handles($0, tables: tables, declines: declines) })
                else { continue }
                unrouted.append(UniversalLinksReport.Unrouted(host: host, entry: entry, link: example))
            }
        }
        return UniversalLinksReport(notAdmitted: notAdmitted, unrouted: unrouted, unchecked: unchecked)
    }

    /// Whether a definition of `tables` that does not decline matches the link, as `explain`
    /// reads it.
    private func handles(_ link: String, tables: [RouteTable], declines: (Definition) -> Bool) -> Bool {
        explain(link).entries.contains { entry in
            guard entry.mismatch == nil else { return false }
            let definitions = tables.flatMap(\.definitions).filter { $0.pattern == entry.pattern }
            return definitions.isEmpty || definitions.contains { !declines($0) }
        }
    }
}

/// Sample links: one that a route handles, built from its pattern, and those an entry of a file
/// admits.
enum UniversalLinkSamples {
    /// A route's sample link, or why none could be built.
    enum SampleLink {
        case link(String)
        case noLink(reason: String)
    }

    /// The texts tried for a value, in order: a number, a word, a UUID, a Boolean.
    static let values = ["1", "a", "00000000-0000-0000-0000-000000000000", "true"]

    /// An `https` link of `host` that `definition` matches, built by the table's `url(for:)`
    /// with the first sample value it accepts for every `:name`, capture and `*` (a listed
    /// value where the pattern lists them); or the last error's description.
    static func link(for definition: Definition, in table: RouteTable, host: String) -> SampleLink {
        var reason = "no value tried"
        for value in values {
            var parameters: [String: Any] = [:]
            for segment in definition.parsed.segments {
                switch segment {
                case .parameter(let name): parameters[name] = value
                case .template(let template):
                    for capture in template.captures {
                        parameters[capture.name] = capture.allowedValues?.first ?? value
                    }
                case .wildcard: parameters[RouteParameters.Keys.wildcard] = [value]
                case .literal: break
                }
            }
            do {
                let text = try table.url(for: definition.pattern, host: host, parameters: parameters)
                    .absoluteString
                return .link(text.hasPrefix("/") ? "https://" + host + text : text)
            } catch {
                reason = error.description
            }
        }
        return .noLink(reason: reason)
    }

    /// Links of `host` that `entry` matches: its `*` replaced by `1`, `a`, then nothing, its
    /// `?` by `1` or `a`, each variable by its first value, and last with a fragment's leading
    /// `*` empty (`*/*` as `/1`: the fragment gives the segments after the path); percent-encoded
    /// for an entry that compares decoded text.
    static func links(for entry: AppSiteAssociationFile.Entry, host: String) -> [String] {
        [("1", "1", nil), ("a", "a", nil), ("", "1", nil), ("1", "1", "")].compactMap {
            run, character, leading in
            var path = entry.pathPattern?.sample(run: run, character: character) ?? "/"
            if !path.hasPrefix("/") { path = "/" + path }
            var query: String?
            if let pattern = entry.queryPattern {
                query = pattern.sample(run: run, character: character)
            } else if !entry.queryItemPatterns.isEmpty {
                query = entry.queryItemPatterns.map { item in
                    item.name + "=" + item.value.sample(run: run, character: character)
                }.joined(separator: "&")
            }
            var fragment = entry.fragmentPattern?.sample(run: run, character: character, leadingRun: leading)
            if !entry.isPercentEncoded {
                path = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
                query = query.map { $0.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? $0 }
                fragment = fragment.map {
                    $0.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? $0
                }
            }
            var link = "https://" + host + path
            if let query, !query.isEmpty { link += "?" + query }
            if let fragment, !fragment.isEmpty { link += "#" + fragment }
            return URL(string: link) == nil ? nil : link
        }
    }
}
