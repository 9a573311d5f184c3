#!/usr/bin/env python3
"""Lists the public members that DocC files into an automatic topic group ("Instance Methods",
"Enumeration Cases"...) instead of a topic that the documentation curates.

    python3 .ci/uncurated.py [archive]     # default .build-docs/Routes.doccarchive; exit 1 if any

Reads the rendered pages of the archive that `bash .ci/docs.sh` writes (both modules, Routes and
RoutesTesting, and RoutesTesting's pages of the Routes types it extends): a symbol page's topic
sections marked `"generated": true` are the automatic groups. Not counted: "Default
Implementations" (the members a protocol's extension gives, `!=` of Equatable), which DocC
groups by protocol on a page of their own; the pages of those groups are skipped too.
"""
import glob
import json
import os
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
archive = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build-docs", "Routes.doccarchive")
pages = sorted(path for module in ("routes", "routestesting")
               for path in glob.glob(os.path.join(archive, "data", "documentation", module, "**", "*.json"),
                                     recursive=True))
if not pages:
    sys.exit(f"uncurated: no rendered page in {archive} (run bash .ci/docs.sh first)")
found, symbols = [], 0
for path in pages:
    page = json.load(open(path, encoding="utf-8"))
    if page.get("kind") != "symbol":
        continue
    symbols += 1
    title = page["metadata"].get("title", "?")
    for section in page.get("topicSections", []):
        if not section.get("generated") or section.get("title") == "Default Implementations":
            continue
        for identifier in section["identifiers"]:
            found.append(f"{title}: {section.get('title')}: "
                         f"{identifier.removeprefix('doc://routes.Routes/documentation/')}")
if found:
    print("\n".join(found))
print(f"uncurated: {len(found)} members in automatic topic groups, on {symbols} symbol pages")
sys.exit(1 if found else 0)
