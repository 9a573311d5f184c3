/// A route's handler: returns `true` when it handled the URL, `false` to let the next matching
/// route try.
///
/// ```swift
/// let showUser: RouteHandler = { params in
///     guard let id = params["id"] as? String else { return false }
///     print("user", id)
///     return true
/// }
/// router.default.add(pattern: "/user/view/:id", handler: showUser)
/// ```
public typealias RouteHandler = (RouteParameters) -> Bool

// `async` handlers run on the caller's isolation: their type is `nonisolated(nonsending)`, which
// Swift 6.2 introduced. With an older compiler the `async` API is absent.
#if compiler(>=6.2)
    /// A route's `async` handler, `nonisolated(nonsending) (RouteParameters) async -> Bool`.
    ///
    /// It returns `true` when it handled the URL, `false` to let the next matching route try.
    /// Requires Swift 6.2 or later. It runs on the isolation of the code that routes (the main actor, for an
    /// app's UI), so it may touch what that code touches.
    ///
    /// ```swift
    /// func loadPost(_ id: Int) async -> String? { "Post \(id)" }
    ///
    /// router.default.add(pattern: "/post/:id") { params async -> Bool in
    ///     // `false`: the next matching route tries
    ///     guard let id = params.int("id"), let post = await loadPost(id)
    ///     else { return false }
    ///     print(post)
    ///     return true
    /// }
    /// ```
    public typealias AsyncRouteHandler = nonisolated(nonsending) (RouteParameters) async -> Bool
#endif

/// An object that handles routes itself (JLRoutes' `JLRRouteHandlerTarget`).
///
/// ```swift
/// final class ProfileCoordinator: RouteHandlerTarget {
///     func handleRoute(with parameters: RouteParameters) -> Bool { true }
/// }
/// ```
///
/// A type on the main actor conforms with an isolated conformance (Swift 6.2 and later), and
/// is then used from the main actor, where a router on the main actor calls its handlers:
///
/// ```swift
/// @MainActor final class ProfileCoordinator: @MainActor RouteHandlerTarget {
///     func handleRoute(with parameters: RouteParameters) -> Bool { true }
/// }
/// ```
public protocol RouteHandlerTarget: AnyObject {
    /// Handles the route; returns `false` to let the next matching route try.
    ///
    /// ```swift
    /// func handleRoute(with parameters: RouteParameters) -> Bool {
    ///     parameters["id"] != nil
    /// }
    /// ```
    func handleRoute(with parameters: RouteParameters) -> Bool
}

/// A type that can be built from the parameters of a route (JLRoutes' `initWithRouteParameters:`).
///
/// ```swift
/// struct UserScreen: RouteParametersInitializable {
///     let id: Int
///     init?(routeParameters: RouteParameters) {
///         guard let id = routeParameters.int("id") else { return nil }
///         self.id = id
///     }
/// }
/// ```
public protocol RouteParametersInitializable {
    /// Builds a value from the parameters, or `nil` when they do not fit (the route then declines).
    ///
    /// ```swift
    /// struct PostScreen: RouteParametersInitializable {
    ///     let id: Int
    ///     init?(routeParameters: RouteParameters) {
    ///         // nil: the route declines
    ///         guard let id = routeParameters.int("id") else { return nil }
    ///         self.id = id
    ///     }
    /// }
    /// ```
    init?(routeParameters: RouteParameters)
}

/// Ready-made handlers, the Swift form of JLRoutes' `JLRRouteHandler` factories.
///
/// ```swift
/// // ProfileRoutes.swift
/// import Routes
///
/// final class ProfileCoordinator: RouteHandlerTarget {
///     func handleRoute(with parameters: RouteParameters) -> Bool { true }
/// }
///
/// struct UserScreen: RouteParametersInitializable {
///     let id: Int
///     init?(routeParameters: RouteParameters) {
///         guard let id = routeParameters.int("id") else { return nil }
///         self.id = id
///     }
/// }
///
/// @MainActor func addProfileRoutes(
///     to router: Router, coordinator: ProfileCoordinator
/// ) {
///     router.default.add(
///         pattern: "/profile", handler: RouteHandlers.weak(coordinator))
///     let showUser = RouteHandlers.make(UserScreen.self) { screen in
///         print("user", screen.id)
///         return true
///     }
///     router.default.add(pattern: "/user/:id", handler: showUser)
/// }
/// ```
public enum RouteHandlers {
    /// A handler that forwards to a route handler target while it is alive, without retaining it.
    ///
    /// Forwards to `target` while it is alive; once it is gone the handler returns `false`, so
    /// routing goes on to the next matching route. The target is not retained.
    ///
    /// ```swift
    /// final class ProfileCoordinator: RouteHandlerTarget {
    ///     func handleRoute(with parameters: RouteParameters) -> Bool { true }
    /// }
    /// let coordinator = ProfileCoordinator()
    /// router.default.add(
    ///     pattern: "/profile", handler: RouteHandlers.weak(coordinator))
    /// ```
    public static func weak<Target: RouteHandlerTarget>(_ target: Target) -> RouteHandler {
        { [weak target] parameters in target?.handleRoute(with: parameters) ?? false }
    }

    /// Calls `handle` with `target` while it is alive; returns `false` once it is gone.
    ///
    /// ```swift
    /// final class FeedController {
    ///     func showFeed() { print("feed") }
    /// }
    /// let controller = FeedController()
    /// let showFeed = RouteHandlers.weak(controller) { controller, _ in
    ///     controller.showFeed()
    ///     return true
    /// }
    /// router.default.add(pattern: "/feed", handler: showFeed)
    /// ```
    public static func weak<Target: AnyObject>(
        _ target: Target, _ handle: @escaping (Target, RouteParameters) -> Bool
    ) -> RouteHandler {
        { [weak target] parameters in
            guard let target else { return false }
            return handle(target, parameters)
        }
    }

    /// A handler that builds a value from the parameters and passes it to `completion`.
    ///
    /// Builds a `Value` from the parameters and passes it to `completion`, whose answer is the
    /// handler's. When `Value(routeParameters:)` returns `nil`, the handler returns `false`.
    ///
    /// ```swift
    /// struct UserScreen: RouteParametersInitializable {
    ///     let id: Int
    ///     init?(routeParameters: RouteParameters) {
    ///         guard let id = routeParameters.int("id") else { return nil }
    ///         self.id = id
    ///     }
    /// }
    /// let showUser = RouteHandlers.make(UserScreen.self) { screen in
    ///     print("user", screen.id)
    ///     return true
    /// }
    /// router.default.add(pattern: "/user/:id", handler: showUser)
    /// ```
    public static func make<Value: RouteParametersInitializable>(
        _ type: Value.Type, completion: @escaping (Value) -> Bool
    ) -> RouteHandler {
        { parameters in
            guard let value = Value(routeParameters: parameters) else { return false }
            return completion(value)
        }
    }
}
