/// A finding of ``RouteTable/lint()``: a definition that can only run if an earlier one declines.
///
/// ```swift
/// for warning in router.lint() { print(warning) }
/// // [myapp] /user/:userID differs from /user/:id only in parameter names; it runs only if /user/:id declines
/// ```
public struct RouteLintWarning: Sendable, Hashable, CustomStringConvertible {
    /// What kind of overlap.
    ///
    /// ```swift
    /// warning.kind == .duplicate
    /// ```
    public enum Kind: Sendable, Hashable {
        /// The same pattern (same parameter names) is registered twice.
        case duplicate
        /// The same pattern except for the parameter names.
        case parameterNamesOnly
        /// An earlier definition matches every URL this one matches (a same or broader pattern
        /// at a higher or equal rank).
        case shadowed
    }

    /// What kind of overlap.
    ///
    /// ```swift
    /// warning.kind  // .shadowed
    /// ```
    public let kind: Kind
    /// The scheme of the table.
    ///
    /// ```swift
    /// warning.scheme  // "myapp"
    /// ```
    public let scheme: String
    /// The definition that only runs if the earlier one declines.
    ///
    /// ```swift
    /// warning.pattern  // "/user/new"
    /// ```
    public let pattern: String
    /// The earlier definition that is asked first.
    ///
    /// ```swift
    /// warning.earlierPattern  // "/user/:id"
    /// ```
    public let earlierPattern: String

    /// A readable sentence.
    ///
    /// ```swift
    /// print(warning)
    /// ```
    public var description: String {
        let what: String
        switch kind {
        case .duplicate: what = "duplicates \(earlierPattern)"
        case .parameterNamesOnly: what = "differs from \(earlierPattern) only in parameter names"
        case .shadowed: what = "is shadowed by \(earlierPattern), which matches every URL it matches"
        }
        return "[\(scheme)] \(pattern) \(what); it runs only if \(earlierPattern) declines"
    }
}

extension RouteTable {
    /// Definitions that can only run if an earlier one declines: duplicates, patterns that differ
    /// only in parameter names, and patterns shadowed by a same or broader one asked before them.
    /// Each definition is reported once, against the first definition that covers it.
    ///
    /// ```swift
    /// router.default.add(pattern: "/user/:id") { _ in true }
    /// router.default.add(pattern: "/user/new") { _ in true }
    /// router.default.lint().map(\.kind)  // [.shadowed]
    /// ```
    public func lint() -> [RouteLintWarning] {
        var warnings: [RouteLintWarning] = []
        for (position, later) in definitions.enumerated() {
            guard let earlier = definitions[..<position].first(where: { $0.parsed.covers(later.parsed) })
            else {
                continue
            }
            let kind: RouteLintWarning.Kind
            if earlier.parsed.segments == later.parsed.segments {
                kind = .duplicate
            } else if earlier.parsed.shape == later.parsed.shape {
                kind = .parameterNamesOnly
            } else {
                kind = .shadowed
            }
            warnings.append(
                RouteLintWarning(
                    kind: kind, scheme: scheme, pattern: later.pattern, earlierPattern: earlier.pattern))
        }
        return warnings
    }
}

extension Router {
    /// ``RouteTable/lint()`` for every table: the global table first, then the schemes in order.
    ///
    /// ```swift
    /// #expect(router.lint().isEmpty)
    /// ```
    public func lint() -> [RouteLintWarning] {
        ([self.default] + schemes.map { self[$0] }).flatMap { $0.lint() }
    }
}
