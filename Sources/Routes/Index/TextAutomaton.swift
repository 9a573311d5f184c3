/// A trie of byte strings, its *keys*, with Aho–Corasick's failure links: read over a text
/// once, one step a byte, it is at each position in the state of the longest suffix of the text
/// read so far that begins a key, so every key that ends there is found from that state.
///
/// States are numbered from the root, 0, in the order keys made them; each key ends at a state.
/// The trie's edges are found by hashing `(state, byte)`, the root's through a table of 256
/// (every byte of a text that leaves the root is looked up there). Reading a byte costs one edge
/// look-up and, amortized, one failure link: a text of n bytes costs O(n) steps, whatever the
/// number of keys.
///
/// ```swift
/// var automaton = TextAutomaton()
/// let key = automaton.insert(Array("-k7-".utf8))
/// automaton.buildFailureLinks()
/// automaton.withReader { reader in
///     var state: Int32 = 0
///     for byte in "x-k7-y".utf8 { state = reader.step(state, byte) }
///     // after the fifth byte, `state == key`
/// }
/// ```
struct TextAutomaton {
    /// An edge `(state, byte) → target` in the open-addressing table; `state` -1: a free slot.
    fileprivate struct Edge {
        var state: Int32 = -1
        var target: Int32 = 0
        var byte: UInt8 = 0
    }

    /// The edges of states other than the root (a power of two, at most half full).
    private var edges: [Edge] = []
    private var edgeCount = 0
    /// The root's edges by byte: 0 for none (no edge leads back to the root). Empty until a key
    /// is inserted.
    private var rootEdges: [Int32] = []
    /// Each state's parent (-1 for the root), the byte that reaches it from its parent, and its
    /// depth: the length of its text.
    private var parents: [Int32] = [-1]
    private var bytesIn: [UInt8] = [0]
    private(set) var depths: [Int32] = [0]
    /// Each state's failure link: the state of the longest proper suffix of its text that is a
    /// state's text. Valid after ``buildFailureLinks()``, until the next insertion.
    private(set) var failures: [Int32] = [0]

    var stateCount: Int { parents.count }

    /// Whether no key was inserted yet.
    var isEmpty: Bool { parents.count == 1 }

    /// Adds `key` (idempotent); returns the state it ends at. The failure links must be built
    /// again before ``Reader/step(_:_:)`` is used.
    mutating func insert(_ key: some Sequence<UInt8>) -> Int32 {
        if rootEdges.isEmpty { rootEdges = [Int32](repeating: 0, count: 256) }
        var state: Int32 = 0
        for byte in key {
            if let next = child(of: state, byte) {
                state = next
                continue
            }
            let new = Int32(truncatingIfNeeded: parents.count)
            parents.append(state)
            bytesIn.append(byte)
            depths.append(depths[Int(state)] + 1)
            if state == 0 {
                rootEdges[Int(byte)] = new
            } else {
                addEdge(Edge(state: state, target: new, byte: byte))
            }
            state = new
        }
        return state
    }

    /// The trie's edge from `state` by `byte`, if any (no failure link followed).
    func child(of state: Int32, _ byte: UInt8) -> Int32? {
        withReader { $0.child(of: state, byte) }
    }

    /// Calls `body` with the automaton read in place, for a lookup's loop: nothing it reads is
    /// retained or copied.
    @inline(__always)
    func withReader<Result>(_ body: (Reader) -> Result) -> Result {
        rootEdges.withUnsafeBufferPointer { rootEdges in
            edges.withUnsafeBufferPointer { edges in
                failures.withUnsafeBufferPointer { failures in
                    depths.withUnsafeBufferPointer { depths in
                        body(Reader(rootEdges: rootEdges, edges: edges, failures: failures, depths: depths))
                    }
                }
            }
        }
    }

    /// The automaton's arrays, read in place.
    struct Reader {
        fileprivate let rootEdges: UnsafeBufferPointer<Int32>
        fileprivate let edges: UnsafeBufferPointer<Edge>
        fileprivate let failures: UnsafeBufferPointer<Int32>
        /// Each state's depth: the length of its text.
        let depths: UnsafeBufferPointer<Int32>

        /// The trie's edge from `state` by `byte`, if any (no failure link followed).
        @inline(__always)
        func child(of state: Int32, _ byte: UInt8) -> Int32? {
            if state == 0 {
                guard !rootEdges.isEmpty else { return nil }
                let target = rootEdges[Int(byte)]
                return target == 0 ? nil : target
            }
            guard !edges.isEmpty else { return nil }
            let mask = edges.count - 1
            var slot = TextAutomaton.slot(state, byte, mask)
            while true {
                let edge = edges[slot]
                if edge.state < 0 { return nil }
                if edge.state == state, edge.byte == byte { return edge.target }
                slot = (slot + 1) & mask
            }
        }

        /// The state after reading `byte` in `state`: its edge by `byte`, else that of the state
        /// its failure link leads to, and so on; the root when no suffix of the text read
        /// begins a key. Valid once the failure links are built.
        @inline(__always)
        func step(_ state: Int32, _ byte: UInt8) -> Int32 {
            var state = state
            while true {
                if let next = child(of: state, byte) { return next }
                if state == 0 { return 0 }
                state = failures[Int(state)]
            }
        }
    }

    /// Computes every state's failure link, shallower states first (a state's link is found
    /// from its parent's): O(the keys' total length).
    mutating func buildFailureLinks() {
        let count = stateCount
        failures = [Int32](repeating: 0, count: count)
        for state in TextAutomaton.byDepth(depths) where parents[Int(state)] > 0 {
            let byte = bytesIn[Int(state)]
            var candidate = failures[Int(parents[Int(state)])]
            while true {
                if let next = child(of: candidate, byte) {
                    failures[Int(state)] = next
                    break
                }
                if candidate == 0 { break }
                candidate = failures[Int(candidate)]
            }
        }
    }

    /// The states in order of depth (a counting sort): the root first.
    static func byDepth(_ depths: [Int32]) -> [Int32] {
        var starts = [Int](repeating: 0, count: Int(depths.max() ?? 0) + 2)
        for depth in depths { starts[Int(depth) + 1] += 1 }
        for index in 1..<starts.count { starts[index] += starts[index - 1] }
        var order = [Int32](repeating: 0, count: depths.count)
        for (state, depth) in depths.enumerated() {
            order[starts[Int(depth)]] = Int32(truncatingIfNeeded: state)
            starts[Int(depth)] += 1
        }
        return order
    }

    private mutating func addEdge(_ edge: Edge) {
        if (edgeCount + 1) * 2 > edges.count {
            let old = edges
            edges = [Edge](repeating: Edge(), count: max(16, edges.count * 2))
            for edge in old where edge.state >= 0 { place(edge) }
        }
        edgeCount += 1
        place(edge)
    }

    private mutating func place(_ edge: Edge) {
        let mask = edges.count - 1
        var slot = TextAutomaton.slot(edge.state, edge.byte, mask)
        while edges[slot].state >= 0 { slot = (slot + 1) & mask }
        edges[slot] = edge
    }

    /// The first slot of an edge: a multiplicative hash of the state and the byte.
    @inline(__always)
    fileprivate static func slot(_ state: Int32, _ byte: UInt8, _ mask: Int) -> Int {
        let key = UInt64(UInt32(bitPattern: state)) << 8 | UInt64(byte)
        let hash = key &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: hash >> 32) & mask
    }
}
