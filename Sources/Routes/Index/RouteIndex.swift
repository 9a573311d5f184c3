/// The route index of a table: a segment trie built at registration (a class, so that routing
/// passes it around without copying its storage), so that routing looks only
/// at the definitions that can match a URL, never at the whole table.
///
/// Each node stands for a prefix of pattern segments. Its children are reached by a literal (the
/// nodes live in one ``LiteralTable``, each with the literal that reaches it) or by a parameter
/// (one child for every `:name`, whatever the name); it lists the definitions that end there and
/// those that end there with a `*`. Each node keeps its lists in routing order. The search
/// (`RouteIndex+Search.swift`) explores literal and parameter children alike and merges what it
/// finds by priority and registration order, so the result is exactly JLRoutes' order.
final class RouteIndex {
    /// 20 bytes, so that a node and the literal that reaches it fill 48 (see ``LiteralTable/Entry``).
    struct Node {
        /// Definitions whose pattern ends at this node, in routing order.
        var terminals = DefinitionList.empty
        var parameterChild: Int32 = -1
        /// The node's literal children: -1 none; -2 several (found in the ``LiteralTable`` by
        /// hashing); otherwise the one child, whose literal is compared without hashing (it has
        /// no slot in the table, unless it is the root's).
        var literalChild: Int32 = -1
        /// Where in ``RouteIndex/wildcardLists`` the definitions whose pattern is this node's
        /// prefix followed by `*` are (in routing order); -1: none. Few nodes have some: kept
        /// apart, they cost the others 4 bytes, not a list.
        var wildcards: Int32 = -1
    }

    // Routing reads these on every lookup; the index is confined to its router's isolation
    // domain, so the dynamic exclusivity checks of class properties are not needed.
    /// The nodes (the root is node 0) and the literals that reach them.
    @exclusivity(unchecked) private(set) var literals = LiteralTable(root: Node())
    @exclusivity(unchecked) private(set) var wildcardLists: [DefinitionList] = []
    /// The most nodes on one path from the root: bounds the lookup's stack.
    @exclusivity(unchecked) private(set) var depth = 1
    /// Whether a list holds definitions that a match must check (``CheckedDefinitions``).
    @exclusivity(unchecked) private(set) var hasCheckedLists = false

    // A search of an index with definitions to check may run an app's parameter type, whose code
    // may insert or remove definitions: the searches under way go on in the index they began with
    // (`collectCheckedMatches`).
    /// The number of changes so far, wrapping.
    @exclusivity(unchecked) private(set) var version: UInt32 = 0
    /// The number of such searches under way (nested: those that the app's code makes).
    @exclusivity(unchecked) private var searches = 0
    /// Copies of the index as it was before the first change made during the searches under way,
    /// by version: where those that began at that version go on. Empty when none is under way.
    @exclusivity(unchecked) private var earlierIndexes: [(version: UInt32, index: RouteIndex)] = []
    /// Whether ``earlierIndexes`` has some (read when a search ends).
    @exclusivity(unchecked) private var hasEarlierIndexes = false

    init() {}

    /// A copy of `index` that shares its arrays (copied by whichever changes them first).
    private init(copying index: RouteIndex) {
        (literals, wildcardLists) = (index.literals, index.wildcardLists)
        (depth, hasCheckedLists) = (index.depth, index.hasCheckedLists)
    }

    /// An index of `definitions`.
    convenience init(_ definitions: [Definition]) {
        self.init()
        for definition in definitions { insert(definition) }
    }

