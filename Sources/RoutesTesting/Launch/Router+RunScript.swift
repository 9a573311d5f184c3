import Foundation

#if !ROUTES_ONE_MODULE
    import Routes
#endif

extension Router {
    /// Runs a script of an app's launch and sign-in on this router and reports the steps that
    /// differ from what was expected.
    ///
    /// Each step does what the app does (see ``LaunchStep``): `route(to:)` for a link,
    /// `suspend()` at a suspended launch, `resume()` when the UI is ready and after sign-in,
    /// `discardKeptURLs()` after sign-out. Handlers and guards run as in the app; a guard reads
    /// the app's state, which the sign-in and sign-out steps change. The events of each step
    /// are recorded as a link table's are: the router's ``Routes/Router/onEvent`` stays and
    /// receives them too (an observer that a handler sets meanwhile stays as well), and what a
    /// handler or observer routes meanwhile is the step's event but not its link's outcome. A
    /// link that reaches an `async` handler or guard is routed as the synchronous `route(to:)`
    /// routes it.
    ///
    /// ```swift
    /// var isSignedIn = false
    /// router.myapp.add(pattern: "/account/orders") { _ in true }
    /// router.myapp.addGuard(for: "/account/*") { _ in
    ///     isSignedIn ? .proceed : .hold
    /// }
    /// let orders: LinkExpectation<Never> =
    ///     .route(scheme: "myapp", pattern: "/account/orders")
    /// let report = router.run(script: [
    ///     .launch(suspended: true),
    ///     .open("myapp://account/orders", expect: .kept),
    ///     .uiReady(expect: ["myapp://account/orders": .held(by: "/account/*")]),
    ///     .signIn(expect: ["myapp://account/orders": orders]) {
    ///         isSignedIn = true
    ///     },
    ///     .signOut { isSignedIn = false },
    ///     .open("myapp://account/orders", expect: .held(by: "/account/*")),
    /// ])
    /// if !report.isEmpty { print(report) }  // in a test: #expect(report.isEmpty)
    /// ```
    /// - Parameters:
    ///   - script: the steps, in order, each with what the app should get.
    ///   - isolation: where links are routed and resumed, as by `route(to:)` and `resume()`;
    ///     the caller's, by default. On an actor, a link that reaches an `async` handler goes
    ///     on in a task, and its step reports so.
    /// - Returns: every step with its events, and each step or link that differs.
    @_disfavoredOverload
    public func run(
        script: [LaunchStep<Never>], isolation: isolated (any Actor)? = #isolation
    ) -> LaunchReport {
        recording { recorder in
            var run = LaunchRun<Never>(router: self, recorder: recorder, equal: nil)
            return run.run(
                script,
                open: { link, _ in .routed(self.route(to: link, isolation: isolation)) },
                resume: {
                    self.resume(isolation: isolation)
                    return nil
                })
        }
    }
}

extension RouteMap where Value: Equatable {
    /// Runs a script of an app's launch and sign-in on this map and reports the steps that
    /// differ from what was expected, values and stacks included.
    ///
    /// As ``Routes/Router/run(script:isolation:)``, as a map's app does it: a link is opened with
    /// ``Routes/RouteMap/open(_:parameters:)``, or with
    /// ``Routes/RouteMap/openStack(for:parameters:)`` when the step is
    /// ``LaunchStep/openStack(_:expect:)`` or expects a stack (a stack kept at a cold launch comes
    /// back whole from the resume), and the UI-ready and sign-in steps call
    /// ``Routes/RouteMap/resumeResolving()``. The values it returns are compared, in order,
    /// with those the step's ``LinkExpectation/value(_:)`` and ``LinkExpectation/stack(_:)``
    /// expectations list, when it has any.
    ///
    /// ```swift
    /// var isSignedIn = false
    /// screens.myapp.add(pattern: "/user/:id") { $0.int("id").map(Screen.user) }
    /// screens.myapp.add(pattern: "/account") { _ in Screen.settings }
    /// screens.myapp.addGuard(for: "/account") { _ in
    ///     isSignedIn ? .proceed : .hold
    /// }
    /// let report = screens.run(script: [
    ///     .launch(suspended: true),
    ///     .openStack("myapp://user/7", expect: .kept),
    ///     .open("myapp://account", expect: .kept),
    ///     .uiReady(expect: [
    ///         "myapp://user/7": .stack([.user(7)]),
    ///         "myapp://account": .held(by: "/account"),
    ///     ]),
    ///     .signIn(expect: ["myapp://account": .value(.settings)]) {
    ///         isSignedIn = true
    ///     },
    /// ])
    /// ```
    /// - Parameter script: the steps, in order, each with what the app should get.
    /// - Returns: every step with its events, and each step or link that differs.
    public func run(script: [LaunchStep<Value>]) -> LaunchReport {
        recording { recorder in
            var run = LaunchRun<Value>(router: self, recorder: recorder, equal: ==)
            return run.run(
                script,
                open: { link, asStack in
                    asStack ? .stack(self.openStack(for: link)) : .value(self.open(link))
                },
                resume: { self.resumeResolving() })
        }
    }
}

