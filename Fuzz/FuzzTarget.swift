import Foundation
import Routes

// The libFuzzer target of Routes (see Fuzz/README.md).
//
// It uses the library's public API only (build.sh compiles the library as its own module), and
// predicts every routing decision with a small, slow reference written from the spec
// (/work/shared/spec/routing.md §2–§5): Foundation's `URLComponents` splits the URL, and each
// registered definition is matched by a linear scan. The trie, the fast URL splitter and the
// parameter layers must all agree with it.
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
//   lines 1..<last patterns: even lines go to the `myapp` table, odd lines to the global table;
//                  every fourth is registered with `add(definition:)`, the rest with `add(pattern:)`
//   last line      the URL, routed as a String and (when `URL(string:)` accepts it) as a URL
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

/// A parameter dictionary as text: keys sorted, values tagged with their type.
private func canonical(_ dictionary: [String: Any]) -> String {
    dictionary.map { key, value in
        let text: String
        switch value {
        case let string as String: text = string.debugDescription
        case let strings as [String]: text = "[" + strings.map(\.debugDescription).joined(separator: ", ") + "]"
        case let number as Int: text = "int \(number)"
        case let url as URL: text = "URL \(url.absoluteString.debugDescription)"
        default: text = "\(type(of: value))"
        }
        return (key, "\(key.debugDescription): \(text)")
    }
    .sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }.map(\.1).joined(separator: ", ")
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

    init(bytes: UnsafeBufferPointer<UInt8>) {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self)
        }
        guard !lines.isEmpty else { return }
        options = Set(lines.removeFirst())
        guard let last = lines.popLast() else { return }
        url = last
        patterns = Array(lines.prefix(FuzzCase.maximumPatterns))
    }

    func declines(line: Int) -> Bool { options.contains("d") && line % 3 == 1 }

    func run() {
        let router = Router()
        let log = FuzzLog()
        var reported: [RoutePatternError] = []
        router.onInvalidPattern = { reported.append($0) }
        let myapp = router.myapp
        for table in [myapp, router.default] {
            table.options = options.contains("p") ? [] : [.decodePlusSymbols]
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
                options.contains("n") && line % 5 == 4
                ? nil
                : { params in
                    log.calls.append(FuzzCase.inspect(params, line: line))
                    return !declines(line: line)
                }
            let expected = Result { () throws(RoutePatternError) in try Router.expand(pattern: pattern) }
            if case .failure(let error) = expected {
                check(error.pattern == pattern, "error names \(error.pattern.debugDescription), not the pattern")
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
                    added.isEmpty == (hasGroup || (try? expected.get()) == nil),
                    "add(definition:) of \(pattern.debugDescription) registered \(added.count), expand gave \(expected)")
                check(added.isEmpty == (reported.count == 1), "add(definition:) rejection reported \(reported.count) times")
            } else {
                added = table.add(pattern: pattern, priority: priority, handler: handler)
                switch expected {
                case .success(let expansions):
                    check(
                        added.map(\.pattern) == expansions,
                        "add(pattern: \(pattern.debugDescription)) registered \(added.map(\.pattern)), expand gave \(expansions)")
                    check(
                        expansions.count <= 1 << Router.maximumOptionalGroups,
                        "\(expansions.count) expansions of \(pattern.debugDescription)")
                    check(Set(expansions).count == expansions.count, "\(pattern.debugDescription) expands twice the same")
                    check(reported.isEmpty, "valid pattern \(pattern.debugDescription) reported \(reported)")
                case .failure(let error):
                    check(added.isEmpty, "invalid pattern \(pattern.debugDescription) registered \(added.count)")
                    check(reported == [error], "\(pattern.debugDescription): expand threw \(error), add reported \(reported)")
                }
            }
            for definition in added {
                check(definition.scheme == table.scheme, "a registered definition has scheme \(definition.scheme ?? "nil")")
                check(definition.priority == priority, "a registered definition has priority \(definition.priority)")
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
            let order = table.definitions.map { ($0.priority, registered[ObjectIdentifier($0)]?.sequence ?? -1) }
            for (earlier, later) in zip(order, order.dropFirst()) {
                check(
                    earlier.0 > later.0 || (earlier.0 == later.0 && earlier.1 < later.1),
                    "definitions of \(table.scheme) out of routing order: \(order)")
            }
        }

        let reference = Reference(case: self, router: router, registered: registered)
        let expected = reference.route(url)
        let accepted = router.route(to: url, parameters: [FuzzCase.extraKey: 1])
        // Known issue "punycode-host": the fast path keeps an IDNA host ("xn--caf-dma") as written,
        // where `URLComponents` (the reference) decodes it ("caf%C3%A9").
        if FuzzCase.skipped.contains("punycode-host") && url.lowercased().contains("xn--") { return }
        check(
            log.calls == expected.calls,
            "routing \(url.debugDescription) called\n  \(log.calls)\nthe reference expects\n  \(expected.calls)")
        check(accepted == expected.accepted, "route(to: \(url.debugDescription)) returned \(accepted)")
        check(
            log.unmatched == (accepted || expected.notAURL ? 0 : 1),
            "the unmatched handler ran \(log.unmatched) times for \(url.debugDescription)")
        let canRoute = router.canRoute(to: url)
        check(canRoute == expected.matched, "canRoute(to: \(url.debugDescription)) returned \(canRoute)")
        if !options.contains("d") && !options.contains("n") {
            check(canRoute == accepted, "canRoute and route disagree on \(url.debugDescription)")
        }

        // The same URL as a `URL` value routes the same way.
        guard let value = URL(string: url) else { return }
        let stringCalls = log.calls
        log.calls = []
        log.unmatched = 0
        let urlAccepted = router.route(to: value, parameters: [FuzzCase.extraKey: 1])
        check(
            (urlAccepted == accepted && log.calls == stringCalls) || FuzzCase.skipped.contains("url-vs-string"),
            "\(url.debugDescription) as URL (\(value.absoluteString.debugDescription)) returned \(urlAccepted) "
                + "and called \(log.calls); as String \(accepted) and \(stringCalls)")
        check(router.canRoute(to: value) == urlAccepted || options.contains("d") || options.contains("n"),
            "canRoute and route disagree on URL \(value.absoluteString.debugDescription)")
    }

    /// Checks the parameters a handler receives and names the call.
    static func inspect(_ params: RouteParameters, line: Int) -> FuzzCall {
        let dictionary = params.dictionary
        let pattern = params.pattern
        let parsed = ReferencePattern(pattern)
        var allowed = Set(parsed.parameterNames).union([
            Definition.Keys.pattern, Definition.Keys.url, Definition.Keys.scheme, FuzzCase.extraKey,
        ])
        if parsed.hasWildcard { allowed.insert(Definition.Keys.wildcard) }
        allowed.formUnion(Reference.queryNames(params.url))
        for key in dictionary.keys {
            check(allowed.contains(key), "unexpected parameter key \(key.debugDescription) for \(pattern.debugDescription)")
        }
        check(params.count == dictionary.count, "count \(params.count) but \(dictionary.count) keys")
        for (key, value) in dictionary {
            check(
                params[key].map { "\($0)" } == "\(value)",
                "params[\(key.debugDescription)] is \(String(describing: params[key])), dictionary has \(value)")
        }
        check(params[Definition.Keys.pattern] as? String == pattern, "reserved pattern overridden")
        check(params[Definition.Keys.scheme] as? String == params.scheme, "reserved scheme overridden")
        check(params[Definition.Keys.url] as? URL == params.url, "reserved URL overridden")
        check(params[FuzzCase.extraKey] as? Int == 1, "the extra parameter is lost")
        for name in parsed.parameterNames where name != FuzzCase.extraKey {
            let value = params[name] as? String
            check(value?.isEmpty == false, "parameter \(name.debugDescription) is \(String(describing: value))")
        }
        if parsed.hasWildcard {
            check(params[Definition.Keys.wildcard] is [String], "wildcard components missing for \(pattern.debugDescription)")
        }
        return FuzzCall(line: line, pattern: pattern, scheme: params.scheme, parameters: canonical(dictionary))
    }
}

