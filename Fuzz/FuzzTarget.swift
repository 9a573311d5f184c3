import Foundation
import Routes

// The libFuzzer target of Routes (see Fuzz/README.md).
//
// It uses the library's public API only (build.sh compiles the library as its own module), and
// predicts every routing decision with the repository's linear reference
// (Tests/RoutesTestSupport/LinearReference.swift, compiled with this file), which reads the URL with
// Foundation's `URLComponents` and scans every definition, as the "Routing rules" article
// (<doc:RoutingRules>) describes routing. The index, the URL reader and `RouteParameters` must
// all agree with it.
//
// Input: lines separated by "\n".
//   line 0         option letters (any other character is ignored):
//                    p  the tables do NOT decode `+` (default: they do)
//                    h  the `myapp` table treats the host as a path component
//                    H  the global table treats the host as a path component
//                    f  the `myapp` table falls back to the global table
//                    d  every third handler declines (returns false)
//                    n  every fifth pattern gets a nil handler
//                    P  priorities vary (negative, zero, positive)
//                    r  after registering, remove the first pattern and the last definition
//                  and these select more checks (none is on by default):
//                    c  every handler decodes its parameters (`decode(_:)`) and compares them with
//                       the typed accessors
//                    u  URLs built for the patterns (`url(for:)`) route back to them, same values
//                    A  every https URL that routes is admitted by `appSiteAssociation(appIDs:)`
//                    s  the last line is also a script of suspend / route / resume steps, checked
//                       against a model queue (see `SuspensionCheck`)
//                    e  explain's matching entries are what a walk where every handler declines asks
//                    g  lines `?Xpattern[>target]` are guards, `>from>to` redirects (in a tool
//                       router): events, guard order, explain and lint agree with routing
//                    l  lint's duplicate / renamed / shadowed findings are never asked by routing
//                    x  every table reads extended patterns (braces: `{id:int}`, `{name}.jpg`,
//                       `{t:a|b}`, `{rest:*}`), which the linear reference reads by the article's
//                       grammar; `Router.expand(pattern:)` (plain) then predicts only patterns
//                       without braces
//                    t  typed routes: values made from the URL line are printed with
//                       `url(for:scheme:)`, routed, and must come back equal (see `TypedCheck`)
//                    Y  typed shapes: a line `=Npattern` registers shape N of the family of
//                       Tests/RoutesTestingTests/TypedShapes.swift with that pattern, the other lines are
//                       extended patterns (in a router of their own): printed values route back
//                       equal or printing throws, no handler receives a capture value that its
//                       constraint refuses, whatever the query says (see `ShapesCheck`)
//   lines 1..<last patterns: even lines go to the `myapp` table, odd lines to the global table;
//                  every fourth is registered with `add(definition:)`, the rest with `add(pattern:)`
//   last line      the URL, routed as a String and (when `URL(string:)` accepts it) as a URL;
//                  its non-empty `/`-separated pieces are the values of the `u` and `A` checks
//
// A failed check prints what differed and traps, so that libFuzzer keeps the input.

@_cdecl("LLVMFuzzerTestOneInput")
public func routesFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    FuzzCase(bytes: UnsafeBufferPointer(start: data, count: size)).run()
    return 0
}

/// A handler call as the fuzz handlers saw it.
private struct FuzzCall: Equatable, CustomStringConvertible {
    var line: Int
    var pattern: String
    var scheme: String
    /// Every parameter, in a canonical text form (see `canonical(_:)`).
    var parameters: String

    var description: String { "line \(line) \(pattern.debugDescription) in \(scheme) {\(parameters)}" }
}

/// What the handlers record while one URL is routed.
private final class FuzzLog {
    var calls: [FuzzCall] = []
    var unmatched = 0
}

private struct FuzzCase {
    static let extraKey = "fuzzExtra"
    static let maximumPatterns = 48
    /// Checks named in ROUTES_FUZZ_SKIP (comma-separated; run.sh reads Fuzz/known-issues) are
    /// not enforced, so that fuzzing goes on past a known, reported bug.
    static let skipped = Set(
        (ProcessInfo.processInfo.environment["ROUTES_FUZZ_SKIP"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        })

    var options: Set<Character> = []
    var patterns: [String] = []
    var url = ""
    /// The bytes of the last line (the suspension script: `url` may have replaced invalid UTF-8).
    var lastLine: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        let pieces = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        lastLine = pieces.last.map { Array($0) } ?? []
        var lines = pieces.map {
            String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self)
        }
        guard !lines.isEmpty else { return }
        options = Set(lines.removeFirst())
        guard let last = lines.popLast() else { return }
        url = last
        patterns = Array(lines.prefix(FuzzCase.maximumPatterns))
    }

    func declines(line: Int) -> Bool { options.contains("d") && line % 3 == 1 }
    /// Whether the route of `line` has a handler (a `nil` handler accepts without being called).
    func hasHandler(line: Int) -> Bool { !(options.contains("n") && line % 5 == 4) }

    func run() {
        let router = Router()
        let log = FuzzLog()
        var reported: [RoutePatternError] = []
        router.onInvalidPattern = { reported.append($0) }
        let myapp = router.myapp
        for table in [myapp, router.default] {
            table.options = options.contains("p") ? [] : [.decodePlusSymbols]
            if options.contains("x") { table.options.insert(.extendedPatterns) }
            table.unmatchedHandler = { _, _ in log.unmatched += 1 }
        }
        if options.contains("h") { myapp.options.insert(.treatHostAsPathComponent) }
        if options.contains("H") { router.default.options.insert(.treatHostAsPathComponent) }
        myapp.shouldFallback = options.contains("f")

        // Registration: each pattern is checked against `Router.expand(pattern:)`.
        var registered: [ObjectIdentifier: (line: Int, sequence: Int)] = [:]
        for (line, pattern) in patterns.enumerated() {
            let table = line.isMultiple(of: 2) ? myapp : router.default
            let priority = options.contains("P") ? (line * 7) % 5 - 2 : 0
            let handler: RouteHandler? =
                !hasHandler(line: line)
                ? nil
                : { [url] params in
                    log.calls.append(
                        FuzzCase.inspect(
                            params, line: line, decoding: options.contains("c"), written: url,
                            braces: options.contains("x")))
                    return !declines(line: line)
                }
            let expected = Result { () throws(RoutePatternError) in try Router.expand(pattern: pattern) }
            // `expand` reads plain patterns: with braces read, it predicts nothing about this one.
            // Bytes, not `Character`s: `{` followed by a combining mark is one `Character`.
            let predicts = !(options.contains("x") && pattern.utf8.contains { $0 == 0x7B || $0 == 0x7D })
            if predicts, case .failure(let error) = expected {
                check(
                    error.pattern == pattern, "error names \(error.pattern.debugDescription), not the pattern"
                )
                check(
                    error.offset >= 0 && error.offset <= pattern.count,
                    "error offset \(error.offset) outside \(pattern.debugDescription)")
                _ = error.description
            }
            reported = []
            let added: [Definition]
            if line % 4 == 3 {
                let definition = Definition(pattern: pattern, priority: priority, handler: handler)
                added = table.add(definition: definition) ? [definition] : []
                let hasGroup = pattern.contains("(") || pattern.contains(")")
                check(
                    !predicts || added.isEmpty == (hasGroup || (try? expected.get()) == nil),
                    "add(definition:) of \(pattern.debugDescription) registered \(added.count), expand gave \(expected)"
                )
                check(
                    added.isEmpty == (reported.count == 1),
                    "add(definition:) rejection reported \(reported.count) times")
            } else {
                added = table.add(pattern: pattern, priority: priority, handler: handler)
                check(added.isEmpty == (reported.count == 1), "add(pattern:) reported \(reported.count) errors")
                switch expected {
                case _ where !predicts:
                    break
                case .success(let expansions):
                    check(
                        added.map(\.pattern) == expansions,
                        "add(pattern: \(pattern.debugDescription)) registered \(added.map(\.pattern)), expand gave \(expansions)"
                    )
                    check(
                        expansions.count <= 1 << 10,  // at most 10 optional groups
                        "\(expansions.count) expansions of \(pattern.debugDescription)")
                    check(
                        Set(expansions).count == expansions.count,
                        "\(pattern.debugDescription) expands twice the same")
                    check(reported.isEmpty, "valid pattern \(pattern.debugDescription) reported \(reported)")
                case .failure(let error):
                    check(
                        added.isEmpty, "invalid pattern \(pattern.debugDescription) registered \(added.count)"
                    )
                    check(
                        reported == [error],
                        "\(pattern.debugDescription): expand threw \(error), add reported \(reported)")
                }
            }
            for definition in added {
                check(
                    definition.scheme == table.scheme,
                    "a registered definition has scheme \(definition.scheme ?? "nil")")
                check(
                    definition.priority == priority,
                    "a registered definition has priority \(definition.priority)")
                registered[ObjectIdentifier(definition)] = (line, registered.count)
            }
        }
        if options.contains("r") {
            if let first = patterns.first { myapp.remove(pattern: first) }
            if let last = router.default.definitions.last {
                router.default.remove(definition: last)
                check(last.scheme == nil, "a removed definition keeps its scheme")
            }
        }
        for table in [myapp, router.default] {
            let order = table.definitions.map {
                ($0.priority, registered[ObjectIdentifier($0)]?.sequence ?? -1)
            }
            for (earlier, later) in zip(order, order.dropFirst()) {
                check(
                    earlier.0 > later.0 || (earlier.0 == later.0 && earlier.1 < later.1),
                    "definitions of \(table.scheme) out of routing order: \(order)")
            }
        }

        // The reference's prediction: the handlers asked, in order, until one accepts (a `nil`
        // handler accepts without being called).
        var expectedCalls: [FuzzCall] = []
        let expected = LinearReference(router).route(url, extra: [FuzzCase.extraKey: 1]) { match in
            guard let line = registered[ObjectIdentifier(match.definition)]?.line, hasHandler(line: line)
            else { return true }
            expectedCalls.append(
                FuzzCall(
                    line: line, pattern: match.definition.pattern, scheme: match.table.scheme,
                    parameters: LinearReference.canonical(match.parameters)))
            return !declines(line: line)
        }
        let accepted = router.route(to: url, parameters: [FuzzCase.extraKey: 1])
        check(
            log.calls == expectedCalls,
            "routing \(url.debugDescription) called\n  \(log.calls)\nthe reference expects\n  \(expectedCalls)"
        )
        check(accepted == expected.accepted, "route(to: \(url.debugDescription)) returned \(accepted)")
        check(
            log.unmatched == (accepted || !expected.isURL ? 0 : 1),
            "the unmatched handler ran \(log.unmatched) times for \(url.debugDescription)")
        let canRoute = router.canRoute(to: url)
        check(canRoute == expected.matched, "canRoute(to: \(url.debugDescription)) returned \(canRoute)")
        if !options.contains("d") && !options.contains("n") {
            check(canRoute == accepted, "canRoute and route disagree on \(url.debugDescription)")
        }

        // The same URL as a `URL` value routes the same way. When `URL(string:)` had to repair the
        // text (escaping what a URL cannot hold, sometimes `%` too), the `URL` is another URL:
        // it routes as its own text does (a string's values are read as written, per value).
        if let value = URL(string: url) {
            var textAccepted = accepted
            if value.absoluteString != url {
                log.calls = []
                log.unmatched = 0
                textAccepted = router.route(to: value.absoluteString, parameters: [FuzzCase.extraKey: 1])
            }
            checkURLValue(value, router: router, log: log, accepted: textAccepted)
        }

        if options.contains("u") {
            checkBuiltURLs(router: router, sourceLines: registered.mapValues(\.line))
        }
        if options.contains("A") { checkAppSiteAssociation(router: router) }
        if options.contains("e") || options.contains("g") || options.contains("l") {
            checkTools(isURL: expected.isURL)
        }
        if options.contains("s") {
            SuspensionCheck(script: Array(lastLine.prefix(SuspensionCheck.maximumSteps))).run()
        }
        if options.contains("t") { TypedCheck(line: url, plusIsSpace: !options.contains("p")).run() }
        if options.contains("Y") {
            ShapesCheck(options: options, patterns: patterns, url: url, skipped: FuzzCase.skipped).run()
        }
    }

    /// Routing `value` calls the same handlers as routing the string did.
    func checkURLValue(_ value: URL, router: Router, log: FuzzLog, accepted: Bool) {
        let stringCalls = log.calls
        log.calls = []
        log.unmatched = 0
        let urlAccepted = router.route(to: value, parameters: [FuzzCase.extraKey: 1])
        check(
            (urlAccepted == accepted && log.calls == stringCalls)
                || FuzzCase.skipped.contains("url-vs-string"),
            "\(url.debugDescription) as URL (\(value.absoluteString.debugDescription)) returned \(urlAccepted) "
                + "and called \(log.calls); as String \(accepted) and \(stringCalls)")
        check(
            router.canRoute(to: value) == urlAccepted || options.contains("d") || options.contains("n"),
            "canRoute and route disagree on URL \(value.absoluteString.debugDescription)")
    }

    /// Checks the parameters a handler receives and names the call.
    /// `written` is the URL line: its query names are read as written, as routing reads them.
    static func inspect(
        _ params: RouteParameters, line: Int, decoding: Bool, written: String, braces: Bool = false
    ) -> FuzzCall {
        let dictionary = params.dictionary
        let pattern = params.pattern
        let parsed = LinearReference.Pattern(pattern, braces: braces)
        var allowed = Set(parsed.parameterNames).union([
            RouteParameters.Keys.pattern, RouteParameters.Keys.url, RouteParameters.Keys.scheme,
            FuzzCase.extraKey,
        ])
        if parsed.hasWildcard { allowed.insert(RouteParameters.Keys.wildcard) }
        if let name = parsed.wildcardName { allowed.insert(name) }
        allowed.formUnion(FuzzCase.queryNames(params.url))
        allowed.formUnion(FuzzCase.queryNames(written: written))
        for key in dictionary.keys {
            check(
                allowed.contains(key),
                "unexpected parameter key \(key.debugDescription) for \(pattern.debugDescription)")
        }
        check(params.count == dictionary.count, "count \(params.count) but \(dictionary.count) keys")
        for (key, value) in dictionary {
            check(
                params[key].map { "\($0)" } == "\(value)",
                "params[\(key.debugDescription)] is \(String(describing: params[key])), dictionary has \(value)"
            )
        }
        check(params[RouteParameters.Keys.pattern] as? String == pattern, "reserved pattern overridden")
        check(params[RouteParameters.Keys.scheme] as? String == params.scheme, "reserved scheme overridden")
        check(params[RouteParameters.Keys.url] as? URL == params.url, "reserved URL overridden")
        check(params[FuzzCase.extraKey] as? Int == 1, "the extra parameter is lost")
        for name in parsed.parameterNames where name != FuzzCase.extraKey {
            let value = params[name] as? String
            check(
                value?.isEmpty == false, "parameter \(name.debugDescription) is \(String(describing: value))")
        }
        if parsed.hasWildcard {
            check(
                params[RouteParameters.Keys.wildcard] is [String],
                "wildcard components missing for \(pattern.debugDescription)")
        }
        if decoding { checkDecoding(params) }
        return FuzzCall(
            line: line, pattern: pattern, scheme: params.scheme,
            parameters: LinearReference.canonical(dictionary))
    }
}

