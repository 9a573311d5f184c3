import Foundation
import Testing

@testable import Routes
@testable import RoutesTestSupport
@testable import RoutesTesting

/// Typed worlds (``AgreementWorld/init(seed:issues:typed:)``): typed routes of the shapes of
/// ``ShapeFamily`` and extended patterns (constraints, allowed values, fixed text with escapes,
/// `{rest:*}`, optional groups) beside plain ones. Every check of plain worlds runs on them, and:
/// a printed value routes back to an equal value or printing throws; a handler never receives a
/// capture value that its constraint refuses, whatever the query says; the universal-links file
/// admits no routed URL with a literal changed that every route's literals refuse.
extension AgreementTests {
    /// Seeds in groups, each group one test case whose tallies show that its checks are not
    /// vacuous.
    static let typedSeedGroups: [ClosedRange<UInt64>] = [1...10, 11...20, 21...30, 31...40]
    static let printedValuesPerShape = 4

    @Test(arguments: typedSeedGroups)
    func typedRoutesAndTemplatesAgreeWithRouting(seeds: ClosedRange<UInt64>) throws {
        var tally = Tally()
        for seed in seeds {
            let world = AgreementWorld(seed: seed, issues: KnownIssues(), typed: true)
            let typed = try #require(world.typed)
            try typed.withShapes {
                try check(world, &tally)
                checkPrintedValues(world, &tally)
            }
        }
        #expect(tally.matched > tally.urls / 4)
        #expect(tally.typedRoundTrips > 20)
        #expect(tally.typedConstraintChecks > 20)
        #expect(tally.constraintChecks > 20)
        #expect(tally.nearMisses > 5)
    }

    // MARK: Printed values

    /// Each registered shape prints random values: each URL routes back (every handler
    /// declining, so that every match is asked) to the shape's handler with an equal value, and
    /// `roundTrip` finds no difference; or printing throws.
    func checkPrintedValues(_ world: AgreementWorld, _ tally: inout Tally) {
        guard let typed = world.typed else { return }
        for registration in typed.registrations where !registration.definitions.isEmpty {
            for _ in 0..<Self.printedValuesPerShape {
                checkPrintedValue(registration.shape, registration, world, &tally)
            }
        }
    }

    private func checkPrintedValue<Shape: TypedShape>(
        _ shape: Shape.Type, _ registration: ShapeRegistration, _ world: AgreementWorld, _ tally: inout Tally
    ) {
        let printed = world.printed(shape, registration)
        guard let url = printed.url else {
            let reason = printed.error.map { "\($0.reason)".prefix { $0 != "(" }.description } ?? "?"
            tally.typedBuildErrors[reason, default: 0] += 1
            return
        }
        let context =
            "\(printed.value) printed as \(url.absoluteString) in \(registration.scheme)\n\(world.router)"
        let differences = world.router.roundTrip(printed.value, scheme: printed.scheme, host: printed.host)
        world.reset(askingEverything: true)
        world.router.route(to: url)
        var reached = false
        var received: [String] = []
        for (position, entry) in world.log.enumerated() {
            // A redirect asked before the shape's route takes the URL elsewhere.
            if case .event(let event) = entry, case .redirected = event.kind { return }
            if let call = world.typed?.calls[position], let value = call.value as? Shape {
                reached = value == printed.value
                if reached { break }
                received.append("\(value)")
            }
        }
        tally.typedRoundTrips += 1
        #expect(reached, "the shape's handler received \(received)\n\(context)")
        #expect(differences.isEmpty, "roundTrip: \(differences)\n\(context)")
    }

    // MARK: Constraints

    /// The captures of an expansion (read with braces): name and constraint.
    static func captures(_ pattern: String) -> [(name: String, constraint: String?)] {
        LinearReference.Pattern(pattern, braces: true).captures
    }

