import Foundation

/// A segment of an extended pattern that a plain `:name` cannot say: captures beside fixed text
/// (`{name}.jpg`, `v{major:int}.{minor:int}`) or a capture with a constraint (`{id:int}`).
///
/// Matching reads the URL's segment as written (escapes included): fixed text is compared byte
/// for byte, a capture takes at least one byte and ends at the first occurrence of the fixed
/// text after it, and the segment must end where the template does. No backtracking, so a match
/// costs time linear in the segment. The captures' constraints are then checked on their decoded
/// values (``CaptureConstraint``).
package struct SegmentTemplate: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case fixed([UInt8])
        /// The capture's position among the template's captures.
        case capture(Int)
    }

    let pieces: [Piece]
    /// The captures' names, in order.
    package let names: [String]
    /// Each capture's constraint, `nil` for none: the tools make values that it accepts.
    package let constraints: [CaptureConstraint?]

    package static func == (lhs: SegmentTemplate, rhs: SegmentTemplate) -> Bool {
        lhs.pieces == rhs.pieces && lhs.names == rhs.names
            && lhs.constraints.map { $0?.written } == rhs.constraints.map { $0?.written }
    }

    /// The template with its names left out: two templates of one shape match the same URLs.
    package var shape: String {
        pieces.map { piece in
            switch piece {
            case .fixed(let bytes): return String(decoding: bytes, as: UTF8.self)
            case .capture(let index): return "{:" + (constraints[index]?.written ?? "") + "}"
            }
        }.joined()
    }

    /// The constraint of a template that is one capture and nothing else (`{id:int}`).
    private var soleConstraint: CaptureConstraint? {
        pieces.count == 1 ? constraints[0] : nil
    }

    /// Whether, being one constrained capture, this takes every segment that `other` (one
    /// capture whose values are listed) takes: lint's ``PatternShape/covers(_:)``.
    package func takesEveryValue(of other: SegmentTemplate) -> Bool {
        guard let mine = soleConstraint, case .oneOf(let values)? = other.soleConstraint else { return false }
        return values.allSatisfy { takes($0, mine) }
    }

    /// Whether, being one constrained capture, this takes every URL segment that reads as
    /// `literal` once decoded.
    package func takesEveryText(of literal: String) -> Bool {
        guard let mine = soleConstraint else { return false }
        return takes(literal, mine)
    }

    /// Whether the constraint takes `decoded`, as any URL that writes it reads. Not claimed for
    /// a text with `+`, which reads as a space where the table decodes plus symbols.
    private func takes(_ decoded: String, _ constraint: CaptureConstraint) -> Bool {
        guard !decoded.contains("+") else { return false }
        let written = decoded.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? decoded
        return written.withBytes { constraint.accepts($0, plusAsSpace: false) }
    }

    /// The template as written (`{id:int}`, `{name}.jpg`), for messages.
    var written: String {
        pieces.map { piece in
            switch piece {
            case .fixed(let bytes): return String(decoding: bytes, as: UTF8.self)
            case .capture(let index):
                return "{" + names[index] + (constraints[index].map { ":" + $0.written } ?? "") + "}"
            }
        }.joined()
    }

    /// Each capture's name and, when the pattern lists them (`{tab:posts|likes}`), its values.
    package var captures: [(name: String, allowedValues: [String]?)] {
        zip(names, constraints).map { name, constraint in
            if case .oneOf(let values)? = constraint { return (name, values) }
            return (name, nil)
        }
    }

    /// Whether the template is one capture and nothing else (`{tab:posts|likes}`).
    package var isOneCapture: Bool { pieces.count == 1 }

    /// The template with every capture renamed: equal unnamed templates match the same URLs.
    package var unnamed: SegmentTemplate {
        SegmentTemplate(pieces: pieces, names: names.map { _ in "" }, constraints: constraints)
    }

    /// Calls `capture` with each capture's position and byte range in `bytes` when `segment`
    /// matches; returns whether it does (constraints included).
    func match(
        _ bytes: UnsafeBufferPointer<UInt8>, _ segment: ByteRange, plusAsSpace: Bool,
        _ capture: (Int, ByteRange) -> Void = { _, _ in }
    ) -> Bool {
        var position = segment.lowerBound
        var index = 0
        while index < pieces.count {
            switch pieces[index] {
            case .fixed(let fixed):
                guard SegmentTemplate.hasPrefix(bytes, at: position, segment.upperBound, fixed) else {
                    return false
                }
                position += fixed.count
            case .capture(let number):
                var end = segment.upperBound
                if index + 1 < pieces.count, case .fixed(let next) = pieces[index + 1] {
                    // The first occurrence of the fixed text after at least one byte.
                    guard
                        let found = SegmentTemplate.firstOccurrence(
                            of: next, in: bytes, from: position, to: segment.upperBound)
                    else { return false }
                    end = found
                }
                guard end > position else { return false }
                let range = ByteRange(uncheckedBounds: position, end)
                if let constraint = constraints[number] {
                    // The value as a handler reads it: one trailing `#` (a fragment route's) is
                    // not part of it.
                    var value = range
                    if value.upperBound - value.lowerBound > 1, bytes[value.upperBound - 1] == .hash {
                        value.upperBound -= 1
                    }
                    let text = UnsafeBufferPointer(rebasing: bytes[value.range])
                    guard constraint.accepts(text, plusAsSpace: plusAsSpace) else { return false }
                }
                capture(number, range)
                position = end
            }
            index += 1
        }
        return position == segment.upperBound
    }

    private static func hasPrefix(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ end: Int, _ fixed: [UInt8]
    )
        -> Bool
    {
        guard end - start >= fixed.count else { return false }
        for offset in fixed.indices where bytes[start + offset] != fixed[offset] { return false }
        return true
    }

    /// Where the fixed text first occurs after the capture's first character (a capture takes
    /// one at least); an escape (`%20`) is one character, so the text is never found inside one.
    private static func firstOccurrence(
        of fixed: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from captureStart: Int, to end: Int
    ) -> Int? {
        guard !fixed.isEmpty else { return nil }
        var candidate = captureStart + characterLength(bytes, at: captureStart, end)
        while candidate + fixed.count <= end {
            if hasPrefix(bytes, at: candidate, end, fixed) { return candidate }
            candidate += characterLength(bytes, at: candidate, end)
        }
        return nil
    }

    /// 3 for an escape (`%` and two hexadecimal digits) at `index`, else 1.
    private static func characterLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ end: Int) -> Int
    {
        guard index + 2 < end, bytes[index] == .percent, PercentDecoding.hexValue(bytes[index + 1]) != nil,
            PercentDecoding.hexValue(bytes[index + 2]) != nil
        else { return 1 }
        return 3
    }
}
