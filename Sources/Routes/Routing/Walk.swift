/// The walk: everything that routing one URL does, in order, written once (the "Routing rules"
/// article, *Calling handlers*):
///
/// 1. the matches of the first table, in routing order (priority, then registration), each
///    asked in turn until one accepts;
/// 2. if none accepts and the first table falls back, the matches of the global table;
/// 3. if none accepts, the first table's unmatched handler, once.
///
/// A table whose ``RouteTable/hosts`` refuse the URL's host has no matches. The matches of a
/// table are found before its first one is asked, so the code asked may add, remove or route
/// without disturbing the walk.
///
/// The walk does not know what a match gives: a ``WalkClient`` asks each one (handlers for a
/// ``Router``, values for a ``RouteMap``). When a match can only be answered by awaiting, the walk
/// stops there (``WalkStop/waiting``) and keeps the rest of that table's matches; a driver
/// decides what happens next: the synchronous one (`SyncDriver.swift`) or the `async` one
/// (`AsyncDriver.swift`), which awaits the match and runs the walk on.
struct Walk {
    let parts: URLParts
    /// The extra parameters given to `route(to:parameters:)`.
    let parameters: [String: Any]
    /// The table routing began in: its unmatched handler is the one called.
    let start: RouteTable
    private var stage: Stage

    init(_ parts: URLParts, parameters: [String: Any], startingIn start: RouteTable) {
        self.parts = parts
        self.parameters = parameters
        self.start = start
        stage = .start
    }

    private enum Stage {
        /// The matches of the first table are yet to be found.
        case start
        /// The matches of the global table, fallen back to, are yet to be found.
        case fallback(RouteTable)
        /// The walk stopped at a match to await; these matches come after it.
        case rest(Rest)
        /// No match accepted: the unmatched handler is next.
        case unmatched
        case finished
    }

    /// The matches of a table after the one the walk waits on. A class, made only when a walk
    /// waits: the stage stays one reference wide, so that the walk is cheap to copy.
    private final class Rest {
        let table: RouteTable
        let request: RouteRequest
        let matches: ArraySlice<Match>
        /// The match waited on.
        let waitingOn: Candidate

        init(table: RouteTable, request: RouteRequest, matches: ArraySlice<Match>, waitingOn: Candidate) {
            self.table = table
            self.request = request
            self.matches = matches
            self.waitingOn = waitingOn
        }
    }

    /// Asks matches in order until one accepts, one must be awaited, or the walk ends (after
    /// calling the unmatched handler). After `.waiting`, running the walk again means the match
    /// waited on declined.
    mutating func run<Client: WalkClient>(_ client: Client.Type) -> WalkStop<Client.Output> {
        while true {
            switch stage {
            case .start:
                if let stop = search(start, client) { return stop }
                stage = next(after: start)
            case .fallback(let global):
                if let stop = search(global, client) { return stop }
                stage = .unmatched
            case .rest(let rest):
                rest.table.log("\(rest.waitingOn.pattern) declined")
                if let stop = ask(rest, client) { return stop }
                stage = next(after: rest.table)
            case .unmatched:
                stage = .finished
                start.callUnmatchedHandler(parts, parameters: parameters)
                return .unhandled
            case .finished:
                return .unhandled
            }
        }
    }

    /// The match the walk waits on, after ``WalkStop/waiting``.
    var waitingOn: Candidate? {
        guard case .rest(let rest) = stage else { return nil }
        return rest.waitingOn
    }

    /// Ends a walk that waits on a match no one can await: logged with `reason`, and the URL is
    /// unhandled (the unmatched handler is called).
    mutating func abandon(because reason: String) {
        start.log("\(waitingOn?.pattern ?? "") is async and \(reason): \(parts) is not handled")
        stage = .finished
        start.callUnmatchedHandler(parts, parameters: parameters)
    }

    /// The stage after the matches of `table` declined: the global table when routing began in
    /// `table` and it falls back, otherwise the unmatched handler.
    private func next(after table: RouteTable) -> Stage {
        guard table === start, let global = start.fallbackTable else { return .unmatched }
        start.log("falling back from \(start.scheme) to the global table")
        return .fallback(global)
    }

