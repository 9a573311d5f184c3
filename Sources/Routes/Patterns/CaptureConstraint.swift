import Foundation

/// What a braces capture accepts (the "Pattern syntax" article, *Extended patterns*): a type
/// (`{id:int}`), allowed values (`{tab:posts|likes}`) or a type the app registered by name.
///
/// A constraint reads the value as the typed accessors do — percent-decoded, `+` as a space
/// when the table decodes plus symbols — so `{id:int}` matches exactly when `params.int("id")`
/// would give a number.
package enum CaptureConstraint: Sendable {
    case int
    case uint
    case double
    case bool
    case uuid
    /// One of these values, compared byte for byte.
    case oneOf([String])
    /// A type the app registered with ``Router/addParameterType(_:accepts:)``.
    case custom(name: String, accepts: @Sendable (String) -> Bool)

    /// The constraint a type name stands for, among the built-in ones and `custom`.
    static func named(_ name: Substring, custom: [String: @Sendable (String) -> Bool]) -> CaptureConstraint? {
        switch name {
        case "int": return .int
        case "uint": return .uint
        case "double": return .double
        case "bool": return .bool
        case "uuid": return .uuid
        default: return custom[String(name)].map { .custom(name: String(name), accepts: $0) }
        }
    }

    /// Whether the raw capture (bytes of the URL, escapes included) is accepted once decoded.
    func accepts(_ raw: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> Bool {
        let needsDecoding = raw.contains { $0 == .percent || (plusAsSpace && $0 == .plus) }
        guard needsDecoding else { return accepts(decoded: raw) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { output in
            guard let count = PercentDecoding.decode(raw, into: output, plusAsSpace: plusAsSpace) else {
                return accepts(decoded: raw)  // an undecodable escape is read as written
            }
            return accepts(decoded: UnsafeBufferPointer(rebasing: output[..<count]))
        }
    }

    private func accepts(decoded: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .int:
            return ParameterText.int(fromDigits: decoded, plusIsSpace: false) != nil
                || Int(text(decoded)) != nil
        case .uint: return UInt(text(decoded)) != nil
        case .double: return Double(text(decoded)) != nil
        case .bool: return ParameterText.bool(text(decoded)) != nil
        case .uuid: return decoded.count == 36 && UUID(uuidString: text(decoded)) != nil
        case .oneOf(let values): return values.contains { $0.utf8.elementsEqual(decoded) }
        case .custom(_, let accepts): return accepts(text(decoded))
        }
    }

    private func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The constraint as written after the name's colon (`int`, `posts|likes`).
    package var written: String {
        switch self {
        case .int: return "int"
        case .uint: return "uint"
        case .double: return "double"
        case .bool: return "bool"
        case .uuid: return "uuid"
        case .oneOf(let values): return values.joined(separator: "|")
        case .custom(let name, _): return name
        }
    }
}
