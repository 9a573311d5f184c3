/// What ``Routes/Router/checkUniversalLinks(_:hosts:appID:declines:)`` found.
///
/// The routed links that the file leaves to the browser, and the file's entries that admit
/// links no route handles.
///
/// Its description is a failure message, grouped by host. In Swift Testing and in XCTest:
///
/// ```swift
/// let data = try Data(contentsOf: URL(fileURLWithPath: "aasa.json"))
/// let file = try AppSiteAssociationFile(data: data)
/// let report = router.checkUniversalLinks(file, hosts: ["example.com"])
/// if !report.isEmpty { print(report) }  // #expect in a test
/// // XCTest: XCTAssertTrue(report.isEmpty, report.description)
/// ```
public struct UniversalLinksReport: Sendable, CustomStringConvertible {
    /// A route whose link the file does not admit: iOS opens it in the browser.
    ///
    /// ```swift
    /// for finding in report.notAdmitted {
    ///     print(finding.host, finding.pattern, finding.link)
    /// }
    /// ```
    public struct NotAdmitted: Sendable, Equatable, CustomStringConvertible {
        /// The host the link was built for.
        ///
        /// ```swift
        /// finding.host  // "example.com"
        /// ```
        public let host: String
        /// The pattern of the route (an expansion, for a pattern with optional groups).
        ///
        /// ```swift
        /// finding.pattern  // "/post/:id"
        /// ```
        public let pattern: String
        /// A link that the route handles and the file does not admit.
        ///
        /// ```swift
        /// finding.link  // "https://example.com/post/1"
        /// ```
        public let link: String
        /// The exclusion that decides for the link, or `nil` when no entry matches it.
        ///
        /// ```swift
        /// finding.excludedBy?.keyPath  // "applinks.details[0].components[0]"
        /// ```
        public let excludedBy: AppSiteAssociationFile.Entry?

        /// The pattern, its link and why the file leaves it to the browser.
        ///
        /// ```swift
        /// print(finding)
        /// // /post/:id: https://example.com/post/1 is not admitted (no entry matches)
        /// ```
        public var description: String {
            let reason = excludedBy.map { "excluded by " + $0.description } ?? "no entry matches"
            return pattern + ": " + link + " is not admitted (" + reason + ")"
        }
    }

    /// An entry of the file that admits links no route handles: the app opens and routes
    /// nothing.
    ///
    /// ```swift
    /// for unrouted in report.unrouted {
    ///     print(unrouted.entry.keyPath, unrouted.link)
    /// }
    /// ```
    public struct Unrouted: Sendable, Equatable, CustomStringConvertible {
        /// The host of the example link.
        ///
        /// ```swift
        /// unrouted.host  // "example.com"
        /// ```
        public let host: String
        /// The entry, which decides for the link.
        ///
        /// ```swift
        /// unrouted.entry.keyPath  // "applinks.details[0].components[3]"
        /// ```
        public let entry: AppSiteAssociationFile.Entry
        /// An example link that the entry admits and that no route matches.
        ///
        /// ```swift
        /// unrouted.link  // "https://example.com/post/1#comments"
        /// ```
        public let link: String

        /// The entry, then its example link.
        ///
        /// ```swift
        /// print(unrouted)
        /// // applinks.details[0].components[3] { "/": "/shop/*" } admits
        /// // https://example.com/shop/1, which no route handles
        /// ```
        public var description: String {
            entry.description + " admits " + link + ", which no route handles"
        }
    }

    /// A route for which no link could be built (a value its constraint refuses, a host read
    /// as a segment): not checked.
    ///
    /// ```swift
    /// for skipped in report.unchecked { print(skipped.pattern, skipped.reason) }
    /// ```
    public struct Unchecked: Sendable, Equatable, CustomStringConvertible {
        /// The host the link was to be built for.
        ///
        /// ```swift
        /// skipped.host  // "example.com"
        /// ```
        public let host: String
        /// The route's pattern.
        ///
        /// ```swift
        /// skipped.pattern  // "/v/{id:myType}"
        /// ```
        public let pattern: String
        /// Why no link was built: the last `url(for:)` error.
        ///
        /// ```swift
        /// skipped.reason  // "... the value of id is refused by its constraint"
        /// ```
        public let reason: String

        /// The pattern and the reason.
        ///
        /// ```swift
        /// print(skipped)  // /v/{id:myType}: no sample link (...)
        /// ```
        public var description: String { pattern + ": no sample link (" + reason + ")" }
    }

    /// The routes whose links the file does not admit, per host in the order given, then in
    /// routing order.
    ///
    /// ```swift
    /// report.notAdmitted.map(\.pattern)  // ["/post/:id"]
    /// ```
    public let notAdmitted: [NotAdmitted]
    /// The entries that admit links no route handles, per host, in the file's order.
    ///
    /// ```swift
    /// report.unrouted.map(\.entry.keyPath)
    /// // ["applinks.details[0].components[3]"]
    /// ```
    public let unrouted: [Unrouted]
    /// The routes that could not be checked; they do not make the report fail.
    ///
    /// ```swift
    /// report.unchecked.isEmpty  // true
    /// ```
    public let unchecked: [Unchecked]

    /// Whether the file and the routes agree: no finding (unchecked routes aside).
    ///
    /// ```swift
    /// if !report.isEmpty { print(report) }  // #expect in a test
    /// ```
    public var isEmpty: Bool { notAdmitted.isEmpty && unrouted.isEmpty }

    /// The findings grouped by host, each on its line; "the file and the routes agree" when
    /// there are none.
    ///
    /// ```swift
    /// print(report)
    /// // example.com:
    /// //   routed, not admitted: /post/:id: https://example.com/post/1 is not
    /// //     admitted (no entry matches)
    /// ```
    public var description: String {
        var hosts: [String] = []
        for host in notAdmitted.map(\.host) + unrouted.map(\.host) + unchecked.map(\.host)
        where !hosts.contains(host) {
            hosts.append(host)
        }
        guard !hosts.isEmpty else { return "the file and the routes agree" }
        var lines: [String] = []
        for host in hosts {
            lines.append(host + ":")
            lines += notAdmitted.filter { $0.host == host }.map { "  routed, not admitted: \($0)" }
            lines += unrouted.filter { $0.host == host }.map { "  admitted, not routed: \($0)" }
            lines += unchecked.filter { $0.host == host }.map { "  not checked: \($0)" }
        }
        if isEmpty { lines.insert("the file and the routes agree; some routes were not checked", at: 0) }
        return lines.joined(separator: "\n")
    }
}
