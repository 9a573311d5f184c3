import CMallocInfo
import Foundation
import Logging
import RouterWorkload
import Routes
import RoutingKit

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
//   RouterProfile case <case> <N> <lookups>
//   RouterProfile scale <rounds> [<lookups per round>]
//   RouterProfile hostile <case> <size>   (hostile list: the cases and their sizes)
//
// `lookup reading` is `lookup routes` with handlers that read their values. `handlers` times the
// mixed lookups of both routers in alternation (so that load on the machine hits both alike) and
// prints the fastest round of each and their ratio; `dictionary` does the same for one URL with
// 1,000 and 4,000 query items (and extra parameters) whose handler reads `params.dictionary`.
// `case` runs one case of Scripts/instructions.sh on the mixed workload's hits or misses,
// repeated to about <lookups> lookups, in one `Routers.lookUp` call, and prints the lookups made
// and the workload's values per hit (see `cases` below). `scale` times
// lookups at 10 and at 1,000,000 routes in alternation and prints the fastest round of each.
//
// Under callgrind, collect only the lookups with
//   --toggle-collect='$s14RouterWorkload7RoutersO6lookUp*'
// or only the registrations with
//   --toggle-collect='$s14RouterWorkload7RoutersO6routes*' (ours), '...O4trie*' (routing-kit)
// (Scripts/profile.sh does this).

let arguments = CommandLine.arguments.dropFirst()

@MainActor func usage() -> Never {
    print(
        "usage: RouterProfile lookup <routes|reading|url|trie|linear> <N> <mixed|hits|misses> <repetitions>")
    print("       RouterProfile register <routes|trie> <N> <repetitions>")
    print("       RouterProfile memory <N>")
    print("       RouterProfile handlers <N> <rounds>")
    print("       RouterProfile dictionary <rounds>")
    print("       RouterProfile case <\(cases.keys.sorted().joined(separator: "|"))> <N> <lookups>")
    print("       RouterProfile scale <rounds> [<lookups per round>]")
    print("       RouterProfile hostile <\(HostileWork.cases.map(\.name).joined(separator: "|"))> <size>")
    exit(2)
}

/// The cases of `case`: which URLs of the mixed workload (`true`: its hits, `false`: its misses,
/// `nil`: all of them) go through which loop. Each makes, before anything is measured, a warm-up
/// that routes those URLs once outside any `lookUp` function (so that one-time costs, metadata
/// and lazy state, stay out of the profile) and the measured run: **one** `Routers.lookUp` call
/// over those URLs repeated `repetitions` times. Scripts/instructions.sh runs each case twice,
/// with one repetition and with many, and divides the differences (instructions, calls to
/// malloc) by the difference in lookups: callgrind counts calls made outside the collected
/// function too, and these are the same in both runs.
let cases: [String: (hits: Bool?, make: (Workload, _ repetitions: Int) -> Loop)] = [
    "miss": (
        false,
        { workload, r in routeLoop(Routers.routesReading(workload.patterns, .nothing), workload, false, r) }
    ),
    "mixed": (
        nil,
        { workload, r in routeLoop(Routers.routesReading(workload.patterns, .nothing), workload, nil, r) }
    ),
    "hit": (
        true,
        { workload, r in routeLoop(Routers.routesReading(workload.patterns, .nothing), workload, true, r) }
    ),
    "subscript": (true, { w, r in routeLoop(Routers.routesReading(w.patterns, .subscripted), w, true, r) }),
    "string": (true, { w, r in routeLoop(Routers.routesReading(w.patterns, .string), w, true, r) }),
    "int": (true, { w, r in routeLoop(Routers.routesReading(w.patterns, .int), w, true, r) }),
    "string-any": (
        true, { w, r in routeLoop(Routers.routesReading(w.patterns, .stringThroughAny), w, true, r) }
    ),
    "dictionary": (true, { w, r in routeLoop(Routers.routesReading(w.patterns, .dictionary), w, true, r) }),
    // Extended patterns: every value a typed capture (`{id:int}`), or a capture beside fixed
    // text (`{id}.json`, with `.json` added to every URL's last segment).
    "typed-hit": (true, { w, r in extendedLoop(w, r, inSegment: false) }),
    "in-segment-hit": (true, { w, r in extendedLoop(w, r, inSegment: true) }),
    // Templates without fixed text at either end, all in one place (`/p/{a}-k{i}-{b}`,
    // ``TemplateWorkload``): its 900 hits and 100 misses.
    "middle-text-hit": (true, { w, r in templateLoop(w, true, r) }),
    "middle-text-miss": (false, { w, r in templateLoop(w, false, r) }),
    // A `RouteMap` whose closures give a four-word value.
    "resolve-hit": (true, { w, r in resolveLoop(w, r) }),
    "canroute-hit": (true, { w, r in canRouteLoop(w, true, r) }),
    "canroute-miss": (false, { w, r in canRouteLoop(w, false, r) }),
    "canroute-mixed": (nil, { w, r in canRouteLoop(w, nil, r) }),
    "trie-miss": (false, { w, r in trieLoop(w, false, r) }),
    "trie-hit": (true, { w, r in trieLoop(w, true, r) }),
    "linear-miss": (false, { w, r in linearLoop(w, false, r) }),
    "linear-hit": (true, { w, r in linearLoop(w, true, r) }),
]