extension FuzzCase {
    /// Every name a query item of the URL or its fragment could have, decoded (a superset).
    static func queryNames(_ url: URL) -> Set<String> {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return [] }
        return queryNames(query: components.percentEncodedQuery, fragment: components.percentEncodedFragment)
    }

    /// The query names of a URL's text as written (routing reads a string's values so).
    /// Cut on bytes, as routing cuts: a `Character` may fuse a `&`, `=`, `?` or `#` with a
    /// combining mark that follows it (`"&"` + U+034C is one `Character`), and a search for the
    /// `Character` would miss that separator.
    static func queryNames(written text: String) -> Set<String> {
        let bytes = Array(text.utf8)
        let hash = bytes.firstIndex(of: UInt8(ascii: "#"))
        let beforeHash = bytes[..<(hash ?? bytes.endIndex)]
        // A `#` inside the fragment is read as `%23` (the "Routing rules" article, *Reading a URL*).
        let fragment = hash.map { start in
            bytes[(start + 1)...].flatMap { $0 == UInt8(ascii: "#") ? Array("%23".utf8) : [$0] }
        }
        return queryNames(
            query: beforeHash.firstIndex(of: UInt8(ascii: "?")).map { Array(beforeHash[($0 + 1)...]) },
            fragment: fragment)
    }

    static func queryNames(query: String?, fragment: String?) -> Set<String> {
        queryNames(query: query.map { Array($0.utf8) }, fragment: fragment.map { Array($0.utf8) })
    }

    /// The names of the items of the query and of the fragment (and of the fragment's query),
    /// cut at the `&` and `=` bytes and decoded.
    static func queryNames(query: [UInt8]?, fragment: [UInt8]?) -> Set<String> {
        var texts: [ArraySlice<UInt8>] = []
        if let query { texts.append(query[...]) }
        if let fragment {
            texts.append(fragment[...])
            if let mark = fragment.firstIndex(of: UInt8(ascii: "?")) {
                texts.append(fragment[(mark + 1)...])
            }
        }
        var names: Set<String> = []
        for text in texts {
            for item in text.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
                let name = item.prefix { $0 != UInt8(ascii: "=") }
                let written = Substring(String(decoding: name, as: UTF8.self))
                names.insert(String(decoding: LinearReference.decodeOrKeep(written), as: UTF8.self))
            }
        }
        return names
    }
}

// MARK: - Decoding (option c)

/// The name of the property that `Field` and `OptionalField` decode (one input runs at a time,
/// on one thread).
nonisolated(unsafe) private var fieldName = ""

private struct FieldKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A struct with one property, named `fieldName`.
private struct Field<Value: Decodable>: Decodable {
    let value: Value
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        value = try container.decode(Value.self, forKey: FieldKey(stringValue: fieldName))
    }
}

/// A struct with one optional property, named `fieldName`.
private struct OptionalField<Value: Decodable>: Decodable {
    let value: Value?
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        value = try container.decodeIfPresent(Value.self, forKey: FieldKey(stringValue: fieldName))
    }
}

/// A struct as an app writes one (synthesized conformance, optional properties).
private struct FuzzLink: Decodable, Equatable {
    var id: Int?
    var name: String?
    var flag: Bool?
    var ratio: Double?
    var tags: [String]?
}

extension FuzzCase {
    /// `decode(_:)` agrees with the typed accessors for every parameter (and a missing one): the
    /// same value, or both fail.
    static func checkDecoding(_ params: RouteParameters) {
        let dictionary = params.dictionary
        let missing = "fuzzMissing"
        for key in dictionary.keys.sorted() + (dictionary[missing] == nil ? [missing] : []) {
            fieldName = key
            let present = dictionary[key] != nil
            compare(Int.self, params, key, present: present, typed: params.int(key))
            compare(String.self, params, key, present: present, typed: params.string(key))
            compare(Bool.self, params, key, present: present, typed: params.bool(key))
            compare(Double.self, params, key, present: present, typed: params.double(key))
            compare(Int8.self, params, key, present: present, typed: params.value(key, as: Int8.self))
            compare([String].self, params, key, present: present, typed: strings(params, key))
            compare([Int].self, params, key, present: present, typed: ints(params, key))
            check(
                params.value(key, as: Int.self) == params.int(key),
                "value(\(key.debugDescription), as: Int) differs from int")
            check(
                params.value(key, as: String.self) == params.string(key),
                "value(as: String) differs from string for \(key.debugDescription)")
            check(
                params.value(key, as: Bool.self) == params.bool(key),
                "value(as: Bool) differs from bool for \(key.debugDescription)")
            check(
                same(params.value(key, as: Double.self), params.double(key)),
                "value(as: Double) differs from double for \(key.debugDescription)")
        }
        // Every parameter as text.
        var texts: [String: String]? = [:]
        for key in dictionary.keys {
            guard let text = params.string(key) else {
                texts = nil
                break
            }
            texts?[key] = text
        }
        let decodedTexts = try? params.decode([String: String].self)
        check(
            decodedTexts == texts,
            "decode([String: String]) gave \(String(describing: decodedTexts)), the accessors \(String(describing: texts))"
        )
        // Fixed keys, synthesized conformance.
        func field<Value>(_ key: String, _ typed: Value?) -> Value?? {
            dictionary[key] == nil ? .some(nil) : typed.map { .some($0) }  // `nil`: decoding fails
        }
        var expected: FuzzLink? = nil
        if let id = field("id", params.int("id")), let name = field("name", params.string("name")),
            let flag = field("flag", params.bool("flag")), let ratio = field("ratio", params.double("ratio")),
            let tags = field("tags", strings(params, "tags"))
        {
            expected = FuzzLink(id: id, name: name, flag: flag, ratio: ratio, tags: tags)
        }
        let link = try? params.decode(FuzzLink.self)
        check(
            link == expected || (link?.ratio?.isNaN == true && expected?.ratio?.isNaN == true),
            "decode(FuzzLink) gave \(String(describing: link)), the accessors \(String(describing: expected))"
        )
    }

