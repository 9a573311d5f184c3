/// The literal edges of the route index: `(parent node, literal bytes) → child node`, in one
/// open-addressing hash table for the whole trie; a key of at most 8 bytes is kept in its entry,
/// longer keys in one byte arena.
///
/// One table instead of a dictionary per node keeps memory per route small, and a lookup hashes
/// the URL segment's bytes in place: no `String` is made for it.
struct LiteralTable {
    /// 24 bytes: the hash's low 32 bits (they place the entry, and sort out most others), and
    /// the key itself when it has at most 8 bytes (most literals): comparing it then reads no
    /// other memory, which on a large table is a cache miss saved on every literal of a lookup.
    private struct Entry {
        var hash: UInt32
        var parent: Int32
        var child: Int32
        var length: Int32
        /// ``LiteralTable/word(_:)`` of a key of at most 8 bytes; a longer key's offset in the arena.
        var key: UInt64
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
    @inline(__always)
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
            hash: UInt32(truncatingIfNeeded: hash), parent: parent, child: child, length: Int32(key.count),
            key: key.count <= 8 ? LiteralTable.word(key) : UInt64(arena.count))
        if key.count > 8 { arena.append(contentsOf: key) }
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
            let key = self.key(of: entries[index])
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
        for offset in 0..<key.count {
            let literal = byte(of: entry, at: offset)
            let byte = key[offset]
            if literal == byte { continue }
            if offset >= prefix || literal.asciiLowercased != byte.asciiLowercased { return false }
        }
        return true
    }

    /// Whether the entry's literal is `key`.
    @inline(__always)
    private func matches(_ entry: Entry, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(entry.length) == key.count else { return false }
        if key.count <= 8 { return entry.key == LiteralTable.word(key) }
        // Eight bytes at a time, the last eight overlapping the word before them.
        let start = Int(entry.key)
        let count = key.count
        let bytes = UnsafeRawBufferPointer(key)
        return arena.withUnsafeBytes { arena in
            var offset = 0
            while offset + 8 < count {
                guard LiteralTable.load(arena, start + offset) == LiteralTable.load(bytes, offset) else {
                    return false
                }
                offset += 8
            }
            return LiteralTable.load(arena, start + count - 8) == LiteralTable.load(bytes, count - 8)
        }
    }

    @inline(__always)
    private static func load(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }

    /// The entry's literal, for building the folded lookup.
    private func key(of entry: Entry) -> [UInt8] {
        (0..<Int(entry.length)).map { byte(of: entry, at: $0) }
    }

    /// The byte at `offset` of the entry's literal: from the arena, or back from its word (see
    /// ``word(_:)``).
    private func byte(of entry: Entry, at offset: Int) -> UInt8 {
        let count = Int(entry.length)
        if count > 8 { return arena[Int(entry.key) + offset] }
        let shift: Int
        if count >= 4 {
            shift = offset < 4 ? 8 * offset : 32 + 8 * (offset - (count - 4))
        } else {
            shift = offset == 0 ? 0 : offset == count / 2 ? 8 : 16
        }
        return UInt8(truncatingIfNeeded: entry.key >> UInt64(shift))
    }

    /// A key of at most 8 bytes as one word, so that two keys of the same length are equal
    /// exactly when their words are: its first and its last four bytes (they overlap below 8),
    /// or, below 4, its first, middle and last byte (together they are every byte).
    @inline(__always)
    private static func word(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = key.count
        guard let base = key.baseAddress, count > 0 else { return 0 }
        if count >= 4 {
            let raw = UnsafeRawPointer(base)
            let first = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))
            let last = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            return UInt64(first) | UInt64(last) << 32
        }
        return UInt64(key[0]) | UInt64(key[count / 2]) << 8 | UInt64(key[count - 1]) << 16
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

    /// A multiply-xorshift hash, seeded with the parent and the length, over the key's 8-byte
    /// words, the last eight bytes overlapping the word before them (a key of at most 8 bytes:
    /// its ``word(_:)``).
    @inline(__always)
    private static func hash(_ key: UnsafeBufferPointer<UInt8>, parent: Int32) -> UInt64 {
        var hash: UInt64 =
            0xcbf2_9ce4_8422_2325 ^ UInt64(UInt32(bitPattern: parent)) ^ UInt64(key.count) << 32
        @inline(__always) func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
        }
        if key.count <= 8 {
            mix(word(key))
        } else {
            let bytes = UnsafeRawBufferPointer(key)
            var offset = 0
            while offset + 8 < key.count {
                mix(load(bytes, offset))
                offset += 8
            }
            mix(load(bytes, key.count - 8))
        }
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        return hash ^ (hash >> 32)
    }
}
