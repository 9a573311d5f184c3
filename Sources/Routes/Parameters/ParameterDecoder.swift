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
        // One body, reached through `any Decodable.Type`, serves every type decoded. It is
        // given `Value.self`, the type named where `decode` is called, not a subclass that
        // `type` may hold: what it returns is a `Value`.
        try ParameterDecoding.decode(Value.self, parameters: self) as! Value
    }
}

extension RouteParameters {
    /// The parameters decoded as a ``TypedRoute`` decodes them: as ``decode(_:)``, except that a
    /// property named for one of `groupCaptures` (captures that some expansions of the type's
    /// pattern lack) has no value where the matched expansion lacks its capture, whatever the
    /// query holds. An extra parameter still stands in for it, as for any route value.
    func decode(_ type: any Decodable.Type, groupCaptures: [String]) throws -> Any {
        try ParameterDecoding.decode(
            type, source: KeyedSource(parameters: self, groupCaptures: groupCaptures))
    }

    /// Decodes `values` (texts and arrays of texts, as routing reads them) as `type`: the reading
    /// of a printed value that the registration of a ``TypedRoute`` checks.
    static func decode(_ type: any Decodable.Type, values: [String: Any]) throws -> Any {
        try ParameterDecoding.decode(type, source: KeyedSource(values: values))
    }
}

extension KeyRecorder {
    /// Runs `type.init(from:)` against the parameter decoder over the recorder's values, and
    /// gives the value it made.
    func run(_ type: any Decodable.Type) throws -> Any {
        try ParameterDecoding.decode(type, source: KeyedSource(recorder: self))
    }
}

/// Values by key: the parameters, a dictionary given as an extra parameter, or a
/// ``KeyRecorder``'s.
private final class KeyedSource {
    /// The parameters, each value read by name; `nil` when ``values`` holds every value.
    private let parameters: RouteParameters?
    /// Every value, when ``parameters`` and ``recorder`` are `nil`.
    private let values: [String: Any]
    /// The recorder that answers every key; `nil` for parameters.
    let recorder: KeyRecorder?

    /// The names that have no value, whatever the query holds: captures of a typed route's
    /// pattern that the matched expansion lacks (and no extra parameter gives).
    private let uncaptured: [String]

    /// The values of `parameters`. A pattern of many values reads them all in one pass (a read
    /// by name cuts the URL again). Of `groupCaptures`, those that the matched expansion lacks
    /// have no value, unless an extra parameter gives one.
    init(parameters: RouteParameters, groupCaptures: [String] = []) {
        if parameters.matched.keepsPositions {
            self.parameters = parameters
            self.values = [:]
        } else {
            self.parameters = nil
            self.values = parameters.dictionary
        }
        self.recorder = nil
        // Most patterns have no optional group: nothing to compute.
        if groupCaptures.isEmpty {
            self.uncaptured = []
        } else {
            let matched = parameters.matched
            let extra = parameters.extra
            self.uncaptured = groupCaptures.filter {
                matched.parameterIndex(of: $0) == nil && $0 != matched.wildcardName && extra[$0] == nil
            }
        }
    }

    /// The values of a dictionary.
    init(values: [String: Any]) {
        self.parameters = nil
        self.values = values
        self.recorder = nil
        self.uncaptured = []
    }

    /// The values of a recorder: every key is there (no key is listed).
    init(recorder: KeyRecorder) {
        self.parameters = nil
        self.values = [:]
        self.recorder = recorder
        self.uncaptured = []
    }

    /// Every key.
    var keys: [String] {
        let keys = (parameters?.dictionary ?? values).keys
        return uncaptured.isEmpty ? Array(keys) : keys.filter { !uncaptured.contains($0) }
    }

    /// The value under `key`, `Optional`s unwrapped: `nil` when missing.
    func value(_ key: String) -> Any? {
        if let recorder { return recorder.value(forKey: key) }
        if !uncaptured.isEmpty, uncaptured.contains(key) { return nil }
        let value = if let parameters { parameters[key] } else { values[key] }
        return value.flatMap(ParameterText.unwrapped)
    }
}