    /// `Field<Value>` and `OptionalField<Value>` decode what `typed` read (`nil`: it failed).
    static func compare<Value: Decodable & Equatable>(
        _ type: Value.Type, _ params: RouteParameters, _ key: String, present: Bool, typed: Value?
    ) {
        let required = Result { try params.decode(Field<Value>.self).value }
        switch required {
        case .success(let value):
            check(
                same(value, typed),
                "decode(\(type)) of \(key.debugDescription) gave \(value), the accessor \(String(describing: typed))"
            )
        case .failure(let error):
            check(
                typed == nil,
                "decode(\(type)) of \(key.debugDescription) threw \(error), the accessor read \(String(describing: typed))"
            )
        }
        let optional = Result { try params.decode(OptionalField<Value>.self).value }
        switch optional {
        case .success(nil):
            check(!present, "decode(\(type)?) of \(key.debugDescription) gave nil, the key is present")
        case .success(let value?):
            check(
                same(value, typed),
                "decode(\(type)?) of \(key.debugDescription) gave \(value), the accessor \(String(describing: typed))"
            )
        case .failure(let error):
            check(present && typed == nil, "decode(\(type)?) of \(key.debugDescription) threw \(error)")
        }
    }

    /// Equal, NaN equal to NaN.
    static func same<Value: Equatable>(_ a: Value?, _ b: Value?) -> Bool {
        if let a = a as? Double, let b = b as? Double, a.isNaN && b.isNaN { return true }
        return a == b
    }

    /// What an array of texts under `key` holds: the texts of a repeated query key, else the one
    /// text (as `string(_:)` reads it).
    static func strings(_ params: RouteParameters, _ key: String) -> [String]? {
        if let texts = params[key] as? [String] { return texts }
        return params.string(key).map { [$0] }
    }

    /// The same, each text read as an `Int` (`nil` when one does not convert).
    static func ints(_ params: RouteParameters, _ key: String) -> [Int]? {
        if let texts = params[key] as? [String] {
            let values = texts.compactMap { Int($0) }
            return values.count == texts.count ? values : nil
        }
        return params.int(key).map { [$0] }
    }
}

// MARK: - URL building (option u)

/// The handler calls of a router built for one check.
private final class ParameterLog {
    var calls: [RouteParameters] = []
}

extension FuzzCase {
    static let maximumBuiltPatterns = 8
    static let queryKey = "fuzzq"
    static let arrayKey = "fuzzr"

    /// The values of the `u` and `A` checks: the non-empty `/`-separated pieces of the URL line.
    var valuePool: [String] {
        let pieces = url.split(separator: "/").map(String.init)
        return pieces.isEmpty ? ["7"] : pieces
    }

    /// The parameters to build a URL of the pattern of `line` with: a value of the pool for each
    /// `:name` (the piece `~` leaves the name out; a canonical integer is given as an `Int`),
    /// wildcard components, a query value and a query array. `nil` for an invalid pattern or one
    /// whose names are reserved.
    func buildParameters(line: Int) -> (parameters: [String: Any], omitted: [String])? {
        guard let expansions = try? Router.expand(pattern: patterns[line]) else { return nil }
        // With braces, a capture's value must fit its constraint and fixed text: not built here.
        if options.contains("x"), patterns[line].utf8.contains(where: { $0 == 0x7B || $0 == 0x7D }) { return nil }
        var names: [String] = []
        var hasWildcard = false
        for expansion in expansions {
            let parsed = LinearReference.Pattern(expansion, braces: options.contains("x"))
            for name in parsed.parameterNames where !names.contains(name) { names.append(name) }
            hasWildcard = hasWildcard || parsed.hasWildcard
        }
        let reserved: Set = [
            RouteParameters.Keys.pattern, RouteParameters.Keys.url, RouteParameters.Keys.scheme,
            RouteParameters.Keys.wildcard, FuzzCase.extraKey, FuzzCase.queryKey, FuzzCase.arrayKey,
        ]
        guard !names.contains(where: reserved.contains) else { return nil }
        let pool = valuePool
        var parameters: [String: Any] = [:]
        var omitted: [String] = []
        for (index, name) in names.enumerated() {
            let text = pool[(index + line) % pool.count]
            if text == "~" {
                omitted.append(name)
            } else if let number = Int(text), String(number) == text {
                parameters[name] = number
            } else {
                parameters[name] = text
            }
        }
        if hasWildcard {
            parameters[RouteParameters.Keys.wildcard] = (0..<((line + pool.count) % 3)).map {
                pool[($0 + line + 1) % pool.count]
            }
        }
        parameters[FuzzCase.queryKey] = pool[line % pool.count]
        if pool.count >= 2 { parameters[FuzzCase.arrayKey] = [pool[0], pool[1]] }
        return (parameters, omitted)
    }

    /// Whether `table` holds a definition of `pattern`: one registered from it, or whose pattern
    /// is it (an expansion). `sourceLines` gives the line each definition was registered from.
    func holds(_ table: RouteTable, _ pattern: String, sourceLines: [ObjectIdentifier: Int]) -> Bool {
        table.definitions.contains { definition in
            definition.pattern == pattern
                || sourceLines[ObjectIdentifier(definition)].map { patterns[$0] == pattern } == true
        }
    }

    /// Every URL built for a pattern routes back to it with the values it was built with, or
    /// building throws for a reason the values give. `sourceLines` gives the line each
    /// registered definition came from.
    func checkBuiltURLs(router: Router, sourceLines: [ObjectIdentifier: Int]) {
        var count = 0
        for (line, pattern) in patterns.enumerated() where count < FuzzCase.maximumBuiltPatterns {
            guard let (parameters, omitted) = buildParameters(line: line) else { continue }
            count += 1
            let inMyapp = line.isMultiple(of: 2)
            let choice = (url.utf8.count + line) % 3
            let scheme: String? = inMyapp ? "myapp" : (choice == 0 ? nil : "other")
            var host: String? = nil
            if scheme != nil && choice == 1 {
                host = URLComponents(string: url)?.host.flatMap { $0.isEmpty ? nil : $0 }
            }
            if scheme != nil && choice == 2 { host = "example.com" }
            // The table's own `url(for:)`, checked against its rules: it throws, or the URL
            // routes back (in a table with only that pattern, set up alike).
            let owner = Router()
            let table = inMyapp ? owner.myapp : owner.default
            table.options = options.contains("p") ? [] : [.decodePlusSymbols]
            if options.contains("x") { table.options.insert(.extendedPatterns) }
            if options.contains(inMyapp ? "h" : "H") { table.options.insert(.treatHostAsPathComponent) }
            table.add(pattern: pattern) { _ in true }
            if let tableBuilt = try? table.url(for: pattern, host: host, parameters: parameters) {
                let tableProblems = routeBack(
                    tableBuilt, pattern: pattern, parameters: parameters, omitted: omitted, inMyapp: inMyapp)
                check(
                    tableProblems.isEmpty || FuzzCase.skipped.contains("table-url-building"),
                    "[table-url-building] \(table.scheme).url(for: \(pattern.debugDescription), host: "
                        + "\(host?.debugDescription ?? "nil"), parameters: \(LinearReference.canonical(parameters))) "
                        + "built \(tableBuilt.absoluteString.debugDescription): \(tableProblems.joined(separator: "; "))"
                )
            }
            let built: URL
            do {
                built = try router.url(for: pattern, scheme: scheme, host: host, parameters: parameters)
            } catch {
                switch error.reason {
                // Building checks its URL against the rules and throws when it would not route back.
                case .ambiguous, .notMatched, .hostReadAsPathSegment, .notAURL, .valueNotReadBack,
                    .notRegistered:
                    continue
                case .missingParameter(let name) where omitted.contains(name): continue
                default:
                    check(
                        false,
                        "url(for: \(pattern.debugDescription), scheme: \(scheme ?? "nil"), host: \(host ?? "nil")) threw \(error)"
                    )
                    continue
                }
            }
            // The router builds a `myapp` URL for a pattern that its `myapp` table does not hold
            // (removed with `r`) but the global table does, when `myapp` falls back (`f`): the
            // URL reaches the global table's definition, read by the global table's rules.
            let viaFallback =
                inMyapp && router.myapp.shouldFallback
                && !holds(router.myapp, pattern, sourceLines: sourceLines)
                && holds(router.default, pattern, sourceLines: sourceLines)
            let problems = routeBack(
                built, pattern: pattern, parameters: parameters, omitted: omitted, inMyapp: inMyapp,
                viaFallback: viaFallback)
            let name = FuzzCase.buildingCheckName(pattern: pattern, scheme: scheme, host: host, built: built)
            check(
                problems.isEmpty || FuzzCase.skipped.contains(name),
                "[\(name)] url(for: \(pattern.debugDescription), scheme: \(scheme ?? "nil"), host: "
                    + "\(host?.debugDescription ?? "nil"), parameters: \(LinearReference.canonical(parameters))) built "
                    + "\(built.absoluteString.debugDescription): \(problems.joined(separator: "; "))")
        }
    }

    /// The name of the check of a URL built this way (see Fuzz/known-issues): a narrower name for
    /// a case of a reported bug.
    static func buildingCheckName(pattern: String, scheme: String?, host: String?, built: URL) -> String {
        if scheme != nil && host != nil { return "url-building-host" }
        if scheme == nil && built.absoluteString.hasPrefix("//") { return "url-building-relative-authority" }
        if built.host?.lowercased().hasPrefix("xn--") == true { return "url-building-punycode-host" }
        let expansions = (try? Router.expand(pattern: pattern)) ?? []
        if expansions.contains(where: { $0.hasSuffix("//") }) { return "url-building-trailing-empty-segment" }
        // A segment that is just `#`, or a `#` in a literal after the fragment's start.
        if expansions.contains(where: {
            let segments = $0.split(separator: "/", omittingEmptySubsequences: false)
            return segments.contains("#") || segments.filter { $0.contains("#") }.count > 1
        }) {
            return "url-building-hash-segment"
        }
        return "url-building"
    }

