import Benchmark
import Foundation
import Logging
import RouterWorkload
import Routes
import RoutingKit

// Every lookup benchmark does the workload's 1,000 lookups per iteration, with `scalingFactor:
// .kilo`, so package-benchmark's scaled figures (marked `*`) are per lookup. Registration and
// memory benchmarks register 10,000 routes per iteration (figures are per iteration: divide by
// 10,000). Names are "<group>/<router>/<N>" so that Scripts/summarize.py can read them back.

/// Lookups: time and allocations. Only metrics that do not allocate themselves inside the measured
/// window (the OS-statistics ones, such as `.cpuTotal`, read /proc there and would add about 16
/// mallocs per iteration; `.instructions` needs perf events, which this machine lacks).
private let lookupMetrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, .mallocBytesCount]
/// Registration: time, allocations, and the bytes still allocated when measurement stops (the
/// router is alive then), i.e. what the 10,000 routes retain.
private let registrationMetrics: [BenchmarkMetric] = [
    .wallClock, .mallocCountTotal, .mallocBytesCount, .memoryLeakedBytes,
]

private func lookupConfiguration(_ metrics: [BenchmarkMetric], seconds: Int = 1) -> Benchmark.Configuration {
    .init(
        metrics: metrics, timeUnits: .nanoseconds, warmupIterations: 3, scalingFactor: .kilo,
        maxDuration: .seconds(seconds), maxIterations: 2_000)
}

private func registrationConfiguration() -> Benchmark.Configuration {
    .init(
        metrics: registrationMetrics, timeUnits: .microseconds, warmupIterations: 2, scalingFactor: .one,
        maxDuration: .seconds(2), maxIterations: 50)
}

/// Fails the benchmark (instead of measuring a broken workload) when a router handles the wrong
/// number of URLs.
private func check(_ benchmark: Benchmark, handled: Int, _ workload: Workload) {
    if handled != workload.expectedHits {
        benchmark.error("handled \(handled) of \(workload.urls.count) URLs, expected \(workload.expectedHits)")
    }
}

/// One route(to:) per iteration, on a URL or with extra parameters counted in thousands.
private func parametersConfiguration() -> Benchmark.Configuration {
    .init(
        metrics: lookupMetrics, timeUnits: .microseconds, warmupIterations: 3, scalingFactor: .one,
        maxDuration: .seconds(1), maxIterations: 2_000)
}

/// `<name>/<n>`: the mixed lookups of `n` routes, as strings, on a router made by `build`.
private func stringLookupBenchmark(
    _ name: String, routes n: Int, _ build: @escaping @Sendable ([String]) -> Routes.Router
) {
    Benchmark("\(name)/\(n)", configuration: lookupConfiguration(lookupMetrics)) {
        (benchmark: Benchmark, state: (Routes.Router, Workload)) in
        let (router, workload) = state
        benchmark.startMeasurement()
        let handled = Routers.lookUp(router, strings: workload.urls)
        benchmark.stopMeasurement()
        check(benchmark, handled: handled, workload)
    } setup: {
        let workload = Workload(routeCount: n, mix: .mixed)
        return (build(workload.patterns), workload)
    }
}

/// `Parameters/<kind>-dictionary/<count>`: one URL routed to a handler that reads
/// `params.dictionary` and `params.count`, with `count` query items or extra parameters.
private func dictionaryBenchmark(queryItems: Int, extra: Int) {
    let name = queryItems > 0 ? "Parameters/query-dictionary/\(queryItems)" : "Parameters/extra-dictionary/\(extra)"
    Benchmark(name, configuration: parametersConfiguration()) {
        (benchmark: Benchmark, state: (Routes.Router, String, [String: Any])) in
        let (router, url, parameters) = state
        benchmark.startMeasurement()
        let handled = Routers.routeOnce(router, url, parameters: parameters)
        benchmark.stopMeasurement()
        if handled != 1 { benchmark.error("\(url.prefix(40))... not handled") }
    } setup: {
        (Routers.routesReadingDictionary(), Routers.urlWithQueryItems(queryItems), Routers.extraParameters(extra))
    }
}

