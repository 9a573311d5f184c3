/// Byte-level helpers shared by URL reading and pattern parsing. URLs and patterns are read as
/// UTF-8 bytes: every delimiter of the routing rules (`/`, `?`, `#`, `&`, `=`, `%`) is ASCII.

/// A range of UTF-8 offsets (a plain struct: no generic metadata on the hot path).
struct ByteRange: Equatable {
    var lowerBound: Int
    var upperBound: Int

    init(_ range: Range<Int>) {
        lowerBound = range.lowerBound
        upperBound = range.upperBound
    }

    /// A range known to be well-formed (`lowerBound <= upperBound`), made without checking it.
    @inline(__always)
    init(uncheckedBounds lowerBound: Int, _ upperBound: Int) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    var range: Range<Int> { lowerBound..<upperBound }
    var count: Int { upperBound - lowerBound }
    var isEmpty: Bool { lowerBound == upperBound }
}

/// A `ByteRange?` kept as two `Int32` offsets, a negative lower bound standing for `nil`: the
/// form of the ranges that are copied with every request and match, so that those stay small.
/// Texts are under 2 GB (``URLParts`` keeps its offsets the same way).
struct PackedRange: Equatable {
    private var lower: Int32
    private var upper: Int32

    @inline(__always)
    init(_ range: ByteRange?) {
        guard let range else {
            (lower, upper) = (-1, -1)
            return
        }
        lower = Int32(truncatingIfNeeded: range.lowerBound)
        upper = Int32(truncatingIfNeeded: range.upperBound)
    }

    @inline(__always)
    var range: ByteRange? {
        lower < 0 ? nil : ByteRange(uncheckedBounds: Int(lower), Int(upper))
    }
}

extension UInt8 {
    static let slash = UInt8(ascii: "/")
    static let questionMark = UInt8(ascii: "?")
    static let ampersand = UInt8(ascii: "&")
    static let equals = UInt8(ascii: "=")
    package static let percent = UInt8(ascii: "%")
    static let dot = UInt8(ascii: ".")
    static let hash = UInt8(ascii: "#")
    static let plus = UInt8(ascii: "+")
    static let space = UInt8(ascii: " ")

    /// The byte with an ASCII capital letter lowercased.
    var asciiLowercased: UInt8 {
        isASCIICapital ? self | 0x20 : self
    }

    /// Whether the byte is an ASCII capital letter, `A` to `Z`.
    var isASCIICapital: Bool { self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") }
}

extension BidirectionalCollection where Element == UInt8 {
    /// The one slash rule of paths and patterns: without one leading and one trailing `/`.
    ///
    /// `"/a/b/"` → `"a/b"`, `"//"` → `""`, `"/"` → `""`.
    func trimmingOneSlash(leading: Bool = true, trailing: Bool = true) -> SubSequence {
        var trimmed = self[...]
        if leading, trimmed.first == .slash { trimmed = trimmed.dropFirst() }
        if trailing, trimmed.last == .slash { trimmed = trimmed.dropLast() }
        return trimmed
    }
}

extension String {
    /// The text of `bytes` read as UTF-8, ill-formed sequences repaired: `String(decoding:as:)`,
    /// made where the system has it by `String(unsafeUninitializedCapacity:initializingUTF8With:)`,
    /// which is cheaper for the short values routing reads (about 20 instructions a value).
    ///
    /// ```swift
    /// String(utf8: bytes)  // "42" for the bytes of "42"
    /// ```
    @inline(__always)
    init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if #available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *) {
            self.init(unsafeUninitializedCapacity: bytes.count) { buffer in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(bytes))
                return bytes.count
            }
        } else {
            self.init(decoding: bytes, as: UTF8.self)
        }
    }

    /// Calls `body` with the string's UTF-8 bytes, in place (no copy, no retain) for a native
    /// string, which every string the router sees is once it is a URL; a bridged one is copied.
    /// `body` is called from two places: `withUTF8` alone would need a mutable copy of the
    /// string, a retain and a release on every call, and a lookup makes several.
    @inline(__always)
    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }

    /// `self` with ASCII letters lowercased and everything else as it is. Schemes and hosts are
    /// compared this way: a Unicode fold would let "\u{212A}" (the Kelvin sign) pass for "k".
    package func asciiLowercased() -> String {
        String(decoding: utf8.map(\.asciiLowercased), as: UTF8.self)
    }
}

extension Substring {
    /// Without its first byte (an ASCII delimiter).
    func dropFirstByte() -> Substring { self[utf8.index(after: utf8.startIndex)...] }
    /// Without its last byte (an ASCII delimiter).
    func dropLastByte() -> Substring { self[..<utf8.index(before: utf8.endIndex)] }
}
