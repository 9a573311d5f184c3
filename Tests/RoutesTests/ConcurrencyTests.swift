import Dispatch
import Foundation
import Testing

@testable import Routes

/// Many routers at once, one per thread or task (a `Router` is not `Sendable`, so each is made
/// where it is used): if the library had hidden shared mutable state (a cache, a static buffer, a
/// counter), results would mix up here, and the thread sanitizer would report the race
/// (`swift test --sanitize=thread`).
@Suite struct ConcurrencyTests {
    @Test func routersOnManyThreads() {
        let workers = 16
        let results = ConcurrencyResults(count: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            results[worker] = ConcurrencyWorkload(worker: worker).run()
        }
        for worker in 0..<workers {
            #expect(results[worker] == ConcurrencyWorkload.expected(worker: worker), "worker \(worker)")
        }
    }

    @Test func routersOnThreadsStartedTogether() {
        // Plain threads, released at once, so that they really overlap.
        let workers = 8
        let results = ConcurrencyResults(count: workers)
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for worker in 0..<workers {
            done.enter()
            let thread = Thread {
                start.wait()
                results[worker] = ConcurrencyWorkload(worker: worker).run()
                done.leave()
            }
            thread.stackSize = 1 << 22
            thread.start()
        }
        for _ in 0..<workers { start.signal() }
        done.wait()
        for worker in 0..<workers {
            #expect(results[worker] == ConcurrencyWorkload.expected(worker: worker), "worker \(worker)")
        }
    }

    @Test func routersInManyTasks() async {
        let workers = 32
        let summaries = await withTaskGroup(of: (Int, ConcurrencySummary).self) { group in
            for worker in 0..<workers {
                group.addTask { (worker, ConcurrencyWorkload(worker: worker).run()) }
            }
            var summaries: [Int: ConcurrencySummary] = [:]
            for await (worker, summary) in group { summaries[worker] = summary }
            return summaries
        }
        #expect(summaries.count == workers)
        for worker in 0..<workers {
            #expect(summaries[worker] == ConcurrencyWorkload.expected(worker: worker), "worker \(worker)")
        }
    }

    /// The workload itself, alone: counts derived by hand from its routes, so that "the same as
    /// alone" in the other tests also means "right".
    @Test func workloadResultsAreRight() {
        // Worker 0: fallback on, "/user/:id(/:tab)" at priority 0. Rounds 0...30 accept 8 of the
        // 9 URLs ("nothing/here" is unmatched); from round 31, "/user/:id" replaces the group
        // pattern, so "user/V/tab" is unmatched too: 31 × 8 + 29 × 7 accepted, 31 + 29 × 2 unmatched.
        let even = ConcurrencyWorkload(worker: 0).run()
        #expect(even.accepted == 31 * 8 + 29 * 7)
        #expect(even.unmatched == 31 + 29 * 2)
        #expect(even.invalidPatterns == 2)
        #expect(even.logLines > 0)
        #expect(
            even.calls.prefix(9) == [
                #"view JLRoutePattern=/user/view/:id JLRouteScheme=w0 id=0-0 ref=["r0", "s"] round=0"#,
                "user JLRoutePattern=/user/:id/:tab JLRouteScheme=w0 id=0-0 round=0 tab=tab0",
                #"files JLRoutePattern=/files/* JLRouteScheme=w0 JLRouteWildcardComponents=["0-0", "café", "a b+c"] round=0"#,
                "global any JLRoutePattern=/:anything JLRouteScheme=JLRoutesGlobalRoutesScheme anything=w0 round=0 x=0-0 y=0",
                "own JLRoutePattern=/w0/:x# JLRouteScheme=w0 round=0 x=0-0",
                "decline JLRoutePattern=/decline/:x JLRouteScheme=w0 round=0 x=0-0",
                "global JLRoutePattern=/decline/:x JLRouteScheme=JLRoutesGlobalRoutesScheme round=0 x=0-0",
                "global any JLRoutePattern=/:anything JLRouteScheme=JLRoutesGlobalRoutesScheme anything=0-0 round=0",
                "global any JLRoutePattern=/:anything JLRouteScheme=JLRoutesGlobalRoutesScheme anything=not a url 0-0 round=0",
            ])
        #expect(
            even.calls.last
                == "global any JLRoutePattern=/:anything JLRouteScheme=JLRoutesGlobalRoutesScheme anything=not a url 0-59 round=59"
        )
        // Worker 1: no fallback, the group pattern at priority 1 (it wins "user/view/V": id=view).
        // Rounds 0...30 accept 6 URLs, later rounds 5.
        let odd = ConcurrencyWorkload(worker: 1).run()
        #expect(odd.accepted == 31 * 6 + 29 * 5)
        #expect(odd.unmatched == 31 * 3 + 29 * 4)
        #expect(
            odd.calls.first
                == #"user JLRoutePattern=/user/:id/:tab JLRouteScheme=w1 id=view ref=["r0", "s"] round=0 tab=1-0"#
        )
        #expect(
            odd.calls.contains(
                #"view JLRoutePattern=/user/view/:id JLRouteScheme=w1 id=1-31 ref=["r31", "s"] round=31"#))
        #expect(
            odd.calls.contains("user again JLRoutePattern=/user/:id JLRouteScheme=w1 id=1-31 round=31")
                == false)
    }

    @Test func routersOnActorsAndTheMainActor() async {
        // A router per actor, and one on the main actor, used in turns.
        let actors = (0..<8).map { ConcurrencyRouterActor(worker: $0) }
        async let main = ConcurrencyMainActorRouter.run(worker: 100)
        let summaries = await withTaskGroup(of: (Int, ConcurrencySummary).self) { group in
            for (worker, actor) in actors.enumerated() {
                group.addTask { (worker, await actor.run()) }
            }
            var summaries: [Int: ConcurrencySummary] = [:]
            for await (worker, summary) in group { summaries[worker] = summary }
            return summaries
        }
        for worker in 0..<actors.count {
            #expect(summaries[worker] == ConcurrencyWorkload.expected(worker: worker), "actor \(worker)")
        }
        #expect(await main == ConcurrencyWorkload.expected(worker: 100))
    }
}

