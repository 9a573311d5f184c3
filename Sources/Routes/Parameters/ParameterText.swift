import Foundation

/// Values ↔ text: the one place that knows how a parameter's text reads as a typed value and how
/// a value is written as text. The typed accessors of ``RouteParameters``, the parameter decoder
/// and URL building all go through it, so that writing a value and reading it back agree.
///
/// | Kind | Reads | Writes |
/// | --- | --- | --- |
/// | `String` | the text | the text |
/// | `Bool` | `true/false`, `1/0`, `yes/no`, ignoring case | `true`, `false` |
/// | `UUID` | `UUID(uuidString:)` | `uuidString` |
/// | `URL` | an absolute URL with a scheme | `absoluteString` |
/// | `RawRepresentable` | its raw value's text, then `init(rawValue:)` | its raw value's text |
/// | `LosslessStringConvertible` (integers, floating point, ...) | `init(_:)` | `description` |
enum ParameterText {
    /// `true/false`, `1/0`, `yes/no`, ignoring case.
    static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: return nil
        }
    }

    /// An absolute URL: one with a scheme.
    static func url(_ text: String) -> URL? {
        guard let url = URL(string: text), url.scheme != nil else { return nil }
        return url
    }

    /// `text` read as a `Value`, by the rules of the table above; `nil` when it does not convert
    /// or when `Value` is none of those kinds.
    static func value<Value>(_ text: String, as type: Value.Type) -> Value? {
        // The frequent kinds first, without a conformance lookup.
        if Value.self == String.self { return text as? Value }
        if Value.self == Int.self { return Int(text) as? Value }
        if Value.self == Bool.self { return bool(text) as? Value }
        if Value.self == Double.self { return Double(text) as? Value }
        if Value.self == UUID.self { return UUID(uuidString: text) as? Value }
        if Value.self == URL.self { return url(text) as? Value }
        if let raw = type as? any RawRepresentable.Type { return rawRepresentable(raw, text) as? Value }
        if let lossless = type as? any LosslessStringConvertible.Type { return lossless.init(text) as? Value }
        return nil
    }

    /// Whether `type` is a kind that neither a `String` nor a `[String]` casts to, `String`
    /// aside: for these, a value that is text reads as the text's conversion.
    static func isPlainTextKind<Value>(_ type: Value.Type) -> Bool {
        type == String.self || type == Int.self || type == Bool.self || type == Double.self
            || type == UUID.self || type == URL.self
    }

    private static func rawRepresentable<Raw: RawRepresentable>(_ type: Raw.Type, _ text: String) -> Raw? {
        value(text, as: Raw.RawValue.self).flatMap(Raw.init(rawValue:))
    }

    /// The text of a value, the inverse of ``value(_:as:)``: `nil` for a value of another kind
    /// (and for `nil`). An `Optional` is unwrapped first.
    static func text(of value: Any) -> String? {
        guard let value = unwrapped(value) else { return nil }
        switch value {
        case let text as String: return text
        case let bool as Bool: return bool ? "true" : "false"
        case let uuid as UUID: return uuid.uuidString
        case let url as URL: return url.absoluteString
        case let raw as any RawRepresentable: return text(of: raw.rawValue)
        case let lossless as any LosslessStringConvertible: return lossless.description
        default: return nil
        }
    }

    /// Whether the parameter decoder reads a value of `type` from its text: `String`, `Bool`,
    /// `UUID`, `URL` and any `LosslessStringConvertible` type. Every other type decodes through its
    /// own `Decodable` conformance (an enum asks for its raw value), and a ``TypedRoute`` prints
    /// it through its `Encodable` conformance: either way, printing is the inverse of reading.
    static func isReadAsText(_ type: Any.Type) -> Bool {
        type == String.self || type == Bool.self || type == UUID.self || type == URL.self
            || type is any LosslessStringConvertible.Type
    }

    /// The text of a parameter's value as the accessors see it: a `String` as it is, the first
    /// element of an array, the text of another value, else its description.
    static func firstText(of value: Any?) -> String? {
        guard let value = value.flatMap(unwrapped) else { return nil }
        if let text = value as? String { return text }
        if let texts = value as? [String] { return texts.first }
        if let array = value as? [Any] { return array.lazy.compactMap(unwrapped).first.map(describe) }
        return describe(value)
    }

    /// Every element's text: each element of an array, or one value; `nil` for `nil`.
    static func texts(of value: Any?) -> [String]? {
        guard let value = value.flatMap(unwrapped) else { return nil }
        if let texts = value as? [String] { return texts }
        if let array = value as? [Any] { return array.compactMap(unwrapped).map(describe) }
        return [describe(value)]
    }

    private static func describe(_ value: Any) -> String {
        text(of: value) ?? String(describing: value)
    }

    /// The value inside any depth of `Optional`, or `nil`.
    static func unwrapped(_ value: Any) -> Any? {
        guard let optional = value as? any OptionalValue else { return value }
        return optional.wrappedValue.flatMap(unwrapped)
    }
}

/// A `Dictionary` seen through `Any`: a nested value, which a URL's flat values cannot hold,
/// whatever its keys (text keys make a keyed container, other keys a flat list of keys and
/// values that would print as repeated query items).
protocol DictionaryValue {}

extension Dictionary: DictionaryValue {}

/// An `Optional` seen through `Any`.
protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? {
        switch self {
        case .some(let value): return value
        case .none: return nil
        }
    }
}

extension ParameterText {
    /// `Int(String(decoding: bytes, as: UTF8.self))` for bytes that are an optional `+` or `-`
    /// and ASCII digits; `nil` for any other bytes (including a value too large, and a `+` that
    /// `plusIsSpace` makes a space), which the caller then parses as text.
    /// `TypedFastPathTests` checks the two agree.
    static func int(fromDigits bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool) -> Int? {
        var index = 0
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || (first == UInt8(ascii: "+") && !plusIsSpace)
        {
            negative = first == UInt8(ascii: "-")
            index = 1
        }
        guard index < bytes.count else { return nil }
        if bytes.count - index <= 18 {
            // At most 18 digits: below 10^18, the value cannot overflow (nor its negation).
            var magnitude = 0
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                magnitude = magnitude &* 10 &+ Int(digit)
                index &+= 1
            }
            return negative ? -magnitude : magnitude
        }
        var value = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative
                ? times10.subtractingReportingOverflow(Int(digit))
                : times10.addingReportingOverflow(Int(digit))
            guard !overflow, !overflow2 else { return nil }
            value = next
            index += 1
        }
        return value
    }
}
