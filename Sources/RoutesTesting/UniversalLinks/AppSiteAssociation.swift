import Foundation

#if !ROUTES_ONE_MODULE
    import Routes
#endif

extension Router {
    /// The `applinks` JSON of an `apple-app-site-association` file, for the routes of `https` URLs.
    ///
    /// The `applinks` part of an `apple-app-site-association` file for the routes that handle
    /// `https` URLs: a comment-free, pretty-printed JSON document with its keys in a fixed order.
    ///
    /// ```swift
    /// router.https.add(pattern: "/user/view/:id") { _ in true }
    /// router.https.add(pattern: "/search") { _ in true }
    /// print(router.appSiteAssociation(appIDs: ["ABCDE12345.com.example.app"]))
    /// // {
    /// //   "applinks": {
    /// //     "details": [
    /// //       {
    /// //         "appIDs": ["ABCDE12345.com.example.app"],
    /// //         "components": [
    /// //           { "/": "/user/view/*" },
    /// //           { "/": "/search" },
    /// //           { "/": "/search/" }
    /// //         ]
    /// //       }
    /// //     ]
    /// //   }
    /// // }
    /// ```
    ///
    /// The routes are those of the `https` table, then, when it falls back
    /// (``/Routes/RouteTable/shouldFallback``), those of the global table (without an `https` table, the
    /// global table's), in routing order. Each definition gives a `components` entry: `:name`,
    /// an extended pattern's template (`{name}.jpg`) and a `*` become `*` (a `*` before other
    /// segments also gives an entry without it, for its zero segments), literals are
    /// percent-encoded as they appear in a URL (a `#` as `%23`), each a whole segment in its
    /// place, a fragment route (`/docs#/:page`) also gives a `#` pattern, each `:name` or
    /// template before the last segment gives an entry for the URLs whose fragment supplies the
    /// segments after it (`/x#/y` reaches `/:a/:b`), and a definition ending in a literal gets a
    /// second entry with a trailing `/`, which the router reads the same (one ending in an empty
    /// segment, `/a//`, gets only that one: the router reads `/a/` as `a`). A table with
    /// ``/Routes/RouteTable/hosts`` reads a fragment that does not start with `/` or `?` as a web
    /// anchor (<doc:/Routes/RoutingRules#Web-anchors>): its entries admit
    /// `https://example.com/post/7#comments`
    /// for `/post/:id`, a fragment entry never admits an anchor (`/docs#intro` gives none), and
    /// a template with fixed text after a `#` (`/post/{id}#comments`), which matches no URL
    /// there, gives no entry.
    ///
    /// A template that is one capture with listed values (`{tab:posts|likes}`) becomes a
    /// substitution variable: `$(tab)` in the entries, `"tab": ["posts", "likes"]` in the file's
    /// `substitutionVariables`. The file has no `defaults`: Apple's (case-sensitive,
    /// percent-encoded patterns) are routing's rules for the path and the fragment.
    ///
    /// A redirect (``/Routes/RouteTable/addRedirect(from:to:priority:)``) is a route: its `from` is
    /// admitted as any route's pattern, since the app receives those URLs and routes their target
    /// (``RouteTable/lint(mayDecline:)`` reports a target that no route matches). Guards admit
    /// and exclude nothing: they decide about URLs that a route admits, at run time.
    ///
    /// Apple's `*` matches across `/`, so the file admits more than the router routes
    /// (`/user/view/*` admits `/user/view/1/2`): the app may receive a URL that it cannot route,
    /// which its ``/Routes/RouteTable/unmatchedHandler`` can open in the browser; but no URL that
    /// differs from every accepting route in a literal segment. Every URL the router
    /// routes is admitted, as long as it is written in the usual encoding (characters that a
    /// path allows as they are, others as `%XX` in upper case). See <doc:UniversalLinksFile>.
    ///
    /// - Parameters:
    ///   - appIDs: the apps, as `TEAMID.bundle.identifier`.
    ///   - host: the domain the file is served from. When the `https` table's
    ///     ``/Routes/RouteTable/hosts`` do not list it, only the fallback routes are written. `nil`
    ///     writes the file for the hosts the table lists.
    ///   - declines: whether a definition's handler always returns `false` for these URLs (it
    ///     sends them to the browser): it admits nothing, and its URLs that no other route
    ///     handles are excluded (`"exclude": true`, before the other entries). It is asked
    ///     for each expansion of an optional group, whose ``/Routes/Definition/pattern`` is
    ///     the expansion's (`(/:x)` gives `/:x` and `/`): where two routes can read alike, tell
    ///     them apart by more than the pattern (``/Routes/Definition/priority``,
    ///     ``/Routes/Definition/scheme``).
    /// - Returns: the JSON text, ending with a newline.
    public func appSiteAssociation(
        appIDs: [String], host: String? = nil, declines: (Definition) -> Bool = { _ in false }
    ) -> String {
        let components = AppSiteAssociation.components(router: self, host: host, declines: declines)
        let (named, variables) = AppSiteAssociation.Variable.named(components)
        return AppSiteAssociation.json(appIDs: appIDs, components: named, variables: variables)
    }
}

