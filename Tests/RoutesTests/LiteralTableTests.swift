import Testing

@testable import Routes
@testable import RoutesTestSupport

/// The index's nodes and the literals that reach them: keys of every length (those of at most
/// 8 bytes compared as one word, those of 9 to 16 as two, longer ones eight bytes at a time) must
/// find exactly their own entry, and entries that no literal reaches are never found.
@Suite struct LiteralTableTests {
    /// Random keys of 0 to 24 bytes, several per length, with capitals among their letters.
    static func keys() -> [[UInt8]] {
        var generator = SeededGenerator(seed: 17)
        let alphabet = Array("abcxyzABCXYZ0189-._~%".utf8)
        var keys: Set<[UInt8]> = []
        for length in 0...24 {
            for _ in 0..<6 {
                keys.insert((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            }
        }
        return keys.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The value of the entry that `key` reaches from `parent`.
    static func child(_ table: LiteralTable<Int32>, _ parent: Int32, _ key: [UInt8]) -> Int32? {
        key.withUnsafeBufferPointer { table.child(of: parent, key: $0) }.map { table[$0] }
    }

    /// Inserts as the index does: `siblings` is the parent's literal children, as
    /// `RouteIndex.Node.literalChild` writes them (-1 none, -2 several, otherwise the one).
    @discardableResult
    static func insert(
        _ table: inout LiteralTable<Int32>, parent: Int32, _ key: [UInt8], value: Int32, siblings: inout Int32
    ) -> Int32 {
        let entry = key.withUnsafeBufferPointer {
            table.insert(parent: parent, key: $0, value: value, siblings: siblings)
        }
        siblings = siblings == -1 ? entry : -2
        return entry
    }

    @Test func everyKeyFindsItsOwnChildAndNoOther() {
        let keys = LiteralTableTests.keys()
        var table = LiteralTable<Int32>(root: 0)
        var edges: [Int32] = []
        var (rootChildren, sevenChildren): (Int32, Int32) = (-1, -1)
        for (index, key) in keys.enumerated() {
            // Under the root and under another parent: the parent is part of an edge. Entries
            // that no literal reaches (parameter children) in between.
            edges.append(
                LiteralTableTests.insert(
                    &table, parent: 0, key, value: Int32(index + 1), siblings: &rootChildren))
            LiteralTableTests.insert(
                &table, parent: 7, key, value: Int32(-index - 1), siblings: &sevenChildren)
            _ = table.append(0)
        }
        let known = Set(keys)
        for (index, key) in keys.enumerated() {
            #expect(LiteralTableTests.child(table, 0, key) == Int32(index + 1))
            #expect(LiteralTableTests.child(table, 7, key) == Int32(-index - 1))
            #expect(LiteralTableTests.child(table, 3, key) == nil)
            #expect(table[edges[index]] == Int32(index + 1))
            #expect(key.withUnsafeBufferPointer { table.isReached(edges[index], by: $0) })
            // Every key one byte off (at each position), one byte shorter or longer: no child,
            // unless it is itself a key.
            var variants: [[UInt8]] = [key + [UInt8(ascii: "q")]]
            if !key.isEmpty { variants.append(Array(key.dropLast())) }
            for position in key.indices {
                var changed = key
                changed[position] ^= 0x01
                variants.append(changed)
            }
            for variant in variants where !known.contains(variant) {
                #expect(LiteralTableTests.child(table, 0, variant) == nil, "\(variant) found for \(key)")
                #expect(!variant.withUnsafeBufferPointer { table.isReached(edges[index], by: $0) })
            }
        }
    }

    /// A node's only literal child takes no slot (the index compares it directly): hashing does
    /// not find it until a second child comes, and then finds both, whether the second came
    /// before or after the slots grew. The root's only child is found by hashing (the host
    /// lookups hash).
    @Test func anOnlyChildIsFoundByHashingOnceASecondComes() {
        let keys = LiteralTableTests.keys()
        var table = LiteralTable<Int32>(root: 0)
        var rootChildren: Int32 = -1
        var onlyChildren: [(parent: Int32, key: [UInt8], siblings: Int32)] = []
        for (index, key) in keys.enumerated() {
            let parent = Int32(100 + index)
            var siblings: Int32 = -1
            let entry = LiteralTableTests.insert(&table, parent: parent, key, value: 1, siblings: &siblings)
            #expect(key.withUnsafeBufferPointer { table.isReached(entry, by: $0) })
            #expect(LiteralTableTests.child(table, parent, key) == nil)
            // Root literals in between make the slots grow several times; every third parent
            // gets its second child at once, the others after all the growth.
            LiteralTableTests.insert(&table, parent: 0, key, value: 0, siblings: &rootChildren)
            if index % 3 == 0 {
                LiteralTableTests.insert(&table, parent: parent, key + [0x71], value: 2, siblings: &siblings)
            }
            onlyChildren.append((parent, key, siblings))
        }
        for (index, child) in onlyChildren.enumerated() where index % 3 != 0 {
            #expect(LiteralTableTests.child(table, child.parent, child.key) == nil)
            var siblings = child.siblings
            LiteralTableTests.insert(
                &table, parent: child.parent, child.key + [0x71], value: 2, siblings: &siblings)
        }
        for child in onlyChildren {
            #expect(LiteralTableTests.child(table, child.parent, child.key) == 1)
            #expect(LiteralTableTests.child(table, child.parent, child.key + [0x71]) == 2)
            #expect(LiteralTableTests.child(table, 0, child.key) == 0)
        }
        var single = LiteralTable<Int32>(root: 0)
        var singleRootChildren: Int32 = -1
        LiteralTableTests.insert(&single, parent: 0, keys[3], value: 9, siblings: &singleRootChildren)
        #expect(LiteralTableTests.child(single, 0, keys[3]) == 9)
    }

    @Test func rootLiteralsAreFoundIgnoringCaseInTheHostPrefix() {
        let keys = LiteralTableTests.keys()
        var table = LiteralTable<Int32>(root: 0)
        var rootChildren: Int32 = -1
        for (index, key) in keys.enumerated() {
            LiteralTableTests.insert(&table, parent: 0, key, value: Int32(index + 1), siblings: &rootChildren)
        }
        table.buildFolded()
        for (index, key) in keys.enumerated() {
            let flipped = key.map {
                $0.isASCIICapital ? $0 | 0x20 : $0 >= 0x61 && $0 <= 0x7A ? $0 & ~0x20 : $0
            }
            // Ignoring case in every byte: the key is among the children found.
            var found: [Int32] = []
            flipped.withUnsafeBufferPointer {
                table.forEachRootChild(ignoringCaseIn: $0.count, key: $0) { found.append(table[$0]) }
            }
            #expect(found.contains(Int32(index + 1)), "\(key)")
            // Ignoring case in no byte: only a key equal to the flipped one.
            found = []
            flipped.withUnsafeBufferPointer {
                table.forEachRootChild(ignoringCaseIn: 0, key: $0) { found.append(table[$0]) }
            }
            #expect(found == keys.indices.filter { keys[$0] == flipped }.map { Int32($0 + 1) })
        }
    }
}
