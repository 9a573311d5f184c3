/// The walk: everything that routing one URL does, in order, written once (the "Routing rules"
/// article, *Calling handlers* and *Guards and redirects*):
///
/// 1. the matches of the first table, in routing order (priority, then registration); before the
///    first one is asked, the table's guards whose patterns match the URL, in registration order
///    (a decision other than `.proceed` ends the walk: refused, held, or redirected);
/// 2. each match asked in turn until one accepts; a redirect route routes its target instead;
/// 3. if none accepts and the first table falls back, the same in the global table;
/// 4. if none accepts, the first table's unmatched handler, once.
///
/// A redirect, by a route or a guard, starts the walk over at its target, in the table of the
/// target's scheme; more than ``Walk/redirectLimit`` in a row end it. A table whose
/// ``RouteTable/hosts`` refuse the URL's host has no matches. The matches of a table are found
/// before its first one is asked, so the code asked may add, remove or route without disturbing
/// the walk.
///
/// The walk does not know what a match gives: its client asks each one (``MatchAsker``: handlers
/// for a ``Router``, values for a ``RouteMap``) and keeps what it takes; the walk keeps only the
/// answer, so that it is compiled once for every client. When a match or a guard can only be
/// answered by awaiting, the walk stops there (``WalkStop/waiting``) and keeps what comes after
/// it; a driver decides what happens next: the synchronous one (`SyncDriver.swift`) or the
/// `async` one (`AsyncDriver.swift`), which awaits it and runs the walk on.
struct Walk {
    /// The URL as the table being searched reads it (its options): the walk's one copy of the
    /// URL, read in place by the search (a miss copies nothing).
    private var request: RouteRequest
    /// The URL, for the drivers. The walk itself reads `request.parts`, which the optimizer
    /// borrows in place (through this accessor it copied the URL on every miss).
    var parts: URLParts {
        _read { yield request.parts }
    }
    /// The extra parameters given to `route(to:parameters:)`, `nil` when there are none (most
    /// routing: then the walk and the parameters of its handler calls hold no dictionary).
    private let extra: [String: Any]?
    /// The extra parameters given to `route(to:parameters:)`.
    var parameters: [String: Any] { extra ?? [:] }
    /// The table routing began in (for a redirect, the target's): its unmatched handler is the
    /// one called.
    let start: RouteTable
    /// Whether the caller chose ``start`` (a table's `route(to:)`) rather than the router, for
    /// the URL's scheme: a held URL remembers its scheme then (``KeptURL/scheme``).
    private let startIsGiven: Bool
    /// Whether a guard's `.hold` puts this URL in the router's queue. `false` for a prefix of a
    /// ``RouteMap``'s stack: the walk ends held, and the stack holds its link once, as the link.
    private let holdsURL: Bool
    private var stage: Stage
    /// The redirects followed to reach ``parts``.
    private let redirects: Int

    /// The most redirects in a row; one more ends the walk.
    static let redirectLimit = 8

    /// A walk of `parts` from `start`: the table of its scheme, or, when `startIsGiven`, the
    /// table the caller routes through. When `holdsURL` is `false`, a guard's `.hold` ends the
    /// walk held without putting the URL in the queue (``heldBy``).
    init(
        _ parts: URLParts, parameters: [String: Any], startingIn start: RouteTable,
        startIsGiven: Bool = false, holdsURL: Bool = true,
        redirects: Int = 0
    ) {
        self.request = RouteRequest(
            parts: consume parts, options: start.options, readsAnchors: start.readsAnchors)
        self.extra = parameters.isEmpty ? nil : parameters
        self.start = start
        self.startIsGiven = startIsGiven
        self.holdsURL = holdsURL
        self.redirects = redirects
        stage = .start
    }

