import Foundation

/// Typed access to parameters: a missing or unparsable value is `nil`, never a crash.
///
/// To get URLNavigator's typed placeholders (`<int:id>`), register `:id` and decline when the
/// value does not parse: the next matching route is then tried.
///
/// ```swift
/// router.default.add(pattern: "/post/:id") { params in
///     guard let id = params.int("id") else { return false }  // not a number: next route
///     showPost(id)
///     return true
/// }
/// ```
extension RouteParameters {
    /// The value under `key` as text: a `String`, the first of a `[String]`, or the description
    /// of another value (an extra parameter).
    ///
    /// ```swift
    /// params.string("id")  // "42"
    /// ```
    public func string(_ key: String) -> String? {
        switch self[key] {
        case nil: return nil
        case let text as String: return text
        case let texts as [String]: return texts.first
        case let value?: return String(describing: value)
        }
    }

    /// The value under `key` as an `Int`.
    ///
    /// ```swift
    /// params.int("id")  // 42 for "42", nil for "abc"
    /// ```
    public func int(_ key: String) -> Int? { value(key, as: Int.self) }

    /// The value under `key` as a `Double`.
    ///
    /// ```swift
    /// params.double("lat")  // 48.85
    /// ```
    public func double(_ key: String) -> Double? { value(key, as: Double.self) }

    /// The value under `key` as a `Bool`: `true/false`, `1/0`, `yes/no`, ignoring case.
    ///
    /// ```swift
    /// params.bool("debug")  // true for ?debug=YES
    /// ```
    public func bool(_ key: String) -> Bool? { value(key, as: Bool.self) }

    /// The value under `key` as any `LosslessStringConvertible` type.
    ///
    /// ```swift
    /// params.value("id", as: Int.self)       // 42
    /// params.value("price", as: Decimal.self)
    /// ```
    public func value<Value: LosslessStringConvertible>(_ key: String, as type: Value.Type = Value.self)
        -> Value?
    {
        if let value = self[key] as? Value { return value }
        return string(key).flatMap(Value.init)
    }

    /// The value under `key` as an enum with `String` raw values.
    ///
    /// ```swift
    /// enum Tab: String { case posts, likes }
    /// params.value("tab", as: Tab.self)  // .posts
    /// ```
    public func value<Value: RawRepresentable>(_ key: String, as type: Value.Type = Value.self) -> Value?
    where Value.RawValue == String {
        if let value = self[key] as? Value { return value }
        return string(key).flatMap(Value.init(rawValue:))
    }

    /// The value under `key` as a `Bool`: `true/false`, `1/0`, `yes/no`, ignoring case.
    ///
    /// ```swift
    /// params.value("debug", as: Bool.self)  // true for "yes"
    /// ```
    public func value(_ key: String, as type: Bool.Type) -> Bool? {
        if let value = self[key] as? Bool { return value }
        return string(key).flatMap(RouteParameters.bool(from:))
    }

    /// The value under `key` as a `UUID`.
    ///
    /// ```swift
    /// params.value("id", as: UUID.self)
    /// ```
    public func value(_ key: String, as type: UUID.Type) -> UUID? {
        if let value = self[key] as? UUID { return value }
        return string(key).flatMap(UUID.init(uuidString:))
    }

    /// The value under `key` as a `URL` (an absolute URL with a scheme).
    ///
    /// ```swift
    /// params.value("next", as: URL.self)  // https://example.com for ?next=https%3A%2F%2Fexample.com
    /// ```
    public func value(_ key: String, as type: URL.Type) -> URL? {
        if let value = self[key] as? URL { return value }
        guard let text = string(key), let url = URL(string: text), url.scheme != nil else { return nil }
        return url
    }

    /// Every value under `key`: a repeated query key (`?t=a&t=b`) or comma-separated text
    /// (`?types=fire,water`), each converted; `nil` if the key is missing or any value fails.
    ///
    /// ```swift
    /// params.values("types", as: String.self)  // ["fire", "water"]
    /// params.values("ids", as: Int.self)       // [1, 2, 3] for ?ids=1,2,3
    /// ```
    public func values<Value: LosslessStringConvertible>(_ key: String, as type: Value.Type = Value.self)
        -> [Value]?
    {
        texts(key).flatMap { texts in texts.map(Value.init).allOrNil() }
    }

    /// Every value under `key` as enum cases.
    ///
    /// ```swift
    /// enum Kind: String { case fire, water }
    /// params.values("types", as: Kind.self)  // [.fire, .water]
    /// ```
    public func values<Value: RawRepresentable>(_ key: String, as type: Value.Type = Value.self) -> [Value]?
    where Value.RawValue == String {
        texts(key).flatMap { texts in texts.map(Value.init(rawValue:)).allOrNil() }
    }

    private func texts(_ key: String) -> [String]? {
        switch self[key] {
        case nil: return nil
        case let texts as [String]: return texts
        case let text as String:
            return text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        case let value?: return [String(describing: value)]
        }
    }

    private static func bool(from text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: return nil
        }
    }
}

extension Array {
    /// The unwrapped elements, or `nil` if any is `nil`.
    fileprivate func allOrNil<Wrapped>() -> [Wrapped]? where Element == Wrapped? {
        var result: [Wrapped] = []
        result.reserveCapacity(count)
        for element in self {
            guard let element else { return nil }
            result.append(element)
        }
        return result
    }
}
