import Foundation

@testable import Routes
@testable import RoutesTestSupport
@testable import RoutesTesting

/// The disagreements between the tools and routing that are known and being fixed: each switch
/// keeps the generator of ``AgreementWorld`` away from one of them. Turn a switch off when its fix
/// lands.
struct KnownIssues {
    /// Redirects double-encode a non-ASCII host: no escape and no non-ASCII character in a host
    /// while the router has redirects.
    var redirectsDoubleEncodeNonASCIIHost = false
    /// A redirect target with an explicit scheme in a table with `.treatHostAsPathComponent`
    /// never works: such redirects name no scheme (or are not registered).
    var schemeTargetInHostAsPathTable = false
    /// Lint sends a scheme-less redirect target of the global table only to the global table,
    /// while routing sends it to the table of the routed URL's scheme: the global table's
    /// redirects name a scheme.
    var lintSendsGlobalSchemelessTargetToGlobal = false
    /// Lint compares a first literal byte for byte, while routing compares a host segment
    /// ignoring ASCII case: the first literal of a pattern is lower case.
    var lintComparesFirstLiteralByteForByte = false
    /// Redirects drop the fragment's query items and trailing empty wildcard components: URLs
    /// have neither.
    var redirectsDropFragmentQueryAndEmptyWildcard = false
    /// New: lint's `.unmatchedRedirectTarget` and `.redirectLoop` read a redirect's target
    /// without the routed URL's fragment, which routing appends to it (a `from` that is not a
    /// fragment route): `#/a/b` adds segments, so the target reaches routes (or its own redirect
    /// again) that lint says it cannot. A router has either redirects whose `from` ends in `*`
    /// (the only ones that match a URL both with and without its fragment's segments) or URLs
    /// with a fragment route (their `#` written `%23` instead), never both.
    var lintIgnoresTheFragmentARedirectCarries = false
    /// New: the universal-links file excludes a URL whose matching routes all decline (`declines`)
    /// even when a guard of the table redirects it to a route that accepts, so the router routes
    /// it to an accepting handler and the file sends it to the browser: no guard of the `https`
    /// table, nor of the global table, redirects.
    var fileExcludesWhatAGuardRedirects = true
    /// New: a redirect whose target is a fragment route (`/docs#/v`) appends the routed URL's
    /// fragment after the target's own (`myapp://f/7#ref=a` goes to `myapp://docs#/v%23ref=a`),
    /// so the target misses the route lint (and the docs) say it reaches, or loops: no URL has a
    /// fragment of query items (`#ref=a`) while the router has redirects.
    var redirectAppendsAFragmentToATargetsFragment = false

}

/// How a generated handler answers: always, never, or by the values it receives (a fixed function
/// of its parameters).
enum Answer {
    case accept, decline, byValues

    func decides(_ values: Values) -> Bool {
        switch self {
        case .accept: return true
        case .decline: return false
        case .byValues: return values.weight % 2 == 0
        }
    }
}

/// What a guard decides: one decision, or `.proceed` unless its values are of odd weight.
struct GuardSpec {
    var decision: RouteGuardDecision
    var byValues: Bool

    func decides(_ values: Values) -> RouteGuardDecision {
        byValues && values.weight % 2 == 0 ? .proceed : decision
    }
}

/// The route values a handler or guard received: its `:name` values and wildcard components.
struct Values: Hashable, CustomStringConvertible {
    var named: [String: String] = [:]
    var wildcard: [String]?

    init(_ params: RouteParameters) {
        for name in params.matched.parameterNames {
            named[name] = params.routeValue(named: name)
        }
        wildcard = params.wildcardComponents
    }

    var weight: Int { named.values.reduce(0) { $0 + $1.utf8.count } + (wildcard?.count ?? 0) }

    /// The parameters `url(for:)` takes to write these values back.
    var parameters: [String: Any] {
        var result: [String: Any] = named
        if let wildcard { result[Definition.Keys.wildcard] = wildcard }
        return result
    }

    var description: String {
        named.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.debugDescription)" }
            .joined(separator: " ") + (wildcard.map { " *=\($0)" } ?? "")
    }
}