    private enum Stage {
        /// The matches of the first table are yet to be found.
        case start
        /// The matches of the global table, fallen back to, are yet to be found.
        case fallback(RouteTable)
        /// The walk stopped at a match or guard to await; these come after it.
        case rest(Rest)
        /// The walk is over, the URL not held.
        case finished
        /// The walk is over: the guard that decided held the URL (in the router's queue, unless
        /// the walk does not hold its URL).
        case held(Decided)
    }

    /// What remains of a table after the match or guard the walk waits on. A class, made only
    /// when a walk waits: the stage stays one reference wide, so that the walk is cheap to copy.
    private final class Rest {
        let table: RouteTable
        let request: RouteRequest
        /// Guards still to ask; then the matches from `nextMatch` on.
        let guards: ArraySlice<Match>
        let matches: Matches
        let nextMatch: Int
        /// The match or guard waited on; `nil` once a guard waited on proceeded.
        let waitingOn: Candidate?

        init(
            table: RouteTable, request: RouteRequest, guards: ArraySlice<Match>, matches: Matches,
            nextMatch: Int, waitingOn: Candidate?
        ) {
            self.table = table
            self.request = request
            self.guards = guards
            self.matches = matches
            self.nextMatch = nextMatch
            self.waitingOn = waitingOn
        }
    }

    /// Asks guards and matches in order until one accepts, one must be awaited, or the walk ends
    /// (after calling the unmatched handler, unless a guard ended it). After `.waiting` on a
    /// match, running the walk again means that match declined; on a guard, see ``decide(_:)``.
    mutating func run(asking ask: MatchAsker) -> WalkStop {
        while true {
            let step: Step
            // Whether the table asked is the first one (the global table may come after it).
            let asksStart: Bool
            switch stage {
            case .start:
                step = Walk.search(start, request, extra, ask)
                asksStart = true
            case .fallback(let global):
                let readsAnchors = global.readsAnchors(afterFallbackFrom: start, of: request.parts)
                if global.options != request.options || readsAnchors != request.readsAnchors {
                    request = RouteRequest(
                        parts: request.parts, options: global.options, readsAnchors: readsAnchors)
                }
                step = Walk.search(global, request, extra, ask)
                asksStart = false
            case .rest(let rest):
                if let waited = rest.waitingOn, waited.action?.routeGuard == nil {
                    rest.table.report(
                        .declined, request.parts, pattern: waited.pattern, definition: waited.definition,
                        parameters: parameters)
                }
                step = Walk.ask(rest, extra, ask)
                asksStart = rest.table === start
            case .finished:
                return .unhandled
            case .held:
                return .held
            }
            switch step {
            case .declined:
                // The global table when the first one falls back, otherwise the unmatched handler.
                guard asksStart, let global = start.fallbackTable else {
                    finishUnhandled()
                    return .unhandled
                }
                start.log("falling back from \(start.scheme) to the global table")
                stage = .fallback(global)
            case .accepted:
                stage = .finished
                return .accepted
            case .waiting(let rest):
                stage = .rest(rest)
                return .waiting
            case .decided(let decided):
                apply(decided.decision, of: decided.pattern, in: decided.table)
            case .redirected(let hop):
                follow(hop.target, by: hop.definition.pattern, in: hop.table, route: hop.definition)
            }
        }
    }

    /// What a table's search found. Its payloads are references, so that it is cheap to return.
    private enum Step {
        /// No match of the table accepted.
        case declined
        case accepted
        /// A match or guard must be awaited: the walk stops, keeping the rest.
        case waiting(Rest)
        /// A guard decided something other than `.proceed`.
        case decided(Decided)
        /// A redirect route matched.
        case redirected(Hop)
    }

    /// A guard's decision, and where it was taken.
    private final class Decided {
        let decision: RouteGuardDecision
        let pattern: String
        let table: RouteTable

        init(_ decision: RouteGuardDecision, pattern: String, table: RouteTable) {
            self.decision = decision
            self.pattern = pattern
            self.table = table
        }
    }

    /// Whether a guard held the URL: the walk is over, and the URL is in the router's queue
    /// (unless the walk does not hold its URL).
    var isHeld: Bool { heldBy != nil }