/// How ``Router/appSiteAssociation(appIDs:host:declines:)`` turns definitions into Apple's
/// `components` patterns: `*` matches any run of characters (`/` included), `?` one character,
/// and the first entry that matches a URL decides.
enum AppSiteAssociation {
    /// One `components` entry.
    struct Component: Hashable {
        /// The pattern of the URL's path.
        var path: String
        /// The pattern of the URL's fragment, for fragment routes.
        var fragment: String?
        var exclude = false
    }

    /// A piece of an exclusion's path, for checking that it excludes no URL that a route handles.
    enum PathItem: Equatable {
        /// One path segment with this (decoded) text.
        case literal(String)
        /// `*`: one or more segments, any text.
        case star
    }

    /// A definition as the file sees it, its host segment dealt with.
    private struct Shape {
        var definition: Definition
        /// The path segments (without the host segment, when the table reads one).
        var segments: [PatternSegment]
        /// Whether the host was the first segment and nothing follows it.
        var onlyHost: Bool
        /// Whether the table reads the host as the first segment: before a fragment route is
        /// appended, one trailing `/` of the path is then dropped.
        var hostIsSegment = false
        /// Whether that host segment is a `:name`, which may carry the `#` of a fragment route
        /// (`https://example.com#/about` has the segments `example.com#`, `about`).
        var hostIsParameter = false
        /// For a host literal with a `#` (`example.com#/about`), the text after its first `#`:
        /// the rest of the pattern can only come from the fragment.
        var hostFragment: String? = nil
        /// The index of a `:name#` parameter in ``segments`` (`/user/:id#/tab`): the router
        /// reads both `/user/7/tab` and `/user/7#/tab` into the segments it matches.
        var hashParameter: Int? = nil
    }

    // MARK: Components

    static func components(router: Router, host: String?, declines: (Definition) -> Bool) -> [Component] {
        var admitted: [Component] = []
        var accepting: [Shape] = []
        var declining: [Shape] = []
        for (table, readsAnchors) in tables(router, host: host) {
            for definition in table.definitions {
                // A definition that matches no URL of this table admits nothing, excludes nothing.
                if readsAnchors, definition.parsed.textReadAsAnchor?.matchesNoURL == true { continue }
                let segments = definition.parsed.segments
                guard let shape = shape(definition, segments, table: table, host: host) else { continue }
                if declines(definition) {
                    declining.append(shape)
                    continue
                }
                // Exclusions are checked against the definition's own shape, whose `*` takes any
                // segments; its entries come from its forms, which have no inner `*`.
                accepting.append(shape)
                for form in wildcardForms(segments, hostIsSegment: shape.hostIsSegment) {
                    guard let shape = self.shape(definition, form, table: table, host: host) else { continue }
                    let formEntries = readsAnchors ? withoutAnchors(entries(shape)) : entries(shape)
                    admitted += withLiteralsAsWritten(formEntries, shape.segments)
                }
            }
        }
        var excluded: [Component] = []
        for shape in declining {
            for items in exclusionItems(shape)
            where !accepting.contains(where: { routePaths($0).contains { intersects(items, $0) } }) {
                excluded.append(Component(path: glob(items), exclude: true))
            }
        }
        // Two declining definitions of one shape (`/`, and the `/` of `(/:x)`) exclude alike.
        var seen: Set<Component> = []
        return excluded.filter { seen.insert($0).inserted }
            + pruned(admitted.filter { seen.insert($0).inserted })
    }

