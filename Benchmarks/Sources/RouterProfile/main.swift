import CMallocInfo
import Foundation
import Logging
import RouterWorkload
import Routes

// A plain executable around the same workload, for what package-benchmark does not give:
// instruction-level profiles (valgrind --tool=callgrind counts instructions deterministically)
// and a second reading of memory per route (glibc's mallinfo2, which includes malloc's own
// chunk overhead). Usage:
//
//   RouterProfile lookup <routes|reading|url|trie|linear> <N> <mixed|hits|misses> <repetitions>
//   RouterProfile register <routes|trie> <N> <repetitions>
//   RouterProfile memory <N>
//   RouterProfile handlers <N> <rounds>
//   RouterProfile dictionary <rounds>
//
// `lookup reading` is `lookup routes` with handlers that read their values. `handlers` times the
// mixed lookups of both routers in alternation (so that load on the machine hits both alike) and
// prints the fastest round of each and their ratio; `dictionary` does the same for one URL with
// 1,000 and 4,000 query items (and extra parameters) whose handler reads `params.dictionary`.
//
// Under callgrind, collect only the lookups with
//   --toggle-collect='$s14RouterWorkload7RoutersO6lookUp*'
// or only the registrations with
//   --toggle-collect='$s14RouterWorkload7RoutersO6routes*' (ours), '...O4trie*' (routing-kit)
// (Scripts/profile.sh does this).

let arguments = CommandLine.arguments.dropFirst()

func usage() -> Never {
    print("usage: RouterProfile lookup <routes|reading|url|trie|linear> <N> <mixed|hits|misses> <repetitions>")
    print("       RouterProfile register <routes|trie> <N> <repetitions>")
    print("       RouterProfile memory <N>")
    print("       RouterProfile handlers <N> <rounds>")
    print("       RouterProfile dictionary <rounds>")
    exit(2)
}

/// Bytes glibc's malloc has handed out and not taken back (in-use chunks, overhead included).
func bytesInUse() -> Int { Int(c_malloc_bytes_in_use()) }

switch arguments.first {
case "lookup":
    let rest = Array(arguments.dropFirst())
    guard rest.count == 4, let n = Int(rest[1]), let mix = Workload.Mix(rawValue: rest[2]),
        let repetitions = Int(rest[3])
    else { usage() }
    let workload = Workload(routeCount: n, mix: mix)
    var handled = 0
    switch rest[0] {
    case "routes":
        let router = Routers.routes(workload.patterns)
        for _ in 0..<repetitions { handled += Routers.lookUp(router, strings: workload.urls) }
    case "reading":
        let router = Routers.routesReadingValues(workload.patterns)
        for _ in 0..<repetitions { handled += Routers.lookUp(router, strings: workload.urls) }
    case "url":
        let router = Routers.routes(workload.patterns)
        let urls = workload.urls.map { URL(string: $0)! }
        for _ in 0..<repetitions { handled += Routers.lookUp(router, urls: urls) }
    case "trie":
        let router = Routers.trie(workload.patterns)
        let logger = Logger(label: "profile")
        for _ in 0..<repetitions {
            handled += Routers.lookUp(router, paths: workload.pathComponents, logger: logger)
        }
    case "linear":
        let router = Routers.linear(workload.patterns)
        for _ in 0..<repetitions { handled += Routers.lookUp(router, strings: workload.urls) }
    default: usage()
    }
    print("handled \(handled) of \(repetitions * workload.urls.count) (expected \(repetitions * workload.expectedHits))")

case "register":
    let rest = Array(arguments.dropFirst())
    guard rest.count == 3, let n = Int(rest[1]), let repetitions = Int(rest[2]) else { usage() }
    let patterns = Workload(routeCount: n, mix: .hits).patterns
    var definitions = 0
    for _ in 0..<repetitions {
        switch rest[0] {
        case "routes": definitions += Routers.routes(patterns).default.definitions.count
        case "trie": definitions += withExtendedLifetime(Routers.trie(patterns)) { patterns.count }
        default: usage()
        }
    }
    print("registered \(definitions) routes")

case "memory":
    guard let n = arguments.dropFirst().first.flatMap({ Int($0) }) else { usage() }
    let patterns = Workload(routeCount: n, mix: .hits).patterns
    let before = bytesInUse()
    let router = Routers.routes(patterns)
    let afterRoutes = bytesInUse()
    let trie = Routers.trie(patterns)
    let afterTrie = bytesInUse()
    withExtendedLifetime((router, trie)) {}
    print("Routes     \(afterRoutes - before) bytes in use for \(n) routes: \((afterRoutes - before) / n) per route")
    print("RoutingKit \(afterTrie - afterRoutes) bytes in use for \(n) routes: \((afterTrie - afterRoutes) / n) per route")

case "handlers":
    let rest = Array(arguments.dropFirst())
    guard rest.count == 2, let n = Int(rest[0]), let rounds = Int(rest[1]) else { usage() }
    let workload = Workload(routeCount: n, mix: .mixed)
    let routers = [Routers.routes(workload.patterns), Routers.routesReadingValues(workload.patterns)]
    let fastest = fastestRounds(rounds, count: routers.count) { index in
        let handled = Routers.lookUp(routers[index], strings: workload.urls)
        if handled != workload.expectedHits { fatalError("handled \(handled), expected \(workload.expectedHits)") }
    }
    let perLookup = fastest.map { nanoseconds($0) / Double(workload.urls.count) }
    print("handlers at \(n) routes, fastest of \(rounds) alternating rounds of \(workload.urls.count) lookups:")
    print("  read nothing \(format(perLookup[0])) ns per lookup")
    print("  read values  \(format(perLookup[1])) ns per lookup")
    print("  read values / read nothing: \(format(perLookup[1] / perLookup[0], digits: 2))")

case "dictionary":
    guard let rounds = arguments.dropFirst().first.flatMap({ Int($0) }) else { usage() }
    let router = Routers.routesReadingDictionary()
    let counts = [1_000, 4_000]
    // (URL, extra parameters) per case: query items first, then extra parameters.
    let cases = counts.map { (Routers.urlWithQueryItems($0), [String: Any]()) }
        + counts.map { (Routers.urlWithQueryItems(0), Routers.extraParameters($0)) }
    let fastest = fastestRounds(rounds, count: cases.count) { index in
        if Routers.routeOnce(router, cases[index].0, parameters: cases[index].1) != 1 { fatalError("not handled") }
    }
    let micro = fastest.map { nanoseconds($0) / 1_000 }
    print("params.dictionary and params.count, fastest of \(rounds) alternating rounds:")
    print("  1,000 query items \(format(micro[0])) µs, 4,000: \(format(micro[1])) µs, ratio \(format(micro[1] / micro[0], digits: 2))")
    print("  1,000 extra parameters \(format(micro[2])) µs, 4,000: \(format(micro[3])) µs, ratio \(format(micro[3] / micro[2], digits: 2))")

default:
    usage()
}

/// Runs `body(0)`, `body(1)`, ... `body(count - 1)` in turn, `rounds` times, and returns the
/// fastest duration of each.
func fastestRounds(_ rounds: Int, count: Int, _ body: (Int) -> Void) -> [Duration] {
    let clock = ContinuousClock()
    var fastest = [Duration](repeating: .seconds(1_000), count: count)
    for _ in 0..<rounds {
        for index in 0..<count {
            let elapsed = clock.measure { body(index) }
            fastest[index] = min(fastest[index], elapsed)
        }
    }
    return fastest
}

func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

func format(_ value: Double, digits: Int = 0) -> String {
    String(format: "%.\(digits)f", value)
}
