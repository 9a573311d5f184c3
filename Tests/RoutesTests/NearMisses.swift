import Foundation
import Routes

// URLs that the universal-links file must not admit, shared by the tests (AgreementTests) and
// the fuzzer (option a; Fuzz/build.sh compiles this file with Fuzz/FuzzTarget.swift). It uses the
// library's public API and the linear reference's pattern reading only, and stays internal.

/// Near misses of a routed https URL: the URL with one literal segment of its route changed to a
/// text no route has. One that differs from every route in a literal segment must not open the
/// app: the universal-links file admits more than the router routes (Apple's `*` crosses `/`),
/// but never a URL whose literals no route has.
///
/// ```swift
/// for nearMiss in NearMisses.of(url, pattern: parsed)
/// where !NearMisses.isNearARoute(nearMiss, router, readsBraces: { _, _ in true }) {
///     assert(!file.admits(nearMiss))
/// }
/// ```
enum NearMisses {
    /// The text a changed literal gets: no pattern of the tests and the fuzzer's corpus has it.
    static let changedLiteral = "zq9"

    /// `url` (an https URL without a fragment) with each literal of `pattern`, the route that
    /// routed it, changed in turn: its query and fragment left out.
    static func of(_ url: String, pattern: LinearReference.Pattern) -> [String] {
        guard let parts = URLComponents(string: url), parts.percentEncodedFragment == nil,
            let host = parts.percentEncodedHost, !host.isEmpty
        else { return [] }
        var path = Substring(parts.percentEncodedPath)
        if path.hasPrefix("/") { path = path.dropFirst() }
        if path.hasSuffix("/") { path = path.dropLast() }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var result: [String] = []
        for (index, part) in pattern.parts.enumerated() {
            guard case .literal = part else { continue }
            let at = pattern.urlIndex(index, count: segments.count)
            guard segments.indices.contains(at) else { continue }
            var changed = segments
            changed[at] = changedLiteral
            result.append("https://\(host)/" + changed.joined(separator: "/"))
        }
        return result
    }

    /// Whether some route that an https URL may reach (the `https` table's, then the global
    /// table's when it falls back) has literals that `url`'s path fits: its pattern with every
    /// capture, template and wildcard as Apple's `*` (any text, `/` included; a wildcard
    /// possibly nothing), and each literal as a URL writes it. A URL near no route differs from
    /// each in a literal segment. `readsBraces` tells whether a definition's pattern reads
    /// braces (a typed route's, or one of a table with extended patterns).
    static func isNearARoute(
        _ url: String, _ router: Router, readsBraces: (Definition, RouteTable) -> Bool
    ) -> Bool {
        guard let path = URLComponents(string: url)?.percentEncodedPath else { return true }
        var paths = [path.isEmpty ? "/" : path]
        // The router reads `/a/` as `/a`.
        if path.count > 1, path.hasSuffix("/") { paths.append(String(path.dropLast())) }
        let https = router.https
        let tables = https.shouldFallback ? [https, router.default] : [https]
        for table in tables {
            for definition in table.definitions {
                let parts = LinearReference.Pattern(
                    definition.pattern, braces: readsBraces(definition, table)
                ).parts
                // A table that reads the host as a segment: the first part stands for the host.
                let variants =
                    table.options.contains(.treatHostAsPathComponent)
                    ? [parts, Array(parts.dropFirst())] : [parts]
                for parts in variants {
                    for dropsWildcard in [false, true] {
                        let skeleton = skeleton(parts, dropsWildcard: dropsWildcard)
                        if paths.contains(where: { UniversalLinksMatcher.glob(skeleton, matches: $0) }) {
                            return true
                        }
                    }
                }
            }
        }
        return false
    }

    /// The pattern of `parts` in Apple's syntax: literals as a URL writes them, anything else `*`
    /// (a wildcard nothing, with `dropsWildcard`).
    static func skeleton(_ parts: [LinearReference.Pattern.Part], dropsWildcard: Bool) -> String {
        var skeleton = ""
        for part in parts {
            switch part {
            case .literal(let bytes):
                // A `#` may start the fragment, a `*` or `?` is Apple's, a `%` may be an escape
                // that does not decode (written as it is): anything.
                let special = bytes.contains { "#*?%".utf8.contains($0) }
                skeleton += "/" + (special ? "*" : encoded(bytes))
            case .parameter, .template: skeleton += "/*"
            case .wildcard: skeleton += dropsWildcard ? "" : "/*"
            }
        }
        return skeleton.isEmpty ? "/" : skeleton
    }

    /// Bytes as a URL path writes them: letters, digits and `-._~!$&'()+,;=:@` as they are,
    /// others `%XX` in upper case.
    static func encoded(_ bytes: [UInt8]) -> String {
        let plain = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()+,;=:@".utf8)
        var text = ""
        for byte in bytes {
            if plain.contains(byte) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true)
                    + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return text
    }
}