    /// The admitted entries without the fragment entries that another admitted entry covers, to
    /// keep the file small (all exclusions come first, so this admits the same URLs): one with
    /// the same path and any fragment (no `#`, or `*`) or with the path `/*`, or with the same
    /// path and the fragment `*/*`, which matches every fragment with a `/`, as does any
    /// fragment pattern with a `/` in it.
    private static func pruned(_ admitted: [Component]) -> [Component] {
        var pathOnly: Set<String> = []
        var anyFragment: Set<String> = []
        var fragmentWithSlash: Set<String> = []
        for component in admitted {
            switch component.fragment {
            case nil: pathOnly.insert(component.path)
            case "*"?: anyFragment.insert(component.path)
            case "*/*"?: fragmentWithSlash.insert(component.path)
            default: break
            }
        }
        return admitted.filter { component in
            guard let fragment = component.fragment else { return true }
            let path = component.path
            if pathOnly.contains(path) || pathOnly.contains("/*") { return false }
            if fragment == "*" { return path == "/*" || !anyFragment.contains("/*") }
            if anyFragment.contains(path) || anyFragment.contains("/*") { return false }
            return fragment == "*/*" || !fragment.contains("/") || !fragmentWithSlash.contains(path)
        }
    }

    /// The tables that route `https` URLs of `host`, in the order routing walks them, each with
    /// whether it reads their fragments as web anchors: a table with hosts does, and so does the
    /// global table when the `https` table falls back to it after its hosts accepted the host
    /// (``RouteTable/readsAnchors(afterFallbackFrom:of:)``).
    static func tables(_ router: Router, host: String?) -> [(RouteTable, readsAnchors: Bool)] {
        let global = router.defaultTable
        guard let https = router.allTables.first(where: { !$0.isGlobal && $0.key == "https" }) else {
            return [(global, global.readsAnchors)]
        }
        let routesHost: Bool
        if let hosts = https.hosts {
            routesHost = host.map { HostFilter(hosts).accepts(Substring($0)) } ?? !hosts.isEmpty
        } else {
            routesHost = true
        }
        let fallbackReadsAnchors = global.readsAnchors || (https.readsAnchors && routesHost)
        return (routesHost ? [(https, https.readsAnchors)] : [])
            + (https.shouldFallback ? [(global, fallbackReadsAnchors)] : [])
    }

    /// `entries` of a table that reads web anchors, each fragment pattern narrowed to the
    /// fragments that reach the path: those that start with `/` (or `?`, which appends the `#`
    /// alone), never an anchor, which the table does not read as part of the path
    /// (`/docs#intro` gives no `{ "/": "/docs", "#": "intro*" }`: `https://example.com/docs#intro`
    /// has the segment `docs`). A pattern that starts with `*` keeps the fragments it matches
    /// that start with `/` (`*/b*` gives `/*/b*` and `/b*`), and `*` alone also those that start
    /// with `?`.
    private static func withoutAnchors(_ entries: [Component]) -> [Component] {
        entries.flatMap { entry -> [Component] in
            guard let fragment = entry.fragment else { return [entry] }
            func with(_ fragments: [String]) -> [Component] {
                fragments.map { Component(path: entry.path, fragment: $0, exclude: entry.exclude) }
            }
            switch fragment.first {
            case "/", "?": return [entry]
            case "*":
                let rest = fragment.dropFirst()
                if rest.isEmpty { return with(["/*", "?*"]) }
                return with(["/*" + rest] + (rest.first == "/" ? [String(rest)] : []))
            default: return []
            }
        }
    }

    /// The forms of a definition's segments without an inner `*`, whose entries together admit
    /// what it routes: an inner `*` takes no segment (it is left out) or one or more, which a
    /// `:name` stands for (the file's `*` takes any number of segments). When the host is the
    /// first segment, a first `*` that takes more than the host is the host and a `:name`.
    /// Without an inner `*`, the segments as they are.
    ///
    /// Each literal stays whole between two `/` of the entries, so no entry admits a URL whose
    /// segment differs from the literal in its place: `/a/*/b` gives `/a/*/b` and `/a/b`, not
    /// `/a*`, which would admit `/about`.
    private static func wildcardForms(_ segments: [PatternSegment], hostIsSegment: Bool) -> [[PatternSegment]]
    {
        guard let inner = segments.dropLast().firstIndex(of: .wildcard) else { return [segments] }
        let span = PatternSegment.parameter("*")
        var taking = segments
        taking[inner] = span
        var forms = [taking]
        if inner == 0 && hostIsSegment { forms.append([span] + taking) }
        var none = segments
        none.remove(at: inner)
        return forms + [none]
    }

