import Foundation
import Routes

// Option Y of the fuzz target (Fuzz/README.md, "What it checks" 15): typed routes of the family
// of Tests/RoutesTestingTests/TypedShapes.swift, with the input's patterns, beside extended patterns.

/// What the handlers of the shapes router saw while one URL was routed.
private final class ShapesLog {
    /// Every handler declines, so that routing asks every match.
    var declineAll = false
    /// The value the typed handler being asked received, until its event names the expansion.
    var pending: (any TypedShape)?
    /// The typed handlers' values, with the expansion that matched.
    var calls: [(pattern: String, value: any TypedShape)] = []
    /// Capture values an untyped handler received that their constraints refuse.
    var refused: [String] = []
}

/// A line `=Npattern` registers shape `N` (`0`–`4`, another character by its value) of
/// ``ShapeFamily`` with `pattern`, in the `myapp` table (even lines) or the global table (odd
/// lines), which read braces; the first line of a shape gives its pattern, later ones are left
/// out. The other lines are extended patterns. Checks:
///
/// - `typed-round-trip`: a value of each shape, made from the URL line's bytes, prints a URL
///   that routes back (every handler declining) to the shape's handler with an equal value, and
///   `roundTrip` finds no difference; or printing throws.
/// - `typed-constraint`: routing the URL line, and the URL line with a query item under each
///   capture's name that constraints refuse, no handler receives a capture value that its
///   constraint refuses (an untyped handler as a parameter, a typed one as a property).
/// - `typed-capture-from-query`: a typed handler's property whose capture the matched expansion
///   lacks (an optional group's) is `nil`, whatever the query says.
struct ShapesCheck {
    let options: Set<Character>
    let patterns: [String]
    let url: String
    let skipped: Set<String>

