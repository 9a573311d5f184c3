/// Definitions of one index node filed by the fixed texts of a template in one URL segment:
/// texts the segment must start with, end with, or hold somewhere, as written (templates compare
/// their fixed text with the URL's bytes, escapes included). Read over the segment, it gives the
/// definitions whose every text is there, each once; the others cannot match.
///
/// Each text at its anchor is a *key*. Texts at the start and anywhere are the keys of one
/// ``TextAutomaton`` read forward over the segment (one pass, Aho–Corasick), texts at the end the
/// keys of one read backward from the segment's end (a trie walk that stops at the first byte no
/// key continues with). A definition is filed under one of its keys: the one that the fewest
/// definitions had when it was inserted. A lookup marks the keys it finds, then keeps the
/// definitions filed under them whose other keys it marked too. It costs the segment's length,
/// plus a step for each definition filed under a key found (its keys compared with the marks),
/// never the number of definitions filed.
///
/// A class, so that ``CheckedDefinitions`` keeps one reference and a lookup reads it in place,
/// where it marks the keys it finds and builds the failure links after an insertion. Like the
/// index, it is confined to its router's isolation domain, so the dynamic exclusivity checks of
/// its properties are not needed.
final class TemplateTexts {
    /// Where in the segment a text must be.
    enum Anchor {
        case start, end, anywhere
    }

    /// A fixed text of a template, as written, and where it must be in the segment.
    typealias FixedText = (text: [UInt8], anchor: Anchor)

    /// What a lookup reads of a state of ``forward``, beside the automaton.
    private struct ForwardState {
        /// The key of the state's text at the start of the segment (-1: none); the same
        /// anywhere in it.
        var startKey: Int32 = -1
        var anywhereKey: Int32 = -1
        /// The nearest state along the failure links (itself excluded) whose text is an anywhere
        /// key, -1 none: every anywhere text that ends where the state's text ends is on this
        /// chain. Valid once built.
        var anywhereLink: Int32 = -1
    }

    /// A key found by a lookup: the lookup's stamp, and the key it found before, -1 none (the
    /// keys it found, listed without a buffer).
    private struct Mark {
        var stamp: UInt32 = 0
        var previous: Int32 = -1
    }

    /// Where a definition's keys are in ``filedKeys``.
    private struct KeyRange {
        var start: Int32
        var count: Int32
    }

    /// Start and anywhere texts, read forward.
    @exclusivity(unchecked) private var forward = TextAutomaton()
    @exclusivity(unchecked) private var forwardStates = [ForwardState()]
    /// End texts reversed, read backward from the segment's end.
    @exclusivity(unchecked) private var backward = TextAutomaton()
    /// By state of ``backward``: the key of the state's text, reversed, at the end (-1: none).
    @exclusivity(unchecked) private var endKeys: [Int32] = [-1]
    /// By key: the definitions filed under it (their index in ``definitions``).
    @exclusivity(unchecked) private var filed: [[Int32]] = []
    /// By key: how many definitions have it among their keys.
    @exclusivity(unchecked) private var keyUses: [Int32] = []
    /// By key: what the last lookup that found it marked. Owned by this object (a copy gets its
    /// own), so that a lookup changes it in place.
    @exclusivity(unchecked) private var marks: [Mark] = []
    /// The definitions, in the order they were inserted, and each one's keys.
    @exclusivity(unchecked) private var definitions: [Definition] = []
    @exclusivity(unchecked) private var keyRanges: [KeyRange] = []
    @exclusivity(unchecked) private var filedKeys: [Int32] = []
    /// The number of lookups, wrapping: the stamp of this one.
    @exclusivity(unchecked) private var lookup: UInt32 = 0
    /// Whether a lookup is calling its `body` (which may run an app's code, and a lookup of its
    /// own): a lookup made meanwhile marks keys of its own, so that the outer one's stay.
    @exclusivity(unchecked) private var isAsking = false
    /// Whether the failure links and the anywhere links are up to date.
    @exclusivity(unchecked) private var isBuilt = true
    @exclusivity(unchecked) private var hasStart = false
    @exclusivity(unchecked) private var hasAnywhere = false

    init() {}

    /// A copy that changes apart from this one, for an index that changes while a lookup reads
    /// this one (``DefinitionList/insert(_:)``): its arrays are shared until one of them
    /// changes, its marks are its own.
    func copy() -> TemplateTexts {
        let copy = TemplateTexts()
        (copy.forward, copy.forwardStates, copy.backward, copy.endKeys) = (
            forward, forwardStates, backward, endKeys
        )
        (copy.filed, copy.keyUses, copy.definitions) = (filed, keyUses, definitions)
        (copy.keyRanges, copy.filedKeys) = (keyRanges, filedKeys)
        (copy.isBuilt, copy.hasStart, copy.hasAnywhere) = (isBuilt, hasStart, hasAnywhere)
        copy.marks = [Mark](repeating: Mark(), count: filed.count)
        return copy
    }

