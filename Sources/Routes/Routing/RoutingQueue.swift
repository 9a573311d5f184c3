/// The router's queue: the URLs it holds while it is suspended, those a guard held, and those
/// routed while `resume()` routes them, in arrival order (the "Routing rules" article,
/// *Suspending routing*).
///
/// Its operations never call user code: what they drop is returned, so that the router logs it
/// (and releases it) once the queue is consistent again.
struct RoutingQueue {
    /// Between `suspend(keepingAtMost:)` and `resume()`.
    private(set) var isSuspended = false
    /// While `resume()` routes the held URLs; URLs routed meanwhile are held behind them.
    private(set) var isDraining = false
    /// The most URLs held at any moment.
    private(set) var limit = 16
    /// Held URLs, oldest first, from `head` on; the slots before `head` were routed.
    private var urls: [KeptURL] = []
    private var head = 0
    /// URLs a guard held again while `resume()` routes the held ones: they wait for the next
    /// `resume()` (oldest first; all older than ``urls``).
    private var heldAgain: [KeptURL] = []

    /// Whether `route(to:)` holds URLs instead of routing them.
    var isHolding: Bool { isSuspended || isDraining }

    /// The number of URLs held.
    var count: Int { heldAgain.count + urls.count - head }

    /// Whether `resume()` has something to do: a suspension to end, or held URLs to route when no
    /// resume routes them already.
    var hasWork: Bool { isSuspended || (count > 0 && !isDraining) }

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
    /// A URL held while draining and `untilNextResume` (a guard held it) is not routed by this
    /// drain.
    mutating func hold(_ url: KeptURL, untilNextResume: Bool = false) -> [KeptURL] {
        if untilNextResume && isDraining {
            heldAgain.append(url)
        } else {
            urls.append(url)
        }
        return dropExcess()
    }

    /// The held URLs, oldest first.
    var all: [KeptURL] { heldAgain + urls[head...] }

    /// Removes every held URL; returns them.
    mutating func removeAll() -> [KeptURL] {
        defer {
            urls = []
            head = 0
            heldAgain = []
        }
        return all
    }

    /// Starts routing the held URLs.
    mutating func beginDraining() {
        isDraining = true
    }

    /// Stops routing the held URLs (the queue is empty, or the router is suspended again): the
    /// URLs held again wait, first, for the next `resume()`.
    mutating func endDraining() {
        isDraining = false
        guard !heldAgain.isEmpty else { return }
        urls = heldAgain + urls[head...]
        head = 0
        heldAgain = []
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

    /// Drops the oldest URLs beyond the limit: those held again first.
    private mutating func dropExcess() -> [KeptURL] {
        var excess = count - limit
        guard excess > 0 else { return [] }
        let fromHeldAgain = min(excess, heldAgain.count)
        var dropped = Array(heldAgain.prefix(fromHeldAgain))
        heldAgain.removeFirst(fromHeldAgain)
        excess -= fromHeldAgain
        dropped += urls[head..<(head + excess)]
        urls.removeFirst(head + excess)
        head = 0
        return dropped
    }
}

/// A URL held by the queue, with what routing it needs: a scheme, never a table, so that
/// `resume()` routes it through the tables as they are then (the "Routing rules" article,
/// *Suspending routing*).
struct KeptURL {
    let parts: URLParts
    let parameters: [String: Any]
    /// The scheme of the table it was routed through (a table's `route(to:)`); `nil` when the
    /// router chose the table of the URL's scheme.
    let scheme: String?
}
