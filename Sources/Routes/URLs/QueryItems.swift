/// The query items of a URL, then those of its fragment's query: the one query decoder, which
/// ``RouteRequest/forEachQueryItem(_:)`` and ``RouteRequest/queryItemCount`` read.
///
/// `a=1&b&&c=` → `(a, 1)`, `(b, nil)`, `(c, "")` as written: items without a name are left
/// out. Decoded, names are percent-decoded, values also `+`-decoded where `+` is a space, and
/// an item without `=` has the value `""`.
///
/// ```swift
/// var items = QueryItems("?a=1&b", query: 1..<6, plusAsSpace: false)
/// items.next()  // ("a", "1"), then ("b", ""), then nil
/// ```
struct QueryItems: IteratorProtocol {
    private let text: String
    private let plusAsSpace: Bool
    /// The byte ranges in `text` of the queries not begun yet, in order.
    private var pending: (Range<Int>?, Range<Int>?)
    /// What is left to read of the query being read.
    private var rest: Substring?

    /// The items of `query`, then those of `following`: byte ranges of `text`.
    init(_ text: String, query: Range<Int>?, then following: Range<Int>? = nil, plusAsSpace: Bool) {
        self.text = text
        self.plusAsSpace = plusAsSpace
        pending = (query, following)
    }

    // `next()` and `nextWritten()` are each one body for every reader of the query: inlined,
    // each reader would carry a copy.

    /// The next item, decoded.
    @inline(never)
    mutating func next() -> (name: String, value: String)? {
        guard let item = nextWritten() else { return nil }
        let value = item.value.map { PercentDecoding.decodeOrKeep($0, plusAsSpace: plusAsSpace) } ?? ""
        return (PercentDecoding.decodeOrKeep(item.name), value)
    }

    /// The next item as written: its name, and its value (`nil` without `=`).
    @inline(never)
    mutating func nextWritten() -> (name: Substring, value: Substring?)? {
        while true {
            if rest == nil {
                guard let range = pending.0 ?? pending.1 else { return nil }
                pending = (pending.0 == nil ? nil : pending.1, nil)
                rest = URLParts.substring(of: text, range)
            }
            let query = rest!
            let utf8 = query.utf8
            let end = utf8.firstIndex(of: .ampersand) ?? utf8.endIndex
            rest = end == utf8.endIndex ? nil : query[utf8.index(after: end)...]
            let item = query[..<end]
            let equals = item.utf8.firstIndex(of: .equals) ?? item.endIndex
            if equals != item.startIndex {
                return (
                    item[..<equals], equals == item.endIndex ? nil : item[item.utf8.index(after: equals)...]
                )
            }
        }
    }
}
