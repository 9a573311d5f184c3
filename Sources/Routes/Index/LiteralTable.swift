/// The literal edges of the route index: `(parent node, literal bytes) → child node`, in one
/// open-addressing hash table for the whole trie, keys stored in one byte arena.
///
/// One table instead of a dictionary per node keeps memory per route small, and a lookup hashes
/// the URL segment's bytes in place: no `String` is made for it.
struct LiteralTable {
    private struct Entry {
        var hash: UInt64
        var parent: Int32
        var child: Int32
        var start: Int32
        var length: Int32
    }

    private var slots = [Int32](repeating: -1, count: 16)
    private var entries: [Entry] = []
    private var arena: [UInt8] = []

    /// The child of `parent` reached by the literal `key`, if any.
    func child(of parent: Int32, key: UnsafeBufferPointer<UInt8>) -> Int32? {
        let hash = LiteralTable.hash(key, parent: parent)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = slots[slot]
            if index < 0 { return nil }
            let entry = entries[Int(index)]
            if entry.hash == hash, entry.parent == parent, matches(entry, key) { return entry.child }
            slot = (slot + 1) & mask
        }
    }

    /// Records the edge `parent --key--> child`; the key must not be present yet.
    mutating func insert(parent: Int32, key: UnsafeBufferPointer<UInt8>, child: Int32) {
        if (entries.count + 1) * 2 > slots.count { grow() }
        let hash = LiteralTable.hash(key, parent: parent)
        let entry = Entry(
            hash: hash, parent: parent, child: child, start: Int32(arena.count), length: Int32(key.count))
        arena.append(contentsOf: key)
        entries.append(entry)
        place(Int32(entries.count - 1), hash: hash)
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
        for index in entries.indices { place(Int32(index), hash: entries[index].hash) }
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