/// One thing routing did, in order: a guard or handler asked, or an event.
enum Entry {
    case guardAsked(scheme: String, pattern: String, decision: RouteGuardDecision)
    case handler(scheme: String, pattern: String, values: Values, accepted: Bool)
    case event(RoutingEvent)
}

/// A seeded random router — tables, options, hosts, routes, guards and redirects — with handlers
/// and guards that record what routing asks them, and URLs made from its patterns.
final class AgreementWorld {
    static let schemes = [Router.defaultScheme, "myapp", "alpha", "https"]
    /// Literals, mixed case too (`Files`); `a b` and `café` need escapes, `x+y` keeps its `+`.
    static let literals = ["user", "post", "view", "Files", "café", "a b", "x+y", "docs", "v", "Tab"]
    /// Values as written in a URL: escapes, `+`, spaces, non-ASCII, empty.
    static let values = [
        "7", "42", "Zed", "a%2Fb", "caf%C3%A9", "a+b", "x%2By", "a%20b", "%E2%9C%93", "é", "a b", "%25", "",
    ]

    let router = Router()
    let issues: KnownIssues
    var generator: SeededGenerator
    /// What routing did since the last `reset`.
    var log: [Entry] = []
    /// Every handler declines and every guard proceeds, so that routing asks all it can.
    var askEverything = false
    /// How each definition's handler answers (redirects have none).
    var answers: [ObjectIdentifier: Answer] = [:]
    /// The patterns given to `add(pattern:)` and `addRedirect(from:)`, by table.
    var patterns: [String: [String]] = [:]
    /// The guard patterns, by table.
    var guardPatterns: [String: [String]] = [:]
    var hasRedirects = false
    /// Whether redirects may have a `from` ending in `*`; otherwise URLs may have a fragment
    /// route (``KnownIssues/lintIgnoresTheFragmentARedirectCarries``).
    let wildcardRedirects: Bool
    /// The typed routes and extended patterns of a typed world, `nil` otherwise.
    let typed: TypedPart?

    /// A world of plain patterns, or with `typed`, of typed routes (``ShapeFamily``) and extended
    /// patterns too, in tables that read braces or not: the same seed gives the same plain world
    /// as before typed worlds existed.
    init(seed: UInt64, issues: KnownIssues, typed isTyped: Bool = false) {
        self.issues = issues
        generator = SeededGenerator(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 7)
        wildcardRedirects = !issues.lintIgnoresTheFragmentARedirectCarries || Bool.random(using: &generator)
        typed = isTyped ? TypedPart(seed: seed) : nil
        router.onEvent = { [unowned self] event in
            typed?.observe(event, in: self)
            log.append(.event(event))
        }
        for scheme in Self.schemes {
            let table = router[scheme]
            table.shouldFallback = Bool.random(using: &generator)
            if Bool.random(using: &generator) { table.options.remove(.decodePlusSymbols) }
            if scheme != "https", Int.random(in: 0..<4, using: &generator) == 0 {
                table.options.insert(.treatHostAsPathComponent)
            }
            if scheme == "https", Bool.random(using: &generator) {
                table.hosts = ["example.com", "*.example.com"]
            }
            if typed != nil, Bool.random(using: &generator) { table.options.insert(.extendedPatterns) }
            for _ in 0..<Int.random(in: 3...8, using: &generator) {
                if typed != nil, table.options.contains(.extendedPatterns), Bool.random(using: &generator) {
                    addExtendedRoute(in: table)
                } else {
                    addRoute(in: table)
                }
            }
        }
        if typed != nil { addShapes() }
        // Guards and redirects once every table has its routes, so that they can aim at them.
        for scheme in Self.schemes {
            let table = router[scheme]
            for _ in 0..<Int.random(in: 0...3, using: &generator) { addRedirect(in: table) }
            for _ in 0..<Int.random(in: 0...2, using: &generator) { addGuard(in: table) }
        }
    }

    func reset(askingEverything: Bool) {
        log = []
        typed?.calls = [:]
        askEverything = askingEverything
    }

    // MARK: Patterns

    func randomLiteral(first: Bool) -> String {
        let literal = Self.literals.randomElement(using: &generator)!
        return first && issues.lintComparesFirstLiteralByteForByte ? literal.lowercased() : literal
    }

