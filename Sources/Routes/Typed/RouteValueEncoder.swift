import Foundation

/// Turns a ``TypedRoute`` value into the parameters of URL building: each property's key with
/// its text (`String`) or texts (`[String]`, an array: a repeated query item). Texts are written
/// as the parameter decoder reads them back: the kinds it reads from text
/// (``ParameterText/isReadAsText(_:)``: `String`, `Bool` as `true`/`false`, numbers by their
/// `description`, `UUID`, `URL`) by their text, every other type through its own `encode(to:)`,
/// as it decodes through its own `init(from:)` (an enum writes its raw value, or what its own
/// `Codable` conformance writes). A `nil` property is left out; a nested value (a struct, a
/// dictionary whatever its keys, an array of arrays) is refused, naming its key.
enum RouteValueEncoder {
    /// The parameters of `value`, or why it has none (an error about `pattern`).
    /// (`any Encodable`, not generic: one body serves every route type.)
    static func parameters(of value: any Encodable, pattern: String) throws(URLBuildingError) -> [String:
        Any]
    {
        let storage = Storage()
        do {
            try value.encode(to: ValueEncoder(storage: storage))
        } catch let failure as Failure {
            storage.fail(failure.reason)
        } catch {
            storage.fail(.notEncoded(String(describing: error)))
        }
        if let failure = storage.failure { throw URLBuildingError(pattern: pattern, reason: failure) }
        return storage.values
    }

    /// What the encoders found so far.
    fileprivate final class Storage {
        var values: [String: Any] = [:]
        /// The first refusal, for containers that cannot throw when they are made.
        var failure: URLBuildingError.Reason?

        func fail(_ reason: URLBuildingError.Reason) {
            if failure == nil { failure = reason }
        }
    }

    /// A refusal thrown through the value's own `encode(to:)`. (A class: copying it copies one
    /// reference, not the reason.)
    fileprivate final class Failure: Error {
        let reason: URLBuildingError.Reason

        init(reason: URLBuildingError.Reason) {
            self.reason = reason
        }
    }

    /// What one property's value writes: one text, or when `allowsElements` each element's (an
    /// array, a set); `nil` for `nil`. A value the decoder does not read from text writes what
    /// its `encode(to:)` writes (an enum, a `Date`, a wrapper type); a dictionary is refused.
    /// (`any Encodable`, not generic: one body serves the properties and elements of every type,
    /// rather than one specialization per type a container is handed.)
    /// What it returns is a parameter: a `String`, or a `[String]`.
    @inline(never)
    fileprivate static func written(_ value: any Encodable, key: String, allowsElements: Bool) throws
        -> Any?
    {
        guard let unwrapped = ParameterText.unwrapped(value) else { return nil }
        if unwrapped is any DictionaryValue { throw Failure(reason: .nestedValue(key: key)) }
        if ParameterText.isReadAsText(type(of: unwrapped)), let text = ParameterText.text(of: unwrapped) {
            return text
        }
        let encoder = ValueEncoder(key: key, allowsElements: allowsElements)
        try value.encode(to: encoder)
        if let reason = encoder.refusal { throw Failure(reason: reason) }
        return encoder.written
    }

    /// The text of one value that is no array (an element), as ``written(_:key:allowsElements:)``
    /// finds it.
    fileprivate static func text(of value: any Encodable, key: String) throws -> String? {
        try written(value, key: key, allowsElements: false) as? String
    }
}

/// A key made by the encoder, for coding paths.
private struct PropertyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// The keyed container of the value itself (its properties, when its encoder has the
/// ``ValueEncoder/storage``), or of a property's value: a nested value, where every write is
/// refused, naming the property.
private struct PropertiesContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    /// Where the properties go; an error when this container is a nested value's.
    private func storage() throws -> RouteValueEncoder.Storage {
        guard let storage = encoder.storage else {
            throw RouteValueEncoder.Failure(reason: .nestedValue(key: encoder.key))
        }
        return storage
    }

    mutating func encodeNil(forKey key: Key) throws {
        try storage().values[key.stringValue] = nil
    }

    /// The standard library's overloads for each standard type call this one, left unspecialized.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try storage().values[key.stringValue] = try RouteValueEncoder.written(
            value, key: key.stringValue, allowsElements: true)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        guard let storage = encoder.storage else {
            return KeyedEncodingContainer(PropertiesContainer<NestedKey>(encoder: encoder))
        }
        storage.fail(.nestedValue(key: key.stringValue))
        return KeyedEncodingContainer(
            PropertiesContainer<NestedKey>(encoder: ValueEncoder(key: key.stringValue, allowsElements: false))
        )
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        guard let storage = encoder.storage else {
            return ElementsContainer(encoder: ValueEncoder(key: encoder.key, allowsElements: false))
        }
        // The elements written here are the property's texts, stored as they come.
        storage.values[key.stringValue] = [String]()
        return ElementsContainer(
            encoder: ValueEncoder(key: key.stringValue, allowsElements: true), storage: storage)
    }

    mutating func superEncoder() -> any Encoder {
        guard let storage = encoder.storage else {
            return ValueEncoder(key: encoder.key, allowsElements: false)
        }
        storage.fail(.notEncoded("a typed route cannot encode a superclass"))
        return ValueEncoder(key: "super", allowsElements: false)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        guard let storage = encoder.storage else {
            return ValueEncoder(key: encoder.key, allowsElements: false)
        }
        storage.fail(.nestedValue(key: key.stringValue))
        return ValueEncoder(key: key.stringValue, allowsElements: false)
    }
}

