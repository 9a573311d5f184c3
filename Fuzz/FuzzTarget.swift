import Foundation
import Routes

// The libFuzzer target of Routes (see Fuzz/README.md).
//
// It uses the library's public API only (build.sh compiles the library as its own module), and
// predicts every routing decision with the repository's linear reference
// (Tests/RoutesTests/LinearReference.swift, compiled with this file), which reads the URL with
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
                        expansions.count <= 1 << 10,  // at most 10 optional groups
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
            "routing \(url.debugDescription) called\n  \(log.calls)\nthe reference expects\n  \(expectedCalls)")
        check(accepted == expected.accepted, "route(to: \(url.debugDescription)) returned \(accepted)")
        check(
            log.unmatched == (accepted || !expected.isURL ? 0 : 1),
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
        let parsed = LinearReference.Pattern(pattern)
        var allowed = Set(parsed.parameterNames).union([
            RouteParameters.Keys.pattern, RouteParameters.Keys.url, RouteParameters.Keys.scheme, FuzzCase.extraKey,
        ])
        if parsed.hasWildcard { allowed.insert(RouteParameters.Keys.wildcard) }
        allowed.formUnion(FuzzCase.queryNames(params.url))
        for key in dictionary.keys {
            check(allowed.contains(key), "unexpected parameter key \(key.debugDescription) for \(pattern.debugDescription)")
        }
        check(params.count == dictionary.count, "count \(params.count) but \(dictionary.count) keys")
        for (key, value) in dictionary {
            check(
                params[key].map { "\($0)" } == "\(value)",
                "params[\(key.debugDescription)] is \(String(describing: params[key])), dictionary has \(value)")
        }
        check(params[RouteParameters.Keys.pattern] as? String == pattern, "reserved pattern overridden")
        check(params[RouteParameters.Keys.scheme] as? String == params.scheme, "reserved scheme overridden")
        check(params[RouteParameters.Keys.url] as? URL == params.url, "reserved URL overridden")
        check(params[FuzzCase.extraKey] as? Int == 1, "the extra parameter is lost")
        for name in parsed.parameterNames where name != FuzzCase.extraKey {
            let value = params[name] as? String
            check(value?.isEmpty == false, "parameter \(name.debugDescription) is \(String(describing: value))")
        }
        if parsed.hasWildcard {
            check(params[RouteParameters.Keys.wildcard] is [String], "wildcard components missing for \(pattern.debugDescription)")
        }
        return FuzzCall(line: line, pattern: pattern, scheme: params.scheme, parameters: LinearReference.canonical(dictionary))
    }
}

extension FuzzCase {
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
                names.insert(String(decoding: LinearReference.decodeOrKeep(name), as: UTF8.self))
            }
        }
        return names
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
