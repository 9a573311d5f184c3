import Foundation

/// One routing decision, as ``Router/onEvent`` receives it: what happened to which URL, in which
/// table.
///
/// One routing decision, as ``Router/onEvent`` receives it: what happened to which URL, in which
/// table, by which route or guard, with the extra parameters the URL was routed with.
///
/// ```swift
/// router.onEvent = { event in
///     let source = event.parameters["source"] as? String ?? "unknown"
///     print("deeplink", event.kind, event.url, "from", source)
/// }
/// router.route(to: url, parameters: ["source": "widget"])
/// ```
public struct RoutingEvent {
    /// What happened.
    ///
    /// ```swift
    /// if case .redirected(let target) = event.kind { print("now", target) }
    /// ```
    public enum Kind: Sendable, Hashable {
        /// A handler (or value closure) of ``RoutingEvent/pattern`` accepted the URL.
        case routed
        /// A handler of ``RoutingEvent/pattern`` declined; the next route is asked.
        case declined
        /// No route handled the URL; the unmatched handler is called.
        case unmatched
        /// The guard of ``RoutingEvent/pattern`` refused the URL, or redirected it to text that is
        /// not a URL.
        case refused
        /// The guard of ``RoutingEvent/pattern`` held the URL until the next `resume()`: it is in
        /// the queue (see ``dropped``).
        case held
        /// The router holds URLs (it is suspended, or `resume()` is routing the held ones): the
        /// URL was kept until `resume()`, and is in the queue.
        case kept
        /// The URL left the queue unrouted: the queue was full, or `discardKeptURLs()` discarded
        /// it.
        ///
        /// The URL left the queue unrouted: it was the oldest when the queue was full, or
        /// `discardKeptURLs()` discarded it. A URL kept or held while the limit is 0 is only
        /// dropped (never also kept or held). A URL's own ``kept`` or ``held`` comes before the
        /// drops it caused.
        case dropped
        /// The redirect route or guard of ``RoutingEvent/pattern`` routes `to` instead.
        case redirected(to: URL)
        /// The URL reached a 9th redirect in a row, which is not followed: the URL is not routed.
        ///
        /// Routing follows at most 8 redirects in a row, counting redirect routes and guards'
        /// redirects; the 9th ends the walk and `route(to:)` returns `false`.
        case redirectLimitReached
        /// `resume()` routes the URL, kept or held earlier, now.
        case resumed
    }

    /// The URL the decision is about.
    ///
    /// ```swift
    /// event.url.absoluteString  // "myapp://user/42"
    /// ```
    public let url: URL
    /// The scheme of the table that decided (``Router/defaultScheme`` for the global table).
    ///
    /// ```swift
    /// event.scheme  // "myapp"
    /// ```
    public let scheme: String
    /// The pattern of the route or guard that decided, when one did.
    ///
    /// A route's is the expansion of its optional groups that matched (as
    /// ``Definition/pattern``); a guard's is the pattern as given to `addGuard(for:)`, whether
    /// the guard is synchronous or `async`.
    ///
    /// It is `nil` for ``Kind/unmatched``, ``Kind/kept``, ``Kind/dropped``, ``Kind/resumed`` and
    /// ``Kind/redirectLimitReached``.
    ///
    /// ```swift
    /// event.pattern  // "/user/:id"
    /// ```
    public let pattern: String?
    /// The extra parameters of `route(to:parameters:)`: tag a URL's source there.
    ///
    /// ```swift
    /// event.parameters["source"] as? String  // "widget"
    /// ```
    public let parameters: [String: Any]
    /// What happened.
    ///
    /// ```swift
    /// event.kind  // .routed
    /// ```
    public let kind: Kind
    /// The route or redirect route whose answer this is (``Kind/routed``, ``Kind/declined``, a
    /// redirect route's ``Kind/redirected(to:)``), for the tools: it tells apart routes of the
    /// same text. `nil` for any other event.
    package let definition: Definition?
}

extension RoutingEvent: CustomStringConvertible {
    /// The event as the ``Router/logger`` writes it (without its `[Routes]` prefix).
    ///
    /// ```swift
    /// print(event)  // "/user/:id routed myapp://user/42 in myapp"
    /// ```
    public var description: String {
        RoutingEvent.line(kind, url: url.absoluteString, scheme: scheme, pattern: pattern)
    }

    /// The text of an event: the logger's line, built without making the event.
    static func line(_ kind: Kind, url: String, scheme: String, pattern: String?) -> String {
        let by = pattern ?? ""
        switch kind {
        case .routed: return "\(by) routed \(url) in \(scheme)"
        case .declined: return "\(by) declined \(url) in \(scheme)"
        case .unmatched: return "no route handled \(url) in \(scheme)"
        case .refused: return "the guard \(by) refused \(url) in \(scheme)"
        case .held: return "the guard \(by) held \(url) in \(scheme) until resume()"
        case .kept: return "kept \(url) for \(scheme) while suspended"
        case .dropped: return "dropped \(url) for \(scheme): the queue is full"
        case .redirected(let target):
            return "\(by) redirected \(url) to \(target.absoluteString) in \(scheme)"
        case .redirectLimitReached: return "more than 8 redirects to reach \(url): not routed"
        case .resumed: return "resumed \(url) for \(scheme)"
        }
    }
}

extension RouteTable {
    /// Reports a decision about `parts` made in this table: to the logger as a line and to
    /// ``Router/onEvent`` as an event. Called only where the router's state is consistent.
    @inline(__always)
    func report(
        _ kind: RoutingEvent.Kind, _ parts: URLParts, pattern: @autoclosure () -> String? = nil,
        definition: @autoclosure () -> Definition? = nil, parameters: @autoclosure () -> [String: Any]
    ) {
        // Most routers observe nothing: that case costs two loads (the pattern, the definition
        // and the parameters are not read).
        guard logger != nil || onEvent != nil else { return }
        deliver(kind, parts, pattern: pattern(), definition: definition(), parameters: parameters())
    }

    @inline(never)
    private func deliver(
        _ kind: RoutingEvent.Kind, _ parts: URLParts, pattern: String?, definition: Definition?,
        parameters: [String: Any]
    ) {
        if let logger {
            logger(
                "[Routes] "
                    + RoutingEvent.line(kind, url: parts.description, scheme: scheme, pattern: pattern))
        }
        if let onEvent {
            onEvent(
                RoutingEvent(
                    url: parts.routedURL, scheme: scheme, pattern: pattern, parameters: parameters,
                    kind: kind,
                    definition: definition))
        }
    }
}