    /// What is wrong when `built` is routed by a router that has only `pattern` (in a table set
    /// up as the fuzzed one): it must reach it once, with the values of `parameters`. With
    /// `viaFallback`, the pattern is in the global table, reached from an empty `myapp` table
    /// that falls back to it.
    func routeBack(
        _ built: URL, pattern: String, parameters: [String: Any], omitted: [String], inMyapp: Bool,
        viaFallback: Bool = false
    ) -> [String] {
        let back = Router()
        let table = inMyapp && !viaFallback ? back.myapp : back.default
        table.options = options.contains("p") ? [] : [.decodePlusSymbols]
        if options.contains("x") { table.options.insert(.extendedPatterns) }
        if options.contains(table === back.default ? "H" : "h") {
            table.options.insert(.treatHostAsPathComponent)
        }
        if viaFallback {
            back.myapp.options = options.contains("p") ? [] : [.decodePlusSymbols]
            if options.contains("x") { back.myapp.options.insert(.extendedPatterns) }
            if options.contains("h") { back.myapp.options.insert(.treatHostAsPathComponent) }
            back.myapp.shouldFallback = true
        }
        let log = ParameterLog()
        table.add(pattern: pattern) { params in
            log.calls.append(params)
            return true
        }
        let accepted = back.route(to: built)
        guard accepted, log.calls.count == 1, let params = log.calls.first else {
            return ["routed: \(accepted), \(log.calls.count) calls"]
        }
        var problems: [String] = []
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
            if key == RouteParameters.Keys.wildcard {
                let expected = value as? [String]
                if LinearReference.Pattern(params.pattern, braces: options.contains("x")).hasWildcard
                    && params.wildcardComponents != expected
                {
                    problems.append(
                        "wildcard \(String(describing: params.wildcardComponents)), built with \(String(describing: expected))"
                    )
                }
            } else if let array = value as? [String] {
                if params[key] as? [String] != array {
                    problems.append("\(key) is \(String(describing: params[key])), built with \(array)")
                }
            } else if params[key] as? String != "\(value)" {
                problems.append(
                    "\(key) is \(String(describing: params[key])), built with \("\(value)".debugDescription)")
            }
        }
        for name in omitted where params[name] != nil {
            problems.append("\(name) is \(String(describing: params[name])), built without it")
        }
        return problems
    }
}

// MARK: - The universal-links file (option A)

extension FuzzCase {
    /// Every https URL that a router of the input's patterns routes (a handler accepts it) is
    /// admitted by its `appSiteAssociation` file for the URL's host, under Apple's first-match
    /// matching. The URLs: the URL line as an https URL, and URLs built for the patterns; each
    /// one written in the usual encoding (as the file's documentation requires), with a domain
    /// (a host with a dot) as host.
    func checkAppSiteAssociation(router: Router) {
        let site = Router()
        let https = site.https
        for table in [https, site.default] {
            table.options = options.contains("p") ? [] : [.decodePlusSymbols]
            if options.contains("x") { table.options.insert(.extendedPatterns) }
        }
        if options.contains("h") { https.options.insert(.treatHostAsPathComponent) }
        if options.contains("H") { site.default.options.insert(.treatHostAsPathComponent) }
        https.shouldFallback = options.contains("f")
        var lines: [ObjectIdentifier: Int] = [:]
        for (line, pattern) in patterns.enumerated() {
            let table = line.isMultiple(of: 2) ? https : site.default
            let priority = options.contains("P") ? (line * 7) % 5 - 2 : 0
            let handler: RouteHandler? = hasHandler(line: line) ? { [self] _ in !declines(line: line) } : nil
            for definition in table.add(pattern: pattern, priority: priority, handler: handler) {
                lines[ObjectIdentifier(definition)] = line
            }
        }

        var candidates: [String] = []
        if let components = URLComponents(string: url) {
            var copy = components
            copy.scheme = "https"
            if copy.host?.isEmpty ?? true { copy.host = "example.com" }
            if let text = copy.string { candidates.append(text) }
        }
        var count = 0
        for line in patterns.indices where count < FuzzCase.maximumBuiltPatterns {
            guard let (parameters, _) = buildParameters(line: line) else { continue }
            count += 1
            let pattern = patterns[line]
            for host in [nil, "example.com"] as [String?] {
                if let built = try? router.url(
                    for: pattern, scheme: "https", host: host, parameters: parameters)
                {
                    candidates.append(built.absoluteString)
                }
            }
            // A host segment: the first segment of a relative URL as the host.
            if let relative = try? router.url(for: pattern, parameters: parameters) {
                let text = relative.absoluteString
                if text.hasPrefix("/") { candidates.append("https:/" + text) }
            }
        }

        var files: [String: UniversalLinksMatcher] = [:]
        func accepts(_ definition: Definition) -> Bool {
            lines[ObjectIdentifier(definition)].map { !hasHandler(line: $0) || !declines(line: $0) } ?? true
        }
        for candidate in candidates {
            guard let link = FuzzCase.usualEncoding(candidate), let host = URLComponents(string: link)?.host,
                site.route(to: link)
            else { continue }
            let file: UniversalLinksMatcher
            if let known = files[host] {
                file = known
            } else {
                let json = site.appSiteAssociation(appIDs: ["ABCDE12345.com.example.app"], host: host) {
                    definition in
                    lines[ObjectIdentifier(definition)].map {
                        !hasHandler(line: $0) ? false : declines(line: $0)
                    } ?? false
                }
                do {
                    file = try UniversalLinksMatcher(json)
                } catch {
                    check(false, "the universal-links file is malformed (\(error)):\n\(json)")
                    return
                }
                files[host] = file
            }
            checkLiteralPlaces(link, file: file, site: site, accepts: accepts)
            // Narrower names for cases of reported bugs (see Fuzz/known-issues): a `#` written
            // `%23` in the path also matches a literal `#`; a fragment's path gives segments to
            // any pattern (`/x#/y` routes to `/:a/:b`).
            if file.admits(link) { continue }
            // A fragment that gives a segment to a template of an extended pattern (`{n}.jpg`
            // takes `#x.jpg`) has a name of its own too.
            let linkParts = URLComponents(string: link)
            let reachesTemplate =
                options.contains("x")
                && site.explain(link).entries.contains { $0.mismatch == nil && $0.pattern.contains("{") }
            let name =
                linkParts?.percentEncodedPath.contains("%23") == true
                ? "site-association-encoded-hash"
                : linkParts?.percentEncodedFragment == nil
                    ? "site-association"
                    : reachesTemplate ? "site-association-template-fragment" : "site-association-fragment"
            check(
                FuzzCase.skipped.contains(name),
                "[\(name)] \(link.debugDescription) routes but the file for \(host) does not admit it: "
                    + "\(file.components.map { ($0.path, $0.fragment ?? "", $0.exclude) })")
        }
    }

    /// The file admits no URL that differs from every accepting route in a literal segment
    /// (`site-association-literal`): the routed `link` with one segment of its path or of its
    /// fragment's path changed (a `z` appended, or replaced by `q`), when the file admits it and
    /// it does not route, is one that an accepting route of the tables routing asks for its host
    /// matches loosely (`UniversalLinksPromise`: literals whole and in their places).
    func checkLiteralPlaces(
        _ link: String, file: UniversalLinksMatcher, site: Router, accepts: (Definition) -> Bool
    ) {
        guard let parts = URLComponents(string: link), let host = parts.host else { return }
        let prefix = "https://" + host + (parts.port.map { ":\($0)" } ?? "")
        let query = parts.percentEncodedQuery.map { "?" + $0 } ?? ""
        let fragment = parts.percentEncodedFragment
        let mark = fragment.flatMap { $0.firstIndex(of: "?") }
        let fragmentPath = fragment.map { String($0[..<(mark ?? $0.endIndex)]) }
        let fragmentQuery = fragment.flatMap { fragment in mark.map { String(fragment[$0...]) } } ?? ""
        func changed(_ text: String) -> [String] {
            // An empty path is read as `/`: a segment appended to "" would change the host.
            let text = text.isEmpty ? "/" : text
            let segments = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            // Not the empty text before a leading `/`: a path's host would change.
            return segments.indices.dropFirst(text.hasPrefix("/") ? 1 : 0).flatMap { index -> [String] in
                ["z", "q"].map { change in
                    var copy = segments
                    copy[index] = change == "z" ? copy[index] + "z" : "q"
                    return copy.joined(separator: "/")
                }
            }
        }
        var variants = changed(parts.percentEncodedPath).map {
            prefix + $0 + query + (fragment.map { "#" + $0 } ?? "")
        }
        if let fragmentPath {
            variants += changed(fragmentPath).map {
                prefix + parts.percentEncodedPath + query + "#" + $0 + fragmentQuery
            }
        }
        let https = site.https
        let tables = [https] + (https.shouldFallback ? [site.default] : [])
        let promise = UniversalLinksPromise(
            tables.flatMap { table in
                table.definitions.filter(accepts).map { ($0.pattern, table.options) }
            })
        for variant in variants where variant != link && file.admits(variant) && !site.route(to: variant) {
            FuzzCase.toolCheck(
                "site-association-literal", promise.keeps(variant),
                "\(variant.debugDescription) (from the routed \(link.debugDescription)) is admitted by the file for "
                    + "\(host), but no accepting route has its literals in their places: "
                    + "\(file.components.map { ($0.path, $0.fragment ?? "", $0.exclude) })")
        }
    }

