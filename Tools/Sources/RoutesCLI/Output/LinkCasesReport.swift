import Routes
import RoutesTesting

/// The output of `routes test`: a `LinkReport` with each mismatch at its case's line.
enum LinkCasesReport {
    /// Each mismatch (`FILE:LINE: LINK`, expected, actual, the explanation), with `coverage`
    /// what no link reached, then a summary line.
    static func text(_ report: LinkReport, file: LinkCasesFile, coverage: Bool) -> String {
        var lines: [String] = []
        for (mismatch, line) in zip(report.mismatches, caseLines(of: report, in: file)) {
            lines.append("\(file.name):\(line): \(mismatch.link)")
            lines.append("  expected: \(mismatch.expected)")
            lines.append("  actual:   \(mismatch.actual)")
            lines += mismatch.explanation.description.split(separator: "\n").map { "    " + $0 }
        }
        if coverage && !report.unreached.isEmpty {
            lines.append("not reached by any link:")
            lines += report.unreached.map { "  \($0)" }
        }
        let links = plural(report.links, "link")
        switch report.mismatches.count {
        case 0: lines.append("\(file.name): \(links), each as expected")
        case let count:
            lines.append("\(file.name): \(count) of \(links) \(count == 1 ? "differs" : "differ")")
        }
        if coverage {
            lines.append(
                report.unreached.isEmpty
                    ? "every route, guard and redirect was reached"
                    : "\(report.unreached.count) not reached by any link")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON object; see `Tools/README.md` for the fields.
    static func json(_ report: LinkReport, file: LinkCasesFile) -> String {
        let mismatches = zip(report.mismatches, caseLines(of: report, in: file)).map { mismatch, line in
            JSON.object([
                ("line", .number(line)),
                ("link", .string(mismatch.link)),
                ("expected", .string(mismatch.expected)),
                ("actual", .string(mismatch.actual)),
                (
                    "explanation",
                    .array(
                        mismatch.explanation.description.split(separator: "\n").map { .string(String($0)) })
                ),
            ])
        }
        let unreached = report.unreached.map { unreached in
            let (kind, target): (String, String?) =
                switch unreached.kind {
                case .route: ("route", nil)
                case .guard: ("guard", nil)
                case .redirect(let to): ("redirect", to)
                }
            return JSON.object([
                ("scheme", .string(unreached.scheme)),
                ("pattern", .string(unreached.pattern)),
                ("kind", .string(kind)),
                ("target", JSON(target)),
            ])
        }
        return JSON.object([
            ("cases", .string(file.name)),
            ("links", .number(report.links)),
            ("passed", .bool(report.mismatches.isEmpty)),
            ("mismatches", .array(mismatches)),
            ("unreached", .array(unreached)),
        ]).rendered() + "\n"
    }

    /// The line of each mismatch's case: the mismatches are the cases that differ, in order.
    private static func caseLines(of report: LinkReport, in file: LinkCasesFile) -> [Int] {
        var lines: [Int] = []
        var cases = file.cases[...]
        for mismatch in report.mismatches {
            while let next = cases.popFirst() {
                if next.link == mismatch.link {
                    lines.append(next.line)
                    break
                }
            }
        }
        return lines
    }
}
