import Foundation

extension RouteParameters {
    /// Decodes the parameters into a `Decodable` type, one property per key.
    ///
    /// The parameters decoded into a `Decodable` type, one property per key: route values, query
    /// values and extra parameters. Text converts as the typed accessors convert it (see
    /// ``value(_:as:)``); a repeated query key decodes as an array, and a single value as a
    /// one-element array; an optional property is `nil` when its key is missing; enums decode
    /// through their raw value. An extra parameter that already has the property's type is used as
    /// it is.
    ///
    /// ```swift
    /// enum Tab: String, Decodable { case posts, likes }
    /// struct UserLink: Decodable {
    ///     let id: Int
    ///     let tab: Tab?
    ///     let tags: [String]
    ///     let debug: Bool
    /// }
    ///
    /// router.default.add(pattern: "/user/:id") { params in
    ///     // myapp://user/42?tab=likes&tags=a&tags=b&debug=yes
    ///     guard let link = try? params.decode(UserLink.self) else { return false }
    ///     print(link)  // id 42, tab .likes, tags ["a", "b"], debug true
    ///     return true
    /// }
    /// ```
    ///
    /// - Throws: `DecodingError`: `.keyNotFound` for a missing key that is not optional,
    ///   `.dataCorrupted` for text that does not convert (its `codingPath` names the key, its
    ///   `debugDescription` the text), `.typeMismatch` for a value of another shape.
    public func decode<Value: Decodable>(_ type: Value.Type = Value.self) throws -> Value {
        // A pattern of many values reads them all in one pass (a read by name cuts the URL again).
        let all = matched.keepsPositions ? nil : dictionary
        let source =
            all.map { all in KeyedSource(keys: { Array(all.keys) }, lookup: { all[$0] }) }
            ?? KeyedSource(keys: { Array(dictionary.keys) }, lookup: { self[$0] })
        return try Value(from: ParameterDecoder(content: .keyed(source), codingPath: []))
    }
}

/// Values by key: the parameters, or a dictionary given as an extra parameter.
private struct KeyedSource {
    let keys: () -> [String]
    let lookup: (String) -> Any?

    /// The value under `key`, `Optional`s unwrapped: `nil` when missing.
    func value(_ key: String) -> Any? {
        lookup(key).flatMap(ParameterText.unwrapped)
    }
}

/// A `Decoder` over the parameters (keyed) or over one value (an element, or a property's value).
private struct ParameterDecoder: Decoder {
    enum Content {
        case keyed(KeyedSource)
        case value(Any?)
    }

    let content: Content
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch content {
        case .keyed(let source):
            return KeyedDecodingContainer(KeyedContainer<Key>(source: source, codingPath: codingPath))
        case .value(let value as [String: Any]):
            let source = KeyedSource(keys: { Array(value.keys) }, lookup: { value[$0] })
            return KeyedDecodingContainer(KeyedContainer<Key>(source: source, codingPath: codingPath))
        case .value(let value):
            throw ParameterDecoding.mismatch([String: Any].self, value, codingPath)
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .value(let value) = content else {
            throw ParameterDecoding.mismatch([Any].self, "the parameters", codingPath)
        }
        return UnkeyedContainer(elements: ParameterDecoding.elements(of: value), codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard case .value(let value) = content else {
            throw ParameterDecoding.mismatch(Any.self, "the parameters", codingPath)
        }
        return SingleValueContainer(value: value, codingPath: codingPath)
    }
}

/// The conversions shared by the containers.
private enum ParameterDecoding {
    /// `value` as a `Value`: itself when it already is one; converted from its text for the kinds
    /// that ``ParameterText`` reads; else through `Value`'s own `init(from:)`, which asks for a
    /// container (an enum asks for its raw value, an array for its elements).
    static func decode<Value: Decodable>(_ type: Value.Type, from value: Any?, codingPath: [any CodingKey])
        throws -> Value
    {
        // The body is reached through `any Decodable.Type`: one copy of it serves every type the
        // containers are asked for (their overloads for each integer width among them), not one
        // specialization per type. What it returns is a `Value`.
        try anyDecode(type, from: value, codingPath: codingPath) as! Value
    }

