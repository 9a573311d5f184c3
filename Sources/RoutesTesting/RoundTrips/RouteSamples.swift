import Foundation

#if !ROUTES_ONE_MODULE
    import Routes
#endif

/// Sample values for the captures of a parsed pattern, each one its constraint accepts: the
/// parameters that ``Routes/Router/checkRoundTrips(typed:samples:)`` builds a URL with.
struct RouteSamples {
    /// Values by capture name, given by the test: used instead of the values made.
    let given: [String: String]

    /// Why a pattern has no sample.
    struct Failure: Error {
        let reason: String
    }

    /// The parameter sets of `pattern`: the first gives each capture its first sample, each
    /// next one gives one capture another of its samples (each allowed value of `{tab:a|b}`,
    /// both of `{on:bool}`), the others keeping their first.
    func parameterSets(for pattern: RoutePattern) -> Result<[[String: Any]], Failure> {
        var captures: [(name: String, samples: [String])] = []
        var wildcard: [String]?
        for segment in pattern.segments {
            switch segment {
            case .literal: continue
            case .parameter(let name):
                captures.append((name, [given[name] ?? "\(captures.count + 1)"]))
            case .wildcard:
                wildcard = ["w1", "w2"]
            case .template(let template):
                for (name, constraint) in zip(template.names, template.constraints) {
                    switch samples(name, constraint, number: captures.count + 1) {
                    case .success(let samples): captures.append((name, samples))
                    case .failure(let failure): return .failure(failure)
                    }
                }
            }
        }
        var first: [String: Any] = [:]
        for capture in captures { first[capture.name] = capture.samples[0] }
        if let wildcard { first[RouteParameters.Keys.wildcard] = wildcard }
        var sets = [first]
        for capture in captures {
            for sample in capture.samples.dropFirst() {
                var set = first
                set[capture.name] = sample
                sets.append(set)
            }
        }
        return .success(sets)
    }

    /// The samples of one capture: the value given, else those made for its constraint. Each
    /// capture's number makes its first sample differ from the others', so that two values
    /// swapped do not come back equal.
    private func samples(_ name: String, _ constraint: CaptureConstraint?, number: Int) -> Result<
        [String], Failure
    > {
        if let given = given[name] { return .success([given]) }
        switch constraint {
        case nil, .int?, .uint?: return .success(["\(number)"])
        case .double?: return .success(["\(number).5"])
        case .bool?: return .success(["true", "false"])
        case .uuid?: return .success([String(format: "00000000-0000-0000-0000-%012d", number)])
        case .oneOf(let values)?: return .success(values)
        case .custom(let type, let accepts)?:
            let candidates = ["\(number)", "a\(number)", "A\(number)", "\(number).5", "true", "a"]
            guard let sample = candidates.first(where: accepts) else {
                return .failure(
                    Failure(
                        reason: "no sample value for {\(name):\(type)}: the type \(type) accepts none of "
                            + candidates.joined(separator: ", ") + "; give one in samples: [\"\(name)\": ...]"
                    ))
            }
            return .success([sample])
        }
    }
}
