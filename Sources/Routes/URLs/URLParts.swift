import Foundation

/// The five parts of a URL reference (RFC 3986, appendix B), each still percent-encoded.
///
/// `URLParts.split(_:)` is the fast path: it reads the string's UTF-8 once, without Foundation,
/// and accepts only what it can split exactly as `URLComponents` would (ASCII characters that
/// RFC 3986 allows, valid `%XX` escapes, a host without user info, port or IPv6 literal). For
/// any other string, `URL(string:)` judges whether it is a URL at all; if it is, its path, query
/// and fragment are read from the text **as written** (`URLParts(written:url:)`), so that one
/// malformed escape keeps only its own value as written (the "Routing rules" article,
/// *Percent-decoding*): Foundation would percent-encode every `%` of the URL, valid escapes
/// included, once it finds one character it must encode.
struct URLParts {
    /// The text the ranges refer to: the URL string itself on the fast path.
    let text: String
    /// UTF-8 offsets of the parts in ``text``.
    let ranges: Offsets
    /// The URL value, when there is one already (a `URL` was routed, or Foundation parsed the
    /// string); `nil` on the string fast path, where ``text`` is the URL.
    let url: URL?

    /// The routed URL: the `URL` routed or made by `URL(string:)`, or, on the string fast path,
    /// made from ``text`` only when a handler or the unmatched handler asks for it.
    ///
    /// Every `URLParts` has its URL: the fast path accepts only text of RFC 3986's grammar (ASCII
    /// characters it allows, valid escapes, a scheme of its syntax, a host that is a plain name),
    /// which `URL(string:)` always parses (`URLPartsTests` checks it on a generated corpus, the
    /// fuzzer on every input). Text `URL(string:)` refused would be a broken invariant of this
    /// type, not a URL to route with a stand-in value.
    var routedURL: URL {
        if let url { return url }
        guard let url = URL(string: text) else {
            preconditionFailure("Routes: URL(string:) refused text its fast path accepted: \(text)")
        }
        return url
    }

    /// The parts' ranges, stored compactly (the struct is copied on every lookup): each as two
    /// `Int32` offsets, a start of -1 standing for a missing part, but the scheme, which always
    /// starts the text, as its end; and what the scan saw in them.
    struct Offsets {
        private var bounds: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)
        /// What the fast path's scan saw, so that reading the URL need not look again: see
        /// ``hostIsPlain`` and ``hasEscapes``. Parts read otherwise claim nothing (all set).
        private var seen: Seen

        /// Facts about the bytes of the parts, one bit each.
        struct Seen: OptionSet {
            let rawValue: UInt8
            /// The host has a `.`, an ASCII capital letter or an escape.
            static let hostDetail = Seen(rawValue: 1)
            /// The host, path or fragment has an escape (`%`).
            static let escape = Seen(rawValue: 2)
            /// The host, path or fragment has a `+`.
            static let plus = Seen(rawValue: 4)
            /// What the parts of a URL not read by the scan may have.
            static let everything: Seen = [.hostDetail, .escape, .plus]
            /// The scan read the parts, so the bits below say how the path begins and ends.
            static let scanned = Seen(rawValue: 8)
            static let pathLeadingSlash = Seen(rawValue: 16)
            static let pathLeadingTwoSlashes = Seen(rawValue: 32)
            static let pathTrailingSlash = Seen(rawValue: 64)
        }

