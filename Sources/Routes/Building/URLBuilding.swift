import Foundation

/// Why a URL could not be built from a pattern.
///
/// ```swift
/// router.myapp.add(pattern: "/user/:id") { _ in true }
/// do {
///     _ = try router.url(for: "/user/:id", scheme: "myapp", parameters: [:])
/// } catch {
///     // Cannot build a URL for "/user/:id": missing parameter "id"
///     print(error)
/// }
/// ```
public struct URLBuildingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    ///
    /// ```swift
    /// if case .missingParameter(let name) = error.reason { print(name) }
    /// ```
    public enum Reason: Sendable, Hashable {
        /// The pattern itself is invalid.
        case invalidPattern(RoutePatternError)
        /// No expansion of the pattern has all its parameters: this one is missing.
        case missingParameter(String)
        /// A parameter's value is empty; `:name` only matches non-empty segments.
        case emptyParameter(String)
        /// The scheme is not a valid URL scheme.
        case invalidScheme(String)
        /// The URL built would be routed to an earlier, longer expansion of the same pattern.
        ///
        /// The URL for the expansion that fits the parameters would be routed to an earlier
        /// (longer) expansion of the same pattern — e.g. `(/:id)/*` without `id`: give that
        /// expansion's parameters, or register the two shapes as separate patterns.
        case ambiguous(routedTo: String)
        /// The value under `key` has no URL text: its type is not one that URL building writes.
        ///
        /// The value under `key` has no URL text: it is none of `String`, `Bool`, `UUID`, `URL`,
        /// `RawRepresentable`, `LosslessStringConvertible` (integers, floating point...), an
        /// `Optional` of one, or an array of them. `type` names its type.
        case unsupportedValue(key: String, type: String)
        /// The host given would be read back as the first path segment, so the URL would not match.
        ///
        /// A host without a `.` that is not `localhost` is a segment (`myapp://feed/post/7` has the
        /// segments `feed`, `post`, `7`), and every host is one in a table with
        /// ``RouteOptions/treatHostAsPathComponent``. Leave `host:` out (the first segment becomes
        /// the host), or put the host in the pattern.
        case hostReadAsPathSegment(String)
        /// The table has ``RouteTable/hosts`` and does not route this host (`nil`: the URL has no
        /// host). Give one of its hosts as `host:`.
        case hostNotAccepted(String?)
        /// The table the URL would be routed in has no definition of this pattern.
        ///
        /// The table the URL is routed in — the table of `scheme` (``Router/defaultScheme`` for the
        /// global table), or the global table it falls back to — has no definition of this pattern
        /// (as written, or as one of its expansions). From a table or from the router, `url(for:)`
        /// builds URLs of the patterns that routing would reach only: a misspelled pattern
        /// (`/usr/:id` for `/user/:id`), or one registered in another scheme's table, throws this
        /// rather than build a URL that routes nowhere.
        case notRegistered(scheme: String)
        /// Foundation does not read this text as a URL.
        case notAURL(String)
        /// Routed in its table, the URL built does not match the pattern's definition.
        ///
        /// Routed in its table, the URL does not match the pattern's definition: `mismatch` says
        /// why. (Checked after building; the other reasons name the usual causes first.)
        case notMatched(url: String, mismatch: String)
        /// The handler would not receive the value under `key` as given.
        ///
        /// Routed in its table, the URL matches the pattern, but the handler would not receive the
        /// value under `key` as given: a query item with an empty name is ignored, a web anchor
        /// (``RouteParameters/Keys/anchor``) is read only by a table with ``RouteTable/hosts`` (or
        /// the global table it falls back to), after a path without a fragment route, and a
        /// template's capture ends at the fixed text after it, which may spell a character of
        /// the value the only way a URL can write it (a space in `first` before the `%20` of
        /// `{first}%20{last}`, in a table without ``RouteOptions/decodePlusSymbols``, where `+`
        /// is no space).
        case valueNotReadBack(key: String)
        /// The value of `key` is refused by its capture's constraint in an extended pattern
        /// (`{id:int}` given `"abc"`).
        case valueRejected(key: String)
        /// Wildcard components were given, and the pattern has no `*` to hold them.
        ///
        /// Wildcard components (an array under ``RouteParameters/Keys/wildcard``) were given,
        /// and no expansion of the pattern whose parameters are all given has a `*` to hold
        /// them: `url(for: "/", parameters: [RouteParameters.Keys.wildcard: ["a"]])`. An empty
        /// array gives none.
        case wildcardComponentsWithoutWildcard
        /// A ``TypedRoute``'s property `key` holds a nested value, which a URL cannot hold.
        ///
        /// A struct, a dictionary or an array of arrays: a typed route's properties are flat.
        case nestedValue(key: String)
        /// A ``TypedRoute``'s value did not encode: its `encode(to:)` threw, or it is not a set
        /// of keyed properties. `message` says which.
        case notEncoded(String)
        /// A ``TypedRoute``'s value would not come back: the URL decodes to another value.
        ///
        /// Routed and decoded as the type's handler decodes it, the URL gives another value;
        /// the difference is ``/RoutesTesting/Routes/Router/roundTrip(_:scheme:host:)``'s first: a property that
        /// decodes to another text (`Lowercased(name: "Ab")` reads back `"ab"`), a URL that does
        /// not decode (a relative `URL` property), or an `Equatable` value that reads back not
        /// `==`.
        indirect case notReadBack(RoundTripDifference)
    }

    /// The pattern the URL was built from.
    ///
    /// ```swift
    /// error.pattern  // "/user/view/:id"
    /// ```
    public let pattern: String
    /// What went wrong.
    ///
    /// ```swift
    /// error.reason  // .missingParameter("id")
    /// ```
    public let reason: Reason

    /// A readable explanation.
    ///
    /// ```swift
    /// print(error)
    /// ```
    public var description: String {
        let detail: String
        switch reason {
        case .invalidPattern(let error): return error.description
        case .missingParameter(let name): detail = "missing parameter \"\(name)\""
        case .emptyParameter(let name): detail = "parameter \"\(name)\" is empty"
        case .invalidScheme(let scheme): detail = "\"\(scheme)\" is not a URL scheme"
        case .ambiguous(let expansion): detail = "the URL would be routed to the expansion \(expansion) first"
        case .unsupportedValue(let key, let type):
            detail = "parameter \"\(key)\" is a \(type), which has no URL text"
        case .hostReadAsPathSegment(let host):
            detail =
                "the host \"\(host)\" would be read as the first path segment; leave host: out or put it in the pattern"
        case .hostNotAccepted(let host?):
            detail = "the table does not route the host \"\(host)\" (see its hosts); give one of its hosts"
        case .hostNotAccepted(nil):
            detail = "the URL has no host, and the table routes only its hosts; give one of them as host:"
        case .notRegistered(let scheme):
            detail = "the pattern is not registered in the table of \(scheme), where the URL would be routed"
        case .notAURL(let text): detail = "\"\(text)\" is not a URL"
        case .notMatched(let url, let mismatch):
            detail = "routed in its table, \(url) would not match it: \(mismatch)"
        case .valueNotReadBack(let key):
            detail = "routing the URL would not give the value of \"\(key)\" back as given"
        case .valueRejected(let key):
            detail = "the value of \"\(key)\" is not one its pattern accepts"
        case .wildcardComponentsWithoutWildcard:
            detail = "wildcard components were given, and the pattern has no * to hold them"
        case .nestedValue(let key):
            detail = "\"\(key)\" holds a nested value; a URL holds flat values only"
        case .notEncoded(let message): detail = "the value did not encode: \(message)"
        case .notReadBack(let difference): detail = difference.description
        }
        return "Cannot build a URL for \"\(pattern)\": \(detail)"
    }
}

