import Foundation

/// Typed access to parameters: a missing or unparsable value is `nil`, never a crash.
///
/// Every accessor reads the same text and converts it by the same rules, so `params.bool("debug")`,
/// `params.value("debug", as: Bool.self)` and `let debug: Bool? = params.value("debug")` always
/// agree:
///
/// - the text of a value is the `String` itself, the first element of a `[String]` (a repeated
///   query key), or, for an extra parameter of another type, its text as URL building writes it;
/// - `String`: the text; `Bool`: `true/false`, `1/0`, `yes/no`, ignoring case; `UUID`:
///   `UUID(uuidString:)`; `URL`: an absolute URL, with a scheme; `RawRepresentable` (enums with
///   `String` or integer raw values): the raw value read from the text, then `init(rawValue:)`;
///   any other `LosslessStringConvertible` type (integers of every width, `Double`, `Float`...):
///   its `init(_:)`;
/// - an extra parameter that already has the asked type is returned as it is.
///
/// URL building writes values by the inverse rules, so a value built into a URL reads back equal.
///
/// To get URLNavigator's typed placeholders (`<int:id>`), register `:id` and decline when the
/// value does not parse: the next matching route is then tried.
///
/// ```swift
/// router.default.add(pattern: "/post/:id") { params in
///     // not a number: let the next route try
///     guard let id = params.int("id") else { return false }
///     print("post", id)
///     return true
/// }
/// ```
extension RouteParameters {
    // `string(_:)`, the text every accessor converts, is in RouteParameters.swift.

    /// The value under `key` as an `Int`: `value(key, as: Int.self)`.
    ///
    /// ```swift
    /// params.int("id")  // 42 for "42", nil for "abc"
    /// ```
    public func int(_ key: String) -> Int? {
        if let number = routeInt(forKey: key) { return number }
        return read(key) { Int($0) }
    }

    /// The value under `key` as a `Double`: `value(key, as: Double.self)`.
    ///
    /// ```swift
    /// params.double("lat")  // 48.85
    /// ```
    public func double(_ key: String) -> Double? { read(key) { Double($0) } }

    /// The value under `key` as a `Bool` (`true/false`, `1/0`, `yes/no`, ignoring case):
    /// `value(key, as: Bool.self)`.
    ///
    /// ```swift
    /// params.bool("debug")  // true for ?debug=YES
    /// ```
    public func bool(_ key: String) -> Bool? { read(key, ParameterText.bool) }

    /// The value under `key` converted to a type, or `nil` when the key is missing or the text does
    /// not convert.
    ///
    /// `Value` is `String`, `Bool`, `UUID`, `URL`, an enum with `String` or integer raw values, or
    /// any `LosslessStringConvertible` type, converted from its text; an extra parameter of any
    /// type that already is a `Value` is returned as it is.
    ///
    /// ```swift
    /// enum Tab: String { case posts, likes }
    /// params.value("id", as: Int.self)        // 42
    /// params.value("tab", as: Tab.self)       // .posts
    /// params.value("debug", as: Bool.self)    // true for ?debug=yes
    /// params.value("session", as: UUID.self)
    /// let next: URL? = params.value("next")   // the type can be inferred
    /// ```
    public func value<Value>(_ key: String, as type: Value.Type = Value.self) -> Value? {
        // Neither a `String` nor a `[String]` casts to these kinds (a `String` is itself), so
        // their answer is the text's conversion: take the text directly.
        if ParameterText.isPlainTextKind(type), holdsText(forKey: key) {
            return string(key).flatMap { ParameterText.value($0, as: type) }
        }
        guard let raw = self[key] else { return nil }
        if let value = raw as? Value { return value }
        return ParameterText.firstText(of: raw).flatMap { ParameterText.value($0, as: type) }
    }

    /// `parse` applied to the text under `key`: the same answer as `value(key, as: Value.self)`
    /// when `parse` is the conversion ``ParameterText/value(_:as:)`` makes for `Value` (a kind of
    /// ``ParameterText/isPlainTextKind(_:)``), without going through `Any` for a route value or
    /// query text.
    @inline(__always)
    private func read<Value>(_ key: String, _ parse: (String) -> Value?) -> Value? {
        guard holdsText(forKey: key) else {
            // What `value(key, as: Value.self)` does with a value that may be no text: written
            // here rather than called, so that each accessor does not bring its own
            // specialization of it.
            guard let raw = self[key] else { return nil }
            if let value = raw as? Value { return value }
            return ParameterText.firstText(of: raw).flatMap(parse)
        }
        return string(key).flatMap(parse)
    }

    /// Every value under `key`, each converted to a type: a repeated query key, comma-separated
    /// text or an array.
    ///
    /// Every value under `key`, each converted as ``value(_:as:)`` converts: the values of a
    /// repeated query key (`?t=a&t=b`), the parts of comma-separated text (`?types=fire,water`),
    /// the elements of an array, or one value. `nil` if the key is missing or any element does not
    /// convert.
    ///
    /// ```swift
    /// enum Kind: String { case fire, water }
    /// params.values("types", as: String.self)  // ["fire", "water"]
    /// params.values("types", as: Kind.self)    // [.fire, .water]
    /// params.values("ids", as: Int.self)       // [1, 2, 3] for ?ids=1,2,3
    /// ```
    public func values<Value>(_ key: String, as type: Value.Type = Value.self) -> [Value]? {
        guard let raw = self[key] else { return nil }
        if let values = raw as? [Value] { return values }
        let texts: [String]
        if let text = raw as? String {
            texts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        } else if let value = raw as? Value {
            return [value]
        } else if let elements = ParameterText.texts(of: raw) {
            texts = elements
        } else {
            return nil
        }
        var result: [Value] = []
        result.reserveCapacity(texts.count)
        for text in texts {
            guard let value = ParameterText.value(text, as: type) else { return nil }
            result.append(value)
        }
        return result
    }
}
