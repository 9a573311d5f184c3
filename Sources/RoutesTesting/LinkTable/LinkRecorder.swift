#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// What routing did while a table's links were checked, as the router's ``RoutingTap`` reports
/// it: the events since the link being checked began, and what every link reached.
final class LinkRecorder {
    /// An event, and whether it came while the app's observer ran (what an observer routes).
    struct Record {
        let event: RoutingEvent
        let isFromObserver: Bool
    }

    /// The events since ``startLink()``, in order, those of what handlers and observers routed
    /// meanwhile included.
    private(set) var records: [Record] = []
    /// What every link of the table reached so far.
    private(set) var coverage = LinkCoverage()
    /// How many calls of the app's observer are running.
    private var observing = 0

    /// The tap that records into this recorder.
    var tap: RoutingTap {
        RoutingTap(
            willObserve: { [self] event in
                records.append(Record(event: event, isFromObserver: observing > 0))
                coverage.record(event)
                observing += 1
            },
            didObserve: { [self] in observing -= 1 },
            askedGuard: { [self] definition in coverage.record(guard: definition) })
    }

    /// Forgets the events of the link checked before.
    func startLink() {
        records = []
    }
}
