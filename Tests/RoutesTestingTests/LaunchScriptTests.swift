import Foundation
import Routes
import RoutesTesting
import Testing

/// `run(script:)`: a launch, links, the UI ready, sign-in and sign-out, on the app's own router.
@MainActor @Suite struct LaunchScriptTests: LaunchFixtures {
    typealias Screen = LaunchScreen

    @Test func aColdLaunchThenSignInAndSignOutGoAsExpected() {
        let app = App()
        let report = app.router.run(script: [
            .launch(suspended: true),
            .open("myapp://user/7", expect: .kept),
            .open("myapp://account/orders", expect: .kept),
            .waiting(["myapp://user/7", "myapp://account/orders"]),
            .uiReady(expect: [
                "myapp://user/7": Self.user,
                "myapp://account/orders": .held(by: "/account/*"),
            ]),
            .waiting(["myapp://account/orders"]),
            .signIn(expect: ["myapp://account/orders": Self.account]) { app.isSignedIn = true },
            .open("myapp://account/billing", expect: Self.account),
            .signOut { app.isSignedIn = false },
            .open("myapp://account/billing", expect: .held(by: "/account/*")),
            .open("myapp://nowhere", expect: .unrouted),
            .signOut(dropping: ["myapp://account/billing"]) { app.isSignedIn = false },
            .waiting([]),
        ])
        #expect(report.isEmpty, "\(report)")
        #expect(report.description == "13 steps: each as expected")
        // Routed for real, in the app's order: the handlers ran as the app's would.
        #expect(app.opened == ["user 7", "account orders", "account billing"])
        // The events were recorded step by step.
        #expect(report.steps.map(\.number) == Array(1...13))
        #expect(report.steps[1].events.map(\.kind) == [.kept])
        #expect(report.steps[4].events.map(\.kind) == [.resumed, .routed, .resumed, .held])
        #expect(report.steps[11].events.map(\.kind) == [.dropped])
    }