    /// `text` as an https URL in the usual encoding: path segments and the fragment's path with
    /// the characters a path allows as they are, the others as `%XX` (upper case). `nil` when the
    /// host is not a domain (letters, digits, `-`, at least one `.`) or an escape is malformed.
    static func usualEncoding(_ text: String) -> String? {
        guard let components = URLComponents(string: text), let host = components.percentEncodedHost,
            host.contains("."), host != ".",
            host.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "." || $0 == "-")
            }),
            let path = usualSegments(components.percentEncodedPath)
        else { return nil }
        var result = "https://" + host + (components.port.map { ":\($0)" } ?? "") + path
        if let query = components.percentEncodedQuery { result += "?" + query }
        if let fragment = components.percentEncodedFragment {
            let mark = fragment.firstIndex(of: "?") ?? fragment.endIndex
            guard let fragmentPath = usualSegments(String(fragment[..<mark])) else { return nil }
            result += "#" + fragmentPath + fragment[mark...]
        }
        return URL(string: result) == nil ? nil : result
    }

    private static let pathBytes = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@".utf8)

    private static func usualSegments(_ text: String) -> String? {
        var segments: [String] = []
        for segment in text.split(separator: "/", omittingEmptySubsequences: false) {
            var bytes: [UInt8] = []
            var rest = Array(segment.utf8)[...]
            while let byte = rest.popFirst() {
                guard byte == UInt8(ascii: "%") else {
                    bytes.append(byte)
                    continue
                }
                guard rest.count >= 2,
                    let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
                else {
                    return nil
                }
                bytes.append(value)
                rest = rest.dropFirst(2)
            }
            var encoded = ""
            for byte in bytes {
                if pathBytes.contains(byte) {
                    encoded.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    encoded +=
                        "%" + String(byte >> 4, radix: 16, uppercase: true)
                        + String(byte & 15, radix: 16, uppercase: true)
                }
            }
            segments.append(encoded)
        }
        return segments.joined(separator: "/")
    }
}

// MARK: - Suspension (option s)

/// One URL of the suspension check: `myapp://n/<id>/<action>` (accepted), `myapp://d/<id>/<action>`
/// (declined), `myapp://g/<id>/<action>` (accepted behind a guard that holds it until signed in),
/// `myapp://x/<id>` (no route), `myapp://x y/<id>` (not a URL).
private struct ScriptURL {
    enum Kind { case accepted, declined, guarded, unmatched, notURL }
    var id: Int
    var kind: Kind
    /// What its handler does (see `QueueSubject.handled`).
    var action = 0
    /// Routed by `router.myapp.route(to:)` instead of `router.route(to:)`.
    var viaTable = false

    var text: String {
        switch kind {
        case .accepted: return "myapp://n/\(id)/\(action)"
        case .declined: return "myapp://d/\(id)/\(action)"
        case .guarded: return "myapp://g/\(id)/\(action)"
        case .unmatched: return "myapp://x/\(id)"
        case .notURL: return "myapp://x y/\(id)"
        }
    }
}

/// The logger lines that a logger reaction may answer.
private enum QueueLine: Int {
    case suspended = 1
    case resumed, dropped
}

/// The router, or the model of its queue: both run the same script, with the same handlers and
/// logger reactions, and record what happens in `trace`.
private protocol QueueSubject: AnyObject {
    var trace: [String] { get set }
    var nextID: Int { get set }
    /// The logger's reaction: 0 none; else `reaction % 4` names the line (`QueueLine`) and
    /// `reaction / 4 % 8` the sub-step (see `perform`).
    var reaction: Int { get set }
    var inLogger: Bool { get set }
    /// Whether the guard of `myapp://g/...` lets URLs through (else it holds them).
    var signedIn: Bool { get set }
    func route(_ url: ScriptURL) -> Bool
    func suspend(keepingAtMost limit: Int)
    func resume()
}

extension QueueSubject {
    /// One step of the script: byte % 8 is the step, byte / 8 its argument.
    func step(_ byte: UInt8) {
        let argument = Int(byte / 8)
        switch byte % 8 {
        case 0, 1: routeNew(.accepted, action: argument % 16, viaTable: argument >= 16)
        case 2: routeNew(.declined, action: argument % 16, viaTable: argument >= 16)
        case 3: routeNew(.unmatched, viaTable: argument >= 16)
        case 4:
            trace.append("suspend(\(argument % 5))")
            suspend(keepingAtMost: argument % 5)
        case 5:
            trace.append("resume()")
            resume()
        case 6: reaction = argument
        default:
            switch argument % 4 {
            case 0: routeNew(.notURL)
            case 1: routeNew(.guarded, action: argument / 4 % 16)
            case 2:
                trace.append("sign in")
                signedIn = true
            default:
                trace.append("sign out")
                signedIn = false
            }
        }
    }

    func routeNew(_ kind: ScriptURL.Kind, action: Int = 0, viaTable: Bool = false) {
        let url = ScriptURL(id: nextID, kind: kind, action: action, viaTable: viaTable)
        nextID += 1
        trace.append("route \(url.text)\(viaTable ? " via the table" : "")")
        let result = route(url)
        trace.append("\(url.id) returned \(result)")
    }

    /// A sub-step, done by a handler or a logger reaction.
    func perform(_ code: Int) {
        switch code {
        case 1:
            trace.append("suspend(0)")
            suspend(keepingAtMost: 0)
        case 2:
            trace.append("suspend(2)")
            suspend(keepingAtMost: 2)
        case 3:
            trace.append("resume()")
            resume()
        case 4: routeNew(.accepted)
        case 5: routeNew(.declined)
        case 6: routeNew(.unmatched)
        case 7: routeNew(.accepted, viaTable: true)
        default: break
        }
    }

    /// The handler of URL `id`: records the call, does `action % 8`, then (for 8...15) routes
    /// one more URL; accepts unless the URL is a declined one.
    func handled(id: Int, kind: ScriptURL.Kind, action: Int) -> Bool {
        trace.append("handled \(id)")
        perform(action % 8)
        if action >= 8 { perform(4) }
        return kind != .declined
    }

    /// The logger saw `line`; a reaction does not run inside another one.
    func logged(_ line: QueueLine, id: Int? = nil) {
        trace.append("logged \(line)\(id.map { " \($0)" } ?? "")")
        guard !inLogger, reaction % 4 == line.rawValue else { return }
        inLogger = true
        perform(reaction / 4 % 8)
        inLogger = false
    }
}

/// The library's router, with handlers and a logger that follow the script.
private final class RouterQueue: QueueSubject {
    let router = Router()
    var trace: [String] = []
    var nextID = 0
    var reaction = 0
    var inLogger = false
    var signedIn = false

    init() {
        let table = router.myapp
        table.add(pattern: "/n/:id/:action") { [unowned self] params in
            handled(id: params.int("id") ?? -1, kind: .accepted, action: params.int("action") ?? -1)
        }
        table.add(pattern: "/d/:id/:action") { [unowned self] params in
            handled(id: params.int("id") ?? -1, kind: .declined, action: params.int("action") ?? -1)
        }
        table.add(pattern: "/g/:id/:action") { [unowned self] params in
            handled(id: params.int("id") ?? -1, kind: .guarded, action: params.int("action") ?? -1)
        }
        table.addGuard(for: "/g/*") { [unowned self] _ in signedIn ? .proceed : .hold }
        table.unmatchedHandler = { [unowned self] url, _ in
            trace.append("unmatched \(RouterQueue.id(of: url))")
        }
        router.logger = { [unowned self] line in
            if line.hasPrefix("[Routes] suspended") {
                logged(.suspended)
            } else if line == "[Routes] resumed" {
                // Not "[Routes] resumed myapp://n/3/0 for myapp": the event of each URL resumed.
                logged(.resumed)
            } else if line.hasPrefix("[Routes] dropped ") {
                // "[Routes] dropped myapp://n/3/0 for myapp: the queue is full"
                let text = line.dropFirst("[Routes] dropped ".count).prefix { $0 != " " }
                logged(.dropped, id: URL(string: String(text)).map(RouterQueue.id(of:)) ?? -1)
            }
        }
    }

    /// The id of a script URL.
    static func id(of url: URL) -> Int {
        let components = url.pathComponents
        return components.count > 1 ? Int(components[1]) ?? -1 : -1
    }

    func route(_ url: ScriptURL) -> Bool {
        url.viaTable ? router.myapp.route(to: url.text) : router.route(to: url.text)
    }

    func suspend(keepingAtMost limit: Int) { router.suspend(keepingAtMost: limit) }

    func resume() { router.resume() }
}

/// The queue as the documentation states it (the "Routing rules" article, *Suspending routing*),
/// with its own list.
private final class ModelQueue: QueueSubject {
    var trace: [String] = []
    var nextID = 0
    var reaction = 0
    var inLogger = false
    var signedIn = false
    var isSuspended = false
    var isDraining = false
    var limit = 16
    var kept: [ScriptURL] = []
    /// Guarded URLs held again while a resume drains the queue: they wait for the next resume.
    var heldAgain: [ScriptURL] = []

    func route(_ url: ScriptURL) -> Bool {
        if url.kind == .notURL { return false }  // refused before anything else
        guard isSuspended || isDraining else { return walk(url) }
        guard url.kind != .unmatched else {  // not kept; the unmatched handler at once
            trace.append("unmatched \(url.id)")
            return false
        }
        let isKept = limit > 0
        kept.append(url)
        let dropped = dropExcess()
        for url in dropped { logged(.dropped, id: url.id) }
        return isKept
    }

    /// Routing a URL: its guard (which holds it, not signed in), its handler, then the unmatched
    /// handler when nothing accepted it.
    func walk(_ url: ScriptURL) -> Bool {
        if url.kind == .guarded, !signedIn {
            let isKept = limit > 0
            if isDraining { heldAgain.append(url) } else { kept.append(url) }
            for url in dropExcess() { logged(.dropped, id: url.id) }
            return isKept
        }
        let accepted = url.kind != .unmatched && handled(id: url.id, kind: url.kind, action: url.action)
        if !accepted { trace.append("unmatched \(url.id)") }
        return accepted
    }

    func suspend(keepingAtMost limit: Int) {
        isSuspended = true
        self.limit = limit
        let dropped = dropExcess()
        logged(.suspended)
        for url in dropped { logged(.dropped, id: url.id) }
    }

    func resume() {
        // Something to do: a suspension to end, or held URLs when no resume routes them already.
        guard isSuspended || (!(kept.isEmpty && heldAgain.isEmpty) && !isDraining) else { return }
        isSuspended = false
        let isFirst = !isDraining
        isDraining = true
        logged(.resumed)
        guard isFirst else { return }  // the resume under way goes on
        while !isSuspended, !kept.isEmpty { _ = walk(kept.removeFirst()) }
        isDraining = false
        kept = heldAgain + kept
        heldAgain = []
    }

    /// The oldest beyond the limit: those held again first.
    private func dropExcess() -> [ScriptURL] {
        var excess = heldAgain.count + kept.count - limit
        guard excess > 0 else { return [] }
        let fromHeldAgain = min(excess, heldAgain.count)
        var dropped = Array(heldAgain.prefix(fromHeldAgain))
        heldAgain.removeFirst(fromHeldAgain)
        excess -= fromHeldAgain
        dropped += kept.prefix(excess)
        kept.removeFirst(excess)
        return dropped
    }
}

