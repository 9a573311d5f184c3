import Foundation

extension Router {
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
    /// (``RouteTable/shouldFallback``), those of the global table (without an `https` table, the
    /// global table's), in routing order. Each definition gives a `components` entry: `:name`
    /// and a trailing `*` become `*`, literals are percent-encoded as they appear in a URL, a
    /// fragment route (`/docs#/:page`) gives a `#` pattern, and a definition ending in a literal
    /// gets a second entry with a trailing `/`, which the router reads the same.
    ///
    /// Apple's `*` matches across `/`, so the file admits more than the router routes
    /// (`/user/view/*` admits `/user/view/1/2`): the app may receive a URL that it cannot route,
    /// which its ``RouteTable/unmatchedHandler`` can open in the browser. Every URL the router
    /// routes is admitted, as long as it is written in the usual encoding (characters that a
    /// path allows as they are, others as `%XX` in upper case). See <doc:UniversalLinksFile>.
    ///
    /// - Parameters:
    ///   - appIDs: the apps, as `TEAMID.bundle.identifier`.
    ///   - host: the domain the file is served from. When the `https` table's
    ///     ``RouteTable/hosts`` do not list it, only the fallback routes are written. `nil`
    ///     writes the file for the hosts the table lists.
    ///   - declines: whether a definition's handler always returns `false` for these URLs (it
    ///     sends them to the browser): it admits nothing, and its URLs that no other route
    ///     handles are excluded (`"exclude": true`, before the other entries).
    /// - Returns: the JSON text, ending with a newline.
    public func appSiteAssociation(
        appIDs: [String], host: String? = nil, declines: (Definition) -> Bool = { _ in false }
    ) -> String {
        let components = AppSiteAssociation.components(router: self, host: host, declines: declines)
        return AppSiteAssociation.json(appIDs: appIDs, components: components)
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
    enum PathItem: Hashable {
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
        /// The index of a `:name#` parameter in ``segments`` (`/user/:id#/tab`): the router
        /// reads both `/user/7/tab` and `/user/7#/tab` into the segments it matches.
        var hashParameter: Int? = nil
    }

    // MARK: Components

    static func components(router: Router, host: String?, declines: (Definition) -> Bool) -> [Component] {
        var admitted: [Component] = []
        var accepting: [Shape] = []
        var declining: [Shape] = []
        for table in tables(router, host: host) {
            for definition in table.definitions {
                guard let shape = shape(definition, table: table, host: host) else { continue }
                if declines(definition) {
                    declining.append(shape)
                } else {
                    accepting.append(shape)
                    admitted += entries(shape)
                }
            }
        }
        var excluded: [Component] = []
        for shape in declining {
            for items in exclusionItems(shape)
            where !accepting.contains(where: { routeSegments($0).contains { intersects(items, $0) } }) {
                excluded.append(Component(path: glob(items), exclude: true))
            }
        }
        var seen: Set<Component> = []
        return (excluded + admitted).filter { seen.insert($0).inserted }
    }

    /// The tables that route `https` URLs of `host`, in the order routing walks them.
    private static func tables(_ router: Router, host: String?) -> [RouteTable] {
        guard let https = router.allTables.first(where: { !$0.isGlobal && $0.key == "https" }) else {
            return [router.default]
        }
        let routesHost: Bool
        if let hosts = https.hosts {
            routesHost = host.map { HostFilter(hosts).accepts(Substring($0)) } ?? !hosts.isEmpty
        } else {
            routesHost = true
        }
        return (routesHost ? [https] : []) + (https.shouldFallback ? [router.default] : [])
    }

    /// The definition's path segments, or `nil` when it cannot route a URL of `host` (its host
    /// segment names another host).
    private static func shape(_ definition: Definition, table: RouteTable, host: String?) -> Shape? {
        var segments = definition.parsed.segments
        var hashParameter = hashParameterIndex(definition.pattern, count: segments.count)
        guard table.options.contains(.treatHostAsPathComponent), let first = segments.first else {
            return Shape(
                definition: definition, segments: segments, onlyHost: false, hashParameter: hashParameter)
        }
        switch first {
        case .wildcard:
            return Shape(definition: definition, segments: [.wildcard], onlyHost: false)
        case .literal(let name):
            if let host, name.asciiLowercased() != host.asciiLowercased() { return nil }
        case .parameter:
            break
        }
        segments.removeFirst()
        hashParameter = hashParameter.flatMap { $0 == 0 ? nil : $0 - 1 }
        return Shape(
            definition: definition, segments: segments, onlyHost: segments.isEmpty,
            hashParameter: hashParameter)
    }

    /// The index of the first `:name#` segment of a pattern (cut as patterns are: one leading and
    /// one trailing `/` removed, then on `/`), when it has `count` segments.
    private static func hashParameterIndex(_ pattern: String, count: Int) -> Int? {
        var text = Substring(pattern)
        if text.hasPrefix("/") { text = text.dropFirst() }
        if text.hasSuffix("/") { text = text.dropLast() }
        let components = text.split(separator: "/", omittingEmptySubsequences: false)
        guard components.count == count else { return nil }
        return components.firstIndex { $0.count > 2 && $0.hasPrefix(":") && $0.hasSuffix("#") }
    }

    /// The entries that admit what an accepting definition routes.
    private static func entries(_ shape: Shape) -> [Component] {
        let segments = shape.segments
        if shape.onlyHost { return [Component(path: "/")] }
        if let split = fragmentSplit(segments) {
            return [Component(path: split.path, fragment: split.fragment)]
        }
        var entries: [Component]
        let path = "/" + segments.map(encoded).joined(separator: "/")
        switch segments.last {
        case .wildcard where segments.count == 1:
            entries = [Component(path: "/*")]
        case .wildcard:
            let prefix = String(path.dropLast(2))
            entries = [Component(path: prefix), Component(path: prefix + "/*")]
        case .literal where !path.hasSuffix("*"):
            entries = [Component(path: path), Component(path: path + "/")]
        default:
            entries = [Component(path: path)]
        }
        if let index = shape.hashParameter, index < segments.count - 1 {
            let before = "/" + segments[...index].map(encoded).joined(separator: "/")
            entries.append(
                Component(path: before, fragment: fragment(Array(segments[(index + 1)...]), prefix: "")))
        }
        return entries
    }

    /// The pattern of a fragment whose path is `prefix` then the segments, each after a `/`:
    /// a trailing wildcard matches zero or more segments, and the fragment's query and a
    /// trailing `/` may follow its path.
    private static func fragment(_ segments: [PatternSegment], prefix: String) -> String {
        var fragment = ([prefix] + segments.map(encoded)).joined(separator: "/")
        if segments.last == .wildcard { fragment.removeLast(2) }  // `/*`: zero or more segments
        return fragment.hasSuffix("*") ? fragment : fragment + "*"
    }

    /// A fragment route's path and fragment patterns: the pattern cut at the first `#` of a
    /// literal, as the router reads `/user#/view/7` as `user#`, `view`, `7`.
    private static func fragmentSplit(_ segments: [PatternSegment]) -> (path: String, fragment: String)? {
        guard
            let index = segments.firstIndex(where: {
                if case .literal(let text) = $0 { return text.contains("#") }
                return false
            }), case .literal(let text) = segments[index], let hash = text.firstIndex(of: "#")
        else { return nil }
        let before = segments[..<index].map(encoded) + [encoded(String(text[..<hash]))]
        let after = fragment(
            Array(segments[(index + 1)...]), prefix: encoded(String(text[text.index(after: hash)...])))
        return ("/" + before.joined(separator: "/"), after)
    }

    /// A segment's pattern: `*` for a parameter or a wildcard, the literal percent-encoded.
    private static func encoded(_ segment: PatternSegment) -> String {
        switch segment {
        case .literal(let text): return encoded(text)
        case .parameter, .wildcard: return "*"
        }
    }

    /// A literal as a URL writes it: characters a path segment allows as they are, others as
    /// `%XX` (UTF-8, upper case). `*` stays `*`, which as a pattern also matches `%2A`.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowedInSegment) ?? text
    }