// MARK: - Workload

/// What one worker's router did: comparable across threads, computed again for the check.
struct ConcurrencySummary: Equatable, Sendable {
    var accepted = 0
    var refused = 0
    var unmatched = 0
    var invalidPatterns = 0
    var logLines = 0
    /// Every handler call, as "label key=value ..." (keys sorted).
    var calls: [String] = []
}

/// Registers routes that depend on the worker, routes URLs that depend on it, and sums up.
/// Everything goes through one router made here, on the worker's thread.
struct ConcurrencyWorkload {
    let worker: Int
    static let rounds = 60

    func run() -> ConcurrencySummary {
        var summary = ConcurrencySummary()
        let router = Router()
        var calls: [String] = []
        var logLines = 0
        var unmatched = 0
        var invalid = 0
        router.logger = { _ in logLines += 1 }
        router.onInvalidPattern = { _ in invalid += 1 }
        let scheme = "w\(worker)"
        let table = router[scheme]
        table.shouldFallback = worker.isMultiple(of: 2)
        table.unmatchedHandler = { _, _ in unmatched += 1 }
        func record(_ label: String) -> RouteHandler {
            { params in
                let values = params.dictionary.filter { $0.key != Definition.Keys.url }
                    .map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
                calls.append("\(label) \(values)")
                return !label.hasPrefix("decline")
            }
        }
        table.add(pattern: "/user/view/:id", handler: record("view"))
        table.add(pattern: "/user/:id(/:tab)", priority: worker % 3, handler: record("user"))
        table.add(pattern: "/files/*", handler: record("files"))
        table.add(pattern: "/w\(worker)/:x#", handler: record("own"))
        table.add(pattern: "/decline/:x", priority: 5, handler: record("decline"))
        table.add(pattern: "/bad(/:x", handler: record("never"))
        table.add(pattern: "/a/*/b/*", handler: record("never"))
        router.default.add(pattern: "/decline/:x", handler: record("global"))
        router.default.add(pattern: "/:anything", priority: -1, handler: record("global any"))

        for round in 0..<ConcurrencyWorkload.rounds {
            let value = "\(worker)-\(round)"
            let urls = [
                "\(scheme)://user/view/\(value)?ref=r\(round)&ref=s",
                "\(scheme.uppercased())://user/\(value)/tab\(round % 4)",
                "\(scheme)://files/\(value)/caf%C3%A9/a+b%2Bc",
                "\(scheme)://w\(worker)#x=\(value)&y=\(round)",
                "\(scheme)://w\(worker)/\(value)",
                "\(scheme)://decline/\(value)",
                "\(scheme)://nothing/here/\(value)",
                "other://\(value)",
                "not a url \(value)",
            ]
            for url in urls {
                if router.route(to: url, parameters: ["round": round]) {
                    summary.accepted += 1
                } else if URL(string: url) == nil {
                    summary.refused += 1
                }
            }
            if round == ConcurrencyWorkload.rounds / 2 {
                // Change the tables halfway: removal, re-registration, a new scheme.
                table.remove(pattern: "/user/:id(/:tab)")
                table["/user/:id"] = record("user again")
                router.unregister(scheme: "unused")
                router["extra\(worker)"].add(pattern: "/x")
            }
        }
        summary.calls = calls
        summary.unmatched = unmatched
        summary.invalidPatterns = invalid
        summary.logLines = logLines
        return summary
    }

    /// The summary of the same workload run alone, once per worker.
    static func expected(worker: Int) -> ConcurrencySummary {
        ConcurrencyExpectations.shared.summary(worker: worker)
    }
}

/// The summaries of workloads run one at a time, on one thread, computed once.
final class ConcurrencyExpectations: @unchecked Sendable {
    static let shared = ConcurrencyExpectations()
    private let lock = NSLock()
    private var summaries: [Int: ConcurrencySummary] = [:]

    func summary(worker: Int) -> ConcurrencySummary {
        lock.lock()
        defer { lock.unlock() }
        if let summary = summaries[worker] { return summary }
        let summary = ConcurrencyWorkload(worker: worker).run()
        summaries[worker] = summary
        return summary
    }
}

/// Results written by worker threads, each to its own slot, under a lock.
final class ConcurrencyResults: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [ConcurrencySummary?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    subscript(index: Int) -> ConcurrencySummary? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return values[index]
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            values[index] = newValue
        }
    }
}

/// An actor that owns its router.
actor ConcurrencyRouterActor {
    let worker: Int

    init(worker: Int) { self.worker = worker }

    func run() -> ConcurrencySummary { ConcurrencyWorkload(worker: worker).run() }
}

/// A router on the main actor, as apps keep theirs.
@MainActor enum ConcurrencyMainActorRouter {
    static func run(worker: Int) -> ConcurrencySummary { ConcurrencyWorkload(worker: worker).run() }
}
