/// The one rule for URL schemes (RFC 3986): what a scheme may be, how schemes compare, and where
/// a `scheme://` prefix ends.
///
/// Schemes compare ignoring ASCII case only: a Unicode fold would let "\u{212A}" (the Kelvin
/// sign) pass for "k". The `routes` tool uses the same rule through RoutesTesting's
/// `ToolSupport` (`@_spi(Tooling)`).
package enum Scheme {
    /// The scheme's table key: ASCII letters lowercased, every other character kept.
    package static func key(_ text: String) -> String {
        text.asciiLowercased()
    }

    /// Whether `text` is a scheme: a letter, then letters, digits, `+`, `-` or `.`.
    package static func isValid<Text: StringProtocol>(_ text: Text) -> Bool {
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.dropFirst().allSatisfy(isSchemeByte)
    }

    /// `text` cut after its `scheme://`: `("myapp", "user/:id")` for `myapp://user/:id`; `nil`
    /// when it does not start with a valid scheme followed by `://`.
    package static func split(_ text: Substring) -> (scheme: Substring, rest: Substring)? {
        guard let separator = text.range(of: "://"), isValid(text[..<separator.lowerBound]) else {
            return nil
        }
        return (text[..<separator.lowerBound], text[separator.upperBound...])
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// A byte of a scheme after its first: a letter, a digit, `+`, `-` or `.`.
    static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