    /// Finds the matches of `table` and asks them in order.
    private mutating func search<Client: WalkClient>(_ table: RouteTable, _ client: Client.Type)
        -> WalkStop<Client.Output>?
    {
        guard table.acceptsHost(of: parts) else {
            table.log("\(table.scheme) does not route the host of \(parts)")
            return nil
        }
        let request = RouteRequest(parts: parts, options: table.options)
        let (parts, extra, index) = (self.parts, parameters, table.index)
        // Plain values, set by the closure: a stop that carried the parameters would be copied
        // whole on every lookup.
        var accepted: Client.Output?
        var rest: [Match] = []  // from a match to await on; allocated only then
        _ = request.withSegments { segments in
            index.forEachMatch(segments) { definition, captures in
                guard rest.isEmpty else {
                    rest.append(Match(definition: definition, captures: captures))
                    return false
                }
                table.log("\(definition.pattern) matches \(parts)")
                let parameters = RouteParameters(
                    request: request, matched: definition.parsed, captures: captures, extra: extra,
                    scheme: table.scheme)
                switch Client.ask(definition.action, parameters) {
                case .accept(let output):
                    accepted = output
                    return true
                case .decline:
                    table.log("\(definition.pattern) declined")
                    return false
                case .wait:
                    rest.append(Match(definition: definition, captures: captures))
                    return false
                }
            }
        }
        if let output = accepted { return .accepted(output) }
        guard let waiting = rest.first else { return nil }
        let definition = waiting.definition
        let candidate = Candidate(
            action: definition.action,
            parameters: RouteParameters(
                request: request, matched: definition.parsed, captures: waiting.captures, extra: extra,
                scheme: table.scheme))
        stage = .rest(Rest(table: table, request: request, matches: rest[1...], waitingOn: candidate))
        return .waiting
    }

    /// Asks the matches after an awaited one, in order.
    private mutating func ask<Client: WalkClient>(_ rest: Rest, _ client: Client.Type) -> WalkStop<
        Client.Output
    >? {
        for (offset, match) in zip(rest.matches.indices, rest.matches) {
            let definition = match.definition
            rest.table.log("\(definition.pattern) matches \(parts)")
            let parameters = RouteParameters(
                request: rest.request, matched: definition.parsed, captures: match.captures,
                extra: self.parameters, scheme: rest.table.scheme)
            switch Client.ask(definition.action, parameters) {
            case .accept(let output):
                stage = .finished
                return .accepted(output)
            case .decline:
                rest.table.log("\(definition.pattern) declined")
            case .wait:
                stage = .rest(
                    Rest(
                        table: rest.table, request: rest.request, matches: rest.matches[(offset + 1)...],
                        waitingOn: Candidate(action: definition.action, parameters: parameters)))
                return .waiting
            }
        }
        return nil
    }
}

/// Where a walk stopped.
enum WalkStop<Output> {
    /// A match accepted, giving this.
    case accepted(Output)
    /// No match accepted; the unmatched handler was called.
    case unhandled
    /// A match can only be answered by awaiting it: ``Walk/waitingOn``.
    case waiting
}

/// A match the walk waits on: what it runs and the parameters it gets.
struct Candidate {
    let action: Action?
    let parameters: RouteParameters

    var pattern: String { parameters.pattern }
}

/// A matching definition and what it captured.
struct Match {
    let definition: Definition
    let captures: Captures
}

extension RouteTable {
    /// The unmatched handler's call: routing that began in this table handled nothing.
    func callUnmatchedHandler(_ parts: URLParts, parameters: [String: Any]) {
        log("no route handled \(parts)")
        if let unmatchedHandler { unmatchedHandler(parts.routedURL, parameters) }
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

extension URLParts: CustomStringConvertible {
    /// The URL's text, for log lines.
    var description: String { url?.absoluteString ?? text }
}