    @Test func aWrongAnswerNamesTheStepExpectedActualAndEvents() throws {
        let app = App()
        let report = app.router.run(script: [
            .launch(suspended: true),
            .open("myapp://account/orders", expect: .held(by: "/account/*")),
        ])
        let mismatch = try #require(report.mismatches.first)
        #expect(report.mismatches.count == 1)
        #expect(mismatch.step == 2)
        #expect(mismatch.name == "open myapp://account/orders")
        #expect(mismatch.link == nil)
        #expect(mismatch.expected == "held by the guard /account/*")
        #expect(mismatch.actual == "kept: the router is suspended or still resuming")
        #expect(
            report.description == """
                1 of 2 steps differs:
                step 2, open myapp://account/orders
                  expected: held by the guard /account/*
                  actual:   kept: the router is suspended or still resuming
                  events:   kept myapp://account/orders for myapp while suspended
                """)
    }

    /// A sign-in that does not change what the guard reads: the link is held again.
    @Test func aSignInThatReleasesNothingNamesTheLink() throws {
        let app = App()
        let report = app.router.run(script: [
            .open("myapp://account/orders", expect: .held(by: "/account/*")),
            .signIn(expect: ["myapp://account/orders": Self.account]) {},
        ])
        let mismatch = try #require(report.mismatches.first)
        #expect(report.mismatches.count == 1)
        #expect(mismatch.step == 2)
        #expect(mismatch.name == "sign-in")
        #expect(mismatch.link == "myapp://account/orders")
        #expect(mismatch.expected == "routed by /account/:tab in myapp")
        #expect(mismatch.actual == "held by the guard /account/* in myapp")
        #expect(mismatch.events.map(\.kind) == [.resumed, .held])
        #expect(
            report.description.hasPrefix("1 of 2 steps differs:\nstep 2, sign-in: myapp://account/orders\n"))
        #expect(app.router.keptURLs.map(\.absoluteString) == ["myapp://account/orders"])
    }

    @Test func aResumeReportsLinksItDidNotRouteLinksItRoutedAndTheirOrder() {
        let app = App()
        let report = app.router.run(script: [
            .launch(suspended: true),
            .open("myapp://user/1", expect: .kept),
            .open("myapp://user/2", expect: .kept),
            .open("myapp://user/3", expect: .kept),
            .uiReady(expect: [
                "myapp://user/2": Self.user,
                "myapp://user/1": Self.user,
                "myapp://user/9": Self.user,
            ]),
        ])
        #expect(
            report.mismatches.map { "\($0.link ?? "-") | \($0.expected) | \($0.actual)" } == [
                "myapp://user/9 | routed by /user/:id in myapp | not routed: nothing kept or held it",
                "myapp://user/3 | not routed by this step | routed by /user/:id in myapp",
                "- | routed in the order [myapp://user/2, myapp://user/1]"
                    + " | routed in the order [myapp://user/1, myapp://user/2]",
            ])
        #expect(report.description.hasPrefix("1 of 5 steps differs:\nstep 5, UI ready: myapp://user/9\n"))
    }

    /// A full queue drops the oldest link; a queue of 0 drops each link.
    @Test func droppedLinksAreAnswersToo() {
        let app = App()
        let full = app.router.run(script: [
            .launch(suspended: true, keepingAtMost: 1),
            .open("myapp://user/1", expect: .kept),
            .open("myapp://user/2", expect: .kept),
            .waiting(["myapp://user/2"]),
        ])
        #expect(full.isEmpty, "\(full)")
        #expect(full.steps[2].events.map(\.kind) == [.kept, .dropped])

        let none = App().router.run(script: [
            .launch(suspended: true, keepingAtMost: 0),
            .open("myapp://user/1", expect: .kept),
        ])
        #expect(none.mismatches.map(\.actual) == ["dropped: the router's queue keeps nothing"])
        #expect(none.mismatches.map(\.expected) == ["kept: the router is suspended or still resuming"])
    }

    @Test func aWrongDropOrWaitingListIsReported() {
        let app = App()
        let report = app.router.run(script: [
            .open("myapp://account/orders", expect: .held(by: "/account/*")),
            .waiting([]),
            .signOut(dropping: []) {},
        ])
        #expect(
            report.mismatches.map { "\($0.step) \($0.name) | \($0.expected) | \($0.actual)" } == [
                "2 waiting links | waiting: [] | waiting: [myapp://account/orders]",
                "3 sign-out | drops [] | drops [myapp://account/orders]",
            ])
    }

    @Test func aMapGivesItsValuesAndStacks() {
        let screens = Screens()
        let report = screens.map.run(script: [
            .launch(suspended: true),
            .open("myapp://user/7", expect: .kept),
            .open("myapp://account/orders", expect: .kept),
            .uiReady(expect: [
                "myapp://user/7": .value(.user(7)),
                "myapp://account/orders": .held(by: "/account/*"),
            ]),
            .signIn(expect: ["myapp://account/orders": .value(.account("orders"))]) {
                screens.isSignedIn = true
            },
            .open("myapp://user/8", expect: .value(.user(8))),
            .open("myapp://user/8", expect: .stack([.user(8)])),
        ])
        #expect(report.isEmpty, "\(report)")
    }

    @Test func aMapsWrongValueIsReported() {
        let screens = Screens()
        let report = screens.map.run(script: [
            .launch(suspended: true),
            .open("myapp://user/7", expect: .kept),
            .uiReady(expect: ["myapp://user/7": .value(.user(8))]),
            .open("myapp://user/9", expect: .value(.user(1))),
        ])
        #expect(
            report.mismatches.map { "\($0.step) | \($0.expected) | \($0.actual)" } == [
                "3 | resumeResolving() gives [user(8)] | resumeResolving() gives [user(7)]",
                "4 | the value user(1) | the value user(9), then routed by /user/:id in myapp",
            ])
    }

    @Test func aStackKeptAtAColdLaunchComesBackWhole() {
        let screens = Screens()
        let script: [LaunchStep<Screen>] = [
            .launch(suspended: true),
            .openStack("myapp://user/7/post/3", expect: .kept),
            .uiReady(expect: ["myapp://user/7/post/3": .stack([.user(7), .post("3")])]),
        ]
        let report = screens.map.run(script: script)
        #expect(report.isEmpty, "\(report)")
        #expect(report.steps[1].name == "open myapp://user/7/post/3 as a stack")

        // Opened as one value, the same link comes back as its last screen alone.
        let wrong = Screens().map.run(script: [
            .launch(suspended: true),
            .open("myapp://user/7/post/3", expect: .kept),
            .uiReady(expect: ["myapp://user/7/post/3": .stack([.user(7), .post("3")])]),
        ])
        #expect(
            wrong.mismatches.map { "\($0.step) | \($0.expected) | \($0.actual)" } == [
                #"3 | resumeResolving() gives [user(7), post("3")] | resumeResolving() gives [post("3")]"#
            ])
    }

    @Test func anObserverAHandlerSetsStaysAndWhatItRoutesIsNotTheLinks() {
        let app = App()
        var observed: [String] = []
        app.router.myapp.add(pattern: "/start") { [unowned router = app.router] _ in
            router.onEvent = { [unowned router] event in
                observed.append("\(event.kind) \(event.url.absoluteString)")
                // The app shows its sign-in screen for a held link.
                if event.kind == .held { router.route(to: "myapp://user/1") }
            }
            return true
        }
        let report = app.router.run(script: [
            .open("myapp://start", expect: .route(scheme: "myapp", pattern: "/start")),
            .open("myapp://account/orders", expect: .held(by: "/account/*")),
        ])
        #expect(report.isEmpty, "\(report)")
        // The step's events include what the observer routed; the link's outcome does not.
        #expect(report.steps[1].events.map(\.kind) == [.held, .routed])
        #expect(
            observed == ["routed myapp://start", "held myapp://account/orders", "routed myapp://user/1"])
        // The observer the handler set is the router's after the script.
        app.router.route(to: "myapp://user/2")
        #expect(observed.last == "routed myapp://user/2")
    }
}