// MARK: - The reference

/// A pattern without optional groups, split as spec §3 says.
private struct ReferencePattern {
    enum Part {
        case literal([UInt8])
        case parameter(String)
        case wildcard
    }

    var parts: [Part] = []

    init(_ pattern: String) {
        for component in Reference.trimmedSplit(Substring(pattern)) {
            if component == "*" {
                parts.append(.wildcard)
            } else if component.utf8.first == UInt8(ascii: ":") {
                // Byte-wise too: a combining mark after ":" or before "#" does not hide them.
                var name = Array(component.utf8.dropFirst())
                if name.isEmpty {
                    name = Array(":".utf8)
                } else if name.last == UInt8(ascii: "#") {
                    name.removeLast()
                }
                parts.append(.parameter(String(decoding: name, as: UTF8.self)))
            } else {
                parts.append(.literal(Reference.decodeOrKeep(component)))
            }
        }
    }

    var hasWildcard: Bool {
        if case .wildcard = parts.last { return true }
        return false
    }

    var parameterNames: [String] {
        parts.compactMap { if case .parameter(let name) = $0 { return name } else { return nil } }
    }

    /// Spec §4: same segment count (or at least the parts before a trailing `*`), equal literals
    /// (bytes of the decoded segment), non-empty parameters.
    func matches(_ segments: [Substring]) -> Bool {
        var fixed = parts[...]
        if hasWildcard {
            fixed = fixed.dropLast()
            guard segments.count >= fixed.count else { return false }
        } else {
            guard segments.count == fixed.count else { return false }
        }
        for (segment, part) in zip(segments, fixed) {
            switch part {
            case .literal(let bytes): guard Reference.decodeOrKeep(segment) == bytes else { return false }
            case .parameter: guard !segment.isEmpty else { return false }
            case .wildcard: return false
            }
        }
        return true
    }
}

