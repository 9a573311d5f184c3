import Foundation

@testable import Routes
@testable import RoutesTestSupport
@testable import RoutesTesting

/// A typed shape registered in a world's table.
struct ShapeRegistration {
    let shape: any TypedShape.Type
    let scheme: String
    let definitions: [Definition]
}

/// An extended pattern of a typed world, a typed shape's or one given to `add(pattern:)` in a
/// table that reads braces, with what its captures hold.
struct ExtendedRoute {
    let pattern: String
    let scheme: String
    /// Each capture's kind, by name.
    let kinds: [String: ShapeKind]
    /// The shape, for a typed route.
    let shape: (any TypedShape.Type)?
}

/// A typed handler's call: the value it received, and the expansion that matched.
struct TypedCall {
    let scheme: String
    let pattern: String
    let value: any TypedShape
}

/// The typed part of an ``AgreementWorld``: the shapes' patterns (chosen before the world is
/// built, since a pattern is read wherever the type is registered or printed), the registered
/// shapes and extended patterns, and the typed handlers' calls.
final class TypedPart {
    /// Literals of typed worlds: `a b` and `café` need escapes, `x+y` keeps its `+`.
    static let literals = ["user", "post", "a b", "café", "v", "Files", "x+y", "docs", "tz", "paid"]
    /// Fixed text beside captures, escapes included (`%20`, `%C3%A9`, `%2F`).
    static let fixedTexts = [".jpg", "%20", "%C3%A9", "-", "v", "~", "x", ".", "%2F"]
    /// Kinds of the captures of untyped extended patterns.
    static let untypedKinds: [ShapeKind] = [.int, .string, .string, .tab, .bool, .double, .level]

    /// Each shape's table and pattern.
    let plan: [(shape: any TypedShape.Type, scheme: String, pattern: String)]
    /// ``ShapePatterns/current`` while the world is used.
    let shapePatterns: [String: String]
    var registrations: [ShapeRegistration] = []
    var extended: [ExtendedRoute] = []
    /// The typed definitions.
    var definitions: Set<ObjectIdentifier> = []
    /// The typed definitions' patterns, by table.
    var typedPatterns: [String: Set<String>] = [:]
    /// Whether an untyped handler logged its call since the last event.
    var handlerLogged = false
    /// The value the typed handler being asked received.
    var pending: (any TypedShape)?
    /// The typed handlers' calls, by the position of their `.handler` entry in the log.
    var calls: [Int: TypedCall] = [:]

    init(seed: UInt64) {
        var generator = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 35)
        var plan: [(shape: any TypedShape.Type, scheme: String, pattern: String)] = []
        for shape in ShapeFamily.shapes where Int.random(in: 0..<5, using: &generator) > 0 {
            let scheme = AgreementWorld.schemes.randomElement(using: &generator)!
            let literalFirst = scheme == "https" || scheme == Router.defaultScheme
            plan.append(
                (
                    shape, scheme,
                    Self.randomPattern(
                        shape.properties, typed: true, literalFirst: literalFirst,
                        using: &generator)
                ))
        }
        self.plan = plan
        shapePatterns = Dictionary(plan.map { ($0.shape.name, $0.pattern) }) { first, _ in first }
    }

    /// Runs `body` with the shapes' patterns.
    func withShapes<Result>(_ body: () throws -> Result) rethrows -> Result {
        try ShapePatterns.$current.withValue(shapePatterns, operation: body)
    }

    /// A random pattern with captures of `properties` (for a typed shape, each by chance; every
    /// one otherwise): a capture alone, with a constraint, or beside fixed text or another
    /// capture in one segment; literals; a wildcard anywhere; optional groups around optional
    /// captures (and now and then a required one).
    static func randomPattern(
        _ properties: [ShapeProperty], typed: Bool, literalFirst: Bool,
        using generator: inout SeededGenerator
    ) -> String {
        func chance(_ one: Int, in all: Int) -> Bool { Int.random(in: 0..<all, using: &generator) < one }
        var captured = properties.filter { property in
            switch property.kind {
            case .wildcard:
                return !property.isOptional || chance(3, in: 4)
            case .strings, .ints: return chance(1, in: 10)
            default: return !typed || chance(1, in: 2)
            }
        }
        let wildcard = captured.first { $0.kind.isWildcard }
        captured.removeAll { $0.kind.isWildcard }
        captured.shuffle(using: &generator)
        func capture(_ property: ShapeProperty) -> String {
            let constraint = property.kind.constraints.randomElement(using: &generator)!
            return "{\(property.key)\(constraint.map { ":" + $0 } ?? "")}"
        }
        // Segments, each with whether it may stand in an optional group.
        var segments: [(text: String, optional: Bool)] = []
        while let property = captured.popLast() {
            var text = capture(property)
            var optional = property.isOptional
            let fixed = fixedTexts.randomElement(using: &generator)!
            switch Int.random(in: 0..<7, using: &generator) {
            case 0: if !text.contains(":") { text = ":" + property.key }
            case 1, 2: break
            case 3: text += fixed
            case 4: text = fixed + text
            default:
                if let second = captured.popLast() {
                    text += fixed + capture(second)
                    optional = optional && second.isOptional
                } else {
                    text += fixed
                }
            }
            segments.append((text, optional))
        }
        for _ in 0..<Int.random(in: (segments.isEmpty ? 1 : 0)...2, using: &generator) {
            let literal = literals.randomElement(using: &generator)!
            segments.insert((literal, false), at: Int.random(in: 0...segments.count, using: &generator))
        }
        if let wildcard {
            let text = wildcard.key == RouteParameters.Keys.wildcard ? "*" : "{\(wildcard.key):*}"
            segments.insert((text, false), at: Int.random(in: 0...segments.count, using: &generator))
        }
        if literalFirst { segments.insert((literals.randomElement(using: &generator)!, false), at: 0) }
        var text = ""
        var groups = 0
        for (index, segment) in segments.enumerated() {
            if groups < 3, !(literalFirst && index == 0), !segment.text.contains("*"),
                segment.optional ? chance(1, in: 2) : chance(1, in: 12)
            {
                groups += 1
                text += "(/\(segment.text))"
            } else {
                text += "/" + segment.text
            }
        }
        return text.isEmpty ? "/" : text
    }
}