    /// No handler receives a capture value that its constraint refuses: an untyped handler of
    /// an extended pattern as its parameters, a typed one as its properties; and a typed
    /// handler's property whose capture the matched expansion lacks (an optional group's) is
    /// `nil`, whatever the query says.
    func checkConstraints(_ log: [Entry], _ world: AgreementWorld, context: String, tally: inout Tally) {
        guard let typed = world.typed else { return }
        for (position, entry) in log.enumerated() {
            guard case .handler(let scheme, let pattern, let values, _) = entry else { continue }
            if let call = typed.calls[position] {
                let captures = Self.captures(call.pattern)
                for (name, constraint) in captures {
                    guard let constraint, let text = call.value.captureText(name) else { continue }
                    tally.typedConstraintChecks += 1
                    #expect(
                        LinearReference.Pattern.accepts(constraint, text),
                        "\(type(of: call.value)).\(name) is \(text.debugDescription), refused by \(constraint) in \(call.pattern)\n\(context)"
                    )
                }
                let source = typed.shapePatterns[type(of: call.value).name] ?? ""
                let elsewhere = Set(
                    ((try? Router.expand(pattern: source)) ?? []).flatMap { Self.captures($0).map(\.name) }
                )
                .subtracting(captures.map(\.name))
                for name in elsewhere.sorted() {
                    let text = call.value.captureText(name)
                    #expect(
                        text == nil,
                        "\(type(of: call.value)).\(name) is \(text ?? ""), but \(call.pattern) has no capture \(name)\n\(context)"
                    )
                }
            } else if world.router[scheme].options.contains(.extendedPatterns),
                typed.typedPatterns[scheme]?.contains(pattern) != true
            {
                for (name, constraint) in Self.captures(pattern) {
                    guard let constraint, let value = values.named[name] else { continue }
                    tally.constraintChecks += 1
                    // A constraint reads the value without the `#` a fragment route leaves on it.
                    let read = String(LinearReference.Pattern.trimmingHash(Substring(value)))
                    #expect(
                        LinearReference.Pattern.accepts(constraint, read),
                        "\(name) is \(value.debugDescription), refused by \(constraint) in \(pattern)\n\(context)"
                    )
                }
            }
        }
    }

    // MARK: Near misses and the universal-links file

    /// The text a changed literal gets: no pattern of the worlds has it.
    static let changedLiteral = "zq9"

    /// A routed https URL with one literal of its route changed to a text no route has: when the
    /// file admits it and no route matches it, an accepting route matches it loosely (its
    /// literals whole and in their places: ``UniversalLinksPromise``). The file admits more than
    /// the router routes, but no URL that differs from every accepting route in a literal
    /// segment.
    func checkNearMisses(
        _ url: String, _ log: [Entry], _ world: AgreementWorld, _ file: UniversalLinksMatcher,
        _ context: String, _ tally: inout Tally
    ) {
        var accepting: (scheme: String, pattern: String)?
        for entry in log {
            if case .event(let event) = entry, case .redirected = event.kind { return }
            if case .handler(let scheme, let pattern, _, true) = entry {
                accepting = (scheme, pattern)
                break
            }
        }
        guard let accepting, !world.router[accepting.scheme].options.contains(.treatHostAsPathComponent),
            let parts = URLComponents(string: url), parts.percentEncodedFragment == nil,
            let host = parts.percentEncodedHost
        else { return }
        // A typed route's pattern reads braces whatever its table's options.
        func options(_ definition: Definition, _ table: RouteTable) -> RouteOptions {
            var options = table.options
            if world.typed?.definitions.contains(ObjectIdentifier(definition)) == true {
                options.insert(.extendedPatterns)
            }
            return options
        }
        let braces =
            world.router[accepting.scheme].options.contains(.extendedPatterns)
            || world.typed?.typedPatterns[accepting.scheme]?.contains(accepting.pattern) == true
        let pattern = LinearReference.Pattern(accepting.pattern, braces: braces)
        // The routes of the tables an https URL reaches (of every host: a superset), but those
        // that decline.
        let https = world.router["https"]
        let promise = UniversalLinksPromise(
            ([https] + (https.shouldFallback ? [world.router.default] : [])).flatMap { table in
                table.definitions.filter { world.answers[ObjectIdentifier($0)] != .decline }.map {
                    ($0.pattern, options($0, table))
                }
            })
        var path = Substring(parts.percentEncodedPath)
        if path.hasPrefix("/") { path = path.dropFirst() }
        if path.hasSuffix("/") { path = path.dropLast() }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for (index, part) in pattern.parts.enumerated() {
            guard case .literal = part else { continue }
            let at = pattern.urlIndex(index, count: segments.count)
            guard segments.indices.contains(at) else { continue }
            var changed = segments
            changed[at] = Self.changedLiteral
            let nearMiss = "https://\(host)/" + changed.joined(separator: "/")
            tally.nearMisses += 1
            guard file.admits(nearMiss), !world.router.canRoute(to: nearMiss) else { continue }
            tally.nearMissesAdmitted += 1
            #expect(
                promise.keeps(nearMiss),
                "\(nearMiss) (\(url) with a literal of \(accepting.pattern) changed) is admitted, but no accepting route has its literals in their places\n\(context)"
            )
        }
    }
}
