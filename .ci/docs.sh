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
# 4. The same inputs are converted again with `--hosting-base-path Routes` into .build-docs/site: a
#    static site for https://<org>.github.io/Routes/ (RELEASING.md, "Publishing the documentation").
#    `.ci/docs-browser.py` serves it and checks every page in headless Chromium.
# The length of listing lines (76 characters at most: at 1,280 px DocC's column shows 76, and
# hides the rest behind a scrollbar) is checked by `python3 .ci/doc-line-length.py`, a step of its own in .ci/run.
# The archive is .build-docs/Routes.doccarchive (`docc preview` serves the same inputs locally).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
scratch=.build-docs
graphs="$PWD/$scratch/symbol-graphs"
archive="$scratch/Routes.doccarchive"
site="$scratch/site"
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
convert=(docc convert Sources/Routes/Routes.docc
    --additional-symbol-graph-dir "$graphs"
    --fallback-display-name Routes
    --fallback-bundle-identifier routes.Routes)
"${convert[@]}" --output-path "$archive" --warnings-as-errors 2>&1 | tee "$log" || status=$?
if [ "$status" -ne 0 ] || grep -qiE "(^|[^a-z])warning:" "$log"; then
    printf '\ndocs: FAILED, DocC reported the problems above (%ss)\n' "$((SECONDS - start))"
    exit 1
fi
printf '(documentation after %ss)\n' "$((SECONDS - start))"

echo "== code blocks of the articles"
find Sources/Routes/Routes.docc -name '*.md' -print0 | sort -z |
    xargs -0 env EXAMPLES_BUILD_DIR="$scratch/examples" bash .ci/readme-examples.sh

echo "== static site for hosting under /Routes/: $site"
# --hosting-base-path rewrites the URLs of every HTML file, the root index.html included (`docc
# process-archive transform-for-static-hosting --hosting-base-path` leaves the root's "/", which
# would load the scripts from outside /Routes/). Each page gets documentation/<path>/index.html, so
# a plain static host serves it. The root itself is no page (DocC shows "can't be found" there):
# it redirects to the module's page.
rm -rf "$site"
"${convert[@]}" --output-path "$site" --hosting-base-path Routes >"$scratch/docc-site.log" 2>&1 ||
    { cat "$scratch/docc-site.log"; exit 1; }
cat >"$site/index.html" <<'EOF'
<!doctype html>
<meta charset="utf-8">
<title>Routes documentation</title>
<meta http-equiv="refresh" content="0; url=documentation/routes/">
<link rel="canonical" href="documentation/routes/">
<p><a href="documentation/routes/">Routes documentation</a></p>
EOF

echo "== public symbols: abstracts, topics, compiled listings"
# Each check runs, and any failure fails the script (in `a && b`, `set -e` ignores a failing `a`).
checks=0
python3 .ci/abstracts.py || checks=1
python3 .ci/uncurated.py || checks=1
python3 .ci/symbol-listings.py || checks=1
if [ "$checks" -ne 0 ]; then
    printf '\ndocs: FAILED, the checks of the public symbols above (%ss)\n' "$((SECONDS - start))"
    exit 1
fi

printf '\ndocs: %s built with no warning, its code compiles; site in %s (%ss)\n' \
    "$archive" "$site" "$((SECONDS - start))"