/// Runs a script of suspend / route / resume steps (and logger reactions, handlers that suspend,
/// resume or route) on a router and on the model; the handled URLs, their order, the unmatched
/// calls, the logger lines and every `route(to:)` result must be the same.
private struct SuspensionCheck {
    static let maximumSteps = 64
    let script: [UInt8]

    func run() {
        let real = RouterQueue()
        let model = ModelQueue()
        for byte in script {
            real.step(byte)
            model.step(byte)
        }
        // Whatever is still kept is routed at the end.
        real.trace.append("resume()")
        real.resume()
        model.trace.append("resume()")
        model.resume()
        guard real.trace != model.trace, !FuzzCase.skipped.contains("suspension") else { return }
        let first =
            zip(real.trace, model.trace).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(real.trace.count, model.trace.count)
        check(
            false,
            "[suspension] script \(script) differs from the model at event \(first):\n  router: "
                + "\(real.trace[first...].prefix(6))\n  model:  \(model.trace[first...].prefix(6))\n  before: "
                + "\(real.trace[..<first].suffix(12))")
    }
}

/// Prints what failed (control characters escaped) and traps, so that libFuzzer keeps the input.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    var text = ""
    for scalar in message().unicodeScalars {
        let isControl = (scalar.value < 0x20 && scalar != "\n") || scalar.value == 0x7F
        text += isControl ? scalar.escaped(asASCII: true) : String(scalar)
    }
    FileHandle.standardError.write(Data(("Routes fuzz check failed: " + text + "\n").utf8))
    fatalError("Routes fuzz check failed")
}

// MARK: - The tools agree with routing (options e, g, l)

/// One thing that happened while the tool router routed a URL.
private enum ToolStep: CustomStringConvertible {
    /// A guard was asked (`id`: its line's guard number) and decided `decision`.
    case guardAsked(id: Int, scheme: String, pattern: String, decision: Int)
    /// A route's handler was called (`id`: the definition's number).
    case handler(id: Int, scheme: String, pattern: String, parameters: String, accepted: Bool)
    case event(RoutingEvent)

    static let decisionNames = ["proceed", "refuse", "hold", "redirect"]

    var event: RoutingEvent? {
        if case .event(let event) = self { return event }
        return nil
    }

    var description: String {
        switch self {
        case .guardAsked(let id, let scheme, let pattern, let decision):
            return "guard \(id) \(pattern.debugDescription) of \(scheme): \(ToolStep.decisionNames[decision])"
        case .handler(let id, let scheme, let pattern, let parameters, let accepted):
            return "handler \(id) \(pattern.debugDescription) of \(scheme) {\(parameters)}: \(accepted)"
        case .event(let event):
            return "event \(event.kind) \(event.url.absoluteString.debugDescription) in \(event.scheme) "
                + "by \(event.pattern?.debugDescription ?? "nil") {\(LinearReference.canonical(event.parameters))}"
        }
    }

    /// A route's event (not a guard's): declined, routed, or redirected by a redirect route.
    /// `previous`: the step before it.
    static func isRouteEvent(_ event: RoutingEvent, after previous: ToolStep?) -> Bool {
        switch event.kind {
        case .declined, .routed: return true
        case .redirected: return !previous.isGuardRedirect
        default: return false
        }
    }

    static func isTerminal(_ kind: RoutingEvent.Kind) -> Bool {
        switch kind {
        case .routed, .unmatched, .refused, .held, .redirectLimitReached: return true
        default: return false
        }
    }
}

extension Optional where Wrapped == ToolStep {
    var isGuardRedirect: Bool {
        if case .guardAsked(_, _, _, 3)? = self { return true }
        return false
    }
}

/// What the tool router's guards and handlers record.
private final class ToolLog {
    var steps: [ToolStep] = []
    /// The parameters of each handler call, by the index of its step.
    var parameters: [Int: [String: Any]] = [:]
    /// Every handler declines and every guard proceeds (the `e` check's walk).
    var declineAll = false
}

/// A definition of the tool router, as registered.
private struct ToolDefinition {
    var id: Int
    var scheme: String
    var pattern: String
    var declines: Bool
    var isRedirect: Bool
}

/// The router of the `e`, `g` and `l` checks: the input's patterns, with (option `g`) guard and
/// redirect lines, every route with a recording handler, events recorded.
private final class ToolRouter {
    let router = Router()
    let log = ToolLog()
    var definitions: [ObjectIdentifier: ToolDefinition] = [:]
    /// Whether guards were removed (option `r`): checks of guard order get narrower names.
    var removedGuards = false

    /// A walk of one URL: its steps, split into walks at each redirect (the `.redirected` event
    /// ends its walk), with the URL each walk routes.
    struct Trace {
        var accepted: Bool
        var steps: [ToolStep]
        var walks: [(url: String, steps: [ToolStep])]
        /// The index in `steps` of each walk's first step.
        var walkStarts: [Int]
        /// The parameters of each handler call, by the index of its step.
        var parameters: [Int: [String: Any]]
    }

    func route(_ text: String) -> Trace {
        log.steps = []
        log.parameters = [:]
        let accepted = router.route(to: text, parameters: [FuzzCase.extraKey: 1])
        let steps = log.steps
        log.steps = []
        var walks: [(url: String, steps: [ToolStep])] = [(text, [])]
        var walkStarts = [0]
        for (index, step) in steps.enumerated() {
            walks[walks.count - 1].steps.append(step)
            if case .event(let event) = step, case .redirected(let target) = event.kind {
                walks.append((target.absoluteString, []))
                walkStarts.append(index + 1)
            }
        }
        return Trace(
            accepted: accepted, steps: steps, walks: walks, walkStarts: walkStarts, parameters: log.parameters)
    }

    func mayDecline(_ definition: Definition) -> Bool {
        definitions[ObjectIdentifier(definition)]?.declines ?? false
    }

    func table(_ scheme: String) -> RouteTable {
        scheme == router.myapp.scheme ? router.myapp : router.default
    }
}

extension FuzzCase {
    /// The decision of a guard line's letter: `p`roceed, `r`efuse, `h`old, `g`o elsewhere
    /// (redirect); another character by its value modulo 4.
    static func guardDecision(_ letter: Character) -> Int {
        if let index = "prhg".firstIndex(of: letter) { return "prhg".distance(from: "prhg".startIndex, to: index) }
        return Int((letter.unicodeScalars.first?.value ?? 0) % 4)
    }

    /// The tool router: the same tables (options `p`, `h`, `H`, `f`, `P`, `d`, `r`) as the fuzzed
    /// router, every route with a handler (declining on the lines `d` names). With `g`, a line
    /// `?Xpattern` or `?Xpattern>target` is a guard of its line's table deciding by the letter X
    /// (see `guardDecision`; a redirect goes to `target`, default `myapp://a`), and a line
    /// `>from>to` a redirect (`to` default `/`).
    func makeToolRouter() -> ToolRouter {
        let tools = ToolRouter()
        let router = tools.router
        let log = tools.log
        let myapp = router.myapp
        for table in [myapp, router.default] {
            table.options = options.contains("p") ? [] : [.decodePlusSymbols]
            if options.contains("x") { table.options.insert(.extendedPatterns) }
        }
        if options.contains("h") { myapp.options.insert(.treatHostAsPathComponent) }
        if options.contains("H") { router.default.options.insert(.treatHostAsPathComponent) }
        myapp.shouldFallback = options.contains("f")
        router.onEvent = { log.steps.append(.event($0)) }
        var nextID = 0
        var firstGuard: (RouteTable, String)?
        for (line, text) in patterns.enumerated() {
            let table = line.isMultiple(of: 2) ? myapp : router.default
            let scheme = table.scheme
            let priority = options.contains("P") ? (line * 7) % 5 - 2 : 0
            if options.contains("g"), text.hasPrefix("?") {
                var rest = Substring(text.dropFirst())
                let decision = rest.first.map(FuzzCase.guardDecision) ?? 0
                rest = rest.dropFirst()
                var target = "myapp://a"
                if let mark = rest.firstIndex(of: ">") {
                    target = String(rest[rest.index(after: mark)...])
                    rest = rest[..<mark]
                }
                let pattern = String(rest)
                let id = line
                let added = table.addGuard(for: pattern) { _ in
                    let decided = log.declineAll ? 0 : decision
                    log.steps.append(.guardAsked(id: id, scheme: scheme, pattern: pattern, decision: decided))
                    switch decided {
                    case 0: return .proceed
                    case 1: return .refuse
                    case 2: return .hold
                    default: return .redirect(to: target)
                    }
                }
                if added && firstGuard == nil { firstGuard = (table, pattern) }
                continue
            }
            if options.contains("g"), text.hasPrefix(">") {
                let rest = text.dropFirst()
                let mark = rest.firstIndex(of: ">")
                let from = String(rest[..<(mark ?? rest.endIndex)])
                let to = mark.map { String(rest[rest.index(after: $0)...]) } ?? "/"
                for definition in table.addRedirect(from: from, to: to, priority: priority) {
                    tools.definitions[ObjectIdentifier(definition)] = ToolDefinition(
                        id: nextID, scheme: scheme, pattern: definition.pattern, declines: false, isRedirect: true)
                    nextID += 1
                }
                continue
            }
            let declining = declines(line: line)
            var ids: [String: Int] = [:]
            let added = table.add(pattern: text, priority: priority) { params in
                let id = ids[params.pattern] ?? -1
                let accepted = !log.declineAll && !declining
                log.parameters[log.steps.count] = params.dictionary
                log.steps.append(
                    .handler(
                        id: id, scheme: scheme, pattern: params.pattern,
                        parameters: LinearReference.canonical(params.dictionary), accepted: accepted))
                return accepted
            }
            for definition in added {
                ids[definition.pattern] = nextID
                tools.definitions[ObjectIdentifier(definition)] = ToolDefinition(
                    id: nextID, scheme: scheme, pattern: definition.pattern, declines: declining, isRedirect: false)
                nextID += 1
            }
        }
        if options.contains("r") {
            if let first = patterns.first { myapp.remove(pattern: first) }
            if let last = router.default.definitions.last { router.default.remove(definition: last) }
            if let (table, pattern) = firstGuard {
                table.removeGuards(for: pattern)
                tools.removedGuards = true
            }
        }
        return tools
    }
}