/// The workload's URLs: its hits, its misses or all of them.
func urls(_ workload: Workload, _ hits: Bool?) -> [String] {
    hits.map { workload.urls(hits: $0) } ?? workload.urls
}

/// A measured loop and its warm-up, each returning how many URLs were handled.
typealias Loop = (warmUp: () -> Int, measure: () -> Int)

/// `list` `times` times over (the same elements: strings share their storage), in one
/// allocation whatever `times` is.
func repeated<Element>(_ list: [Element], _ times: Int) -> [Element] {
    var result: [Element] = []
    result.reserveCapacity(list.count * times)
    for _ in 0..<times { result.append(contentsOf: list) }
    return result
}

func routeLoop(_ router: Routes.Router, _ workload: Workload, _ hits: Bool?, _ repetitions: Int) -> Loop {
    let urls = urls(workload, hits)
    let measured = repeated(urls, repetitions)
    return ({ urls.filter { router.route(to: $0) }.count }, { Routers.lookUp(router, strings: measured) })
}

/// The hit URLs routed by a table of extended patterns made from the workload's: typed captures
/// (`/section1/item/{id:int}`), or captures beside fixed text (`/section1/item/{id}.json`).
func extendedLoop(_ workload: Workload, _ repetitions: Int, inSegment: Bool) -> Loop {
    let router = Routes.Router()
    router.default.options.insert(.extendedPatterns)
    for pattern in workload.patterns {
        var extended = pattern
        for name in ["uid", "pid", "id"] {
            extended = extended.replacingOccurrences(
                of: ":\(name)", with: inSegment ? "{\(name)}" : "{\(name):int}")
        }
        if inSegment { extended += ".json" }
        router.default.add(pattern: extended) { _ in true }
    }
    let urls = urls(workload, true).map { inSegment ? $0 + ".json" : $0 }
    let measured = repeated(urls, repetitions)
    return ({ urls.filter { router.route(to: $0) }.count }, { Routers.lookUp(router, strings: measured) })
}

/// The hits or misses of ``TemplateWorkload`` at the workload's size, routed by a table of its
/// templates.
func templateLoop(_ workload: Workload, _ hits: Bool, _ repetitions: Int) -> Loop {
    let templates = TemplateWorkload(routeCount: workload.routeCount)
    let router = Routers.templates(templates.patterns)
    let urls = templates.urls(hits: hits)
    let measured = repeated(urls, repetitions)
    return ({ urls.filter { router.route(to: $0) }.count }, { Routers.lookUp(router, strings: measured) })
}