        /// The offsets as stored: the scheme's end, then the host, path, query and fragment as
        /// start and end (-1 for a missing part).
        @inline(__always)
        init(bounds: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32), seen: Seen) {
            self.bounds = bounds
            self.seen = seen
        }

        init(
            scheme: Range<Int>?, host: Range<Int>?, path: Range<Int>, query: Range<Int>?,
            fragment: Range<Int>?, seen: Seen = .everything
        ) {
            func pack(_ range: Range<Int>?) -> (Int32, Int32) {
                range.map {
                    (Int32(truncatingIfNeeded: $0.lowerBound), Int32(truncatingIfNeeded: $0.upperBound))
                }
                    ?? (-1, -1)
            }
            assert(scheme == nil || scheme?.lowerBound == 0, "a scheme starts the text")
            let b = scheme.map { Int32(truncatingIfNeeded: $0.upperBound) } ?? -1
            let (c, d) = pack(host)
            let (e, f) = pack(path)
            let (g, h) = pack(query)
            let (i, j) = pack(fragment)
            bounds = (b, c, d, e, f, g, h, i, j)
            self.seen = seen
        }

        private static func unpack(_ start: Int32, _ end: Int32) -> Range<Int>? {
            start < 0 ? nil : Int(start)..<Int(end)
        }

        var scheme: Range<Int>? { bounds.0 < 0 ? nil : 0..<Int(bounds.0) }
        /// `nil` when the URL has no authority; empty for `myapp://`.
        var host: Range<Int>? { Offsets.unpack(bounds.1, bounds.2) }
        var path: Range<Int> { Int(bounds.3)..<Int(bounds.4) }
        var query: Range<Int>? { Offsets.unpack(bounds.5, bounds.6) }
        var fragment: Range<Int>? { Offsets.unpack(bounds.7, bounds.8) }
        /// Whether the host is known to have no `.`, no ASCII capital and no escape: then it is
        /// a segment (unless it is `localhost`) and equal to itself lowercased.
        var hostIsPlain: Bool { !seen.contains(.hostDetail) }
        /// Whether the host, path or fragment may have an escape: when not, their segments are
        /// compared with literals as they are, without looking for one.
        var hasEscapes: Bool { seen.contains(.escape) }
        /// Whether a segment may need decoding: an escape, or a `+` (read as a space with
        /// ``RouteOptions/decodePlusSymbols``). When not, a value is its bytes as they are.
        var segmentsNeedDecoding: Bool { !seen.isDisjoint(with: [.escape, .plus]) }
        /// How the path begins and ends, when the scan read it: then the path's region is found
        /// without reading its bytes again.
        var pathSlashes: PathSlashes? {
            guard seen.contains(.scanned) else { return nil }
            return PathSlashes(
                leading: seen.contains(.pathLeadingSlash), leadingTwo: seen.contains(.pathLeadingTwoSlashes),
                trailing: seen.contains(.pathTrailingSlash))
        }
    }

    var scheme: Substring? { ranges.scheme.map(substring) }
    /// The percent-encoded host; `nil` when the URL has no authority, `""` for `myapp://`.
    var host: Substring? { ranges.host.map(substring) }
    var path: Substring { substring(ranges.path) }
    var query: Substring? { ranges.query.map(substring) }
    var fragment: Substring? { ranges.fragment.map(substring) }

    /// The text at UTF-8 offsets `range` (which always fall on ASCII delimiters).
    func substring(_ range: Range<Int>) -> Substring { URLParts.substring(of: text, range) }

    static func substring(of text: String, _ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return text[lower..<utf8.index(lower, offsetBy: range.count)]
    }

    /// The same parts without the fragment (a redirect reads its values so).
    var withoutFragment: URLParts {
        URLParts(
            text: text,
            ranges: Offsets(
                scheme: ranges.scheme, host: ranges.host, path: ranges.path, query: ranges.query,
                fragment: nil, seen: ranges.hostIsPlain ? [.escape, .plus] : .everything),
            url: url)
    }

    /// Parts of a string, from the fast path or as written; `nil` when `URL(string:)` fails.
    init?(string: String) {
        if let parts = URLParts.split(string) {
            self = parts
        } else if let url = URL(string: string) {
            self.init(written: string, url: url)
        } else {
            return nil
        }
    }

    /// Parts of a `URL`, from the fast path when its text allows, from Foundation otherwise.
    init(url: URL) {
        let text = url.absoluteString
        if let offsets = URLParts.scan(text) {
            self.init(text: text, ranges: offsets, url: url)
        } else {
            self.init(foundation: url)
        }
    }

    private init(text: String, ranges: Offsets, url: URL?) {
        self.text = text
        self.ranges = ranges
        self.url = url
    }

    /// Parts as `URLComponents` reports them (the slow path, and the reference of the tests),
    /// laid end to end in one text.
    init(foundation url: URL) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        var text = ""
        func append(_ part: String?) -> Range<Int>? {
            guard let part else { return nil }
            let start = text.utf8.count
            text += part
            return start..<text.utf8.count
        }
        let scheme = append(components?.scheme)
        let host = append(components?.percentEncodedHost)
        let path = append(components?.percentEncodedPath ?? "") ?? 0..<0
        let query = append(components?.percentEncodedQuery)
        let fragment = append(components?.percentEncodedFragment)
        self.init(
            text: text,
            ranges: Offsets(scheme: scheme, host: host, path: path, query: query, fragment: fragment),
            url: url)
    }

    /// Parts of a string that `URL(string:)` accepted (as `url`) and the fast path did not: the
    /// scheme and host as Foundation reads them (user info, port, IPv6 literal and IDNA are its
    /// business), the path, query and fragment as written in `string`, found by their delimiters.
    /// A `#` inside the fragment is written `%23`, as Foundation writes it. Each value is then
    /// decoded on its own, so a malformed escape spoils only its own value.
    ///
    /// Foundation's parts must be the written ones, or the written ones with every character it
    /// had to escape escaped (decoding its part once gives back the written text): when they are
    /// not, Foundation read another structure, and its parts are used as they are.
    init(written string: String, url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let written = string.withBytes({ WrittenParts($0, hasScheme: components.scheme != nil) }),
            written.hasHost == (components.percentEncodedHost != nil),
            let path = written.path.flatMap({
                written.part(string, $0, foundation: components.percentEncodedPath)
            }),
            let query = written.part(string, written.query, foundation: components.percentEncodedQuery),
            let fragment = written.part(
                string, written.fragment, foundation: components.percentEncodedFragment)
        else {
            self.init(foundation: url)
            return
        }
        var text = ""
        func append(_ part: Substring?) -> Range<Int>? {
            guard let part else { return nil }
            let start = text.utf8.count
            text += part
            return start..<text.utf8.count
        }
        let scheme = append(components.scheme.map { Substring($0) })
        let host = append(components.percentEncodedHost.map { Substring($0) })
        let pathRange = append(path) ?? 0..<0
        let queryRange = append(query)
        // A second `#` is part of the fragment's text: written `%23`, so that it is never read as
        // the mark a fragment route leaves (the `#` a `:name` value loses).
        let fragmentRange = append(fragment.map { Substring($0.replacingOccurrences(of: "#", with: "%23")) })
        self.init(
            text: text,
            ranges: Offsets(
                scheme: scheme, host: host, path: pathRange, query: queryRange, fragment: fragmentRange),
            url: url)
    }

    /// Where the path, query and fragment are in a string, by RFC 3986's delimiters only
    /// (appendix B): whatever bytes they hold.
    struct WrittenParts {
        var hasHost = false
        var path: Range<Int>?
        var query: Range<Int>?
        var fragment: Range<Int>?

        /// `nil` when the string has no scheme delimiter although Foundation read a scheme.
        init?(_ bytes: UnsafeBufferPointer<UInt8>, hasScheme: Bool) {
            var position = 0
            if hasScheme {
                guard let colon = bytes.firstIndex(where: CharacterClass.isDelimiter),
                    bytes[colon] == UInt8(ascii: ":")
                else { return nil }
                position = colon + 1
            }
            let end = bytes.count
            if position + 1 < end, bytes[position] == .slash, bytes[position + 1] == .slash {
                hasHost = true
                position += 2
                while position < end, bytes[position] != .slash, bytes[position] != .questionMark,
                    bytes[position] != .hash
                {
                    position += 1
                }
            }
            let pathStart = position
            while position < end, bytes[position] != .questionMark, bytes[position] != .hash { position += 1 }
            path = pathStart..<position
            if position < end, bytes[position] == .questionMark {
                let start = position + 1
                position = start
                while position < end, bytes[position] != .hash { position += 1 }
                query = start..<position
            }
            if position < end, bytes[position] == .hash { fragment = position + 1..<end }
        }

        /// The written part, when Foundation's (`foundation`) is the same text, or that text with
        /// what Foundation escaped escaped; `.some(nil)` when both are missing; `nil` when they
        /// disagree.
        func part(_ string: String, _ range: Range<Int>?, foundation: String?) -> Substring?? {
            switch (range, foundation) {
            case (nil, nil): return .some(nil)
            case (let range?, let foundation?):
                let written = URLParts.substring(of: string, range)
                if written.utf8.elementsEqual(foundation.utf8) { return written }
                let decodedOnce = foundation.withBytes { bytes in
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { output in
                        PercentDecoding.decode(bytes, into: output).map {
                            UnsafeBufferPointer(rebasing: output[..<$0]).elementsEqual(written.utf8)
                        }
                    }
                }
                // Spelled out: `cond ? written : nil` would be a `Substring?` made `.some(nil)`,
                // "both missing", and drop a path Foundation reads otherwise.
                if decodedOnce == true { return .some(written) }
                return .none
            default: return nil
            }
        }
    }

    /// Splits `string` without Foundation, or returns `nil` when the fast path cannot vouch for it.
    @inline(__always)
    static func split(_ string: String) -> URLParts? {
        scan(string).map { URLParts(text: string, ranges: $0, url: nil) }
    }

    @inline(__always)
    private static func scan(_ string: String) -> Offsets? {
        // Offsets are stored as Int32: longer texts (over 2 GB) go to Foundation.
        guard string.utf8.count < Int(Int32.max) else { return nil }
        return string.withBytes { bytes in
            CharacterClass.table.withUnsafeBufferPointer { scan(bytes, classes: $0) }
        }
    }

    /// One pass over the bytes: find the delimiters and check every byte against its part's
    /// character class (`table`: ``CharacterClass/table``). Returns `nil` for anything outside
    /// the fast path.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, classes table: UnsafeBufferPointer<UInt16>)
        -> Offsets?
    {
        let count = bytes.count
        guard count > 0 else { return nil }
        var position = 0
        // The offsets found, as ``Offsets`` stores them (-1: no such part).
        var schemeEnd: Int32 = -1
        var (hostStart, hostEnd): (Int32, Int32) = (-1, -1)
        var (queryStart, queryEnd): (Int32, Int32) = (-1, -1)
        var (fragmentStart, fragmentEnd): (Int32, Int32) = (-1, -1)

        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        var index = 0
        while index < count, table[Int(bytes[index])] & CharacterClass.schemeBit != 0 { index += 1 }
        if index < count, bytes[index] == UInt8(ascii: ":") {
            guard index > 0, Scheme.isLetter(bytes[0]) else { return nil }
            schemeEnd = Int32(truncatingIfNeeded: index)
            position = index + 1
        } else {
            // Not a scheme: a ":" before the first delimiter is then not the fast path's.
            while index < count, !CharacterClass.isDelimiter(bytes[index]) { index += 1 }
            if index < count, bytes[index] == UInt8(ascii: ":") { return nil }
        }

        // What the scan sees, for the reading of the URL (see `Offsets.Seen`).
        var seen: Offsets.Seen = []

        // authority = "//" reg-name  (no user info, port or IP literal on the fast path)
        if position + 1 < count, bytes[position] == .slash, bytes[position + 1] == .slash {
            guard let (end, classes) = scanPart(bytes, from: position + 2, allowed: .host, table) else {
                return nil
            }
            if classes & (CharacterClass.detailBit | CharacterClass.escapeBit) != 0 {
                seen.insert(.hostDetail)
            }
            if classes & CharacterClass.escapeBit != 0 { seen.insert(.escape) }
            if classes & CharacterClass.plusBit != 0 { seen.insert(.plus) }
            // A host in IDNA form goes to Foundation, which decodes it ("xn--caf-dma" → "caf%C3%A9"),
            // and which writes a non-ASCII host that way in a URL's `absoluteString`: a link routes
            // the same as text and as a `URL`.
            if classes & CharacterClass.xBit != 0, hasPunycodeLabel(bytes, position + 2..<end) { return nil }
            (hostStart, hostEnd) = (Int32(truncatingIfNeeded: position + 2), Int32(truncatingIfNeeded: end))
            position = end
        }

        // path: up to "?" or "#"
        guard let (pathEnd, pathClasses) = scanPart(bytes, from: position, allowed: .path, table) else {
            return nil
        }
        if pathClasses & CharacterClass.escapeBit != 0 { seen.insert(.escape) }
        if pathClasses & CharacterClass.plusBit != 0 { seen.insert(.plus) }
        let path = position..<pathEnd
        let slashes = PathSlashes(bytes, path)
        seen.insert(.scanned)
        if slashes.leading { seen.insert(.pathLeadingSlash) }
        if slashes.leadingTwo { seen.insert(.pathLeadingTwoSlashes) }
        if slashes.trailing { seen.insert(.pathTrailingSlash) }
        position = pathEnd
        // A relative reference whose first segment has a ":" is not a URL the fast path knows.
        if schemeEnd < 0, hostStart < 0 {
            for i in path {
                if bytes[i] == .slash { break }
                if bytes[i] == UInt8(ascii: ":") { return nil }
            }
        }

        if position < count, bytes[position] == .questionMark {
            guard let (end, _) = scanPart(bytes, from: position + 1, allowed: .query, table) else {
                return nil
            }
            (queryStart, queryEnd) = (Int32(truncatingIfNeeded: position + 1), Int32(truncatingIfNeeded: end))
            position = end
        }

        if position < count, bytes[position] == .hash {
            // A second "#" is not allowed: the fast path gives up at it (Foundation encodes it).
            guard let (end, classes) = scanPart(bytes, from: position + 1, allowed: .query, table),
                end == count
            else {
                return nil
            }
            if classes & CharacterClass.escapeBit != 0 { seen.insert(.escape) }
            if classes & CharacterClass.plusBit != 0 { seen.insert(.plus) }
            (fragmentStart, fragmentEnd) = (
                Int32(truncatingIfNeeded: position + 1), Int32(truncatingIfNeeded: end)
            )
        }
        let (pathLower, pathUpper) = (
            Int32(truncatingIfNeeded: path.lowerBound), Int32(truncatingIfNeeded: path.upperBound)
        )
        return Offsets(
            bounds: (
                schemeEnd, hostStart, hostEnd, pathLower, pathUpper, queryStart, queryEnd, fragmentStart,
                fragmentEnd
            ),
            seen: seen)
    }

    /// Whether a label of the host starts with the IDNA prefix `xn--` (ASCII case ignored).
    private static func hasPunycodeLabel(_ bytes: UnsafeBufferPointer<UInt8>, _ host: Range<Int>) -> Bool {
        var labelStart = host.lowerBound
        while labelStart + 4 <= host.upperBound {
            if bytes[labelStart] | 0x20 == UInt8(ascii: "x"),
                bytes[labelStart + 1] | 0x20 == UInt8(ascii: "n"),
                bytes[labelStart + 2] == UInt8(ascii: "-"), bytes[labelStart + 3] == UInt8(ascii: "-")
            {
                return true
            }
            guard let dot = bytes[labelStart..<host.upperBound].firstIndex(of: .dot) else { return false }
            labelStart = dot + 1
        }
        return false
    }

    /// Scans from `start` to the first byte that ends the part ("/", "?" or "#" for a host; "?" or
    /// "#" for a path; "#" for a query or fragment). Returns its offset and the classes of its
    /// bytes or'ed together (``CharacterClass/escapeBit`` for an escape), or `nil` when a byte is
    /// not allowed or a `%` does not start a two-hex-digit escape.
    @inline(__always)
    private static func scanPart(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, allowed: CharacterClass,
        _ table: UnsafeBufferPointer<UInt16>
    ) -> (end: Int, classes: UInt16)? {
        var index = start
        var seen: UInt16 = 0
        let plain = allowed.plainBit
        while true {
            // Two plain bytes at a time, the common run of a part.
            while index &+ 1 < bytes.count,
                table[Int(bytes[index])] & table[Int(bytes[index &+ 1])] & plain != 0
            {
                index &+= 2
            }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            // One load per byte: the byte's classes, a bit each (see `CharacterClass.table`).
            let classes = table[Int(byte)]
            // Most bytes are allowed and carry no fact to note: the shortest loop.
            if classes & plain != 0 {
                index &+= 1
                continue
            }
            if classes & allowed.bit != 0 {
                seen |= classes
                index &+= 1
            } else if byte == .percent {
                guard PercentDecoding.isEscape(bytes, at: index) else { return nil }
                seen |= CharacterClass.escapeBit
                index += 3
            } else if classes & allowed.endBit != 0 {
                return (index, seen)
            } else {
                return nil
            }
        }
        return (index, seen)
    }
}

