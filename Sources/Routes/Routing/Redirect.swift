import Foundation

/// A redirect route's target: the `to` of ``RouteTable/addRedirect(from:to:priority:)``, parsed
/// once at registration, then printed with the values of each URL it redirects (the "Routing
/// rules" article, *Guards and redirects*).
///
/// A path target (`/user/:id`) keeps the routed URL's scheme and, when routing did not read the
/// URL's host as a path segment (`https://example.com/u/7`), its host as written. A URL target
/// (`myapp://user/:id`, `https://example.com/user/:id`) names its scheme, and its authority is
/// printed as written; routing then reads the printed URL by the rules of its table as it is
/// when the redirect runs, so whether `user` is a host or a segment is decided there, as for
/// any URL.
///
/// A class: a definition's action holds one reference, not its parts (every definition's
/// action is as wide as the widest case).
package final class Redirect {
    /// `to` as given.
    package let target: String
    /// The scheme a URL target names.
    package let scheme: String?
    /// A URL target's authority as written (`example.com`, `user`, `localhost:3000`), or a `:name`
    /// printed with its value; `nil` for a path target.
    package let authority: String?
    /// The target's path: every expansion of its optional groups, parsed, longest first.
    package let expansions: [RoutePattern]

    /// Parses `target` and checks that every expansion of `source` can print it: each `:name` it
    /// names is a value of that expansion.
    init(_ target: String, source: [RoutePattern], syntax: PatternSyntax = .plain) throws(RoutePatternError) {
        self.target = target
        var path = Substring(target)
        if let (scheme, rest) = Scheme.split(path) {
            self.scheme = String(scheme)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = Redirect.encodedAuthority(rest[..<end])
            path = rest[end...]
        } else {
            scheme = nil
            authority = nil
        }
        let pathOffset = target.distance(from: target.startIndex, to: path.startIndex)
        do {
            expansions = try OptionalGroupExpansion.expand(
                path.hasPrefix("/") ? String(path) : "/" + path, syntax: syntax)
        } catch {
            throw RoutePatternError(
                pattern: target, offset: pathOffset + error.offset - (path.hasPrefix("/") ? 0 : 1),
                reason: error.reason)
        }
        // Printed with a sample value for each name, every expansion must be a URL.
        for expansion in expansions {
            let sample = expansion.printed(value: { _ in "a" }, wildcard: ["a"], plusAsSpace: false)
            // A constraint that refuses the sample value cannot be checked with it.
            if case .failure(.rejected) = sample { continue }
            let printed = try? sample.get()
            let authority = self.authority.map { $0.hasPrefix(":") ? "a" : $0 }
            guard
                let printed,
                let text = printed.text(
                    scheme: scheme ?? "myapp", authority: authority, options: [], query: ""),
                URLParts(string: text) != nil
            else {
                throw RoutePatternError(
                    pattern: target, utf8Offset: scheme.map { $0.utf8.count + 3 } ?? 0, reason: .targetNotAURL
                )
            }
        }
        let authorityName = authority.flatMap {
            $0.hasPrefix(":") ? RoutePattern.parameterName($0[...]) : nil
        }
        for from in source {
            let captured = Set(from.parameterNames)
            let missing =
                authorityName.flatMap { captured.contains($0) ? nil : $0 }
                ?? (expansions.contains { Set($0.parameterNames).isSubset(of: captured) }
                    ? nil : expansions.last?.parameterNames.first { !captured.contains($0) } ?? "")
            guard let missing else { continue }
            let offset = target.range(of: ":" + missing).map {
                target.distance(from: target.startIndex, to: $0.lowerBound)
            }
            throw RoutePatternError(
                pattern: target, offset: offset ?? 0, reason: .valueNotCaptured(missing, source: from.text))
        }
    }

    /// An authority as written, with the characters a URL's authority cannot hold (a space, a
    /// non-ASCII letter) percent-encoded; escapes, `:` (a port) and `@` stay.
    private static func encodedAuthority(_ written: Substring) -> String {
        var allowed = CharacterSet.urlHostAllowed
        allowed.insert(charactersIn: "%:@[]")
        return written.addingPercentEncoding(withAllowedCharacters: allowed) ?? String(written)
    }

    /// The URL to route instead of `parts`, printed from the values of `parameters` (the match of
    /// the redirect's `from` in `table`): its `:name` values and wildcard components as routing
    /// read them (empty ones included), then the query items routing read, and the fragment when
    /// `from` did not read it and the target has none of its own — a web anchor only when the
    /// target's table reads anchors too. `nil` when the printed text is not a URL, or a template
    /// of the target would not read a value back (logged by the caller).
    func target(of parts: URLParts, _ parameters: RouteParameters, in table: RouteTable) -> URLParts? {
        // Routing may read a fragment as more of the path (`b#frag`); unless `from` reads the
        // fragment (it has a `#`), its values are read without it and the fragment is carried
        // over as it is.
        let original = parameters
        var parameters = parameters
        var fragment: Substring?
        if let written = parts.fragment, !parameters.matched.readsFragment {
            let request = RouteRequest(
                parts: parts.withoutFragment, options: table.options,
                readsAnchors: parameters.request.readsAnchors)
            if let withoutFragment = request.parameters(of: parameters.matched, scheme: table.scheme) {
                parameters = withoutFragment
                fragment = written
            }
        }
        var values: [String: String] = [:]
        for name in parameters.matched.parameterNames {
            values[name] = parameters.routeValue(named: name)
        }
        guard let chosen = expansions.first(where: { $0.parameterNames.allSatisfy { values[$0] != nil } }),
            case .success(let printed) = chosen.printed(
                value: { values[$0] }, wildcard: parameters.wildcardComponents ?? [], plusAsSpace: false)
        else { return nil }
        let scheme = self.scheme ?? parts.scheme.map(String.init)
        var authority: String?
        if let written = self.authority {
            if written.hasPrefix(":") {
                guard let value = values[RoutePattern.parameterName(written[...])], !value.isEmpty else {
                    return nil
                }
                authority = PrintedPath.encode(value)
            } else {
                authority = written
            }
        } else if let host = parts.host, !host.isEmpty, !HostRule.isPathSegment(host, options: table.options)
        {
            // The routed URL's host, as written, when routing did not read it as a segment.
            authority = String(host) + (parts.url?.port.map { ":\($0)" } ?? "")
        }
        // A target with a fragment of its own takes no other: the routed URL's fragment gives
        // only the query items routing read from it.
        let read = printed.fragment == nil ? parameters.request : original.request
        if printed.fragment != nil { fragment = nil }
        var query: [String] = []
        read.forEachQueryItem { name, value in
            query.append(PrintedPath.encode(name) + "=" + PrintedPath.encode(value))
            return true
        }
        let targetTable =
            table.router.map { router in scheme.map { router.table(forScheme: $0) } ?? router.defaultTable }
            ?? table
        // An anchor stays an anchor only where the target's table reads anchors: appended to a
        // URL of a table that does not, it would become part of the last value.
        if original.request.hasAnchor, !targetTable.readsAnchors { fragment = nil }
        let options = targetTable.options
        guard
            var text = printed.text(
                scheme: scheme, authority: authority, options: options, query: query.joined(separator: "&"))
        else { return nil }
        if let fragment { text += "#" + Redirect.encodedFragment(fragment) }
        return URLParts(string: text)
    }

    /// A fragment as a URL writes it: what RFC 3986 allows in a fragment (`pchar`, `/`, `?`) and
    /// well-formed escapes as they are, any other byte (a space, a non-ASCII letter, a `%` that
    /// starts no escape) percent-encoded. A string routed as written may hold what a URL cannot;
    /// so printed, the target is the text of the `URL` its event reports, and routing that URL
    /// again reads what the redirect routed. Each value reads as before, unless it could not be
    /// decoded (a malformed escape, bytes that are not UTF-8): it was kept as written, and is
    /// now read from its new text (`%ZZ` stays `%ZZ`, `%ZZ%41` becomes `%ZZA`).
    static func encodedFragment(_ written: Substring) -> String {
        String(written).withBytes { bytes in
            var encoded: [UInt8] = []
            encoded.reserveCapacity(bytes.count)
            for (index, byte) in bytes.enumerated() {
                if byte != .percent
                    ? fragmentCharacters.contains(Unicode.Scalar(byte))
                    : PercentDecoding.isEscape(bytes, at: index)
                {
                    encoded.append(byte)
                } else {
                    encoded += PrintedPath.escape(byte)
                }
            }
            return String(decoding: encoded, as: UTF8.self)
        }
    }

    /// RFC 3986's fragment characters without `%`: unreserved, sub-delimiters, `:`, `@`, `/`, `?`.
    /// A `CharacterSet`, as ``PrintedPath/allowed`` is: the library then compiles no hashed set of
    /// bytes.
    private static let fragmentCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?")
}