func resolveLoop(_ workload: Workload, _ repetitions: Int) -> Loop {
    let map = Routers.screens(workload.patterns)
    let urls = urls(workload, true)
    let measured = repeated(urls, repetitions)
    return ({ urls.filter { map.resolve($0) != nil }.count }, { Routers.lookUp(map, resolving: measured) })
}

func canRouteLoop(_ workload: Workload, _ hits: Bool?, _ repetitions: Int) -> Loop {
    let router = Routers.routesReading(workload.patterns, .nothing)
    let urls = urls(workload, hits)
    let measured = repeated(urls, repetitions)
    return ({ urls.filter { router.canRoute(to: $0) }.count }, { Routers.lookUp(router, canRoute: measured) })
}

func trieLoop(_ workload: Workload, _ hits: Bool, _ repetitions: Int) -> Loop {
    let router = Routers.trie(workload.patterns)
    let paths = workload.pathComponents(hits: hits)
    let measured = repeated(paths, repetitions)
    let logger = Logger(label: "profile")
    let warmUp = {
        paths.filter { path in
            var parameters = RoutingKit.Parameters(logger)
            return router.route(path: path, parameters: &parameters)?(parameters) == true
        }.count
    }
    return (warmUp, { Routers.lookUp(router, paths: measured, logger: logger) })
}