/// How a path begins and ends (`/`, `//`, a trailing `/`): what its region depends on besides
/// its bounds (``RouteRequest``'s path rule).
struct PathSlashes {
    var leading = false
    var leadingTwo = false
    var trailing = false

    @inline(__always)
    init(leading: Bool, leadingTwo: Bool, trailing: Bool) {
        self.leading = leading
        self.leadingTwo = leadingTwo
        self.trailing = trailing
    }

    /// Read from the bytes of `path`.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ path: Range<Int>) {
        guard !path.isEmpty else { return }
        leading = bytes[path.lowerBound] == .slash
        leadingTwo = leading && path.count > 1 && bytes[path.lowerBound + 1] == .slash
        trailing = bytes[path.upperBound - 1] == .slash
    }
}

/// The RFC 3986 character classes that the fast path accepts, as bit masks over ASCII, and as
/// one table of bits over all bytes for the scan.
private struct CharacterClass {
    /// Bits for the bytes 0–63 and 64–127.
    let low: UInt64
    let high: UInt64
    /// The delimiters that end the part.
    let delimiters: UInt64
    /// This class's bit in ``table`` (host 1, path 2, query 4).
    let bit: UInt16

    // Constant masks (bit n set: byte n is in the class), so these need no run-time initialization.
    // "#" is byte 35, "/" byte 47, "?" byte 63.

