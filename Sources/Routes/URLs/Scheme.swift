/// The one rule for URL schemes (RFC 3986): what a scheme may be, and how schemes compare.
///
/// Schemes compare ignoring ASCII case only: a Unicode fold would let "\u{212A}" (the Kelvin
/// sign) pass for "k". The `routes` tool uses the same rule through `@_spi(Tooling)`.
@_spi(Tooling) public enum Scheme {
    /// The scheme's table key: ASCII letters lowercased, every other character kept.
    @_spi(Tooling) public static func key(_ text: String) -> String {
        text.asciiLowercased()
    }

    /// Whether `text` is a scheme: a letter, then letters, digits, `+`, `-` or `.`.
    @_spi(Tooling) public static func isValid(_ text: String) -> Bool {
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.dropFirst().allSatisfy(isSchemeByte)
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