extension Router {
    /// Builds a URL that routes to a registered pattern, with the given parameters.
    ///
    /// Builds a URL that routes to `pattern` with `parameters`: `:name` segments are filled
    /// (percent-encoded), the longest expansion of optional groups whose parameters are all given
    /// is chosen (one with a `*` when wildcard components are given), wildcard components (an
    /// array under ``RouteParameters/Keys/wildcard``) are put back, or throw
    /// ``URLBuildingError/Reason/wildcardComponentsWithoutWildcard`` for a pattern without `*`,
    /// a web anchor (under ``RouteParameters/Keys/anchor``, for a table with
    /// ``RouteTable/hosts``) becomes the fragment, and the other parameters go to the query,
    /// sorted by name (arrays as repeated keys).
    /// Values are written in the text that the typed accessors read back (`Bool` as `true`/`false`,
    /// numbers by their `description`, `UUID`, `URL`, enums by their raw value); an `Optional` is
    /// unwrapped and `nil` is absent; any other value throws
    /// ``URLBuildingError/Reason/unsupportedValue(key:type:)``.
    ///
    /// The URL is checked against the table routing would choose for it — the table of
    /// `scheme`, or the global table when the router has no table for the scheme (or `scheme`
    /// is `nil`) — as ``RouteTable/url(for:host:parameters:)`` checks it: the pattern must be
    /// registered in that table, or in the global table it falls back to
    /// (``RouteTable/shouldFallback``), else this throws
    /// ``URLBuildingError/Reason/notRegistered(scheme:)``; routed there, the URL matches the
    /// pattern's definition with the given values, or this throws. So a scheme without a table
    /// builds the global table's patterns, which routing sends it to.
    ///
    /// ```swift
    /// router.myapp.add(pattern: "/user/view/:id(/:tab)") { _ in true }
    /// router.https.add(pattern: "/post/:id") { _ in true }
    /// try router.url(
    ///     for: "/user/view/:id(/:tab)", scheme: "myapp",
    ///     parameters: ["id": 42, "ref": "mail"])
    /// // myapp://user/view/42?ref=mail
    /// try router.url(
    ///     for: "/post/:id", scheme: "https", host: "example.com",
    ///     parameters: ["id": 7])
    /// // https://example.com/post/7
    /// try router.url(
    ///     for: "/post/:id", scheme: "https", host: "example.com",
    ///     parameters: ["id": 7, RouteParameters.Keys.anchor: "comments"])
    /// // https://example.com/post/7#comments (the https table has hosts)
    /// try router.url(
    ///     for: "/usr/view/:id", scheme: "myapp", parameters: ["id": 7])
    /// // throws: not registered in the table of myapp
    /// ```
    /// - Parameters:
    ///   - pattern: a pattern as given to `add(pattern:)` in the table that routes the URL, or
    ///     one of its expansions.
    ///   - scheme: the URL's scheme; `nil` builds a relative URL (`/user/view/42`), which the
    ///     global table routes.
    ///   - host: a host for universal links (`example.com`, `localhost:3000`); when `nil`, the
    ///     first segment becomes the host (`myapp://user/view/42`) when routing reads it back.
    ///   - parameters: values for `:name` segments, the wildcard, and the query.
    public func url(
        for pattern: String, scheme: String? = nil, host: String? = nil, parameters: [String: Any] = [:]
    ) throws(URLBuildingError) -> URL {
        let key = scheme.map(Scheme.key)
        let table = key.flatMap { key in allTables.first { $0.key == key } } ?? `default`
        let builder = URLBuilder(pattern: pattern, scheme: scheme, host: host, parameters: parameters)
        return try builder.build(in: table, requiringRegistration: true)
    }
}

