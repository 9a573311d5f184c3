import Foundation
import Testing

@testable import Routes
@testable import RoutesTesting

/// Every tool against what routing does, on seeded random routers (``AgreementWorld``): for each
/// generated URL, routing is observed twice — once with every handler declining and every guard
/// proceeding, so that it asks all it can, and once with the handlers' and guards' own answers —
/// and `canRoute`, `explain`, `url(for:)`, `lint` and the universal-links file must say what it did.
@Suite("Tools agree with routing") struct AgreementTests {
    static let seeds: [UInt64] = Array(1...60)
    static let urlsPerSeed = 40
    static let appID = "ABCDE12345.com.example.app"

    /// One step of routing as explain predicts it and the log shows it.
    enum Step: Equatable, CustomStringConvertible {
        case guardAsked(scheme: String, pattern: String)
        case asked(scheme: String, pattern: String)
        case redirected(scheme: String, pattern: String, to: String)

        var description: String {
            switch self {
            case .guardAsked(let scheme, let pattern): return "guard \(pattern) in \(scheme)"
            case .asked(let scheme, let pattern): return "\(pattern) in \(scheme)"
            case .redirected(let scheme, let pattern, let target):
                return "\(pattern) in \(scheme) → \(target)"
            }
        }
    }

    /// The steps explain predicts while every handler declines and every guard proceeds: in each
    /// table with a match, its matching guards, then its matches, up to the first redirect that
    /// builds a URL.
    static func predictedSteps(_ explanation: RouteExplanation) -> [Step] {
        var steps: [Step] = []
        for table in explanation.tables {
            let candidates = table.entries.filter { $0.mismatch == nil }
            guard !candidates.isEmpty else { continue }
            steps += table.askedGuards.map { .guardAsked(scheme: $0.scheme, pattern: $0.pattern) }
            for entry in candidates {
                guard entry.redirectTarget != nil else {
                    steps.append(.asked(scheme: entry.scheme, pattern: entry.pattern))
                    continue
                }
                if let target = entry.redirectURL {
                    steps.append(
                        .redirected(scheme: entry.scheme, pattern: entry.pattern, to: target.absoluteString))
                    return steps
                }
            }
        }
        return steps
    }

    /// The steps of the walk of the routed URL itself, up to its first redirect.
    static func observedSteps(_ log: [Entry]) -> [Step] {
        var steps: [Step] = []
        for entry in log {
            switch entry {
            case .guardAsked(let scheme, let pattern, _):
                steps.append(.guardAsked(scheme: scheme, pattern: pattern))
            case .handler(let scheme, let pattern, _, _):
                steps.append(.asked(scheme: scheme, pattern: pattern))
            case .event(let event):
                if case .redirected(let target) = event.kind {
                    steps.append(
                        .redirected(
                            scheme: event.scheme, pattern: event.pattern ?? "", to: target.absoluteString))
                    return steps
                }
                if event.kind == .unmatched || event.kind == .redirectLimitReached { return steps }
            }
        }
        return steps
    }

    /// Tallies that show the checks are not vacuous, and the reasons `url(for:)` gave.
    struct Tally {
        var urls = 0
        var matched = 0
        var redirected = 0
        var limitReached = 0
        var roundTrips = 0
        var buildErrors: [String: Int] = [:]
        var admitted = 0
        var excluded = 0
        /// Typed worlds: values printed and routed back, and the reasons printing gave.
        var typedRoundTrips = 0
        var typedBuildErrors: [String: Int] = [:]
        /// Capture values checked against their constraints, typed ones among them.
        var constraintChecks = 0
        var typedConstraintChecks = 0
        /// Routed https URLs with a literal of their route changed, and those the file admits
        /// although no route matches them.
        var nearMisses = 0
        var nearMissesAdmitted = 0
    }

    @Test(arguments: seeds)
    func toolsAgreeWithRouting(seed: UInt64) throws {
        let world = AgreementWorld(seed: seed, issues: KnownIssues())
        var tally = Tally()
        try check(world, &tally)
        // The checks are not vacuous: URLs match, and handlers are asked back through url(for:).
        #expect(tally.matched > Self.urlsPerSeed / 4)
        #expect(tally.roundTrips > 0)
    }

