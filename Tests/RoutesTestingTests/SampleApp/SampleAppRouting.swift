import Foundation
import Routes

// The app of issue 37's new user, reconstructed from the description: we do not have
// its code. Its routing is written from the public docs alone (GettingStarted,
// IntegratingWithYourApp, GuardsRedirectsAndEvents, SchemesFallbackAndPriorities,
// Concurrency), as a new user would write it: a custom scheme and universal links of one
// host, a legacy link shape redirected, a `RouteMap<Screen>` whose links open a navigation
// stack, a guard that holds account links until sign-in, and links kept at a cold launch.
// Its two suites: SampleAppHandWrittenTests (before the kit) and SampleAppKitTests (with it).

/// The screens the app shows; a link opens a stack of them.
enum Screen: Hashable, Sendable {
    case user(Int)
    case post(Int)
    case account(String)
    case settings
}

/// The app's navigation: the routes it registers at launch and what it does with a link.
@MainActor final class SampleApp {
    /// A mistake made on purpose, to see which check of each suite fails.
    enum Breakage: CaseIterable, Sendable {
        case none
        /// `/user/:id/post/:pid` renamed `/user/:id/posts/:pid` in the app.
        case routeChanged
        /// The guard registered for `/accounts/*`: account links are no longer held.
        case guardNotHolding
        /// The legacy `/u/:id` redirected to `/post/:id` instead of `/user/:id`.
        case redirectElsewhere
        /// The web team's file admits `/users/*` instead of `/user/*`.
        case universalLinksFileEdited
    }

    /// The app's Apple ID, as the universal-links file names it.
    static let appID = "ABCDE12345.com.example.app"

    let screens = RouteMap<Screen>()
    let breakage: Breakage
    var isSignedIn = false
    var isUIReady = false
    var isShowingSignIn = false
    /// The navigation stack on screen.
    var path: [Screen] = []

    init(breakage: Breakage = .none) {
        self.breakage = breakage
        registerRoutes(on: screens)
        screens.onEvent = { [unowned self] event in
            if event.kind == .held { isShowingSignIn = true }
        }
    }

    /// The routes, as the docs write them: one list for the custom scheme and the web host,
    /// the settings screen in the custom scheme only.
    func registerRoutes(on screens: RouteMap<Screen>) {
        screens.onInvalidPattern = { error in assertionFailure(error.description) }
        screens.https.hosts = ["example.com"]
        let postPattern = breakage == .routeChanged ? "/user/:id/posts/:pid" : "/user/:id/post/:pid"
        let legacyTarget = breakage == .redirectElsewhere ? "/post/:id" : "/user/:id"
        let guarded = breakage == .guardNotHolding ? "/accounts/*" : "/account/*"
        for table in [screens.myapp, screens.https] {
            table.add(pattern: "/user/:id") { $0.int("id").map(Screen.user) }
            table.add(pattern: postPattern) { $0.int("pid").map(Screen.post) }
            table.add(pattern: "/post/:id") { $0.int("id").map(Screen.post) }
            table.add(pattern: "/account/:tab") { $0.string("tab").map(Screen.account) }
            // Links sent before the paths changed.
            table.addRedirect(from: "/u/:id", to: legacyTarget)
            table.addGuard(for: guarded) { [unowned self] _ in
                isSignedIn ? .proceed : .hold
            }
        }
        screens.myapp.add(pattern: "/settings") { _ in .settings }
    }

    /// A cold launch: links that arrive before the first screen exists wait.
    func launch() {
        isUIReady = false
        screens.suspend()
    }

    /// The first screen is shown: the links that waited open.
    func uiDidBecomeReady() {
        isUIReady = true
        show(screens.resumeResolving())
    }

    /// A link from `onOpenURL`, a universal link or a notification.
    func open(_ link: URL) {
        switch screens.openStack(for: link) {
        case .resolved(let stack): path = stack
        case .held: isShowingSignIn = true
        case .kept, .unresolved: break
        }
    }

    func didSignIn() {
        isSignedIn = true
        isShowingSignIn = false
        show(screens.resumeResolving())
    }

    func didSignOut() {
        isSignedIn = false
        screens.discardKeptURLs()
    }

    private func show(_ stack: [Screen]) {
        if !stack.isEmpty { path = stack }
    }

    /// The `apple-app-site-association` file the web team serves on example.com.
    var universalLinksFile: String {
        let user = breakage == .universalLinksFileEdited ? "/users/*" : "/user/*"
        return """
            {
              "applinks": {
                "details": [
                  {
                    "appIDs": ["\(Self.appID)"],
                    "components": [
                      { "/": "\(user)" },
                      { "/": "/post/*" },
                      { "/": "/account/*" },
                      { "/": "/u/*" }
                    ]
                  }
                ]
              }
            }
            """
    }
}