/// A `Decoder` over the parameters or a dictionary (``source``, keyed), or over one value (an
/// element, or a property's value); it is its own single-value container.
private final class ParameterDecoder: Decoder, SingleValueDecodingContainer {
    /// The values by key; `nil` for one value.
    let source: KeyedSource?
    /// The one value, when ``source`` is `nil`.
    let value: Any?
    /// Whether the type decoded from ``value`` is a `Dictionary`, which is no list.
    let decodesDictionary: Bool
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(source: KeyedSource, codingPath: [any CodingKey]) {
        self.source = source
        self.value = nil
        self.decodesDictionary = false
        self.codingPath = codingPath
    }

    /// The decoder of `value` as `type` (a type's own `init(from:)` asks it for a container).
    init(value: Any?, as type: Any.Type = Any.self, codingPath: [any CodingKey]) {
        self.source = nil
        self.value = value
        self.decodesDictionary = type is any DictionaryValue.Type
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedContainer<Key>(decoder: try keyed()))
    }

    /// A decoder over values by key: this one, or one over its value when it is a dictionary.
    private func keyed() throws -> ParameterDecoder {
        if source != nil { return self }
        if let recorded = value as? RecordedValue { throw recorded.nestedValue() }
        guard let values = value as? [String: Any] else {
            throw ParameterDecoding.mismatch([String: Any].self, value, codingPath)
        }
        return ParameterDecoder(source: KeyedSource(values: values), codingPath: codingPath)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkValue([Any].self)
        let recorded = value.flatMap(ParameterText.unwrapped) as? RecordedValue
        // A dictionary whose keys are not text asks for a flat list of keys and values, which
        // repeated query items would hold: it is a nested value all the same.
        if decodesDictionary {
            if let recorded { throw recorded.nestedValue() }
            throw ParameterDecoding.mismatch([String: Any].self, value, codingPath)
        }
        recorded?.recordList()
        return UnkeyedContainer(
            elements: ParameterDecoding.elements(of: value), isRecorded: recorded != nil,
            codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try checkValue(Any.self)
        return self
    }

    /// Throws for the parameters, which are no value of `type`; while a type's keys are
    /// recorded, the recording stops there.
    private func checkValue(_ type: Any.Type) throws {
        guard let source else { return }
        if source.recorder != nil { throw NoPlaceholder() }
        throw ParameterDecoding.mismatch(type, "the parameters", codingPath)
    }

    func decodeNil() -> Bool { value.flatMap(ParameterText.unwrapped) == nil }

    /// The standard library's overloads for each standard type call this one, left unspecialized.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try ParameterDecoding.decode(type, from: value, codingPath: codingPath)
    }
}

/// The conversions shared by the containers.
private enum ParameterDecoding {
    /// `value` as a `Value`: itself when it already is one; converted from its text for the kinds
    /// that ``ParameterText`` reads; else through `Value`'s own `init(from:)`, which asks for a
    /// container (an enum asks for its raw value, an array for its elements).
    ///
    /// Cold, and left unspecialized: one copy serves every type the containers are asked for
    /// (the standard library's overloads for each integer width among them). Its work is done
    /// through `any Decodable.Type`, and what that returns is a `Value`.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    static func decode<Value: Decodable>(_ type: Value.Type, from value: Any?, codingPath: [any CodingKey])
        throws -> Value
    {
        try anyDecode(type, from: value, codingPath: codingPath) as! Value
    }

    /// The parameters decoded as `type`, for ``RouteParameters/decode(_:)``.
    @inline(never)
    static func decode(_ type: any Decodable.Type, parameters: RouteParameters) throws -> Any {
        try decode(type, source: KeyedSource(parameters: parameters))
    }