extension AgreementWorld {
    /// An untyped extended pattern (`add(pattern:)` in a table that reads braces).
    func addExtendedRoute(in table: RouteTable) {
        guard let typed else { return }
        var properties: [ShapeProperty] = []
        for index in 0..<Int.random(in: 1...3, using: &generator) {
            properties.append(
                ShapeProperty(
                    key: "e\(index)", kind: TypedPart.untypedKinds.randomElement(using: &generator)!,
                    isOptional: true))
        }
        if Int.random(in: 0..<4, using: &generator) == 0 {
            properties.append(ShapeProperty(key: "w", kind: .wildcard, isOptional: true))
        }
        let pattern = TypedPart.randomPattern(
            properties, typed: false, literalFirst: reachedByHTTPS(table), using: &generator)
        let scheme = table.scheme
        let definitions = addLoggedRoute(pattern, in: table)
        if !definitions.isEmpty {
            typed.extended.append(
                ExtendedRoute(
                    pattern: pattern, scheme: scheme,
                    kinds: Dictionary(uniqueKeysWithValues: properties.map { ($0.key, $0.kind) }), shape: nil)
            )
        }
    }

    /// Registers the planned shapes, once every table has its other routes.
    func addShapes() {
        guard let typed else { return }
        typed.withShapes {
            for (shape, scheme, pattern) in typed.plan {
                addShape(shape, in: router[scheme], pattern: pattern)
            }
        }
    }

    private func addShape<Shape: TypedShape>(_ shape: Shape.Type, in table: RouteTable, pattern: String) {
        guard let typed else { return }
        let answer = [Answer.accept, .accept, .decline].randomElement(using: &generator)!
        let definitions = table.add(shape, priority: Int.random(in: -1...1, using: &generator)) {
            [unowned self] value in
            // Through `self`: `typed` keeps the definitions, which keep this closure.
            self.typed?.pending = value
            return !askEverything && answer == .accept
        }
        typed.registrations.append(
            ShapeRegistration(shape: shape, scheme: table.scheme, definitions: definitions))
        for definition in definitions {
            answers[ObjectIdentifier(definition)] = answer
            typed.definitions.insert(ObjectIdentifier(definition))
            typed.typedPatterns[table.scheme, default: []].insert(definition.pattern)
        }
        if !definitions.isEmpty {
            typed.extended.append(
                ExtendedRoute(
                    pattern: pattern, scheme: table.scheme,
                    kinds: Dictionary(uniqueKeysWithValues: shape.properties.map { ($0.key, $0.kind) }),
                    shape: shape))
        }
    }

