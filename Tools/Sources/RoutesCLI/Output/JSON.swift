import Routes
@_spi(Tooling) import RoutesTesting

/// A JSON value, printed with two-space indentation and keys in the order given, the same on
/// every platform (`JSONEncoder`'s pretty printing differs between Linux and macOS).
enum JSON {
    case string(String)
    case number(Int)
    case bool(Bool)
    case null
    case array([JSON])
    case object([(key: String, value: JSON)])

    /// The text, without a final newline.
    func rendered(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .string(let string): return JSONText.quoted(string)
        case .number(let number): return String(number)
        case .bool(let bool): return bool ? "true" : "false"
        case .null: return "null"
        case .array(let values):
            guard !values.isEmpty else { return "[]" }
            let items = values.map { inner + $0.rendered(indent: inner) }
            return "[\n" + items.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let items = members.map {
                inner + JSONText.quoted($0.key) + ": " + $0.value.rendered(indent: inner)
            }
            return "{\n" + items.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }
}

extension JSON {
    /// `.string`, or `.null` for `nil`.
    init(_ string: String?) {
        self = string.map(JSON.string) ?? .null
    }
}