    /// reg-name: unreserved / sub-delims (and pct-encoded); ends at "/", "?" or "#".
    static let host = CharacterClass(
        low: 0x2BFF_7FD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFE, delimiters: 1 << 35 | 1 << 47 | 1 << 63,
        bit: 1)
    /// pchar / "/"; ends at "?" or "#".
    static let path = CharacterClass(
        low: 0x2FFF_FFD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFF, delimiters: 1 << 35 | 1 << 63, bit: 2)
    /// pchar / "/" / "?" (query and fragment); ends at "#".
    static let query = CharacterClass(
        low: 0xAFFF_FFD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFF, delimiters: 1 << 35, bit: 4)

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low >> UInt64(byte) & 1 != 0 : byte < 128 && high >> UInt64(byte - 64) & 1 != 0
    }

    /// Whether `byte` ends the part (all delimiters are below 64).
    @inline(__always)
    func ends(at byte: UInt8) -> Bool {
        byte < 64 && delimiters >> UInt64(byte) & 1 != 0
    }

    /// The bit of the delimiters in ``table``.
    var endBit: UInt16 { bit << 3 }

    /// The bit in ``table`` of the bytes this class allows that carry none of the bits below
    /// (a `.`, a capital letter, an `x`, a `+`): the scan has nothing to note for them.
    var plainBit: UInt16 { bit << 11 }

    /// The bit of ``table`` for a `.` or an ASCII capital letter: what makes a host other than
    /// a plain segment name.
    static let detailBit: UInt16 = 1 << 6
    /// The bit the scan sets for an escape (no byte has it in ``table``).
    static let escapeBit: UInt16 = 1 << 7
    /// The bit of ``table`` for the characters of a scheme after its first.
    static let schemeBit: UInt16 = 1 << 8
    /// The bit of ``table`` for `x` and `X`, which a punycode label starts with.
    static let xBit: UInt16 = 1 << 9
    /// The bit of ``table`` for `+`.
    static let plusBit: UInt16 = 1 << 10

    /// For each byte, the classes that allow it and the classes it ends, one bit each, and the
    /// bits above: the scan reads one entry per byte instead of testing the masks.
    static let table: [UInt16] = (0..<256).map { value in
        let byte = UInt8(value)
        var classes: UInt16 = 0
        if byte == .dot || byte.isASCIICapital { classes |= detailBit }
        if Scheme.isSchemeByte(byte) { classes |= schemeBit }
        if byte | 0x20 == UInt8(ascii: "x") { classes |= xBit }
        if byte == .plus { classes |= plusBit }
        let isPlain = classes & (detailBit | xBit | plusBit) == 0
        for part in [host, path, query] {
            if part.contains(byte) { classes |= isPlain ? part.bit | part.plainBit : part.bit }
            if part.ends(at: byte) { classes |= part.endBit }
        }
        return classes
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
            || byte == UInt8(ascii: "#")
    }
}
