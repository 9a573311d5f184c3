/// Finding the definitions that match a URL's segments, and what each captured.
///
/// A depth-first search over the trie with an explicit stack (no recursion, whatever the depth):
/// at segment i a node offers its `*` definitions (which match any rest, even an empty one),
/// its literal child for the decoded segment, and its parameter child when the segment is not
/// empty; after the last segment it offers the definitions that end there. Every node is
/// visited at most once, so the work is bounded by the URL's segments and the trie's size,
/// and never by the number of routes that cannot match.
///
/// The search makes no string, and a URL whose matches all end at one node allocates nothing:
/// that node's list, already in routing order, is used as it is (``Matches``).
extension RouteIndex {
    /// The matching definitions, in routing order (priority, then registration), with what each
    /// captured, put in `matches` (empty): filled in place, not returned, so that a lookup
    /// copies nothing. They are found before the first is asked, so the code asked may change
    /// the table.
    func collectMatches(_ segments: Segments, from start: SearchPosition = .root, into matches: inout Matches)
    {
        if hasCheckedLists { return collectCheckedMatches(segments, from: start, into: &matches) }
        var visits = SearchVisits(goal: .collect)
        search(segments, from: start, &visits, into: &matches)
        matches.sortMerged()
    }

    /// ``collectMatches(_:from:into:)`` of an index with definitions to check. A check may run an
    /// app's parameter type, whose code may register or remove routes: the index then keeps a
    /// copy of itself as it was for the searches under way (``beginSearch()``). This search stops
    /// at such a change, and goes on in that copy: the same walk, whose visits made already it
    /// skips. (An index without definitions to check runs no app's code while it is searched.)
    @inline(never)
    private func collectCheckedMatches(
        _ segments: Segments, from start: SearchPosition, into matches: inout Matches
    ) {
        var visits = SearchVisits(goal: .collectChecked)
        visits.began = beginSearch()
        defer { endSearch() }
        // Read by the visits without retaining them (a retain and a release each lookup): the
        // search's caller keeps the index, and the index keeps its copy until the search ends.
        visits.live = self
        unowned(unsafe) var searched = self
        while true {
            visits.watchesLive = searched === self
            searched.search(segments, from: start, &visits, into: &matches)
            guard visits.changed else { break }
            searched = earlierIndex(at: visits.began)
            (visits.skipped, visits.changed) = (visits.visited, false)
        }
        matches.sortMerged()
    }

    /// Calls `body` with each matching definition and its captures, in routing order, until
    /// `body` returns `true`. Returns whether it did.
    func forEachMatch(_ segments: Segments, _ body: (Definition, Captures) -> Bool) -> Bool {
        var matches = Matches()
        collectMatches(segments, into: &matches)
        for offset in 0..<matches.count
        where body(matches.definition(at: offset), matches.captures(at: offset)) {
            return true
        }
        return false
    }

    /// Whether any definition matches.
    func hasMatch(_ segments: Segments, from start: SearchPosition) -> Bool {
        // An index with definitions a match must check asks the full search, which checks them.
        if hasCheckedLists { return hasCheckedMatch(segments, from: start) }
        var visits = SearchVisits(goal: .findAny)
        var none = Matches()
        search(segments, from: start, &visits, into: &none)
        return visits.found
    }

    /// ``hasMatch(_:from:)`` through the full search, whose checked lists are checked.
    @inline(never)
    private func hasCheckedMatch(_ segments: Segments, from start: SearchPosition) -> Bool {
        var matches = Matches()
        collectMatches(segments, from: start, into: &matches)
        return !matches.isEmpty
    }

    /// Where the search of a URL whose first segment is `first` begins, found before the URL's
    /// other segments are cut: when the root has neither a parameter child nor `*` definitions,
    /// every match goes through the root's literal child for `first`, and the search begins there;
    /// when there is no such child, nothing matches (`nil`), and the other segments need not be
    /// cut at all (a frequent miss: an unknown host). Otherwise at the root. `first` must be
    /// compared as it is written: a host segment without capitals or escapes.
    @inline(__always)
    func searchStart(first: UnsafeBufferPointer<UInt8>) -> SearchPosition? {
        let (literal, parameter, wildcards) = (
            literals[0].literalChild, literals[0].parameterChild, literals[0].wildcards
        )
        guard parameter < 0, wildcards < 0, !literals.rootHasCapital else { return .root }
        guard literal != -1, let child = literalChild(of: 0, literal, first) else { return nil }
        return SearchPosition(node: child, index: 1)
    }

