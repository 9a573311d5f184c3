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
