// A newcomer's first program: a main.swift that routes to `async` handlers. CI builds and runs
// it; it exits non-zero when an `await` does not run the `async` form.
//
// In top-level code the compiler (Swift 6.3) resolves `await router.route(to:)` to the
// synchronous overload, `@_disfavoredOverload` or not: top-level statements are not an
// asynchronous context for overload resolution. The synchronous forms are `noasync`, so that is a
// compile error (Tests/CompileFail/TopLevelAwait.swift); the documented way is an `async`
// function, called with `await` at top level.
import Routes

var log: [String] = []  // top-level variables are on the main actor

@MainActor func check(_ condition: Bool, _ message: String) {
    guard condition else { fatalError("top-level await: \(message); log: \(log)") }
}

@MainActor func run() async {
    let router = Router()
    router.default.add(pattern: "/declines") { _ async -> Bool in
        await Task.yield()
        log.append("declines")
        return false
    }
    router.default.add(pattern: "/slow") { _ async -> Bool in
        for _ in 0..<5 { await Task.yield() }
        log.append("slow")
        return true
    }

    // Review finding 11: at top level, `await router.route(to:)` ran the synchronous form and
    // returned `true` although the async handler declined. In a function it awaits.
    let handled = await router.route(to: "myapp://declines")
    check(!handled && log == ["declines"], "await route(to:) must await the handler and return its answer")

    router.suspend()
    await router.route(to: "myapp://slow")
    await router.resume()
    check(log == ["declines", "slow"], "await resume() must await the kept URL's handler")
}

await run()
print("top-level await: the async forms ran")
