import Foundation

/// What routing's search finds for one URL, table by table, calling no handler, guard, logger or
/// observer: the facts that `RoutesTesting`'s `explain` prints. The one place where the tools
/// read a URL as routing does (the segments, the query, the anchor, the host rule, the search).
package struct RouteTrace {
    /// The URL as given.
    package let text: String
    /// The tables routing would use, in order: the table of the URL's scheme, then the global
    /// table when that one falls back. Empty when the text is not a URL.
    package let tables: [Table]
    /// Whether the text could be read as a URL at all.
    package let isURL: Bool

    /// One table's reading of the URL, and what of the table matches it.
    package struct Table {
        package let table: RouteTable
        /// Whether the table's ``RouteTable/hosts`` accept the URL's host.
        package let acceptsHost: Bool
        /// The path segments as this table reads them (percent-encoded).
        package let segments: [String]
        /// The query items, decoded, in order.
        package let query: [(name: String, value: String)]
        /// The web anchor, decoded, when the table reads the fragment as one.
        package let anchor: String?
        /// Why each of the table's definitions matches or not, in their order: ``PatternVerdict/matches``
        /// when routing's search finds it.
        package let verdicts: [PatternVerdict]
        /// For each matching redirect definition (by identity), when the table accepts the
        /// host, the URL routing starts over at: `nil` when no URL can be built.
        package let redirectURLs: [ObjectIdentifier: URL]
        /// Why each guard definition (by identity) matches or not.
        package let guardVerdicts: [ObjectIdentifier: PatternVerdict]
    }
}

extension Router {
    /// What routing's search finds for `url` (``RouteTrace``), without routing it.
    package func trace(_ url: some URLConvertible) -> RouteTrace {
        trace(input: url.routeInput)
    }

    /// ``trace(_:)`` of the URL as given: one body for every kind of URL.
    private func trace(input: RouteInput) -> RouteTrace {
        guard let parts = input.parts else { return RouteTrace(text: input.text, tables: [], isURL: false) }
        let start = table(for: parts)
        var tables = [start.trace(parts, readsAnchors: start.readsAnchors)]
        if let global = start.fallbackTable {
            let readsAnchors = global.readsAnchors(afterFallbackFrom: start, of: parts)
            tables.append(global.trace(parts, readsAnchors: readsAnchors))
        }
        return RouteTrace(text: input.text, tables: tables, isURL: true)
    }
}

extension RouteTable {
    /// The reading of `parts` by this table, and what of it matches. Cold (it runs outside
    /// routing): optimized for size.
    @_optimize(size)
    fileprivate func trace(_ parts: URLParts, readsAnchors: Bool) -> RouteTrace.Table {
        let request = RouteRequest(parts: parts, options: options, readsAnchors: readsAnchors)
        var query: [(name: String, value: String)] = []
        request.forEachQueryItem { name, value in
            query.append((name, value))
            return true
        }
        let acceptsHost = acceptsHost(of: parts)
        // Whether a definition matches is routing's own search; the verdict says why not.
        let matching = matches(parts, request, redirects: acceptsHost)
        let verdicts = definitions.map { definition in
            matching.definitions.contains(ObjectIdentifier(definition))
                ? .matches : request.verdict(for: definition.parsed).notMatching
        }
        var guardVerdicts: [ObjectIdentifier: PatternVerdict] = [:]
        for definition in guardDefinitions {
            let id = ObjectIdentifier(definition)
            guardVerdicts[id] =
                matching.guards.contains(id) ? .matches : request.verdict(for: definition.parsed).notMatching
        }
        return RouteTrace.Table(
            table: self, acceptsHost: acceptsHost, segments: request.encodedSegments, query: query,
            anchor: request.anchor, verdicts: verdicts, redirectURLs: matching.redirectURLs,
            guardVerdicts: guardVerdicts)
    }

    /// What routing's search finds for `request`: the definitions and the guards that match, and
    /// with `redirects`, the URL each matching redirect route would route instead of `parts`. One
    /// reading of the segments serves them all.
    @inline(never)
    private func matches(_ parts: URLParts, _ request: RouteRequest, redirects: Bool) -> (
        definitions: Set<ObjectIdentifier>, guards: Set<ObjectIdentifier>,
        redirectURLs: [ObjectIdentifier: URL]
    ) {
        var found: Set<ObjectIdentifier> = []
        var urls: [ObjectIdentifier: URL] = [:]
        let guards = request.withSegments { segments in
            _ = index.forEachMatch(segments) { definition, captures in
                found.insert(ObjectIdentifier(definition))
                guard redirects, let redirect = definition.action?.redirectRoute else { return false }
                let parameters = RouteParameters(
                    request: request, matched: definition.parsed, captures: captures, extra: nil,
                    scheme: scheme)
                urls[ObjectIdentifier(definition)] =
                    redirect.target(of: parts, parameters, in: self)?.routedURL
                return false
            }
            return Set(guardIndex.matches(segments))
        }
        return (found, guards, urls)
    }
}