/// The work of ``Routes/Router/run(script:isolation:)``: each step run, its events taken from the
/// recorder, its answer compared with the step's expectation.
struct LaunchRun<Value> {
    let router: Router
    let recorder: LinkRecorder
    /// Compares a map's values; `nil` for a router, which gives none.
    let equal: ((Value, Value) -> Bool)?
    private var steps: [LaunchReport.Step] = []
    private var mismatches: [LaunchReport.Mismatch] = []

    init(router: Router, recorder: LinkRecorder, equal: ((Value, Value) -> Bool)?) {
        self.router = router
        self.recorder = recorder
        self.equal = equal
    }

    /// Runs `script`: `open` routes a link as the app does, as a stack when told (a map's answer,
    /// `route(to:)`'s for a router), `resume` resumes as the app does (a map's values, `nil` for
    /// a router).
    mutating func run(
        _ script: [LaunchStep<Value>], open: (String, _ asStack: Bool) -> LinkOutcome<Value>.Answer,
        resume: () -> [Value]?
    ) -> LaunchReport {
        recorder.startLink()
        for (offset, step) in script.enumerated() {
            let number = offset + 1
            switch step {
            case .launch(let suspended, let limit):
                if suspended { router.suspend(keepingAtMost: limit) }
                finish(number, step)
            case .open(let link, let expected), .openStack(let link, let expected):
                var asStack = false
                if case .openStack = step { asStack = true }
                if case .stack = expected { asStack = true }
                let answer = open(link, asStack)
                let records = finish(number, step)
                let outcome = LinkOutcome(link: link, records: records, answer: answer, in: router)
                if !outcome.satisfies(expected, equal: equal) {
                    mismatch(number, step, expected: expected.description, actual: outcome.description)
                }
            case .uiReady(let expected):
                let waiting = router.keptURLs
                let values = resume()
                check(released: expected, waiting: waiting, values: values, number, step)
            case .signIn(let expected, let signIn):
                signIn()
                let waiting = router.keptURLs
                let values = resume()
                check(released: expected, waiting: waiting, values: values, number, step)
            case .signOut(let dropping, let signOut):
                signOut()
                router.discardKeptURLs()
                let records = finish(number, step)
                let dropped = records.filter { !$0.isNested && $0.event.kind == .dropped }.map(
                    \.event.url)
                if !Self.same(dropped, dropping) {
                    mismatch(
                        number, step, expected: "drops \(Self.list(dropping))",
                        actual: "drops \(Self.list(dropped.map(\.absoluteString)))")
                }
            case .waiting(let links):
                let kept = router.keptURLs
                finish(number, step)
                if !Self.same(kept, links) {
                    mismatch(
                        number, step, expected: "waiting: \(Self.list(links))",
                        actual: "waiting: \(Self.list(kept.map(\.absoluteString)))")
                }
            }
        }
        return LaunchReport(steps: steps, mismatches: mismatches)
    }