extension RouteTable {
    /// Builds a URL of this table's scheme that routes to a pattern of this table, checked against
    /// the table's own rules.
    ///
    /// Builds a URL of this table's scheme that routes to `pattern`, a pattern registered in this
    /// table (or in the global table it falls back to), with `parameters` — as
    /// ``Router/url(for:scheme:host:parameters:)`` writes it — and checks it against this table's
    /// own rules: routed here, with its ``options`` and ``hosts``, the URL matches the pattern's
    /// definition and gives back the values given (the same `:name` values, wildcard components and
    /// query items). Otherwise it throws a ``URLBuildingError`` that says why: the pattern is not
    /// registered here, the host would be read as a path segment or is not in ``hosts``, a longer
    /// expansion of the pattern would match first, or a value would not come back as given (a
    /// web anchor, under ``RouteParameters/Keys/anchor``, comes back only from a table that reads
    /// anchors: one with ``hosts``, or the global table it falls back to, and not after a
    /// fragment route's fragment). A
    /// definition of another pattern asked before this one (a higher priority, or an earlier
    /// registration) is not an error: the pattern's handler runs if it declines, and
    /// ``/RoutesTesting/Routes/RouteTable/lint(mayDecline:)`` reports such overlaps. The global table builds relative URLs
    /// (`/post/7`), which routing sends to it.
    ///
    /// ```swift
    /// router.myapp.add(pattern: "/post/:id") { _ in true }
    /// try router.myapp.url(for: "/post/:id", parameters: ["id": 7])
    /// // myapp://post/7
    /// router.https.hosts = ["example.com"]
    /// router.https.add(pattern: "/post/:id") { _ in true }
    /// try router.https.url(
    ///     for: "/post/:id", host: "example.com", parameters: ["id": 7])
    /// // https://example.com/post/7
    /// ```
    /// - Parameters:
    ///   - pattern: a pattern registered in this table, as given to `add(pattern:)`, or one of
    ///     its expansions.
    ///   - host: a host for universal links (`example.com`, `localhost:3000`); when `nil`, the
    ///     first segment becomes the host when routing reads it back.
    ///   - parameters: values for `:name` segments, the wildcard, and the query.
    public func url(
        for pattern: String, host: String? = nil, parameters: [String: Any] = [:]
    ) throws(URLBuildingError) -> URL {
        let builder = URLBuilder(
            pattern: pattern, scheme: isGlobal ? nil : scheme, host: host, parameters: parameters)
        return try builder.build(in: self, requiringRegistration: true)
    }

