/// The workload every router in this package is measured with.
///
/// A table of `routeCount` routes, route `i` being `/s{i}/users/:uid/posts/:pid` (even `i`) or
/// `/section{i}/item/:id` (odd `i`), and 1,000 lookup URLs drawn with a fixed seed:
/// `myapp://s{i}/users/{uid}/posts/{pid}` or `myapp://section{i}/item/{id}` for a registered `i`,
/// plus misses (an unregistered `i`, or a wrong literal such as `post`/`items`).
///
/// ```swift
/// let workload = Workload(routeCount: 1_000, mix: .mixed)
/// workload.patterns[3]  // "/section3/item/:id"
/// workload.urls.count   // 1000
/// ```
public struct Workload: Sendable {
    /// Which lookups the URL list holds.
    public enum Mix: String, Sendable {
        /// 90% hits, 10% misses (half unregistered `i`, half wrong literal), shuffled.
        case mixed
        /// Hits only.
        case hits
        /// Misses only (half unregistered `i`, half wrong literal).
        case misses
    }

    /// Lookups per benchmark iteration: every figure "per lookup" is an iteration's figure / 1,000.
    public static let lookupsPerIteration = 1_000
    /// The route counts measured.
    public static let routeCounts = [10, 100, 1_000, 10_000]
    /// The scheme of every lookup URL.
    public static let scheme = "myapp"

    /// The number of routes in the table.
    public let routeCount: Int
    /// Which lookups `urls` holds.
    public let mix: Mix
    /// The patterns, route `i` at index `i`.
    public let patterns: [String]
    /// The lookup URLs as text.
    public let urls: [String]
    /// The path segments of each URL, split on `/` after `myapp://` (the host is the first one),
    /// as routing-kit wants them.
    public let pathComponents: [[String]]
    /// How many of `urls` a correct router handles.
    public let expectedHits: Int
    /// Whether `urls[k]` is a hit (drawn for a registered route) or a miss.
    public let isHit: [Bool]
    /// The number of route values (`:name` parameters) of the route each hit URL matches,
    /// averaged over the hit URLs: what a handler reading each of its values reads per hit.
    public let valuesPerHit: Double

    /// The table of `routeCount` routes and `lookups` URLs of `mix`, the same in every run.
    public init(routeCount: Int, mix: Mix, lookups: Int = Workload.lookupsPerIteration) {
        self.routeCount = routeCount
        self.mix = mix
        patterns = (0..<routeCount).map(Workload.pattern)

        // A fixed seed per (routeCount, mix): the same URLs in every run and for every router.
        let mixSeed: UInt64 = mix == .mixed ? 1 : mix == .hits ? 2 : 3
        var random = SplitMix64(seed: 0x5EED_2026_1122 &+ UInt64(routeCount) &* 31 &+ mixSeed)
        let missCount: Int
        switch mix {
        case .mixed: missCount = lookups / 10
        case .hits: missCount = 0
        case .misses: missCount = lookups
        }
        // (URL, is a hit): shuffling the pairs draws the same permutation as shuffling the URLs
        // alone (it depends only on the count and the generator).
        var entries: [(url: String, isHit: Bool)] = []
        entries.reserveCapacity(lookups)
        var values = 0
        for index in 0..<lookups {
            if index < missCount {
                entries.append(
                    (Workload.missURL(kind: index % 2, routeCount: routeCount, using: &random), false))
            } else {
                let route = Int.random(in: 0..<routeCount, using: &random)
                entries.append((Workload.hitURL(route: route, using: &random), true))
                values += Workload.pattern(route).filter { $0 == ":" }.count
            }
        }
        entries.shuffle(using: &random)
        let urls = entries.map(\.url)
        self.urls = urls
        isHit = entries.map(\.isHit)
        expectedHits = lookups - missCount
        valuesPerHit = expectedHits == 0 ? 0 : Double(values) / Double(expectedHits)
        pathComponents = urls.map { url in
            url.dropFirst(Workload.scheme.count + 3).split(separator: "/", omittingEmptySubsequences: false)
                .map(String.init)
        }
    }

    /// The URLs that are hits (`true`) or misses (`false`), in their order in `urls`.
    ///
    /// ```swift
    /// Workload(routeCount: 1_000, mix: .mixed).urls(hits: false).count  // 100
    /// ```
    public func urls(hits: Bool) -> [String] {
        zip(urls, isHit).filter { $0.1 == hits }.map(\.0)
    }

    /// The path components of the hit (`true`) or miss (`false`) URLs, as `urls(hits:)`.
    public func pathComponents(hits: Bool) -> [[String]] {
        zip(pathComponents, isHit).filter { $0.1 == hits }.map(\.0)
    }

    /// The pattern of route `i`.
    public static func pattern(_ i: Int) -> String {
        i.isMultiple(of: 2) ? "/s\(i)/users/:uid/posts/:pid" : "/section\(i)/item/:id"
    }

    static func hitURL(route i: Int, using random: inout SplitMix64) -> String {
        if i.isMultiple(of: 2) {
            let uid = Int.random(in: 1...99_999, using: &random)
            let pid = Int.random(in: 1...9_999, using: &random)
            return "\(scheme)://s\(i)/users/\(uid)/posts/\(pid)"
        }
        return "\(scheme)://section\(i)/item/\(Int.random(in: 1...99_999, using: &random))"
    }

    /// Kind 0: a route number that is not registered; kind 1: a registered one with a wrong literal.
    static func missURL(kind: Int, routeCount: Int, using random: inout SplitMix64) -> String {
        if kind == 0 {
            let unregistered = routeCount + Int.random(in: 0..<routeCount, using: &random)
            return hitURL(route: unregistered, using: &random)
        }
        let i = Int.random(in: 0..<routeCount, using: &random)
        if i.isMultiple(of: 2) {
            return "\(scheme)://s\(i)/users/\(Int.random(in: 1...99_999, using: &random))/post/7"
        }
        return "\(scheme)://section\(i)/items/\(Int.random(in: 1...99_999, using: &random))"
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64), so that the workload
/// is the same on every machine and in every run.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// Int.random(in: 0..<10, using: &random)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence depends only on `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