    /// A pattern: literals, `:name`s, at most two optional groups, a trailing `*`, and sometimes a
    /// fragment route (`/user#/view/:id`).
    ///
    /// With `literalFirst` (typed worlds, for the tables an https URL reaches), the first segment
    /// is a literal and the pattern is not just a `*`, so that the universal-links file can refuse
    /// near misses (a pattern that starts with a `:name` admits every path).
    func randomPattern(literalFirst: Bool = false) -> String {
        var segments: [String] = []
        var parameter = 0
        for index in 0..<Int.random(in: 0...3, using: &generator) {
            if literalFirst && index == 0 || Int.random(in: 0..<10, using: &generator) < 6 {
                segments.append(randomLiteral(first: index == 0))
            } else {
                segments.append(":p\(parameter)")
                parameter += 1
            }
        }
        // A fragment route: the literal before the fragment ends in `#`.
        if segments.count >= 2, Int.random(in: 0..<5, using: &generator) == 0,
            let mark = segments.indices.dropLast().filter({ !segments[$0].hasPrefix(":") }).randomElement(
                using: &generator)
        {
            segments[mark] += "#"
        }
        var text = ""
        var groups = 0
        for (index, segment) in segments.enumerated() {
            if groups < 2, !segment.hasSuffix("#"), !(literalFirst && index == 0),
                Int.random(in: 0..<5, using: &generator) == 0
            {
                groups += 1
                text += "(/\(segment))"
            } else {
                text += "/" + segment
            }
        }
        if !(literalFirst && segments.isEmpty), Int.random(in: 0..<4, using: &generator) == 0 {
            text += Bool.random(using: &generator) ? "/*" : "(/*)"
        }
        return text.isEmpty ? "/" : text
    }

    /// In a typed world, whether `table` is one that an https URL reaches: its patterns start
    /// with a literal.
    func reachedByHTTPS(_ table: RouteTable) -> Bool {
        typed != nil && (table.scheme == "https" || table === router.default)
    }

    func addRoute(in table: RouteTable) {
        let pattern = randomPattern(literalFirst: reachedByHTTPS(table))
        if !addLoggedRoute(pattern, in: table).isEmpty { patterns[table.scheme, default: []].append(pattern) }
    }

    /// Registers `pattern` with a random answer and priority, its handler logging each call.
    func addLoggedRoute(_ pattern: String, in table: RouteTable) -> [Definition] {
        let answer = [Answer.accept, .accept, .decline, .byValues].randomElement(using: &generator)!
        let scheme = table.scheme
        let definitions = table.add(pattern: pattern, priority: Int.random(in: -1...1, using: &generator)) {
            [unowned self] params in
            let values = Values(params)
            let accepted = !askEverything && answer.decides(values)
            log.append(.handler(scheme: scheme, pattern: params.pattern, values: values, accepted: accepted))
            typed?.handlerLogged = true
            return accepted
        }
        for definition in definitions { answers[ObjectIdentifier(definition)] = answer }
        return definitions
    }

