import Foundation
import Routes
import Testing

/// An app's deep-link coordinator as most apps write it today: a class without any isolation
/// annotation, compiled in Swift 5 mode, routing on whatever thread calls it. Its handlers,
/// logger and unmatched handler must run on that thread (CI runs this under ThreadSanitizer).
final class LegacyCoordinator {
    let router = Router()
    var events: [String] = []
    var offThread: [String] = []
    /// Weak: the thread's block holds what holds this coordinator.
    private weak var thread: Thread?

    init(thread: Thread) {
        self.thread = thread
        router.logger = { [unowned self] line in
            if line.contains("is async") { note("logged") }
        }
        router.default.add(pattern: "/post/:id", priority: 1) { [unowned self] _ async -> Bool in
            note("async post")
            return false
        }
        router.default.add(pattern: "/post/:id") { [unowned self] _ in
            note("sync post")
            return true
        }
        router.default.add(pattern: "/user/:id") { [unowned self] params in
            note("user \(params.string("id") ?? "")")
            if params.string("id") == "nested" { router.route(to: "myapp://user/inner") }
            return true
        }
        router.default.unmatchedHandler = { [unowned self] url, _ in note("unmatched \(url.absoluteString)") }
    }

    func note(_ event: String) {
        events.append(event)
        if Thread.current !== thread { offThread.append(event) }
    }

    func handleLinks() -> [Bool] {
        var answers = [router.route(to: "myapp://user/1")]
        answers.append(router.route(to: "myapp://post/7"))  // stops at the async handler
        router.suspend(keepingAtMost: 3)
        answers.append(router.route(to: "myapp://user/nested"))
        answers.append(router.route(to: "myapp://post/8"))
        answers.append(router.route(to: "myapp://user/3"))
        router.resume()  // user/nested routes user/inner: queued behind user/3
        return answers
    }
}

/// The same coordinator's deep-link policy: a sign-in guard, a legacy redirect and analytics.
final class LegacyPolicyCoordinator {
    let router = Router()
    var signedIn = false
    var events: [String] = []
    var offThread: [String] = []
    private weak var thread: Thread?

    init(thread: Thread) {
        self.thread = thread
        router.onEvent = { [unowned self] event in note("\(event.kind) \(event.url.absoluteString)") }
        router.default.addGuard(for: "/account/*") { [unowned self] _ in signedIn ? .proceed : .hold }
        router.default.addRedirect(from: "/a/:id", to: "/account/:id")
        router.default.add(pattern: "/account/:id") { [unowned self] params in
            note("account \(params.string("id") ?? "")")
            return true
        }
    }

    func note(_ event: String) {
        events.append(event)
        if Thread.current !== thread { offThread.append(event) }
    }

    func signIn() {
        signedIn = true
        router.resume()
    }
}

@Suite struct UnannotatedCallerTests {
    @Test func guardsRedirectsAndEventsRunOnTheCallingThread() {
        let done = DispatchSemaphore(value: 0)
        final class Result: @unchecked Sendable {
            var coordinator: LegacyPolicyCoordinator?
            var answer: Bool?
        }
        let result = Result()
        let thread = Thread {
            let coordinator = LegacyPolicyCoordinator(thread: Thread.current)
            result.answer = coordinator.router.route(to: "myapp://a/7")
            coordinator.signIn()
            result.coordinator = coordinator
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(result.answer == true)
        #expect(
            result.coordinator?.events == [
                "redirected(to: myapp://account/7) myapp://a/7", "held myapp://account/7",
                "resumed myapp://account/7", "account 7", "routed myapp://account/7",
            ])
        #expect(result.coordinator?.offThread == [])
    }

    @Test func handlersLoggerAndUnmatchedHandlerRunOnTheCallingThread() {
        let done = DispatchSemaphore(value: 0)
        final class Result: @unchecked Sendable {
            var coordinator: LegacyCoordinator?
            var answers: [Bool] = []
        }
        let result = Result()
        let thread = Thread {
            let coordinator = LegacyCoordinator(thread: Thread.current)
            result.answers = coordinator.handleLinks()
            Thread.sleep(forTimeInterval: 0.05)  // a task started anyway would have run by now
            result.coordinator = coordinator
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(result.answers == [true, false, true, true, true])
        #expect(
            result.coordinator?.events == [
                "user 1",
                "logged", "unmatched myapp://post/7",
                "user nested",
                "logged", "unmatched myapp://post/8",
                "user 3",
                "user inner",
            ])
        #expect(result.coordinator?.offThread == [])
    }
}
