#!/usr/bin/env python3
"""Fails when a code listing of the documentation has a line longer than 76 characters.

    python3 .ci/doc-line-length.py            # exit 1, naming each line, if one is too long

The DocC page shows about 76 characters of a listing; the rest of a longer line hides behind a
horizontal scrollbar, where a reader does not see it. Checked:
- every fenced listing (```swift, ```text, ```sh, ```json...) of the articles under
  Sources/Routes/Routes.docc and Sources/RoutesTesting/RoutesTesting.docc, its lines counted after
  the fence's own indentation;
- every fenced listing in the `///` doc comments of Sources/Routes and Sources/RoutesTesting, its
  lines counted after `///` and one space (DocC renders them on the symbol's page the same way).
Characters are counted as Unicode scalars, as the page shows them (an emoji counts once).
"""
import glob
import os
import re
import sys

LIMIT = 76
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)
FENCE = re.compile(r"^( *)(`{3,}|~{3,})")


def articles(path):
    """(line number, text) of each listing line of a Markdown file."""
    fence = None
    for number, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        opening = FENCE.match(line)
        if fence is None:
            if opening:
                fence = (len(opening.group(1)), opening.group(2))
            continue
        if re.match(r"^ *%s{%d,}\s*$" % (re.escape(fence[1][0]), len(fence[1])), line):
            fence = None
            continue
        indent = min(fence[0], len(line) - len(line.lstrip(" ")))
        yield number, line[indent:]


def doc_comments(path):
    """(line number, text) of each listing line inside the `///` comments of a Swift file."""
    fence = None
    for number, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        comment = re.match(r"^\s*/// ?(.*)$", line)
        if not comment:
            fence = None
            continue
        text = comment.group(1)
        opening = FENCE.match(text)
        if fence is None:
            if opening:
                fence = opening.group(2)
            continue
        if re.match(r"^ *%s{%d,}\s*$" % (re.escape(fence[0]), len(fence)), text):
            fence = None
            continue
        yield number, text


long_lines = []
MODULES = ("Routes", "RoutesTesting")
for path in sorted(p for m in MODULES for p in glob.glob(f"Sources/{m}/{m}.docc/**/*.md", recursive=True)):
    long_lines += [(path, n, t) for n, t in articles(path) if len(t.rstrip()) > LIMIT]
for path in sorted(p for m in MODULES for p in glob.glob(f"Sources/{m}/**/*.swift", recursive=True)):
    long_lines += [(path, n, t) for n, t in doc_comments(path) if len(t.rstrip()) > LIMIT]

for path, number, text in long_lines:
    print(f"{path}:{number}: {len(text.rstrip())} characters, more than {LIMIT}: {text.strip()}")
if long_lines:
    print(f"\ndoc-line-length: {len(long_lines)} listing lines are longer than {LIMIT} characters: "
          "DocC hides the rest behind a scrollbar. Wrap them.")
    sys.exit(1)
print(f"doc-line-length: every listing line of the documentation fits in {LIMIT} characters")
