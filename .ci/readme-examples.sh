#!/usr/bin/env bash
# Compiles every ```swift code block of README.md against the library, so the README never lies.
#
#   bash .ci/readme-examples.sh                  # every block of README.md; exit 1 if one fails
#   bash .ci/readme-examples.sh a.md b.md ...    # the same for other Markdown files (DocC articles)
#
# The convention, which the README and the DocC landing page state for readers: each ```swift
# block is compiled the way a reader would paste it.
# - Whole file: a block whose first line is a file-name comment, `// main.swift` or
#   `// AppRoutes.swift` (text may follow the name: `// AppRoutes.swift: a whole file`), is a
#   whole Swift file, compiled exactly as written: nothing is added, not even `import Routes`.
#   `// main.swift` is the main file of an executable target (top-level statements allowed);
#   any other name is a source file of a library target (declarations only, as in an app).
# - Function body: every other block is statements for the body of a function on the main actor
#   that may throw: it goes into `@MainActor func example<N>() throws { ... }`, in a file that
#   imports Foundation and Routes, and RoutesTesting too when the Markdown file is RoutesTesting's
#   (its path has a `RoutesTesting` folder: its DocC catalog, the listings of its symbols): the
#   tools are called from a test target, which links both products. It may declare local types
#   and its own `let router`.
#   Such a block must not `import` anything: a block with an import and no file-name comment
#   fails, so that no block is silently compiled as a file.
# - Blocks fenced as ```text, ```sh (anything but ```swift) are not Swift and are skipped.
#
# Each block becomes its own module of a throwaway package in .build-readme/ (git-ignored by the
# `.build-*/` rule; EXAMPLES_BUILD_DIR overrides it) that depends on this repository by path, so
# blocks cannot clash. The generated files carry `#sourceLocation` directives: compiler errors
# point at the Markdown lines directly. Warnings (an unused `params["id"]`) are fine; errors fail.
set -euo pipefail
files=()
for file in "$@"; do files+=("$(realpath "$file")"); done
cd "$(dirname "$0")/.."
root="$PWD"
[ ${#files[@]} -gt 0 ] || files=("$root/README.md")
out="${EXAMPLES_BUILD_DIR:-$root/.build-readme}"
mkdir -p "$out"
out="$(realpath "$out")"
package="$out/package"
start=$SECONDS

rm -rf "$package/Sources" "$package/Package.swift" "$out"/*.log
mkdir -p "$package/Sources"

# Generate the package: one target per block, and blocks.tsv (target, file, first and last line).
python3 - "$root" "$package" "${files[@]}" <<'PYTHON'
import json, os, re, sys

root, package, files = sys.argv[1], sys.argv[2], sys.argv[3:]

def fenced_blocks(path):
    """(language, 1-based line of the first content line, content lines) of each fenced block."""
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks, index = [], 0
    while index < len(lines):
        opening = re.match(r"^( *)(`{3,}|~{3,})\s*([^\s`]*)", lines[index])
        if not opening:
            index += 1
            continue
        indent, fence, language = len(opening.group(1)), opening.group(2), opening.group(3).lower()
        closing = re.compile(r"^ *%s{%d,}\s*$" % (re.escape(fence[0]), len(fence)))
        body, index = [], index + 1
        first = index + 1
        while index < len(lines) and not closing.match(lines[index]):
            line = lines[index]
            body.append(line[min(indent, len(line) - len(line.lstrip(" "))):])
            index += 1
        if index == len(lines):
            sys.exit(f"{path}:{first - 1}: code fence is never closed")
        index += 1
        blocks.append((language, first, body))
    return blocks

def file_name(body):
    """The file name of a whole-file block (its first line is `// Name.swift`), else None."""
    first = next((line.strip() for line in body if line.strip()), "")
    match = re.match(r"^//\s*([A-Za-z_][\w+-]*\.swift)\b", first)
    return match.group(1) if match else None

def import_line(body):
    """The 0-based index of the first `import` declaration of a block, or None."""
    return next((index for index, line in enumerate(body)
                 if re.match(r"^\s*(@[\w()]+\s+)*import\s+\w", line)), None)

targets, skipped, number, unmarked = [], 0, 0, []
for path in files:
    stem = re.sub(r"\W", "", os.path.splitext(os.path.basename(path))[0]) or "Markdown"
    for language, first, body in fenced_blocks(path):
        if language != "swift":
            skipped += 1
            continue
        number += 1
        name = f"{stem}Line{first}"
        if any(name == target[0] for target in targets):
            name += f"_{number}"
        location = f"#sourceLocation(file: {json.dumps(path)}, line: {first})"
        source = file_name(body)
        if source:
            kind = "main" if source == "main.swift" else "file"
            text = [location] + body + ["#sourceLocation()", ""]
        else:
            found = import_line(body)
            if found is not None:
                unmarked.append(f"{path}:{first + found}: this ```swift block imports a module but "
                                "has no file-name comment: start it with `// Name.swift` (a whole "
                                "file) or drop the import (the body of a function)")
            kind, source = "body", "Example.swift"
            testing = "RoutesTesting" in os.path.dirname(os.path.relpath(path, root)).split(os.sep)
            text = ["import Foundation", "import Routes"] + (["import RoutesTesting"] if testing else []) + ["",
                    f"@MainActor private func example{number}() throws {{", location] + body + \
                   ["#sourceLocation()", "}", ""]
        os.makedirs(os.path.join(package, "Sources", name))
        with open(os.path.join(package, "Sources", name, source), "w", encoding="utf-8") as file:
            file.write("\n".join(text))
        targets.append((name, path, first, first + len(body) - 1, kind))
if unmarked:
    sys.exit("\n".join(unmarked))

identity = os.path.basename(root.rstrip("/"))
products = (f'[.product(name: "Routes", package: {json.dumps(identity)}), '
            f'.product(name: "RoutesTesting", package: {json.dumps(identity)})]')
with open(os.path.join(package, "Package.swift"), "w", encoding="utf-8") as file:
    file.write("\n".join([
        "// swift-tools-version:6.0",
        "// Generated by .ci/readme-examples.sh: one target per ```swift block of the Markdown files.",
        "import PackageDescription",
        "",
        "let package = Package(",
        '    name: "MarkdownExamples",',
        "    // Newer than the library's minimum, so that SwiftUI examples type-check on Apple platforms.",
        "    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],",
        f"    dependencies: [.package(path: {json.dumps(root)})],",
        "    targets: [",
        *[f'        .{"executableTarget" if kind == "main" else "target"}(name: "{name}", '
          f'dependencies: {products}),' for name, _, _, _, kind in targets],
        "    ]",
        ")",
        "",
    ]))
with open(os.path.join(package, "blocks.tsv"), "w", encoding="utf-8") as file:
    for name, path, first, last, _ in targets:
        file.write(f"{name}\t{path}\t{first}\t{last}\n")
shown = [os.path.relpath(path, root) if path.startswith(root + "/") else path
         for path in dict.fromkeys(path for _, path, _, _, _ in targets)]
kinds = {kind: sum(1 for target in targets if target[4] == kind) for kind in ("body", "file", "main")}
print(f"{len(targets)} swift blocks to compile ({kinds['body']} function bodies, {kinds['file']} "
      f"library files, {kinds['main']} main.swift files; {skipped} other code blocks skipped), in "
      + (", ".join(shown) or "no file"))
PYTHON

build() { swift build --package-path "$package" --scratch-path "$out/build" "$@"; }
status=0
build 2>&1 | tee "$out/build.log" || status=$?

if [ "$status" -ne 0 ]; then
    # SwiftPM stops at the first target that fails: build each block on its own to find them all.
    printf '\n== building each block on its own, to find every one that fails\n'
    : >"$out/errors.log"
    failures=0
    while IFS=$'\t' read -r name _ _ _; do
        if ! build --target "$name" >"$out/$name.log" 2>&1; then
            tee -a "$out/errors.log" <"$out/$name.log"
            failures=$((failures + 1))
        fi
    done <"$package/blocks.tsv"
    if [ "$failures" -eq 0 ]; then
        # The first failure was not a block's (a source file edited during the build, say).
        printf '\nreadme-examples: every swift block compiles on its own (%ss)\n' "$((SECONDS - start))"
        exit 0
    fi
    printf '\n== code blocks that do not compile:\n'
    python3 - "$root" "$package/blocks.tsv" "$out/errors.log" <<'PYTHON'
import os, re, sys
root, table, log = sys.argv[1:]
blocks = [(path, int(first), int(last)) for _, path, first, last in
          (line.rstrip("\n").split("\t") for line in open(table, encoding="utf-8"))]
failing, other = {}, []
for line in open(log, encoding="utf-8", errors="replace"):
    match = re.match(r"^(.*?):(\d+):(\d+): error: (.*)$", line.rstrip("\n"))
    if not match:
        continue
    path, number, message = match.group(1), int(match.group(2)), match.group(4)
    block = next((b for b in blocks if b[0] == path and b[1] <= number <= b[2]), None)
    if block:
        shown = os.path.relpath(path, root) if path.startswith(root + "/") else path
        key = f"{shown}:{block[1] - 1}: the ```swift block that starts on line {block[1] - 1}"
        failing.setdefault(key, []).append(f"    {shown}:{number}: error: {message}")
    else:
        other.append(f"    {path}:{number}: error: {message}")
for key, errors in failing.items():
    print(key)
    print("\n".join(dict.fromkeys(errors)))
if other:
    print("errors outside the code blocks (in the library itself, or in the generated package):")
    print("\n".join(dict.fromkeys(other)))
if not failing and not other:
    print("    (no error with a location: see the build output above)")
PYTHON
    printf '\nreadme-examples: FAILED (%ss)\n' "$((SECONDS - start))"
    exit 1
fi
printf '\nreadme-examples: every swift block compiles (%ss)\n' "$((SECONDS - start))"