    /// The pattern and table of the guard that held the URL, once the walk is over; `nil` when
    /// no guard held it, or the queue kept nothing (a limit of 0).
    var heldBy: (pattern: String, table: RouteTable)? {
        guard case .held(let decided) = stage else { return nil }
        return (decided.pattern, decided.table)
    }

    /// The match or guard the walk waits on, after ``WalkStop/waiting``.
    var waitingOn: Candidate? {
        guard case .rest(let rest) = stage else { return nil }
        return rest.waitingOn
    }

    /// Takes the decision of the guard the walk waits on: `.proceed` runs on to the next guard
    /// and the matches; any other decision ends the walk or starts it over at a redirect's target.
    mutating func decide(_ decision: RouteGuardDecision) {
        guard case .rest(let rest) = stage, let waited = rest.waitingOn else { return }
        rest.table.noteAsked(guard: waited.definition)
        if case .proceed = decision {
            stage = .rest(
                Rest(
                    table: rest.table, request: rest.request, guards: rest.guards, matches: rest.matches,
                    nextMatch: rest.nextMatch,
                    waitingOn: nil))
        } else {
            apply(decision, of: waited.pattern, in: rest.table)
        }
    }

    /// Ends the walk after the match it waited on accepted.
    mutating func acceptAwaited() {
        guard case .rest(let rest) = stage else { return }
        stage = .finished
        rest.table.report(
            .routed, request.parts, pattern: rest.waitingOn?.pattern, definition: rest.waitingOn?.definition,
            parameters: parameters)
    }

    /// Ends a walk that waits on a match no one can await: logged with `reason`, and the URL is
    /// unhandled (the unmatched handler is called).
    mutating func abandon(because reason: String) {
        start.log("\(waitingOn?.pattern ?? "") is async and \(reason): \(parts) is not handled")
        finishUnhandled()
    }

    /// Ends the walk with no match accepted: the unmatched handler of the first table is called.
    @inline(__always)
    private mutating func finishUnhandled() {
        stage = .finished
        start.callUnmatchedHandler(request.parts, parameters: parameters)
    }

    /// Finds the matches of `table` and asks them in order, after the table's guards whose
    /// patterns match. `request` (the walk's, read in place) has the table's options. Static, with
    /// the walk's fields as arguments: a method of the walk called from the mutating ``run(_:)``
    /// copied the whole walk on every lookup.
    private static func search(
        _ table: RouteTable, _ request: RouteRequest, _ extra: [String: Any]?, _ ask: MatchAsker
    ) -> Step {
        guard table.acceptsHost(of: request.parts) else {
            table.log("\(table.scheme) does not route the host of \(request.parts)")
            return .declined
        }
        guard !table.hasGuards else { return searchGuarded(table, request, extra, ask) }
        let index = table.index
        // The matches are found first (the walk's request is read in place), then asked.
        var matches = Matches()
        guard let start = request.searchStart(in: index) else { return .declined }
        request.withSegments { index.collectMatches($0, from: start, into: &matches) }
        if matches.isEmpty { return .declined }
        return Walk.ask(guards: [], matches, from: 0, table, request, extra, ask)
    }

    /// The search of a table with guards: its matches are found first; when there are some, the
    /// guards that match are asked, then the matches. Out of line: it stays out of the plain
    /// search, which most tables take.
    @inline(never)
    private static func searchGuarded(
        _ table: RouteTable, _ request: RouteRequest, _ extra: [String: Any]?, _ ask: MatchAsker
    ) -> Step {
        var matches = Matches()
        let guards = collectGuarded(table, request, into: &matches)
        return askOutOfLine(guards: guards[...], matches, from: 0, table, request, extra, ask)
    }

