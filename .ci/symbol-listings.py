#!/usr/bin/env python3
"""Compiles every ```swift listing of the symbol pages (the `///` comments of public symbols).

    python3 .ci/symbol-listings.py        # after bash .ci/docs.sh; exit 1 on an error or warning

The listings are read from the symbol graphs that `bash .ci/docs.sh` writes (public symbols only,
as the pages show them), written into one Markdown file per source file under
.build-docs/symbol-listings/, and compiled by .ci/readme-examples.sh (in .build-docs/examples, the
scratch folder of the articles' listings, so that the library is built once for both) with the convention of the
articles and the README: a listing that starts with a file-name comment (`// AppRoutes.swift`) is
a whole file; any other listing is the body of an `@MainActor` function that may throw, in a file
that imports Foundation and Routes (and RoutesTesting for the listings of Sources/RoutesTesting,
written in a RoutesTesting folder, which .ci/readme-examples.sh reads so). Unlike the README's, a
listing here must compile without a warning, except that a value is unused (the compiler's `no-usage` group): a listing shows a value
by writing its expression with the value in a comment, `router.canRoute(to: url)  // true`.
Errors and warnings are reported at the line of the `///` comment.

A function-body listing may use the names of the prelude below without declaring them, as a
symbol page's listing continues the reader's setup (`router`, an incoming `url`, the `Screen` of
an app): the declaration of each name the listing uses and does not declare is put before it.
"""
import glob
import json
import os
import re
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)
graphs = sorted(glob.glob(".build-docs/symbol-graphs/both/Routes*.symbols.json"))
out = os.path.join(root, ".build-docs", "symbol-listings")