    /// The values of `source` decoded as `type`.
    @inline(never)
    static func decode(_ type: any Decodable.Type, source: KeyedSource) throws -> Any {
        try type.init(from: ParameterDecoder(source: source, codingPath: []))
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
        if let recorded = value as? RecordedValue {
            return try recorded.placeholder(type) {
                try Value(from: ParameterDecoder(value: recorded, as: type, codingPath: codingPath))
            }
        }
        if let value = value as? Value { return value }
        if ParameterText.isReadAsText(type) {
            guard let text = ParameterText.firstText(of: value) else {
                throw mismatch(type, value, codingPath)
            }
            guard let converted = ParameterText.value(text, as: type) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Cannot read \"\(text)\" as \(type)."))
            }
            return converted
        }
        return try Value(from: ParameterDecoder(value: value, as: type, codingPath: codingPath))
    }

    /// The elements of an array value; a single value is a one-element array; a recorded value
    /// has none.
    static func elements(of value: Any?) -> [Any] {
        switch value.flatMap(ParameterText.unwrapped) {
        case nil, is RecordedValue: return []
        case let array as [Any]: return array
        case let value?: return [value]
        }
    }

    /// The error of a value of another shape than `type`. Out of line: the error paths share it.
    @inline(never)
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

// The containers implement only the generic `decode`: the standard library's overloads for each
// standard type call it.

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The decoder over the values by key.
    let decoder: ParameterDecoder

    private var source: KeyedSource { decoder.source! }
    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { source.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { source.value(key.stringValue) != nil }

    /// Whether the value under `key` is `nil`: missing, or recorded (a type asks this where it
    /// accepts `nil`).
    func decodeNil(forKey key: Key) throws -> Bool {
        let value = source.value(key.stringValue)
        return value == nil || value is RecordedValue
    }

    /// The standard library's overloads for each standard type call this one, left unspecialized.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try ParameterDecoding.decode(type, from: value(forKey: key), codingPath: codingPath + [key])
    }

    /// The value under `key`, `nil` when missing. While a type's keys are recorded, the property
    /// is `nil` and its type is probed (``RecordedValue/probe(_:)``): a list is then recorded.
    /// (The standard library's overloads for the standard types, none of them a list, answer
    /// through ``decodeNil(forKey:)``.)
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        guard let value = source.value(key.stringValue) else { return nil }
        if let recorded = value as? RecordedValue {
            recorded.probe {
                _ = try ParameterDecoding.decode(type, from: recorded, codingPath: codingPath + [key])
            }
            return nil
        }
        return try ParameterDecoding.decode(type, from: value, codingPath: codingPath + [key])
    }

    /// The value under `key`; an error when there is none.
    private func value(forKey key: any CodingKey) throws -> Any {
        guard let value = source.value(key.stringValue) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath, debugDescription: "No value for the key \"\(key.stringValue)\"."))
        }
        return value
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder(forKey: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(forKey: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        // A recorded type's superclass has no key to record: the recording stops.
        if source.recorder != nil { throw NoPlaceholder() }
        return decoder(forKey: ParameterKey(stringValue: "super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { decoder(forKey: key) }

    private func decoder(forKey key: any CodingKey) -> ParameterDecoder {
        ParameterDecoder(value: source.value(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [Any]
    /// Whether the array is a ``RecordedValue``: it has no elements, and reading one stops the
    /// recording.
    let isRecorded: Bool
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [Any], isRecorded: Bool = false, codingPath: [any CodingKey]) {
        self.elements = elements
        self.isRecorded = isRecorded
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard ParameterText.unwrapped(try next(Any?.self)) == nil else { return false }
        currentIndex += 1
        return true
    }

    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let value = try ParameterDecoding.decode(type, from: next(type), codingPath: path)
        currentIndex += 1
        return value
    }

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
    private func next(_ type: Any.Type) throws -> Any {
        guard !isAtEnd else {
            if isRecorded { throw NoPlaceholder() }
            throw DecodingError.valueNotFound(
                type,
                .init(codingPath: path, debugDescription: "No element left: the array has \(elements.count).")
            )
        }
        return elements[currentIndex]
    }

    private mutating func nextDecoder() throws -> ParameterDecoder {
        let decoder = ParameterDecoder(value: try next(Any.self), codingPath: path)
        currentIndex += 1
        return decoder
    }
}