    func check(_ world: AgreementWorld, _ tally: inout Tally) throws {
        let router = world.router
        let mayDecline = { (definition: Definition) in
            // A typed route also declines a match that does not decode.
            world.answers[ObjectIdentifier(definition)].map { $0 != .accept } ?? false
                || world.typed?.definitions.contains(ObjectIdentifier(definition)) == true
        }
        let claims = LintClaims(router.lint(mayDecline: mayDecline), router)
        var files: [String: UniversalLinksMatcher] = [:]
        for _ in 0..<Self.urlsPerSeed {
            guard let url = world.randomURL() else { continue }
            tally.urls += 1
            let context = "\(url)\n\(router)"

            // Everything asked: explain and canRoute.
            world.reset(askingEverything: true)
            router.route(to: url)
            let everything = world.log
            let explanation = router.explain(url)
            let predicted = Self.predictedSteps(explanation)
            #expect(Self.observedSteps(everything) == predicted, "\(context)")
            let matches = !explanation.candidates.isEmpty
            #expect(router.canRoute(to: url) == matches, "\(context)")
            if !Self.observedSteps(everything).isEmpty { #expect(matches, "\(context)") }
            if matches { tally.matched += 1 }

            // Their own answers.
            world.reset(askingEverything: false)
            router.route(to: url)
            let answered = world.log

            // Lint's claims about loops and shadowing rest on the handlers' own answers (`mayDecline`).
            checkLint(everything, claims, ownAnswers: false, context: context, tally: &tally)
            checkLint(answered, claims, ownAnswers: true, context: context, tally: &tally)
            try checkUniversalLinks(url, answered, world, &files, context, &tally)
            checkRoundTrips(everything, world, url: url, context: context, tally: &tally)
            if world.typed != nil {
                checkConstraints(everything, world, context: context, tally: &tally)
                checkConstraints(answered, world, context: context, tally: &tally)
            }
        }
    }

    // MARK: lint

    /// What lint claims, keyed by `"scheme pattern"`.
    struct LintClaims {
        var loops: Set<String>
        var unmatchedTargets: Set<String>
        var unreachableGuards: Set<String>
        /// Duplicate, renamed and shadowed definitions whose pattern and earlier pattern are each
        /// the text of one definition of their table, so that the log's patterns name them.
        var covered: [RouteLintWarning]

        init(_ warnings: [RouteLintWarning], _ router: Router) {
            func keys(_ kind: RouteLintWarning.Kind) -> Set<String> {
                Set(warnings.filter { $0.kind == kind }.map { "\($0.scheme) \($0.pattern)" })
            }
            loops = keys(.redirectLoop)
            unmatchedTargets = keys(.unmatchedRedirectTarget)
            unreachableGuards = keys(.unreachableGuard)
            covered = warnings.filter { warning in
                guard [.duplicate, .parameterNamesOnly, .shadowed].contains(warning.kind) else {
                    return false
                }
                let patterns = router[warning.scheme].definitions.map(\.pattern)
                return [warning.pattern, warning.earlierPattern].allSatisfy { text in
                    patterns.count { $0 == text } == 1
                }
            }
        }
    }

    /// `ownAnswers`: the handlers answered as they do, not all declining.
    func checkLint(
        _ log: [Entry], _ claims: LintClaims, ownAnswers: Bool, context: String, tally: inout Tally
    ) {
        let covered = ownAnswers ? claims.covered : []
        var redirects: [String] = []
        var guardRedirected = false
        var lastGuard: (scheme: String, pattern: String, decision: RouteGuardDecision)?
        // The steps asked in the walk of the current URL (a redirect starts a new walk).
        var walk: [(scheme: String, pattern: String, declined: Bool)] = []
        for (position, entry) in log.enumerated() {
            switch entry {
            case .guardAsked(let scheme, let pattern, let decision):
                #expect(
                    !claims.unreachableGuards.contains("\(scheme) \(pattern)"),
                    "unreachable guard asked\n\(context)")
                lastGuard = (scheme, pattern, decision)
            case .handler(let scheme, let pattern, _, let accepted):
                for warning in covered where warning.scheme == scheme && warning.pattern == pattern {
                    #expect(
                        walk.contains {
                            $0.scheme == scheme && $0.pattern == warning.earlierPattern && $0.declined
                        },
                        "\(warning) but asked first\n\(context)")
                }
                walk.append((scheme, pattern, !accepted))
            case .event(let event):
                switch event.kind {
                case .redirected:
                    let key = "\(event.scheme) \(event.pattern ?? "")"
                    var byGuard = false
                    if let lastGuard, lastGuard.scheme == event.scheme, lastGuard.pattern == event.pattern,
                        case .redirect = lastGuard.decision
                    {
                        byGuard = true
                    }
                    guardRedirected = guardRedirected || byGuard
                    if !byGuard {
                        tally.redirected += 1
                        redirects.append(key)
                        for warning in covered
                        where warning.scheme == event.scheme && warning.pattern == event.pattern {
                            #expect(
                                walk.contains {
                                    $0.scheme == event.scheme && $0.pattern == warning.earlierPattern
                                        && $0.declined
                                }, "\(warning) but asked first\n\(context)")
                        }
                        if claims.unmatchedTargets.contains(key) {
                            // The target's walk asks nothing: its first step is the unmatched handler.
                            let next = log[(position + 1)...].first
                            var unmatched = false
                            if case .event(let next) = next, next.kind == .unmatched { unmatched = true }
                            #expect(
                                unmatched,
                                "\(key) has an unmatched target, but routing it: \(String(describing: next))\n\(context)"
                            )
                        }
                    }
                    walk = []
                    lastGuard = nil
                case .redirectLimitReached:
                    tally.limitReached += 1
                    if ownAnswers && !guardRedirected {
                        #expect(
                            redirects.contains(where: claims.loops.contains),
                            "the redirect limit is reached through \(redirects), but lint reports loops \(claims.loops)\n\(context)"
                        )
                    }
                default:
                    break
                }
            }
        }
    }

    // MARK: url(for:)

    /// Each definition routing asked, with the values it captured, builds a URL that routes back
    /// to it with the same values, or throws.
    func checkRoundTrips(
        _ log: [Entry], _ world: AgreementWorld, url: String, context: String, tally: inout Tally
    ) {
        let router = world.router
        var asked: [(scheme: String, pattern: String, values: Values)] = []
        for entry in log {
            // A typed route prints values, not parameters (``checkPrintedValues``).
            if case .handler(let scheme, let pattern, let values, _) = entry,
                world.typed?.typedPatterns[scheme]?.contains(pattern) != true
            {
                asked.append((scheme, pattern, values))
            }
            if case .event(let event) = entry, case .redirected = event.kind { break }
        }
        let host = URLComponents(string: url)?.host
        for (scheme, pattern, values) in asked {
            let table = router[scheme]
            let hostArgument =
                host.map { !HostRule.isPathSegment($0, options: table.options) } == true
                ? host : nil
            let built: URL
            do {
                built = try table.url(for: pattern, host: hostArgument, parameters: values.parameters)
            } catch {
                tally.buildErrors["\(error.reason)".prefix { $0 != "(" }.description, default: 0] += 1
                continue
            }
            world.reset(askingEverything: true)
            router.route(to: built)
            var reached = false
            var preempted = false
            for entry in world.log {
                if case .handler(let s, let p, let v, _) = entry, s == scheme, p == pattern, v == values {
                    reached = true
                    break
                }
                if case .event(let event) = entry, case .redirected = event.kind {
                    preempted = true
                    break
                }
            }
            if preempted { continue }
            tally.roundTrips += 1
            #expect(
                reached,
                "url(for: \(pattern), \(values)) in \(scheme) built \(built.absoluteString)\n\(context)")
        }
    }

    // MARK: The universal-links file

    func checkUniversalLinks(
        _ url: String, _ log: [Entry], _ world: AgreementWorld,
        _ files: inout [String: UniversalLinksMatcher],
        _ context: String, _ tally: inout Tally
    ) throws {
        guard let parts = URLComponents(string: url), parts.scheme == "https", let host = parts.host else {
            return
        }
        let file: UniversalLinksMatcher
        if let known = files[host] {
            file = known
        } else {
            file = try UniversalLinksMatcher(
                world.router.appSiteAssociation(appIDs: [Self.appID], host: host) { definition in
                    world.answers[ObjectIdentifier(definition)] == .decline
                })
            files[host] = file
        }
        let accepted = log.contains { if case .handler(_, _, _, true) = $0 { true } else { false } }
        if accepted && Self.isUsuallyEncoded(url) && AppSiteAssociationTests.reachesTheAppAsWritten(url) {
            #expect(file.admits(url), "routed but not admitted\n\(context)")
        }
        if file.excludes(url) { #expect(!accepted, "excluded but routed\n\(context)") }
        if accepted && Self.isUsuallyEncoded(url) {
            checkNearMisses(url, log, world, file, context, &tally)
        }
        tally.admitted += file.admits(url) ? 1 : 0
        tally.excluded += file.excludes(url) ? 1 : 0
    }

    /// Whether the path and fragment are written the usual way: characters a path allows as they
    /// are, others as `%XX` in upper case, no needless escape.
    static func isUsuallyEncoded(_ url: String) -> Bool {
        // Foundation re-encodes a URL with a space or a non-ASCII character, every `%` included.
        guard url.unicodeScalars.allSatisfy({ $0.isASCII && $0 != " " }) else { return false }
        var bytes = Array(url.utf8)[...]
        let plain = Set("-._~!$&'()+,;=:@/".utf8)
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "%") else { continue }
            let hex = String(decoding: bytes.prefix(2), as: UTF8.self)
            guard hex == hex.uppercased(), let value = UInt8(hex, radix: 16) else { return false }
            let isLetterOrDigit =
                (0x30...0x39).contains(value) || (0x41...0x5A).contains(value)
                || (0x61...0x7A).contains(value)
            if isLetterOrDigit || plain.contains(value) { return false }
            bytes = bytes.dropFirst(2)
        }
        return true
    }
}
