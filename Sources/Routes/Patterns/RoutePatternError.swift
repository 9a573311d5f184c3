/// Why a route pattern was rejected, and where.
///
/// ```swift
/// router.onInvalidPattern = { error in
///     print(error)
///     // Invalid route pattern "/user/(:id": '(' is never closed (offset 6)
///     //   /user/(:id
///     //         ^
/// }
/// router.default.add(pattern: "/user/(:id") { _ in true }  // []
/// ```
public struct RoutePatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the pattern.
    ///
    /// ```swift
    /// if error.reason == .secondWildcard { print("keep one * in the pattern") }
    /// ```
    public enum Reason: Sendable, Hashable {
        /// A `(` is never closed.
        case unclosedParenthesis
        /// A `)` has no `(` before it.
        case unopenedParenthesis
        /// A `(` inside an optional group: groups do not nest.
        case nestedParenthesis
        /// A second `*` (or `{name:*}`) in one pattern: where each would end is a guess.
        case secondWildcard
        /// The same parameter name twice in one expansion of the pattern.
        case duplicateParameter(String)
        /// More optional groups than `limit` (10): each doubles the definitions a pattern makes.
        case tooManyOptionalGroups(limit: Int)
        /// A parameter without a name, such as `:#`.
        case emptyParameterName
        /// A ``Definition`` whose pattern has an optional group: register such patterns with
        /// ``RouteTable/add(pattern:priority:handler:)-(_,_,RouteHandler?)``, which expands them.
        case optionalGroupInDefinition
        /// The ``Definition`` is already registered in a table.
        case alreadyRegistered
        /// The target of ``RouteTable/addRedirect(from:to:priority:)`` names a value that the
        /// expansion `source` of its `from` does not capture (the error's pattern is the target).
        case valueNotCaptured(String, source: String)
        /// The target of ``RouteTable/addRedirect(from:to:priority:)`` does not print as a URL
        /// (`myapp://h:abc/:x`: the port is not a number); the offset is its authority's.
        case targetNotAURL
        /// In an extended pattern (``RouteOptions/extendedPatterns``), a `{` is never closed.
        case unclosedBrace
        /// In an extended pattern, a `}` has no matching `{`.
        case unopenedBrace
        /// In an extended pattern, a `{` inside braces.
        case nestedBrace
        /// In an extended pattern, two captures with no fixed text between them (`{a}{b}`): where
        /// one ends would be a guess.
        case adjacentCaptures
        /// In an extended pattern, `{name:*}` beside other text in its segment.
        case wildcardNotWhole
        /// In an extended pattern, an empty value among allowed values (`{tab:posts||likes}`).
        case emptyAllowedValue
        /// In an extended pattern, a type that is neither built in (`int`, `uint`, `double`,
        /// `bool`, `uuid`) nor registered with ``Router/addParameterType(_:accepts:)``.
        case unknownCaptureType(String)
        /// In an extended pattern, text beside a capture that a URL writes escaped, such as a space.
        ///
        /// Such text is compared with the URL as written, so it could never match: the reason
        /// gives the component written as a URL writes it (`caf%C3%A9-{a}` for `café-{a}`).
        case fixedTextNeedsEncoding(String)
    }

    /// The pattern as it was given.
    ///
    /// ```swift
    /// error.pattern  // "/user/(:id"
    /// ```
    public let pattern: String
    /// The 0-based character offset in ``pattern`` where the problem is.
    ///
    /// ```swift
    /// error.offset  // 6
    /// ```
    public let offset: Int
    /// What is wrong.
    ///
    /// ```swift
    /// error.reason  // .unclosedParenthesis
    /// ```
    public let reason: Reason

    /// An error at a character offset of the pattern.
    init(pattern: String, offset: Int, reason: Reason) {
        self.pattern = pattern
        self.offset = offset
        self.reason = reason
    }

    /// An error at a UTF-8 offset of the pattern, reported as a character offset.
    init(pattern: String, utf8Offset: Int, reason: Reason) {
        let utf8 = pattern.utf8
        let index = utf8.index(utf8.startIndex, offsetBy: min(utf8Offset, utf8.count))
        self.init(
            pattern: pattern, offset: pattern.distance(from: pattern.startIndex, to: index), reason: reason)
    }

    /// A one-line explanation of the reason, e.g. "'(' is never closed".
    var message: String {
        switch reason {
        case .unclosedParenthesis: return "'(' is never closed"
        case .unopenedParenthesis: return "')' has no matching '('"
        case .nestedParenthesis: return "optional groups cannot be nested"
        case .secondWildcard: return "a pattern holds one '*' at most"
        case .duplicateParameter(let name): return "parameter ':\(name)' appears twice"
        case .tooManyOptionalGroups(let limit): return "more than \(limit) optional groups"
        case .emptyParameterName: return "parameter has no name"
        case .optionalGroupInDefinition:
            return "a Definition cannot hold optional groups; add the pattern with add(pattern:) to expand it"
        case .alreadyRegistered: return "this Definition is already registered in a route table"
        case .valueNotCaptured(let name, let source):
            return "':\(name)' is not a value of the redirect's source \"\(source)\""
        case .targetNotAURL:
            return "the redirect's target does not print as a URL"
        case .unclosedBrace: return "'{' is never closed"
        case .unopenedBrace: return "'}' has no matching '{'"
        case .nestedBrace: return "braces cannot be nested"
        case .adjacentCaptures:
            return "two captures need fixed text between them: where the first ends would be a guess"
        case .wildcardNotWhole: return "'{name:*}' must be a whole segment"
        case .emptyAllowedValue: return "an allowed value is empty"
        case .fixedTextNeedsEncoding(let written):
            return "text beside a capture is compared with the URL as written: write it \(written)"
        case .unknownCaptureType(let name):
            return "'\(name)' is not a type: int, uint, double, bool, uuid, or one registered "
                + "with addParameterType(_:accepts:); allowed values are separated by '|'"
        }
    }

    /// The pattern, the reason, and a caret under the offending character.
    ///
    /// ```swift
    /// print(error)
    /// ```
    public var description: String {
        let line =
            pattern.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        // Keep tabs as tabs so that the caret lands under the character.
        let caret = String(line.prefix(offset).map { $0 == "\t" ? "\t" : " " }) + "^"
        return "Invalid route pattern \"\(pattern)\": \(message) (offset \(offset))\n  \(line)\n  \(caret)"
    }
}