    /// The definitions registered from `pattern`, or whose pattern is `pattern` (an expansion).
    fileprivate func definitions(of pattern: String) -> [Definition] {
        definitions.filter { sourcePattern(of: $0) == pattern || $0.pattern == pattern }
    }
}

/// The work of ``Router/url(for:scheme:host:parameters:)`` and
/// ``RouteTable/url(for:host:parameters:)``: build, then route the URL in its table to check it.
struct URLBuilder {
    let pattern: String
    let scheme: String?
    let host: String?
    /// The parameters with their `Optional`s unwrapped and their `nil` values left out.
    let parameters: [String: Any]
    /// Whether the pattern reads braces whatever the table's options (a ``TypedRoute``'s).
    var alwaysReadsBraces = false

    init(pattern: String, scheme: String?, host: String?, parameters: [String: Any]) {
        self.pattern = pattern
        self.scheme = scheme
        self.host = host
        self.parameters = parameters.compactMapValues(ParameterText.unwrapped)
    }

    private func error(_ reason: URLBuildingError.Reason) -> URLBuildingError {
        URLBuildingError(pattern: pattern, reason: reason)
    }

    /// How `table` reads the pattern.
    private func syntax(of table: RouteTable) -> PatternSyntax {
        var syntax = table.patternSyntax
        if alwaysReadsBraces { syntax.braces = true }
        return syntax
    }

    /// Builds the URL and checks it in `table`. With `requiringRegistration`, the pattern must be
    /// registered in `table` or in the global table it falls back to; otherwise the pattern is
    /// checked as if it were registered in `table`. Without `checking` (a redirect's target, whose
    /// pattern is checked at registration), the URL is built with `table`'s options only.
    func build(in start: RouteTable, requiringRegistration: Bool, checking: Bool = true)
        throws(URLBuildingError) -> URL
    {
        try buildAndRead(in: start, requiringRegistration: requiringRegistration, checking: checking).url
    }