    /// The matches of a table with guards, put in `matches` (empty), and, when there are some,
    /// the guards that match.
    @inline(never)
    private static func collectGuarded(
        _ table: RouteTable, _ request: RouteRequest, into matches: inout Matches
    )
        -> [Match]
    {
        var guards: [Match] = []
        let index = table.index
        if let start = request.searchStart(in: index) {
            request.withSegments { segments in
                index.collectMatches(segments, from: start, into: &matches)
                if !matches.isEmpty { guards = table.guards(matching: segments) }
            }
        }
        return guards
    }

    /// Asks the guards and matches after an awaited one, in order. Out of line, as
    /// ``searchGuarded(_:_:_:_:)``: it stays out of ``run(_:)``.
    @inline(never)
    private static func ask(_ rest: Rest, _ extra: [String: Any]?, _ ask: MatchAsker) -> Step {
        askOutOfLine(
            guards: rest.guards, rest.matches, from: rest.nextMatch, rest.table, rest.request, extra, ask)
    }

    /// ``ask(guards:_:from:_:_:_:_:)`` as one shared body, for the searches that need not fold it
    /// away: a table with guards, and the rest of a walk that waited.
    @inline(never)
    private static func askOutOfLine(
        guards: ArraySlice<Match>, _ matches: Matches, from first: Int, _ table: RouteTable,
        _ request: RouteRequest, _ extra: [String: Any]?, _ ask: MatchAsker
    ) -> Step {
        Walk.ask(guards: guards, matches, from: first, table, request, extra, ask)
    }

    /// Asks `guards`, then `matches` from `first` on, in order, until one decides. Inlined into
    /// each search, where most of it folds away (no guards, first match); waiting is kept out of
    /// line (`wait(on:at:_:_:_:)`).
    @inline(__always)
    private static func ask(
        guards: ArraySlice<Match>, _ matches: Matches, from first: Int, _ table: RouteTable,
        _ request: RouteRequest, _ extra: [String: Any]?, _ ask: MatchAsker
    ) -> Step {
        if !guards.isEmpty {
            switch Walk.askGuards(guards, table, request, extra) {
            case .proceed: break
            case .decided(let decision, let pattern):
                return .decided(Decided(decision, pattern: pattern, table: table))
            case .waiting(let candidate, let remaining):
                return .waiting(
                    Rest(
                        table: table, request: request, guards: remaining, matches: matches, nextMatch: first,
                        waitingOn: candidate))
            }
        }
        var hop: Hop?
        var offset = first
        while offset < matches.count {
            let definition = matches.definition(at: offset)
            let captures = matches.captures(at: offset)
            switch Walk.ask(definition, captures, table, request, extra, ask, &hop) {
            case .declined:
                table.report(
                    .declined, request.parts, pattern: definition.pattern, definition: definition,
                    parameters: extra ?? [:])
            case .accepted:
                table.report(
                    .routed, request.parts, pattern: definition.pattern, definition: definition,
                    parameters: extra ?? [:])
                return .accepted
            case .redirected:
                return .redirected(hop!)
            case .waiting:
                return wait(on: matches, at: offset, table, request, extra)
            }
            offset += 1
        }
        return .declined
    }

    /// Stops the walk at the match at `offset`, which must be awaited; the matches after it come
    /// after it.
    @inline(never)
    private static func wait(
        on matches: Matches, at offset: Int, _ table: RouteTable, _ request: RouteRequest,
        _ extra: [String: Any]?
    ) -> Step {
        let definition = matches.definition(at: offset)
        let candidate = Candidate(
            definition: definition,
            parameters: RouteParameters(
                request: request, matched: definition.parsed, captures: matches.captures(at: offset),
                extra: extra, scheme: table.scheme))
        return .waiting(
            Rest(
                table: table, request: request, guards: [], matches: matches, nextMatch: offset + 1,
                waitingOn: candidate))
    }