    /// The definition's path segments (`segments`: its own, or a form of them), or `nil` when
    /// it cannot route a URL of `host` (its host segment names another host).
    private static func shape(
        _ definition: Definition, _ segments: [PatternSegment], table: RouteTable, host: String?
    ) -> Shape? {
        var segments = segments
        var hashParameter = definition.parsed.fragmentMark(of: .parameter)
        // A universal link's host is a domain name: it has a `.`.
        guard HostRule.readsAsSegment(Substring(host ?? "."), options: table.options),
            let first = segments.first
        else {
            return Shape(
                definition: definition, segments: segments, onlyHost: false, hashParameter: hashParameter)
        }
        var hostFragment: String? = nil
        switch first {
        case .wildcard:
            // The `*` takes the host: its segments stay as they are (an inner `*` has forms).
            return Shape(definition: definition, segments: segments, onlyHost: false, hostIsSegment: true)
        case .literal(let name):
            // `example.com#/about`: the host, then a fragment route.
            let hash = name.firstIndex(of: "#")
            let domain = hash.map { String(name[..<$0]) } ?? name
            if let host, domain.asciiLowercased() != host.asciiLowercased() { return nil }
            hostFragment = hash.map { String(name[name.index(after: $0)...]) }
        case .parameter, .template:
            break
        }
        segments.removeFirst()
        hashParameter = hashParameter.flatMap { $0 == 0 ? nil : $0 - 1 }
        var shape = Shape(
            definition: definition, segments: segments, onlyHost: segments.isEmpty && hostFragment == nil,
            hostIsSegment: true, hostFragment: hostFragment, hashParameter: hashParameter)
        switch first {
        case .parameter, .template: shape.hostIsParameter = true
        case .literal, .wildcard: break
        }
        return shape
    }

    /// The entries that admit what an accepting definition routes: its path with every literal
    /// percent-encoded (a `#` as `%23`, which the router decodes to `#`), then the ways a
    /// fragment can supply the rest of its segments (see ``fragmentEntries(_:)``).
    private static func entries(_ shape: Shape) -> [Component] {
        let segments = shape.segments
        if let rest = shape.hostFragment {
            return [Component(path: "/", fragment: fragment(segments[...], prefix: encoded(rest)))]
        }
        if shape.onlyHost { return [Component(path: "/")] }
        var entries: [Component]
        let path = segments.isEmpty ? "/" : joined("", segments[...])
        switch segments.last {
        case .wildcard where segments.count == 1:
            entries = [Component(path: "/*")]
        case .wildcard
        where segments[segments.count - 2] == .literal("") && (segments.count > 2 || shape.hostIsSegment):
            // An empty literal before the `*`: for the wildcard's zero segments too, the path
            // ends in `//` (see the empty last literal below), which `/…//*` admits.
            entries = [Component(path: path)]
        case .wildcard:
            let prefix = String(path.dropLast(2))
            entries = [Component(path: prefix), Component(path: prefix + "/*")]
        case .literal(let text) where text.isEmpty && (segments.count > 1 || shape.hostIsSegment):
            // The router drops one trailing `/`: a last empty segment after another segment (the
            // host's, when it is one) is read only from a path that ends in `//` (`/:a//` reads
            // `/7//` as `7` and an empty segment, `/7/` as `7` alone), and the path without the
            // last `/` (`/*/`) would admit `/7/z/`. Alone, it is the root: `/` and `//` alike.
            entries = [Component(path: path + "/")]
        case .literal where !path.hasSuffix("*"):
            entries = [Component(path: path), Component(path: path + "/")]
        default:
            entries = [Component(path: path)]
        }
        return fragmentEntries(shape) + entries
    }

