/// The registration-time check of a ``TypedRoute`` type against its pattern.
enum TypedRouteCheck {
    /// What disagrees between the type and its pattern, whose expansions are `expansions`; `nil`
    /// when they fit (or when the pattern is invalid, `expansions` empty: registering it reports
    /// that). What needs the whole record of the keys the type asks for (a capture never
    /// decoded, a required property that an expansion lacks, a value that does not read back)
    /// is checked only when it is complete (see ``KeyRecord``).
    static func error<Route: TypedRoute>(of type: Route.Type, expansions: [RoutePattern]) -> TypedRouteError?
    {
        guard !expansions.isEmpty else { return nil }
        // `Route.self`, the type registered, not a subclass that `type` may hold: routing
        // decodes `Route`.
        let record = KeyRecord(of: Route.self, allowedValues: allowedValues(of: expansions))
        func error(_ reason: TypedRouteError.Reason) -> TypedRouteError {
            TypedRouteError(type: String(describing: type), pattern: Route.pattern, reason: reason)
        }
        if let key = record.nestedKey { return error(.nestedValue(key: key)) }
        for expansion in expansions {
            if let name = expansion.parameterNames.first(where: record.listKeys.contains) {
                return error(.arrayCapture(name))
            }
        }
        guard record.isComplete else { return nil }
        let asked = Set(record.keys)
        for expansion in expansions {
            let captures = expansion.parameterNames
            if let missing = captures.first(where: { !asked.contains($0) }) {
                return error(.captureNotDecoded(missing))
            }
            // A wildcard is read under its name (`{rest:*}`) or under the reserved key.
            let wildcardKeys = [expansion.wildcardName, RouteParameters.Keys.wildcard].compactMap { $0 }
            if expansion.hasWildcard, !wildcardKeys.contains(where: asked.contains),
                let missing = wildcardKeys.first
            {
                return error(.captureNotDecoded(missing))
            }
        }
        guard let value = record.value as? Route else { return nil }
        if let name = requiredGroupCapture(of: value, expansions: expansions) {
            return error(.requiredGroupCapture(name))
        }
        return readBackError(of: value).map(error)
    }

    /// The allowed values of each capture that has some (`{tab:posts|likes}`), by name.
    private static func allowedValues(of expansions: [RoutePattern]) -> [String: [String]] {
        var values: [String: [String]] = [:]
        for expansion in expansions {
            for template in expansion.extended?.templates ?? [] {
                for (name, constraint) in zip(template.template.names, template.template.constraints) {
                    if case .oneOf(let allowed)? = constraint { values[name] = allowed }
                }
            }
        }
        return values
    }

    /// The first capture that some expansions of the pattern lack and without which `value`
    /// (the type's placeholders) does not decode: its property is required, so a URL of such an
    /// expansion never decodes, whatever its query (a capture's property is read from its
    /// capture only, ``TypedReading``). `nil` when every expansion decodes.
    static func requiredGroupCapture<Route: TypedRoute>(of value: Route, expansions: [RoutePattern])
        -> String?
    {
        // The keys each expansion captures: its names, and its wildcard's.
        let captures = expansions.map { expansion in
            var names = Set(expansion.parameterNames)
            if let name = expansion.wildcardName { names.insert(name) }
            if expansion.hasWildcard { names.insert(RouteParameters.Keys.wildcard) }
            return names
        }
        let everywhere = captures.dropFirst().reduce(captures.first ?? []) { $0.intersection($1) }
        let somewhere = captures.reduce(Set<String>()) { $0.union($1) }
        guard somewhere != everywhere,
            let printed = try? RouteValueEncoder.parameters(of: value, pattern: Route.pattern)
        else { return nil }
        let read = readAsRouted(printed)
        for captured in captures {
            let lacking = somewhere.subtracting(captured)
            guard !lacking.isEmpty else { continue }
            do {
                _ = try RouteParameters.decode(Route.self, values: read.filter { !lacking.contains($0.key) })
            } catch {
                if let key = TypedBuilding.property(of: error), lacking.contains(key) { return key }
            }
        }
        return nil
    }

    /// Printed parameters as routing reads them: one text for a list of one, nothing for an
    /// empty list.
    private static func readAsRouted(_ printed: [String: Any]) -> [String: Any] {
        var read: [String: Any] = [:]
        for (key, value) in printed {
            guard let texts = value as? [String] else {
                read[key] = value
                continue
            }
            if texts.count == 1 { read[key] = texts[0] } else if !texts.isEmpty { read[key] = texts }
        }
        return read
    }

    /// Why `value` (the type's placeholders) does not read back as it prints: its properties
    /// printed as URL building prints them, read as routing reads them and decoded as the type,
    /// print other text, or a property that printed text does not decode. `nil` when it reads
    /// back, or when the check cannot tell (a property that prints nothing, such as an empty
    /// array, is missing when read back: only a real value says whether that matters).
    static func readBackError<Route: TypedRoute>(of value: Route) -> TypedRouteError.Reason? {
        let printed: [String: Any]
        do {
            printed = try RouteValueEncoder.parameters(of: value, pattern: Route.pattern)
        } catch {
            if case .nestedValue(let key) = error.reason { return .nestedValue(key: key) }
            return nil
        }
        let read = readAsRouted(printed)
        let decoded: Route
        do {
            decoded = try RouteParameters.decode(Route.self, values: read) as! Route
        } catch {
            guard let key = TypedBuilding.property(of: error), let text = read[key] else { return nil }
            let detail =
                "printed \(TypedBuilding.texts(text)), which does not decode: \(TypedBuilding.message(of: error))"
            return .valueNotReadBack(key: key, detail: detail)
        }
        guard let back = try? RouteValueEncoder.parameters(of: decoded, pattern: Route.pattern),
            let change = TypedBuilding.changes(from: printed, to: back).first
        else { return nil }
        return .valueNotReadBack(
            key: change.key, detail: "printed \(change.given), reads back as \(change.decoded)")
    }
}
