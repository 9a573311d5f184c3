import Foundation

/// The keys a `Decodable` type asks for, found by running its `init(from:)` against a decoder
/// that records each key and answers it with a placeholder: `nil` where the type accepts one
/// (`decodeIfPresent`, an `Optional` property), else a value of the type (`0`, `"x"`, `true`, a
/// `UUID`, the first case of a `CaseIterable` enum, an empty array, a value of a type read from
/// its text made by its own `init(from:)`). When no placeholder fits (an enum that is not
/// `CaseIterable` and whose raw value is not `0` or `x`, a custom `init(from:)` that refuses
/// it), decoding stops there and the record is incomplete: the keys after it are unknown. A
/// capture's allowed values (`{tab:posts|likes}`) are tried first for its property, so an enum
/// of those values has a placeholder.
///
/// An optional property is also probed: its type is decoded from a placeholder, to learn whether
/// it reads a list (``listKeys``); the probe's other findings are dropped.
struct KeyRecord {
    /// The keys asked for, in order, each once.
    var keys: [String] = []
    /// Whether `init(from:)` ran to its end: ``keys`` holds every key it asks for.
    var isComplete = true
    /// The first key whose value the type decodes as a keyed container (a nested value).
    var nestedKey: String?
    /// The keys whose value the type decodes as a list (an array, a set): an unkeyed container.
    var listKeys: Set<String> = []
    /// The value `init(from:)` made of the placeholders, when it ran to its end.
    var value: Any?

    /// Runs `type.init(from:)` against the parameter decoder over a ``KeyRecorder``;
    /// `allowedValues`: texts a property's placeholder is read from first, by key.
    init(of type: any Decodable.Type, allowedValues: [String: [String]] = [:]) {
        self.init(of: type, depth: 0, allowedValues: allowedValues)
    }

    /// The record of `type` made while recording `depth` enclosing types.
    fileprivate init(of type: any Decodable.Type, depth: Int, allowedValues: [String: [String]] = [:]) {
        let recorder = KeyRecorder(depth: depth, allowedValues: allowedValues)
        do {
            recorder.record.value = try recorder.run(type)
        } catch {
            recorder.record.isComplete = false
        }
        self = recorder.record
    }

    fileprivate init() {}
}

/// The values of a ``KeyRecord`` as the parameter decoder reads them: every key asked for is
/// recorded and answered with a ``RecordedValue``.
final class KeyRecorder {
    fileprivate(set) var record = KeyRecord()
    private var seen: Set<String> = []
    /// How many types read from their text enclose this recording (see
    /// ``RecordedValue/placeholder(_:decodingItself:)``): bounded, so that a type that holds
    /// itself ends the recording instead of recursing.
    private let depth: Int
    /// Texts a property's placeholder is read from first, by key: its capture's allowed values.
    fileprivate let allowedValues: [String: [String]]

    fileprivate init(depth: Int, allowedValues: [String: [String]]) {
        self.depth = depth
        self.allowedValues = allowedValues
    }

    /// A value of `type` made by its own `init(from:)` of placeholders, recorded apart: `nil`
    /// when none fits, or when too many such types enclose this one.
    fileprivate func value(recording type: any Decodable.Type) -> Any? {
        guard depth < 4 else { return nil }
        return KeyRecord(of: type, depth: depth + 1).value
    }

    /// The value of the property `key`, recorded as asked for.
    func value(forKey key: String) -> RecordedValue {
        if seen.insert(key).inserted { record.keys.append(key) }
        return RecordedValue(recorder: self, key: key)
    }
}

/// Thrown where no placeholder fits: the recording stops.
struct NoPlaceholder: Error {}

/// The value of a property while a type's keys are recorded: the parameter decoder reads it as a
/// placeholder of the type asked for, `nil` where the type accepts `nil`, an array as empty.
struct RecordedValue {
    let recorder: KeyRecorder
    /// The property.
    let key: String

    /// A placeholder of `type`: one read from a text (the capture's allowed values first), the
    /// first case of a `CaseIterable` type, else what `decodingItself` (`type.init(from:)` over
    /// this value) gives.
    ///
    /// A type read from its text (``ParameterText/isReadAsText(_:)``: a
    /// `LosslessStringConvertible` struct with a synthesized `Codable`, `Version` read from
    /// `1.2`) is never decoded through its `init(from:)` by routing, so its keyed container is no
    /// nested value: the placeholder is the value its `init(from:)` makes of placeholders,
    /// recorded apart, when that value's text reads back as a value (else none fits: the check
    /// cannot tell, and printing checks each value).
    /// - Throws: ``NoPlaceholder`` when none fits.
    @_semantics("optimize.sil.specialize.generic.never")
    func placeholder<Value: Decodable>(_ type: Value.Type, decodingItself: () throws -> Value) throws -> Value
    {
        let texts = recorder.allowedValues[key, default: []]
        for text in texts + ["0", "x", "true", "00000000-0000-0000-0000-000000000000", "a:b"] {
            if let value = ParameterText.value(text, as: type) { return value }
        }
        if let cases = type as? any CaseIterable.Type, let first = firstCase(of: cases) as? Value {
            return first
        }
        if ParameterText.isReadAsText(type) {
            guard let value = recorder.value(recording: type) as? Value,
                let text = ParameterText.text(of: value), ParameterText.value(text, as: type) != nil
            else { throw NoPlaceholder() }
            return value
        }
        guard let value = try? decodingItself() else { throw NoPlaceholder() }
        return value
    }

    /// The error of decoding this value as a keyed container: a nested value, recorded.
    func nestedValue() -> NoPlaceholder {
        if recorder.record.nestedKey == nil { recorder.record.nestedKey = key }
        return NoPlaceholder()
    }

    /// Records that the type decodes this value as a list (an unkeyed container).
    func recordList() {
        recorder.record.listKeys.insert(key)
    }

    /// Runs `decode` (the property's type decoded from this value) for what it tells of the
    /// value's shape (``recordList()``), and drops everything else it finds: an error, a nested
    /// value.
    func probe(_ decode: () throws -> Void) {
        let nestedKey = recorder.record.nestedKey
        try? decode()
        recorder.record.nestedKey = nestedKey
    }
}

private func firstCase<Cases: CaseIterable>(of type: Cases.Type) -> Any? {
    Cases.allCases.first
}
