/// The one rule for a URL's host: whether a table reads it as the first path segment, and its
/// name without the port (the "Routing rules" article, *The host*).
///
/// Routing, URL building, redirects, lint and the universal-links file all ask this rule.
package enum HostRule {
    /// Whether a table with `options` reads a host (its bytes percent-decoded, or as written
    /// when they do not decode) as the first path segment: always with
    /// ``RouteOptions/treatHostAsPathComponent``, else when it has no `.` and is not
    /// `localhost`. An empty host never is.
    @inline(__always)
    static func isPathSegment(decoded host: UnsafeBufferPointer<UInt8>, options: RouteOptions) -> Bool {
        guard !host.isEmpty else { return false }
        return isPathSegment(hasDot: host.contains(.dot), isLocalhost: isLocalhost(host), options: options)
    }

    /// The rule itself, for a non-empty host whose bytes the caller has already read.
    @inline(__always)
    static func isPathSegment(hasDot: Bool, isLocalhost: Bool, options: RouteOptions) -> Bool {
        options.contains(.treatHostAsPathComponent) || !hasDot && !isLocalhost
    }

    /// Whether the (decoded) host is `localhost`.
    @inline(__always)
    static func isLocalhost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        host.count == 9 && host.elementsEqual("localhost".utf8)
    }

    /// ``isPathSegment(decoded:options:)`` for a host as a URL writes it (percent-encoded,
    /// without its port).
    static func isPathSegment<Host: StringProtocol>(_ host: Host, options: RouteOptions) -> Bool {
        PercentDecoding.decodeOrKeep(Substring(host)).withBytes {
            isPathSegment(decoded: $0, options: options)
        }
    }

    /// Whether a URL's host reads back as written: Foundation rewrites a host with an IDNA label
    /// (one that starts with `xn--`, in any case) into the text it stands for.
    static func readsBackAsWritten<Host: StringProtocol>(_ host: Host) -> Bool {
        !host.split(separator: ".", omittingEmptySubsequences: false).contains {
            $0.utf8.count >= 4 && $0.prefix(4).lowercased() == "xn--"
        }
    }

    /// The host without its port: `localhost` for `localhost:3000`, `example.com` for
    /// `example.com`.
    static func name<Host: StringProtocol>(of authority: Host) -> Host.SubSequence {
        guard let colon = authority.lastIndex(of: ":"), authority.index(after: colon) != authority.endIndex,
            authority[authority.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber })
        else { return authority[...] }
        return authority[..<colon]
    }
}
