// Top-level code of a main.swift: the compiler (Swift 6.3) resolves `await router.route(to:)` to
// the synchronous overload, `@_disfavoredOverload` or not (review finding 11: it then returned
// `true` although the async handler declined). The synchronous forms are `noasync`, so this is an
// error that says what to do instead of a silent wrong answer; in a function, `await` picks the
// async form (Tests/TopLevelAwait runs that).
import Routes

let router = Router()
router.default.add(pattern: "/p") { _ async -> Bool in false }
// expected-error@+2 {{instance method 'route' is unavailable from asynchronous contexts; in top-level code, await picks this form: route from an async function}}
// expected-warning@+1 {{no 'async' operations occur within 'await' expression}}
let handled = await router.route(to: "myapp://p")
// expected-error@+2 {{instance method 'resume' is unavailable from asynchronous contexts; in top-level code, await picks this form: resume from an async function}}
// expected-warning@+1 {{no 'async' operations occur within 'await' expression}}
await router.resume()
