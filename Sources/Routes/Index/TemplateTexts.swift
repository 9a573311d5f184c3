/// Definitions of one index node filed by a fixed text of a template in one URL segment: text
/// the segment must start with, end with, or hold somewhere, as written (templates compare
/// their fixed text with the URL's bytes, escapes included). Read over the segment, it gives
/// the definitions whose text is there, each once; the others cannot match.
///
/// Texts at the start and anywhere are the keys of one ``TextAutomaton`` read forward over the
/// segment (one pass, Aho–Corasick), texts at the end the keys of one read backward from the
/// segment's end (a trie walk that stops at the first byte no key continues with). A lookup
/// costs the segment's length, plus the definitions found; never the number of definitions
/// filed.
///
/// A class, so that ``CheckedDefinitions`` keeps one reference and a lookup reads it in place,
/// where it stamps the states it has reported (so that a text that occurs many times is
/// reported once) and builds the failure links after an insertion.
final class TemplateTexts {
    /// Where in the segment a text must be.
    enum Anchor {
        case start, end, anywhere
    }

    /// Start and anywhere texts, read forward.
    private var forward = TextAutomaton()
    /// End texts reversed, read backward from the segment's end.
    private var backward = TextAutomaton()
    /// By state of ``forward``: where in ``lists`` the definitions whose text is the state's
    /// and starts the segment are (-1: none); the same for those whose text is anywhere.
    private var startLists: [Int32] = [-1]
    private var anywhereLists: [Int32] = [-1]
    /// By state of ``backward``: the definitions whose text is the state's, reversed, and ends
    /// the segment.
    private var endLists: [Int32] = [-1]
    /// By state of ``forward``: the nearest state along its failure links (itself excluded)
    /// that has an anywhere list, -1 none. Every anywhere text that ends where the state's text
    /// ends is on this chain.
    private var anywhereLinks: [Int32] = [-1]
    /// By state of ``forward``: the lookup that last reported its anywhere list.
    private var stamps: [UInt32] = [0]
    private var lookup: UInt32 = 0
    private var lists: [[Definition]] = []
    /// Whether the failure links and ``anywhereLinks`` are up to date.
    private var isBuilt = true
    private var hasStart = false
    private var hasAnywhere = false

    /// Files `definition` under `text` at `anchor`: O(the text's length).
    func insert(_ definition: Definition, text: [UInt8], at anchor: Anchor) {
        switch anchor {
        case .end:
            let state = Int(backward.insert(text.reversed()))
            if endLists.count < backward.stateCount {
                endLists += repeatElement(-1, count: backward.stateCount - endLists.count)
            }
            file(definition, in: &endLists[state])
        case .start, .anywhere:
            let state = Int(forward.insert(text))
            if startLists.count < forward.stateCount {
                let added = forward.stateCount - startLists.count
                startLists += repeatElement(-1, count: added)
                anywhereLists += repeatElement(-1, count: added)
            }
            if anchor == .start {
                hasStart = true
                file(definition, in: &startLists[state])
            } else {
                hasAnywhere = true
                file(definition, in: &anywhereLists[state])
            }
            isBuilt = false
        }
    }

    private func file(_ definition: Definition, in list: inout Int32) {
        if list < 0 {
            lists.append([])
            list = Int32(truncatingIfNeeded: lists.count - 1)
        }
        lists[Int(list)].append(definition)
    }

    /// Calls `body` with each definition filed under a text that `segment` has where the text
    /// must be, once each, in no particular order.
    func forEachCandidate(_ segment: UnsafeBufferPointer<UInt8>, _ body: (Definition) -> Void) {
        if !backward.isEmpty { forEachEndCandidate(segment, body) }
        guard !forward.isEmpty else { return }
        if !isBuilt { build() }
        guard hasAnywhere else { return forEachStartCandidate(segment, body) }
        lookup &+= 1
        if lookup == 0 {
            // Stamps are compared for equality: after a wrap, none may hold the new value.
            for index in stamps.indices { stamps[index] = 0 }
            lookup = 1
        }
        var state: Int32 = 0
        var onPrefix = hasStart
        for (offset, byte) in segment.enumerated() {
            state = forward.step(state, byte)
            let index = Int(state)
            // The state's text is the segment's first `offset + 1` bytes only while every byte
            // so far continued a key from the start.
            if onPrefix {
                onPrefix = forward.depths[index] == offset + 1
                if onPrefix, startLists[index] >= 0 { report(startLists[index], body) }
            }
            // Every anywhere text that ends here: the state's and those along its links. A
            // stamped state was reported with the whole chain after it.
            var found = anywhereLists[index] >= 0 ? state : anywhereLinks[index]
            while found >= 0, stamps[Int(found)] != lookup {
                stamps[Int(found)] = lookup
                report(anywhereLists[Int(found)], body)
                found = anywhereLinks[Int(found)]
            }
        }
    }

    /// The start texts alone: a walk along the trie from the segment's first byte.
    private func forEachStartCandidate(_ segment: UnsafeBufferPointer<UInt8>, _ body: (Definition) -> Void) {
        var state: Int32 = 0
        for byte in segment {
            guard let next = forward.child(of: state, byte) else { return }
            state = next
            if startLists[Int(state)] >= 0 { report(startLists[Int(state)], body) }
        }
    }

    /// The end texts: a walk along the reversed trie from the segment's last byte.
    private func forEachEndCandidate(_ segment: UnsafeBufferPointer<UInt8>, _ body: (Definition) -> Void) {
        var state: Int32 = 0
        for byte in segment.reversed() {
            guard let next = backward.child(of: state, byte) else { return }
            state = next
            if endLists[Int(state)] >= 0 { report(endLists[Int(state)], body) }
        }
    }

    @inline(__always)
    private func report(_ list: Int32, _ body: (Definition) -> Void) {
        for definition in lists[Int(list)] { body(definition) }
    }

    /// The failure links, then each state's link to the nearest anywhere text along them
    /// (shallower states first: a state's link is found from its failure link's).
    private func build() {
        forward.buildFailureLinks()
        let count = forward.stateCount
        anywhereLinks = [Int32](repeating: -1, count: count)
        for state in TextAutomaton.byDepth(forward.depths) where state > 0 {
            let failure = forward.failures[Int(state)]
            anywhereLinks[Int(state)] =
                anywhereLists[Int(failure)] >= 0 ? failure : anywhereLinks[Int(failure)]
        }
        if stamps.count < count { stamps += repeatElement(0, count: count - stamps.count) }
        isBuilt = true
    }
}
