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
//   RouterProfile lookup <routes|url|trie|linear> <N> <mixed|hits|misses> <repetitions>
//   RouterProfile register <routes|trie> <N> <repetitions>
//   RouterProfile memory <N>
//
// Under callgrind, collect only the lookups with
//   --toggle-collect='$s14RouterWorkload7RoutersO6lookUp*'
// or only the registrations with
//   --toggle-collect='$s14RouterWorkload7RoutersO6routes*' (ours), '...O4trie*' (routing-kit)
// (Scripts/profile.sh does this).

let arguments = CommandLine.arguments.dropFirst()

func usage() -> Never {
    print("usage: RouterProfile lookup <routes|url|trie|linear> <N> <mixed|hits|misses> <repetitions>")
    print("       RouterProfile register <routes|trie> <N> <repetitions>")
    print("       RouterProfile memory <N>")
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

default:
    usage()
}
