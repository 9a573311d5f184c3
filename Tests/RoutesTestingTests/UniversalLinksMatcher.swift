import Foundation

// Apple's matching of universal links, shared by the tests (AppSiteAssociationTests) and the
// fuzzer (Fuzz/build.sh compiles this file with Fuzz/FuzzTarget.swift). It needs Foundation only
// and stays internal, so that it compiles unchanged in both modules.

/// A parsed `applinks` document that decides, as the system does, whether a URL opens the app:
/// components are tried in order and the first whose path (and fragment) patterns match decides;
/// `*` matches any run of characters, `/` included, and `?` one character. Patterns are compared
/// with the URL's percent-encoded text; a URL without a path is matched as `/`.
///
/// ```swift
/// let file = try UniversalLinksMatcher(router.appSiteAssociation(appIDs: [appID]))
/// file.admits("https://example.com/user/7")  // whether the URL opens the app
/// ```
struct UniversalLinksMatcher {
    /// A document that is not one `applinks` detail with `appIDs` and `components`.
    struct FormatError: Error, CustomStringConvertible {
        var description: String
    }

    struct Component {
        var path: String
        var fragment: String?
        var exclude: Bool
        /// `path` and `fragment` with each `$(name)` replaced by each of its values, in every
        /// combination.
        var paths: [String] = []
        var fragments: [String]? = nil
    }

    var appIDs: [String]
    var components: [Component]

    init(_ json: String) throws {
        func require<Value>(_ value: Any?, _ what: String) throws -> Value {
            guard let value = value as? Value else {
                throw FormatError(description: "\(what) is missing or malformed")
            }
            return value
        }
        let root: [String: Any] = try require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)), "the root")
        guard Set(root.keys) == ["applinks"] else {
            throw FormatError(description: "root keys \(root.keys.sorted())")
        }
        let applinks: [String: Any] = try require(root["applinks"], "applinks")
        guard Set(applinks.keys).isSubset(of: ["details", "substitutionVariables"]) else {
            throw FormatError(description: "applinks keys \(applinks.keys.sorted())")
        }
        let variables: [String: [String]] = try require(applinks["substitutionVariables"] ?? [:], "variables")
        let details: [[String: Any]] = try require(applinks["details"], "details")
        guard details.count == 1, let detail = details.first else {
            throw FormatError(description: "\(details.count) details")
        }
        appIDs = try require(detail["appIDs"], "appIDs")
        let components: [[String: Any]] = try require(detail["components"], "components")
        self.components = try components.map { entry in
            guard Set(entry.keys).isSubset(of: ["/", "#", "exclude"]) else {
                throw FormatError(description: "component keys \(entry.keys.sorted())")
            }
            var component = Component(
                path: try require(entry["/"], "a component's path"), fragment: entry["#"] as? String,
                exclude: entry["exclude"] as? Bool ?? false)
            component.paths = try Self.expanded(component.path, variables)
            component.fragments = try component.fragment.map { try Self.expanded($0, variables) }
            return component
        }
    }

    /// The component that decides for `url`, or `nil` when none matches.
    func decidingComponent(_ url: String) -> Component? {
        guard let parts = URLComponents(string: url) else { return nil }
        let path = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        let fragment = parts.percentEncodedFragment ?? ""
        return components.first { component in
            component.paths.contains { Self.glob($0, matches: path) }
                && component.fragments.map { $0.contains { Self.glob($0, matches: fragment) } } ?? true
        }
    }

    /// Whether the URL opens the app.
    func admits(_ url: String) -> Bool {
        decidingComponent(url).map { !$0.exclude } ?? false
    }

    /// Whether an `exclude` entry decides for the URL.
    func excludes(_ url: String) -> Bool {
        decidingComponent(url)?.exclude ?? false
    }

    /// The patterns a pattern with substitution variables stands for: each `$(name)` replaced
    /// by each value of the variable, in every combination.
    static func expanded(_ pattern: String, _ variables: [String: [String]]) throws -> [String] {
        guard let open = pattern.range(of: "$("), let close = pattern[open.upperBound...].firstIndex(of: ")")
        else {
            return [pattern]
        }
        let name = String(pattern[open.upperBound..<close])
        guard let values = variables[name] else { throw FormatError(description: "no variable \(name)") }
        let rest = try expanded(String(pattern[pattern.index(after: close)...]), variables)
        return values.flatMap { value in rest.map { String(pattern[..<open.lowerBound]) + value + $0 } }
    }

    /// Apple's pattern matching: `*` any run of characters, `?` one character, others themselves.
    /// Greedy, back to the last `*` on a mismatch (a later `*` makes the earlier ones' choices
    /// final), so a pattern and a text of thousands of characters compare in about their length.
    static func glob(_ pattern: String, matches text: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        let text = Array(text.unicodeScalars)
        var p = 0
        var t = 0
        // The last `*` seen, and where in the text its run of characters ends now.
        var star: (pattern: Int, text: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let last = star {
                star = (last.pattern, last.text + 1)
                p = last.pattern + 1
                t = last.text + 1
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