    /// ``decode(_:from:codingPath:)`` for a type known at run time.
    @inline(never)
    private static func anyDecode(_ type: any Decodable.Type, from value: Any?, codingPath: [any CodingKey])
        throws -> Any
    {
        try typedDecode(type, from: value, codingPath: codingPath)
    }

    private static func typedDecode<Value: Decodable>(
        _ type: Value.Type, from value: Any?, codingPath: [any CodingKey]
    ) throws -> Value {
        guard let value = value.flatMap(ParameterText.unwrapped) else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "Expected \(type) but found no value."))
        }
        if let value = value as? Value { return value }
        if readsText(type) {
            guard let text = ParameterText.firstText(of: value) else {
                throw mismatch(type, value, codingPath)
            }
            guard let converted = ParameterText.value(text, as: type) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Cannot read \"\(text)\" as \(type)."))
            }
            return converted
        }
        return try Value(from: ParameterDecoder(content: .value(value), codingPath: codingPath))
    }

    /// The kinds converted from text directly. Enums are not among them: they decode their raw
    /// value through their `Decodable` conformance.
    static func readsText(_ type: Any.Type) -> Bool {
        type == String.self || type == Bool.self || type == UUID.self || type == URL.self
            || type is any LosslessStringConvertible.Type
    }

    /// The elements of an array value; a single value is a one-element array.
    static func elements(of value: Any?) -> [Any?] {
        switch value.flatMap(ParameterText.unwrapped) {
        case nil: return []
        case let texts as [String]: return texts
        case let array as [Any]: return array
        case let value?: return [value]
        }
    }

    static func mismatch(_ type: Any.Type, _ value: Any?, _ codingPath: [any CodingKey]) -> DecodingError {
        let found = value.map { "\(Swift.type(of: $0)) \($0)" } ?? "nothing"
        return DecodingError.typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "Expected \(type) but found \(found)."))
    }
}

/// A key of a path: a parameter's name or an element's index.
private struct ParameterKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let source: KeyedSource
    let codingPath: [any CodingKey]

    var allKeys: [Key] { source.keys().compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { source.value(key.stringValue) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { source.value(key.stringValue) == nil }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try value(type, forKey: key)
    }

    private func value<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        guard let value = source.value(key.stringValue) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath, debugDescription: "No value for the key \"\(key.stringValue)\"."))
        }
        return try ParameterDecoding.decode(type, from: value, codingPath: codingPath + [key])
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, forKey: key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder(forKey: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(forKey: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder(forKey: ParameterKey(stringValue: "super")) }

    func superDecoder(forKey key: Key) throws -> any Decoder { decoder(forKey: key) }

    private func decoder(forKey key: any CodingKey) -> ParameterDecoder {
        ParameterDecoder(content: .value(source.value(key.stringValue)), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [Any?]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [Any?], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard try next(Any?.self).flatMap(ParameterText.unwrapped) == nil else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try value(type) }

    private mutating func value<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let value = try ParameterDecoding.decode(type, from: next(type), codingPath: path)
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try value(type) }
    mutating func decode(_ type: String.Type) throws -> String { try value(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try value(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try value(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try value(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try value(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try value(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try value(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try value(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try value(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try value(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try value(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try value(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try value(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try nextDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try nextDecoder().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try nextDecoder() }

    private var path: [any CodingKey] { codingPath + [ParameterKey(intValue: currentIndex)] }

    /// The current element; an error when there is none left.
    private func next(_ type: Any.Type) throws -> Any? {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(codingPath: path, debugDescription: "No element left: the array has \(elements.count).")
            )
        }
        return elements[currentIndex]
    }

    private mutating func nextDecoder() throws -> ParameterDecoder {
        let decoder = ParameterDecoder(content: .value(try next(Any.self)), codingPath: path)
        currentIndex += 1
        return decoder
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let value: Any?
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value.flatMap(ParameterText.unwrapped) == nil }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try convert(type) }

    private func convert<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try ParameterDecoding.decode(type, from: value, codingPath: codingPath)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try convert(type) }
    func decode(_ type: String.Type) throws -> String { try convert(type) }
    func decode(_ type: Double.Type) throws -> Double { try convert(type) }
    func decode(_ type: Float.Type) throws -> Float { try convert(type) }
    func decode(_ type: Int.Type) throws -> Int { try convert(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try convert(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try convert(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try convert(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try convert(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try convert(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try convert(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try convert(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try convert(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try convert(type) }
}