    /// Files `definition`, whose template requires `texts` (at least one) where they must be, under
    /// the one of them that the fewest definitions have so far (then the one that tells the
    /// most: at an end of the segment before inside it, then the longest). O(the texts' length).
    func insert(_ definition: Definition, texts: [FixedText]) {
        precondition(!texts.isEmpty, "a definition is filed by a text")
        // The index inserts in a copy of texts that a lookup is reading (``DefinitionList``).
        precondition(!isAsking, "an insertion while a lookup reads these texts")
        let keys = texts.map { key($0.text, at: $0.anchor) }
        var best = 0
        for index in keys.indices.dropFirst() {
            let (uses, bestUses) = (keyUses[Int(keys[index])], keyUses[Int(keys[best])])
            if uses < bestUses
                || (uses == bestUses && TemplateTexts.rank(texts[index]) > TemplateTexts.rank(texts[best]))
            {
                best = index
            }
        }
        let number = Int32(truncatingIfNeeded: definitions.count)
        definitions.append(definition)
        filed[Int(keys[best])].append(number)
        let distinct = Set(keys)
        keyRanges.append(
            KeyRange(
                start: Int32(truncatingIfNeeded: filedKeys.count),
                count: Int32(truncatingIfNeeded: distinct.count)))
        for key in distinct {
            filedKeys.append(key)
            keyUses[Int(key)] += 1
        }
    }

    /// How many definitions have the rarest of `texts` (0 when one is no key yet): where a
    /// definition filed here would be filed, compared with other segments' (``CheckedDefinitions``).
    func uses(ofRarest texts: [FixedText]) -> Int {
        var fewest = Int.max
        for (text, anchor) in texts {
            fewest = min(fewest, existingKey(text, at: anchor).map { Int(keyUses[Int($0)]) } ?? 0)
        }
        return fewest
    }

    /// How much a text tells: at an end of the segment before inside it, then the longest.
    static func rank(_ text: FixedText) -> (Int, Int) {
        (text.anchor == .anywhere ? 0 : 1, text.text.count)
    }

    /// The key of `text` at `anchor`, made if it is new.
    private func key(_ text: [UInt8], at anchor: Anchor) -> Int32 {
        func newKey() -> Int32 {
            filed.append([])
            keyUses.append(0)
            marks.append(Mark())
            return Int32(truncatingIfNeeded: filed.count - 1)
        }
        switch anchor {
        case .end:
            let state = Int(backward.insert(text.reversed()))
            if endKeys.count < backward.stateCount {
                endKeys += repeatElement(-1, count: backward.stateCount - endKeys.count)
            }
            if endKeys[state] < 0 { endKeys[state] = newKey() }
            return endKeys[state]
        case .start, .anywhere:
            let state = Int(forward.insert(text))
            if forwardStates.count < forward.stateCount {
                forwardStates += repeatElement(
                    ForwardState(), count: forward.stateCount - forwardStates.count)
                isBuilt = false
            }
            if anchor == .start {
                hasStart = true
                if forwardStates[state].startKey < 0 { forwardStates[state].startKey = newKey() }
                return forwardStates[state].startKey
            }
            hasAnywhere = true
            if forwardStates[state].anywhereKey < 0 {
                forwardStates[state].anywhereKey = newKey()
                isBuilt = false
            }
            return forwardStates[state].anywhereKey
        }
    }

    /// The key of `text` at `anchor`, if it is one.
    private func existingKey(_ text: [UInt8], at anchor: Anchor) -> Int32? {
        let automaton = anchor == .end ? backward : forward
        var state: Int32 = 0
        for byte in anchor == .end ? text.reversed() : text {
            guard let next = automaton.child(of: state, byte) else { return nil }
            state = next
        }
        let key: Int32
        switch anchor {
        case .end: key = endKeys[Int(state)]
        case .start: key = forwardStates[Int(state)].startKey
        case .anywhere: key = forwardStates[Int(state)].anywhereKey
        }
        return key < 0 ? nil : key
    }

    /// Calls `body` with each definition whose every text `segment` has where the text must be,
    /// once each, in no particular order.
    ///
    /// The keys are all found and marked before `body` is first called: `body` checks a
    /// definition, which may run an app's parameter type, and that code may look these texts up
    /// again (with marks of its own: allocated, the one case that allocates) or insert in the index
    /// (which inserts in a ``copy()``).
    func forEachCandidate(_ segment: UnsafeBufferPointer<UInt8>, _ body: (Definition) -> Void) {
        guard !definitions.isEmpty else { return }
        if !isBuilt { build() }
        guard !isAsking else {
            var own = [Mark](repeating: Mark(), count: filed.count)
            return forEachCandidate(segment, marks: &own, stamp: 1, body)
        }
        lookup &+= 1
        if lookup == 0 {
            // Stamps are compared for equality: after a wrap, none may hold the new value.
            for index in marks.indices { marks[index].stamp = 0 }
            lookup = 1
        }
        isAsking = true
        defer { isAsking = false }
        forEachCandidate(segment, marks: &marks, stamp: lookup, body)
    }

