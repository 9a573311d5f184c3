extension RouteParameters {
    /// The values the link itself carried, as text: its route values and query items, without
    /// the reserved keys or the extra parameters.
    ///
    /// What an app hands to a screen or to analytics, without filtering ``dictionary`` by hand.
    /// Each key's text is what ``string(_:)`` reads for it when no extra parameter has its name:
    /// a route value (`:name`) wins over a query item of its name, and a repeated query item
    /// gives its first value. A named wildcard (`{rest:*}`) is the exception: it gives its
    /// segments joined with `/`, where ``string(_:)`` reads the first, so `a/b%2Fc` and `a/b/c`
    /// give the same text (read ``wildcardComponents`` when the segments matter). Left out:
    /// the reserved ``Keys`` (`JLRoutePattern`, `JLRouteURL`, `JLRouteScheme`,
    /// `JLRouteWildcardComponents`, `JLRouteAnchor`), also when a query item or a `:name` has one
    /// of their names,
    /// and the extra parameters of `route(to:parameters:)`, which are the app's, not the
    /// link's (read them with the subscript). Built when read, in time linear in the URL.
    ///
    /// ```swift
    /// router.myapp.add(pattern: "/post/:id") { params in
    ///     // myapp://post/7?utm_source=mail&ref=a&ref=b:
    ///     // ["id": "7", "utm_source": "mail", "ref": "a"]
    ///     print("open_post", params.linkValues)  // to your analytics
    ///     return true
    /// }
    /// ```
    public var linkValues: [String: String] {
        var values: [String: String] = [:]
        values.reserveCapacity(request.queryItemCount + matched.parameterCount + 1)
        request.forEachQueryItem { name, value in
            if values[name] == nil, !RouteParameters.isReserved(name) { values[name] = value }
            return true
        }
        forEachRouteValue { name, value in
            if !RouteParameters.isReserved(name) { values[name] = value }
        }
        if let name = matched.wildcardName, !RouteParameters.isReserved(name) {
            values[name] = (wildcardComponents ?? []).joined(separator: "/")
        }
        return values
    }

    /// Whether `key` is one of the reserved ``Keys``, whose values never come from the link.
    private static func isReserved(_ key: String) -> Bool {
        switch key {
        case Keys.pattern, Keys.url, Keys.scheme, Keys.wildcard, Keys.anchor: return true
        default: return false
        }
    }
}
