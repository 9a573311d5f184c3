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
                let values = resume()
                check(released: expected, values: values, number, step)
            case .signIn(let expected, let signIn):
                signIn()
                let values = resume()
                check(released: expected, values: values, number, step)
            case .signOut(let dropping, let signOut):
                signOut()
                router.discardKeptURLs()
                let records = finish(number, step)
                let dropped = records.filter { !$0.isFromObserver && $0.event.kind == .dropped }.map(
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
    private mutating func check(
        released expected: KeyValuePairs<String, LinkExpectation<Value>>, values: [Value]?, _ number: Int,
        _ step: LaunchStep<Value>
    ) {
        let records = finish(number, step)
        var released = Self.released(records)
        var order: [String] = []
        for (link, expectation) in expected {
            guard let index = released.firstIndex(where: { Self.same($0.url, link) }) else {
                mismatch(
                    number, step, link: link, expected: expectation.description,
                    actual: "not routed: nothing kept or held it", events: [])
                continue
            }
            let (_, linkRecords) = released.remove(at: index)
            order.append(link)
            let outcome = LinkOutcome<Value>(
                link: link, records: linkRecords, answer: .routed(false), in: router)
            if !Self.satisfies(outcome, expectation, equal: equal) {
                mismatch(
                    number, step, link: link, expected: expectation.description, actual: outcome.description,
                    events: linkRecords.map(\.event))
            }
        }
        for (url, linkRecords) in released {
            let link = url.absoluteString
            let outcome = LinkOutcome<Value>(
                link: link, records: linkRecords, answer: .routed(false), in: router)
            mismatch(
                number, step, link: link, expected: "not routed by this step", actual: outcome.description,
                events: linkRecords.map(\.event))
        }
        let routedOrder = Self.released(records).map(\.url).filter { url in
            order.contains { Self.same(url, $0) }
        }
        if !Self.same(routedOrder, order) {
            mismatch(
                number, step, expected: "routed in the order \(Self.list(order))",
                actual: "routed in the order \(Self.list(routedOrder.map(\.absoluteString)))")
        }
        checkValues(values, expected, number, step)
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
        _ values: [Value]?, _ expected: KeyValuePairs<String, LinkExpectation<Value>>, _ number: Int,
        _ step: LaunchStep<Value>
    ) {
        guard let values, let equal else { return }
        var expectedValues: [Value] = []
        var expectsValues = false
        var listsEveryValue = true
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
        // When some links of the step are expected otherwise (`.route`, `.held`), their values
        // come between: the listed values must then be among them, in their order.
        let isEqual =
            listsEveryValue
            ? values.count == expectedValues.count && zip(values, expectedValues).allSatisfy(equal)
            : Self.isInOrder(expectedValues, in: values, equal: equal)
        if !isEqual {
            mismatch(
                number, step, link: nil,
                expected: "resumeResolving() gives \(LinkReport.stack(expectedValues))",
                actual: "resumeResolving() gives \(LinkReport.stack(values))", events: [])
        }
    }

    /// Whether a link a resume routed did as expected. A map's value or stack is checked with
    /// the values of the whole step: here, that a route gave one (or, for an empty stack,
    /// none).
    private static func satisfies(
        _ outcome: LinkOutcome<Value>, _ expected: LinkExpectation<Value>, equal: ((Value, Value) -> Bool)?
    ) -> Bool {
        switch expected {
        case .value:
            return outcome.decision?.kind == .routed
        case .stack(let values):
            return (outcome.decision?.kind == .routed) != values.isEmpty
        default:
            return outcome.satisfies(expected, equal: equal)
        }
    }

    /// The links a resume routed, in order, each with its records: each starts at its
    /// `resumed` event. What an observer routed meanwhile is no link's.
    private static func released(
        _ records: [LinkRecorder.Record]
    ) -> [(url: URL, records: [LinkRecorder.Record])] {
        var released: [(url: URL, records: [LinkRecorder.Record])] = []
        for record in records where !record.isFromObserver {
            if record.event.kind == .resumed {
                released.append((record.event.url, [record]))
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