# name -> the lines that declare it, for a function-body listing that uses the name without
# declaring it: what a symbol page may assume the reader has (a router, the URL that arrived,
# the app's screens, the parameters a handler receives). Kept small. A value that only a router
# makes (`params`, `event`) is declared with `given()`, which the listing's compile type-checks
# and never runs: listings are compiled, not run.
GIVEN = ["func given<Value>() -> Value { fatalError(\"listings are compiled, not run\") }"]
PRELUDE = {
    "router": ["let router = Router()"],
    "url": ['let url = URL(string: "myapp://user/42")!'],
    "Screen": ["enum Screen: Hashable { case home, user(Int), post(String), settings }"],
    "screens": ["let screens = RouteMap<Screen>()"],
    "path": ["var path: [Screen] = []"],
    "session": ["@MainActor final class Session {\n    var isSignedIn = false\n"
                "    func isStaff() async -> Bool { false }\n}", "let session = Session()"],
    "definition": ['let definition = Definition(pattern: "/user/:id") { _ in true }'],
    "params": GIVEN + ["let params: RouteParameters = given()"],
    "event": GIVEN + ["let event: RoutingEvent = given()"],
}
# The link types of the "Typed routes" article, for the listings of the typed-route sources. An
# entry of the prelude is a list of declarations, each added once however many names need it: a
# declaration of several lines is one string.
TAB = ["enum Tab: String, Codable, CaseIterable { case posts, likes }"]
USER_LINK = TAB + ["""struct UserLink: TypedRoute, Hashable {
    static let pattern = "/user/{id:int}(/{tab:posts|likes})"
    var id: Int
    var tab: Tab? = nil
    var ref: String? = nil
}"""]
TYPED = {
    "UserLink": USER_LINK,
    "PhotoLink": ["""struct PhotoLink: TypedRoute, Hashable {
    static let pattern = "/photos/{name}.jpg"
    var name: String
}"""],
    "PostLink": ["""struct PostLink: TypedRoute, Hashable {
    static let pattern = "/post/{id:int}"
    var id: Int
}"""],
    "link": USER_LINK + ['let link = UserLink(id: 42, tab: .likes, ref: "mail")'],
    "store": ["""@MainActor final class Store {
    func user(id: Int) async -> String? { nil }
    func post(id: Int) async -> String? { nil }
}""", "let store = Store()"],
    "error": GIVEN + ["let error: TypedRouteError = given()"],
    "difference": GIVEN + ["let difference: RoundTripDifference = given()"],
}
AASA = {
    "file": GIVEN + ["let file: AppSiteAssociationFile = given()"],
    "fileURL": ['let fileURL = URL(fileURLWithPath: "aasa.json")'],
    "entry": GIVEN + ["let entry: AppSiteAssociationFile.Entry = given()"],
    "error": GIVEN + ["let error: AppSiteAssociationFile.FormatError = given()"],
    "appID": ['let appID = "ABCDE12345.com.example.app"'],
}
# The same, for the listings of one source file: the value its page is about.
FILE_PRELUDE = {
    "TypedRoute.swift": TYPED,
    "TypedRoute+Registration.swift": TYPED,
    "TypedRoute+Building.swift": TYPED,
    "TypedRoute+RoundTrip.swift": TYPED,
    "URLBuilding.swift": {"error": GIVEN + ["let error: URLBuildingError = given()"]},
    "RoutePatternError.swift": {"error": GIVEN + ["let error: RoutePatternError = given()"]},
    "RouteLint.swift": {"warning": GIVEN + ["let warning: RouteLintWarning = given()"]},
    "LinkReport.swift": {
        "report": GIVEN + ["let report: LinkReport = given()"],
        "mismatch": GIVEN + ["let mismatch: LinkReport.Mismatch = given()"],
        "unreached": GIVEN + ["let unreached: LinkReport.Unreached = given()"],
    },
    "LaunchReport.swift": {
        "report": GIVEN + ["let report: LaunchReport = given()"],
        "step": GIVEN + ["let step: LaunchReport.Step = given()"],
        "mismatch": GIVEN + ["let mismatch: LaunchReport.Mismatch = given()"],
    },
    "RoundTripReport.swift": {
        "report": GIVEN + ["let report: RoundTripReport = given()"],
        "trip": GIVEN + ["let trip: RoundTripReport.Trip = given()"],
    },
    "Router+CheckRoundTrips.swift": TYPED,
    "AppSiteAssociationFile.swift": AASA,
    "AppSiteAssociationFile+Entry.swift": AASA,
    "AppSiteAssociationFile+FormatError.swift": AASA,
    "SnapshotReport.swift": {"report": GIVEN + ["let report: SnapshotReport = given()"]},
    "Snapshot.swift": {"appID": ['let appID = "ABCDE12345.com.example.app"']},
    "UniversalLinksReport.swift": {
        "file": GIVEN + ["let file: AppSiteAssociationFile = given()"],
        "report": GIVEN + ["let report: UniversalLinksReport = given()"],
        "finding": GIVEN + ["let finding: UniversalLinksReport.NotAdmitted = given()"],
        "unrouted": GIVEN + ["let unrouted: UniversalLinksReport.Unrouted = given()"],
        "skipped": GIVEN + ["let skipped: UniversalLinksReport.Unchecked = given()"],
    },
    "RouteExplanation.swift": {
        "explanation": GIVEN + ['let explanation: RouteExplanation = given()'],
        "entry": GIVEN + ["let entry: RouteExplanation.Entry = given()"],
        "routeGuard": GIVEN + ["let routeGuard: RouteExplanation.Guard = given()"],
    },
}


def prelude(source, body):
    """The prelude lines of a function-body listing of `source`: the declaration of each name it
    uses and does not declare (and of `Screen` for `screens` and `path`), `given()` once."""
    names = {**PRELUDE, **FILE_PRELUDE.get(os.path.basename(source), {})}
    needed = {key for key in names if uses(body, key) and not declares(body, key)}
    if needed & {"screens", "path"} and not declares(body, "Screen"):
        needed.add("Screen")
    declarations = []
    for key in names:
        if key in needed:
            declarations += [d for d in names[key] if d not in declarations]
    return [line for declaration in declarations for line in declaration.split("\n")]


def declares(body, name):
    text = "\n".join(body)
    return re.search(r"\b(let|var|func|enum|struct|class|actor|typealias|case)\s+%s\b" % re.escape(name),
                     text) or re.search(r"\bfor\s+\(?(\w+\s*,\s*)*%s\b" % re.escape(name), text) or \
        re.search(r"[{(,]\s*%s\s*(,|in\b)" % re.escape(name), text)


def uses(body, name):
    return re.search(r"(?<![\w.\"])%s\b" % re.escape(name), "\n".join(
        re.sub(r"//.*$", "", line) for line in body))


if not graphs:
    sys.exit("symbol-listings: no symbol graph in .build-docs/symbol-graphs/both (run bash .ci/docs.sh)")

