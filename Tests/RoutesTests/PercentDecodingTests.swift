import Foundation
import Testing

@testable import Routes
@testable import RoutesTestSupport

/// Decodes `text` once, or `nil` when it cannot be decoded.
private func decode(_ text: String, plusAsSpace: Bool = false) -> String? {
    text.withBytes { bytes in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { output in
            PercentDecoding.decode(bytes, into: output, plusAsSpace: plusAsSpace).map {
                String(decoding: UnsafeBufferPointer(rebasing: output[..<$0]), as: UTF8.self)
            }
        }
    }
}

@Suite struct PercentDecodingTests {
    @Test func decodesOnceAndKeepsWhatCannotBeDecoded() {
        #expect(decode("caf%C3%A9") == "café")
        #expect(decode("%252F") == "%2F")
        #expect(decode("a%2Fb") == "a/b")
        #expect(decode("%") == nil)
        #expect(decode("%Z1") == nil)
        #expect(decode("%E2%82") == nil)
        #expect(decode("%C0%AF") == nil)  // overlong
        #expect(decode("%ED%A0%80") == nil)  // surrogate
        #expect(decode("%00") == "\u{0}")
        #expect(PercentDecoding.decodeOrKeep("%E2%82") == "%E2%82")
    }

    @Test func plusBecomesSpaceBeforePercentDecoding() {
        #expect(decode("a+b%2Bc", plusAsSpace: true) == "a b+c")
        #expect(decode("a+b%2Bc", plusAsSpace: false) == "a+b+c")
        #expect(PercentDecoding.decodeOrKeep("a+%ZZ", plusAsSpace: true) == "a %ZZ")
    }

    @Test func utf8ValidationMatchesTheStandardLibrary() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                UInt8.random(
                    in: [0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
                        .randomElement(using: &generator)!...0xFF, using: &generator)
            }
            let reference = String(bytes: bytes, encoding: .utf8) != nil
            #expect(PercentDecoding.isValidUTF8(bytes) == reference, "\(bytes)")
        }
    }

    /// Values are made by `String(utf8:)`: the same text as `String(decoding:as:)`, ill-formed
    /// sequences repaired alike. (Linux runs its first branch only; an older Apple system, the
    /// second, which is `String(decoding:as:)` itself.)
    @Test func valuesAreReadAsStringDecodingReadsThem() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...20, using: &generator)).map { _ in
                Bool.random(using: &generator)
                    ? UInt8.random(in: 0x20...0x7E, using: &generator)
                    : UInt8.random(in: 0x80...0xFF, using: &generator)
            }
            let made = bytes.withUnsafeBufferPointer { String(utf8: $0) }
            let reference = String(decoding: bytes, as: UTF8.self)
            #expect(Array(made.unicodeScalars) == Array(reference.unicodeScalars), "\(bytes)")
        }
    }
}