extension FuzzCase {
    /// Fails `name`'s check unless it is skipped (ROUTES_FUZZ_SKIP).
    static func toolCheck(_ name: String, _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        guard !skipped.contains(name) else { return }
        check(condition(), "[\(name)] " + message())
    }

    /// The `e`, `g` and `l` checks on a tool router of the input.
    func checkTools(isURL: Bool) {
        let tools = makeToolRouter()
        let router = tools.router
        let explanation = router.explain(url)

        if options.contains("e") { checkExplain(tools, explanation) }

        // Routing as the handlers and guards decide.
        let trace = tools.route(url)
        var traces = [trace]
        if ProcessInfo.processInfo.environment["ROUTES_FUZZ_TRACE"] != nil {
            print("explain:\n\(explanation)\nlint: \(router.lint(mayDecline: tools.mayDecline))")
            for walk in trace.walks { print("walk \(walk.url.debugDescription):\n  " + walk.steps.map(\.description).joined(separator: "\n  ")) }
        }
        if options.contains("g") { traces += checkGuardsAndRedirects(tools, trace, isURL: isURL) }
        if options.contains("l") { checkLintShadowing(tools, explanation, traces) }
    }

    /// `e`: explain's matching entries are the definitions a walk asks when every handler declines
    /// (until a redirect that can build its target); `canRoute(to:)` says whether there is one.
    func checkExplain(_ tools: ToolRouter, _ explanation: RouteExplanation) {
        let candidates = explanation.entries.filter { $0.mismatch == nil }
        var expected: [String] = []
        for entry in candidates {
            expected.append("\(entry.scheme) \(entry.pattern)")
            if entry.redirectTarget != nil && entry.redirectURL != nil { break }
        }
        tools.log.declineAll = true
        let trace = tools.route(url)
        tools.log.declineAll = false
        var asked: [String] = []
        var previous: ToolStep?
        for step in trace.walks[0].steps {
            defer { previous = step }
            guard let event = step.event, ToolStep.isRouteEvent(event, after: previous) else { continue }
            asked.append("\(event.scheme) \(event.pattern ?? "nil")")
        }
        FuzzCase.toolCheck(
            "explain", asked == expected,
            "explain(\(url.debugDescription)) lists the matching definitions \(expected), a walk where every "
                + "handler declines asked \(asked): \(trace.steps)")
        let canRoute = tools.router.canRoute(to: url)
        FuzzCase.toolCheck(
            "explain-can-route", canRoute == !candidates.isEmpty,
            "canRoute(to: \(url.debugDescription)) is \(canRoute), explain lists \(candidates.count) matching definitions")
    }
}

extension FuzzCase {
    /// The guards of `explained` ("scheme pattern") asked before a route of `scheme` decided:
    /// those of the global table come after those of the table that fell back to it.
    static func guardsUpTo(_ scheme: String, _ explained: [String]) -> [String] {
        scheme == Router.defaultScheme ? explained : explained.filter { $0.hasPrefix(scheme + " ") }
    }

    /// `g`: events, guards and redirects of routing the URL agree with one another, with
    /// `explain` and with `lint`. Returns the traces of the redirect targets routed directly.
    func checkGuardsAndRedirects(_ tools: ToolRouter, _ trace: ToolRouter.Trace, isURL: Bool) -> [ToolRouter.Trace] {
        let router = tools.router
        let steps = trace.steps
        let events = steps.compactMap(\.event)
        let about = "routing \(url.debugDescription): \(steps)"
        let suffix = tools.removedGuards ? "-after-removal" : ""

        // Events: declined and redirected ones, then one terminal event (none for a string that is
        // not a URL; `.refused` for a guard's redirect to a text that is not a URL).
        if !isURL {
            FuzzCase.toolCheck("events", events.isEmpty, "not a URL, yet events: " + about)
        } else {
            let terminals = events.filter { ToolStep.isTerminal($0.kind) }
            FuzzCase.toolCheck(
                "events", terminals.count == 1 && ToolStep.isTerminal(events.last?.kind ?? .kept),
                "\(terminals.count) terminal events, the last event \(String(describing: events.last?.kind)): " + about)
            for event in events.dropLast() {
                switch event.kind {
                case .declined, .redirected: break
                default: FuzzCase.toolCheck("events", false, "event \(event.kind) before the end: " + about)
                }
            }
            if let last = events.last {
                let routed = last.kind == .routed || last.kind == .held
                FuzzCase.toolCheck(
                    "events", routed == trace.accepted,
                    "route(to:) returned \(trace.accepted), the last event is \(last.kind): " + about)
            }
        }
        // Each handler's answer and each guard's decision is the next event.
        for (index, step) in steps.enumerated() {
            let next = index + 1 < steps.count ? steps[index + 1].event : nil
            switch step {
            case .handler(_, let scheme, let pattern, _, let accepted):
                FuzzCase.toolCheck(
                    "events",
                    next.map { $0.kind == (accepted ? .routed : .declined) && $0.scheme == scheme && $0.pattern == pattern }
                        == true,
                    "step \(index) (\(step)) is followed by \(String(describing: next)): " + about)
            case .guardAsked(_, let scheme, let pattern, let decision) where decision == 1 || decision == 2:
                FuzzCase.toolCheck(
                    "events",
                    next.map { $0.kind == (decision == 1 ? .refused : .held) && $0.scheme == scheme && $0.pattern == pattern }
                        == true,
                    "step \(index) (\(step)) is followed by \(String(describing: next)): " + about)
            default: break
            }
        }

        let limitReached = events.last?.kind == .redirectLimitReached
        let warnings = router.lint(mayDecline: tools.mayDecline)
        var redirectDefinitions: [String: Int] = [:]  // "scheme pattern" → count
        for definition in tools.definitions.values where definition.isRedirect {
            redirectDefinitions["\(definition.scheme) \(definition.pattern)", default: 0] += 1
        }
        let unmatchedTargets = Set(
            warnings.filter { $0.kind == .unmatchedRedirectTarget }.map { "\($0.scheme) \($0.pattern)" })

        for (number, walk) in trace.walks.enumerated() where isURL {
            let walkAbout = "walk \(number) of \(walk.url.debugDescription) (\(walk.steps)); " + about
            let explanation = router.explain(walk.url)
            // Guards: in registration order, each at most once, before their table's handlers.
            var seen: Set<Int> = []
            var lastID: [String: Int] = [:]
            var handled: Set<String> = []  // tables whose routes were asked
            var previous: ToolStep?
            for step in walk.steps {
                defer { previous = step }
                switch step {
                case .guardAsked(let id, let scheme, _, _):
                    FuzzCase.toolCheck("guard-order" + suffix, seen.insert(id).inserted, "guard \(id) asked twice: " + walkAbout)
                    FuzzCase.toolCheck(
                        "guard-order" + suffix, (lastID[scheme] ?? -1) < id,
                        "guard \(id) asked after guard \(lastID[scheme] ?? -1) of its table: " + walkAbout)
                    FuzzCase.toolCheck(
                        "guard-order" + suffix, !handled.contains(scheme),
                        "guard \(id) asked after a route of \(scheme): " + walkAbout)
                    lastID[scheme] = id
                case .handler(_, let scheme, _, _, _): handled.insert(scheme)
                case .event(let event):
                    if ToolStep.isRouteEvent(event, after: previous) { handled.insert(event.scheme) }
                }
            }
            // The guards asked are explain's askedGuards: all of them when nothing decided, those
            // of the tables walked when a route accepted or redirected, a prefix ending at the
            // guard that decided.
            let asked = walk.steps.compactMap { step -> String? in
                if case .guardAsked(_, let scheme, let pattern, _) = step { return "\(scheme) \(pattern)" }
                return nil
            }
            let explained = explanation.askedGuards.map { "\($0.scheme) \($0.pattern)" }
            let lastEvent = walk.steps.last?.event
            let decider = walk.steps.count >= 2 ? walk.steps[walk.steps.count - 2] : nil
            var expectedGuards: [String]? = nil  // nil: a prefix
            if let lastEvent {
                switch lastEvent.kind {
                case .unmatched: expectedGuards = explained
                case .routed:
                    expectedGuards = FuzzCase.guardsUpTo(lastEvent.scheme, explained)
                case .redirected where !decider.isGuardRedirect:
                    expectedGuards = FuzzCase.guardsUpTo(lastEvent.scheme, explained)
                default: break
                }
            }
            FuzzCase.toolCheck(
                "explain-guards" + suffix,
                expectedGuards.map { asked == $0 } ?? asked.elementsEqual(explained.prefix(asked.count)),
                "the walk asked the guards \(asked), explain's askedGuards are \(explained)"
                    + (expectedGuards == nil ? " (a prefix expected)" : "") + ": " + walkAbout)
            // A guard lint calls unreachable is never asked.
            let unreachable = Set(
                warnings.filter { $0.kind == .unreachableGuard }.map { "\($0.scheme) \($0.pattern)" })
            for guardText in asked {
                FuzzCase.toolCheck(
                    "unreachable-guard-lint", !unreachable.contains(guardText),
                    "lint says the guard \(guardText) is unreachable, routing asked it: " + walkAbout)
            }
            // A redirect route's target is explain's redirectURL for its entry.
            guard let lastEvent, case .redirected(let target) = lastEvent.kind, !decider.isGuardRedirect else { continue }
            let key = "\(lastEvent.scheme) \(lastEvent.pattern ?? "")"
            let entries = explanation.entries.filter {
                $0.scheme == lastEvent.scheme && $0.pattern == lastEvent.pattern && $0.mismatch == nil
                    && $0.redirectTarget != nil
            }
            FuzzCase.toolCheck(
                "redirect-url", entries.contains { $0.redirectURL?.absoluteString == target.absoluteString },
                "\(key) redirected to \(target.absoluteString.debugDescription), explain's redirectURLs are "
                    + "\(entries.map { $0.redirectURL?.absoluteString ?? "nil" }): " + walkAbout)
            checkRedirectValues(tools, trace, walk: number, entries: entries, about: walkAbout)
            // A redirect lint says no route matches the target of reaches no route.
            if unmatchedTargets.contains(key), redirectDefinitions[key] == 1, number + 1 < trace.walks.count {
                let next = trace.walks[number + 1].steps
                FuzzCase.toolCheck(
                    "unmatched-redirect-lint", next.count == 1 && next[0].event?.kind == .unmatched,
                    "lint says no route matches the target of \(key), its walk was \(next): " + walkAbout)
            }
        }

        // A redirect loop that the limit stopped is one lint reports (when only redirect routes
        // redirected: a guard's redirect is no route lint can see).
        if limitReached {
            var chain: [String] = []
            var byGuard = false
            var previous: ToolStep?
            for step in steps {
                defer { previous = step }
                guard let event = step.event, case .redirected = event.kind else { continue }
                if previous.isGuardRedirect { byGuard = true }
                chain.append("\(event.scheme) \(event.pattern ?? "")")
            }
            let loops = Set(warnings.filter { $0.kind == .redirectLoop }.map { "\($0.scheme) \($0.pattern)" })
            FuzzCase.toolCheck(
                "redirect-loop-lint", byGuard || chain.contains(where: loops.contains),
                "routing reached the redirect limit through \(chain), lint reports loops at \(loops.sorted()): " + about)
        }

        // Each redirect's target, routed directly (a fresh walk), does what the redirect did.
        var direct: [ToolRouter.Trace] = []
        guard isURL, !limitReached else { return direct }
        for number in trace.walks.indices.dropFirst() {
            let expected = trace.walks[number...].flatMap(\.steps).map(\.description)
            let again = tools.route(trace.walks[number].url)
            direct.append(again)
            let actual = again.steps.map(\.description)
            // A URL with bytes outside printable ASCII has a check name of its own: the target
            // carries its fragment, written as a URL writes it (the redirect's event URL).
            let plain = url.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
            FuzzCase.toolCheck(
                plain ? "redirect-direct" : "redirect-direct-not-ascii", actual == expected,
                "routing the target \(trace.walks[number].url.debugDescription) of walk \(number - 1) directly gave\n  "
                    + "\(actual)\nthe redirect gave\n  \(expected)\n" + about)
        }
        return direct
    }
}