# (source file, first line of the listing's content (1-based), content lines)
listings, seen = [], set()
for path in graphs:
    for symbol in json.load(open(path, encoding="utf-8"))["symbols"]:
        comment = symbol.get("docComment")
        if not comment or comment.get("module", "Routes") not in ("Routes", "RoutesTesting") \
                or not comment.get("uri"):
            continue
        source = os.path.relpath(comment["uri"].removeprefix("file://"), root)
        lines = comment["lines"]
        index = 0
        while index < len(lines):
            opening = re.match(r"^\s*(`{3,})\s*(\S*)", lines[index]["text"])
            if not opening:
                index += 1
                continue
            fence, language = opening.group(1), opening.group(2).lower()
            body, index = [], index + 1
            first = lines[index]["range"]["start"]["line"] + 1 if index < len(lines) else 0
            while index < len(lines) and not re.match(r"^\s*%s\s*$" % fence, lines[index]["text"]):
                body.append(lines[index]["text"])
                index += 1
            index += 1
            if language == "swift" and (source, first) not in seen:
                seen.add((source, first))
                listings.append((source, first, body))


os.makedirs(os.path.join(out, "RoutesTesting"), exist_ok=True)
for old in glob.glob(os.path.join(out, "**", "*.md"), recursive=True):
    os.remove(old)
# Markdown line -> (source file, line): to report the compiler's messages at the `///` line.
where, markdown_files, prelude_used = {}, {}, 0
for source, first, body in listings:
    name = re.sub(r"\W", "", os.path.splitext(os.path.basename(source))[0]) + ".md"
    folder = "RoutesTesting" if source.startswith("Sources/RoutesTesting/") else ""
    path = os.path.join(out, folder, name)
    lines = markdown_files.setdefault(path, [f"<!-- The ```swift listings of {source}'s `///` comments,"
                                            " written by .ci/symbol-listings.py. -->", ""])
    whole_file = re.match(r"^\s*//\s*[A-Za-z_][\w+-]*\.swift\b", next((l for l in body if l.strip()), ""))
    added = [] if whole_file else prelude(source, body)
    if added:
        prelude_used += 1
    lines.append("```swift")
    for line in added:
        lines.append(line)
        where[(path, len(lines))] = (source, first - 1, "the prelude of .ci/symbol-listings.py")
    for offset, line in enumerate(body):
        lines.append(line)
        where[(path, len(lines))] = (source, first + offset, None)
    lines += ["```", ""]
for path, lines in markdown_files.items():
    with open(path, "w", encoding="utf-8") as file:
        file.write("\n".join(lines))

print(f"symbol-listings: {len(listings)} ```swift listings in the `///` comments of public symbols "
      f"({prelude_used} use names of the prelude), from {len(markdown_files)} source files")
result = subprocess.run(
    ["bash", ".ci/readme-examples.sh", *sorted(markdown_files)],
    # The scratch folder of the articles' listings (.ci/docs.sh): the library is built once for both.
    env={**os.environ, "EXAMPLES_BUILD_DIR": os.path.join(root, ".build-docs", "examples")},
    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def unused(line):
    """A warning that a value is unused: a listing shows a value by writing the expression, its
    value in a comment (`router.canRoute(to: url)  // true`), as the articles do."""
    return "[#no-usage]" in line or re.search(r"warning: (result of .* is unused|initialization of "
                                              r"immutable value .* was never used|expression of "
                                              r"type .* is unused)", line)


def located(match):
    path, number = match.group(1), int(match.group(2))
    source = where.get((path, number))
    if not source:
        return match.group(0)
    note = f" (in {source[2]})" if source[2] else ""
    return f"{source[0]}:{source[1]}{match.group(3)}{note}"


text = re.sub(r"(/[^\s:]+\.md):(\d+)(:\d+:)", located, result.stdout)
problems = [line for line in text.split("\n")
            if re.match(r"^Sources/.*:\d+:\d+: (error|warning):", line) and not unused(line)]
if result.returncode != 0:
    print(text)
elif problems:
    print("\n".join(dict.fromkeys(problems)))
if result.returncode != 0:
    sys.exit("symbol-listings: FAILED, a listing of a symbol page does not compile")
if problems:
    sys.exit(f"symbol-listings: FAILED, {len(set(problems))} warnings in listings of symbol pages")
print(f"symbol-listings: {len(listings)} listings compile, with no warning")