    /// ``build(in:requiringRegistration:checking:)``, also giving the parameters that the
    /// pattern's definition receives when the URL is routed (`nil` without `checking`).
    func buildAndRead(in start: RouteTable, requiringRegistration: Bool, checking: Bool = true)
        throws(URLBuildingError) -> (url: URL, received: RouteParameters?)
    {
        if let scheme, !Scheme.isValid(scheme) {
            throw error(.invalidScheme(scheme))
        }
        // The pattern is read as the table that holds it reads its own (braces with extended
        // patterns): first as the starting table reads it, so that an invalid pattern is
        // reported as such.
        var expansions: [RoutePattern]
        do {
            expansions = try OptionalGroupExpansion.expand(pattern, syntax: syntax(of: start))
        } catch {
            throw self.error(.invalidPattern(error))
        }
        // The table whose definition of the pattern routing reaches: this one, else the global
        // table it falls back to; with none, the starting table's rules alone.
        var table = start
        var registered: [Definition] = []
        if requiringRegistration {
            let candidates = [start] + (start.fallbackTable.map { [$0] } ?? [])
            guard let found = candidates.first(where: { !$0.definitions(of: pattern).isEmpty }) else {
                throw error(.notRegistered(scheme: start.scheme))
            }
            table = found
            registered = found.definitions(of: pattern)
        }
        // A registered pattern is read as it was registered, whatever the options are now.
        let readsBraces = registered.first?.parsed.readsBraces
        if table !== start || (readsBraces != nil && readsBraces != expansions.first?.readsBraces) {
            var syntax = syntax(of: table)
            if let readsBraces { syntax.braces = readsBraces }
            do {
                expansions = try OptionalGroupExpansion.expand(pattern, syntax: syntax)
            } catch {
                throw self.error(.invalidPattern(error))
            }
        }
        // The longest expansion whose parameters are all given (expansions are longest first),
        // with a `*` when wildcard components are given: one without would drop them.
        let givesComponents = try !texts(Definition.Keys.wildcard).isEmpty
        let holdsComponents = { (expansion: RoutePattern) in !givesComponents || expansion.hasWildcard }
        guard
            let chosen = expansions.first(where: {
                holdsComponents($0) && $0.parameterNames.allSatisfy { parameters[$0] != nil }
            })
        else {
            guard let shortest = expansions.last(where: holdsComponents) else {
                throw error(.wildcardComponentsWithoutWildcard)
            }
            throw error(.missingParameter(shortest.parameterNames.first { parameters[$0] == nil } ?? ""))
        }
        var values: [String: String] = [:]
        for name in chosen.parameterNames { values[name] = try text(of: parameters[name] ?? "", key: name) }
        let printed: PrintedPath
        let wildcardKey =
            chosen.wildcardName.flatMap { parameters[$0] != nil ? $0 : nil } ?? Definition.Keys.wildcard
        let plusAsSpace = table.options.contains(.decodePlusSymbols)
        switch chosen.printed(
            value: { values[$0] }, wildcard: try texts(wildcardKey), plusAsSpace: plusAsSpace)
        {
        case .success(let path): printed = path
        case .failure(.missing(let name)): throw error(.missingParameter(name))
        case .failure(.empty(let name)): throw error(.emptyParameter(name))
        case .failure(.rejected(let name)): throw error(.valueRejected(key: name))
        case .failure(.notReadBack(let name)): throw error(.valueNotReadBack(key: name))
        }
        var authority: String?
        if let host, scheme != nil {
            let name = HostRule.name(of: host)
            guard !HostRule.isPathSegment(name, options: table.options) else {
                throw error(.hostReadAsPathSegment(host))
            }
            authority = PrintedPath.encode(String(name)) + host[name.endIndex...]
        }
        let used = Set(
            chosen.parameterNames + [Definition.Keys.wildcard, Definition.Keys.anchor]
                + (chosen.wildcardName.map { [$0] } ?? []))
        let query = try queryString(excluding: used)
        guard
            var text = printed.text(
                scheme: scheme, authority: authority, options: table.options, query: query)
        else {
            throw error(.notAURL("//" + printed.segments.dropFirst().joined(separator: "/")))
        }
        if let anchor = parameters[Definition.Keys.anchor] {
            // A fragment route's fragment is the URL's: there is no room for an anchor.
            guard printed.fragment == nil else { throw error(.valueNotReadBack(key: Definition.Keys.anchor)) }
            // Encoded as a segment is: no `/`, `?`, `=` or `&` left, so that it reads back as an
            // anchor, never as a fragment route or query items.
            text += "#" + PrintedPath.encode(try self.text(of: anchor, key: Definition.Keys.anchor))
        }
        let url = try self.url(text)
        guard checking else { return (url, nil) }
        let received = try check(
            url, in: table, from: start, registered: registered, chosen: chosen, expansions: expansions,
            used: used)
        return (url, received)
    }