extension RouteTable {
    /// Adds a redirect: a URL that matches `from` is routed as the URL built from `to` with the
    /// values it captured.
    ///
    /// The target takes the values `from` captured, its wildcard and the routed URL's query items,
    /// and is routed from the table of its scheme with the same extra parameters. A redirect is a
    /// route: it takes part in priority and registration order, and guards are asked before it as
    /// before a handler. Routing follows at most 8 redirects in a row: the 9th is not followed,
    /// and `route(to:)` returns `false`.
    ///
    /// ```swift
    /// router.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
    /// router.myapp.addRedirect(from: "/p/:id", to: "myapp://post/:id")
    /// router.https.addRedirect(from: "/old/*", to: "/new/*")
    /// ```
    /// - Parameters:
    ///   - from: a pattern, as for `add(pattern:)`.
    ///   - to: a path pattern (`/user/:id`: the URL keeps its scheme and host) or a URL pattern
    ///     (`myapp://user/:id`); each `:name` in it must be a value of every expansion of `from`,
    ///     or the redirect is rejected (reported to ``onInvalidPattern``).
    ///   - priority: as for `add(pattern:)`.
    /// - Returns: the registered definitions (empty when rejected).
    @discardableResult
    public func addRedirect(from: String, to: String, priority: Int = 0) -> [Definition] {
        let redirect: Redirect
        do throws(RoutePatternError) {
            let syntax = patternSyntax
            redirect = try Redirect(
                to, source: try OptionalGroupExpansion.expand(from, syntax: syntax), syntax: syntax)
        } catch {
            report(error)
            return []
        }
        return add(pattern: from, priority: priority, action: .redirect(redirect))
    }
}
