#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// What routing did while a link table or a launch script ran, as the router's ``RoutingTap``
/// reports it: the events since the link or step being checked began, and what every link
/// reached.
final class LinkRecorder {
    /// An event, and whether it came while the app's observer or app code that routing called
    /// ran (what a handler, guard, unmatched handler or observer routes).
    struct Record {
        let event: RoutingEvent
        let isNested: Bool
    }

    /// The events since ``startLink()``, in order, those of what handlers and observers routed
    /// meanwhile included (marked nested).
    private(set) var records: [Record] = []
    /// What every link of the table reached so far.
    private(set) var coverage = LinkCoverage()
    /// How many calls of the app's observer and of app code that routing called are running.
    private var nesting = 0

    /// The tap that records into this recorder.
    var tap: RoutingTap {
        RoutingTap(
            willObserve: { [self] event in
                records.append(Record(event: event, isNested: nesting > 0))
                coverage.record(event)
                nesting += 1
            },
            didObserve: { [self] in nesting -= 1 },
            askedGuard: { [self] definition in coverage.record(guard: definition) },
            willCall: { [self] in nesting += 1 },
            didCall: { [self] in nesting -= 1 })
    }

    /// Forgets the events of the link or step checked before.
    func startLink() {
        records = []
    }
}

extension Router {
    /// Calls `body` with a recorder set as the router's tap, over the tap already set (a check
    /// that a handler runs during another one: both record), which it then restores. The app's
    /// ``Routes/Router/onEvent`` is not touched: it receives every event, and an observer that a
    /// handler sets meanwhile stays.
    func recording<Result>(_ body: (LinkRecorder) -> Result) -> Result {
        let recorder = LinkRecorder()
        let previous = tap
        tap = recorder.tap.then(previous)
        defer { tap = previous }
        return body(recorder)
    }
}
