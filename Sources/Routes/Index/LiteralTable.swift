/// The literal edges of the route index: `(parent node, literal bytes) → child node`, in one
/// open-addressing hash table for the whole trie, keys stored in one byte arena.
///
/// One table instead of a dictionary per node keeps memory per route small, and a lookup hashes
/// the URL segment's bytes in place: no `String` is made for it.
struct LiteralTable {
    /// 20 bytes: the hash's low 32 bits (they place the entry, and sort out most others).
    private struct Entry {
        var hash: UInt32
        var parent: Int32
        var child: Int32
        var start: Int32
        var length: Int32
    }

    private var slots = [Int32](repeating: -1, count: 16)
    private var entries: [Entry] = []
    private var arena: [UInt8] = []

    /// The root's literals again, by their text with ASCII letters lowercased: for the host
    /// segment, whose literals are compared ignoring ASCII case. Slots hold indices into
    /// `rootFolded`, which holds each root entry's folded hash and index in `entries`. Built
    /// by ``buildFolded()`` when a lookup first needs it (a host with a capital or an escape, or
    /// a first literal with a capital): most tables never do, and it costs 25 bytes a route.
    private var foldedSlots = [Int32](repeating: -1, count: 16)
    /// Whether the folded literals are built (then kept up to date).
    private(set) var foldedIsBuilt = false
    private var rootFolded: [(hash: UInt64, entry: Int32)] = []
    /// Whether a literal of the root has an ASCII capital letter: if not, a host segment without
    /// one matches exactly the literals it is equal to, and needs no folded lookup.
    private(set) var rootHasCapital = false
    /// The most root literals that are equal ignoring ASCII case (`/Foo`, `/foo`...): how many
    /// children one host segment can reach (once the folded literals are built).
    private(set) var largestFoldedGroup = 1

    /// The child of `parent` reached by the literal `key`, if any.
    func child(of parent: Int32, key: UnsafeBufferPointer<UInt8>) -> Int32? {
        let hash = LiteralTable.hash(key, parent: parent)
        // Read in place: the slots, entries and arena are read on every segment of every lookup.
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                let mask = slots.count - 1
                var slot = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let index = Int(slots[slot])
                    if index < 0 { return nil }
                    if entries[index].hash == UInt32(truncatingIfNeeded: hash),
                        entries[index].parent == parent,
                        matches(entries[index], key)
                    {
                        return entries[index].child
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// The child reached by `key` through the edge `edge` (an index that ``insert(parent:key:child:)``
    /// returned), if `key` is that edge's literal: for a node with one literal child, which is
    /// compared without hashing.
    @inline(__always)
    func child(throughEdge edge: Int32, key: UnsafeBufferPointer<UInt8>) -> Int32? {
        entries.withUnsafeBufferPointer { entries in
            matches(entries[Int(edge)], key) ? entries[Int(edge)].child : nil
        }
    }

    /// Records the edge `parent --key--> child`; the key must not be present yet. Returns the
    /// edge's index.
    @discardableResult
    mutating func insert(parent: Int32, key: UnsafeBufferPointer<UInt8>, child: Int32) -> Int32 {
        if (entries.count + 1) * 2 > slots.count { grow() }
        let hash = LiteralTable.hash(key, parent: parent)
        let entry = Entry(
            hash: UInt32(truncatingIfNeeded: hash), parent: parent, child: child, start: Int32(arena.count),
            length: Int32(key.count))
        arena.append(contentsOf: key)
        entries.append(entry)
        place(Int32(entries.count - 1), hash: hash)
        if parent == 0 {
            if key.contains(where: \.isASCIICapital) { rootHasCapital = true }
            if foldedIsBuilt { insertFolded(key, entry: Int32(entries.count - 1)) }
        }
        return Int32(entries.count - 1)
    }

    /// Builds the folded root literals, once.
    mutating func buildFolded() {
        guard !foldedIsBuilt else { return }
        foldedIsBuilt = true
        for index in entries.indices where entries[index].parent == 0 {
            let entry = entries[index]
            let key = Array(arena[Int(entry.start)..<Int(entry.start + entry.length)])
            key.withUnsafeBufferPointer { insertFolded($0, entry: Int32(index)) }
        }
    }

    private mutating func insertFolded(_ key: UnsafeBufferPointer<UInt8>, entry: Int32) {
        let folded = key.map(\.asciiLowercased)
        let hash = folded.withUnsafeBufferPointer { LiteralTable.hash($0, parent: 0) }
        var group = 1
        folded.withUnsafeBufferPointer { folded in
            forEachFoldedEntry(hash: hash) { index in
                if matches(entries[Int(index)], folded, ignoringCaseIn: folded.count) { group += 1 }
            }
        }
        largestFoldedGroup = max(largestFoldedGroup, group)
        if (rootFolded.count + 1) * 2 > foldedSlots.count {
            foldedSlots = [Int32](repeating: -1, count: foldedSlots.count * 2)
            for index in rootFolded.indices { placeFolded(Int32(index), hash: rootFolded[index].hash) }
        }
        rootFolded.append((hash, entry))
        placeFolded(Int32(rootFolded.count - 1), hash: hash)
    }

    private mutating func placeFolded(_ index: Int32, hash: UInt64) {
        let mask = foldedSlots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while foldedSlots[slot] >= 0 { slot = (slot + 1) & mask }
        foldedSlots[slot] = index
    }

    /// Calls `body` with the index in `entries` of each root literal whose folded hash is `hash`.
    private func forEachFoldedEntry(hash: UInt64, _ body: (Int32) -> Void) {
        let mask = foldedSlots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = foldedSlots[slot]
            if index < 0 { return }
            if rootFolded[Int(index)].hash == hash { body(rootFolded[Int(index)].entry) }
            slot = (slot + 1) & mask
        }
    }

    /// Calls `body` with each child of the root whose literal equals `key`, ASCII case ignored in
    /// the first `prefix` bytes (those that came from the host) and compared exactly after them.
    func forEachRootChild(
        ignoringCaseIn prefix: Int, key: UnsafeBufferPointer<UInt8>, _ body: (Int32) -> Void
    ) {
        assert(foldedIsBuilt, "buildFolded() first")
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: key.count) { folded in
            for index in 0..<key.count { folded[index] = key[index].asciiLowercased }
            let hash = LiteralTable.hash(UnsafeBufferPointer(folded), parent: 0)
            forEachFoldedEntry(hash: hash) { index in
                let entry = entries[Int(index)]
                if matches(entry, key, ignoringCaseIn: prefix) { body(entry.child) }
            }
        }
    }

