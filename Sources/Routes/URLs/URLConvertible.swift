import Foundation

/// A value that can be routed: a `URL`, a `String` or a `Substring`.
///
/// ```swift
/// router.route(to: "myapp://user/view/42")         // String
/// router.route(to: URL(string: "myapp://home")!)    // URL
/// ```
///
/// Conform your own types (a push payload, a deep-link model) by returning a ``RouteInput``.
public protocol URLConvertible {
    /// The URL this value stands for, as the router reads it.
    ///
    /// ```swift
    /// struct Deeplink: URLConvertible {
    ///     var link: String
    ///     var routeInput: RouteInput { RouteInput(link) }
    /// }
    /// ```
    var routeInput: RouteInput { get }
}

/// A URL to route, kept in the form it was given (a string is parsed without Foundation when it can be).
///
/// ```swift
/// struct Link: URLConvertible {
///     let text: String
///     var routeInput: RouteInput { RouteInput(text) }
/// }
/// ```
public struct RouteInput: Sendable {
    enum Storage: Sendable {
        case string(String)
        case url(URL)
    }

    let storage: Storage

    /// Creates an input from text, read as a URL when it is routed.
    ///
    /// Text that is not a URL (text that `URL(string:)` returns `nil` for) routes nowhere.
    ///
    /// ```swift
    /// RouteInput("myapp://home")
    /// ```
    public init(_ string: String) { storage = .string(string) }

    /// A URL value.
    ///
    /// ```swift
    /// RouteInput(URL(string: "myapp://home")!)
    /// ```
    public init(_ url: URL) { storage = .url(url) }

    /// The URL's text, for log lines and explanations.
    var text: String {
        switch storage {
        case .string(let string): return string
        case .url(let url): return url.absoluteString
        }
    }

    /// The five parts of the URL, or `nil` for a string that is not a URL.
    var parts: URLParts? {
        switch storage {
        case .string(let string): return URLParts(string: string)
        case .url(let url): return URLParts(url: url)
        }
    }
}

extension String: URLConvertible {
    /// The string as a URL to route.
    ///
    /// ```swift
    /// router.route(to: "myapp://user/view/42")
    /// ```
    public var routeInput: RouteInput { RouteInput(self) }
}

extension Substring: URLConvertible {
    /// The substring as a URL to route.
    ///
    /// ```swift
    /// let line = "open myapp://user/42"
    /// router.route(to: line.dropFirst(5))
    /// ```
    public var routeInput: RouteInput { RouteInput(String(self)) }
}

extension URL: URLConvertible {
    /// The URL itself.
    ///
    /// ```swift
    /// router.route(to: URL(string: "myapp://home")!)
    /// ```
    public var routeInput: RouteInput { RouteInput(self) }
}
