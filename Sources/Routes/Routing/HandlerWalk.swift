import Foundation

/// Routing a URL, one way through (the "Routing rules" article, *Calling handlers*):
///
/// 1. The URL is read once into ``URLParts``; a string that is not a URL routes nowhere.
/// 2. The router picks the table of the URL's scheme (``Router/route(to:parameters:isolation:)-5se2c``),
///    or the table was chosen by the caller (``RouteTable/route(to:parameters:isolation:)``).
/// 3. The table reads the parts into a ``RouteRequest`` with its options; the index gives the
///    matching definitions in routing order, each with its ``Captures``; their handlers are asked
///    in turn until one returns `true` (a `nil` handler counts as `true`). This is the handler
///    walk. The matches are found before the first handler runs, so handlers may add, remove or
///    route without disturbing the walk.
/// 4. If none accepts and ``RouteTable/shouldFallback`` is set, the global table is walked the
///    same way, with its own options.
/// 5. If still none accepts, the first table's ``RouteTable/unmatchedHandler`` is called once.
///
/// The synchronous walk (this file) asks synchronous handlers; when it reaches an `async` one, the
/// rest of the walk — that handler, the matches after it, the fallback and the unmatched handler —
/// is a ``PendingWalk``, which `route(to:)` runs in a task and `await route(to:)` awaits
/// (`AsyncRouting.swift`).
extension RouteTable {
    /// Routes a URL (a `URL` or a `String`) through this table, whatever its scheme.
    ///
    /// ```swift
    /// router.alpha.route(to: "alpha://user/view/7", parameters: ["source": "push"])
    /// ```
    /// Synchronous handlers are asked at once. When the walk reaches an `async` handler, the rest
    /// of the walk continues in a task on the caller's isolation and this returns `true`; `await`
    /// the `async` form to know the outcome. While the router is suspended, the URL is kept (see
    /// ``Router/suspend(keepingAtMost:)``).
    /// - Parameters:
    ///   - url: the URL; a string that `URL(string:)` cannot parse routes nowhere.
    ///   - parameters: extra parameters handed to the handler (they override query and route values).
    ///   - isolation: where the handlers run; the caller's, by default.
    /// - Returns: whether a handler accepted the URL (or the walk continues in a task, or the URL
    ///   was kept while suspended).
    @discardableResult
    public func route(
        to url: some URLConvertible, parameters: [String: Any] = [:],
        isolation: isolated (any Actor)? = #isolation
    ) -> Bool {
        let input = url.routeInput
        if let router, router.isSuspended {
            return router.keep(input, parameters: parameters, startingIn: self)
        }
        return RouteTable.route(input, parameters: parameters, logger: logger, isolation: isolation) { _ in
            self
        }
    }

    /// Whether some definition of this table (or of the global table, with fallback) matches the
    /// URL. No handler is called.
    ///
    /// ```swift
    /// if router.alpha.canRoute(to: "alpha://user/view/7") { ... }
    /// ```
    public func canRoute(to url: some URLConvertible) -> Bool {
        RouteTable.canRoute(url.routeInput) { _ in self }
    }

    /// Steps 1 and 2, for ``Router`` and ``RouteTable`` alike: `start` picks the first table.
    static func route(
        _ input: RouteInput, parameters: [String: Any], logger: ((String) -> Void)?,
        isolation: isolated (any Actor)?, startingIn start: (URLParts) -> RouteTable
    ) -> Bool {
        guard let parts = input.parts else {
            logger?("[Routes] not a URL: \(input.text)")
            return false
        }
        return start(parts).route(parts, RoutingCall(parameters: parameters)).handled(isolation: isolation)
    }

    /// Whether routing `input` from the table `start` picks would find a match.
    static func canRoute(_ input: RouteInput, startingIn start: (URLParts) -> RouteTable) -> Bool {
        guard let parts = input.parts else { return false }
        return start(parts).canRoute(parts)
    }

    /// Whether this table, or the global table with fallback, has a match for `parts`.
    func canRoute(_ parts: URLParts) -> Bool {
        hasMatch(parts) || fallbackTable?.hasMatch(parts) == true
    }

    /// Steps 3 to 5, as far as synchronous handlers go.
    func route(_ parts: URLParts, _ call: RoutingCall) -> Routed {
        switch walk(parts, call) {
        case .accepted: return .finished(true)
        case .pending(let pending): return .pending(pending)
        case .declined: return fallBack(parts, call)
        }
    }

