#!/usr/bin/env bash
# Builds the DocC documentation of the package's two modules, Routes and RoutesTesting, as one
# site, and fails on any warning (a broken ``symbol`` link, a `- Parameters:` entry that names no
# parameter, an article that does not resolve...).
#
#   bash .ci/docs.sh
#
# 1. `swift build` of the RoutesTesting target (and so of Routes) with the compiler's symbol-graph
#    output (public symbols only), in the scratch folder .build-docs/ (git-ignored: `.build-*/`):
#    Routes' graphs in .build-docs/symbol-graphs/Routes. RoutesTesting's graphs are extracted from
#    its built module with `swift symbolgraph-extract -emit-extension-block-symbols`, into
#    .build-docs/symbol-graphs/RoutesTesting: its members of Routes' types (`Router.explain`)
#    then get pages of their own, under "Extended Modules".
# 2. `docc convert` of one catalog made of the two modules' catalogs (copies of
#    Sources/Routes/Routes.docc and Sources/RoutesTesting/RoutesTesting.docc in
#    .build-docs/Routes.docc) with both modules' symbol graphs, `--warnings-as-errors`: one
#    archive, .build-docs/Routes.doccarchive, with both modules' reference and every article, in
#    which a page of one module links to the other's symbols with an absolute link
#    (``/Routes/RouteTable/hosts``, ``/RoutesTesting/Routes/Router/explain(_:)``) and to any
#    article by its name (<doc:RoutingRules>, <doc:UniversalLinksFile>). Its output is also
#    searched for "warning:" in case a docc version lets one through; the paths it names in the
#    copied catalogs are shown as the repository's.
# 3. The ```swift blocks of the catalogs' articles are compiled against the library, with the
#    README's convention (.ci/readme-examples.sh, in .build-docs/examples): a block that starts
#    with a file-name comment (`// AppRoutes.swift`, `// main.swift`) is a whole file, any other
#    block the body of an `@MainActor` function (whose file imports RoutesTesting too in the
#    articles of RoutesTesting).
# 4. The same inputs are converted again with `--hosting-base-path Routes` into .build-docs/site: a
#    static site for https://<org>.github.io/Routes/ (RELEASING.md, "Publishing the
#    documentation"). `.ci/docs-browser.py` serves it and checks every page in headless Chromium.
# The length of listing lines (76 characters at most: at 1,280 px DocC's column shows 76, and
# hides the rest behind a scrollbar) is checked by `python3 .ci/doc-line-length.py`, a step of its own in .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
scratch=.build-docs
graphs="$PWD/$scratch/symbol-graphs"
archive="$scratch/Routes.doccarchive"
site="$scratch/site"
log="$scratch/docc.log"

echo "== symbol graphs: swift build --target RoutesTesting -emit-symbol-graph, symbolgraph-extract"
# The compiler writes symbol graphs only when it emits the module: remove the modules that a
# previous run left in our scratch folder, so that the graphs always come from the current sources
# (this re-runs only the emit-module jobs when the sources did not change).
mkdir -p "$scratch"
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
rm -rf "$graphs" "$bin/Modules/Routes.swiftmodule" "$bin/Routes.swiftmodule" \
    "$bin/Modules/RoutesTesting.swiftmodule" "$bin/RoutesTesting.swiftmodule"
mkdir -p "$graphs/compiler" "$graphs/Routes" "$graphs/RoutesTesting"
swift build --scratch-path "$scratch" --target RoutesTesting \
    -Xswiftc -emit-symbol-graph \
    -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/compiler" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
mv "$graphs"/compiler/Routes.symbols.json "$graphs"/compiler/Routes@*.symbols.json "$graphs/Routes/"
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"  # older toolchains put modules next to the products
triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"
swift symbolgraph-extract -module-name RoutesTesting -I "$modules" -target "$triple" \
    -minimum-access-level public -emit-extension-block-symbols -output-dir "$graphs/RoutesTesting"
rm -rf "$graphs/compiler"
for module in Routes RoutesTesting; do
    if [ ! -s "$graphs/$module/$module.symbols.json" ]; then
        echo "no symbol graph of $module in $graphs/$module"; exit 1
    fi
done
printf '(symbol graphs after %ss)\n' "$((SECONDS - start))"

# The catalog: both modules' catalogs, each in a folder of its own (DocC reads every file of a
# catalog, whatever its folder). Copies: DocC does not follow a symbolic link to a folder.
catalog="$scratch/Routes.docc"
rm -rf "$catalog"
mkdir -p "$catalog"
cp -R Sources/Routes/Routes.docc "$catalog/Routes"
cp -R Sources/RoutesTesting/RoutesTesting.docc "$catalog/RoutesTesting"
mkdir -p "$graphs/both"
cp "$graphs"/Routes/*.json "$graphs"/RoutesTesting/*.json "$graphs/both/"
convert=(docc convert "$catalog"
    --additional-symbol-graph-dir "$graphs/both"
    --fallback-display-name Routes
    --fallback-bundle-identifier routes.Routes)
# DocC's messages name the copies: show the repository's files.
sources() {
    sed -e "s|[./]*$scratch/Routes.docc/Routes/|Sources/Routes/Routes.docc/|g" \
        -e "s|[./]*$scratch/Routes.docc/RoutesTesting/|Sources/RoutesTesting/RoutesTesting.docc/|g"
}

echo "== docc convert --warnings-as-errors"
rm -rf "$archive"
status=0
"${convert[@]}" --output-path "$archive" --warnings-as-errors 2>&1 | sources | tee "$log" || status=$?
if [ "$status" -ne 0 ] || grep -qiE "(^|[^a-z])warning:" "$log"; then
    printf '\ndocs: FAILED, DocC reported the problems above (%ss)\n' "$((SECONDS - start))"
    exit 1
fi
printf '(documentation after %ss)\n' "$((SECONDS - start))"

echo "== code blocks of the articles"
find Sources/Routes/Routes.docc Sources/RoutesTesting/RoutesTesting.docc -name '*.md' -print0 | sort -z |
    xargs -0 env EXAMPLES_BUILD_DIR="$scratch/examples" bash .ci/readme-examples.sh

echo "== static site for hosting under /Routes/: $site"
# --hosting-base-path rewrites the URLs of every HTML file, the root index.html included (`docc
# process-archive transform-for-static-hosting --hosting-base-path` leaves the root's "/", which
# would load the scripts from outside /Routes/). Each page gets documentation/<path>/index.html, so
# a plain static host serves it. The root itself is no page (DocC shows "can't be found" there):
# it redirects to the Routes module's page.
rm -rf "$site"
"${convert[@]}" --output-path "$site" --hosting-base-path Routes >"$scratch/docc-site.log" 2>&1 ||
    { sources <"$scratch/docc-site.log"; exit 1; }
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
