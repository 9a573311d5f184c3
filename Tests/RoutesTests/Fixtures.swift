import Foundation

@testable import Routes

/// Records every handler call: which route ran and with which parameters.
final class Recorder {
    struct Call {
        var label: String
        var parameters: [String: Any]

        subscript(key: String) -> Any? { parameters[key] }
        var pattern: String? { parameters[Definition.Keys.pattern] as? String }
    }

    private(set) var calls: [Call] = []

    /// A handler that records its call under `label` and answers `accept`.
    func handler(_ label: String, accept: Bool = true) -> RouteHandler {
        { [unowned self] params in
            calls.append(Call(label: label, parameters: params.dictionary))
            return accept
        }
    }

    var labels: [String] { calls.map(\.label) }
    var last: Call? { calls.last }

    func reset() { calls = [] }
}

/// The route values of a call: its parameters without the reserved keys.
func routeValues(_ call: Recorder.Call?) -> [String: String] {
    var result: [String: String] = [:]
    for (key, value) in call?.parameters ?? [:] where ![Definition.Keys.url].contains(key) {
        if let value = value as? String { result[key] = value }
    }
    result[Definition.Keys.pattern] = nil
    result[Definition.Keys.scheme] = nil
    result[Definition.Keys.anchor] = nil
    return result
}

/// The segments a table with `options` reads from `url`.
func segments(_ url: String, options: RouteOptions = [.decodePlusSymbols]) -> [String]? {
    guard let parts = URLParts(string: url) else { return nil }
    return RouteRequest(parts: parts, options: options, readsAnchors: false).encodedSegments
}

/// The parameters that a handler of `pattern` in `router`'s global table receives for `url`, or
/// `nil` when the URL does not route to it.
func routedParameters(
    _ url: String, to pattern: String, in router: Router = Router(), extra: [String: Any] = [:]
) -> RouteParameters? {
    var captured: RouteParameters?
    router.default.add(pattern: pattern) { params in
        captured = params
        return true
    }
    router.route(to: url, parameters: extra)
    return captured
}

/// The patterns `pattern`'s optional groups expand into, in registration order: the expansion
/// that registration makes, which `Router.expand(pattern:)` of RoutesTesting returns.
func expand(pattern: String) throws(RoutePatternError) -> [String] {
    try OptionalGroupExpansion.expand(pattern).map(\.text)
}
