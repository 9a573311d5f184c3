/// Finding the definitions that match a URL's segments.
///
/// A depth-first walk over the trie with an explicit stack (no recursion, whatever the depth):
/// at segment i a node offers its `*` definitions (which match any rest, even an empty one),
/// its literal child for the decoded segment, and its parameter child when the segment is not
/// empty; after the last segment it offers the definitions that end there. Every node is
/// visited at most once, so the work is bounded by the URL's segments and the trie's size,
/// and never by the number of routes that cannot match.
///
/// Segments are byte ranges of the URL's text (see `RouteRequest.withSegments`): the walk makes
/// no string, and a URL that matches the definitions of one node allocates nothing.
extension RouteIndex {
    /// The matching definitions, in routing order (priority, then registration).
    func candidates(_ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<ByteRange>)
        -> [Definition]
    {
        var found: [Definition] = []
        var isMerged = false
        walk(bytes, segments) { definitions in
            if found.isEmpty {
                found = definitions  // the node's own list: no copy
            } else {
                isMerged = true
                found.append(contentsOf: definitions)
            }
            return true
        }
        if isMerged || !found.isSortedForRouting { found.sort { $0.precedes($1) } }
        return found
    }

    /// Whether any definition matches.
    func hasCandidate(_ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<ByteRange>) -> Bool
    {
        var found = false
        walk(bytes, segments) { definitions in
            found = !definitions.isEmpty
            return !found
        }
        return found
    }

    /// Calls `visit` with each group of matching definitions until it returns `false`.
    private func walk(
        _ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<ByteRange>,
        _ visit: ([Definition]) -> Bool
    ) {
        nodes.withUnsafeBufferPointer { nodes in
            withUnsafeTemporaryAllocation(of: StackEntry.self, capacity: depth + 2) { stack in
                stack[0] = StackEntry(node: 0, index: 0)
                var top = 1
                while top > 0 {
                    top -= 1
                    let (nodeIndex, index) = (stack[top].node, stack[top].index)
                    // Read the node in place: copying it would retain its two lists.
                    let node = nodes.baseAddress! + Int(nodeIndex)
                    if !node.pointee.wildcards.isEmpty, !visit(node.pointee.wildcards) { return }
                    guard index < segments.count else {
                        if !node.pointee.terminals.isEmpty, !visit(node.pointee.terminals) { return }
                        continue
                    }
                    let segment = segments[index]
                    if node.pointee.parameterChild >= 0, !segment.isEmpty {
                        stack[top] = StackEntry(node: node.pointee.parameterChild, index: index + 1)
                        top += 1
                    }
                    if node.pointee.hasLiteralChildren,
                        let child = literalChild(of: nodeIndex, bytes, segment)
                    {
                        stack[top] = StackEntry(node: child, index: index + 1)
                        top += 1
                    }
                }
            }
        }
    }

    /// The literal child for the segment, compared after percent-decoding (raw when undecodable).
    private func literalChild(of node: Int32, _ bytes: UnsafeBufferPointer<UInt8>, _ segment: ByteRange)
        -> Int32?
    {
        let raw = UnsafeBufferPointer(rebasing: bytes[segment.range])
        guard raw.contains(.percent) else { return literals.child(of: node, key: raw) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { output in
            guard let count = PercentDecoding.decode(raw, into: output) else {
                return literals.child(of: node, key: raw)
            }
            return literals.child(of: node, key: UnsafeBufferPointer(rebasing: output[..<count]))
        }
    }
}

/// A node to visit and the index of the segment it is reached at.
private struct StackEntry {
    var node: Int32
    var index: Int
}

extension Array where Element == Definition {
    /// Whether the definitions are already in routing order (they are, unless priorities rise).
    fileprivate var isSortedForRouting: Bool {
        indices.dropFirst().allSatisfy { self[$0 - 1].precedes(self[$0]) }
    }
}
