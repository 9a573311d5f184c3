/// The route index of a table: a segment trie built at registration (a class, so that routing
/// passes it around without copying its storage), so that routing looks only
/// at the definitions that can match a URL, never at the whole table.
///
/// Each node stands for a prefix of pattern segments. Its children are reached by a literal (in
/// the shared ``LiteralTable``) or by a parameter (one child for every `:name`, whatever the
/// name); it lists the definitions that end there and those that end there with a `*`.
/// Each node keeps its lists in routing order. The search (`RouteIndex+Search.swift`) explores
/// literal and parameter children alike and merges what it finds by priority and registration
/// order, so the result is exactly JLRoutes' order.
final class RouteIndex {
    struct Node {
        var parameterChild: Int32 = -1
        /// The node's literal children: -1 none; -2 several (found in the ``LiteralTable`` by
        /// hashing); otherwise the one edge, compared without hashing.
        var literalEdge: Int32 = -1
        /// Definitions whose pattern ends at this node, in routing order.
        var terminals = DefinitionList.empty
        /// Definitions whose pattern is this node's prefix followed by `*`, in routing order.
        var wildcards = DefinitionList.empty
    }

    // Routing reads these on every lookup; the index is confined to its router's isolation
    // domain, so the dynamic exclusivity checks of class properties are not needed.
    @exclusivity(unchecked) private(set) var nodes = [Node()]
    @exclusivity(unchecked) private(set) var literals = LiteralTable()
    /// The most nodes on one path from the root: bounds the lookup's stack.
    @exclusivity(unchecked) private(set) var depth = 1

    init() {}

    /// An index of `definitions`.
    convenience init(_ definitions: [Definition]) {
        self.init()
        for definition in definitions { insert(definition) }
    }

    /// Adds a definition: O(number of its segments).
    func insert(_ definition: Definition) {
        depth = max(depth, definition.parsed.segmentCount + 1)
        var node: Int32 = 0
        var isWildcard = false
        definition.parsed.forEachSegment { kind, key in
            switch kind {
            case .wildcard:
                isWildcard = true
            case .parameter:
                if nodes[Int(node)].parameterChild < 0 {
                    nodes[Int(node)].parameterChild = newNode()
                }
                node = nodes[Int(node)].parameterChild
            case .literal:
                if let child = literals.child(of: node, key: key) {
                    node = child
                } else {
                    let child = newNode()
                    let edge = literals.insert(parent: node, key: key, child: child)
                    nodes[Int(node)].literalEdge = nodes[Int(node)].literalEdge == -1 ? edge : -2
                    node = child
                }
            }
        }
        // A `*` is the last segment: its definitions are listed at the node before it.
        if isWildcard {
            nodes[Int(node)].wildcards.insert(definition)
        } else {
            nodes[Int(node)].terminals.insert(definition)
        }
    }

    /// Removes every definition: the index is as new.
    func removeAll() {
        nodes = [Node()]
        literals = LiteralTable()
        depth = 1
    }

    /// Builds what a lookup whose first segment is compared ignoring case needs (once).
    func prepareFoldedLookup() {
        literals.buildFolded()
    }

    private func newNode() -> Int32 {
        nodes.append(Node())
        return Int32(nodes.count - 1)
    }
}

/// The definitions of a node, in routing order: one is kept inline (most nodes have one, and
/// an array would cost an allocation per route and a memory access per match), more in an array.
enum DefinitionList {
    case empty
    case one(Definition)
    case many([Definition])

    var isEmpty: Bool {
        if case .empty = self { return true }
        return false
    }

    /// Inserts after every definition asked before it.
    mutating func insert(_ definition: Definition) {
        switch self {
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