    /// The entries for URLs that reach the definition through their fragment. The router appends
    /// `#` and the fragment's path to the path before cutting it (`/x#/y` has the segments `x#`,
    /// `y`), so a URL whose path ends early still matches when the segment it ends with can end
    /// in `#`:
    ///
    /// - a literal with a `#` (`/docs#/:page`), cut at each of its `#`s: the path up to the
    ///   `#`, the fragment after it;
    /// - a `:name` or a template that is not the last segment, as it matches any text and drops
    ///   the `#` (`/x#/y` reaches `/:a/:b`; a template's capture takes the `#`: `/xa#/b` reaches
    ///   `/x{n}/:b`): one entry each, the path up to it, the fragment `*/` then the segments
    ///   after it, so that every literal keeps its place. A `:name` just before a trailing `*`
    ///   needs none: the wildcard's own entry for zero segments admits its path;
    /// - a host segment that is a `:name` or a template: the path `/`, every segment from the
    ///   fragment.
    private static func fragmentEntries(_ shape: Shape) -> [Component] {
        let segments = shape.segments
        var entries: [Component] = []
        for (index, segment) in segments.enumerated() {
            guard case .literal(let text) = segment else { continue }
            for hash in text.indices where text[hash] == "#" {
                let path = joined("", segments[..<index]) + "/" + encoded(String(text[..<hash]))
                let after = fragment(
                    segments[(index + 1)...], prefix: encoded(String(text[text.index(after: hash)...]))
                )
                entries.append(Component(path: path, fragment: after))
                // With a host segment, one trailing `/` of the path is dropped before the
                // fragment is appended: `/docs/#/7` reads as `docs#`, `7` too.
                if shape.hostIsSegment { entries.append(Component(path: path + "/", fragment: after)) }
            }
        }
        for index in segments.indices.dropLast() {
            switch segments[index] {
            case .parameter, .template: break
            case .literal, .wildcard: continue
            }
            if index == segments.count - 2 && segments.last == .wildcard { continue }
            var path = joined("", segments[...index])
            // After a host segment, the path's trailing `/` is dropped before the fragment is
            // appended: the segment that takes the `#` has a character of the path.
            if shape.hostIsSegment { path = joined("", segments[..<index]) + "/?*" }
            entries.append(Component(path: path, fragment: fragment(segments[(index + 1)...], prefix: "*")))
        }
        if shape.hostIsParameter, !segments.isEmpty {
            entries.append(Component(path: "/", fragment: fragment(segments[...], prefix: "*")))
        }
        return entries
    }

    /// The pattern of a fragment whose path is `prefix` then the segments, each after a `/`:
    /// a wildcard, written `*` without a `/` of its own, matches zero or more segments, and the
    /// fragment's query and a trailing `/` may follow its path.
    private static func fragment(_ segments: ArraySlice<PatternSegment>, prefix: String) -> String {
        var fragment = prefix
        var previous: PatternSegment?
        for segment in segments {
            if segment != .wildcard {
                fragment += "/" + encoded(segment)
            } else if previous == .literal("") {
                fragment += "/*"  // the empty literal's segment ends at a `/` of its own
            } else if !fragment.hasSuffix("*") {
                fragment += "*"  // zero or more segments: no `/` of its own
            }
            previous = segment
        }
        // One trailing `/` is dropped: a last empty segment needs the path to end in `//`.
        if segments.last == .literal("") { fragment += "/" }
        return fragment.hasSuffix("*") ? fragment : fragment + "*"
    }

    /// Whether a definition is a fragment route: a literal of its path has a `#`.
    private static func hasHashLiteral(_ segments: [PatternSegment]) -> Bool {
        segments.contains {
            if case .literal(let text) = $0 { return text.contains("#") }
            return false
        }
    }

    /// `entries` again with each literal that the router also matches as written spelled so, in
    /// every combination. A literal that cannot be decoded as a URL segment (`caf%C3`: the bytes
    /// are not UTF-8) matches a segment written the same way, which is compared as written
    /// because it cannot be decoded either (the "Routing rules" article, *Percent-decoding*); its
    /// encoded form (`caf%25C3`) admits only the segment that decodes to it.
    private static func withLiteralsAsWritten(_ entries: [Component], _ segments: [PatternSegment])
        -> [Component]
    {
        var result = entries
        for case .literal(let text) in segments where isMatchedAsWritten(text) {
            let written = encoded(text)
            result += result.map { entry in
                var entry = entry
                entry.path = entry.path.replacingOccurrences(of: written, with: text)
                entry.fragment = entry.fragment?.replacingOccurrences(of: written, with: text)
                return entry
            }
        }
        return result
    }