    /// RFC 3986 `pchar` without `%`: unreserved, sub-delimiters, `:` and `@`.
    private static let allowedInSegment = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@")

    // MARK: Exclusions

    /// The paths an always-declining definition would be excluded with, as items; none for a
    /// fragment route or a literal whose pattern needs a `*`.
    private static func exclusionItems(_ shape: Shape) -> [[PathItem]] {
        let segments = shape.segments
        if shape.onlyHost { return [[.literal("")]] }
        guard fragmentSplit(segments) == nil, shape.hashParameter == nil else { return [] }
        var items: [PathItem] = []
        for segment in segments {
            switch segment {
            case .literal(let text):
                guard !text.contains("*") else { return [] }
                items.append(.literal(text))
            case .parameter, .wildcard:
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

    /// The segments of the paths a definition routes, for the exclusion check: its own, and for a
    /// fragment route the part before the fragment (its URLs have that path, whatever follows).
    private static func routeSegments(_ shape: Shape) -> [[PatternSegment]] {
        let segments = shape.onlyHost ? [.literal("")] : shape.segments
        var paths = [segments]
        if let index = shape.hashParameter { paths.append(Array(segments[...index])) }
        if let index = segments.firstIndex(where: {
            if case .literal(let text) = $0 { return text.contains("#") }
            return false
        }), case .literal(let text) = segments[index], let hash = text.firstIndex(of: "#") {
            paths.append(Array(segments[..<index]) + [.literal(String(text[..<hash]))])
        }
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
        var items = items
        // A trailing empty segment is dropped when there are others: `/a/` reads as `a`.
        if items.count >= 2, items.last == .literal("") { items.removeLast() }
        let lastStarMayBeEmpty = items.count >= 2 && items.last == .star
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
                    switch segment < route.count ? route[segment] : nil {
                    case .literal(let expected)?:
                        found = expected == text && search(item + 1, segment + 1, false)
                    case .parameter?:
                        found = !text.isEmpty && search(item + 1, segment + 1, false)
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
    static func json(appIDs: [String], components: [Component]) -> String {
        let ids = "[" + appIDs.map(JSONText.quoted).joined(separator: ", ") + "]"
        let lines = components.map { component -> String in
            var fields = ["\"/\": " + JSONText.quoted(component.path)]
            if let fragment = component.fragment { fields.append("\"#\": " + JSONText.quoted(fragment)) }
            if component.exclude { fields.append("\"exclude\": true") }
            return "          { " + fields.joined(separator: ", ") + " }"
        }
        let list = lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n        ]"
        return """
            {
              "applinks": {
                "details": [
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