    /// Applies a guard's decision other than `.proceed`.
    private mutating func apply(_ decision: RouteGuardDecision, of pattern: String, in table: RouteTable) {
        switch decision {
        case .proceed:
            return
        case .refuse:
            stage = .finished
            table.report(.refused, request.parts, pattern: pattern, parameters: parameters)
        case .hold:
            let held = Stage.held(Decided(.hold, pattern: pattern, table: table))
            // The caller holds what the walk stands for (a stack's link), and reports it.
            guard holdsURL else {
                stage = held
                return
            }
            let kept = KeptURL(
                parts: request.parts, parameters: parameters, scheme: startIsGiven ? start.scheme : nil)
            guard let router = start.router else {
                // No router, no queue: nothing can hold the URL.
                stage = .finished
                start.report(.dropped, request.parts, parameters: parameters)
                return
            }
            stage = router.hold(kept, by: pattern, in: table) ? held : .finished
        case .redirect(let input):
            guard let target = input.parts else {
                // Every decision is one event: a redirect that goes nowhere refuses the URL.
                stage = .finished
                table.log("the guard \(pattern) redirected \(parts) to \(input.text), which is not a URL")
                table.report(.refused, request.parts, pattern: pattern, parameters: parameters)
                return
            }
            follow(target, by: pattern, in: table)
        }
    }

    /// Starts the walk over at `target`, from the table of its scheme, unless that would be one
    /// redirect too many. `route` is the redirect route that sends it, `nil` for a guard.
    private mutating func follow(
        _ target: URLParts, by pattern: String, in table: RouteTable, route: Definition? = nil
    ) {
        guard redirects < Walk.redirectLimit, let router = table.router else {
            stage = .finished
            table.report(.redirectLimitReached, request.parts, parameters: parameters)
            return
        }
        table.report(
            .redirected(to: target.routedURL), request.parts, pattern: pattern, definition: route,
            parameters: parameters)
        self = Walk(
            target, parameters: parameters, startingIn: router.table(for: target), holdsURL: holdsURL,
            redirects: redirects + 1)
    }

    /// What one match answered; a redirect's target is set apart (a plain value is cheaper to
    /// carry out of the search than an enum holding it).
    private enum Answer {
        case accepted
        case declined
        case waiting
        case redirected
    }

    /// A redirect route's redirect, about to be followed.
    private final class Hop {
        let target: URLParts
        /// The redirect route.
        let definition: Definition
        let table: RouteTable

        init(target: URLParts, definition: Definition, table: RouteTable) {
            self.target = target
            self.definition = definition
            self.table = table
        }
    }

    /// What asking the guards gave.
    private enum GuardAnswer {
        case proceed
        case decided(RouteGuardDecision, pattern: String)
        /// An `async` guard must be awaited; the guards after it.
        case waiting(Candidate, remaining: ArraySlice<Match>)
    }

    /// Asks `guards` in order until one decides something other than `.proceed`.
    private static func askGuards(
        _ guards: ArraySlice<Match>, _ table: RouteTable, _ request: RouteRequest, _ extra: [String: Any]?
    ) -> GuardAnswer {
        for (offset, match) in zip(guards.indices, guards) {
            guard let routeGuard = match.definition.action?.routeGuard else { continue }
            let parameters = RouteParameters(
                request: request, matched: match.definition.parsed, captures: match.captures, extra: extra,
                scheme: table.scheme)
            switch routeGuard.decide {
            case .sync(let decide):
                table.willCallAppCode()
                let decision = decide(parameters)
                table.didCallAppCode()
                table.noteAsked(guard: match.definition)
                if case .proceed = decision { continue }
                return .decided(decision, pattern: routeGuard.pattern)
            #if compiler(>=6.2)
                case .async:
                    return .waiting(
                        Candidate(definition: match.definition, parameters: parameters),
                        remaining: guards[(offset + 1)...])
            #endif
            }
        }
        return .proceed
    }