    /// Compares the links a resume routed with `expected`, link by link and in order, and a
    /// map's `values` with those the expectations list.
    ///
    /// The step's links are those that `waiting` lists (the router's queue when the resume
    /// began): each is checked, listed or not. A link a handler or observer routed meanwhile,
    /// kept and resumed by the same resume, is checked when the step lists it, and otherwise is
    /// among the step's events only.
    private mutating func check(
        released expected: KeyValuePairs<String, LinkExpectation<Value>>, waiting: [URL], values: [Value]?,
        _ number: Int, _ step: LaunchStep<Value>
    ) {
        let records = finish(number, step)
        let stepEvents = records.map(\.event)
        let released = Self.released(records, waiting: waiting)
        // The links that waited and that the resume did not route: dropped, or waiting still.
        var notRouted = waiting
        for link in released where link.waited {
            if let index = notRouted.firstIndex(of: link.url) { notRouted.remove(at: index) }
        }
        var used = Set<Int>()
        var matched: [(index: Int, link: String)] = []
        for (link, expectation) in expected {
            // A link that waited, else one routed meanwhile that the step lists.
            let candidates = released.indices.filter {
                !used.contains($0) && Self.same(released[$0].url, link)
            }
            guard let index = candidates.first(where: { released[$0].waited }) ?? candidates.first else {
                let waited = notRouted.firstIndex { Self.same($0, link) }
                if let waited { notRouted.remove(at: waited) }
                let actual = Self.fate(of: link, waited: waited != nil, records: records, router: router)
                if case .dropped = expectation, actual == Self.droppedMeanwhile { continue }
                mismatch(
                    number, step, link: link, expected: expectation.description, actual: actual,
                    events: stepEvents)
                continue
            }
            used.insert(index)
            matched.append((index, link))
            let outcome = Self.outcome(of: released[index], link: link, in: router)
            if !Self.satisfies(outcome, expectation, equal: equal) {
                mismatch(
                    number, step, link: link, expected: expectation.description, actual: outcome.description,
                    events: released[index].records.map(\.event))
            }
        }
        for index in released.indices where !used.contains(index) && released[index].waited {
            let link = released[index].url.absoluteString
            let outcome = Self.outcome(of: released[index], link: link, in: router)
            mismatch(
                number, step, link: link, expected: "not routed by this step", actual: outcome.description,
                events: released[index].records.map(\.event))
        }
        for url in notRouted {
            let link = url.absoluteString
            mismatch(
                number, step, link: link, expected: "listed: it waited when the resume began",
                actual: Self.fate(of: link, waited: true, records: records, router: router),
                events: stepEvents)
        }
        // The order of the links matched to an expectation, as they were routed.
        let order = matched.map(\.link)
        let routedOrder = matched.sorted { $0.index < $1.index }.map(\.link)
        if order != routedOrder {
            mismatch(
                number, step, expected: "routed in the order \(Self.list(order))",
                actual: "routed in the order \(Self.list(routedOrder))")
        }
        checkValues(
            values, expected, stepEvents, routedMeanwhile: released.contains { !$0.waited }, number, step)
    }

    /// What became of a link the resume did not route, as the report says it.
    private static func fate(
        of link: String, waited: Bool, records: [LinkRecorder.Record], router: Router
    ) -> String {
        if router.keptURLs.contains(where: { same($0, link) }) {
            return "still waits for the next resume: held again, or the resume goes on in a task"
        }
        if waited, records.contains(where: { $0.event.kind == .dropped && same($0.event.url, link) }) {
            return droppedMeanwhile
        }
        return "not routed: nothing kept or held it"
    }

    /// A waiting link that app code discarded while the resume ran.
    private static var droppedMeanwhile: String { "dropped while the resume ran" }

    /// The outcome of a link a resume routed: one whose walk did not end goes on in a task.
    private static func outcome(of released: Released, link: String, in router: Router) -> LinkOutcome<Value>
    {
        let ended = LinkOutcome<Value>(
            link: link, records: released.records, answer: .routed(false), in: router)
        guard ended.decision == nil, !released.records.isEmpty else { return ended }
        return LinkOutcome<Value>(link: link, records: released.records, answer: .routed(true), in: router)
    }

