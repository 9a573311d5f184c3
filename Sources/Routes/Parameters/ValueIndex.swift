/// Where each value of a match is, for a pattern whose positions ``RoutePattern`` does not keep
/// (more than eight values, or a value past segment 254): every value's byte range and every
/// name's position among the values, found in one pass over the segments and the pattern.
///
/// ``Captures`` keeps the first four ranges, and the pattern finds any of the first eight names
/// and positions by reading at most eight entries; beyond that, finding one value means reading
/// every name and cutting every segment again. The parameters of such a pattern make this index
/// once, so that reading a value costs the same whatever its position, and reading all of them
/// is linear in their number.
final class ValueIndex: Sendable {
    /// The range of each value, in the pattern's order, in the request's segment text.
    private let ranges: [PackedRange]
    /// The position among the values of each name.
    private let positions: [String: Int]

    /// The index of the values `pattern` captured from `request`'s segments.
    init(_ pattern: RoutePattern, _ request: RouteRequest) {
        var ranges = [PackedRange](repeating: PackedRange(nil), count: pattern.parameterCount)
        var positions: [String: Int] = [:]
        positions.reserveCapacity(pattern.parameterCount)
        request.withSegments { segments in
            pattern.forEachParameter { index, name, segment in
                ranges[index] = PackedRange(segments[segment])
                positions[name] = index
            }
        }
        self.ranges = ranges
        self.positions = positions
    }

    /// The position among the values of the one named `name`; `nil` when none is.
    func position(of name: String) -> Int? { positions[name] }

    /// The range of the `index`th value.
    subscript(index: Int) -> ByteRange { ranges[index].range ?? ByteRange(uncheckedBounds: 0, 0) }
}
