/// Finding the definitions that match a URL's segments.
///
/// A depth-first walk over the trie with an explicit stack (no recursion, whatever the depth):
/// at segment i a node offers its `*` definitions (which match any rest, even an empty one),
/// its literal child for the decoded segment, and its parameter child when the segment is not
/// empty; after the last segment it offers the definitions that end there. Every node is
/// visited at most once, so the work is bounded by the URL's segments and the trie's size,
/// and never by the number of routes that cannot match.
extension RouteIndex {
    /// The matching definitions, in routing order (priority, then registration).
    func candidates(for segments: [Substring]) -> [Definition] {
        var found: [Definition] = []
        walk(segments) { definitions in
            found.append(contentsOf: definitions)
            return true
        }
        if found.count > 1 { found.sort { $0.precedes($1) } }
        return found
    }

    /// Whether any definition matches.
    func hasCandidate(for segments: [Substring]) -> Bool {
        var found = false
        walk(segments) { definitions in
            found = !definitions.isEmpty
            return !found
        }
        return found
    }

    /// Calls `visit` with each group of matching definitions until it returns `false`.
    private func walk(_ segments: [Substring], _ visit: ([Definition]) -> Bool) {
        withUnsafeTemporaryAllocation(of: (node: Int32, index: Int).self, capacity: depth + 2) { stack in
            var top = 0
            stack[0] = (0, 0)
            top = 1
            while top > 0 {
                top -= 1
                let (nodeIndex, index) = stack[top]
                let node = nodes[Int(nodeIndex)]
                if !node.wildcards.isEmpty, !visit(node.wildcards) { return }
                guard index < segments.count else {
                    if !node.terminals.isEmpty, !visit(node.terminals) { return }
                    continue
                }
                let segment = segments[index]
                if node.parameterChild >= 0, !segment.isEmpty {
                    stack[top] = (node.parameterChild, index + 1)
                    top += 1
                }
                if !literals.isEmpty, let child = literalChild(of: nodeIndex, segment) {
                    stack[top] = (child, index + 1)
                    top += 1
                }
            }
        }
    }

    /// The literal child for the segment, compared after percent-decoding (raw when undecodable).
    private func literalChild(of node: Int32, _ segment: Substring) -> Int32? {
        if segment.utf8.contains(UInt8(ascii: "%")), var decoded = PercentDecoding.decode(segment) {
            return decoded.withUTF8 { literals.child(of: node, key: $0) }
        }
        if let child = segment.utf8.withContiguousStorageIfAvailable({ literals.child(of: node, key: $0) }) {
            return child
        }
        var copy = String(segment)
        return copy.withUTF8 { literals.child(of: node, key: $0) }
    }
}
