/// The nodes of the route index, each with the literal edge that reaches it: `(parent node,
/// literal bytes) → node`, in one open-addressing hash table for the whole trie; a key of at most
/// 16 bytes is kept in its entry, longer keys in one byte arena. An entry's index is its node's.
///
/// One table instead of a dictionary per node keeps memory per route small, and a lookup hashes
/// the URL segment's bytes in place: no `String` is made for it. A node and the literal that
/// reaches it share an entry, so that finding a literal and reading its node is one memory access
/// (on a large table, a cache miss saved on every literal of a lookup). Entries without a literal
/// (the root, parameter children) are in the same array and are never found by a literal.
///
/// Only entries that are looked up by hashing take a slot: the index compares a node's only
/// literal child directly, so a chain of single literals (`/s7/users/...`) costs no slot; on a
/// table of a million such routes, the slots are a quarter as many, and fewer pages are read.
struct LiteralTable<Value> {
    /// The node, then its literal: 48 bytes for the index's nodes. The hash's low 32 bits (they
    /// place the entry's slot, given one later too), and the key itself when it has at most 16
    /// bytes (most literals): comparing it then reads no other memory.
    struct Entry {
        var value: Value
        var hash: UInt32 = 0
        /// The node the literal leads from; -1 for an entry that no literal reaches.
        var parent: Int32 = -1
        /// The literal's length; -1 for an entry that no literal reaches.
        var length: Int32 = -1
        /// A key of at most 8 bytes: its ``LiteralTable/word(_:)``; of 9 to 16: its first 8
        /// bytes; longer: its offset in the arena.
        var key: UInt64 = 0
        /// The key's last 8 bytes when it is longer than 8 (compared first: for a longer key,
        /// most keys that differ differ there, and the arena is read only when they do not).
        var tail: UInt64 = 0
    }

    /// A slot of the hash table: an entry and its hash's low 32 bits, which a probe compares
    /// without reading the entry (on a large table, each entry read is a cache and TLB miss).
    struct Slot {
        /// -1: free.
        var entry: Int32 = -1
        var hash: UInt32 = 0
    }

    private var slots = [Slot](repeating: Slot(), count: 16)
    /// The entries; the search reads them in place, on every segment of every lookup.
    private(set) var entries: [Entry]
    private var arena: [UInt8] = []
    /// Entries that have a slot.
    private var keyedCount = 0

    /// A table whose entry 0 (the root) holds `root`.
    init(root: Value) {
        entries = [Entry(value: root)]
    }

    /// The value of entry `index`, read and changed in place (a copy would retain what it holds).
    subscript(index: Int32) -> Value {
        _read { yield entries[Int(index)].value }
        _modify { yield &entries[Int(index)].value }
    }

    /// Adds an entry that no literal reaches; returns its index.
    mutating func append(_ value: Value) -> Int32 {
        entries.append(Entry(value: value))
        return Int32(entries.count - 1)
    }

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