    func run() {
        var shapePatterns: [String: String] = [:]
        var shapeLines: [Int: any TypedShape.Type] = [:]
        for (line, text) in patterns.enumerated() where text.hasPrefix("=") {
            guard let mark = text.unicodeScalars.dropFirst().first else { continue }
            let number = Int(String(mark)) ?? Int(mark.value)
            let shape = ShapeFamily.shapes[number % ShapeFamily.shapes.count]
            guard shapePatterns[shape.name] == nil else { continue }
            shapePatterns[shape.name] = String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(2)))
            shapeLines[line] = shape
        }
        ShapePatterns.$current.withValue(shapePatterns) { run(shapeLines) }
    }

    private func run(_ shapeLines: [Int: any TypedShape.Type]) {
        let router = Router()
        let log = ShapesLog()
        for table in [router.myapp, router.default] {
            table.options = options.contains("p") ? [] : [.decodePlusSymbols]
            table.options.insert(.extendedPatterns)
        }
        if options.contains("h") { router.myapp.options.insert(.treatHostAsPathComponent) }
        if options.contains("H") { router.default.options.insert(.treatHostAsPathComponent) }
        router.myapp.shouldFallback = options.contains("f")
        router.onEvent = { event in
            guard let pending = log.pending, event.kind == .routed || event.kind == .declined else { return }
            log.calls.append((event.pattern ?? "", pending))
            log.pending = nil
        }
        var registered: [(shape: any TypedShape.Type, line: Int, definitions: [Definition])] = []
        var captureNames: Set<String> = []
        for (line, pattern) in patterns.enumerated() {
            let table = line.isMultiple(of: 2) ? router.myapp : router.default
            let priority = options.contains("P") ? (line * 7) % 5 - 2 : 0
            let accepts = !(options.contains("d") && line % 3 == 1)
            let definitions: [Definition]
            if let shape = shapeLines[line] {
                definitions = add(shape, to: table, priority: priority, accepts: accepts, log: log)
                registered.append((shape, line, definitions))
            } else if pattern.hasPrefix("=") {
                continue
            } else {
                definitions = table.add(pattern: pattern, priority: priority) { params in
                    for (name, constraint) in ShapesCheck.captures(params.pattern) {
                        guard let constraint, let value = params[name] as? String else { continue }
                        let read = String(LinearReference.Pattern.trimmingHash(Substring(value)))
                        if !LinearReference.Pattern.accepts(constraint, read) {
                            log.refused.append(
                                "\(name) = \(value.debugDescription) in \(params.pattern.debugDescription)")
                        }
                    }
                    return accepts && !log.declineAll
                }
            }
            for definition in definitions {
                captureNames.formUnion(ShapesCheck.captures(definition.pattern).map(\.name))
            }
        }

        var chooser = ShapesCheck.chooser(url)
        for (shape, line, definitions) in registered where !definitions.isEmpty {
            for _ in 0..<2 {
                checkRoundTrip(
                    shape, router: router, scheme: line.isMultiple(of: 2) ? "myapp" : nil, log: log, &chooser)
            }
        }

        var urls = [url]
        if !captureNames.isEmpty {
            let hash = url.firstIndex(of: "#") ?? url.endIndex
            let query = captureNames.sorted().map { $0 + "=" + chooser.pick(ShapeValues.refusedQueryValues) }
            let separator = url[..<hash].contains("?") ? "&" : "?"
            urls.append(url[..<hash] + separator + query.joined(separator: "&") + url[hash...])
        }
        for text in urls {
            checkConstraints(text, router: router, log: log, registered: registered)
        }
    }

    /// Registers `shape`: its handler keeps the value until the event names the expansion.
    private func add<Shape: TypedShape>(
        _ shape: Shape.Type, to table: RouteTable, priority: Int, accepts: Bool, log: ShapesLog
    ) -> [Definition] {
        table.add(shape, priority: priority) { value in
            log.pending = value
            return accepts && !log.declineAll
        }
    }

    /// A chooser that reads the URL line's bytes in turn.
    static func chooser(_ url: String) -> ShapeChooser {
        let bytes = Array(url.utf8)
        var cursor = 0
        return ShapeChooser { count in
            defer { cursor += 1 }
            let byte = bytes.isEmpty ? 0 : Int(bytes[cursor % bytes.count])
            return (byte + cursor / max(bytes.count, 1)) % count
        }
    }

    /// The captures of an expansion read with braces: name and constraint.
    static func captures(_ pattern: String) -> [(name: String, constraint: String?)] {
        LinearReference.Pattern(pattern, braces: true).captures
    }

    private func checkRoundTrip<Shape: TypedShape>(
        _ shape: Shape.Type, router: Router, scheme: String?, log: ShapesLog, _ chooser: inout ShapeChooser
    ) {
        let value = Shape.random(&chooser)
        guard let built = try? router.url(for: value, scheme: scheme) else { return }
        log.declineAll = true
        log.calls = []
        router.route(to: built)
        log.declineAll = false
        let received = log.calls.compactMap { $0.value as? Shape }
        let differences = router.roundTrip(value, scheme: scheme)
        check(
            (received.contains(value) && differences.isEmpty) || skipped.contains("typed-round-trip"),
            "[typed-round-trip] \(value) printed as \(built.absoluteString.debugDescription) with \(Shape.pattern.debugDescription): "
                + "the handler received \(received), roundTrip reports \(differences)")
    }

    /// Routes `text` with every handler declining: no capture value reaches a handler that its
    /// constraint refuses, and a typed property whose capture the expansion lacks is `nil`.
    private func checkConstraints(
        _ text: String, router: Router, log: ShapesLog,
        registered: [(shape: any TypedShape.Type, line: Int, definitions: [Definition])]
    ) {
        log.declineAll = true
        log.calls = []
        log.refused = []
        router.route(to: text)
        log.declineAll = false
        check(
            log.refused.isEmpty || skipped.contains("typed-constraint"),
            "[typed-constraint] routing \(text.debugDescription), handlers received \(log.refused)")
        for (pattern, value) in log.calls {
            let captures = ShapesCheck.captures(pattern)
            for (name, constraint) in captures {
                guard let constraint, let capture = value.captureText(name) else { continue }
                check(
                    LinearReference.Pattern.accepts(constraint, capture)
                        || skipped.contains("typed-constraint"),
                    "[typed-constraint] routing \(text.debugDescription), \(type(of: value)).\(name) is "
                        + "\(capture.debugDescription), refused by \(constraint) in \(pattern.debugDescription)"
                )
            }
            let shape = ObjectIdentifier(type(of: value))
            let expansions =
                registered.first { ObjectIdentifier($0.shape) == shape }?.definitions.map(\.pattern) ?? []
            let elsewhere = Set(expansions.flatMap { ShapesCheck.captures($0).map(\.name) })
                .subtracting(captures.map(\.name))
            for name in elsewhere.sorted() {
                let capture = value.captureText(name)
                check(
                    capture == nil || skipped.contains("typed-capture-from-query"),
                    "[typed-capture-from-query] routing \(text.debugDescription), \(type(of: value)).\(name) is "
                        + "\(capture?.debugDescription ?? ""), but \(pattern.debugDescription) has no capture \(name)"
                )
            }
        }
    }
}
