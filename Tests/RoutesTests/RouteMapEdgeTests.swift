import Foundation
import Testing

@testable import Routes

/// A `RouteMap` is a `Router` whose tables are `RouteMap.Table`s: which closures give values,
/// what `resume()` and `resumeResolving()` do on a map, definitions moved between maps, tables
/// made in callbacks, the stack's prefixes, and the articles' listings about maps.
@MainActor @Suite struct RouteMapEdgeTests {
    enum Screen: Equatable {
        case user(Int)
        case post(String)
        case home
    }

    struct FlagLink: TypedRoute {
        static let pattern = "/flag/{on:bool}"
        var on: Bool
    }

    // MARK: - A closure that can give the map's value is a value route

    /// In a `RouteMap<Bool>`, `{ _ in true }` has a handler's shape too: the value route wins
    /// (the handler overloads are disfavored), and `handler:` registers a handler.
    @Test func aBoolMapsClosureReturningTrueGivesTheValueTrue() {
        let flags = RouteMap<Bool>()
        flags.default.add(pattern: "/on") { _ in true }
        flags.default.add(pattern: "/off", resolve: { _ in false })
        flags.default.add(pattern: "/handled", handler: { _ in true })
        #expect(flags.resolve("myapp://on") == true)
        #expect(flags.resolve("myapp://off") == false)
        #expect(flags.resolve("myapp://handled") == nil && flags.route(to: "myapp://handled"))
    }

    @Test func aBoolMapsMultiStatementClosureGivesItsValue() {
        let flags = RouteMap<Bool>()
        flags.default.add(pattern: "/flag/:v") { params in
            let value = params.string("v")
            return value == "yes"
        }
        #expect(flags.resolve("myapp://flag/no") == false)
    }

    @Test func anAnyMapsClosureReturningABoolGivesTheValue() {
        let values = RouteMap<Any>()
        values.default.add(pattern: "/on") { _ in true }
        #expect(values.resolve("myapp://on") as? Bool == true)
    }

    @Test func aBoolMapsTypedRouteClosureGivesItsValue() {
        let flags = RouteMap<Bool>()
        flags.default.add(FlagLink.self) { link in link.on }
        #expect(flags.resolve("myapp://flag/false") == false)
    }

    @Test func aBoolMapsAsyncClosureGivesItsValue() async {
        let flags = RouteMap<Bool>()
        flags.default.add(pattern: "/on") { _ async in true }
        #expect(await flags.resolve("myapp://on") == true)
    }

    /// In a `RouteMap<Int?>`, a `nil` `Int?` is a value (the closure's `Int??` is `.some(nil)`,
    /// as the Table's docs say); only the closure's own `nil` declines.
    @Test func anOptionalMapsOwnNilDeclinesAndANilValueIsAValue() {
        let numbers = RouteMap<Int?>()
        numbers.default.add(pattern: "/n/:id", priority: 2) { params -> Int?? in
            params.int("id").map { .some($0) }  // nil when not a number: declines
        }
        numbers.default.add(pattern: "/n/:slug", priority: 1) { params in params.int("slug") }
        #expect(numbers.resolve("myapp://n/3") == .some(.some(3)))
        #expect(numbers.resolve("myapp://n/me") == .some(.none))  // a nil value, not a decline
    }

    // MARK: - resume() and resumeResolving() on a map

    /// `screens.resume()` compiles on a map (it is the router's) and drains the held URLs through
    /// the handler walk: the value closures run, their values are lost, and a following
    /// `resumeResolving()` has nothing left.
    @Test func resumeOnAMapLosesTheValuesOfHeldURLs() {
        let screens = RouteMap<Screen>()
        var calls = 0
        screens.default.add(pattern: "/user/:id") { params in
            calls += 1
            return params.int("id").map(Screen.user)
        }
        screens.suspend()
        #expect(screens.route(to: "myapp://user/1"))
        screens.resume()
        #expect(calls == 1)
        #expect(screens.resumeResolving() == [])  // the value .user(1) is gone
    }