    /// ``forEachCandidate(_:_:)`` with `marks` (by key) and this lookup's `stamp`.
    private func forEachCandidate(
        _ segment: UnsafeBufferPointer<UInt8>, marks: inout [Mark], stamp: UInt32,
        _ body: (Definition) -> Void
    ) {
        let last = marks.withUnsafeMutableBufferPointer { marks in
            var found = FoundKeys(marks: marks, stamp: stamp)
            if !backward.isEmpty { findEndKeys(segment, &found) }
            if !forward.isEmpty {
                if hasAnywhere {
                    findForwardKeys(segment, &found)
                } else {
                    findStartKeys(segment, &found)
                }
            }
            return found.last
        }
        // The definitions filed under the keys found whose other keys were found too. Nothing
        // here is read through a pointer while `body` runs.
        var key = last
        while key >= 0 {
            for number in filed[Int(key)] {
                let range = keyRanges[Int(number)]
                var hasAll = true
                for index in range.start..<range.start + range.count
                where marks[Int(filedKeys[Int(index)])].stamp != stamp {
                    hasAll = false
                    break
                }
                if hasAll { body(definitions[Int(number)]) }
            }
            key = marks[Int(key)].previous
        }
    }

    /// The keys a lookup found so far, marked with its stamp and listed through their marks.
    private struct FoundKeys {
        let marks: UnsafeMutableBufferPointer<Mark>
        let stamp: UInt32
        /// The key found last, -1 none: the list's head.
        var last: Int32 = -1

        /// Marks `key` found.
        @inline(__always)
        mutating func add(_ key: Int32) {
            marks[Int(key)] = Mark(stamp: stamp, previous: last)
            last = key
        }

        @inline(__always)
        func contains(_ key: Int32) -> Bool { marks[Int(key)].stamp == stamp }
    }

    /// The start and anywhere keys: one pass of the automaton over the segment.
    private func findForwardKeys(_ segment: UnsafeBufferPointer<UInt8>, _ found: inout FoundKeys) {
        let hasStart = self.hasStart
        forward.withReader { automaton in
            forwardStates.withUnsafeBufferPointer { states in
                var state: Int32 = 0
                var onPrefix = hasStart
                for offset in 0..<segment.count {
                    state = automaton.step(state, segment[offset])
                    // The state's text is the segment's first `offset + 1` bytes only while every
                    // byte so far continued a key from the start.
                    if onPrefix {
                        onPrefix = automaton.depths[Int(state)] == offset + 1
                        if onPrefix, states[Int(state)].startKey >= 0 {
                            found.add(states[Int(state)].startKey)
                        }
                    }
                    // Every anywhere text that ends here: the state's and those along its links.
                    // A key already found was found with the whole chain after it.
                    var next = states[Int(state)].anywhereKey >= 0 ? state : states[Int(state)].anywhereLink
                    while next >= 0 {
                        let key = states[Int(next)].anywhereKey
                        if found.contains(key) { break }
                        found.add(key)
                        next = states[Int(next)].anywhereLink
                    }
                }
            }
        }
    }

    /// The start keys alone: a walk along the trie from the segment's first byte.
    private func findStartKeys(_ segment: UnsafeBufferPointer<UInt8>, _ found: inout FoundKeys) {
        forward.withReader { automaton in
            forwardStates.withUnsafeBufferPointer { states in
                var state: Int32 = 0
                for byte in segment {
                    guard let next = automaton.child(of: state, byte) else { return }
                    state = next
                    if states[Int(state)].startKey >= 0 { found.add(states[Int(state)].startKey) }
                }
            }
        }
    }

    /// The end keys: a walk along the reversed trie from the segment's last byte.
    private func findEndKeys(_ segment: UnsafeBufferPointer<UInt8>, _ found: inout FoundKeys) {
        backward.withReader { automaton in
            endKeys.withUnsafeBufferPointer { endKeys in
                var state: Int32 = 0
                for byte in segment.reversed() {
                    guard let next = automaton.child(of: state, byte) else { return }
                    state = next
                    if endKeys[Int(state)] >= 0 { found.add(endKeys[Int(state)]) }
                }
            }
        }
    }

    /// The failure links, then each state's link to the nearest anywhere key along them
    /// (shallower states first: a state's link is found from its failure link's).
    private func build() {
        forward.buildFailureLinks()
        for state in TextAutomaton.byDepth(forward.depths) where state > 0 {
            let failure = Int(forward.failures[Int(state)])
            forwardStates[Int(state)].anywhereLink =
                forwardStates[failure].anywhereKey >= 0
                ? Int32(truncatingIfNeeded: failure) : forwardStates[failure].anywhereLink
        }
        isBuilt = true
    }
}
