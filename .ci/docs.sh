#!/usr/bin/env bash
# Builds the DocC documentation of Routes and fails on any warning (a broken ``symbol`` link, a
# `- Parameters:` entry that names no parameter, an article that does not resolve...).
#
#   bash .ci/docs.sh
#
# 1. `swift build` of the Routes target with the compiler's symbol-graph output (public symbols
#    only), in the scratch folder .build-docs/ (git-ignored: `.build-*/`).
# 2. `docc convert` of Sources/Routes/Routes.docc with those symbol graphs, `--warnings-as-errors`;
#    its output is also searched for "warning:" in case a docc version lets one through.
# 3. The ```swift blocks of the catalog's articles are compiled against the library, with the
#    README's convention (.ci/readme-examples.sh, in .build-docs/examples): a block that starts
#    with a file-name comment (`// AppRoutes.swift`, `// main.swift`) is a whole file, any other
#    block the body of an `@MainActor` function.
# The length of listing lines (78 characters at most, or DocC hides the rest behind a scrollbar)
# is checked by `python3 .ci/doc-line-length.py`, a step of its own in .ci/run.
# The archive is .build-docs/Routes.doccarchive (`docc preview` serves the same inputs locally).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
scratch=.build-docs
graphs="$PWD/$scratch/symbol-graphs"
archive="$scratch/Routes.doccarchive"
log="$scratch/docc.log"

echo "== symbol graphs: swift build --target Routes -emit-symbol-graph"
# The compiler writes symbol graphs only when it emits the module: remove the module that a
# previous run left in our scratch folder, so that the graphs always come from the current sources
# (this re-runs only the emit-module job when the sources did not change).
mkdir -p "$scratch"
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
rm -rf "$graphs" "$bin/Modules/Routes.swiftmodule" "$bin/Routes.swiftmodule"
mkdir -p "$graphs"
swift build --scratch-path "$scratch" --target Routes \
    -Xswiftc -emit-symbol-graph \
    -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
if [ ! -s "$graphs/Routes.symbols.json" ]; then
    echo "no symbol graph in $graphs"; exit 1
fi
printf '(symbol graphs after %ss)\n' "$((SECONDS - start))"

echo "== docc convert --warnings-as-errors"
rm -rf "$archive"
status=0
docc convert Sources/Routes/Routes.docc \
    --additional-symbol-graph-dir "$graphs" \
    --output-path "$archive" \
    --fallback-display-name Routes \
    --fallback-bundle-identifier routes.Routes \
    --warnings-as-errors 2>&1 | tee "$log" || status=$?
if [ "$status" -ne 0 ] || grep -qiE "(^|[^a-z])warning:" "$log"; then
    printf '\ndocs: FAILED, DocC reported the problems above (%ss)\n' "$((SECONDS - start))"
    exit 1
fi
printf '(documentation after %ss)\n' "$((SECONDS - start))"

echo "== code blocks of the articles"
find Sources/Routes/Routes.docc -name '*.md' -print0 | sort -z |
    xargs -0 env EXAMPLES_BUILD_DIR="$scratch/examples" bash .ci/readme-examples.sh

python3 .ci/abstracts.py && python3 .ci/uncurated.py && python3 .ci/symbol-listings.py
printf '\ndocs: %s built with no warning, its code compiles (%ss)\n' "$archive" "$((SECONDS - start))"