    /// Whether the entry's literal is `key`, ASCII case ignored in its first `prefix` bytes.
    private func matches(_ entry: Entry, _ key: UnsafeBufferPointer<UInt8>, ignoringCaseIn prefix: Int)
        -> Bool
    {
        guard Int(entry.length) == key.count else { return false }
        return arena.withUnsafeBufferPointer { arena in
            let start = Int(entry.start)
            for offset in 0..<key.count {
                let literal = arena[start + offset]
                let byte = key[offset]
                if literal == byte { continue }
                if offset >= prefix || literal.asciiLowercased != byte.asciiLowercased { return false }
            }
            return true
        }
    }

    private func matches(_ entry: Entry, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(entry.length) == key.count else { return false }
        return arena.withUnsafeBufferPointer { arena in
            let start = Int(entry.start)
            for offset in 0..<key.count where arena[start + offset] != key[offset] { return false }
            return true
        }
    }

    private mutating func place(_ index: Int32, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = index
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for index in entries.indices { place(Int32(index), hash: UInt64(entries[index].hash)) }
    }

    /// A multiply-xorshift hash over 8-byte words (then the tail bytes), seeded with the parent.
    private static func hash(_ key: UnsafeBufferPointer<UInt8>, parent: Int32) -> UInt64 {
        var hash: UInt64 =
            0xcbf2_9ce4_8422_2325 ^ UInt64(UInt32(bitPattern: parent)) ^ UInt64(key.count) << 32
        var offset = 0
        if let base = key.baseAddress {
            let raw = UnsafeRawPointer(base)
            while offset + 8 <= key.count {
                hash =
                    (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    &* 0x9E37_79B9_7F4A_7C15
                hash ^= hash >> 29
                offset += 8
            }
        }
        while offset < key.count {
            hash = (hash ^ UInt64(key[offset])) &* 0x100_0000_01b3
            offset += 1
        }
        hash ^= hash >> 29
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        return hash ^ (hash >> 32)
    }
}
