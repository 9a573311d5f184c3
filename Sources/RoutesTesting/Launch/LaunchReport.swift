#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// What ``Routes/Router/run(script:isolation:)`` recorded: each step with the router's events, and the
/// steps whose answer differs from what was expected.
///
/// Its description is a failure message that names each step that differs, what was
/// expected, what happened and the events of the step. In Swift Testing,
/// `#expect(report.isEmpty, "\(report)")`; in XCTest,
/// `XCTAssertTrue(report.isEmpty, report.description)`.
///
/// ```swift
/// let report = router.run(script: [
///     .launch(suspended: true),
///     .open("myapp://user/7", expect: .kept),
/// ])
/// if !report.isEmpty { print(report) }
/// ```
public struct LaunchReport: CustomStringConvertible {
    /// One step as it ran: its number, its name and the router's events meanwhile.
    ///
    /// ```swift
    /// for step in report.steps { print(step) }
    /// ```
    public struct Step: CustomStringConvertible {
        /// The step's position in the script, from 1.
        ///
        /// ```swift
        /// step.number  // 2
        /// ```
        public let number: Int
        /// What the step does: `launch, suspended`, `open myapp://user/7`, `UI ready`, ...
        ///
        /// ```swift
        /// step.name  // "open myapp://user/7"
        /// ```
        public let name: String
        /// The router's events during the step, in order.
        ///
        /// ```swift
        /// step.events.map(\.kind)  // [.kept]
        /// ```
        public let events: [RoutingEvent]

        /// The step and its events, one a line.
        ///
        /// ```swift
        /// print(step)
        /// // 2. open myapp://user/7
        /// //   kept myapp://user/7 for myapp while suspended
        /// ```
        public var description: String {
            (["\(number). \(name)"] + events.map { "  \($0)" }).joined(separator: "\n")
        }
    }

    /// A step, or one link of a step, answered otherwise than expected.
    ///
    /// ```swift
    /// for mismatch in report.mismatches {
    ///     print(mismatch.step, mismatch.expected, mismatch.actual)
    /// }
    /// ```
    public struct Mismatch: CustomStringConvertible {
        /// The number of the step, from 1.
        ///
        /// ```swift
        /// mismatch.step  // 3
        /// ```
        public let step: Int
        /// The step's name.
        ///
        /// ```swift
        /// mismatch.name  // "sign-in"
        /// ```
        public let name: String
        /// The link that differs, when the step routed several: a link that a resume routed.
        ///
        /// ```swift
        /// mismatch.link  // "myapp://account/orders"
        /// ```
        public let link: String?
        /// What the script expects, in words.
        ///
        /// ```swift
        /// mismatch.expected  // "held by the guard /account/*"
        /// ```
        public let expected: String
        /// What happened, in words.
        ///
        /// ```swift
        /// mismatch.actual  // "kept: the router is suspended or still resuming"
        /// ```
        public let actual: String
        /// The router's events during the step.
        ///
        /// ```swift
        /// mismatch.events.count  // 1
        /// ```
        public let events: [RoutingEvent]

        /// The step, the link, expected, actual and the step's events, indented.
        ///
        /// ```swift
        /// print(mismatch)
        /// // step 2, open myapp://account/orders
        /// //   expected: held by the guard /account/*
        /// //   actual:   kept: the router is suspended or still resuming
        /// //   events:   kept myapp://account/orders for myapp while suspended
        /// ```
        public var description: String {
            var lines = ["step \(step), \(name)" + (link.map { ": \($0)" } ?? "")]
            lines.append("  expected: \(expected)")
            lines.append("  actual:   \(actual)")
            if events.isEmpty {
                lines.append("  events:   none")
            } else {
                lines += events.enumerated().map {
                    ($0.offset == 0 ? "  events:   " : "            ") + "\($0.element)"
                }
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Every step of the script as it ran, with its events.
    ///
    /// ```swift
    /// report.steps.map(\.name)  // ["launch", "open myapp://user/7"]
    /// ```
    public let steps: [Step]
    /// The steps and links answered otherwise than expected, in the script's order.
    ///
    /// ```swift
    /// report.mismatches.map(\.step)  // [3]
    /// ```
    public let mismatches: [Mismatch]

    /// Whether every step went as expected.
    ///
    /// ```swift
    /// assert(report.isEmpty, "\(report)")  // in a test: #expect
    /// ```
    public var isEmpty: Bool { mismatches.isEmpty }

    /// The report for people: the count, then each mismatch.
    ///
    /// ```swift
    /// print(report)
    /// // 1 of 5 steps differs:
    /// // step 2, open myapp://account/orders
    /// //   expected: held by the guard /account/*
    /// // ...
    /// ```
    public var description: String {
        let differing = Set(mismatches.map(\.step)).count
        let count = steps.count
        let head: String
        switch differing {
        case 0: head = "\(count) step\(count == 1 ? "" : "s"): each as expected"
        case 1: head = "1 of \(count) step\(count == 1 ? "" : "s") differs:"
        default: head = "\(differing) of \(count) steps differ:"
        }
        return ([head] + mismatches.map(\.description)).joined(separator: "\n")
    }
}
