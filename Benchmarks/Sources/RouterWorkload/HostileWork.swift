import Routes

/// Hostile inputs whose cost must grow linearly with their size: a URL or a pattern of size `n`
/// (a long segment, many segments, query items, empty segments and `#`s, many parameters, long
/// patterns), a table of `n` routes that cannot match, and `n` URLs flooding a full queue (kept
/// while suspended, or held by a guard) whose limit grows with `n`. `Scripts/linear-time.sh`
/// counts the instructions of each at `n` and `8n` with callgrind (exact, whatever the machine's
/// load) and fails when the ratio is nearer quadratic (64) than linear (8). These were timing tests once;
/// the test suite has no timing asserts.
///
/// ```swift
/// let work = HostileWork.prepare("many-segments", size: 12_500)!
/// HostileWork.run(work)  // the measured call
/// ```
public enum HostileWork {
    /// Each case, with the size it is measured at (and 8 times that).
    public static let cases: [(name: String, size: Int)] = [
        ("long-segment", 1 << 16), ("many-segments", 12_500), ("many-query-items", 6_000),
        ("empty-segments-and-hashes", 10_000), ("routes-that-cannot-match", 2_000),
        ("long-patterns", 4_000), ("many-parameters", 1_000), ("many-values-dictionary", 500),
        ("many-values-last-by-name", 500), ("many-values-decoded", 500), ("urls-kept-while-suspended", 4_000),
        ("urls-held-by-a-guard", 4_000), ("many-templates-dictionary", 500),
        ("long-segment-template", 1 << 16), ("long-segment-many-templates", 1 << 14),
        ("templates-that-cannot-match", 1_000),
    ]

    /// The cases whose cost must not grow with their size (a table that grows, lookups that do
    /// not): 8 times the size must cost under twice the instructions.
    public static let flatCases: Set<String> = ["templates-that-cannot-match"]

