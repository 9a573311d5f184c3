import Foundation
import Testing

@testable import Routes
@testable import RoutesTestSupport

/// The promises of guards, the router's queue and routing events (the "Guards, redirects and
/// events" article and the "Routing rules" article, *Guards and redirects* and *Suspending
/// routing*): guards are asked in registration order, each once; a kept or held URL remembers a
/// scheme, never a table; an event is sent only for what happened, once the router is
/// consistent, and every decision is exactly one event; the queue keeps the newest URLs within
/// its limit. Callbacks may call the router's API.
@MainActor @Suite struct QueueAndEventPromisesTests {
    let router = Router()
    let log = AsyncLog()

    final class Events {
        var all: [RoutingEvent] = []
        var summary: [String] {
            all.map { event in
                let kind =
                    switch event.kind {
                    case .redirected(let target): "redirected to \(target.absoluteString)"
                    default: "\(event.kind)"
                    }
                return "\(kind) \(event.url.absoluteString)"
            }
        }

        func take() -> [String] {
            defer { all = [] }
            return summary
        }
    }

    /// Records every event; `react` runs after each is recorded.
    func observed(_ react: @escaping (RoutingEvent) -> Void = { _ in }) -> Events {
        let events = Events()
        router.onEvent = { event in
            events.all.append(event)
            react(event)
        }
        return events
    }

    func handler(_ label: String) -> RouteHandler {
        { [log] params in
            log.append("\(label) \(params.url.absoluteString)")
            return true
        }
    }

    func asking(_ label: String, _ decision: RouteGuardDecision = .proceed) -> (RouteParameters) ->
        RouteGuardDecision
    {
        { [log] _ in
            log.append(label)
            return decision
        }
    }

    // MARK: Guard order

    // Regression: after a removal a new guard took the sequence number of a remaining one and
    // was asked before it.
    @Test func guardsAreAskedInRegistrationOrderAfterARemoval() {
        router.myapp.add(pattern: "/:any") { _ in true }
        router.myapp.addGuard(for: "/a", asking("a"))
        router.myapp.addGuard(for: "/b", asking("b"))
        router.myapp.addGuard(for: "/:x", asking("x"))
        router.myapp.removeGuards(for: "/a")
        router.myapp.removeGuards(for: "/b")
        router.myapp.addGuard(for: "/:y", asking("y"))
        #expect(router.route(to: "myapp://z"))
        #expect(log.take() == ["x", "y"])
        #expect(router.myapp.guardPatterns == ["/:x", "/:y"])
    }

