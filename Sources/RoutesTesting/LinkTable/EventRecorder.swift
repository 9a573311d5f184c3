#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// The events a router sent while a check observed it; the check empties it between links.
final class EventRecorder {
    var events: [RoutingEvent] = []

    /// The recorded events, leaving none.
    func take() -> [RoutingEvent] {
        defer { events = [] }
        return events
    }
}

extension Router {
    /// Calls `body` with a recorder of the router's events, then restores the router's own
    /// ``Routes/Router/onEvent``, which receives every event meanwhile too.
    func recordingEvents<Result>(_ body: (EventRecorder) -> Result) -> Result {
        let recorder = EventRecorder()
        let observer = onEvent
        onEvent = { event in
            recorder.events.append(event)
            observer?(event)
        }
        defer { onEvent = observer }
        return body(recorder)
    }
}
