/// A URL as one table reads it: path segments and query items. The rules are those of the
/// "Routing rules" article, *Reading a URL*.
///
/// A request is made once per table that routes the URL (the table's options decide whether the
/// host is a segment and whether `+` is a space, and its hosts whether a fragment may be a web
/// anchor: ``readsAnchors``). It works out, once, which bytes hold the
/// segments; ``withSegments(_:)`` then cuts them into a temporary buffer of byte ranges, so
/// routing makes no string. Values are decoded only when a handler reads them, from the ranges a
/// match captured (``Captures``).
struct RouteRequest {
    let parts: URLParts
    let options: RouteOptions
    /// Where the segments, the fragment's query and the anchor are.
    private let layout: Layout

    /// Whether a fragment that does not start with `/` or `?` is a web anchor, not more of the
    /// path (the "Routing rules" article, *Web anchors*): the URL is read for a table with
    /// ``RouteTable/hosts``, or for the global table that such a table, having accepted the
    /// URL's host, falls back to (``RouteTable/readsAnchors(afterFallbackFrom:of:)``).
    var readsAnchors: Bool { layout.readsAnchors }

    /// Whether the URL's fragment was read as a web anchor (``anchor``), without decoding it.
    var hasAnchor: Bool { layout.hasAnchor }

    /// Calls `body` with the bytes of the segment text: the URL's own text, read in place, or,
    /// when the fragment's path is appended, the joined `host/path#fragment-path`, written into
    /// a temporary buffer for the call. (Kept as a string, the joined text cost every request
    /// a retain and a release, for the few URLs that need it.)
    @inline(__always)
    func withSegmentBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let fragmentPath = layout.fragmentPath else { return parts.text.withBytes(body) }
        // The joined text begins with the host when the host is the first segment's start.
        let host = layout.hostBytes == 0 ? nil : parts.ranges.host.map(ByteRange.init)
        var result: Result?
        RouteRequest.withJoined(
            parts.text, host: host, path: parts.ranges.path, fragmentPath: fragmentPath.range,
            for: Result.self
        ) { result = body($0) }
        return result!
    }

    /// `readsAnchors`: whether the table reads web anchors (see ``readsAnchors``); it matters
    /// only for a URL with a fragment, which the scan's layout never serves.
    init(parts: URLParts, options: RouteOptions, readsAnchors: Bool) {
        self.options = options
        if let layout = Layout(scanned: parts.ranges, readsAnchors: readsAnchors) {
            assert(
                RouteRequest.read(parts, options: options, readsAnchors: readsAnchors) == layout,
                "the scan's layout differs from the read one for \(parts)")
            self.layout = layout
        } else {
            layout = RouteRequest.read(parts, options: options, readsAnchors: readsAnchors)
        }
        // Stored last: the parts are moved in, not copied.
        self.parts = consume parts
    }

    /// The layout of `parts` read from its bytes.
    private static func read(_ parts: URLParts, options: RouteOptions, readsAnchors: Bool) -> Layout {
        let ranges = parts.ranges
        let reading = parts.text.withBytes {
            Reading($0, ranges, options: options, readsAnchors: readsAnchors)
        }
        guard let fragmentPath = reading.fragmentPath else {
            return Layout(
                host: reading.host, hostPrefix: reading.host?.count ?? 0,
                hostIsLowercase: reading.hostIsLowercase,
                region: reading.region, fragmentQuery: reading.fragmentQuery, readsAnchors: readsAnchors,
                hasAnchor: reading.hasAnchor)
        }
        // The joined text is split whole, with only its trailing `/` removed; it begins with the
        // host: the first segment's first bytes came from it.
        var (count, endsWithSlash) = (0, false)
        withJoined(
            parts.text, host: reading.host, path: ranges.path, fragmentPath: fragmentPath.range,
            for: Void.self
        ) { (count, endsWithSlash) = ($0.count, $0.last == .slash) }
        return Layout(
            host: nil, hostPrefix: reading.host?.count ?? 0, hostIsLowercase: reading.hostIsLowercase,
            region: ByteRange(0..<(endsWithSlash ? count - 1 : count)), fragmentQuery: reading.fragmentQuery,
            fragmentPath: fragmentPath, readsAnchors: readsAnchors)
    }

    /// What one pass over the URL's bytes finds: plain values, so that nothing is retained.
    private struct Reading {
        /// The host's range when it is the first segment.
        var host: ByteRange?
        /// Whether the host is written with neither a capital letter nor an escape: then it
        /// matches a literal without capitals exactly when it equals it.
        var hostIsLowercase = true
        /// The path's part cut on `/`, unless the fragment's path is appended.
        var region: ByteRange?
        /// The fragment's path when it is appended to the path.
        var fragmentPath: ByteRange?
        /// The fragment's query when its items join the URL's.
        var fragmentQuery: ByteRange?
        /// Whether the fragment is a web anchor: then it is neither path nor query.
        var hasAnchor = false

        init(
            _ bytes: UnsafeBufferPointer<UInt8>, _ ranges: URLParts.Offsets, options: RouteOptions,
            readsAnchors: Bool
        ) {
            (host, hostIsLowercase) = RouteRequest.hostSegment(
                bytes, ranges.host, isPlain: ranges.hostIsPlain, options: options)
            if let fragment = ranges.fragment {
                let (path, query) = RouteRequest.readFragment(bytes, fragment)
                if readsAnchors, path != nil, RouteRequest.isAnchor(bytes, fragment) {
                    hasAnchor = true
                } else {
                    fragmentPath = path.map(ByteRange.init)
                    fragmentQuery = query
                    if fragmentPath != nil { return }
                }
            }
            region = RouteRequest.pathRegion(
                ranges.path, PathSlashes(bytes, ranges.path), afterHost: host != nil)
        }
    }

    /// The host segment, the path region, the fragment's query and, when the fragment's path is
    /// appended, its range (the joined text is made again from it when read), packed; and how
    /// many bytes of the first segment came from the host. The request is copied into the
    /// parameters of every handler it reaches, so it is kept small.
    private struct Layout: Equatable {
        private var packedHost: PackedRange
        private var packedRegion: PackedRange
        private var packedFragmentQuery: PackedRange
        private var packedFragmentPath: PackedRange
        private var hostByteCount: Int32
        /// See ``RouteRequest/readsAnchors`` (kept here, beside the next flag, where the layout
        /// has room for it).
        let readsAnchors: Bool
        /// Whether the URL's fragment is a web anchor.
        let hasAnchor: Bool

        /// `fragmentPath`: the fragment's path when it is appended (then the region is in the
        /// joined text, which begins with the host when ``hostBytes`` is not 0).
        init(
            host: ByteRange?, hostPrefix: Int, hostIsLowercase: Bool, region: ByteRange?,
            fragmentQuery: ByteRange?, fragmentPath: ByteRange? = nil, readsAnchors: Bool,
            hasAnchor: Bool = false
        ) {
            packedHost = PackedRange(host)
            packedRegion = PackedRange(region)
            packedFragmentQuery = PackedRange(fragmentQuery)
            packedFragmentPath = PackedRange(fragmentPath)
            hostByteCount = Int32(truncatingIfNeeded: hostIsLowercase ? -hostPrefix : hostPrefix)
            self.readsAnchors = readsAnchors
            self.hasAnchor = hasAnchor
        }

        /// The layout of a URL the scan read, with no fragment and a plain host (no `.`, capital
        /// or escape) that is not `localhost`, found from the scan's offsets alone (the rules of
        /// ``RouteRequest/hostSegment(_:_:isPlain:options:)`` and
        /// ``RouteRequest/pathRegion(_:_:afterHost:)``, with the scan's ``PathSlashes``); `nil` for
        /// any other URL.
        @inline(__always)
        init?(scanned ranges: URLParts.Offsets, readsAnchors: Bool) {
            guard let slashes = ranges.pathSlashes, ranges.fragment == nil, ranges.hostIsPlain else {
                return nil
            }
            let host = ranges.host.flatMap { $0.isEmpty ? nil : $0 }
            // Only a host of nine bytes may be `localhost`: read by the slow path.
            if let host, host.count == 9 { return nil }
            self.init(
                host: host.map(ByteRange.init), hostPrefix: host?.count ?? 0, hostIsLowercase: true,
                region: RouteRequest.pathRegion(ranges.path, slashes, afterHost: host != nil),
                fragmentQuery: nil, readsAnchors: readsAnchors)
        }

        var host: ByteRange? { packedHost.range }
        var region: ByteRange? { packedRegion.range }
        var fragmentQuery: ByteRange? { packedFragmentQuery.range }
        /// The fragment's path when it is appended to the path: the segments are then cut from
        /// the joined text.
        var fragmentPath: ByteRange? { packedFragmentPath.range }
        /// How many bytes at the start of the first segment came from the host (0: none), negated
        /// when the host is written without capitals or escapes (see ``Segments/hostBytes``).
        var hostBytes: Int { Int(hostByteCount) }
        /// The host segment when it is written without capitals or escapes: compared with a
        /// first literal as it is.
        var plainHost: ByteRange? { hostByteCount < 0 ? host : nil }
    }

    // MARK: Segments

    /// Calls `body` with the segments, byte ranges of the segment text in a temporary buffer.
    @inline(__always)
    func withSegments<Result>(_ body: (Segments) -> Result) -> Result {
        // The closure captures plain values: capturing the request copied it.
        let (layout, hasEscapes) = (layout, parts.ranges.hasEscapes)
        let plusAsSpace = options.contains(.decodePlusSymbols)
        return withSegmentBytes {
            RouteRequest.withSegments($0, layout, hasEscapes: hasEscapes, plusAsSpace: plusAsSpace, body)
        }
    }

    /// Where a search of `index` for this request begins (``RouteIndex/searchStart(first:)``),
    /// found from the host segment before the segments are cut; `nil` when nothing can match.
    @inline(__always)
    func searchStart(in index: RouteIndex) -> SearchPosition? {
        // With a host segment, the segments are cut from the URL's own text.
        guard let host = layout.plainHost else { return .root }
        return parts.text.withBytes {
            index.searchStart(first: UnsafeBufferPointer(rebasing: $0[host.range]))
        }
    }

    /// Whether `index` has a match for the request that `parts`, `options` and `readsAnchors`
    /// make, without making it when the scan's layout serves (``RouteTable/canRoute(to:)``, which
    /// keeps nothing of it).
    @inline(__always)
    static func hasMatch(
        of parts: URLParts, options: RouteOptions, readsAnchors: Bool, in index: RouteIndex
    ) -> Bool {
        guard let layout = Layout(scanned: parts.ranges, readsAnchors: readsAnchors) else {
            let request = RouteRequest(parts: parts, options: options, readsAnchors: readsAnchors)
            guard let start = request.searchStart(in: index) else { return false }
            return request.withSegments { index.hasMatch($0, from: start) }
        }
        let hasEscapes = parts.ranges.hasEscapes
        return parts.text.withBytes { bytes in
            var start = SearchPosition.root
            if let host = layout.plainHost {
                guard let found = index.searchStart(first: UnsafeBufferPointer(rebasing: bytes[host.range]))
                else {
                    return false
                }
                start = found
            }
            return withSegments(
                bytes, layout, hasEscapes: hasEscapes, plusAsSpace: options.contains(.decodePlusSymbols)
            ) { index.hasMatch($0, from: start) }
        }
    }

    @inline(__always)
    private static func withSegments<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ layout: Layout, hasEscapes: Bool, plusAsSpace: Bool,
        _ body: (Segments) -> Result
    ) -> Result {
        var result: Result?
        cutSegments(
            bytes, host: layout.host, hostBytes: layout.hostBytes, region: layout.region,
            hasEscapes: hasEscapes, plusAsSpace: plusAsSpace,
            for: Result.self
        ) {
            result = body($0)
        }
        return result!
    }

    /// The work of ``withSegments(_:)``. It is generic over the caller's result type only so that
    /// the optimizer leaves it unspecialized: a copy specialized for the caller's closure would
    /// copy (retain and release) everything that closure captures once per closure nested here,
    /// on every lookup, which tripled the cost of a lookup. Nothing here uses `Result`, so the
    /// unspecialized code looks up no type metadata either.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    private static func cutSegments<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, host: ByteRange?, hostBytes: Int, region: ByteRange?,
        hasEscapes: Bool, plusAsSpace: Bool, for _: Result.Type, _ body: (Segments) -> Void
    ) {
        func cut(into buffer: UnsafeMutableBufferPointer<ByteRange>) {
            var next = 0
            if let host {
                buffer[next] = host
                next += 1
            }
            if let region {
                var start = region.lowerBound
                for index in region.range where bytes[index] == .slash {
                    buffer[next] = ByteRange(uncheckedBounds: start, index)
                    next &+= 1
                    start = index &+ 1
                }
                buffer[next] = ByteRange(uncheckedBounds: start, region.upperBound)
                next &+= 1
            }
            body(
                Segments(
                    bytes: bytes, ranges: UnsafeBufferPointer(rebasing: buffer[..<next]),
                    hostBytes: hostBytes, hasEscapes: hasEscapes, plusAsSpace: plusAsSpace))
        }
        // A short region has at most one segment per byte: a buffer of a constant size (under
        // 1 KB, on the stack) holds its segments without a counting pass; a long one is counted.
        let shortRegion = 56
        guard let region, region.count > shortRegion else {
            return withUnsafeTemporaryAllocation(of: ByteRange.self, capacity: shortRegion + 2, cut)
        }
        var count = host == nil ? 1 : 2
        for index in region.range where bytes[index] == .slash { count += 1 }
        withUnsafeTemporaryAllocation(of: ByteRange.self, capacity: count, cut)
    }

    /// The segments as text, percent-encoded: for explanations and tests, not for routing.
    var encodedSegments: [String] {
        withSegments { segments in
            (0..<segments.count).map { String(decoding: segments.bytes(at: $0), as: UTF8.self) }
        }
    }

    /// Whether `pattern` matches the request's segments, and why not: ``RoutePattern/verdict(for:)``
    /// on ``encodedSegments``, with a first literal compared with the host segment as routing
    /// compares it (ASCII case ignored in the host's bytes). Explanations and URL building must
    /// use this to agree with routing.
    func verdict(for pattern: RoutePattern) -> PatternVerdict {
        withSegments { segments in
            var texts = (0..<segments.count).map { String(decoding: segments.bytes(at: $0), as: UTF8.self) }
            // The pattern's segment read against the host segment: its first, or after a leading
            // inner `*` that takes nothing, the one counted from the end.
            let own = pattern.segments
            let first = pattern.wildcardIndex == 0 ? own.count - segments.count : 0
            if segments.hostPrefix > 0, segments.count > 0, own.indices.contains(first),
                case .literal(var literal) = own[first],
                literal.withUTF8({
                    RouteIndex.hostSegment(
                        segments.bytes(at: 0), hostPrefix: segments.hostPrefix, matches: $0)
                })
            {
                // The literal itself, written so that it decodes to itself.
                texts[0] = literal.replacingOccurrences(of: "%", with: "%25")
            }
            return pattern.verdict(for: texts, plusAsSpace: segments.plusAsSpace)
        }
    }

    /// The host's range when it serves as the first segment (``HostRule/isPathSegment(decoded:options:)``),
    /// and whether the host is written with neither a capital nor an escape.
    /// `isPlain`: the scan saw no `.`, capital or escape in the host.
    private static func hostSegment(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>?, isPlain: Bool, options: RouteOptions
    ) -> (ByteRange?, lowercase: Bool) {
        guard let range, !range.isEmpty else { return (nil, true) }
        let host = UnsafeBufferPointer(rebasing: bytes[range])
        if isPlain {
            // The scan saw no `.` in the host.
            let isSegment = HostRule.isPathSegment(
                hasDot: false, isLocalhost: HostRule.isLocalhost(host), options: options)
            return (isSegment ? ByteRange(range) : nil, true)
        }
        // Most hosts have no escape: read them in place, without a decoding buffer.
        var hasPercent = false
        var hasDot = false
        var hasCapital = false
        for index in range.lowerBound..<range.upperBound {
            let byte = bytes[index]
            if byte == .percent {
                hasPercent = true
            } else if byte == .dot {
                hasDot = true
            } else if byte.isASCIICapital {
                hasCapital = true
            }
        }
        let lowercase = !hasPercent && !hasCapital
        guard hasPercent else {
            let isSegment = HostRule.isPathSegment(
                hasDot: hasDot, isLocalhost: HostRule.isLocalhost(host), options: options)
            return (isSegment ? ByteRange(range) : nil, lowercase)
        }
        let isSegment = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { decoded in
            guard let count = PercentDecoding.decode(host, into: decoded) else {
                return HostRule.isPathSegment(decoded: host, options: options)
            }
            return HostRule.isPathSegment(
                decoded: UnsafeBufferPointer(rebasing: decoded[..<count]), options: options)
        }
        return (isSegment ? ByteRange(range) : nil, lowercase)
    }

    /// The path without one leading and one trailing `/`. After a host segment an empty path
    /// gives no segment (`myapp://user/` is `user`), unless it was `//` (`myapp://user//` is
    /// `user`, `""`); without one, it gives one empty segment (`myapp://` is `""`).
    @inline(__always)
    private static func pathRegion(_ path: Range<Int>, _ slashes: PathSlashes, afterHost: Bool) -> ByteRange?
    {
        var lower = path.lowerBound
        var upper = path.upperBound
        if slashes.leading { lower += 1 }
        if lower < upper, slashes.trailing { upper -= 1 }
        guard afterHost, lower == upper else { return ByteRange(lower..<upper) }
        return slashes.leadingTwo ? ByteRange(lower..<upper) : nil
    }

    /// The fragment's path is its text before the first `?`, its query the text after (the whole
    /// text is both without `?`). Its query items join the URL's when the first has a value; its
    /// path is appended unless the fragment is nothing but those items (path and query the same).
    private static func readFragment(_ bytes: UnsafeBufferPointer<UInt8>, _ fragment: Range<Int>)
        -> (path: Range<Int>?, query: ByteRange?)
    {
        let separator = bytes[fragment].firstIndex(of: .questionMark)
        let path = fragment.lowerBound..<(separator ?? fragment.upperBound)
        let query = separator.map { $0 + 1..<fragment.upperBound } ?? fragment
        let firstItemEnd = bytes[query].firstIndex(of: .ampersand) ?? query.upperBound
        let hasQueryItems =
            bytes[query.lowerBound..<firstItemEnd].firstIndex(of: .equals).map { $0 + 1 != firstItemEnd }
            ?? false
        let appendsPath = !hasQueryItems || !bytes[path].elementsEqual(bytes[query])
        return (appendsPath ? path : nil, hasQueryItems ? ByteRange(query) : nil)
    }

    /// Whether a fragment, read by a table that reads web anchors, is one: it does not start with
    /// `/` (a fragment route) or `?` (query items after an empty fragment path). The caller has
    /// already kept a fragment that is nothing but query items (`#entity=partner`) for them.
    /// An empty fragment (`…/post/7#`) is an empty anchor.
    private static func isAnchor(_ bytes: UnsafeBufferPointer<UInt8>, _ fragment: Range<Int>) -> Bool {
        guard let first = fragment.first else { return true }
        return bytes[first] != .slash && bytes[first] != .questionMark
    }

    /// The web anchor, percent-decoded (a `+` stays a `+`: an anchor is no query value); `nil`
    /// when the URL has no fragment or the fragment is not an anchor (see ``readsAnchors``).
    var anchor: String? {
        guard layout.hasAnchor, let fragment = parts.fragment else { return nil }
        return PercentDecoding.decodeOrKeep(fragment)
    }

    /// Calls `body` with the joined text, in a temporary buffer: `host` + the path without its
    /// trailing `/` (or the path without its leading `/`), then `#` + the fragment's path:
    /// `myapp://user#/view/7` reads as `user#/view/7`.
    ///
    /// One body for every reader of the segment text, as ``cutSegments(_:host:hostBytes:region:hasEscapes:plusAsSpace:for:_:)``
    /// is: generic over the caller's result type only so that the optimizer leaves it
    /// unspecialized (a copy for each reader's closure would be text an app ships).
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    private static func withJoined<Result>(
        _ text: String, host: ByteRange?, path: Range<Int>, fragmentPath: Range<Int>, for _: Result.Type,
        _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        text.withBytes { bytes in
            let pathPart =
                host == nil
                ? bytes[path].trimmingOneSlash(trailing: false).indices
                : bytes[path].trimmingOneSlash(leading: false).indices
            let count = (host?.count ?? 0) + pathPart.count + 1 + fragmentPath.count
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
                var next = 0
                func append(_ range: Range<Int>) {
                    for index in range {
                        buffer[next] = bytes[index]
                        next += 1
                    }
                }
                if let host { append(host.range) }
                append(pathPart)
                buffer[next] = .hash
                next += 1
                append(fragmentPath)
                body(UnsafeBufferPointer(buffer))
            }
        }
    }

    // MARK: Query

    /// Calls `body` with each query item of the URL, then of the fragment, decoded
    /// (``QueryItems``). Stops when `body` returns `false`.
    ///
    /// Parameters, their dictionary and explanations read the query through this.
    func forEachQueryItem(_ body: (_ name: String, _ value: String) -> Bool) {
        guard var items = queryItems else { return }
        while let item = items.next() {
            guard body(item.name, item.value) else { return }
        }
    }

    /// How many items ``forEachQueryItem(_:)`` gives, counted without decoding them.
    var queryItemCount: Int {
        var count = 0
        guard var items = queryItems else { return 0 }
        while items.nextWritten() != nil { count += 1 }
        return count
    }

    /// The items of the URL's query, then of the fragment's query; `nil` without either (most
    /// URLs), which costs nothing to find.
    private var queryItems: QueryItems? {
        guard parts.ranges.query != nil || layout.fragmentQuery != nil else { return nil }
        return QueryItems(
            parts.text, query: parts.ranges.query, then: layout.fragmentQuery?.range,
            plusAsSpace: options.contains(.decodePlusSymbols))
    }
}

/// The segments of a request while ``RouteRequest/withSegments(_:)`` runs: byte ranges of its text.
struct Segments {
    /// The bytes the ranges refer to.
    let bytes: UnsafeBufferPointer<UInt8>
    let ranges: UnsafeBufferPointer<ByteRange>
    /// How many bytes at the start of the first segment came from the URL's host: the host
    /// segment, whose literals are compared ignoring ASCII case (the "Routing rules" article,
    /// *The host*). 0 when the host is not a segment; negated when the host is written without
    /// capitals or escapes, so that the search can skip the folded lookup when no first literal
    /// has a capital either.
    let hostBytes: Int
    /// Whether a segment may hold an escape: when not, segments are compared as they are.
    let hasEscapes: Bool
    /// Whether a `+` reads as a space (``RouteOptions/decodePlusSymbols``), for the constraints
    /// of extended patterns.
    let plusAsSpace: Bool

    /// The bytes of the first segment that came from the host (0: none).
    var hostPrefix: Int { hostBytes < 0 ? -hostBytes : hostBytes }

    var count: Int { ranges.count }

    subscript(index: Int) -> ByteRange { ranges[index] }

    /// The bytes of segment `index`.
    func bytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[ranges[index].range])
    }
}
