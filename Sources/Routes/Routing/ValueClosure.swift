/// A ``RouteMap`` route's closure, kept with the type of the value it gives.
///
/// A definition does not know which map registered it, so its action holds the closure as this
/// protocol. A ``Router``'s walk only asks whether the closure gives a value; a
/// `RouteMap<Value>`'s walk takes the value itself, typed: the map's tables register
/// `ValueClosure<Value>`s, so the value is never boxed as `Any`. A definition removed from one
/// map and added to another map's router keeps its closure, so the map's walk checks the
/// closure's class (`as?`), and a closure of another map's type declines.
protocol ValueRoute: AnyObject {
    /// Whether the closure gives a value for `parameters`: a router's answer for the route.
    func givesValue(_ parameters: RouteParameters) -> Bool
}

/// A map's synchronous closure: it gives the value, or `nil` to decline.
final class ValueClosure<Value>: ValueRoute {
    let resolve: (RouteParameters) -> Value?

    init(_ resolve: @escaping (RouteParameters) -> Value?) {
        self.resolve = resolve
    }

    func givesValue(_ parameters: RouteParameters) -> Bool {
        resolve(parameters) != nil
    }
}

#if compiler(>=6.2)
    /// What an `async` value closure offers a router's walk: whether it gives a value, awaited.
    protocol AsyncValueRoute: AnyObject {
        /// Whether the closure gives a value for `parameters`, awaited on the caller's isolation.
        nonisolated(nonsending) func givesValueAwaiting(_ parameters: RouteParameters) async -> Bool
    }

    /// A map's `async` closure: it gives the value, or `nil` to decline.
    final class AsyncValueClosure<Value>: AsyncValueRoute {
        let resolve: nonisolated(nonsending) (RouteParameters) async -> Value?

        init(_ resolve: nonisolated(nonsending) @escaping (RouteParameters) async -> Value?) {
            self.resolve = resolve
        }

        nonisolated(nonsending) func givesValueAwaiting(_ parameters: RouteParameters) async -> Bool {
            await resolve(parameters) != nil
        }
    }
#endif