/// Routing as the spec describes it, slowly and from `URLComponents`.
private struct Reference {
    let fuzzCase: FuzzCase
    let router: Router
    let registered: [ObjectIdentifier: (line: Int, sequence: Int)]

    init(case fuzzCase: FuzzCase, router: Router, registered: [ObjectIdentifier: (line: Int, sequence: Int)]) {
        self.fuzzCase = fuzzCase
        self.router = router
        self.registered = registered
    }

    /// The calls routing `string` makes, whether it is accepted, whether any definition matches.
    func route(_ string: String) -> (calls: [FuzzCall], accepted: Bool, matched: Bool, notAURL: Bool) {
        // §2.1: a string that `URL(string:)` cannot parse routes nowhere.
        guard let url = URL(string: string),
            let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return ([], false, false, true) }
        // §2.2: the table of the scheme, ignoring case; the global one otherwise.
        let scheme = components.scheme?.lowercased()
        let first = scheme == "myapp" ? router.myapp : router.default
        var tables = [first]
        if first.shouldFallback && first !== router.default { tables.append(router.default) }
        var calls: [FuzzCall] = []
        var matched = false
        for table in tables {
            let segments = Reference.segments(components, options: table.options)
            for definition in table.definitions {
                let pattern = ReferencePattern(definition.pattern)
                guard pattern.matches(segments) else { continue }
                matched = true
                guard definition.handler != nil, let line = registered[ObjectIdentifier(definition)]?.line else {
                    return (calls, true, true, false)
                }
                let parameters = Reference.parameters(
                    definition: definition, pattern: pattern, segments: segments, components: components, url: url,
                    table: table)
                calls.append(FuzzCall(line: line, pattern: definition.pattern, scheme: table.scheme, parameters: parameters))
                if !fuzzCase.declines(line: line) { return (calls, true, true, false) }
            }
        }
        return (calls, false, matched, false)
    }

    /// Spec §5: query items (the URL's, then the fragment's), route values, the extra parameter,
    /// the reserved keys; later layers win.
    static func parameters(
        definition: Definition, pattern: ReferencePattern, segments: [Substring], components: URLComponents,
        url: URL, table: RouteTable
    ) -> String {
        let plus = table.options.contains(.decodePlusSymbols)
        var items: [(name: Substring, value: Substring?)] = []
        if let query = components.percentEncodedQuery { items += queryItems(Substring(query)) }
        if let fragment = components.percentEncodedFragment {
            let parts = fragmentParts(fragment)
            if parts.hasItems { items += queryItems(Substring(parts.query)) }
        }
        var dictionary: [String: Any] = [:]
        var values: [String: [String]] = [:]
        for item in items where !item.name.isEmpty {
            let name = String(decoding: decodeOrKeep(item.name), as: UTF8.self)
            values[name, default: []].append(item.value.map { decodeValue($0, plus: plus) } ?? "")
        }
        for (name, list) in values { dictionary[name] = list.count == 1 ? list[0] : list }
        for (index, part) in pattern.parts.enumerated() {
            switch part {
            case .literal: break
            case .parameter(let name):
                // As JLRoutes: one trailing "#" (from a fragment route) is not part of the value.
                var raw = segments[index]
                if raw.utf8.count > 1, raw.utf8.last == UInt8(ascii: "#") { raw = raw.dropLast() }
                dictionary[name] = decodeValue(raw, plus: plus)
            case .wildcard:
                // The empty path reads as one empty segment, but a wildcard captures nothing from it.
                dictionary[Definition.Keys.wildcard] =
                    segments == [""] ? [] : segments[index...].map { decodeValue($0, plus: plus) }
            }
        }
        dictionary[FuzzCase.extraKey] = 1
        dictionary[Definition.Keys.pattern] = definition.pattern
        dictionary[Definition.Keys.url] = url
        dictionary[Definition.Keys.scheme] = table.scheme
        return canonical(dictionary)
    }

    /// `a=1&b&&=c` → (a, 1), (b, nil), ("", nil), ("", c).
    static func queryItems(_ query: Substring) -> [(name: Substring, value: Substring?)] {
        query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            guard let equals = item.firstIndex(of: "=") else { return (item, nil) }
            return (item[..<equals], item[item.index(after: equals)...])
        }
    }

    /// A value: with `plus`, literal `+` become spaces first; then decoded once (kept when it
    /// cannot be decoded).
    static func decodeValue(_ raw: Substring, plus: Bool) -> String {
        let text = plus ? Substring(String(decoding: raw.utf8.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)) : raw
        return String(decoding: decodeOrKeep(text), as: UTF8.self)
    }

    /// Spec §2.3–§2.5: the host (maybe), the path without one leading and one trailing `/`, and
    /// `#` + the fragment's path, split on `/`.
    static func segments(_ components: URLComponents, options: RouteOptions) -> [Substring] {
        var host: String?
        if let text = components.percentEncodedHost, !text.isEmpty {
            let decoded = decodeOrKeep(Substring(text))
            if options.contains(.treatHostAsPathComponent)
                || (decoded != Array("localhost".utf8) && !decoded.contains(UInt8(ascii: ".")))
            {
                host = text
            }
        }
        var path = components.percentEncodedPath
        if let host {
            // The host is the first component; the path's components follow it.
            path = host + (path.hasPrefix("/") || path.isEmpty ? path : "/" + path)
        }
        if let fragment = components.percentEncodedFragment {
            let (fragmentPath, _, hasItems, onlyItems) = fragmentParts(fragment)
            if !(hasItems && onlyItems) {
                if path.hasSuffix("/") && host != nil { path.removeLast() }
                path += "#" + fragmentPath
            }
        }
        return trimmedSplit(Substring(path))
    }

    /// The fragment's path, whether its query items join the URL's, whether it is nothing else.
    static func fragmentParts(_ fragment: String) -> (path: String, query: String, hasItems: Bool, onlyItems: Bool) {
        let mark = fragment.firstIndex(of: "?")
        let path = mark.map { String(fragment[..<$0]) } ?? fragment
        let query = mark.map { String(fragment[fragment.index(after: $0)...]) } ?? fragment
        let first = query.split(separator: "&", omittingEmptySubsequences: false)[0]
        let value = first.firstIndex(of: "=").map { first[first.index(after: $0)...] } ?? ""
        // As JLRoutes: the fragment is "nothing but query items" when its path reads as its query.
        return (path, query, !value.isEmpty, path == query)
    }

    /// One leading and one trailing `/` removed, then split on `/`: on the `/` byte, as JLRoutes
    /// splits on the UTF-16 unit, even where a combining mark follows it (so that `"/"` + U+0612
    /// is one `Character` but still a separator).
    static func trimmedSplit(_ text: Substring) -> [Substring] {
        let slash = UInt8(ascii: "/")
        var bytes = Array(text.utf8)
        if bytes.first == slash { bytes.removeFirst() }
        if bytes.last == slash { bytes.removeLast() }
        return bytes.split(separator: slash, omittingEmptySubsequences: false).map {
            Substring(String(decoding: $0, as: UTF8.self))
        }
    }

    /// Every name a query item of the URL or its fragment could have, decoded (a superset).
    static func queryNames(_ url: URL) -> Set<String> {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return [] }
        var texts: [String] = []
        if let query = components.percentEncodedQuery { texts.append(query) }
        if let fragment = components.percentEncodedFragment {
            texts.append(fragment)
            if let mark = fragment.firstIndex(of: "?") { texts.append(String(fragment[fragment.index(after: mark)...])) }
        }
        var names: Set<String> = []
        for text in texts {
            for item in text.split(separator: "&", omittingEmptySubsequences: false) {
                let name = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
                names.insert(String(decoding: decodeOrKeep(name), as: UTF8.self))
            }
        }
        return names
    }

    /// The bytes of `text` percent-decoded once, or its own bytes when an escape is malformed or
    /// the result is not UTF-8 (spec §2.6 with `removingPercentEncoding`'s rules).
    static func decodeOrKeep(_ text: Substring) -> [UInt8] {
        let raw = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < raw.count {
            if raw[index] == UInt8(ascii: "%") {
                guard index + 2 < raw.count, let high = hex(raw[index + 1]), let low = hex(raw[index + 2]) else {
                    return raw
                }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(raw[index])
                index += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) == nil ? raw : bytes
    }

    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// Prints what failed (control characters escaped) and traps, so that libFuzzer keeps the input.
private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    var text = ""
    for scalar in message().unicodeScalars {
        let isControl = (scalar.value < 0x20 && scalar != "\n") || scalar.value == 0x7F
        text += isControl ? scalar.escaped(asASCII: true) : String(scalar)
    }
    FileHandle.standardError.write(Data(("Routes fuzz check failed: " + text + "\n").utf8))
    fatalError("Routes fuzz check failed")
}