    /// Steps 4 and 5, once this table's own walk declined.
    func fallBack(_ parts: URLParts, _ call: RoutingCall) -> Routed {
        if let global = fallbackTable {
            log("falling back from \(scheme) to the global table")
            switch global.walk(parts, call) {
            case .accepted: return .finished(true)
            case .pending(var pending):
                pending.start = self  // whose unmatched handler follows; no second fallback
                return .pending(pending)
            case .declined: break
            }
        }
        callUnmatchedHandler(parts, call)
        return .finished(false)
    }

    /// The handler walk: asks the handlers of the matching definitions in order, until one
    /// accepts or one is `async`.
    private func walk(_ parts: URLParts, _ call: RoutingCall) -> Walked {
        guard acceptsHost(of: parts) else {
            log("\(scheme) does not route the host of \(parts)")
            return .declined
        }
        let request = RouteRequest(parts: parts, options: options)
        let index = self.index
        var rest: [Match] = []  // from the first `async` handler on; allocated only then
        let accepted = request.withSegments { segments in
            index.forEachMatch(segments) { definition, captures in
                guard rest.isEmpty else {
                    rest.append(Match(definition: definition, captures: captures))
                    return false
                }
                log("\(definition.pattern) matches \(parts)")
                switch definition.action {
                case nil:
                    return true
                case .sync(let handler)?:
                    if handler(parameters(request, definition, captures, call)) { return true }
                    log("\(definition.pattern) declined")
                    return false
                case .async?:
                    rest.append(Match(definition: definition, captures: captures))
                    return false
                }
            }
        }
        if accepted { return .accepted }
        if rest.isEmpty { return .declined }
        return .pending(
            PendingWalk(table: self, start: self, parts: parts, request: request, matches: rest, call: call))
    }

    /// The parameters a definition's handler receives.
    func parameters(
        _ request: RouteRequest, _ definition: Definition, _ captures: Captures, _ call: RoutingCall
    ) -> RouteParameters {
        RouteParameters(
            request: request, matched: definition.parsed, captures: captures, extra: call.parameters,
            scheme: scheme, answer: call.answer)
    }

    private func hasMatch(_ parts: URLParts) -> Bool {
        guard acceptsHost(of: parts) else { return false }
        let index = self.index
        return RouteRequest(parts: parts, options: options).withSegments { index.hasMatch($0) }
    }

    /// Step 5: no handler accepted a URL that routing began in this table.
    func callUnmatchedHandler(_ parts: URLParts, _ call: RoutingCall) {
        log("no route handled \(parts)")
        if let unmatchedHandler, let url = parts.resolvedURL { unmatchedHandler(url, call.parameters) }
    }

    /// Whether this table routes URLs with this host (see ``RouteTable/hosts``).
    func acceptsHost(of parts: URLParts) -> Bool {
        hostFilter?.accepts(parts.host) ?? true
    }

    /// The global table when this table falls back to it.
    var fallbackTable: RouteTable? {
        shouldFallback && !isGlobal ? router?.default : nil
    }
}

/// One routing call: what the walk hands to every handler besides the match.
struct RoutingCall {
    /// The extra parameters given to `route(to:parameters:)`.
    let parameters: [String: Any]
    /// Where a ``RouteMap`` closure leaves its value; `nil` when a ``Router`` routes.
    var answer: Answer?
}

/// The value a ``RouteMap`` closure resolved, for the one `resolve` call that is walking.
final class Answer {
    var value: Any?
}

/// A matching definition and what it captured.
struct Match {
    let definition: Definition
    let captures: Captures
}

/// The rest of a walk that reached an `async` handler: its matches from that handler on, then,
/// if none accepts, the fallback (when `table` is the first table) and the first table's
/// unmatched handler. Run by `AsyncRouting.swift`.
struct PendingWalk {
    /// The table whose matches these are.
    let table: RouteTable
    /// The table routing began in.
    var start: RouteTable
    let parts: URLParts
    let request: RouteRequest
    let matches: [Match]
    let call: RoutingCall
}

/// The outcome of one table's synchronous walk.
enum Walked {
    case accepted
    case declined
    /// An `async` handler was reached: the walk goes on from it.
    case pending(PendingWalk)
}

/// The outcome of synchronous routing: finished, or waiting on `async` handlers.
enum Routed {
    case finished(Bool)
    case pending(PendingWalk)

    /// The answer of `route(to:)`: the outcome, or `true` when the rest of the walk goes on in a
    /// task on `isolation`.
    func handled(isolation: isolated (any Actor)?) -> Bool {
        switch self {
        case .finished(let handled): return handled
        case .pending(let pending):
            pending.continueInTask(isolation: isolation)
            return true
        }
    }
}

extension URLParts: CustomStringConvertible {
    /// The URL's text, for log lines.
    var description: String { url?.absoluteString ?? text }
}