    // Regression: the expansions of `/a(/*)` were split by a guard added after a removal, and
    // the guard was asked twice.
    @Test func aGuardWithOptionalGroupsIsAskedOnceAfterARemoval() {
        router.myapp.add(pattern: "/:any") { _ in true }
        router.myapp.addGuard(for: "/z1", asking("z1"))
        router.myapp.addGuard(for: "/z2", asking("z2"))
        router.myapp.addGuard(for: "/a(/*)", asking("a"))
        router.myapp.removeGuards(for: "/z1")
        router.myapp.removeGuards(for: "/z2")
        router.myapp.addGuard(for: "/:p", asking("p"))
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["a", "p"])
        router.myapp.addGuard(for: "/a", asking("a again"))
        #expect(router.route(to: "myapp://a"))
        #expect(log.take() == ["a", "p", "a again"])
    }

    // MARK: What a kept or held URL remembers

    /// The routes and guard of `myapp`; the guard holds until `isSignedIn`.
    func addAccount(_ label: String, isSignedIn: @escaping () -> Bool) {
        router.myapp.add(pattern: "/account/:tab", handler: handler(label))
        router.myapp.addGuard(for: "/account/*") { _ in isSignedIn() ? .proceed : .hold }
    }

    // Regression: the held URL kept the removed table, whose guard held it again on every resume.
    @Test func aHeldURLIsResumedThroughTheTableOfItsSchemeAsItIsThen() {
        addAccount("removed") { false }
        #expect(router.route(to: "myapp://account/billing"))
        router.unregister(scheme: "myapp")
        addAccount("added again") { true }
        router.resume()
        #expect(log.take() == ["added again myapp://account/billing"])
        #expect(router.keptURLs.isEmpty)
    }

    // Regression: a URL the global table held before `myapp` had a table went back to the global
    // table, while one kept during a suspension went to `myapp`.
    @Test func heldAndKeptURLsAreResumedAlikeThroughTheTablesAsTheyAreThen() {
        var isSignedIn = false
        router.default.add(pattern: "/account/:tab", handler: handler("global"))
        router.default.addGuard(for: "/account/*") { _ in isSignedIn ? .proceed : .hold }
        #expect(router.route(to: "myapp://account/held"))
        router.suspend()
        #expect(router.route(to: "myapp://account/kept"))
        router.myapp.add(pattern: "/account/:tab", handler: handler("myapp"))
        isSignedIn = true
        router.resume()
        #expect(log.take() == ["myapp myapp://account/held", "myapp myapp://account/kept"])
    }

    @Test func aURLRoutedThroughATableIsResumedThroughTheTableOfThatScheme() {
        router.alpha.add(pattern: "/x", handler: handler("alpha"))
        router.myapp.add(pattern: "/x", handler: handler("myapp"))
        router.default.add(pattern: "/x", handler: handler("global"))
        router.suspend()
        #expect(router.alpha.route(to: "myapp://x"))
        #expect(router.default.route(to: "myapp://x"))
        router.resume()
        #expect(log.take() == ["alpha myapp://x", "global myapp://x"])

        // A table that no longer exists: the table the router chooses for that scheme.
        router.suspend()
        #expect(router.alpha.route(to: "myapp://x"))
        router.unregister(scheme: "alpha")
        router.resume()
        #expect(log.take() == ["global myapp://x"])
    }

    @Test func aURLATableHeldIsHeldAgainByTheTableOfThatScheme() {
        var isSignedIn = false
        router.alpha.add(pattern: "/account/:tab", handler: handler("alpha"))
        router.alpha.addGuard(for: "/account/*") { _ in isSignedIn ? .proceed : .hold }
        router.myapp.add(pattern: "/account/:tab", handler: handler("myapp"))
        #expect(router.alpha.route(to: "myapp://account/a"))
        router.resume()  // held again, through alpha
        #expect(router.keptURLs.map(\.absoluteString) == ["myapp://account/a"])
        isSignedIn = true
        router.resume()
        #expect(log.take() == ["alpha myapp://account/a"])
    }

    @Test func routeMapResumeResolvesHeldURLsThroughTheTablesAsTheyAreThen() {
        let screens = RouteMap<String>()
        screens.myapp.add(pattern: "/account/:tab") { _ in "removed" }
        screens.myapp.addGuard(for: "/account/*") { _ in .hold }
        #expect(screens.resolve("myapp://account/billing") == nil)
        screens.unregister(scheme: "myapp")
        screens.myapp.add(pattern: "/account/:tab") { params in params.string("tab") }
        #expect(screens.resumeResolving() == ["billing"])
        #expect(screens.keptURLs.isEmpty)
    }

    // MARK: One event for what happened

    // Regression: with a limit of 0 a guard's hold was reported as dropped, then held.
    @Test func aURLTheQueueCannotHoldIsDroppedNotHeld() {
        let events = observed()
        router.myapp.add(pattern: "/account/:tab") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in .hold }
        router.suspend(keepingAtMost: 0)
        router.resume()
        #expect(router.route(to: "myapp://account/a") == false)
        #expect(events.take() == ["dropped myapp://account/a"])
        #expect(router.keptURLs.isEmpty)

        let screens = RouteMap<Int>()
        let mapEvents = Events()
        screens.onEvent = { mapEvents.all.append($0) }
        screens.myapp.add(pattern: "/account/:tab") { _ in 1 }
        screens.myapp.addGuard(for: "/account/*") { _ in .hold }
        screens.suspend(keepingAtMost: 0)
        screens.resume()
        #expect(screens.resolve("myapp://account/a") == nil)
        #expect(mapEvents.take() == ["dropped myapp://account/a"])
    }

    // Regression: a guard's redirect to text that is not a URL was only logged.
    @Test func aGuardRedirectToTextThatIsNotAURLRefusesTheURL() {
        let events = observed()
        router.myapp.add(pattern: "/beta/*") { _ in true }
        router.myapp.addGuard(for: "/beta/*") { _ in .redirect(to: "") }
        #expect(router.route(to: "myapp://beta/x") == false)
        #expect(events.take() == ["refused myapp://beta/x"])
        router.myapp.removeGuards(for: "/beta/*")
        router.myapp.addGuard(for: "/beta/*") { _ in .redirect(to: "myapp://x y") }
        #expect(router.route(to: "myapp://beta/x") == false)
        #expect(events.all.map(\.pattern) == ["/beta/*"])
        #expect(events.all.map(\.kind) == [.refused])
    }

    // MARK: Events in order

    // Regression: an observer resuming on `.dropped` (the docs' example) received `.held b`
    // after `b` was routed.
    @Test func aHoldIsReportedBeforeTheDropItCausedAndBeforeWhatAnObserverStarts() {
        var isSignedIn = false
        let events = observed { [unowned router] event in
            if event.kind == .dropped {
                isSignedIn = true
                router.resume()
            }
        }
        router.myapp.add(pattern: "/account/:tab") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in isSignedIn ? .proceed : .hold }
        router.suspend(keepingAtMost: 1)
        router.resume()
        #expect(router.route(to: "myapp://account/a"))
        #expect(router.route(to: "myapp://account/b"))
        #expect(
            events.take() == [
                "held myapp://account/a", "held myapp://account/b", "dropped myapp://account/a",
                "resumed myapp://account/b", "routed myapp://account/b",
            ])
        #expect(router.keptURLs.isEmpty)
    }

    @Test func aKeptURLIsReportedBeforeTheDropItCausedAndBeforeWhatAnObserverStarts() {
        let events = observed { [unowned router] event in
            if event.kind == .dropped { router.resume() }
        }
        router.myapp.add(pattern: "/n/:id") { _ in true }
        router.suspend(keepingAtMost: 1)
        #expect(router.route(to: "myapp://n/1"))
        #expect(router.route(to: "myapp://n/2"))
        #expect(
            events.take() == [
                "kept myapp://n/1", "kept myapp://n/2", "dropped myapp://n/1", "resumed myapp://n/2",
                "routed myapp://n/2",
            ])
    }

    // MARK: A full queue

    @Test func aFullQueueDropsTheOldestURLOneAtATime() {
        let events = observed()
        router.myapp.add(pattern: "/n/:id", handler: handler("n"))
        router.suspend(keepingAtMost: 3)
        for id in 1...1000 { #expect(router.route(to: "myapp://n/\(id)")) }
        let dropped = events.all.filter { $0.kind == .dropped }.map(\.url.absoluteString)
        #expect(dropped == (1...997).map { "myapp://n/\($0)" })
        #expect(events.all.filter { $0.kind == .kept }.count == 1000)
        #expect(
            router.keptURLs.map(\.absoluteString) == ["myapp://n/998", "myapp://n/999", "myapp://n/1000"])
        router.resume()
        #expect(log.take() == ["n myapp://n/998", "n myapp://n/999", "n myapp://n/1000"])
        #expect(router.keptURLs.isEmpty)
    }

    @Test func aFloodOfHeldURLsKeepsTheNewestInArrivalOrder() {
        var isSignedIn = false
        router.myapp.add(pattern: "/n/:id", handler: handler("n"))
        router.myapp.addGuard(for: "/n/*") { _ in isSignedIn ? .proceed : .hold }
        for id in 1...500 { #expect(router.route(to: "myapp://n/\(id)")) }
        #expect(router.keptURLs.map(\.absoluteString) == (485...500).map { "myapp://n/\($0)" })
        router.resume()  // each held again, in order
        #expect(router.keptURLs.map(\.absoluteString) == (485...500).map { "myapp://n/\($0)" })
        isSignedIn = true
        router.resume()
        #expect(log.take() == (485...500).map { "n myapp://n/\($0)" })
    }

    @Test func urlsRoutedWhileDrainingQueueBehindAndDropTheOldestFirst() {
        router.myapp.add(pattern: "/n/:id", handler: handler("n"))
        router.myapp.add(pattern: "/flood") { [unowned router] _ in
            for id in 100..<110 { router.route(to: "myapp://n/\(id)") }
            return true
        }
        router.suspend(keepingAtMost: 4)
        router.route(to: "myapp://flood")
        for id in 1...3 { router.route(to: "myapp://n/\(id)") }
        router.resume()
        // The flood queues 10 URLs behind 1, 2, 3 with room for 4: the oldest go first.
        #expect(log.take() == (106..<110).map { "n myapp://n/\($0)" })
    }

    @Test func loweringTheLimitWhileDrainingDropsTheHeldAgainURLsFirst() {
        var holds = true
        router.myapp.add(pattern: "/n/:id", handler: handler("n"))
        router.myapp.addGuard(for: "/n/:id") { params in
            holds && params.int("id")! <= 2 ? .hold : .proceed
        }
        router.myapp.add(pattern: "/stop") { [unowned router] _ in
            router.suspend(keepingAtMost: 3)
            return true
        }
        router.suspend(keepingAtMost: 10)
        for id in 1...3 { router.route(to: "myapp://n/\(id)") }
        router.route(to: "myapp://stop")
        for id in 4...6 { router.route(to: "myapp://n/\(id)") }
        router.resume()
        // 1 and 2 held again, 3 routed, then the limit of 3 keeps the newest of 1, 2, 4, 5, 6;
        // the held-again URLs are the oldest.
        #expect(log.take() == ["n myapp://n/3"])
        #expect(router.keptURLs.map(\.absoluteString) == ["myapp://n/4", "myapp://n/5", "myapp://n/6"])
        holds = false
        router.suspend(keepingAtMost: 16)
        for id in 7...8 { router.route(to: "myapp://n/\(id)") }
        router.resume()
        #expect(log.take() == (4...8).map { "n myapp://n/\($0)" })
    }

    @Test func heldAgainURLsWaitAheadOfLaterOnesAndRaisingTheLimitKeepsThemAll() {
        var holds = true
        router.myapp.add(pattern: "/n/:id", handler: handler("n"))
        router.myapp.addGuard(for: "/n/:id") { params in
            holds && params.int("id")! % 2 == 0 ? .hold : .proceed
        }
        router.myapp.add(pattern: "/more") { [unowned router] _ in
            router.suspend(keepingAtMost: 100)
            for id in 20..<23 { router.route(to: "myapp://n/\(id)") }
            return true
        }
        router.suspend(keepingAtMost: 50)
        for id in 1...6 { router.route(to: "myapp://n/\(id)") }
        router.route(to: "myapp://more")
        for id in 7...8 { router.route(to: "myapp://n/\(id)") }
        router.resume()
        #expect(log.take() == ["n myapp://n/1", "n myapp://n/3", "n myapp://n/5"])
        #expect(
            router.keptURLs.map(\.absoluteString)
                == [2, 4, 6, 7, 8, 20, 21, 22].map { "myapp://n/\($0)" })
        holds = false
        router.resume()
        #expect(log.take() == [2, 4, 6, 7, 8, 20, 21, 22].map { "n myapp://n/\($0)" })
    }

    /// The queue as a plain model: two arrays, the held-again URLs first.
    struct QueueModel {
        var isSuspended = false
        var isDraining = false
        var limit = 16
        var urls: [Int] = []
        var heldAgain: [Int] = []
        var all: [Int] { heldAgain + urls }

        mutating func dropExcess() -> [Int] {
            let excess = max(all.count - limit, 0)
            let dropped = Array(all.prefix(excess))
            let fromHeldAgain = min(excess, heldAgain.count)
            heldAgain.removeFirst(fromHeldAgain)
            urls.removeFirst(excess - fromHeldAgain)
            return dropped
        }
    }

    @Test func theQueueMatchesAPlainModelThroughRandomOperations() {
        var generator = SeededGenerator(seed: 7)
        var queue = RoutingQueue()
        var model = QueueModel()
        func kept(_ id: Int) -> KeptURL {
            KeptURL(parts: URLParts(string: "myapp://n/\(id)")!, parameters: [:], scheme: nil)
        }
        func ids(_ urls: [KeptURL]) -> [Int] { urls.map { Int($0.parts.text.dropFirst(10))! } }
        var nextID = 0
        for _ in 0..<20_000 {
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<55:
                let untilNextResume = Bool.random(using: &generator)
                if untilNextResume && model.isDraining {
                    model.heldAgain.append(nextID)
                } else {
                    model.urls.append(nextID)
                }
                #expect(ids(queue.hold(kept(nextID), untilNextResume: untilNextResume)) == model.dropExcess())
                nextID += 1
            case 55..<80:
                let next = model.isSuspended || model.urls.isEmpty ? nil : model.urls.removeFirst()
                #expect(queue.next().map { ids([$0])[0] } == next)
            case 80..<86:
                model.isSuspended = true
                model.limit = Int.random(in: 0...40, using: &generator)
                #expect(ids(queue.suspend(keepingAtMost: model.limit)) == model.dropExcess())
            case 86..<91:
                #expect(queue.endSuspension() == model.isSuspended)
                model.isSuspended = false
            case 91..<95:
                queue.beginDraining()
                model.isDraining = true
            case 95..<99:
                queue.endDraining()
                model.isDraining = false
                model.urls = model.heldAgain + model.urls
                model.heldAgain = []
            default:
                #expect(ids(queue.removeAll()) == model.all)
                model.urls = []
                model.heldAgain = []
            }
            #expect(ids(queue.all) == model.all)
            #expect(queue.count <= model.limit)
        }
        #expect(ids(queue.all) == model.all)
    }

    // MARK: Callbacks that call the router

    @Test func anObserverThatResumesOnEveryHoldDoesNotLoop() {
        let events = observed { [unowned router] event in
            if event.kind == .held { router.resume() }
        }
        router.myapp.add(pattern: "/account/:tab") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in .hold }
        #expect(router.route(to: "myapp://account/a"))
        #expect(
            events.take() == [
                "held myapp://account/a", "resumed myapp://account/a", "held myapp://account/a",
            ])
        #expect(router.keptURLs.map(\.absoluteString) == ["myapp://account/a"])
    }

    @Test func anObserverThatDiscardsOnHoldDropsTheURLItWasToldOf() {
        let events = observed { [unowned router] event in
            if event.kind == .held { router.discardKeptURLs() }
        }
        router.myapp.add(pattern: "/account/:tab") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in .hold }
        #expect(router.route(to: "myapp://account/a"))
        #expect(events.take() == ["held myapp://account/a", "dropped myapp://account/a"])
        #expect(router.keptURLs.isEmpty)
        router.resume()
        #expect(events.take() == [])
    }

    @Test func anObserverThatUnregistersTheHoldingTableOnHold() {
        let events = observed { [unowned router] event in
            if event.kind == .held { router.unregister(scheme: "myapp") }
        }
        router.myapp.add(pattern: "/account/:tab", handler: handler("myapp"))
        router.myapp.addGuard(for: "/account/*") { _ in .hold }
        router.default.add(pattern: "/account/:tab", handler: handler("global"))
        #expect(router.route(to: "myapp://account/a"))
        #expect(router.schemes.isEmpty)
        router.resume()
        #expect(log.take() == ["global myapp://account/a"])
        #expect(events.take().last == "routed myapp://account/a")
    }

    @Test func anObserverThatSuspendsOnResumedKeepsTheRest() {
        var suspendsOnce = true
        let events = observed { [unowned router] event in
            if event.kind == .resumed && suspendsOnce {
                suspendsOnce = false
                router.suspend(keepingAtMost: 1)
            }
        }
        router.myapp.add(pattern: "/n/:id", handler: handler("n"))
        router.suspend()
        for id in 1...3 { router.route(to: "myapp://n/\(id)") }
        _ = events.take()
        router.resume()
        // 1 was taken from the queue before the observer suspended: it is routed; of 2 and 3,
        // the limit of 1 keeps 3.
        #expect(log.take() == ["n myapp://n/1"])
        #expect(router.keptURLs.map(\.absoluteString) == ["myapp://n/3"])
        #expect(events.take() == ["resumed myapp://n/1", "dropped myapp://n/2", "routed myapp://n/1"])
        router.resume()
        #expect(log.take() == ["n myapp://n/3"])
    }

    @Test func aGuardThatResumesWhileItDecides() {
        var isSignedIn = false
        router.myapp.add(pattern: "/account/:tab", handler: handler("account"))
        router.myapp.add(pattern: "/signin") { _ in true }
        router.myapp.addGuard(for: "/account/*") { _ in isSignedIn ? .proceed : .hold }
        router.myapp.addGuard(for: "/signin") { [unowned router] _ in
            isSignedIn = true
            router.resume()  // routes the held link while this guard decides
            return .proceed
        }
        #expect(router.route(to: "myapp://account/a"))
        #expect(router.route(to: "myapp://signin"))
        #expect(log.take() == ["account myapp://account/a"])
        #expect(router.keptURLs.isEmpty)
    }

    @Test func anObserverThatResumesOnKeptRoutesAtOnce() {
        let events = observed { [unowned router] event in
            if event.kind == .kept { router.resume() }
        }
        router.myapp.add(pattern: "/n/:id", handler: handler("n"))
        router.suspend()
        #expect(router.route(to: "myapp://n/1"))
        #expect(log.take() == ["n myapp://n/1"])
        #expect(events.take() == ["kept myapp://n/1", "resumed myapp://n/1", "routed myapp://n/1"])
    }

    @Test func aGuardThatUnregistersItsOwnTableAndHolds() {
        router.myapp.add(pattern: "/account/:tab", handler: handler("removed"))
        router.myapp.addGuard(for: "/account/*") { [unowned router] _ in
            router.unregister(scheme: "myapp")
            return .hold
        }
        #expect(router.route(to: "myapp://account/a"))
        router.myapp.add(pattern: "/account/:tab", handler: handler("added again"))
        router.resume()
        #expect(log.take() == ["added again myapp://account/a"])
    }

    @Test func aGuardThatDiscardsAndSuspendsBeforeItHolds() {
        let events = observed()
        router.myapp.add(pattern: "/n/:id", handler: handler("n"))
        router.myapp.addGuard(for: "/n/:id") { [unowned router] params in
            guard params.int("id") == 3 else { return .proceed }
            router.discardKeptURLs()
            router.suspend(keepingAtMost: 1)
            return .hold
        }
        router.suspend()
        for id in 1...2 { router.route(to: "myapp://n/\(id)") }
        router.route(to: "myapp://n/3")
        router.resume()  // 1, 2 routed; 3 discards nothing, suspends, and is held
        #expect(log.take() == ["n myapp://n/1", "n myapp://n/2"])
        #expect(router.keptURLs.map(\.absoluteString) == ["myapp://n/3"])
        #expect(events.take().suffix(2) == ["resumed myapp://n/3", "held myapp://n/3"])
        router.route(to: "myapp://n/4")  // suspended, limit 1: 4 pushes 3 out
        #expect(events.take() == ["kept myapp://n/4", "dropped myapp://n/3"])
        router.resume()
        #expect(log.take() == ["n myapp://n/4"])
    }

    @Test func awaitedRoutingKeepsTheSamePromises() async {
        let events = observed()
        router.myapp.add(pattern: "/account/:tab", handler: handler("removed"))
        router.myapp.addGuard(for: "/account/*") { _ async in .hold }
        #expect(await router.route(to: "myapp://account/a"))
        #expect(events.take() == ["held myapp://account/a"])
        router.unregister(scheme: "myapp")
        router.myapp.add(pattern: "/account/:tab", handler: handler("added again"))
        await router.resume()
        #expect(log.take() == ["added again myapp://account/a"])

        router.myapp.addGuard(for: "/account/*") { _ async in .hold }
        router.suspend(keepingAtMost: 0)
        await router.resume()
        #expect(await router.route(to: "myapp://account/b") == false)
        router.myapp.addGuard(for: "/beta") { _ async in .redirect(to: "") }
        router.myapp.add(pattern: "/beta") { _ in true }
        #expect(await router.route(to: "myapp://beta") == false)
        #expect(
            events.take() == [
                "resumed myapp://account/a", "routed myapp://account/a", "dropped myapp://account/b",
                "refused myapp://beta",
            ])
    }
}