    /// A redirect to a route of this table, of another scheme, of the global table (into
    /// fallback), to a fragment route, or back to itself.
    func addRedirect(in table: RouteTable) {
        let from = randomPattern(literalFirst: reachedByHTTPS(table))
        guard let parsed = try? OptionalGroupExpansion.expand(from) else { return }
        if !wildcardRedirects, issues.lintIgnoresTheFragmentARedirectCarries, !from.contains("#"),
            parsed.contains(where: \.hasWildcard)
        {
            return
        }
        var captured = parsed[0].parameterNames.filter { name in
            parsed.allSatisfy { $0.parameterNames.contains(name) }
        }
        let wildcard = parsed.allSatisfy(\.hasWildcard)
        // The target's table and its path pattern.
        let targetScheme = Self.schemes.randomElement(using: &generator)!
        let base: String
        if Int.random(in: 0..<6, using: &generator) == 0 {
            base = parsed[0].text
        } else if let pattern = patterns[targetScheme]?.randomElement(using: &generator),
            let expansion = (try? Router.expand(pattern: pattern))?.randomElement(using: &generator)
        {
            base = expansion
        } else {
            return
        }
        var path: [String] = []
        for segment in LinearReference.trimmedSplit(Substring(base)) {
            if segment == "*" {
                if wildcard { path.append("*") }
            } else if segment.hasPrefix(":") {
                path.append(captured.isEmpty ? "v" : ":" + captured.removeFirst())
            } else {
                path.append(String(segment))
            }
        }
        let pathText = "/" + path.joined(separator: "/")
        let hostAsPath = { (scheme: String) in
            self.router[scheme].options.contains(.treatHostAsPathComponent)
        }
        var target: String
        if targetScheme == table.scheme && table.scheme != Router.defaultScheme
            || targetScheme == Router.defaultScheme && table.scheme != Router.defaultScheme
        {
            target = pathText
        } else if targetScheme == "https" {
            target = "https://example.com" + pathText
        } else {
            let scheme = targetScheme == Router.defaultScheme ? "zed" : targetScheme
            target = scheme + "://" + pathText.dropFirst()
        }
        if issues.schemeTargetInHostAsPathTable, target.contains("://"),
            hostAsPath(table.scheme) || hostAsPath(targetScheme)
        {
            guard targetScheme == table.scheme else { return }
            target = pathText
        }
        if issues.lintSendsGlobalSchemelessTargetToGlobal, table.scheme == Router.defaultScheme,
            !target.contains("://")
        {
            return
        }
        let definitions = table.addRedirect(
            from: from, to: target, priority: Int.random(in: -1...1, using: &generator))
        if !definitions.isEmpty {
            patterns[table.scheme, default: []].append(from)
            hasRedirects = true
        }
    }

    /// A guard on a route's pattern, on a prefix of it with `/*`, or on a random pattern.
    func addGuard(in table: RouteTable) {
        var pattern = randomPattern()
        if Bool.random(using: &generator),
            let route = patterns[table.scheme]?.randomElement(using: &generator)
        {
            pattern = route
            if Bool.random(using: &generator), let cut = route.dropFirst().firstIndex(of: "/") {
                pattern = String(route[..<cut]) + "/*"
            }
        }
        var decisions: [RouteGuardDecision] = [.proceed, .proceed, .refuse, .hold]
        if !issues.fileExcludesWhatAGuardRedirects || !["https", Router.defaultScheme].contains(table.scheme)
        {
            decisions.append(.redirect(to: randomRedirectURL()))
        }
        let spec = GuardSpec(
            decision: decisions.randomElement(using: &generator)!, byValues: Bool.random(using: &generator))
        let scheme = table.scheme
        let added = table.addGuard(for: pattern) { [unowned self] params in
            let decision = askEverything ? .proceed : spec.decides(Values(params))
            log.append(.guardAsked(scheme: scheme, pattern: pattern, decision: decision))
            return decision
        }
        if added { guardPatterns[scheme, default: []].append(pattern) }
    }

    func randomRedirectURL() -> String {
        guard let url = randomURL() else { return "myapp://nowhere" }
        return url
    }

    // MARK: URLs

    /// Percent-encodes a literal as a URL writes it: characters a path allows as they are.
    static func encoded(_ literal: some StringProtocol) -> String {
        let allowed = CharacterSet(charactersIn: "-._~!$&'()+,;=:@")
            .union(CharacterSet(charactersIn: "a"..."z")).union(CharacterSet(charactersIn: "A"..."Z"))
            .union(CharacterSet(charactersIn: "0"..."9"))
        var text = ""
        for scalar in literal.unicodeScalars {
            if allowed.contains(scalar) {
                text.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { text += String(format: "%%%02X", byte) }
            }
        }
        return text
    }

