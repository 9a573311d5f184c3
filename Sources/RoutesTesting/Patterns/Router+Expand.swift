#if !ROUTES_ONE_MODULE
    import Routes
#endif

extension Router {
    /// Checks a pattern and returns the patterns its optional groups expand into.
    ///
    /// They are in registration order: the longest text first, its length counted in UTF-16 code
    /// units, whatever groups it keeps (<doc:Routes/RoutingRules#Order-longest-first>).
    ///
    /// ```swift
    /// try Router.expand(pattern: "/the(/foo/:a)(/bar/:b)")
    /// // ["/the/foo/:a/bar/:b", "/the/foo/:a", "/the/bar/:b", "/the"]
    /// try Router.expand(pattern: "/post/:id(/comments)(/:commentID)")
    /// // ["/post/:id/comments/:commentID", "/post/:id/:commentID",
    /// //  "/post/:id/comments", "/post/:id"]
    /// try Router.expand(pattern: "/a/*/b/*")
    /// // throws: a pattern holds one '*' at most
    /// ```
    public static func expand(pattern: String) throws(RoutePatternError) -> [String] {
        try OptionalGroupExpansion.expand(pattern).map(\.text)
    }
}
