import Foundation
import Routes

#if canImport(RoutesTestSupport)
    @testable import RoutesTestSupport  // the fuzzer compiles LinearReference.swift beside this file
#endif

// What the universal-links file promises besides admitting every routed URL, shared by the tests
// (AppSiteAssociationTests) and the fuzzer (Fuzz/build.sh compiles this file with
// Fuzz/FuzzTarget.swift, LinearReference.swift and UniversalLinksMatcher.swift).

/// The universal-links file admits no URL that differs from every accepting route in a literal
/// segment: each URL it admits is one that some accepting route matches **loosely**.
///
/// A route matches a URL loosely when, as routing reads the URL (its fragment's path appended,
/// even for a fragment of query items only, or its fragment left out: an entry without a
/// fragment pattern admits every fragment), each
/// literal of the route is one whole segment in its place, and each `:name`, template and `*`
/// takes any number of segments, none included, as the file's `*` takes any run of characters.
/// Three looser places, which Apple's patterns cannot express otherwise: after the last literal
/// of a route, once the fragment has begun, any text may follow, whatever parts come after it
/// (the fragment's query may: `#/faq?x=1`, and `?` is a pattern character; a fragment's `*`
/// has no `/` of its own: `/a#/a/*` gives `"#": "/a*"`); a last literal's trailing `#` may be missing
/// (a pattern cannot tell an empty fragment from none: `/docs#` admits `/docs`); and a
/// literal's own `*` matches any text, `/` included (the literal `b*` of `/a/b*` takes `bz/c`),
/// as the file's `*` does.
///
/// ```swift
/// let promise = UniversalLinksPromise([("/a/*/b", [])])
/// promise.keeps("https://example.com/a/x/y/b")  // true
/// promise.keeps("https://example.com/about")    // false: `/a*` would admit it
/// ```
struct UniversalLinksPromise {
    struct Route {
        var pattern: LinearReference.Pattern
        var options: RouteOptions
    }

    var routes: [Route]

    /// The accepting routes, each with the options of its table.
    init(_ routes: [(pattern: String, options: RouteOptions)]) {
        self.routes = routes.map {
            Route(
                pattern: LinearReference.Pattern($0.pattern, braces: $0.options.contains(.extendedPatterns)),
                options: $0.options)
        }
    }

    /// Whether some route matches `url` loosely: the file may admit it.
    func keeps(_ url: String) -> Bool {
        guard let value = URL(string: url),
            let foundation = URLComponents(url: value, resolvingAgainstBaseURL: true)
        else { return false }
        let parts = LinearReference.written(url, foundation)
        var readings = [parts]
        if let fragment = parts.percentEncodedFragment {
            // The fragment's path appended, even when the fragment is only query items
            // (`#k=v`): a pattern cannot tell them apart.
            var appended = parts
            let mark = fragment.firstIndex(of: "?") ?? fragment.endIndex
            appended.percentEncodedFragment = fragment[..<mark] + "?"
            var withoutFragment = parts
            withoutFragment.percentEncodedFragment = nil
            readings = [appended, withoutFragment]
        }
        return routes.contains { route in
            readings.contains { reading in
                let (segments, host) = LinearReference.segments(reading, options: route.options)
                let hostPrefix =
                    host.map { host in
                        LinearReference.decode(segments[0]) == nil
                            ? host.utf8.count : LinearReference.decodeOrKeep(Substring(host)).count
                    } ?? 0
                return Self.matchesLoosely(route.pattern.parts, segments, hostPrefix: hostPrefix)
            }
        }
    }

    /// Whether the parts take the segments, literals whole and in their places, the others any
    /// number of segments. The fragment begins at the first segment with a `#` (a `#` inside
    /// the fragment reads as `%23`).
    static func matchesLoosely(
        _ parts: [LinearReference.Pattern.Part], _ segments: [Substring], hostPrefix: Int
    )
        -> Bool
    {
        let decoded = segments.map { LinearReference.decodeOrKeep($0) }
        let fragmentStart = segments.firstIndex { $0.utf8.contains(UInt8(ascii: "#")) } ?? segments.count
        // reachable[i][j]: the first i parts take the first j segments.
        var reachable = Array(
            repeating: Array(repeating: false, count: segments.count + 1), count: parts.count + 1)
        reachable[0][0] = true
        // lastLiterals[i]: no literal follows part i.
        var lastLiterals = Array(repeating: true, count: parts.count)
        for i in parts.indices.dropLast().reversed() {
            if case .literal = parts[i + 1] {
                lastLiterals[i] = false
            } else {
                lastLiterals[i] = lastLiterals[i + 1]
            }
        }
        for (i, part) in parts.enumerated() {
            for j in 0...segments.count where reachable[i][j] {
                guard case .literal(let literal) = part else {
                    for k in j...segments.count { reachable[i + 1][k] = true }
                    continue
                }
                guard j < segments.count else { continue }
                let text = decoded[j]
                if LinearReference.equal(literal, text, ignoringCaseIn: j == 0 ? hostPrefix : 0) {
                    reachable[i + 1][j + 1] = true
                }
                // A literal's own `*` takes any text, across segments too: the segments j..<k
                // joined by `/`.
                if literal.contains(UInt8(ascii: "*")) {
                    let pattern = String(decoding: literal, as: UTF8.self)
                    for k in (j + 1)...segments.count
                    where UniversalLinksMatcher.glob(
                        pattern,
                        matches: decoded[j..<k].map { String(decoding: $0, as: UTF8.self) }.joined(
                            separator: "/"))
                    {
                        reachable[i + 1][k] = true
                    }
                }
                // After the last literal, in the fragment, any text may follow (the parts after
                // it take the rest as they like); an empty literal is a whole empty segment, since
                // the file writes its `/`, and the text after that `/` may follow.
                if j >= fragmentStart, lastLiterals[i],
                    literal.isEmpty ? text.isEmpty : text.starts(with: literal)
                {
                    reachable[parts.count][segments.count] = true
                }
                // A pattern cannot tell an empty fragment from none: a last literal's `#` may be
                // missing from the last segment (or, with a `*` of its own, from the text left).
                if i == parts.count - 1, literal.last == UInt8(ascii: "#") {
                    let rest = String(decoding: literal.dropLast(), as: UTF8.self)
                    if literal.contains(UInt8(ascii: "*"))
                        ? UniversalLinksMatcher.glob(
                            rest,
                            matches: decoded[j...].map { String(decoding: $0, as: UTF8.self) }.joined(
                                separator: "/"))
                        : j == segments.count - 1 && text.elementsEqual(literal.dropLast())
                    {
                        reachable[i + 1][segments.count] = true
                    }
                }
            }
        }
        return reachable[parts.count][segments.count]
    }
}