    /// Routes `url` in `table` (without calling handlers; the global table when `start` falls
    /// back to it) and checks that it reaches the definition of `chosen` with the values given;
    /// returns the parameters it receives.
    private func check(
        _ url: URL, in table: RouteTable, from start: RouteTable, registered: [Definition],
        chosen: RoutePattern, expansions: [RoutePattern], used: Set<String>
    ) throws(URLBuildingError) -> RouteParameters {
        let parts = URLParts(url: url)
        guard table.acceptsHost(of: parts) else {
            let host = parts.host.flatMap { $0.isEmpty ? nil : PercentDecoding.decodeOrKeep($0) }
            throw error(.hostNotAccepted(host))
        }
        let readsAnchors =
            table === start ? table.readsAnchors : table.readsAnchors(afterFallbackFrom: start, of: parts)
        // A table that reads no anchor reads the fragment as more of the path.
        if parameters[Definition.Keys.anchor] != nil, !readsAnchors {
            throw error(.valueNotReadBack(key: Definition.Keys.anchor))
        }
        let request = RouteRequest(parts: parts, options: table.options, readsAnchors: readsAnchors)
        let notMatched = URLBuildingError.Reason.notMatched(
            url: url.absoluteString,
            mismatch: request.verdict(for: chosen).mismatch ?? "its definition is not among the matches")
        let reached: (RoutePattern, Captures)?
        if registered.isEmpty {
            // Routing tries longer expansions first: the URL must not fit one of them.
            guard let first = expansions.first(where: { request.captures(of: $0) != nil }) else {
                throw error(notMatched)
            }
            guard first == chosen else { throw error(.ambiguous(routedTo: first.text)) }
            reached = request.captures(of: chosen).map { (chosen, $0) }
        } else {
            // The first match that is the pattern's definition; a match of the same registration
            // asked before it (a longer expansion) would get the URL with other values.
            let targets = registered.filter { $0.parsed == chosen }
            let siblings = Set(registered.map(table.sourcePattern(of:)))
            var found: Result<(RoutePattern, Captures), URLBuildingError>?
            let index = table.index
            request.withSegments { segments in
                _ = index.forEachMatch(segments) { definition, captures in
                    if targets.contains(where: { $0 === definition }) {
                        found = .success((definition.parsed, captures))
                    } else if siblings.contains(table.sourcePattern(of: definition)) {
                        found = .failure(error(.ambiguous(routedTo: definition.pattern)))
                    }
                    return found != nil
                }
            }
            switch found {
            case .success(let match)?: reached = match
            case .failure(let failure)?: throw failure
            case nil: reached = nil
            }
        }
        guard let (matched, captures) = reached else { throw error(notMatched) }
        let received = RouteParameters(
            request: request, matched: matched, captures: captures, extra: nil, scheme: table.scheme)
        try checkValues(received, used: used)
        return received
    }

    /// Every value given comes back: `:name` values, wildcard components and query items.
    private func checkValues(_ received: RouteParameters, used: Set<String>) throws(URLBuildingError) {
        // Every value read in one pass: a read by key scans the query items.
        let values = received.dictionary
        for key in parameters.keys.sorted() where !URLBuilder.reserved.contains(key) {
            let expected = try texts(key)
            let value = values[key]
            let got = (value as? [String]) ?? (value as? String).map { [$0] } ?? []
            guard got == expected else { throw error(.valueNotReadBack(key: key)) }
        }
    }

    /// The URL of `text`. Every character was percent-encoded, so Foundation accepts it; if it
    /// ever did not, the caller gets the reason, never another URL.
    func url(_ text: String) throws(URLBuildingError) -> URL {
        guard let url = URL(string: text) else { throw error(.notAURL(text)) }
        return url
    }

    /// The reserved keys, never written to the query.
    static let reserved: Set = [Definition.Keys.pattern, Definition.Keys.url, Definition.Keys.scheme]

    private func queryString(excluding used: Set<String>) throws(URLBuildingError) -> String {
        var items: [String] = []
        for key in parameters.keys.sorted() where !used.contains(key) && !URLBuilder.reserved.contains(key) {
            for text in try texts(key) {
                items.append(PrintedPath.encode(key) + "=" + PrintedPath.encode(text))
            }
        }
        return items.joined(separator: "&")
    }

    /// The text of each value under `key`: the elements of an array (its `nil` elements left
    /// out), or the one value; none when the key is absent.
    private func texts(_ key: String) throws(URLBuildingError) -> [String] {
        guard let value = parameters[key] else { return [] }
        var texts: [String] = []
        for element in (value as? [Any]) ?? [value] {
            guard let element = ParameterText.unwrapped(element) else { continue }
            texts.append(try text(of: element, key: key))
        }
        return texts
    }

    /// The canonical text of `value` (see `ParameterText`), or the error for a value that has none.
    private func text(of value: Any, key: String) throws(URLBuildingError) -> String {
        guard let text = ParameterText.text(of: value) else {
            let type = String(describing: Swift.type(of: value))
            throw URLBuildingError(pattern: pattern, reason: .unsupportedValue(key: key, type: type))
        }
        return text
    }
}
