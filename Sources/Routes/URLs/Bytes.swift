extension String {
    /// Calls `body` with the string's UTF-8 bytes, in place (no copy, no retain) for a native
    /// string, which every string the router sees is once it is a URL; a bridged one is copied.
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}

extension String {
    /// `self` with ASCII letters lowercased and everything else as it is. Schemes and hosts are
    /// compared this way: a Unicode fold would let "\u{212A}" (the Kelvin sign) pass for "k".
    func asciiLowercased() -> String {
        String(decoding: utf8.map(\.asciiLowercased), as: UTF8.self)
    }
}

extension UInt8 {
    /// The byte with an ASCII capital letter lowercased.
    var asciiLowercased: UInt8 {
        self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") ? self | 0x20 : self
    }
}
