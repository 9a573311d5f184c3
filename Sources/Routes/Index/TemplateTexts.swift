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
/// reported once) and builds the failure links after an insertion. Like the index, it is
/// confined to its router's isolation domain, so the dynamic exclusivity checks of its
/// properties are not needed.
final class TemplateTexts {
    /// Where in the segment a text must be.
    enum Anchor {
        case start, end, anywhere
    }

    /// What a lookup reads of a state of ``forward``, beside the automaton.
    private struct ForwardState {
        /// Where in ``lists`` the definitions whose text is the state's and starts the segment
        /// are (-1: none); the same for those whose text is anywhere.
        var startList: Int32 = -1
        var anywhereList: Int32 = -1
        /// The nearest state along the failure links (itself excluded) that has an anywhere
        /// list, -1 none: every anywhere text that ends where the state's text ends is on this
        /// chain. Valid once built.
        var anywhereLink: Int32 = -1
        /// The lookup that last reported the state's anywhere list.
        var stamp: UInt32 = 0
    }

    /// Start and anywhere texts, read forward.
    @exclusivity(unchecked) private var forward = TextAutomaton()
    @exclusivity(unchecked) private var forwardStates = [ForwardState()]
    /// End texts reversed, read backward from the segment's end.
    @exclusivity(unchecked) private var backward = TextAutomaton()
    /// By state of ``backward``: where in ``lists`` the definitions whose text is the state's,
    /// reversed, are (-1: none).
    @exclusivity(unchecked) private var endLists: [Int32] = [-1]
    @exclusivity(unchecked) private var lists: [[Definition]] = []
    /// The number of lookups that read anywhere texts, wrapping: the stamp of this one.
    @exclusivity(unchecked) private var lookup: UInt32 = 0
    /// Whether the failure links and the anywhere links are up to date.
    @exclusivity(unchecked) private var isBuilt = true
    @exclusivity(unchecked) private var hasStart = false
    @exclusivity(unchecked) private var hasAnywhere = false

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
            if forwardStates.count < forward.stateCount {
                forwardStates += repeatElement(
                    ForwardState(), count: forward.stateCount - forwardStates.count)
            }
            if anchor == .start {
                hasStart = true
                file(definition, in: &forwardStates[state].startList)
            } else {
                hasAnywhere = true
                file(definition, in: &forwardStates[state].anywhereList)
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
            for index in forwardStates.indices { forwardStates[index].stamp = 0 }
            lookup = 1
        }
        let (lookup, hasStart) = (self.lookup, self.hasStart)
        forward.withReader { automaton in
            forwardStates.withUnsafeMutableBufferPointer { states in
                var state: Int32 = 0
                var onPrefix = hasStart
                for offset in 0..<segment.count {
                    state = automaton.step(state, segment[offset])
                    // The state's text is the segment's first `offset + 1` bytes only while every
                    // byte so far continued a key from the start.
                    if onPrefix {
                        onPrefix = automaton.depths[Int(state)] == offset + 1
                        if onPrefix, states[Int(state)].startList >= 0 {
                            report(states[Int(state)].startList, body)
                        }
                    }
                    // Every anywhere text that ends here: the state's and those along its links.
                    // A stamped state was reported with the whole chain after it.
                    var found = states[Int(state)].anywhereList >= 0 ? state : states[Int(state)].anywhereLink
                    while found >= 0, states[Int(found)].stamp != lookup {
                        states[Int(found)].stamp = lookup
                        report(states[Int(found)].anywhereList, body)
                        found = states[Int(found)].anywhereLink
                    }
                }
            }
        }
    }

    /// The start texts alone: a walk along the trie from the segment's first byte.
    private func forEachStartCandidate(_ segment: UnsafeBufferPointer<UInt8>, _ body: (Definition) -> Void) {
        forward.withReader { automaton in
            var state: Int32 = 0
            for byte in segment {
                guard let next = automaton.child(of: state, byte) else { return }
                state = next
                let list = forwardStates[Int(state)].startList
                if list >= 0 { report(list, body) }
            }
        }
    }

    /// The end texts: a walk along the reversed trie from the segment's last byte.
    private func forEachEndCandidate(_ segment: UnsafeBufferPointer<UInt8>, _ body: (Definition) -> Void) {
        backward.withReader { automaton in
            var state: Int32 = 0
            for byte in segment.reversed() {
                guard let next = automaton.child(of: state, byte) else { return }
                state = next
                if endLists[Int(state)] >= 0 { report(endLists[Int(state)], body) }
            }
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
        for state in TextAutomaton.byDepth(forward.depths) where state > 0 {
            let failure = Int(forward.failures[Int(state)])
            forwardStates[Int(state)].anywhereLink =
                forwardStates[failure].anywhereList >= 0
                ? Int32(truncatingIfNeeded: failure) : forwardStates[failure].anywhereLink
        }
        isBuilt = true
    }
}
