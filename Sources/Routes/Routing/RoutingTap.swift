/// What `RoutesTesting`'s link tables observe of routing, beside the app's ``Router/onEvent``,
/// which they leave in place: every event, the calls of the app's observer and of the app code
/// routing runs (what these route meanwhile is nested in them), and every guard routing asks
/// (a guard that proceeds sends no event).
///
/// Routing reads it where it already reports an event (the tables' observer is the tap's,
/// around the app's), where a guard has decided, and around each call of app code: a router
/// without a tap pays one load and branch for each.
package final class RoutingTap {
    /// Receives each event, before the app's observer.
    let willObserve: (RoutingEvent) -> Void
    /// Called when the app's observer has returned from the event ``willObserve`` received
    /// (at once when there is none): what it routed meanwhile came in between.
    let didObserve: () -> Void
    /// Receives each guard routing asked (the definition of the expansion that matched),
    /// whatever it decided, before its decision is reported.
    let askedGuard: (Definition) -> Void
    /// Called before routing calls app code (a handler, a value closure, a synchronous guard,
    /// the unmatched handler): what it routes comes before ``didCall``.
    let willCall: () -> Void
    /// Called when the app code that ``willCall`` announced has returned.
    let didCall: () -> Void

    package init(
        willObserve: @escaping (RoutingEvent) -> Void, didObserve: @escaping () -> Void,
        askedGuard: @escaping (Definition) -> Void, willCall: @escaping () -> Void,
        didCall: @escaping () -> Void
    ) {
        self.willObserve = willObserve
        self.didObserve = didObserve
        self.askedGuard = askedGuard
        self.willCall = willCall
        self.didCall = didCall
    }

    /// Calls this tap, then `next` (the tap it was set over), for each of its calls.
    package func then(_ next: RoutingTap?) -> RoutingTap {
        guard let next else { return self }
        return RoutingTap(
            willObserve: { event in
                self.willObserve(event)
                next.willObserve(event)
            },
            didObserve: {
                self.didObserve()
                next.didObserve()
            },
            askedGuard: { definition in
                self.askedGuard(definition)
                next.askedGuard(definition)
            },
            willCall: {
                self.willCall()
                next.willCall()
            },
            didCall: {
                self.didCall()
                next.didCall()
            })
    }
}

extension Router {
    /// The observer the tables call: ``onEvent``, or, with a ``tap``, the tap around it.
    var tableObserver: ((RoutingEvent) -> Void)? {
        guard let tap else { return onEvent }
        let observer = onEvent
        return { event in
            tap.willObserve(event)
            observer?(event)
            tap.didObserve()
        }
    }

    /// Gives every table the observer and the tap of the router.
    func updateTableObservers() {
        let observer = tableObserver
        for table in allTables {
            table.onEvent = observer
            table.tap = tap
        }
    }
}

extension RouteTable {
    /// Tells the tap, when there is one, that routing is about to call app code (a handler, a
    /// value closure, a synchronous guard, the unmatched handler); ``didCallAppCode()`` when
    /// it has returned. Two plain calls, no closure: without a tap, each is a load and a branch.
    @inline(__always)
    func willCallAppCode() {
        if let tap { tap.willCall() }
    }

    /// Tells the tap, when there is one, that the app code routing called has returned.
    @inline(__always)
    func didCallAppCode() {
        if let tap { tap.didCall() }
    }

    /// Tells the tap, when there is one, that routing asked the guard of `definition`.
    @inline(__always)
    func noteAsked(guard definition: Definition) {
        tap?.askedGuard(definition)
    }
}
