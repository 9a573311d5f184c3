/// The suspension queue: the URLs a router holds while it is suspended, and while `resume()`
/// routes them, in arrival order (the "Routing rules" article, *Suspending routing*).
///
/// Its operations never call user code: what they drop is returned, so that the router logs it
/// (and releases it) once the queue is consistent again.
struct RoutingQueue {
    /// Between `suspend(keepingAtMost:)` and `resume()`.
    private(set) var isSuspended = false
    /// While `resume()` routes the held URLs; URLs routed meanwhile are held behind them.
    var isDraining = false
    /// The most URLs held at any moment.
    private(set) var limit = 16
    /// Held URLs, oldest first, from `head` on; the slots before `head` were routed.
    private var urls: [KeptURL] = []
    private var head = 0

    /// Whether `route(to:)` holds URLs instead of routing them.
    var isHolding: Bool { isSuspended || isDraining }

    /// The number of URLs held.
    var count: Int { urls.count - head }

    /// Suspends, or changes the limit of a suspension; returns the oldest URLs beyond the limit.
    mutating func suspend(keepingAtMost limit: Int) -> [KeptURL] {
        isSuspended = true
        self.limit = max(limit, 0)
        return dropExcess()
    }

    /// Ends the suspension; `false` when there was none.
    mutating func endSuspension() -> Bool {
        defer { isSuspended = false }
        return isSuspended
    }

    /// Holds `url`; returns the oldest URLs beyond the limit (`url` itself when the limit is 0).
    mutating func hold(_ url: KeptURL) -> [KeptURL] {
        urls.append(url)
        return dropExcess()
    }

    /// The oldest held URL, to route now; `nil` when none is held or the router is suspended.
    mutating func next() -> KeptURL? {
        guard !isSuspended, head < urls.count else { return nil }
        let url = urls[head]
        head += 1
        if head == urls.count || head > 32 && head * 2 > urls.count {
            urls.removeFirst(head)
            head = 0
        }
        return url
    }

    private mutating func dropExcess() -> [KeptURL] {
        let excess = count - limit
        guard excess > 0 else { return [] }
        let dropped = Array(urls[head..<(head + excess)])
        urls.removeFirst(head + excess)
        head = 0
        return dropped
    }
}

/// A URL held by the queue, with what routing it needs.
struct KeptURL {
    let parts: URLParts
    let parameters: [String: Any]
    /// The table it was routed to; `nil` when routed by the router (the table of its scheme).
    let table: RouteTable?
}