    /// Asks one match (the client asks it, unless it is a redirect route): a redirect's target
    /// goes to `hop`. (The URL is read from `request`: passing it apart would copy it.)
    private static func ask(
        _ definition: Definition, _ captures: Captures, _ table: RouteTable, _ request: RouteRequest,
        _ extra: [String: Any]?, _ ask: MatchAsker, _ hop: inout Hop?
    ) -> Answer {
        table.log("\(definition.pattern) matches \(request.parts)")
        let parameters = RouteParameters(
            request: request, matched: definition.parsed, captures: captures, extra: extra,
            scheme: table.scheme)
        if let redirect = definition.action?.redirectRoute {
            guard let target = redirect.target(of: request.parts, parameters, in: table) else {
                table.log("\(definition.pattern) cannot build \(redirect.target) from \(request.parts)")
                return .declined
            }
            hop = Hop(target: target, definition: definition, table: table)
            return .redirected
        }
        table.willCallAppCode()
        let answer = ask(definition.action, parameters)
        table.didCallAppCode()
        switch answer {
        case .accepted: return .accepted
        case .declined: return .declined
        case .waiting: return .waiting
        }
    }
}

/// Where a walk stopped.
enum WalkStop {
    /// A match accepted (its client kept what it gives).
    case accepted
    /// No match accepted (the unmatched handler was called), or a guard refused, or redirects
    /// went on too long.
    case unhandled
    /// A guard held the URL in the router's queue.
    case held
    /// A match or guard can only be answered by awaiting it: ``Walk/waitingOn``.
    case waiting
}

/// A match or guard the walk waits on: its definition (what it runs) and the parameters it gets.
struct Candidate {
    let definition: Definition
    let parameters: RouteParameters

    var action: Action? { definition.action }

    /// A guard's pattern as given to `addGuard(for:)`, as a synchronous guard reports it; a
    /// route's pattern as it matched (the expansion of its optional groups).
    var pattern: String { action?.routeGuard?.pattern ?? parameters.pattern }
}

/// A matching definition (of a route or a guard) and what it captured.
struct Match {
    let definition: Definition
    let captures: Captures
}

extension RouteTable {
    /// The unmatched handler's call: routing that began in this table handled nothing.
    func callUnmatchedHandler(_ parts: URLParts, parameters: @autoclosure () -> [String: Any]) {
        report(.unmatched, parts, parameters: parameters())
        guard let unmatchedHandler else { return }
        willCallAppCode()
        unmatchedHandler(parts.routedURL, parameters())
        didCallAppCode()
    }

    /// Whether this table routes URLs with this host (see ``RouteTable/hosts``). The URL is read
    /// only when the table has a filter, which most do not (reading it would copy it).
    func acceptsHost(of parts: @autoclosure () -> URLParts) -> Bool {
        guard let hostFilter else { return true }
        return hostFilter.accepts(parts().host)
    }

    /// The global table when this table falls back to it.
    package var fallbackTable: RouteTable? {
        shouldFallback && !isGlobal ? router?.defaultTable : nil
    }

    /// Whether this table, the global table, reads `parts`' web anchor when routing falls back
    /// to it from `first`: the anchor rule belongs to how the URL is read once a table's hosts
    /// accepted its host (the "Routing rules" article, *Web anchors*). So it does when `first`
    /// has hosts that accept the URL's host, or when this table has hosts of its own. The host is
    /// looked at only for a URL with a fragment, the only one the rule changes: without one,
    /// `first`'s reading is kept, so that the walk need not read the URL again.
    func readsAnchors(afterFallbackFrom first: RouteTable, of parts: URLParts) -> Bool {
        if readsAnchors { return true }
        guard first.readsAnchors else { return false }
        return parts.ranges.fragment == nil || first.acceptsHost(of: parts)
    }

    /// The guards whose patterns match, in registration order, each once.
    func guards(matching segments: Segments) -> [Match] {
        var matches: [Match] = []
        _ = guardIndex.forEachMatch(segments) { definition, captures in
            if matches.last?.definition.action?.routeGuard !== definition.action?.routeGuard {
                matches.append(Match(definition: definition, captures: captures))
            }
            return false
        }
        return matches
    }
}

extension URLParts: CustomStringConvertible {
    /// The URL's text, for log lines.
    var description: String { url?.absoluteString ?? text }
}