    /// The entry that the literal `key` reaches from `parent`, if any.
    @inline(__always)
    func child(of parent: Int32, key: UnsafeBufferPointer<UInt8>) -> Int32? {
        let hash = LiteralTable.hash(key, parent: parent)
        // Read in place: the slots, entries and arena are read on every segment of every lookup.
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                let mask = slots.count - 1
                var slot = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let (index, slotHash) = (Int(slots[slot].entry), slots[slot].hash)
                    if index < 0 { return nil }
                    if slotHash == UInt32(truncatingIfNeeded: hash), entries[index].parent == parent,
                        matches(entries.baseAddress! + index, key)
                    {
                        return Int32(truncatingIfNeeded: index)
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// Whether the literal that reaches entry `index` is `key`: for a node with one literal
    /// child, which is compared without hashing.
    @inline(__always)
    func isReached(_ index: Int32, by key: UnsafeBufferPointer<UInt8>) -> Bool {
        entries.withUnsafeBufferPointer {
            matches($0.baseAddress! + Int(index), key)
        }
    }

    /// Adds an entry holding `value` that the literal `key` reaches from `parent`; the key must
    /// not be present yet. Returns its index.
    ///
    /// `siblings` are the literal children `parent` has already, written as
    /// ``RouteIndex/Node/literalChild`` writes them: -1 none, -2 several, otherwise the one. A
    /// parent's only child takes no slot, since its parent compares it directly, and
    /// ``child(of:key:)`` does not find it; it takes one when a second child comes. The root's
    /// children always take one: the host lookups hash them.
    @discardableResult
    mutating func insert(parent: Int32, key: UnsafeBufferPointer<UInt8>, value: Value, siblings: Int32)
        -> Int32
    {
        let hash = LiteralTable.hash(key, parent: parent)
        entries.append(
            Entry(
                value: value, hash: UInt32(truncatingIfNeeded: hash), parent: parent,
                length: Int32(key.count),
                key: key.count <= 8
                    ? LiteralTable.word(key)
                    : key.count <= 16
                        ? LiteralTable.load(UnsafeRawBufferPointer(key), 0) : UInt64(arena.count),
                tail: key.count <= 8 ? 0 : LiteralTable.load(UnsafeRawBufferPointer(key), key.count - 8)))
        if key.count > 16 { arena.append(contentsOf: key) }
        let index = Int32(entries.count - 1)
        if parent != 0, siblings >= 0 { addToSlots(siblings) }
        if parent == 0 || siblings != -1 { addToSlots(index) }
        if parent == 0 {
            if key.contains(where: \.isASCIICapital) { rootHasCapital = true }
            if foldedIsBuilt { insertFolded(key, entry: index) }
        }
        return index
    }

    /// Builds the folded root literals, once.
    mutating func buildFolded() {
        guard !foldedIsBuilt else { return }
        foldedIsBuilt = true
        for index in entries.indices where entries[index].parent == 0 {
            let key = self.key(ofEntry: index)
            key.withUnsafeBufferPointer { insertFolded($0, entry: Int32(index)) }
        }
    }

    private mutating func insertFolded(_ key: UnsafeBufferPointer<UInt8>, entry: Int32) {
        let folded = key.map(\.asciiLowercased)
        let hash = folded.withUnsafeBufferPointer { LiteralTable.hash($0, parent: 0) }
        var group = 1
        folded.withUnsafeBufferPointer { folded in
            forEachFoldedEntry(hash: hash) { index in
                if matches(entry: Int(index), folded, ignoringCaseIn: folded.count) { group += 1 }
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
                if matches(entry: Int(index), key, ignoringCaseIn: prefix) { body(index) }
            }
        }
    }

    /// Whether the literal of entry `entry` is `key`, ASCII case ignored in its first `prefix` bytes.
    private func matches(entry: Int, _ key: UnsafeBufferPointer<UInt8>, ignoringCaseIn prefix: Int)
        -> Bool
    {
        guard Int(entries[entry].length) == key.count else { return false }
        for offset in 0..<key.count
        where !RouteIndex.hostByte(
            key[offset], fromHost: offset < prefix, matches: byte(ofEntry: entry, at: offset))
        {
            return false
        }
        return true
    }

    /// Whether the literal of `entry` is `key`. (Given a pointer to the entry: a copy of an
    /// entry would retain its value.)
    @inline(__always)
    private func matches(_ entry: UnsafePointer<Entry>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = key.count
        guard Int(entry.pointee.length) == count else { return false }
        if count <= 8 { return entry.pointee.key == LiteralTable.word(key) }
        let bytes = UnsafeRawBufferPointer(key)
        guard entry.pointee.tail == LiteralTable.load(bytes, count - 8) else { return false }
        if count <= 16 { return entry.pointee.key == LiteralTable.load(bytes, 0) }
        // The rest eight bytes at a time (the tail is compared).
        let start = Int(entry.pointee.key)
        return arena.withUnsafeBytes { arena in
            var offset = 0
            while offset + 8 < count {
                guard LiteralTable.load(arena, start + offset) == LiteralTable.load(bytes, offset) else {
                    return false
                }
                offset += 8
            }
            return true
        }
    }

    /// The 8 bytes at `offset`, the first in the low byte.
    @inline(__always)
    private static func load(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The literal of entry `entry`, for building the folded lookup.
    private func key(ofEntry entry: Int) -> [UInt8] {
        (0..<Int(entries[entry].length)).map { byte(ofEntry: entry, at: $0) }
    }

    /// The byte at `offset` of the literal of entry `entry`: from the arena, or back from its
    /// words (see ``Entry/key`` and ``word(_:)``).
    private func byte(ofEntry entry: Int, at offset: Int) -> UInt8 {
        let (count, word, tail) = (Int(entries[entry].length), entries[entry].key, entries[entry].tail)
        if count > 16 { return arena[Int(word) + offset] }
        if count > 8 {
            return offset < 8
                ? UInt8(truncatingIfNeeded: word >> UInt64(8 * offset))
                : UInt8(truncatingIfNeeded: tail >> UInt64(8 * (offset - (count - 8))))
        }
        let shift: Int
        if count >= 4 {
            shift = offset < 4 ? 8 * offset : 32 + 8 * (offset - (count - 4))
        } else {
            shift = offset == 0 ? 0 : offset == count / 2 ? 8 : 16
        }
        return UInt8(truncatingIfNeeded: word >> UInt64(shift))
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

    /// Makes entry `index`, which a literal reaches, one that ``child(of:key:)`` finds.
    private mutating func addToSlots(_ index: Int32) {
        if (keyedCount + 1) * 2 > slots.count { grow() }
        keyedCount += 1
        place(Slot(entry: index, hash: entries[Int(index)].hash))
    }

    /// Puts `new` in the first free slot from the one its hash gives.
    private mutating func place(_ new: Slot) {
        let mask = slots.count - 1
        var slot = Int(new.hash) & mask
        while slots[slot].entry >= 0 { slot = (slot + 1) & mask }
        slots[slot] = new
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: slots.count * 2)
        for slot in old where slot.entry >= 0 { place(slot) }
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