let benchmarks: @Sendable () -> Void = {
    // The harness itself: an empty iteration. Its allocations must read 0, so that the lookup
    // benchmarks' allocation counts are the router's alone.
    Benchmark("Harness/empty/0", configuration: lookupConfiguration(lookupMetrics)) { _ in }

    for n in Workload.routeCounts {
        // 1. Routes, `route(to: String)`.
        stringLookupBenchmark("Lookup/Routes-String", routes: n, Routers.routes)

        // 2. Routes, `route(to: URL)` with URLs built before measuring.
        Benchmark("Lookup/Routes-URL/\(n)", configuration: lookupConfiguration(lookupMetrics)) {
            (benchmark: Benchmark, state: (Routes.Router, [URL], Workload)) in
            let (router, urls, workload) = state
            benchmark.startMeasurement()
            let handled = Routers.lookUp(router, urls: urls)
            benchmark.stopMeasurement()
            check(benchmark, handled: handled, workload)
        } setup: {
            let workload = Workload(routeCount: n, mix: .mixed)
            return (Routers.routes(workload.patterns), workload.urls.map { URL(string: $0)! }, workload)
        }

        // 3. routing-kit's TrieRouter on components split before measuring.
        Benchmark("Lookup/RoutingKit/\(n)", configuration: lookupConfiguration(lookupMetrics)) {
            (benchmark: Benchmark, state: (TrieRouter<Routers.TrieHandler>, Logger, Workload)) in
            let (router, logger, workload) = state
            benchmark.startMeasurement()
            let handled = Routers.lookUp(router, paths: workload.pathComponents, logger: logger)
            benchmark.stopMeasurement()
            check(benchmark, handled: handled, workload)
        } setup: {
            let workload = Workload(routeCount: n, mix: .mixed)
            return (Routers.trie(workload.patterns), Logger(label: "benchmark"), workload)
        }

        // 4. The linear reference (JLRoutes-style scan of every route).
        Benchmark("Lookup/Linear/\(n)", configuration: lookupConfiguration(lookupMetrics, seconds: 2)) {
            (benchmark: Benchmark, state: (LinearReferenceRouter, Workload)) in
            let (router, workload) = state
            benchmark.startMeasurement()
            let handled = Routers.lookUp(router, strings: workload.urls)
            benchmark.stopMeasurement()
            check(benchmark, handled: handled, workload)
        } setup: {
            let workload = Workload(routeCount: n, mix: .mixed)
            return (Routers.linear(workload.patterns), workload)
        }
    }

    // 4b. Templates without fixed text at either end, all in one place (`/p/{a}-k{i}-{b}`):
    // flat in the number of templates, as the lookups above are in the number of routes.
    for n in Workload.routeCounts {
        Benchmark("Lookup/Routes-Templates/\(n)", configuration: lookupConfiguration(lookupMetrics)) {
            (benchmark: Benchmark, state: (Routes.Router, TemplateWorkload)) in
            let (router, workload) = state
            benchmark.startMeasurement()
            let handled = Routers.lookUp(router, strings: workload.urls)
            benchmark.stopMeasurement()
            let expected = workload.urls(hits: true).count
            if handled != expected {
                benchmark.error("handled \(handled) of \(workload.urls.count) URLs, expected \(expected)")
            }
        } setup: {
            let workload = TemplateWorkload(routeCount: n)
            return (Routers.templates(workload.patterns), workload)
        }
    }

    // 5 and 6. Registration of 10,000 routes: time, and bytes retained (memory per route).
    let registered = 10_000
    Benchmark("Register/Routes/\(registered)", configuration: registrationConfiguration()) { (benchmark: Benchmark, patterns: [String]) in
        benchmark.startMeasurement()
        let router = Routers.routes(patterns)
        benchmark.stopMeasurement()
        withExtendedLifetime(router) {}
    } setup: {
        Workload(routeCount: registered, mix: .hits).patterns
    }

    Benchmark("Register/RoutingKit/\(registered)", configuration: registrationConfiguration()) {
        (benchmark: Benchmark, patterns: [String]) in
        benchmark.startMeasurement()
        let router = Routers.trie(patterns)
        benchmark.stopMeasurement()
        withExtendedLifetime(router) {}
    } setup: {
        Workload(routeCount: registered, mix: .hits).patterns
    }

    // 7. Allocations per lookup, hits and misses apart, at 10,000 routes.
    for mix in [Workload.Mix.hits, .misses] {
        Benchmark("Allocations/Routes-String-\(mix.rawValue)/\(registered)",
                  configuration: lookupConfiguration(lookupMetrics)) {
            (benchmark: Benchmark, state: (Routes.Router, Workload)) in
            let (router, workload) = state
            benchmark.startMeasurement()
            let handled = Routers.lookUp(router, strings: workload.urls)
            benchmark.stopMeasurement()
            check(benchmark, handled: handled, workload)
        } setup: {
            let workload = Workload(routeCount: registered, mix: mix)
            return (Routers.routes(workload.patterns), workload)
        }

        Benchmark("Allocations/Routes-URL-\(mix.rawValue)/\(registered)",
                  configuration: lookupConfiguration(lookupMetrics)) {
            (benchmark: Benchmark, state: (Routes.Router, [URL], Workload)) in
            let (router, urls, workload) = state
            benchmark.startMeasurement()
            let handled = Routers.lookUp(router, urls: urls)
            benchmark.stopMeasurement()
            check(benchmark, handled: handled, workload)
        } setup: {
            let workload = Workload(routeCount: registered, mix: mix)
            return (Routers.routes(workload.patterns), workload.urls.map { URL(string: $0)! }, workload)
        }

        Benchmark("Allocations/RoutingKit-\(mix.rawValue)/\(registered)",
                  configuration: lookupConfiguration(lookupMetrics)) {
            (benchmark: Benchmark, state: (TrieRouter<Routers.TrieHandler>, Logger, Workload)) in
            let (router, logger, workload) = state
            benchmark.startMeasurement()
            let handled = Routers.lookUp(router, paths: workload.pathComponents, logger: logger)
            benchmark.stopMeasurement()
            check(benchmark, handled: handled, workload)
        } setup: {
            let workload = Workload(routeCount: registered, mix: mix)
            return (Routers.trie(workload.patterns), Logger(label: "benchmark"), workload)
        }
    }

    // 8. Handlers that read their one or two values against handlers that read nothing: the same
    // 1,000 routes and URLs, in the same run. The target is ReadValues / ReadNothing <= 1.5.
    stringLookupBenchmark("Handlers/Routes-ReadNothing", routes: 1_000, Routers.routes)
    stringLookupBenchmark("Handlers/Routes-ReadValues", routes: 1_000, Routers.routesReadingValues)

    // 9. params.dictionary and params.count are linear in the number of parameters: 4,000 query
    // items (or extra parameters) cost about 4 times what 1,000 cost.
    for count in [1_000, 4_000] {
        dictionaryBenchmark(queryItems: count, extra: 0)
        dictionaryBenchmark(queryItems: 0, extra: count)
    }
}