func linearLoop(_ workload: Workload, _ hits: Bool, _ repetitions: Int) -> Loop {
    let router = Routers.linear(workload.patterns)
    let urls = workload.urls(hits: hits)
    let measured = repeated(urls, repetitions)
    return ({ router.warmUp(urls) }, { Routers.lookUp(router, strings: measured) })
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
    print(
        "handled \(handled) of \(repetitions * workload.urls.count) (expected \(repetitions * workload.expectedHits))"
    )

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

case "hostile":
    // One run of a hostile input's work (`HostileWork`), after a warm-up run at the same size;
    // Scripts/linear-time.sh counts its instructions under callgrind.
    let rest = Array(arguments.dropFirst())
    if rest.first == "list" {  // the cases and their sizes, a line each, for the script
        for (name, size) in HostileWork.cases {
            print(name, size, HostileWork.flatCases.contains(name) ? 2 : 16)
        }
        exit(0)
    }
    guard rest.count == 2, let size = Int(rest[1]), let work = HostileWork.prepare(rest[0], size: size) else {
        usage()
    }
    work()
    HostileWork.run(work)
    print("hostile \(rest[0]) \(size) done")

case "memory":
    guard let n = arguments.dropFirst().first.flatMap({ Int($0) }) else { usage() }
    let patterns = Workload(routeCount: n, mix: .hits).patterns
    let before = bytesInUse()
    let router = Routers.routes(patterns)
    let afterRoutes = bytesInUse()
    let trie = Routers.trie(patterns)
    let afterTrie = bytesInUse()
    withExtendedLifetime((router, trie)) {}
    print(
        "Routes     \(afterRoutes - before) bytes in use for \(n) routes: \((afterRoutes - before) / n) per route"
    )
    print(
        "RoutingKit \(afterTrie - afterRoutes) bytes in use for \(n) routes: \((afterTrie - afterRoutes) / n) per route"
    )

case "handlers":
    let rest = Array(arguments.dropFirst())
    guard rest.count == 2, let n = Int(rest[0]), let rounds = Int(rest[1]) else { usage() }
    let workload = Workload(routeCount: n, mix: .mixed)
    let routers = [Routers.routes(workload.patterns), Routers.routesReadingValues(workload.patterns)]
    let fastest = fastestRounds(rounds, count: routers.count) { index in
        let handled = Routers.lookUp(routers[index], strings: workload.urls)
        if handled != workload.expectedHits {
            fatalError("handled \(handled), expected \(workload.expectedHits)")
        }
    }
    let perLookup = fastest.map { nanoseconds($0) / Double(workload.urls.count) }
    print(
        "handlers at \(n) routes, fastest of \(rounds) alternating rounds of \(workload.urls.count) lookups:")
    print("  read nothing \(format(perLookup[0])) ns per lookup")
    print("  read values  \(format(perLookup[1])) ns per lookup")
    print("  read values / read nothing: \(format(perLookup[1] / perLookup[0], digits: 2))")

case "dictionary":
    guard let rounds = arguments.dropFirst().first.flatMap({ Int($0) }) else { usage() }
    let router = Routers.routesReadingDictionary()
    let counts = [1_000, 4_000]
    // (URL, extra parameters) per case: query items first, then extra parameters.
    let cases =
        counts.map { (Routers.urlWithQueryItems($0), [String: Any]()) }
        + counts.map { (Routers.urlWithQueryItems(0), Routers.extraParameters($0)) }
    let fastest = fastestRounds(rounds, count: cases.count) { index in
        if Routers.routeOnce(router, cases[index].0, parameters: cases[index].1) != 1 {
            fatalError("not handled")
        }
    }
    let micro = fastest.map { nanoseconds($0) / 1_000 }
    print("params.dictionary and params.count, fastest of \(rounds) alternating rounds:")
    print(
        "  1,000 query items \(format(micro[0])) µs, 4,000: \(format(micro[1])) µs, ratio \(format(micro[1] / micro[0], digits: 2))"
    )
    print(
        "  1,000 extra parameters \(format(micro[2])) µs, 4,000: \(format(micro[3])) µs, ratio \(format(micro[3] / micro[2], digits: 2))"
    )

case "case":
    let rest = Array(arguments.dropFirst())
    guard rest.count == 3, let measured = cases[rest[0]], let n = Int(rest[1]), let lookups = Int(rest[2])
    else { usage() }
    let workload = Workload(routeCount: n, mix: .mixed)
    let count = urls(workload, measured.hits).count
    let expected = measured.hits == false ? 0 : measured.hits == true ? count : workload.expectedHits
    let repetitions = max(1, (lookups + count - 1) / count)
    let loop = measured.make(workload, repetitions)
    let warm = loop.warmUp()
    let handled = loop.measure()
    if warm != expected || handled != expected * repetitions {
        fatalError(
            "\(rest[0]): handled \(warm) and \(handled), expected \(expected) and \(expected * repetitions)")
    }
    print("case \(rest[0]) N \(n) lookups \(repetitions * count) values-per-hit \(workload.valuesPerHit)")

case "scale":
    let rest = Array(arguments.dropFirst())
    guard (1...2).contains(rest.count), let rounds = Int(rest[0]),
        let lookups = rest.count == 2 ? Int(rest[1]) : Workload.lookupsPerIteration
    else { usage() }
    let sizes = [10, 1_000_000]
    let workloads = sizes.map { Workload(routeCount: $0, mix: .mixed, lookups: lookups) }
    let routers = workloads.map { Routers.routes($0.patterns) }
    let fastest = fastestRounds(rounds, count: sizes.count) { index in
        let handled = Routers.lookUp(routers[index], strings: workloads[index].urls)
        if handled != workloads[index].expectedHits {
            fatalError("handled \(handled), expected \(workloads[index].expectedHits)")
        }
    }
    let perLookup = fastest.map { nanoseconds($0) / Double(lookups) }
    print(
        "scale: fastest of \(rounds) alternating rounds of \(lookups) lookups (mixed, handlers read nothing):"
    )
    for (size, time) in zip(sizes, perLookup) {
        print("  N \(size) \(format(time, digits: 1)) ns per lookup")
    }
    print("  ratio \(format(perLookup[1] / perLookup[0], digits: 2))")

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