    /// The work of case `name` at `size`, everything but the measured call made already; `nil`
    /// for an unknown case.
    public static func prepare(_ name: String, size: Int) -> (() -> Void)? {
        switch name {
        case "long-segment":
            let router = router(["/big/:value", "/big/x"])
            let url = "myapp://big/" + String(repeating: "%41b", count: size / 4)
            return { _ = router.route(to: url) }
        case "many-segments":
            let router = router(["/w/*", "/w/:a"])
            let url = "myapp://w" + String(repeating: "/s", count: size)
            return { _ = router.route(to: url) }
        case "many-query-items":
            let router = router(["/q"])
            let url = "myapp://q?" + (0..<size).map { "k\($0 % 100)=v\($0)" }.joined(separator: "&")
            return { _ = router.route(to: url) }
        case "empty-segments-and-hashes":
            let router = router(["/w/*"])
            let url =
                "myapp://w" + String(repeating: "/", count: size) + "#" + String(repeating: "/#", count: size)
            return { _ = router.route(to: url) }
        case "routes-that-cannot-match":
            // Routing does not scan routes that cannot match: 8 times the routes, about the same
            // instructions for the same 200 lookups.
            let router = router((0..<size).map { "/user\($0)/:id" })
            let urls = (0..<200).map { "myapp://user\($0)/\($0)" }
            return { for url in urls { _ = router.route(to: url) } }
        case "long-patterns":
            let pattern = (0..<size).map { "/s\($0)" }.joined() + "(/x)(/:y)/*"
            return { Router().default.add(pattern: pattern) }
        case "many-parameters":
            // Once quadratic: a duplicate name was looked for in an array (fixed in 3dc72f0).
            let pattern = (0..<size).map { "/:p\($0)" }.joined()
            return { Router().default.add(pattern: pattern) }
        case "many-values-dictionary", "many-values-last-by-name", "many-values-decoded":
            // A route of `size` values, read in one handler call: each value once, whatever the
            // accessor (values after the fourth were found again by cutting every segment).
            let names = (0..<size).map { "p\($0)" }
            let read: (RouteParameters) -> Bool
            switch name {
            case "many-values-dictionary": read = { $0.dictionary.count == size + 3 }
            case "many-values-last-by-name": read = { $0.string(names[size - 1]) != nil }
            default: read = { (try? $0.decode(EveryValue.self))?.count == size + 3 }
            }
            let router = Router()
            router.default.add(pattern: names.map { "/:\($0)" }.joined(), handler: read)
            let url = "myapp://" + (0..<size).map { "v\($0)" }.joined(separator: "/")
            return { precondition(router.route(to: url), "the route of \(size) values did not match") }
        case "many-templates-dictionary":
            // An extended pattern of `size` captures beside fixed text, every value read.
            let router = Router()
            router.default.options.insert(.extendedPatterns)
            let pattern = "/t" + (0..<size).map { "/{p\($0)}.x" }.joined()
            router.default.add(pattern: pattern) { $0.dictionary.count == size + 3 }
            let url = "myapp://t/" + (0..<size).map { "v\($0).x" }.joined(separator: "/")
            return { precondition(router.route(to: url), "the route of \(size) templates did not match") }
        case "long-segment-template":
            // A long segment against templates that look for their fixed text to its end.
            let router = Router()
            router.default.options.insert(.extendedPatterns)
            for suffix in ["jpg", "png", "gif"] {
                router.default.add(pattern: "/big/{name}.\(suffix)") { _ in true }
            }
            let url = "myapp://big/" + String(repeating: "a.jp", count: size / 4)
            return { _ = router.route(to: url) }
        case "long-segment-many-templates":
            // 1,000 templates without fixed text at either end in one place, and a segment that
            // repeats one of their texts: that template is checked once, the others not at all.
            let router = templates((0..<1_000).map { "/p/{a}-k\($0)-{b}" })
            let url = "myapp://p/" + String(repeating: "-k7-", count: size / 4)
            return { precondition(router.route(to: url), "the segment of repeated text did not match") }
        case "templates-that-cannot-match":
            // `size` templates without fixed text at either end in one place, and 200 lookups
            // whose segments hold none of their texts but the first ten's: 8 times the templates
            // cost the same instructions.
            let router = templates((0..<size).map { "/p/{a}-k\($0)-{b}" })
            let urls = (0..<200).map { "myapp://p/abc-k\($0 % 10)-def" }
            return { for url in urls { precondition(router.route(to: url)) } }
        case "urls-kept-while-suspended":
            // The queue, a quarter of `size` long, is full after the warm-up run: each URL drops
            // the oldest, which must cost the same whatever the limit.
            let router = router(["/n/:id"])
            router.suspend(keepingAtMost: size / 4)
            let urls = (0..<size).map { "myapp://n/\($0)" }
            return { for url in urls { _ = router.route(to: url) } }
        case "urls-held-by-a-guard":
            // The same flood, held by a guard of a router that is not suspended.
            let router = router(["/n/:id"])
            router.default.addGuard(for: "/n/*") { _ in .hold }
            router.suspend(keepingAtMost: size / 4)
            router.resume()
            let urls = (0..<size).map { "myapp://n/\($0)" }
            return { for url in urls { _ = router.route(to: url) } }
        default:
            return nil
        }
    }

    /// Every key of the parameters, decoded as text.
    private struct EveryValue: Decodable {
        let count: Int

        private struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            count = try container.allKeys.filter { try container.decode(String.self, forKey: $0) != "" }.count
        }
    }

    /// The measured call: callgrind collects only inside this function.
    @inline(never)
    public static func run(_ work: () -> Void) {
        work()
    }

    /// A router whose global table reads extended patterns, with `patterns`.
    private static func templates(_ patterns: [String]) -> Router {
        let router = Router()
        router.default.options.insert(.extendedPatterns)
        for pattern in patterns { router.default.add(pattern: pattern) { _ in true } }
        return router
    }

    private static func router(_ patterns: [String]) -> Router {
        let router = Router()
        for pattern in patterns { router.default.add(pattern: pattern) { _ in true } }
        return router
    }
}