    /// A URL of a typed world: a printed value of a shape, a URL made from an extended pattern,
    /// or (`nil`) one of a plain pattern.
    func randomTypedURL() -> String? {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            guard
                let registration = typed?.registrations.filter({ !$0.definitions.isEmpty }).randomElement(
                    using: &generator)
            else { return nil }
            return printed(registration.shape, registration).url?.absoluteString
        case 1: return extendedURL()
        default: return nil
        }
    }

    /// A random value of `shape`.
    func randomValue<Shape: TypedShape>(of shape: Shape.Type) -> Shape {
        var chooser = ShapeChooser { [unowned self] count in Int.random(in: 0..<count, using: &generator) }
        return Shape.random(&chooser)
    }

    /// The scheme and host to print a value of a shape registered in the table of `scheme` with.
    func printingArguments(_ scheme: String) -> (scheme: String?, host: String?) {
        if scheme == "https" { return ("https", "example.com") }
        if scheme == Router.defaultScheme { return (Bool.random(using: &generator) ? nil : "zed", nil) }
        let hostIsSegment = router[scheme].options.contains(.treatHostAsPathComponent)
        return (scheme, hostIsSegment || Bool.random(using: &generator) ? nil : "example.com")
    }

    /// A random value of the shape of `registration`, and the URL `url(for:scheme:host:)` prints
    /// for it (`nil` when it throws).
    func printed<Shape: TypedShape>(_ shape: Shape.Type, _ registration: ShapeRegistration) -> (
        value: Shape, scheme: String?, host: String?, url: URL?, error: URLBuildingError?
    ) {
        let value = randomValue(of: shape)
        let (scheme, host) = printingArguments(registration.scheme)
        do {
            let url = try typed!.withShapes { try router.url(for: value, scheme: scheme, host: host) }
            return (value, scheme, host, url, nil)
        } catch {
            return (value, scheme, host, nil, error as? URLBuildingError)
        }
    }

    /// A URL made from an extended pattern: literals, capture values that mostly fit their
    /// constraints, fixed text as written, wildcard components, and query items (a typed shape's
    /// properties; values no constraint takes under the captures' names).
    func extendedURL() -> String? {
        guard let typed, let route = typed.extended.randomElement(using: &generator),
            let expansions = try? Router.expand(pattern: route.pattern),
            let expansion = expansions.randomElement(using: &generator)
        else { return nil }
        func value(_ name: String, _ constraint: String?) -> String {
            let texts = (route.kinds[name] ?? .string).urlTexts(constraint)
            let fitting = texts.filter {
                LinearReference.Pattern.accepts(
                    constraint, LinearReference.decodeValue(Substring($0), plus: false))
            }
            let pool = !fitting.isEmpty && Int.random(in: 0..<4, using: &generator) > 0 ? fitting : texts
            return pool.randomElement(using: &generator)!
        }
        var segments: [String] = []
        for part in LinearReference.Pattern(expansion, braces: true).parts {
            switch part {
            case .literal(let bytes): segments.append(Self.encoded(String(decoding: bytes, as: UTF8.self)))
            case .parameter(let name): segments.append(value(name, nil))
            case .template(let pieces):
                segments.append(
                    pieces.map { piece in
                        switch piece {
                        case .fixed(let bytes): return String(decoding: bytes, as: UTF8.self)
                        case .capture(let name, let constraint): return value(name, constraint)
                        }
                    }.joined())
            case .wildcard:
                for _ in 0..<Int.random(in: 0...2, using: &generator) { segments.append(value("", nil)) }
            }
        }
        var query: [String] = []
        if let shape = route.shape, Bool.random(using: &generator) {
            let captures = Set(
                expansions.flatMap { LinearReference.Pattern($0, braces: true).parameterNames })
            for property in shape.properties where !captures.contains(property.key) {
                query.append(property.key + "=" + value(property.key, nil))
            }
        }
        if Int.random(in: 0..<3, using: &generator) == 0 {
            // Whatever the query says, a capture's value is the capture's.
            let names = Set(expansions.flatMap { LinearReference.Pattern($0, braces: true).parameterNames })
            for name in names.sorted() {
                query.append(
                    name + "=" + ShapeValues.refusedQueryValues.randomElement(using: &generator)!)
            }
        }
        // Now and then the fragment's path gives the last segments (`/x#/y`).
        if segments.count >= 2, Int.random(in: 0..<8, using: &generator) == 0 {
            segments[Int.random(in: 0..<(segments.count - 1), using: &generator)] += "#"
        }
        return finishedURL(
            scheme: route.scheme, segments: segments,
            query: query.isEmpty ? nil : query.joined(separator: "&"))
    }
}

extension Values {
    /// The values of a route from its event: a typed route's handler gets no parameters.
    init(event: RoutingEvent, pattern: String) {
        let parsed = LinearReference.Pattern(pattern, braces: true)
        for name in parsed.parameterNames {
            if let value = event.parameters[name] as? String { named[name] = value }
        }
        wildcard = parsed.hasWildcard ? event.parameters[RouteParameters.Keys.wildcard] as? [String] : nil
    }
}

extension TypedPart {
    /// Logs a typed route's answer, which its handler cannot log (it gets no parameters, and is
    /// not called for a match that does not decode), as the `.handler` entry an untyped route
    /// logs, and its value as a call.
    func observe(_ event: RoutingEvent, in world: AgreementWorld) {
        defer {
            handlerLogged = false
            pending = nil
        }
        guard !handlerLogged, event.kind == .routed || event.kind == .declined, let pattern = event.pattern,
            typedPatterns[event.scheme]?.contains(pattern) == true
        else { return }
        world.log.append(
            .handler(
                scheme: event.scheme, pattern: pattern, values: Values(event: event, pattern: pattern),
                accepted: event.kind == .routed))
        if let pending {
            calls[world.log.count - 1] = TypedCall(scheme: event.scheme, pattern: pattern, value: pending)
        }
    }
}
