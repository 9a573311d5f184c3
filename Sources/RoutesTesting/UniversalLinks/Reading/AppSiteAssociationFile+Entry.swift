import Foundation

extension AppSiteAssociationFile {
    /// One pattern of the file: a `components` entry, or a legacy `paths` string, with the
    /// settings that apply to it and the apps it names.
    ///
    /// ```swift
    /// let link = URL(string: "https://example.com/buy/1")!
    /// let entry = file.decidingEntry(for: link)
    /// print(entry?.keyPath ?? "none")  // applinks.details[0].components[1]
    /// ```
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        /// The `?` of a component: one pattern for the whole query, or one per query item.
        ///
        /// ```swift
        /// if case .items(let items)? = entry.query { print(items["articleNumber"]!) }
        /// ```
        public enum Query: Sendable, Equatable {
            /// A pattern of the query's text, without its `?` (`"?": "a=*"`).
            case pattern(String)
            /// Query item names, each with the pattern its value must match (`"?": {"a": "*"}`).
            case items([String: String])
        }

        /// Where the entry is in the file, for messages.
        ///
        /// ```swift
        /// entry.keyPath  // "applinks.details[0].components[1]"
        /// ```
        public let keyPath: String
        /// The apps that open the URLs the entry admits (`appIDs`, or the one `appID`).
        ///
        /// ```swift
        /// entry.appIDs  // ["ABCDE12345.com.example.app"]
        /// ```
        public let appIDs: [String]
        /// The pattern of the URL's path (`/`); `nil` matches every path.
        ///
        /// ```swift
        /// entry.path  // "/buy/*"
        /// ```
        public let path: String?
        /// The pattern of the URL's query (`?`); `nil` matches every query.
        ///
        /// ```swift
        /// entry.query  // .items(["articleNumber": "????"])
        /// ```
        public let query: Query?
        /// The pattern of the URL's fragment (`#`); `nil` matches every fragment.
        ///
        /// ```swift
        /// entry.fragment  // "no_universal_links"
        /// ```
        public let fragment: String?
        /// Whether a URL that the entry matches opens in the browser (`exclude`, or `NOT `).
        ///
        /// ```swift
        /// entry.isExcluded  // true for { "/": "/help/website/*", "exclude": true }
        /// ```
        public let isExcluded: Bool
        /// Whether letters are compared case included (`caseSensitive`, after the defaults).
        ///
        /// ```swift
        /// entry.isCaseSensitive  // false under "defaults": { "caseSensitive": false }
        /// ```
        public let isCaseSensitive: Bool
        /// Whether the patterns are compared with the URL as written, escapes included
        /// (`percentEncoded`, after the defaults), rather than with its decoded text.
        ///
        /// ```swift
        /// entry.isPercentEncoded  // true unless a default or the entry says false
        /// ```
        public let isPercentEncoded: Bool
        /// The entry's `comment`, which matching ignores.
        ///
        /// ```swift
        /// entry.comment  // "Matches any URL whose path starts with /buy/"
        /// ```
        public let comment: String?

        let pathPattern: LinkPattern?
        let queryPattern: LinkPattern?
        let queryItemPatterns: [LinkPattern.QueryItem]
        let fragmentPattern: LinkPattern?

        /// The key path, then the entry's patterns and settings in the file's notation.
        ///
        /// ```swift
        /// print(entry)
        /// // applinks.details[0].components[1] { "/": "/buy/*" }
        /// ```
        public var description: String {
            var fields: [String] = []
            if let path { fields.append("\"/\": " + JSONText.quoted(path)) }
            switch query {
            case .pattern(let pattern)?: fields.append("\"?\": " + JSONText.quoted(pattern))
            case .items(let items)?:
                let list = items.sorted { $0.key < $1.key }.map {
                    JSONText.quoted($0.key) + ": " + JSONText.quoted($0.value)
                }
                fields.append("\"?\": { " + list.joined(separator: ", ") + " }")
            case nil: break
            }
            if let fragment { fields.append("\"#\": " + JSONText.quoted(fragment)) }
            if isExcluded { fields.append("\"exclude\": true") }
            if !isCaseSensitive { fields.append("\"caseSensitive\": false") }
            if !isPercentEncoded { fields.append("\"percentEncoded\": false") }
            return keyPath + " { " + fields.joined(separator: ", ") + " }"
        }

        /// Whether the entry matches the URL: its path (`/` when it has none), its query and its
        /// fragment (empty when it has none), each compared as the entry's settings say.
        func matches(_ url: URLComponents) -> Bool {
            func text(_ encoded: String?, _ decoded: String?) -> String {
                let text = (isPercentEncoded ? encoded : decoded) ?? ""
                return isCaseSensitive ? text : text.lowercased()
            }
            if let pathPattern {
                var path = text(url.percentEncodedPath, url.path)
                if path.isEmpty { path = "/" }
                guard pathPattern.matches(path) else { return false }
            }
            if let queryPattern, !queryPattern.matches(text(url.percentEncodedQuery, url.query)) {
                return false
            }
            if !queryItemPatterns.isEmpty {
                let items = (isPercentEncoded ? url.percentEncodedQueryItems : url.queryItems) ?? []
                for (name, value) in queryItemPatterns.map({ ($0.name, $0.value) }) {
                    let found = items.contains { item in
                        (isCaseSensitive ? item.name : item.name.lowercased()) == name
                            && value.matches(
                                isCaseSensitive ? item.value ?? "" : (item.value ?? "").lowercased())
                    }
                    guard found else { return false }
                }
            }
            if let fragmentPattern, !fragmentPattern.matches(text(url.percentEncodedFragment, url.fragment)) {
                return false
            }
            return true
        }
    }
}