    /// A URL made from a pattern of a random table (values filled in, literals sometimes in
    /// another case), or a near miss of one.
    func randomURL() -> String? {
        if typed != nil, let url = randomTypedURL() { return url }
        let scheme = Self.schemes.randomElement(using: &generator)!
        guard let pattern = patterns[scheme]?.randomElement(using: &generator),
            let expansion = (try? Router.expand(pattern: pattern))?.randomElement(using: &generator)
        else { return nil }
        var segments: [String] = []
        for segment in LinearReference.trimmedSplit(Substring(expansion)) {
            if segment == "*" {
                for _ in 0..<Int.random(in: 0...2, using: &generator) {
                    segments.append(randomValue(empty: !issues.redirectsDropFragmentQueryAndEmptyWildcard))
                }
            } else if segment.hasPrefix(":") {
                segments.append(randomValue(empty: true))
            } else {
                var literal = String(segment)
                if Int.random(in: 0..<6, using: &generator) == 0 {
                    literal = Bool.random(using: &generator) ? literal.uppercased() : literal.lowercased()
                }
                let mark = literal.hasSuffix("#")
                segments.append(
                    Self.encoded(mark ? literal.dropLast() : Substring(literal)) + (mark ? "#" : ""))
            }
        }
        return finishedURL(scheme: scheme, segments: segments)
    }

    /// The URL of `segments` (as written; a segment ending in `#` starts the fragment) in a table
    /// of `scheme`, sometimes a segment more or less, with a host, a query (`query` added to it)
    /// and a fragment.
    func finishedURL(scheme: String, segments: [String], query: String? = nil) -> String {
        let table = router[scheme]
        var segments = segments
        // Near misses: a segment more or less.
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: segments.append(randomValue(empty: false))
        case 1: if !segments.isEmpty { segments.removeLast() }
        default: break
        }
        // The host: the first segment when the table reads it so, else a host with a dot.
        let schemeText =
            scheme == Router.defaultScheme
            ? "zed" : Int.random(in: 0..<5, using: &generator) == 0 ? scheme.uppercased() : scheme
        var host = ""
        let hostIsSegment =
            table.options.contains(.treatHostAsPathComponent)
            || scheme != "https" && Int.random(in: 0..<6, using: &generator) > 0
        if !hostIsSegment {
            host = ["example.com", "www.example.com", "EXAMPLE.com", "example.org"].randomElement(
                using: &generator)!
        } else if !segments.isEmpty {
            host = segments.removeFirst()
            if Int.random(in: 0..<4, using: &generator) == 0 { host = host.uppercased() }
            if issues.redirectsDoubleEncodeNonASCIIHost, hasRedirects,
                host.contains("%") || !host.allSatisfy(\.isASCII)
            {
                host = "host"
            }
        }
        var url = schemeText + "://"
        // Segments after a `#` mark come from the fragment.
        var fragment: String?
        if issues.lintIgnoresTheFragmentARedirectCarries && wildcardRedirects {
            // `%23` reads as `#` in a literal.
            host = host.replacingOccurrences(of: "#", with: "%23")
            segments = segments.map { $0.replacingOccurrences(of: "#", with: "%23") }
        }
        if host.hasSuffix("#") {
            url += host.dropLast()
            fragment = "/" + segments.joined(separator: "/")
        } else if let mark = segments.firstIndex(where: { $0.hasSuffix("#") }) {
            url += host + "/" + segments[...mark].joined(separator: "/").dropLast()
            fragment = "/" + segments[(mark + 1)...].joined(separator: "/")
        } else {
            url += host + (segments.isEmpty ? "" : "/" + segments.joined(separator: "/"))
        }
        var queryItems: [String] = []
        if Int.random(in: 0..<4, using: &generator) == 0 { queryItems.append("q=1&p0=z") }
        if let query { queryItems.append(query) }
        if !queryItems.isEmpty { url += "?" + queryItems.joined(separator: "&") }
        if var fragment {
            if !issues.redirectsDropFragmentQueryAndEmptyWildcard, Bool.random(using: &generator) {
                fragment += "?ref=a"
            }
            url += "#" + fragment
        } else if !(issues.redirectAppendsAFragmentToATargetsFragment && hasRedirects) {
            switch Int.random(in: 0..<8, using: &generator) {
            case 0: url += "#ref=a"
            // A web anchor in a table with hosts (and the global table it falls back to), more
            // of the path in the other tables.
            case 1: url += "#top"
            default: break
            }
        }
        return url
    }

    func randomValue(empty: Bool) -> String {
        let value = Self.values.randomElement(using: &generator)!
        return value.isEmpty && !empty ? "x" : value
    }
}
