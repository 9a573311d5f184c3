#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// What ``Routes/Router/check(links:isolation:)`` found: the links routed otherwise than
/// expected, and the routes, guards and redirects that no link reached.
///
/// Its description is a failure message that names each link, what was expected, what
/// happened and `explain`'s reading of the link. In Swift Testing and in XCTest:
///
/// ```swift
/// // DeepLinkTests.swift
/// import Routes
/// import RoutesTesting
/// import Testing
/// import XCTest
///
/// @MainActor func checkLinks(of router: Router) {
///     let report = router.check(links: [
///         "myapp://user/7": .route(scheme: "myapp", pattern: "/user/:id")
///     ])
///     #expect(report.isEmpty, "\(report)")              // Swift Testing
///     XCTAssertTrue(report.isEmpty, report.description)  // XCTest
/// }
/// ```
public struct LinkReport: CustomStringConvertible {
    /// A link that routing answered otherwise than the table expects.
    ///
    /// ```swift
    /// for mismatch in report.mismatches {
    ///     print(mismatch.link, mismatch.expected, mismatch.actual)
    /// }
    /// ```
    public struct Mismatch: CustomStringConvertible {
        /// The link, as the table gives it.
        ///
        /// ```swift
        /// mismatch.link  // "myapp://user/7"
        /// ```
        public let link: String
        /// What the table expects, in words.
        ///
        /// ```swift
        /// mismatch.expected  // "routed by /user/:id in myapp"
        /// ```
        public let expected: String
        /// What routing did, in words: redirects, the value or stack, and the decision.
        ///
        /// ```swift
        /// mismatch.actual  // "no route accepts it (myapp)"
        /// ```
        public let actual: String
        /// How the link reads and which definitions match it, as before it was routed.
        ///
        /// ```swift
        /// print(mismatch.explanation)  // as router.explain(link)
        /// ```
        public let explanation: RouteExplanation

        /// The link, expected, actual, then the explanation, indented.
        ///
        /// ```swift
        /// print(mismatch)
        /// ```
        public var description: String {
            let reason = explanation.description.split(separator: "\n").map { "    " + $0 }
            return (["\(link)", "  expected: \(expected)", "  actual:   \(actual)"] + reason)
                .joined(separator: "\n")
        }
    }

    /// A route, guard or redirect that no link of the table reached.
    ///
    /// ```swift
    /// report.unreached.map(\.pattern)  // ["/settings", "/account/*"]
    /// ```
    public struct Unreached: Sendable, Hashable, CustomStringConvertible {
        /// What it is.
        ///
        /// ```swift
        /// if case .redirect(let target) = unreached.kind {
        ///     print(target)
        /// }
        /// ```
        public enum Kind: Sendable, Hashable {
            /// A route (one expansion of its optional groups) whose closure no link reached.
            case route
            /// A guard that no link's routing asked.
            case `guard`
            /// A redirect route (one expansion) that sent no link to `to`, its target as given.
            case redirect(to: String)
        }

        /// The scheme of its table (``Routes/Router/defaultScheme`` for the global table).
        ///
        /// ```swift
        /// unreached.scheme  // "myapp"
        /// ```
        public let scheme: String
        /// A route's or redirect's pattern (an expansion), a guard's pattern as given.
        ///
        /// ```swift
        /// unreached.pattern  // "/settings"
        /// ```
        public let pattern: String
        /// Whether it is a route, a guard or a redirect.
        ///
        /// ```swift
        /// unreached.kind  // .route
        /// ```
        public let kind: Kind

        /// One line: the kind, the pattern and the table.
        ///
        /// ```swift
        /// unreached.description  // "route /settings in myapp"
        /// ```
        public var description: String {
            switch kind {
            case .route: return "route \(pattern) in \(LinkReport.name(scheme))"
            case .guard: return "guard \(pattern) in \(LinkReport.name(scheme))"
            case .redirect(let target):
                return "redirect \(pattern) to \(target) in \(LinkReport.name(scheme))"
            }
        }
    }

    /// How many links the table held.
    ///
    /// ```swift
    /// report.links  // 12
    /// ```
    public let links: Int
    /// The links routed otherwise than expected, in the table's order.
    ///
    /// ```swift
    /// report.mismatches.map(\.link)  // ["myapp://user/7"]
    /// ```
    public let mismatches: [Mismatch]
    /// The routes, guards and redirects of every table that no link reached.
    ///
    /// Table by table, the global table first: each table's routes and redirects in routing
    /// order, then its guards in registration order.
    ///
    /// ```swift
    /// report.unreached.map(\.description)
    /// // ["route /settings in myapp", "guard /account/* in myapp"]
    /// ```
    public let unreached: [Unreached]

    /// Whether there is nothing to report: every link routed as expected, and every route,
    /// guard and redirect reached.
    ///
    /// A table meant to cover only some routes checks ``mismatches`` alone.
    ///
    /// ```swift
    /// report.isEmpty             // the whole check
    /// report.mismatches.isEmpty  // the links alone, coverage aside
    /// ```
    public var isEmpty: Bool { mismatches.isEmpty && unreached.isEmpty }

    /// The report for people: each mismatch, then what no link reached.
    ///
    /// ```swift
    /// print(report)
    /// // 1 of 3 links differs:
    /// // myapp://user/7
    /// //   expected: routed by /user/:id in myapp
    /// //   actual:   no route accepts it (myapp)
    /// // ...
    /// ```
    public var description: String {
        var lines: [String] = []
        switch mismatches.count {
        case 0: lines.append("\(links) link\(links == 1 ? "" : "s"): each as expected")
        case 1: lines.append("1 of \(links) link\(links == 1 ? "" : "s") differs:")
        default: lines.append("\(mismatches.count) of \(links) links differ:")
        }
        lines += mismatches.map(\.description)
        if unreached.isEmpty {
            lines.append("every route, guard and redirect was reached")
        } else {
            lines.append("not reached by any link:")
            lines += unreached.map { "  " + $0.description }
        }
        return lines.joined(separator: "\n")
    }

    /// A stack as the report writes it: each value as `print` writes it, without its type.
    static func stack(_ values: [some Any]) -> String {
        "[" + values.map { "\($0)" }.joined(separator: ", ") + "]"
    }

    /// How the report names a table.
    static func name(_ scheme: String) -> String {
        scheme == Router.defaultScheme ? "the global table" : scheme
    }
}