    /// The synchronous resumeResolving, at an async closure: the held URL is dropped (unmatched
    /// handler), where the router's synchronous resume() on the main actor continues in a task.
    @Test func aSyncResumeResolvingDropsAHeldURLThatNeedsAnAsyncClosure() async {
        let screens = RouteMap<Screen>()
        var unmatched: [String] = []
        screens.default.unmatchedHandler = { url, _ in unmatched.append(url.absoluteString) }
        screens.default.add(pattern: "/post/:slug") { params async -> Screen? in
            params.string("slug").map(Screen.post)
        }
        screens.suspend()
        #expect(screens.route(to: "myapp://post/a"))
        let values = resumeSynchronously(screens)
        #expect(values == [])
        #expect(unmatched == ["myapp://post/a"])
        #expect(screens.keptURLs.isEmpty)  // lost: `await resumeResolving()` cannot get it back
    }

    /// Events: resumeResolving reports the same kinds in the same order as resume().
    @Test func resumeResolvingReportsEventsAsResumeDoes() {
        func events(resolving: Bool) -> [String] {
            let screens = RouteMap<Screen>()
            var log: [String] = []
            screens.onEvent = { log.append("\($0.kind) \($0.url.absoluteString)") }
            screens.default.add(pattern: "/user/:id") { params in params.int("id").map(Screen.user) }
            screens.suspend()
            screens.route(to: "myapp://user/1")
            screens.route(to: "myapp://user/x")
            if resolving { _ = screens.resumeResolving() } else { screens.resume() }
            return log
        }
        #expect(events(resolving: true) == events(resolving: false))
    }

    // MARK: - Every table of a map is the map's table

    @Test func everyWayToATableOfAMapGivesTheMapsTable() {
        let screens = RouteMap<Screen>()
        let asRouter: Router = screens
        #expect(asRouter.default is RouteMap<Screen>.Table)
        #expect(asRouter["x"] is RouteMap<Screen>.Table)
        #expect(asRouter.y is RouteMap<Screen>.Table)
        screens.unregister(scheme: Router.defaultScheme)
        #expect(asRouter.default is RouteMap<Screen>.Table)
        screens.unregisterAll()
        #expect(asRouter.default is RouteMap<Screen>.Table)
        #expect(screens.schemes == [])
        let plain = Router()
        #expect(!(plain.default is RouteMap<Screen>.Table))
    }

    @Test func aClosureThatUnregistersAllWhileResolvingLeavesTheMapsTables() {
        let screens = RouteMap<Screen>()
        screens.myapp.shouldFallback = true
        screens.myapp.add(pattern: "/user/:id") { _ in
            screens.unregisterAll()
            screens.default.add(pattern: "/user/:id") { _ in .home }
            return nil
        }
        screens.default.add(pattern: "/user/:id") { _ in .user(1) }
        // The walk found its matches before asking: the removed table still answers.
        _ = screens.resolve("myapp://user/1")
        #expect(screens.schemes == [])  // (reading screens.myapp here would make an empty table)
        #expect(screens.resolve("myapp://user/1") == .home)
    }

    @Test func aTableKeptAfterItsMapIsGoneStillWorks() {
        var table: RouteMap<Screen>.Table?
        do {
            let screens = RouteMap<Screen>()
            table = screens.myapp
        }
        table?.add(pattern: "/home") { _ in .home }
        #expect(table?.canRoute(to: "myapp://home") == true)
        #expect(table?.route(to: "myapp://home") == true)
    }

    @Test func definitionsMovedBetweenMapsAndRouters() {
        let screens = RouteMap<Screen>()
        let numbers = RouteMap<Int>()
        let plain = Router()
        let definitions = screens.default.add(pattern: "/home") { _ in .home }
        screens.default.remove(definition: definitions[0])
        #expect(numbers.default.add(definition: definitions[0]))
        #expect(numbers.resolve("myapp://home") == nil)
        #expect(numbers.route(to: "myapp://home"))  // the router's walk: it gives a value
        numbers.default.remove(definition: definitions[0])
        #expect(plain.default.add(definition: definitions[0]))
        #expect(plain.route(to: "myapp://home"))
        plain.default.remove(definition: definitions[0])
        #expect(screens.default.add(definition: definitions[0]))
        #expect(screens.resolve("myapp://home") == .home)
    }

    @Test func anIntMapResolvesThroughARedirectIntoTheFallback() {
        let numbers = RouteMap<Int>()
        numbers.myapp.addRedirect(from: "/old/:id", to: "other://new/:id")
        numbers.default.add(pattern: "/new/:id") { params in params.int("id") }
        #expect(numbers.resolve("myapp://old/7") == 7)
    }

