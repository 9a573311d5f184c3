/// Percent-decoding over UTF-8, without Foundation.
///
/// The rules match `removingPercentEncoding`: text whose escapes are malformed, or whose decoded
/// bytes are not valid UTF-8, cannot be decoded, and is kept as written. With `plusAsSpace`,
/// literal `+` characters become spaces *before* percent-decoding, so `%2B` always yields `+`.
package enum PercentDecoding {
    /// Decodes `bytes` into `output` (at least as large), `+` becoming a space first with
    /// `plusAsSpace`. Returns the decoded length, or `nil` when an escape is malformed or the
    /// result is not valid UTF-8.
    package static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>,
        plusAsSpace: Bool = false
    ) -> Int? {
        var count = 0
        var index = 0
        while index < bytes.count {
            var byte = bytes[index]
            if byte == .percent {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else { return nil }
                byte = high << 4 | low
                index += 2
            } else if plusAsSpace, byte == UInt8(ascii: "+") {
                byte = UInt8(ascii: " ")
            }
            output[count] = byte
            count += 1
            index += 1
        }
        return isValidUTF8(UnsafeBufferPointer(rebasing: output[..<count])) ? count : nil
    }

    /// Decodes `text` once, or returns it unchanged (after `+` decoding) when it cannot be decoded.
    package static func decodeOrKeep(_ text: Substring, plusAsSpace: Bool = false) -> String {
        if let decoded = text.utf8.withContiguousStorageIfAvailable({
            decodeOrKeep($0, plusAsSpace: plusAsSpace)
        }) {
            return decoded
        }
        return String(text).withBytes { decodeOrKeep($0, plusAsSpace: plusAsSpace) }
    }

    /// Decodes `bytes` once, or returns them unchanged (after `+` decoding) when they cannot be
    /// decoded: the rule for every value a handler reads.
    static func decodeOrKeep(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool = false) -> String {
        let needsWork = bytes.contains { $0 == .percent || (plusAsSpace && $0 == .plus) }
        guard needsWork else { return String(utf8: bytes) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { output in
            if let count = decode(bytes, into: output, plusAsSpace: plusAsSpace) {
                return String(utf8: UnsafeBufferPointer(rebasing: output[..<count]))
            }
            // Undecodable: kept as written, with `+` still read as a space.
            for (index, byte) in bytes.enumerated() {
                output[index] = plusAsSpace && byte == .plus ? .space : byte
            }
            return String(utf8: UnsafeBufferPointer(rebasing: output[..<bytes.count]))
        }
    }

    /// Whether a well-formed escape (`%` and two hexadecimal digits) starts at `index`.
    @inline(__always)
    package static func isEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index] == .percent && hexValue(bytes[index + 1]) != nil
            && hexValue(bytes[index + 2]) != nil
    }

    /// The value of one hexadecimal digit, or `nil`.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }

    /// Whether `bytes` are well-formed UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF).
    static func isValidUTF8<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var iterator = bytes.makeIterator()
        while let lead = iterator.next() {
            let continuationCount: Int
            var lowerBound: UInt8 = 0x80
            var upperBound: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: continue
            case 0xC2...0xDF: continuationCount = 1
            case 0xE0:
                continuationCount = 2
                lowerBound = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
            case 0xED:
                continuationCount = 2
                upperBound = 0x9F
            case 0xF0:
                continuationCount = 3
                lowerBound = 0x90
            case 0xF1...0xF3: continuationCount = 3
            case 0xF4:
                continuationCount = 3
                upperBound = 0x8F
            default: return false
            }
            for position in 0..<continuationCount {
                guard let next = iterator.next() else { return false }
                let low = position == 0 ? lowerBound : 0x80
                let high = position == 0 ? upperBound : 0xBF
                guard next >= low && next <= high else { return false }
            }
        }
        return true
    }
}