    /// Visits each node list of matching definitions as `visits` says, until it says to stop.
    /// One body for every goal (a closure would be compiled again for each caller).
    @inline(never)
    private func search(
        _ segments: Segments, from start: SearchPosition, _ visits: inout SearchVisits,
        into matches: inout Matches
    ) {
        // The root, and a first segment that came from the host, which may differ in case from a
        // literal: a host with a capital or an escape, or a first literal with a capital.
        // Otherwise the exact lookup of the first segment is the same.
        let folds = segments.hostBytes > 0 || (segments.hostBytes < 0 && literals.rootHasCapital)
        if folds, !literals.foldedIsBuilt { prepareFoldedLookup() }
        // The nodes, read in place (through the table, the search would copy all of it: the
        // literal lookups below read the table too).
        let nodes = literals.entries
        nodes.withUnsafeBufferPointer { nodes in
            // One entry per level and one more, plus the root's literals one host segment reaches;
            // a stack of a constant size (on the stack, 512 bytes) when that is at most 32.
            let capacity = depth + 1 + (folds ? literals.largestFoldedGroup : 1)
            func walk(_ stack: UnsafeMutableBufferPointer<SearchPosition>) {
                stack[0] = start
                var top = 1
                while top > 0 {
                    top -= 1
                    var (nodeIndex, index) = (stack[top].node, stack[top].index)
                    // A literal child is visited at once, the parameter child (pushed) after it.
                    while true {
                        // Read the node in place: copying it would retain its list.
                        let node = nodes.baseAddress! + Int(nodeIndex)
                        let (literal, parameter) = (
                            node.pointee.value.literalChild, node.pointee.value.parameterChild
                        )
                        // A node's `*` definitions are kept apart (few nodes have some).
                        let wildcards = node.pointee.value.wildcards
                        if wildcards >= 0, !visits.visit(wildcardLists[Int(wildcards)], segments, &matches) {
                            return
                        }
                        guard index < segments.count else {
                            if !node.pointee.value.terminals.isEmpty,
                                !visits.visit(node.pointee.value.terminals, segments, &matches)
                            {
                                return
                            }
                            break
                        }
                        if parameter >= 0, !segments[index].isEmpty {
                            // Without a literal child, the parameter child is next: visited at once.
                            if literal == -1 {
                                (nodeIndex, index) = (parameter, index + 1)
                                continue
                            }
                            stack[top] = SearchPosition(node: parameter, index: index + 1)
                            top += 1
                        }
                        guard literal != -1 else { break }
                        if index == 0, folds {
                            RouteIndex.forEachHostLiteralChild(
                                of: literals, segments.bytes(at: 0), hostPrefix: segments.hostPrefix
                            ) {
                                stack[top] = SearchPosition(node: $0, index: 1)
                                top += 1
                            }
                            break
                        }
                        guard
                            let child = literalChild(
                                of: nodeIndex, literal, segments.bytes(at: index),
                                mayBeEscaped: segments.hasEscapes)
                        else { break }
                        (nodeIndex, index) = (child, index + 1)
                    }
                }
            }
            let smallStack = 32
            if capacity <= smallStack {
                withUnsafeTemporaryAllocation(of: SearchPosition.self, capacity: smallStack, walk)
            } else {
                withUnsafeTemporaryAllocation(of: SearchPosition.self, capacity: capacity, walk)
            }
        }
    }

    /// The root's literal children for a first segment whose first `hostPrefix` bytes came from the
    /// host, as ``withHostSegmentKey(_:hostPrefix:_:)`` reads it. Only a host segment with a
    /// capital letter, or a table with a capital letter in a first literal, pays for the folded
    /// lookup.
    private static func forEachHostLiteralChild<Value>(
        of literals: LiteralTable<Value>, _ raw: UnsafeBufferPointer<UInt8>, hostPrefix: Int,
        _ body: (Int32) -> Void
    ) {
        withHostSegmentKey(raw, hostPrefix: hostPrefix) { key, hostPrefix in
            var hasCapital = false
            for index in 0..<hostPrefix where key[index].isASCIICapital { hasCapital = true }
            if !hasCapital, !literals.rootHasCapital {
                // Nothing to fold on either side: the exact lookup finds the one match.
                if let child = literals.child(of: 0, key: key) { body(child) }
                return
            }
            literals.forEachRootChild(ignoringCaseIn: hostPrefix, key: key, body)
        }
    }

