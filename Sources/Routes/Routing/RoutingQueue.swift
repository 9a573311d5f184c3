/// The router's queue: the URLs it holds while it is suspended, those a guard held, and those
/// routed while `resume()` routes them, in arrival order (the "Routing rules" article,
/// *Suspending routing*).
///
/// Its operations never call user code: what they drop is returned, so that the router reports
/// it (and releases it) once the queue is consistent again. Each costs O(1) amortised per URL
/// held or dropped, whatever the limit, so that a flood of URLs into a full queue stays linear.
struct RoutingQueue {
    /// Between `suspend(keepingAtMost:)` and `resume()`.
    private(set) var isSuspended = false
    /// While `resume()` routes the held URLs; URLs routed meanwhile are held behind them.
    private(set) var isDraining = false
    /// The most URLs held at any moment.
    private(set) var limit = 16
    /// Held URLs, oldest first.
    private var urls = FIFO<KeptURL>()
    /// URLs a guard held again while `resume()` routes the held ones: they wait for the next
    /// `resume()` (oldest first; all older than ``urls``).
    private var heldAgain = FIFO<KeptURL>()

    /// Whether `route(to:)` holds URLs instead of routing them.
    var isHolding: Bool { isSuspended || isDraining }

    /// The number of URLs held.
    var count: Int { heldAgain.count + urls.count }

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
    var all: [KeptURL] { heldAgain.elements + urls.elements }

    /// Removes every held URL; returns them, oldest first.
    mutating func removeAll() -> [KeptURL] {
        heldAgain.removeAll() + urls.removeAll()
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
        heldAgain.append(contentsOf: urls.removeAll())
        swap(&urls, &heldAgain)
    }

    /// The oldest held URL, to route now; `nil` when none is held or the router is suspended.
    mutating func next() -> KeptURL? {
        guard !isSuspended else { return nil }
        return urls.removeFirst()
    }

    /// Drops the oldest URLs beyond the limit: those held again first.
    private mutating func dropExcess() -> [KeptURL] {
        let excess = count - limit
        guard excess > 0 else { return [] }
        let dropped = heldAgain.removeFirst(excess)
        return dropped + urls.removeFirst(excess - dropped.count)
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
    /// The link as written, when a ``RouteMap``'s stack kept or held it (`stack(for:)`,
    /// `openStack(for:)`): `resumeResolving()` cuts its prefixes again and answers its stack.
    /// `nil` for a URL that routing or `resolve` kept, which resumes as one URL.
    var stackText: String? = nil
}

/// A first-in, first-out list whose appends and removals of the oldest cost O(1) amortised: a
/// removal empties its slot (releasing the element at once) and moves a start index; the emptied
/// slots are reclaimed when they are the larger part of the storage, so that each reclaim moves
/// fewer elements than removals paid for it.
struct FIFO<Element> {
    private var slots: [Element?] = []
    /// The index of the oldest element; the slots before it are empty.
    private var head = 0

    var count: Int { slots.count - head }
    var isEmpty: Bool { head == slots.count }

    /// The elements, oldest first.
    var elements: [Element] { slots[head...].map { $0! } }

    mutating func append(_ element: Element) {
        slots.append(element)
    }

    mutating func append(contentsOf elements: [Element]) {
        slots.append(contentsOf: elements.lazy.map(Optional.some))
    }

    /// Removes and returns the oldest element; `nil` when there is none.
    mutating func removeFirst() -> Element? {
        guard head < slots.count else { return nil }
        defer { reclaim() }
        return takeOldest()
    }

    /// Removes and returns the `k` oldest elements (all of them when there are fewer).
    mutating func removeFirst(_ k: Int) -> [Element] {
        let end = head + min(max(k, 0), count)
        guard head < end else { return [] }
        defer { reclaim() }
        var removed: [Element] = []
        removed.reserveCapacity(end - head)
        while head < end { removed.append(takeOldest()) }
        return removed
    }

    /// Removes and returns every element, oldest first.
    mutating func removeAll() -> [Element] {
        defer { self = FIFO() }
        return elements
    }

    /// Empties the oldest slot and moves the start past it.
    private mutating func takeOldest() -> Element {
        defer { head += 1 }
        return slots[head].take()!
    }

    /// Drops the empty slots before `head` once they are most of the storage.
    private mutating func reclaim() {
        if head == slots.count {
            self = FIFO()
        } else if head >= 16 && head * 2 >= slots.count {
            slots.removeFirst(head)
            head = 0
        }
    }
}