extension FuzzCase {
    /// `l`: lint's duplicate, parameter-names-only and shadowed findings (`mayDecline` answering
    /// exactly which handlers decline) keep their promise: "it runs only if" the earlier
    /// definition "declines", since that one "matches every URL this one matches" and is asked
    /// first. So for the URL, when the reported definition matches, the earlier one matches before
    /// it in its table; and routing (as the handlers decide) never asks the reported definition.
    /// A finding is checked when its pattern names one definition of its table; for a duplicate,
    /// every copy after the first copy that does not decline.
    func checkLintShadowing(_ tools: ToolRouter, _ explanation: RouteExplanation, _ traces: [ToolRouter.Trace]) {
        let router = tools.router
        let warnings = router.lint(mayDecline: tools.mayDecline).filter {
            [.shadowed, .duplicate, .parameterNamesOnly].contains($0.kind)
        }
        guard !warnings.isEmpty else { return }
        // Every route event and handler call of a walk as the handlers decide.
        var askedIDs: Set<Int> = []
        var askedRoutes: Set<String> = []
        for trace in traces {
            var previous: ToolStep?
            for step in trace.steps {
                defer { previous = step }
                if case .handler(let id, _, _, _, _) = step { askedIDs.insert(id) }
                if let event = step.event, ToolStep.isRouteEvent(event, after: previous),
                    let pattern = event.pattern
                {
                    askedRoutes.insert("\(event.scheme) \(pattern)")
                }
            }
        }
        let about = "routing \(url.debugDescription): \(traces.first?.steps ?? [])"
        let entries = explanation.entries
        for warning in warnings {
            guard let earlier = warning.earlierPattern else { continue }
            let table = tools.table(warning.scheme)
            let same = table.definitions.filter { $0.pattern == warning.pattern }
            let text = "lint: \(warning)"
            if earlier == warning.pattern {
                // Every copy after the first one that does not decline is never asked.
                guard let first = same.firstIndex(where: { !tools.mayDecline($0) }) else { continue }
                for copy in same[(first + 1)...] {
                    guard let id = tools.definitions[ObjectIdentifier(copy)]?.id,
                        tools.definitions[ObjectIdentifier(copy)]?.isRedirect == false
                    else { continue }
                    FuzzCase.toolCheck(
                        "lint-shadowing", !askedIDs.contains(id),
                        "\(text); yet routing asked copy \(id) of \(warning.pattern.debugDescription): " + about)
                }
                continue
            }
            guard same.count == 1 else { continue }
            let key = "\(warning.scheme) \(warning.pattern)"
            FuzzCase.toolCheck(
                "lint-shadowing", !askedRoutes.contains(key),
                "\(text); yet routing asked \(key): " + about)
            if let position = entries.firstIndex(where: {
                $0.scheme == warning.scheme && $0.pattern == warning.pattern && $0.mismatch == nil
            }) {
                FuzzCase.toolCheck(
                    "lint-shadowing",
                    entries[..<position].contains { $0.scheme == warning.scheme && $0.pattern == earlier && $0.mismatch == nil },
                    "\(text); yet for \(url.debugDescription) explain says it matches and \(earlier.debugDescription) "
                        + "does not match before it: \(entries.map { "\($0.scheme) \($0.pattern): \($0.mismatch ?? "matches")" })")
            }
        }
    }
}

extension FuzzCase {
    /// `g`: a redirect route whose `to` is a path pattern of its own table, followed to a handler
    /// of that very pattern in that table, hands it the values `from` read (route values, wildcard
    /// components, query items): redirects print their target with the values routing read.
    /// `from`'s values are read by routing the URL of the walk in a router with only `from`.
    func checkRedirectValues(
        _ tools: ToolRouter, _ trace: ToolRouter.Trace, walk number: Int, entries: [RouteExplanation.Entry],
        about: String
    ) {
        let walk = trace.walks[number]
        guard let event = walk.steps.last?.event, let from = event.pattern, number + 1 < trace.walks.count,
            let to = entries.first?.redirectTarget, entries.allSatisfy({ $0.redirectTarget == to }),
            !to.contains("://"), !to.contains("("), !walk.url.contains("#"),
            case .handler(_, let scheme, let pattern, _, true)? = trace.walks[number + 1].steps.dropLast().last,
            scheme == event.scheme, pattern == to || "/" + pattern == to
        else { return }
        let next = trace.walks[number + 1]
        let target = trace.parameters[trace.walkStarts[number + 1] + next.steps.count - 2] ?? [:]
        // `from` alone, in a table set up alike.
        let scratch = Router()
        let table = scheme == Router.defaultScheme ? scratch.default : scratch.myapp
        table.options = tools.table(scheme).options
        var read: [String: Any]?
        table.add(pattern: from) { params in
            read = params.dictionary
            return true
        }
        guard scratch.route(to: walk.url), let read else { return }
        let toPattern = LinearReference.Pattern(to, braces: options.contains("x"))
        let fromPattern = LinearReference.Pattern(from, braces: options.contains("x"))
        var problems: [String] = []
        for name in toPattern.parameterNames where read[name] as? String != target[name] as? String {
            problems.append("\(name): \(String(describing: target[name])), from read \(String(describing: read[name]))")
        }
        let wildcard = RouteParameters.Keys.wildcard
        if toPattern.hasWildcard, target[wildcard] as? [String] != read[wildcard] as? [String] {
            problems.append("wildcard: \(String(describing: target[wildcard])), from read \(String(describing: read[wildcard]))")
        }
        let reserved = Set([RouteParameters.Keys.pattern, RouteParameters.Keys.url, RouteParameters.Keys.scheme, wildcard])
            .union(toPattern.parameterNames).union(fromPattern.parameterNames)
        for (key, value) in read where !reserved.contains(key) {
            if LinearReference.canonical([key: value]) != LinearReference.canonical([key: target[key] ?? "missing"]) {
                problems.append("query \(key): \(String(describing: target[key])), from read \(value)")
            }
        }
        FuzzCase.toolCheck(
            "redirect-values", problems.isEmpty,
            "\(from.debugDescription) redirected \(walk.url.debugDescription) to \(to.debugDescription), whose "
                + "handler got other values: \(problems.joined(separator: "; ")): " + about)
    }
}

/// `t`: typed routes round trip. Values are cut from the URL line (its `/`-separated pieces), a
/// link is printed with `url(for:scheme:)` and routed: the handler must receive an equal value.
/// A value its pattern cannot print (an empty capture, an id that is not an `Int`) throws; what
/// prints must come back.
private struct TypedCheck {
    enum Tab: String, Codable, CaseIterable { case posts, likes }

    struct Link: TypedRoute, Equatable {
        static let pattern = "/link/{id:int}/{name}.x(/{tab:posts|likes})"
        var id: Int
        var name: String
        var tab: Tab?
        var ref: String?
        var tags: [String]?
    }

    struct Rest: TypedRoute, Equatable {
        static let pattern = "/rest/{head}-{tail}/{rest:*}"
        var head: String
        var tail: String
        var rest: [String]
    }

    let line: String
    let plusIsSpace: Bool

    func run() {
        let pieces = line.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        func piece(_ index: Int) -> String { pieces.isEmpty ? "" : pieces[index % pieces.count] }
        let router = Router()
        router.myapp.options = plusIsSpace ? [.decodePlusSymbols] : []
        var received: [Any] = []
        router.myapp.add(Link.self) { link in received.append(link); return true }
        router.myapp.add(Rest.self) { link in received.append(link); return true }
        let link = Link(
            id: piece(0).utf8.count, name: piece(1), tab: pieces.count > 2 ? .likes : nil,
            ref: pieces.count > 3 ? piece(3) : nil, tags: pieces.count > 4 ? [piece(4), piece(5)] : nil)
        roundTrip(link, router) { received.last as? Link }
        received = []
        let rest = Rest(head: piece(1), tail: piece(2), rest: Array(pieces.dropFirst(3)))
        roundTrip(rest, router) { received.last as? Rest }
    }

    private func roundTrip<Value: TypedRoute & Equatable>(
        _ value: Value, _ router: Router, _ received: () -> Value?
    ) {
        guard let url = try? router.url(for: value, scheme: "myapp") else { return }
        check(router.route(to: url), "typed: \(url) of \(value) routes nowhere")
        check(received() == value, "typed: \(url) gave \(String(describing: received())), not \(value)")
        check(router.roundTrip(value, scheme: "myapp").isEmpty, "typed: roundTrip of \(value) reports differences")
    }
}
