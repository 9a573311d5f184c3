#!/usr/bin/env python3
"""Fails when a public symbol has no doc comment, or an abstract longer than 150 characters.

    python3 .ci/abstracts.py [symbol-graph-dir]     # default .build-docs/symbol-graphs/both
    python3 .ci/abstracts.py --list                  # every abstract, longest first (no check)

Reads the symbol graphs that `bash .ci/docs.sh` writes (public symbols only, of both modules,
Routes and RoutesTesting). The abstract is the
first paragraph of a symbol's `///` comment: DocC shows it in the large font at the top of the
symbol's page and under the symbol's name in every topic list, so it is one sentence that says
what the symbol does; details belong in the discussion below it. It is measured as the page
shows it: ``Type/member`` links as the member's name (without a `-abc12` disambiguation),
`code` and [links](url) as their text, *emphasis* without its asterisks.
Not checked: members the compiler synthesizes from a protocol's extension (`hashValue` of an
option set), which show the protocol's documentation, documentation of other modules
(`URL.!=`). RoutesTesting's extension blocks of Routes' types have no comment of their own; the
first paragraph of an extension page in a catalog (`# ``RoutesTesting/Routes/Router`` `) is
their abstract, checked as such.
"""
import glob
import json
import os
import re
import sys

LIMIT = 150
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
listing = "--list" in sys.argv
folder = arguments[0] if arguments else os.path.join(root, ".build-docs", "symbol-graphs", "both")
graphs = sorted(glob.glob(os.path.join(folder, "Routes*.symbols.json")))
if not graphs:
    sys.exit(f"abstracts: no symbol graph in {folder} (run bash .ci/docs.sh first)")


kinds = {}  # path components of every symbol: its kind (an enum case's title is qualified)
commented = set()  # path components of the symbols with a `///` comment
for path in graphs:
    for symbol in json.load(open(path, encoding="utf-8"))["symbols"]:
        kinds[tuple(symbol["pathComponents"])] = symbol["kind"]["identifier"]
        if symbol.get("docComment", {}).get("lines"):
            commented.add(tuple(symbol["pathComponents"]))


def qualified_case(components):
    """An enum case's full name (DocC titles a case `Type.Enum.case`), or None."""
    names = tuple(re.sub(r"-(swift\.)?[a-z.]+$|-[0-9a-z]{4,5}$", "", c) for c in components)
    for path, kind in kinds.items():
        if kind == "swift.enum.case" and path[-len(names):] == names:
            return ".".join(path)
    return None


def rendered(text):
    """The text of a Markdown paragraph as DocC renders it."""
    def link(match):
        case = qualified_case(match.group(1).split("/"))
        if case:
            return case
        last = match.group(1).split("/")[-1]
        function = re.match(r"^[^(]*\([^)]*\)", last)
        return function.group(0) if function else re.sub(r"-.*$", "", last)
    text = re.sub(r"``([^`]+)``", link, text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("`", "")
    text = re.sub(r"(?<!\w)[*_]{1,2}([^*_]+)[*_]{1,2}(?!\w)", r"\1", text)
    return re.sub(r"\s+", " ", text).strip()


def abstract(lines):
    paragraph = []
    for line in lines:
        if not line.strip():
            if paragraph:
                break
            continue
        paragraph.append(line.strip())
    return rendered(" ".join(paragraph))


problems, found, seen = [], [], set()
for path in graphs:
    for symbol in json.load(open(path, encoding="utf-8"))["symbols"]:
        precise = symbol["identifier"]["precise"]
        if "::SYNTHESIZED::" in precise or precise in seen or symbol["kind"]["identifier"] == "swift.extension":
            continue
        seen.add(precise)
        name = "/".join(symbol["pathComponents"])
        comment = symbol.get("docComment")
        if comment and comment.get("module", "Routes") not in ("Routes", "RoutesTesting"):
            continue
        where = ""
        if comment and comment.get("uri") and comment["lines"]:
            file = comment["uri"].removeprefix("file://")
            where = f"{os.path.relpath(file, root)}:{comment['lines'][0]['range']['start']['line'] + 1}: "
        if not comment or not abstract([line["text"] for line in comment["lines"]]):
            problems.append(f"{where}{name}: a public symbol without a doc comment")
            continue
        text = abstract([line["text"] for line in comment["lines"]])
        found.append((len(text), name, text))
        if len(text) > LIMIT:
            problems.append(f"{where}{name}: abstract of {len(text)} characters (at most {LIMIT}): "
                            f"{text}")

# An extension page's first paragraph (a `# ``Module/Type`` ` article in a catalog) is the
# abstract of a symbol without a `///` comment (RoutesTesting's pages of Routes' types); for a
# commented symbol DocC keeps the comment's abstract and the page's paragraph follows it.
for page in sorted(glob.glob(os.path.join(root, "Sources", "*", "*.docc", "**", "*.md"), recursive=True)):
    lines = open(page, encoding="utf-8").read().split("\n")
    if not lines or not re.match(r"^# ``[^`]+``\s*$", lines[0]):
        continue
    body = []
    for line in lines[1:]:
        if line.startswith("#") or line.startswith("@"):
            break
        body.append(line)
    text = abstract(body)
    if not text:
        continue
    name = lines[0].strip("# `")
    if tuple(name.split("/")[1:]) in commented:
        continue
    found.append((len(text), name, text))
    if len(text) > LIMIT:
        problems.append(f"{os.path.relpath(page, root)}:2: {name}: abstract of {len(text)} characters "
                        f"(at most {LIMIT}): {text}")

if listing:
    for length, name, text in sorted(found, reverse=True):
        print(f"{length:4} {name}: {text}")
    sys.exit(0)
if problems:
    print("\n".join(problems))
    print(f"\nabstracts: FAILED, {len(problems)} of {len(found)} public symbols: write a one-sentence "
          f"abstract of at most {LIMIT} characters and move the details to the discussion")
    sys.exit(1)
print(f"abstracts: {len(found)} public symbols, each with an abstract of at most {LIMIT} characters "
      f"(longest {max(found)[0]})")
