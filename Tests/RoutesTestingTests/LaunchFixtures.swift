import Foundation
import Routes
import RoutesTesting

/// The screens, expectations, sign-in app and map that the launch-script and link-attribution
/// suites share: a suite that conforms reads them as its own (`Self.user`, `App()`, `Screens()`);
/// its maps' values are `LaunchScreen`s, which a suite names `Screen` (a member of its own,
/// found before the sample app's `Screen`).
protocol LaunchFixtures {}

extension LaunchFixtures {
    typealias App = SignInApp
    typealias Screens = SignInScreens

    static var user: LinkExpectation<Never> { .route(scheme: "myapp", pattern: "/user/:id") }
    static var account: LinkExpectation<Never> { .route(scheme: "myapp", pattern: "/account/:tab") }
    static var signIn: LinkExpectation<Never> { .route(scheme: "myapp", pattern: "/signin") }

    /// A link table's mismatches, one line each: link, expected, actual.
    static func lines(_ report: LinkReport) -> [String] {
        report.mismatches.map { "\($0.link) | \($0.expected) | \($0.actual)" }
    }

    /// A launch script's mismatches, one line each: step, link, expected, actual.
    static func lines(_ report: LaunchReport) -> [String] {
        report.mismatches.map { "\($0.step) \($0.link ?? "-") | \($0.expected) | \($0.actual)" }
    }
}

/// The screens of the launch fixtures' maps.
enum LaunchScreen: Equatable {
    case user(Int)
    case post(String)
    case account(String)
    case vault(Int)
    case item(Int)
    case signIn
}

/// An app whose account links wait for sign-in, with a sign-in screen of its own: its state
/// lives in its guard's closure, and `opened` lists what its handlers showed.
final class SignInApp {
    let router = Router()
    var isSignedIn = false
    var opened: [String] = []

    init() {
        router.myapp.add(pattern: "/user/:id") { [unowned self] params in
            opened.append("user \(params.string("id") ?? "")")
            return true
        }
        router.myapp.add(pattern: "/account/:tab") { [unowned self] params in
            opened.append("account \(params.string("tab") ?? "")")
            return true
        }
        router.myapp.add(pattern: "/signin") { [unowned self] _ in
            opened.append("signin")
            return true
        }
        router.myapp.addGuard(for: "/account/*") { [unowned self] _ in
            isSignedIn ? .proceed : .hold
        }
    }
}

/// A map with stacks, account links held until sign-in, and a vault whose *prefix* a guard
/// holds (`/vault/:id` does not match `/vault/:id/item/:item`).
final class SignInScreens {
    let map = RouteMap<LaunchScreen>()
    var isSignedIn = false
    var isUnlocked = false

    init() {
        map.myapp.add(pattern: "/user/:id") { $0.int("id").map(LaunchScreen.user) }
        map.myapp.add(pattern: "/user/:id/post/:post") { $0.string("post").map(LaunchScreen.post) }
        map.myapp.add(pattern: "/account/:tab") { $0.string("tab").map(LaunchScreen.account) }
        map.myapp.add(pattern: "/vault/:id") { $0.int("id").map(LaunchScreen.vault) }
        map.myapp.add(pattern: "/vault/:id/item/:item") { $0.int("item").map(LaunchScreen.item) }
        map.myapp.add(pattern: "/signin") { _ in LaunchScreen.signIn }
        map.myapp.addGuard(for: "/account/*") { [unowned self] _ in isSignedIn ? .proceed : .hold }
        map.myapp.addGuard(for: "/vault/:id") { [unowned self] _ in isUnlocked ? .proceed : .hold }
    }
}
