/// The workload of templates without fixed text at either end, all in one place: route `i` is
/// `/p/{a}-k{i}-{b}` (an extended pattern), and 1,000 lookup URLs drawn with a fixed seed, each
/// of one 16-byte template segment (random letters around the fixed text, so that a lookup reads
/// as many bytes whatever the table's size): `myapp://p/{a}-k{i}-{b}` for a registered `i`, plus
/// 10% misses (an unregistered `i`, or `-q{i}-` instead of `-k{i}-`).
///
/// ```swift
/// let workload = TemplateWorkload(routeCount: 1_000)
/// workload.patterns[7]  // "/p/{a}-k7-{b}"
/// workload.urls(hits: true).count  // 900
/// ```
public struct TemplateWorkload: Sendable {
    /// The number of routes in the table.
    public let routeCount: Int
    /// The patterns, route `i` at index `i`.
    public let patterns: [String]
    /// The lookup URLs as text, and whether each is a hit.
    public let urls: [String]
    public let isHit: [Bool]

    /// The table of `routeCount` routes and `lookups` URLs, the same in every run.
    public init(routeCount: Int, lookups: Int = Workload.lookupsPerIteration) {
        self.routeCount = routeCount
        patterns = (0..<routeCount).map { "/p/{a}-k\($0)-{b}" }
        var random = SplitMix64(seed: 0x7E3A_2026_1128 &+ UInt64(routeCount))
        let missCount = lookups / 10
        var urls: [String] = []
        var isHit: [Bool] = []
        for index in 0..<lookups {
            let i = Int.random(in: 0..<routeCount, using: &random)
            let middle: String
            switch index < missCount ? index % 2 : 2 {
            case 0: middle = "-k\(routeCount + i)-"
            case 1: middle = "-q\(i)-"
            default: middle = "-k\(i)-"
            }
            urls.append("\(Workload.scheme)://p/" + TemplateWorkload.segment(around: middle, using: &random))
            isHit.append(index >= missCount)
        }
        // The same permutation of both lists.
        let order = Array(0..<lookups).shuffled(using: &random)
        self.urls = order.map { urls[$0] }
        self.isHit = order.map { isHit[$0] }
    }

    /// The URLs that are hits (`true`) or misses (`false`), in their order in `urls`.
    public func urls(hits: Bool) -> [String] {
        zip(urls, isHit).filter { $0.1 == hits }.map(\.0)
    }

    /// `middle` with random letters before it (at least one) and four after it: 16 bytes.
    static func segment(around middle: String, using random: inout SplitMix64) -> String {
        let letters = Array("abcdefghij")
        func word(_ count: Int) -> String {
            String((0..<count).map { _ in letters[Int.random(in: 0..<letters.count, using: &random)] })
        }
        return word(max(1, 12 - middle.count)) + middle + word(4)
    }
}