    @Test func aHoldingGuardOnAMapResumesToItsValue() {
        let screens = RouteMap<Screen>()
        var signedIn = false
        screens.default.addGuard(for: "/user/*") { _ in signedIn ? .proceed : .hold }
        screens.default.add(pattern: "/user/:id") { params in params.int("id").map(Screen.user) }
        #expect(screens.resolve("myapp://user/3") == nil)
        signedIn = true
        #expect(screens.resumeResolving() == [.user(3)])
    }

    @Test func aVoidMapResolves() {
        let done = RouteMap<Void>()
        done.default.add(pattern: "/x") { _ in () }
        #expect(done.resolve("myapp://x") != nil)
        done.default.add(pattern: "/y")  // a route with no closure gives no value
        #expect(done.resolve("myapp://y") == nil)
    }

    /// Held up, as documented (IntegratingWithYourApp: "the query and fragment go with the URL
    /// only"): a fragment route is part of the path routing reads, yet its segments get no prefix.
    @Test func aFragmentRoutesSegmentsGetNoPrefix() {
        let map = segmentMap()
        #expect(map.resolve("myapp://host/a#/b/c") == ["host", "a", "b", "c"])
        #expect(map.stack(for: "myapp://host/a#/b/c") == [["host"], ["host", "a", "b", "c"]])
    }

    /// Re-entrant use while resumeResolving drains: a closure that unregisters everything, adds
    /// routes, resolves and routes (queued behind) — run under ASan.
    @Test func reentrantClosuresWhileResumeResolvingDrains() {
        let screens = RouteMap<Screen>()
        screens.myapp.shouldFallback = true
        var depth = 0
        screens.myapp.add(pattern: "/user/:id") { params in
            depth += 1
            defer { depth -= 1 }
            guard depth == 1 else { return .home }
            screens.unregisterAll()
            screens.default.add(pattern: "/user/:id") { params in params.int("id").map(Screen.user) }
            screens.myapp.add(pattern: "/post/:slug") { params in params.string("slug").map(Screen.post) }
            _ = screens.resolve("myapp://user/9")
            screens.route(to: "myapp://post/queued")  // queued behind, resolved by this resume
            screens.unregister(scheme: Router.defaultScheme)
            return nil
        }
        screens.suspend()
        screens.route(to: "myapp://user/1")
        let values = screens.resumeResolving()
        #expect(values == [.post("queued")])
        #expect(screens.keptURLs.isEmpty)
    }

