#!/usr/bin/env bash
# Checks the `routes` tool, from anywhere: bash Tools/check.sh
#
# 1. builds the Tools package (and its tests) with zero warnings;
# 2. runs its tests (swift test), which also run the executable as a process;
# 3. lints the format with the repository's .swift-format;
# 4. runs the real `routes` executable end to end: outputs and exit statuses;
# 5. runs the examples of Tools/README.md and compares their output.
set -euo pipefail
tools="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$tools")"
step() { printf '\n== %s (%ss)\n' "$1" "$SECONDS"; }

step "build Tools, with zero warnings"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swift build --package-path "$tools" --build-tests 2>&1 | tee "$log"
if grep -E "warning:" "$log"; then
    echo "the Tools build has warnings"
    exit 1
fi

step "tests: swift test --package-path Tools"
swift test --package-path "$tools"

step "format: swift format lint --strict"
swift format lint --strict --configuration "$root/.swift-format" -r \
    "$tools/Package.swift" "$tools/Sources" "$tools/Tests"

step "the routes executable, end to end"
bin_dir="$(swift build --package-path "$tools" --show-bin-path)"
routes="$bin_dir/routes"
fixtures="Tests/RoutesCLITests/Fixtures"
failures=0
# expect STATUS TEXT ARGUMENTS...: `routes ARGUMENTS...` exits with STATUS, and its output
# (standard output and standard error) contains TEXT.
expect() {
    local want="$1" text="$2" output status
    shift 2
    set +e
    output="$(cd "$tools" && "$routes" "$@" 2>&1)"
    status=$?
    set -e
    if [[ "$status" == "$want" && "$output" == *"$text"* ]]; then
        echo "ok    routes $* (exit $status)"
    else
        echo "FAIL  routes $* (exit $status, expected $want and output containing: $text)"
        printf '%s\n' "$output" | sed 's/^/      /'
        failures=$((failures + 1))
    fi
}
expect 0 "  matched     /user/view/:id" match 'myapp://user/view/42'
expect 0 'id = "42"' match --table sample-routes.txt 'myapp://user/view/42'
expect 1 "no match    no route matches" match 'myapp://user/view/42' 'myapp://nowhere'
expect 0 '"matched": true' match --json 'https://www.example.com/post/7/comments'
expect 0 "  3. /user/view/:id (priority 0): matches, asked 1st" explain 'myapp://user/view/42'
expect 1 "the table does not route this host" explain 'https://evil.com/user/view/1'
expect 0 "sample-routes.txt: no problems" lint --table sample-routes.txt
expect 0 "shadowed.txt:3:8: warning: [alpha] /user/new is shadowed by /user/:id" lint --table "$fixtures/shadowed.txt"
expect 0 "declines.txt: no problems" lint --table "$fixtures/declines.txt"
expect 0 "<stdin>: no problems" lint --table - < <(printf '/post/:id may-decline\n/post/:slug\n')
expect 0 "<stdin>:1:11: warning: decline is deprecated" lint --table - < <(printf '/post/:id decline\n/post/:slug\n')
expect 0 "starts with a scheme" lint --table - < <(printf 'myapp://user/:id\n')
expect 0 "/:x matches every one-segment URL, whatever its scheme" lint --table - < <(printf '/:x\n')
expect 2 "broken.txt:3:14: error: Invalid route pattern" lint --table "$fixtures/broken.txt"
expect 2 "has 12 errors" match --table "$fixtures/broken.txt" 'alpha://x'
expect 2 "cannot read route table" match --table /nonexistent 'alpha://x'
expect 0 "/dev/stdin: no problems" lint --table /dev/stdin < "$tools/sample-routes.txt"
expect 0 ": no problems (17 routes, 21 definitions, 1 guard)" lint --table <(cat "$tools/sample-routes.txt")
expect 2 "/dev/stdin: it is not UTF-8 text" lint --table /dev/stdin < <(printf 'alpha /caf\xe9\n')
expect 0 "  redirected  /u/:id (short-link, line 40) to myapp://user/42" match 'myapp://u/42'
expect 1 "  refused     by the guard /files/private/* (line 41, myapp)" match 'myapp://files/private/a'
expect 0 "policy.txt:16:17: warning: [myapp] /a/:id redirects to /b/:id" lint --table "$fixtures/policy.txt"
expect 0 "/settings/:section" expand '/settings(/:section)'
expect 2 $'  /a/*/b/*\n         ^' expand '/a/*/b/*'
expect 0 "table myapp [falls back]" show
expect 0 '{ "/": "/user/view/*" }' aasa --app-id ABCDE12345.com.example.app
expect 0 '"components": []' aasa --app-id ABCDE12345.com.example.app --host example.org
expect 0 "cases.txt: 8 links, each as expected" test "$fixtures/cases.txt"
expect 1 "cases-wrong.txt: 1 of 2 links differs" test "$fixtures/cases-wrong.txt"
expect 1 "14 not reached by any link" test --coverage "$fixtures/cases.txt"
expect 0 '"passed": true' test --json "$fixtures/cases.txt"
expect 2 "<stdin>:1:10: error: 'myapp://a' has no expectation" test - < <(printf 'myapp://a\n')
expect 64 "Missing expected argument '--app-id <id>'" aasa
expect 64 "Missing expected argument" match
expect 64 $'unknown command \'frobnicate\'. The commands are:\n  match ' frobnicate
if command -v python3 > /dev/null; then
    set +e
    json="$("$routes" match --json 'myapp://user/42/posts' 'myapp://nowhere')"
    set -e
    if printf '%s' "$json" | python3 -c 'import json, sys; r = json.load(sys.stdin); assert [x["matched"] for x in r] == [True, False], r'; then
        echo "ok    routes match --json prints valid JSON"
    else
        echo "FAIL  routes match --json does not print the expected JSON"
        failures=$((failures + 1))
    fi
fi
if command -v python3 > /dev/null; then
    if "$routes" aasa --app-id ABCDE12345.com.example.app | python3 -c 'import json, sys; d = json.load(sys.stdin)["applinks"]["details"][0]; assert {"/": "/search"} in d["components"], d'; then
        echo "ok    routes aasa prints valid JSON"
    else
        echo "FAIL  routes aasa does not print the expected JSON"
        failures=$((failures + 1))
    fi
fi
[ "$failures" -eq 0 ] || { echo "$failures checks failed"; exit 1; }

step "README examples"
python3 "$tools/check-readme.py" "$bin_dir"

step "done"