    /// Calls `body` with a first segment whose first `hostPrefix` bytes came from the host, as it
    /// is compared with a literal, and the number of its bytes that came from the host: its text
    /// percent-decoded (as written when undecodable). It then matches a literal when they are
    /// equal, ASCII case ignored in the bytes from the host (a host is case-insensitive, RFC 3986,
    /// 3.2.2), exactly after them (``hostByte(_:matches:)``). The one reading of a host segment:
    /// the search, the checks after an inner `*` and explanations use it.
    static func withHostSegmentKey<Result>(
        _ raw: UnsafeBufferPointer<UInt8>, hostPrefix: Int,
        _ body: (_ key: UnsafeBufferPointer<UInt8>, _ hostPrefix: Int) -> Result
    ) -> Result {
        let hostPrefix = min(hostPrefix, raw.count)
        guard raw.contains(.percent) else { return body(raw, hostPrefix) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { output in
            // The host's own escapes are whole, and an ASCII byte or nothing follows it: decoding
            // it alone gives the length of its decoded text.
            let prefix = PercentDecoding.decode(
                UnsafeBufferPointer(rebasing: raw[..<hostPrefix]), into: output)
            guard let count = PercentDecoding.decode(raw, into: output), let prefix else {
                return body(raw, hostPrefix)
            }
            return body(UnsafeBufferPointer(rebasing: output[..<count]), prefix)
        }
    }

    /// Whether a byte of a host segment's key matches the literal's byte at its place: equal, or,
    /// when it came from the host, equal ignoring ASCII case.
    @inline(__always)
    static func hostByte(_ byte: UInt8, fromHost: Bool, matches literal: UInt8) -> Bool {
        byte == literal || (fromHost && byte.asciiLowercased == literal.asciiLowercased)
    }

    /// Whether a first segment whose first `hostPrefix` bytes came from the host matches
    /// `literal` (decoded), as the search compares the root's literals with it: for the checks of
    /// a literal after an inner `*` that falls on the host segment, and for explanations.
    static func hostSegment(
        _ raw: UnsafeBufferPointer<UInt8>, hostPrefix: Int, matches literal: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        withHostSegmentKey(raw, hostPrefix: hostPrefix) { key, hostPrefix in
            guard key.count == literal.count else { return false }
            for offset in 0..<key.count
            where !hostByte(key[offset], fromHost: offset < hostPrefix, matches: literal[offset]) {
                return false
            }
            return true
        }
    }

    /// The literal child for a segment, compared after percent-decoding (raw when undecodable).
    /// `only`: the node's ``RouteIndex/Node/literalChild`` (its only literal child, or -2).
    private func literalChild(
        of node: Int32, _ only: Int32, _ raw: UnsafeBufferPointer<UInt8>, mayBeEscaped: Bool
    ) -> Int32? {
        guard mayBeEscaped, raw.contains(.percent) else { return literalChild(of: node, only, raw) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { output in
            guard let count = PercentDecoding.decode(raw, into: output) else {
                return literalChild(of: node, only, raw)
            }
            return literalChild(of: node, only, UnsafeBufferPointer(rebasing: output[..<count]))
        }
    }

    @inline(__always)
    func literalChild(of node: Int32, _ only: Int32, _ key: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard only >= 0 else { return literals.child(of: node, key: key) }
        return literals.isReached(only, by: key) ? only : nil
    }
}

/// The definitions that match a URL, in routing order, with what each captured.
///
/// The matches of one node (the frequent case) are the node's list as it is, no copy, with one
/// captures value for all of them: definitions that end at one node have their values in the
/// same segments. Matches at several nodes are merged, each with its own captures (an array,
/// allocated only then).
struct Matches {
    private var list = DefinitionList.empty
    private var listCaptures = Captures()
    /// `nil` until a second node matches (an empty array would cost a release on every lookup).
    private var merged: [Match]?

    var isEmpty: Bool { list.isEmpty && merged == nil }

    var count: Int {
        switch list {
        case .empty: return merged?.count ?? 0
        case .one: return 1
        case .many(let definitions): return definitions.count
        case .checked(let checked): return checked.all.count
        }
    }

    /// The definition of the match at `offset`.
    func definition(at offset: Int) -> Definition {
        switch list {
        case .empty: return merged![offset].definition
        case .one(let definition): return definition
        case .many(let definitions): return definitions[offset]
        case .checked(let checked): return checked.all[offset]
        }
    }

    /// What the match at `offset` captured.
    func captures(at offset: Int) -> Captures {
        if case .empty = list { return merged![offset].captures }
        return listCaptures
    }

    /// Adds the list of a node that matched `segments`. Out of line, as it was when the search
    /// took a closure: inlined into the search, it makes Swift 6.3's optimizer fail
    /// (CopyPropagation: "Found outside of lifetime use").
    @inline(never)
    fileprivate mutating func add(_ definitions: DefinitionList, _ segments: Segments) {
        if case .checked(let checked) = definitions {
            // The candidates are checked, each with captures of its own; one that passes alone is
            // kept as a list of one, without an allocation. (Several are sorted at the end.)
            checked.forEachCandidate(segments) { definition in
                guard let captures = Captures(checking: definition.parsed, segments) else { return }
                add(definition, captures)
            }
            return
        }
        if isEmpty {
            switch definitions {
            case .empty, .checked: return
            case .one(let definition): listCaptures = Captures(definition.parsed, segments)
            case .many(let definitions): listCaptures = Captures(definitions[0].parsed, segments)
            }
            list = definitions
            return
        }
        // A second node: the matches so far and these go to the merged array.
        if !list.isEmpty {
            merged = (0..<count).map { Match(definition: definition(at: $0), captures: captures(at: $0)) }
            list = .empty
        }
        switch definitions {
        case .empty, .checked: break
        case .one(let definition):
            merged!.append(Match(definition: definition, captures: Captures(definition.parsed, segments)))
        case .many(let definitions):
            let captures = Captures(definitions[0].parsed, segments)
            for definition in definitions {
                merged!.append(Match(definition: definition, captures: captures))
            }
        }
    }

    /// Adds one definition that matched with `captures`.
    private mutating func add(_ definition: Definition, _ captures: Captures) {
        if isEmpty {
            list = .one(definition)
            listCaptures = captures
            return
        }
        if !list.isEmpty {
            merged = (0..<count).map {
                Match(definition: self.definition(at: $0), captures: self.captures(at: $0))
            }
            list = .empty
        }
        merged!.append(Match(definition: definition, captures: captures))
    }

    /// Puts merged matches in routing order.
    fileprivate mutating func sortMerged() {
        if let count = merged?.count, count > 1 { merged!.sort { $0.definition.precedes($1.definition) } }
    }
}

/// What a search does with each node list of matching definitions, and how far it got.
struct SearchVisits {
    enum Goal {
        /// Add every list to the matches.
        case collect
        /// Stop at the first list that is not empty, adding nothing.
        case findAny
        /// Add every list, and stop when app code changes the live index (its version).
        case collectChecked
    }

    var goal: Goal
    /// ``Goal/findAny``: a list that is not empty was found.
    var found = false
    /// ``Goal/collectChecked``: the live index and its version when the search began.
    unowned(unsafe) var live: RouteIndex?
    var began: UInt32 = 0
    /// Whether the walk is of the live index (not of a copy kept for it).
    var watchesLive = false
    /// The visits that added their lists, those of an earlier walk still to skip, and whether
    /// the live index changed.
    var visited = 0
    var skipped = 0
    var changed = false

    /// Visits a node list of matching definitions; returns whether the search goes on.
    mutating func visit(_ list: DefinitionList, _ segments: Segments, _ matches: inout Matches) -> Bool {
        switch goal {
        case .collect:
            matches.add(list, segments)
            return true
        case .findAny:
            found = !list.isEmpty
            return !found
        case .collectChecked:
            if skipped > 0 {
                skipped -= 1
                return true
            }
            matches.add(list, segments)
            visited += 1
            changed = watchesLive && live!.version != began
            return !changed
        }
    }
}

/// A node to visit and the index of the segment it is reached at.
struct SearchPosition {
    var node: Int32
    var index: Int

    static var root: SearchPosition { SearchPosition(node: 0, index: 0) }
}