    /// Adds a definition: O(number of its segments).
    func insert(_ definition: Definition) {
        willChange()
        depth = max(depth, definition.parsed.segmentCount + 1)
        if definition.parsed.needsChecking { hasCheckedLists = true }
        var node: Int32 = 0
        var isWildcard = false
        definition.parsed.forEachSegment { kind, key, _ in
            // The segments after a `*` are checked when its list is (`Matches`), not indexed.
            guard !isWildcard else { return }
            switch kind {
            case .wildcard:
                isWildcard = true
            case .parameter, .template:
                // A template takes a non-empty segment, as a parameter does; the search checks
                // the rest (`Matches`).
                if literals[node].parameterChild < 0 {
                    let child = literals.append(Node())
                    literals[node].parameterChild = child
                }
                node = literals[node].parameterChild
            case .literal:
                let only = literals[node].literalChild
                if let child = literalChild(of: node, only, key) {
                    node = child
                } else {
                    let child = literals.insert(parent: node, key: key, value: Node(), siblings: only)
                    literals[node].literalChild = only == -1 ? child : -2
                    node = child
                }
            }
        }
        // A `*`'s definitions are listed at the node before it.
        if isWildcard {
            if literals[node].wildcards < 0 {
                wildcardLists.append(.empty)
                let list = Int32(wildcardLists.count - 1)
                literals[node].wildcards = list
            }
            wildcardLists[Int(literals[node].wildcards)].insert(definition)
        } else {
            literals[node].terminals.insert(definition)
        }
    }

    /// Removes every definition: the index is as new.
    func removeAll() {
        willChange()
        literals = LiteralTable(root: Node())
        wildcardLists = []
        depth = 1
        hasCheckedLists = false
    }

    /// Builds what a lookup whose first segment is compared ignoring case needs (once).
    func prepareFoldedLookup() {
        literals.buildFolded()
    }

    /// Keeps the index as it is for the searches under way, if any, before a change.
    private func willChange() {
        if searches > 0, earlierIndexes.last?.version != version {
            // The copy shares the arrays, so the change copies those it changes; the lists of
            // checked definitions that it reaches are copied too (``DefinitionList/insert(_:)``).
            earlierIndexes.append((version, RouteIndex(copying: self)))
            hasEarlierIndexes = true
        }
        version &+= 1
    }

    /// Marks a search of an index with definitions to check under way; returns the version it
    /// reads.
    @inline(__always)
    func beginSearch() -> UInt32 {
        searches += 1
        return version
    }

    /// Marks the end of a search. The earlier indexes are released once none is under way (a
    /// removed definition may be released then).
    @inline(__always)
    func endSearch() {
        searches -= 1
        if searches == 0, hasEarlierIndexes {
            // Released once the property is empty: a release may run an app's code (a deinit).
            let released = earlierIndexes
            (earlierIndexes, hasEarlierIndexes) = ([], false)
            withExtendedLifetime(released) {}
        }
    }

    /// The index as it was at `version`, for a search that began then, once it changed.
    func earlierIndex(at version: UInt32) -> RouteIndex {
        earlierIndexes.last { $0.version == version }!.index
    }
}

/// The definitions of a node, in routing order: one is kept inline (most nodes have one, and
/// an array would cost an allocation per route and a memory access per match), more in an array.
enum DefinitionList {
    case empty
    case one(Definition)
    case many([Definition])
    /// Definitions of which one at least must be checked after the index matched them
    /// (``RoutePattern/needsChecking``): each has its own captures.
    case checked(CheckedDefinitions)

    var isEmpty: Bool {
        if case .empty = self { return true }
        return false
    }

    /// Inserts after every definition asked before it.
    mutating func insert(_ definition: Definition) {
        if definition.parsed.needsChecking {
            switch self {
            case .empty: self = .checked(CheckedDefinitions([]))
            case .one(let first): self = .checked(CheckedDefinitions([first]))
            case .many(let list): self = .checked(CheckedDefinitions(list))
            case .checked: break
            }
        }
        switch self {
        case .checked(var checked):
            // Shared with a lookup that began before this insertion (its copy of the index holds
            // it): inserted in a copy, so that the lookup reads the index it began with.
            self = .empty
            if !isKnownUniquelyReferenced(&checked) { checked = checked.copy() }
            checked.insert(definition)
            self = .checked(checked)
        case .empty:
            self = .one(definition)
        case .one(let first):
            var list = [first]
            list.insertInRoutingOrder(definition)
            self = .many(list)
        case .many(var list):
            self = .empty  // `list` is then the array's only reference: appended in place
            list.insertInRoutingOrder(definition)
            self = .many(list)
        }
    }
}

extension Array where Element == Definition {
    /// Inserts after every definition asked before it: O(1) when priorities do not increase.
    mutating func insertInRoutingOrder(_ definition: Definition) {
        var position = count
        while position > 0, definition.precedes(self[position - 1]) { position -= 1 }
        insert(definition, at: position)
    }
}