/// The encoder of the value itself (``storage``: its properties, in a keyed container), or of
/// one property's value that has no text of its own: a single value (its text) or, when
/// `allowsElements`, an array (each element's text). A keyed container, or an array where none
/// is allowed, is a nested value: ``refusal``. It is its own single-value container.
private final class ValueEncoder: Encoder, SingleValueEncodingContainer {
    let key: String
    let allowsElements: Bool
    /// Where the properties of the value itself go; `nil` for a property's value.
    let storage: RouteValueEncoder.Storage?
    /// What the value wrote: its text (`String`) or its elements' (`[String]`).
    var written: Any?
    var refusal: URLBuildingError.Reason?
    var codingPath: [any CodingKey] { storage == nil ? [PropertyKey(stringValue: key)] : [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The encoder of a property's value. Out of line: the containers make one in many places.
    @inline(never)
    init(key: String, allowsElements: Bool) {
        self.key = key
        self.allowsElements = allowsElements
        self.storage = nil
    }

    /// The encoder of the value itself, whose properties go to `storage`.
    init(storage: RouteValueEncoder.Storage) {
        self.key = ""
        self.allowsElements = false
        self.storage = storage
    }

    func container<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        if storage == nil { refusal = .nestedValue(key: key) }
        return KeyedEncodingContainer(PropertiesContainer<NestedKey>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if let storage {
            storage.fail(.notEncoded("a typed route encodes keyed properties, not an array"))
            return ElementsContainer(encoder: ValueEncoder(key: "", allowsElements: true))
        }
        if allowsElements {
            if written == nil { written = [String]() }
        } else {
            refusal = .nestedValue(key: key)
        }
        return ElementsContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        if let storage {
            storage.fail(.notEncoded("a typed route encodes keyed properties, not a single value"))
            return ValueEncoder(key: "", allowsElements: false)
        }
        return self
    }

    /// A single value: nothing for `nil`.
    func encodeNil() throws {}

    /// A single value's text. The standard library's overloads for each standard type call this
    /// one, left unspecialized.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    func encode<Value: Encodable>(_ value: Value) throws {
        guard let text = try RouteValueEncoder.text(of: value, key: key) else { return }
        written = text
    }

    /// Adds an element's text.
    func append(_ text: String) {
        var texts = written as? [String] ?? []
        written = nil  // `texts` is then the only reference: appending does not copy
        texts.append(text)
        written = texts
    }
}

/// The elements of an array property: each one a value with a text; a `nil` element is left
/// out, as URL building leaves it out.
private struct ElementsContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder
    /// When the property's container made this one (`nestedUnkeyedContainer(forKey:)`), the
    /// storage that receives the texts as they come.
    var storage: RouteValueEncoder.Storage?
    private(set) var count = 0

    init(encoder: ValueEncoder, storage: RouteValueEncoder.Storage? = nil) {
        self.encoder = encoder
        self.storage = storage
    }

    var codingPath: [any CodingKey] { encoder.codingPath }

    private var refusal: RouteValueEncoder.Failure { .init(reason: .nestedValue(key: encoder.key)) }

    private mutating func append(_ text: String?) throws {
        guard encoder.allowsElements else { throw refusal }
        count += 1
        guard let text else { return }
        encoder.append(text)
        storage?.values[encoder.key] = encoder.written
    }

    mutating func encodeNil() throws { try append(nil) }

    /// The standard library's overloads for each standard type call this one, left unspecialized.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        guard encoder.allowsElements else { throw refusal }
        // An element is one value: an array inside an array is nested.
        try append(RouteValueEncoder.text(of: value, key: encoder.key))
    }

    /// An element that is a container: a nested value.
    private func refuseNested() {
        encoder.refusal = .nestedValue(key: encoder.key)
        storage?.fail(.nestedValue(key: encoder.key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        refuseNested()
        return KeyedEncodingContainer(PropertiesContainer<NestedKey>(encoder: encoder))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        refuseNested()
        return ElementsContainer(encoder: ValueEncoder(key: encoder.key, allowsElements: false))
    }

    mutating func superEncoder() -> any Encoder {
        refuseNested()
        return ValueEncoder(key: encoder.key, allowsElements: false)
    }
}