    /// Empty segments: a prefix ending in an empty segment is written with `//`, and reads back.
    @Test func emptySegmentsInTheStack() {
        let map = RouteMap<[String]>()
        map.default.add(pattern: "/*") { p in p.wildcardComponents ?? [] }
        map.default.add(pattern: "/:a/:b/:c/:d/:e") { _ in [] }
        #expect(
            map.stack(for: "myapp://h/a//b") == [["h"], ["h", "a"], ["h", "a", ""], ["h", "a", "", "b"]])
        #expect(map.stack(for: "myapp://h//a") == [["h"], ["h", ""], ["h", "", "a"]])
    }

    // MARK: - A foreign async closure declines; the stack and table(for:) as documented

    /// An `async` closure of another map's type declines (it could never give this map a value):
    /// the synchronous resolve does not stop at it, and asks the route after it.
    @Test func aForeignAsyncClosureDeclinesForTheSynchronousResolve() {
        let numbers = RouteMap<Int>()
        let strings = RouteMap<String>()
        let moved = numbers.default.add(pattern: "/x", priority: 1) { _ async -> Int? in 1 }
        numbers.default.remove(definition: moved[0])
        #expect(strings.default.add(definition: moved[0]))
        strings.default.add(pattern: "/x") { _ in "sync" }
        #expect(strings.resolve("myapp://x") == "sync")
    }

    /// The synchronous stack stops at the first `async` closure a prefix reaches, as the
    /// synchronous `resolve` does, and leaves that prefix out (IntegratingWithYourApp).
    @Test func theSynchronousStackStopsAtAnAsyncClosure() async {
        let screens = RouteMap<Screen>()
        screens.myapp.add(pattern: "/user/:id", priority: 1) { _ async -> Screen? in .home }
        screens.myapp.add(pattern: "/user/:id") { params in params.int("id").map(Screen.user) }
        #expect(syncStack(screens, "myapp://user/42") == [])
        #expect(await screens.stack(for: "myapp://user/42") == [.home])
    }

    /// RouteMap.table(for:)'s listing: true once `myapp` has a table; the global table before.
    @Test func theTableForListingOfRouteMap() {
        let screens = RouteMap<Screen>()
        #expect(screens.table(for: "myapp://home") === screens.default)
        _ = screens.myapp
        #expect(screens.table(for: "myapp://home") === screens.myapp)
    }

    // MARK: - Doc listings about RouteMap, pasted

    enum GuardsListing {
        enum Screen: Hashable {
            case account(String)
            case user(Int)
        }

        @MainActor final class Navigation {
            var path: [Screen] = []
            var isSignedIn = false
            var isShowingSignIn = false
            let screens = RouteMap<Screen>()

            init() {
                screens.myapp.add(pattern: "/account/:tab") { params in
                    params.string("tab").map(Screen.account)
                }
                screens.myapp.add(pattern: "/user/:id") { params in
                    params.int("id").map(Screen.user)
                }
                screens.myapp.addRedirect(from: "/u/:id", to: "/user/:id")
                screens.myapp.addGuard(for: "/account/*") { [unowned self] _ in
                    isSignedIn ? .proceed : .hold
                }
            }

            func open(_ url: URL) {
                switch screens.open(url) {
                case .resolved(let screen): path.append(screen)
                case .held: isShowingSignIn = true  // a held account link
                case .kept, .unresolved: break
                }
            }

            func didSignIn() {
                isSignedIn = true
                isShowingSignIn = false
                path.append(contentsOf: screens.resumeResolving())  // held links
            }
        }
    }

    @Test func theGuardsArticlesNavigationListing() {
        let navigation = GuardsListing.Navigation()
        navigation.open(URL(string: "myapp://nowhere")!)
        #expect(!navigation.isShowingSignIn)
        navigation.open(URL(string: "myapp://account/orders")!)
        #expect(navigation.isShowingSignIn)
        navigation.open(URL(string: "myapp://u/5")!)
        #expect(navigation.path == [.user(5)])
        navigation.didSignIn()
        #expect(!navigation.isShowingSignIn)
        #expect(navigation.path == [.user(5), .account("orders")])
    }

    /// The values article's first listing (AsyncHandlersAndValues, *Routes that return a value*).
    enum ValuesListing {
        enum Screen: Hashable {
            case user(Int)
            case post(String)
        }

        @MainActor static func makeScreens() -> RouteMap<Screen> {
            let screens = RouteMap<Screen>()
            screens.myapp.add(pattern: "/user/:id") { params in
                params.int("id").map(Screen.user)  // nil for "me": declines
            }
            // Universal links: only example.com reaches the https table.
            screens.https.hosts = ["example.com"]
            screens.https.add(pattern: "/post/:slug") { params in
                params.string("slug").map(Screen.post)
            }
            return screens
        }
    }

    /// Issue 35, item 18: the article's host example set `hosts` and `shouldFallback` but
    /// registered its routes in the global table, so `https://evil.com/post/hi` resolved.
    @Test func theValuesArticlesHostExampleResolvesNoOtherHost() {
        let screens = ValuesListing.makeScreens()
        #expect(screens.resolve("myapp://user/42") == .user(42))
        #expect(screens.resolve("https://example.com/post/hi") == .post("hi"))
        #expect(screens.resolve("https://evil.com/post/hi") == nil)
        #expect(screens.resolve("https://example.com.evil.com/post/hi") == nil)
        #expect(screens.resolve("http://example.com/post/hi") == nil)
        #expect(screens.resolve("evil://post/hi") == nil)
        #expect(screens.resolve("myapp://post/hi") == nil)
        #expect(screens.resolve("myapp://settings") == nil)
    }

    /// The values article's cold-launch listing.
    enum ColdLaunchListing {
        enum Screen: Hashable {
            case user(Int)
            case post(Int)
        }

        @MainActor final class Navigation {
            var path: [Screen] = []
            var unresolved: [URL] = []
            let screens = RouteMap<Screen>()

            init() {
                screens.suspend()  // at launch: links wait for the first screen
                screens.myapp.add(pattern: "/user/:id") { params in
                    params.int("id").map(Screen.user)
                }
            }

            func open(_ url: URL) {
                switch screens.open(url) {
                case .resolved(let screen): path.append(screen)
                case .held, .kept: break  // resumeResolving() gives it
                case .unresolved: unresolved.append(url)  // print("no screen for", url)
                }
            }

            func didShowFirstScreen() {
                path.append(contentsOf: screens.resumeResolving())
            }
        }
    }

    @Test func theValuesArticlesColdLaunchListing() {
        let navigation = ColdLaunchListing.Navigation()
        navigation.open(URL(string: "myapp://user/3")!)
        navigation.open(URL(string: "myapp://nowhere")!)
        #expect(navigation.path == [])
        #expect(navigation.unresolved == [URL(string: "myapp://nowhere")!])
        navigation.didShowFirstScreen()
        #expect(navigation.path == [.user(3)])
        navigation.open(URL(string: "myapp://user/4")!)
        #expect(navigation.path == [.user(3), .user(4)])
    }

    enum StackListing {
        enum Screen: Hashable {
            case user(Int)
            case post(Int)
        }

        @MainActor final class Navigation {
            var path: [Screen] = []
            let screens = RouteMap<Screen>()

            init() {
                screens["myapp"].add(pattern: "/user/:id") { params in
                    params.int("id").map(Screen.user)
                }
                screens["myapp"].add(pattern: "/user/:id/post/:pid") { params in
                    params.int("pid").map(Screen.post)
                }
            }

            func open(_ url: URL) {
                let stack = screens.stack(for: url)
                if !stack.isEmpty { path = stack }
            }
        }
    }

    @Test func theIntegratingArticlesStackListing() {
        let navigation = StackListing.Navigation()
        navigation.open(URL(string: "myapp://user/42/post/7")!)
        #expect(navigation.path == [.user(42), .post(7)])
    }

    // MARK: - stack(for:) prefixes against what routing reads

    /// A map whose routes of 1 to 4 segments give the segments they read.
    func segmentMap() -> RouteMap<[String]> {
        let map = RouteMap<[String]>()
        map.default.add(pattern: "/:a") { p in [p.string("a")!] }
        map.default.add(pattern: "/:a/:b") { p in [p.string("a")!, p.string("b")!] }
        map.default.add(pattern: "/:a/:b/:c") { p in [p.string("a")!, p.string("b")!, p.string("c")!] }
        map.default.add(pattern: "/:a/:b/:c/:d") { p in
            [p.string("a")!, p.string("b")!, p.string("c")!, p.string("d")!]
        }
        return map
    }

    @Test(arguments: [
        "myapp://user:pw@host:8080/a/b",
        "myapp://host/a%2Fb/c",
        "myapp://[::1]/a/b",
        "myapp:/a/b/c",
        "myapp:a/b/c",
        "myapp://host/a/b/",
        "myapp://host/a/b?q=1/2",
        "myapp://example.com/a/b",
        "myapp://localhost/a/b",
        "myapp:///a/b",
        "/a/b/c",
        "a/b/c",
        "myapp://h/%61/b",
    ])
    func theStacksPrefixesAreThePrefixesOfWhatRoutingReads(url: String) {
        let map = segmentMap()
        let full = map.resolve(url)
        let stack = map.stack(for: url)
        // Every value is a proper prefix of the URL's segments, each longer than the one before,
        // and the last is the URL's.
        #expect(stack.last == full, "\(url): \(stack)")
        for (index, value) in stack.dropLast().enumerated() {
            #expect(full.map { Array($0.prefix(value.count)) == value } ?? false, "\(url): \(stack)")
            #expect(value.count == index + 1, "\(url): \(stack)")
        }
        #expect(
            stack.count == (full?.count ?? 0), "\(url): \(stack), routing reads \(String(describing: full))")
    }

    @Test func theStacksHostRuleIsTheFallbackTablesToo() {
        let map = segmentMap()
        map.default.options.insert(.treatHostAsPathComponent)
        map.https.shouldFallback = true
        let url = "https://example.com/a/b"
        let full = map.resolve(url)
        #expect(full == ["example.com", "a", "b"])
        #expect(map.stack(for: url) == [["example.com"], ["example.com", "a"], ["example.com", "a", "b"]])
    }
}

/// The synchronous stack, called from a synchronous function.
@MainActor private func syncStack<Value>(_ map: RouteMap<Value>, _ url: String) -> [Value] {
    map.stack(for: url)
}

/// The synchronous resumeResolving, called from a synchronous function.
@MainActor private func resumeSynchronously<Value>(_ map: RouteMap<Value>) -> [Value] {
    map.resumeResolving()
}