    /// Whether a URL segment written as `literal` reaches it: one a path may hold (`pchar` and
    /// well-formed escapes: the system delivers no link with a malformed one) that cannot be
    /// decoded, its bytes not being UTF-8.
    private static func isMatchedAsWritten(_ literal: String) -> Bool {
        guard literal.utf8.contains(.percent),
            literal.unicodeScalars.allSatisfy({ $0 == "%" || allowedInSegment.contains($0) })
        else { return false }
        return literal.withBytes { bytes in
            for index in bytes.indices where bytes[index] == .percent {
                guard PercentDecoding.isEscape(bytes, at: index) else { return false }
            }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) {
                PercentDecoding.decode(bytes, into: $0) == nil
            }
        }
    }

    /// `prefix`, then the pattern of each segment (`encoded(_:)`) after a `/`.
    @inline(never)
    private static func joined(_ prefix: String, _ segments: ArraySlice<PatternSegment>) -> String {
        var text = prefix
        for segment in segments {
            text += "/"
            text += encoded(segment)
        }
        return text
    }

    /// A segment's pattern: `*` for a parameter, a template or a wildcard, the literal
    /// percent-encoded; a template that is one capture with listed values, a placeholder for
    /// its substitution variable (see ``Variable``).
    private static func encoded(_ segment: PatternSegment) -> String {
        switch segment {
        case .literal(let text): return encoded(text)
        case .template(let template): return Variable(template)?.placeholder ?? "*"
        case .parameter, .wildcard: return "*"
        }
    }

    /// A literal as a URL writes it: characters a path segment allows as they are, others as
    /// `%XX` (UTF-8, upper case). `*` stays `*`, which as a pattern also matches `%2A`, and the
    /// `$` of a `$(` becomes `?`.
    @inline(never)
    static func encoded(_ text: String) -> String {
        // `$(` would start a substitution variable: its `$` is written `?`, which matches it.
        (text.addingPercentEncoding(withAllowedCharacters: allowedInSegment) ?? text)
            .replacingOccurrences(of: "$(", with: "?(")
    }

    /// RFC 3986 `pchar` without `%`: unreserved, sub-delimiters, `:` and `@`.
    private static let allowedInSegment = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@")

    // MARK: Exclusions

    /// The paths an always-declining definition would be excluded with, as items; none for a
    /// fragment route (the host's literal with a `#` included: `/example.com#` matches only URLs
    /// with a fragment) or a literal whose pattern needs a `*`.
    private static func exclusionItems(_ shape: Shape) -> [[PathItem]] {
        let segments = shape.segments
        if shape.onlyHost { return [[.literal("")]] }
        guard !hasHashLiteral(segments), shape.hashParameter == nil, shape.hostFragment == nil else {
            return []
        }
        // An inner `*` has no exclusion pattern of its own (its zero-segment form differs).
        guard !segments.dropLast().contains(.wildcard) else { return [] }
        var items: [PathItem] = []
        for segment in segments {
            switch segment {
            case .literal(let text):
                guard !text.contains("*") else { return [] }
                items.append(.literal(text))
            case .parameter, .template, .wildcard:
                items.append(.star)
            }
        }
        switch segments.last {
        case .wildcard where segments.count == 1: return [items]
        case .wildcard: return [Array(items.dropLast()), items]
        case .literal: return [items, items + [.literal("")]]
        default: return [items]
        }
    }

    /// A path a definition routes, for the exclusion check.
    struct RoutePath {
        var segments: [PatternSegment]
        /// Whether a fragment route is appended to the path (see ``intersects(_:_:)``).
        var beforeFragment = false
        /// With `beforeFragment`, whether the path's trailing `/` is kept: it is dropped when
        /// the host is a segment.
        var keepsTrailingSlash = true
    }

    /// The paths a definition routes, for the exclusion check: its own, and the paths that end
    /// where a fragment supplies the rest of its segments (see ``fragmentEntries(_:)``): before
    /// a `#` of a literal, after a `:name` (which then reads any text: `/a/#x` reaches `/:p/:q`
    /// with q = `#x`), at the host.
    private static func routePaths(_ shape: Shape) -> [RoutePath] {
        if shape.onlyHost || shape.hostFragment != nil { return [RoutePath(segments: [.literal("")])] }
        let segments = shape.segments
        var paths = [RoutePath(segments: segments)]
        let keepsTrailingSlash = !shape.hostIsSegment
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .literal(let text):
                for hash in text.indices where text[hash] == "#" {
                    paths.append(
                        RoutePath(
                            segments: Array(segments[..<index]) + [.literal(String(text[..<hash]))],
                            beforeFragment: true, keepsTrailingSlash: keepsTrailingSlash))
                }
            case .parameter, .template:
                paths.append(
                    RoutePath(
                        segments: Array(segments[...index]), beforeFragment: true,
                        keepsTrailingSlash: keepsTrailingSlash))
            case .wildcard:
                break
            }
        }
        if shape.hostIsParameter { paths.append(RoutePath(segments: [.literal("")])) }
        return paths
    }

    /// The pattern text of exclusion items.
    static func glob(_ items: [PathItem]) -> String {
        "/"
            + items.map {
                switch $0 {
                case .literal(let text): return encoded(text)
                case .star: return "*"
                }
            }.joined(separator: "/")
    }

    /// Whether some path the items match is read (one leading `/` and one trailing `/` removed,
    /// then cut on `/`) into segments that `route` matches. A `*` item matches one or more
    /// segments of any text.
    static func intersects(_ items: [PathItem], _ route: [PatternSegment]) -> Bool {
        intersects(items, RoutePath(segments: route))
    }

    /// Whether some path the items match is read into segments that the route path matches.
    /// Before a fragment, a path keeps its trailing `/` unless the host is a segment
    /// (`/a/#/b` reads as `a`, `#`, `b`), and a `:name` that ends the path reads any text, the
    /// empty one too: the fragment's `#` follows it.
    static func intersects(_ items: [PathItem], _ path: RoutePath) -> Bool {
        let route = path.segments
        let keepsTrailingSlash = path.beforeFragment && path.keepsTrailingSlash
        var items = items
        // A trailing empty segment is dropped when there are others: `/a/` reads as `a`.
        if !keepsTrailingSlash, items.count >= 2, items.last == .literal("") { items.removeLast() }
        let lastStarMayBeEmpty = !keepsTrailingSlash && items.count >= 2 && items.last == .star
        var failed: Set<[Int]> = []
        func search(_ item: Int, _ segment: Int, _ produced: Bool) -> Bool {
            let state = [item, segment, produced ? 1 : 0]
            if failed.contains(state) { return false }
            let found: Bool
            if segment < route.count, route[segment] == .wildcard {
                found = true
            } else if item == items.count {
                found = segment == route.count
            } else {
                switch items[item] {
                case .literal(let text):
                    let readsAnyText = path.beforeFragment && segment == route.count - 1
                    switch segment < route.count ? route[segment] : nil {
                    case .literal(let expected)?:
                        found = expected == text && search(item + 1, segment + 1, false)
                    case .parameter?, .template?:
                        found = (readsAnyText || !text.isEmpty) && search(item + 1, segment + 1, false)
                    case .wildcard?, nil:
                        found = false
                    }
                case .star:
                    let mayEnd = produced || (item == items.count - 1 && lastStarMayBeEmpty)
                    found =
                        (mayEnd && search(item + 1, segment, false))
                        || (segment < route.count && search(item, segment + 1, true))
                }
            }
            if !found { failed.insert(state) }
            return found
        }
        return search(0, 0, false)
    }

    // MARK: JSON

    /// The document, two spaces per level, one component per line.
    static func json(appIDs: [String], components: [Component], variables: [(String, [String])] = [])
        -> String
    {
        let ids = "[" + appIDs.map(JSONText.quoted).joined(separator: ", ") + "]"
        let lines = components.map { component -> String in
            var fields = ["\"/\": " + JSONText.quoted(component.path)]
            if let fragment = component.fragment { fields.append("\"#\": " + JSONText.quoted(fragment)) }
            if component.exclude { fields.append("\"exclude\": true") }
            return "          { " + fields.joined(separator: ", ") + " }"
        }
        let list = lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n        ]"
        let substitutions = variables.map { name, values in
            "      " + JSONText.quoted(name) + ": [" + values.map(JSONText.quoted).joined(separator: ", ")
                + "]"
        }
        let variablesMember =
            substitutions.isEmpty
            ? ""
            : "    \"substitutionVariables\": {\n" + substitutions.joined(separator: ",\n") + "\n    },\n"
        return """
            {
              "applinks": {
            \(variablesMember)    "details": [
                  {
                    "appIDs": \(ids),
                    "components": \(list)
                  }
                ]
              }
            }

            """
    }
}
