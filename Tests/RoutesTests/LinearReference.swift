import Foundation

@testable import Routes

/// The executable reference for routing: JLRoutes' algorithm, scanning every definition of the
/// table in order and matching it segment by segment, with the parameters built eagerly as
/// JLRoutes builds its dictionary. The index and the lazy `RouteParameters` must agree with it.
enum LinearReference {
    struct Call: Equatable {
        var label: String
        var parameters: [String: String]
    }

    /// JLRoutes' `routeVariablesForRequest:` as a yes/no: lengths, literals, non-empty parameters.
    static func matches(_ pattern: RoutePattern, _ segments: [Substring]) -> Bool {
        if !pattern.hasWildcard && segments.count != pattern.segments.count { return false }
        for (index, segment) in pattern.segments.enumerated() {
            switch segment {
            case .wildcard:
                return segments.count >= index
            case .parameter:
                guard index < segments.count, !segments[index].isEmpty else { return false }
            case .literal(let literal):
                guard index < segments.count else { return false }
                let decoded = PercentDecoding.decodeOrKeep(segments[index])
                guard Array(decoded.utf8) == Array(literal.utf8) else { return false }
            }
        }
        return true
    }

    /// The handler calls that routing `url` through `router` makes, given which labels accept.
    static func route(
        _ url: String, in router: Router, extra: [String: String], label: (Definition) -> String,
        accepts: (String) -> Bool
    ) -> (calls: [Call], routed: Bool) {
        guard let parts = URLParts(string: url) else { return ([], false) }
        let table = router.table(for: parts)
        var calls: [Call] = []
        var tables = [table]
        if table.shouldFallback, !table.isGlobal { tables.append(router.default) }
        for table in tables {
            let request = RouteRequest(parts: parts, options: table.options)
            let segments = request.encodedSegments.map { Substring($0) }
            for definition in table.definitions where matches(definition.parsed, segments) {
                let name = label(definition)
                calls.append(
                    Call(label: name, parameters: parameters(request, definition, extra, table.scheme)))
                if accepts(name) { return (calls, true) }
            }
        }
        return (calls, false)
    }

    /// JLRoutes' dictionary: query items, then route values, then extra parameters, then the
    /// reserved keys (the URL left out, as it is not a string).
    static func parameters(
        _ request: RouteRequest, _ definition: Definition, _ extra: [String: String], _ scheme: String
    ) -> [String: String] {
        let plus = request.options.contains(.decodePlusSymbols)
        var query: [String: [String]] = [:]
        request.forEachQueryItem { name, value in
            query[name, default: []].append(value)
            return true
        }
        let segments = request.encodedSegments.map { Substring($0) }
        var result = query.mapValues { $0.count == 1 ? $0[0] : $0.joined(separator: "|") }
        for (index, segment) in definition.parsed.segments.enumerated() {
            switch segment {
            case .parameter(let name):
                var raw = segments[index]
                if raw.count > 1, raw.last == "#" { raw = raw.dropLast() }
                result[name] = PercentDecoding.decodeOrKeep(raw, plusAsSpace: plus)
            case .wildcard:
                let rest =
                    segments == [""]
                    ? []
                    : segments[index...].map {
                        PercentDecoding.decodeOrKeep($0, plusAsSpace: plus)
                    }
                result[Definition.Keys.wildcard] = rest.joined(separator: "|")
            case .literal:
                break
            }
        }
        result.merge(extra) { _, new in new }
        result[Definition.Keys.pattern] = definition.pattern
        result[Definition.Keys.scheme] = scheme
        return result
    }

    /// The same flattening for a real handler's parameters.
    static func flatten(_ parameters: RouteParameters) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in parameters.dictionary where key != Definition.Keys.url {
            switch value {
            case let string as String: result[key] = string
            case let strings as [String]: result[key] = strings.joined(separator: "|")
            default: result[key] = "\(value)"
            }
        }
        // The lazy subscript must agree with the dictionary for every key.
        for key in result.keys {
            let single = parameters[key]
            let flat = (single as? String) ?? (single as? [String])?.joined(separator: "|")
            if flat != result[key] { result[key] = "subscript disagrees: \(String(describing: single))" }
        }
        return result
    }
}