    /// Whether `part` is found in `whole` in its order, other values between.
    private static func isInOrder(_ part: [Value], in whole: [Value], equal: (Value, Value) -> Bool) -> Bool {
        var rest = whole[...]
        for value in part {
            guard let index = rest.firstIndex(where: { equal($0, value) }) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }

    /// Compares a map's values with those of the step's value and stack expectations, when it
    /// has some.
    private mutating func checkValues(
        _ values: [Value]?, _ expected: KeyValuePairs<String, LinkExpectation<Value>>,
        _ events: [RoutingEvent], routedMeanwhile: Bool, _ number: Int, _ step: LaunchStep<Value>
    ) {
        guard let values, let equal else { return }
        var expectedValues: [Value] = []
        var expectsValues = false
        // A link routed meanwhile that the step does not list may give values too.
        var listsEveryValue = !routedMeanwhile
        for (_, expectation) in expected {
            switch expectation {
            case .value(let value):
                expectedValues.append(value)
                expectsValues = true
            case .stack(let stack):
                expectedValues += stack
                expectsValues = true
            default: listsEveryValue = false
            }
        }
        guard expectsValues else { return }
        // When some links of the step are expected otherwise (`.route`, `.held`) or were routed
        // meanwhile, their values come between: the listed values must then be among them, in
        // their order.
        let isEqual =
            listsEveryValue
            ? values.count == expectedValues.count && zip(values, expectedValues).allSatisfy(equal)
            : Self.isInOrder(expectedValues, in: values, equal: equal)
        if !isEqual {
            mismatch(
                number, step, link: nil,
                expected: "resumeResolving() gives \(LinkReport.stack(expectedValues))",
                actual: "resumeResolving() gives \(LinkReport.stack(values))", events: events)
        }
    }

    /// Whether a link a resume routed did as expected. A map's value or stack is checked with
    /// the values of the whole step: here, that a route gave a value; a stack, which its
    /// prefixes give, that it was not held, refused or left to a task.
    private static func satisfies(
        _ outcome: LinkOutcome<Value>, _ expected: LinkExpectation<Value>, equal: ((Value, Value) -> Bool)?
    ) -> Bool {
        switch expected {
        case .value:
            return outcome.decision?.kind == .routed
        case .stack:
            // Its values are the step's to compare; a stack still held, refused or going on in
            // a task gave none.
            let kind = outcome.decision?.kind
            return kind != .held && kind != .refused && !outcome.continuesInTask
        default:
            return outcome.satisfies(expected, equal: equal)
        }
    }

    /// A link a resume routed, with its records, and whether it waited when the resume began.
    private typealias Released = (url: URL, records: [LinkRecorder.Record], waited: Bool)

    /// The links a resume routed, in order, each with its records: each starts at its `resumed`
    /// event. What an observer routed meanwhile is no link's; a link not in `waiting` (the
    /// queue when the resume began) was routed meanwhile, by a handler or an observer.
    private static func released(_ records: [LinkRecorder.Record], waiting: [URL]) -> [Released] {
        var released: [Released] = []
        var waiting = waiting
        for record in records where !record.isNested {
            if record.event.kind == .resumed {
                let index = waiting.firstIndex(of: record.event.url)
                if let index { waiting.remove(at: index) }
                released.append((record.event.url, [record], index != nil))
            } else if !released.isEmpty {
                released[released.count - 1].records.append(record)
            }
        }
        return released
    }

    /// Takes the step's records from the recorder and records the step with its events.
    @discardableResult
    private mutating func finish(_ number: Int, _ step: LaunchStep<Value>) -> [LinkRecorder.Record] {
        let records = recorder.records
        recorder.startLink()
        steps.append(LaunchReport.Step(number: number, name: step.name, events: records.map(\.event)))
        return records
    }

    private mutating func mismatch(_ number: Int, _ step: LaunchStep<Value>, expected: String, actual: String)
    {
        mismatch(
            number, step, link: nil, expected: expected, actual: actual, events: steps.last?.events ?? [])
    }

    private mutating func mismatch(
        _ number: Int, _ step: LaunchStep<Value>, link: String?, expected: String, actual: String,
        events: [RoutingEvent]
    ) {
        mismatches.append(
            LaunchReport.Mismatch(
                step: number, name: step.name, link: link, expected: expected, actual: actual, events: events)
        )
    }

    /// Whether `url` is the link written `text`.
    static func same(_ url: URL, _ text: String) -> Bool {
        url.absoluteString == text || url == URL(string: text)
    }

    static func same(_ urls: [URL], _ texts: [String]) -> Bool {
        urls.count == texts.count && zip(urls, texts).allSatisfy { same($0, $1) }
    }

    /// Links as the report writes a list of them.
    static func list(_ links: [String]) -> String {
        "[" + links.joined(separator: ", ") + "]"
    }
}
