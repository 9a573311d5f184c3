import Foundation

/// The keys a `Decodable` type asks for, found by running its `init(from:)` against a decoder
/// that records each key and answers it with a placeholder: `nil` where the type accepts one
/// (`decodeIfPresent`, an `Optional` property), else a value of the type (`0`, `"x"`, `true`, a
/// `UUID`, the first case of a `CaseIterable` enum, an empty array). When no placeholder fits
/// (an enum that is not `CaseIterable` and whose raw value is not `0` or `x`, a custom
/// `init(from:)` that refuses it), decoding stops there and the record is incomplete: the keys
/// after it are unknown.
struct KeyRecord {
    /// The keys asked for, in order, each once.
    var keys: [String] = []
    /// Whether `init(from:)` ran to its end: ``keys`` holds every key it asks for.
    var isComplete = true
    /// The first key whose value the type decodes as a keyed container (a nested value).
    var nestedKey: String?

    /// Runs `type.init(from:)` against the recording decoder.
    init(of type: any Decodable.Type) {
        let recorder = Recorder()
        do {
            _ = try type.init(from: RecordingDecoder(recorder: recorder, key: nil))
        } catch {
            recorder.record.isComplete = false
        }
        self = recorder.record
    }

    fileprivate init() {}
}

private final class Recorder {
    var record = KeyRecord()
    private var seen: Set<String> = []

    func asked(_ key: String) {
        if seen.insert(key).inserted { record.keys.append(key) }
    }
}

/// Thrown where no placeholder fits: the recording stops.
private struct NoPlaceholder: Error {}

/// The decoder of the value itself (`key` is `nil`: its properties are recorded) or of one
/// property's value (`key`: a keyed container there is a nested value). It is its own
/// single-value container: a placeholder of the type asked for.
private final class RecordingDecoder: Decoder, SingleValueDecodingContainer {
    let recorder: Recorder
    let key: String?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(recorder: Recorder, key: String?) {
        self.recorder = recorder
        self.key = key
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let key {
            if recorder.record.nestedKey == nil { recorder.record.nestedKey = key }
            throw NoPlaceholder()
        }
        return KeyedDecodingContainer(RecordingContainer<Key>(recorder: recorder))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard key != nil else { throw NoPlaceholder() }
        return EmptyElements()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard key != nil else { throw NoPlaceholder() }
        return self
    }

    func decodeNil() -> Bool { false }

    /// The standard library's overloads for each standard type call this one, left unspecialized.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        guard let key, let value = placeholder(type, key: key, recorder: recorder) else {
            throw NoPlaceholder()
        }
        return value
    }
}

/// A placeholder of `type` for the property `key`, or `nil` when none fits.
@_semantics("optimize.sil.specialize.generic.never")
private func placeholder<Value: Decodable>(_ type: Value.Type, key: String, recorder: Recorder) -> Value? {
    // The body is reached through `any Decodable.Type`: one copy of it serves every type the
    // containers are asked for (each integer width among them), not one specialization per type.
    // What it returns is a `Value` or `nil`.
    anyPlaceholder(type, key: key, recorder: recorder) as? Value
}

/// ``placeholder(_:key:recorder:)`` for a type known at run time.
@inline(never)
private func anyPlaceholder(_ type: any Decodable.Type, key: String, recorder: Recorder) -> Any? {
    typedPlaceholder(type, key: key, recorder: recorder)
}

private func typedPlaceholder<Value: Decodable>(_ type: Value.Type, key: String, recorder: Recorder) -> Any? {
    for text in ["0", "x", "true", "00000000-0000-0000-0000-000000000000", "a:b"] {
        if let value = ParameterText.value(text, as: type) { return value }
    }
    if let cases = type as? any CaseIterable.Type, let first = firstCase(of: cases) as? Value {
        return first
    }
    return try? Value(from: RecordingDecoder(recorder: recorder, key: key))
}

private func firstCase<Cases: CaseIterable>(of type: Cases.Type) -> Any? {
    Cases.allCases.first
}

private struct RecordingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: Recorder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    /// Every key is there, so that the type goes on to decode it.
    func contains(_ key: Key) -> Bool {
        recorder.asked(key.stringValue)
        return true
    }

    /// Every key is `nil` where the type accepts `nil`: `decodeIfPresent` asks this first.
    func decodeNil(forKey key: Key) throws -> Bool {
        recorder.asked(key.stringValue)
        return true
    }

    /// The standard library's overloads for each standard type call this one, left unspecialized.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        recorder.asked(key.stringValue)
        guard let value = placeholder(type, key: key.stringValue, recorder: recorder) else {
            throw NoPlaceholder()
        }
        return value
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        recorder.asked(key.stringValue)
        if recorder.record.nestedKey == nil { recorder.record.nestedKey = key.stringValue }
        throw NoPlaceholder()
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        recorder.asked(key.stringValue)
        return EmptyElements()
    }

    func superDecoder() throws -> any Decoder { throw NoPlaceholder() }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        recorder.asked(key.stringValue)
        return RecordingDecoder(recorder: recorder, key: key.stringValue)
    }
}

/// An array's elements: none.
private struct EmptyElements: UnkeyedDecodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 0 }
    var isAtEnd: Bool { true }
    var currentIndex: Int { 0 }

    mutating func decodeNil() throws -> Bool { throw NoPlaceholder() }
    @_semantics("optimize.sil.specialize.generic.never")
    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { throw NoPlaceholder() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw NoPlaceholder()
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw NoPlaceholder() }
    mutating func superDecoder() throws -> any Decoder { throw NoPlaceholder() }
}
