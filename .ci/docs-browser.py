#!/usr/bin/env python3
"""Renders every page of the static documentation site in headless Chromium and checks it.

    python3 .ci/docs-browser.py [--site .build-docs/site] [--max-abstract 150]

The site is the one `.ci/docs.sh` writes for hosting under /Routes/ (GitHub Pages). This script
serves it under that base path, as GitHub Pages would (plain files, a folder serves its
index.html, nothing outside /Routes/), and opens each page at a 1,280 px wide viewport. It fails,
listing each problem with its page, on:

- a page that does not render: no 200 response, DocC's "can't be found" page, an uncaught
  JavaScript error, or no title after --timeout seconds;
- a broken internal link: each <a href> of the rendered page that points into the site must name
  a page of the site, or a file of it, and its #fragment must be an id of the rendered target page
  (the sidebar's entries are checked in index/index.json instead, as it draws only some of them);
- a code listing or declaration wider than its column: the box that scrolls a <pre> has a
  scrollWidth over its clientWidth (DocC then hides the rest of its lines behind a scrollbar);
- a symbol page without an abstract;
- with --max-abstract N, a symbol abstract longer than N characters (counted otherwise).

Pages are enumerated from the archive's data/documentation/**/*.json (one JSON per page; the
static transform writes documentation/<path>/index.html next to it, which the check also
requires). Chromium is Debian's (`apt-get install chromium`), driven by Playwright for Python
(.ci/requirements.txt) through `executable_path`: no browser is downloaded.
"""

import argparse
import asyncio
import functools
import http.server
import json
import pathlib
import shutil
import sys
import threading
import time
import urllib.parse

# Run in the page once DocC's renderer has drawn the title (or its error page). Returns what the
# checks need; the sidebar (.navigator) is skipped: it is a virtual list whose visible rows depend
# on scrolling, and its entries are the paths of index/index.json, which main() checks directly.
PAGE_FACTS_JS = """async () => {
  await document.fonts.ready;
  const pres = [...document.querySelectorAll('pre')].filter(p => !p.closest('.navigator'));
  // The box that scrolls: a listing's <pre> is a flex item that grows with its longest line, and
  // its parent (.container-general, overflow-x: auto) gets the scrollbar; a declaration's <pre>
  // scrolls itself. Measured on the <pre> alone, a too-wide listing would pass.
  const scroller = p => {
    for (let e = p; e && e !== document.body; e = e.parentElement)
      if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(e).overflowX)) return e;
    return p;
  };
  return {
    notFound: !!document.querySelector('.generic-error'),
    title: document.querySelector('main h1')?.textContent.trim() ?? '',
    abstract: (document.querySelector('.documentation-hero .abstract')?.textContent ?? '')
      .replace(/\\s+/g, ' ').trim(),
    links: [...document.querySelectorAll('a[href]')]
      .filter(a => !a.closest('.navigator')).map(a => a.href),
    ids: [...document.querySelectorAll('[id]')].map(e => e.id),
    listings: pres.map(p => ({
      kind: p.closest('.declaration') ? 'declaration' : 'listing',
      firstLine: p.textContent.trim().split('\\n')[0].slice(0, 60),
      longestLine: Math.max(...p.textContent.split('\\n').map(line => line.length)),
      scrollWidth: scroller(p).scrollWidth,
      clientWidth: scroller(p).clientWidth,
    })),
  };
}"""

def serve(site, base):
    """Serves `site` at http://127.0.0.1:<port><base>/ in a background thread; returns the root."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path):
            path = urllib.parse.urlsplit(path).path
            if path != base and not path.startswith(base + "/"):
                return str(site / "__outside_the_base_path__")  # GitHub Pages: a 404
            return super().translate_path(path[len(base):] or "/")

        def log_message(self, *args):
            pass

    class Server(http.server.ThreadingHTTPServer):
        def handle_error(self, request, client_address):
            # Chromium drops connections it no longer needs (a page left while loading): normal.
            if not isinstance(sys.exc_info()[1], ConnectionError):
                super().handle_error(request, client_address)

    server = Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}{base}"


def site_pages(site):
    """{'/documentation/routes/router': is-a-symbol} for every page of the archive."""
    pages = {}
    for path in sorted((site / "data").rglob("*.json")):
        page = "/" + path.relative_to(site / "data").with_suffix("").as_posix()
        try:
            pages[page] = json.loads(path.read_text())["kind"] == "symbol"
        except (ValueError, KeyError):
            pages[page] = False  # DocC cannot draw it either: the render reports it
    return pages


def index_paths(node):
    """Every page path the sidebar lists (index/index.json, all languages)."""
    if isinstance(node, dict):
        if "path" in node:
            yield node["path"]
        for value in node.values():
            yield from index_paths(value)
    elif isinstance(node, list):
        for value in node:
            yield from index_paths(value)


async def render_all(pages, root, chromium, jobs, width, timeout):
    """Opens every page in `jobs` tabs of one headless Chromium; returns {page: facts or error}."""
    from playwright.async_api import async_playwright

    results = {}
    queue = asyncio.Queue()
    for page in pages:
        queue.put_nowait(page)

    async def worker(browser):
        tab = await browser.new_page(viewport={"width": width, "height": 900})
        errors = []
        tab.on("pageerror", lambda error: errors.append(str(error).splitlines()[0]))
        while not queue.empty():
            page = queue.get_nowait()
            errors.clear()
            try:
                response = await tab.goto(root + page + "/", wait_until="domcontentloaded")
                if response is None or response.status != 200:
                    results[page] = f"HTTP {response.status if response else 'no response'}"
                    continue
                # DocC's Vue app fetches the page's JSON, then draws the hero's title, or its
                # error page: wait for either rather than for a fixed time.
                await tab.wait_for_selector("main h1, .generic-error", timeout=timeout * 1000)
                facts = await tab.evaluate(PAGE_FACTS_JS)
                facts["jsErrors"] = list(errors)
                results[page] = facts
            except Exception as error:  # a timeout, or the tab crashed
                results[page] = f"{type(error).__name__}: {str(error).splitlines()[0]}"
        await tab.close()

    async def site_root(browser):
        # https://<org>.github.io/Routes/ is no DocC page: docs.sh writes a redirect there.
        tab = await browser.new_page()
        try:
            await tab.goto(root + "/")
            await tab.wait_for_selector("main h1", timeout=timeout * 1000)
            return urllib.parse.urlsplit(tab.url).path
        except Exception as error:
            return f"{type(error).__name__}: {str(error).splitlines()[0]}"
        finally:
            await tab.close()

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=chromium, args=["--disable-dev-shm-usage"])
        landed = await site_root(browser)
        await asyncio.gather(*(worker(browser) for _ in range(jobs)))
        await browser.close()
    return results, landed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=".build-docs/site", type=pathlib.Path)
    parser.add_argument("--base-path", default="/Routes", help="the hosting base path")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--jobs", type=int, default=3, help="pages rendered at once")
    parser.add_argument("--width", type=int, default=1280, help="viewport width in CSS pixels")
    parser.add_argument("--timeout", type=float, default=30, help="seconds a page may take")
    parser.add_argument("--max-abstract", type=int, metavar="N",
                        help="fail on a symbol abstract longer than N characters")
    args = parser.parse_args()
    started = time.monotonic()
    site = args.site.resolve()
    base = ("/" + args.base_path.strip("/")).rstrip("/")  # "/Routes", or "" for a site at /
    if not (site / "data" / "documentation").is_dir():
        sys.exit(f"no DocC site in {site}: run `bash .ci/docs.sh` first")
    if not pathlib.Path(args.chromium).exists():
        sys.exit(f"no Chromium at {args.chromium}: `apt-get install -y chromium`")

    pages = site_pages(site)
    problems = []  # (page, what)
    notes = []  # (page, what): reported, not failed
    for page in pages:
        if not (site / page.lstrip("/") / "index.html").is_file():
            problems.append((page, "the static transform wrote no index.html for it"))
    index = json.loads((site / "index" / "index.json").read_text())
    for path in sorted(set(index_paths(index["interfaceLanguages"]))):
        if path not in pages:
            problems.append(("index/index.json", f"the sidebar lists {path}, not a page"))

    root = serve(site, base)
    origin = root[:len(root) - len(base)]
    results, landed = asyncio.run(render_all(
        pages, root, args.chromium, args.jobs, args.width, args.timeout))
    module = "/documentation/routes"  # the Routes module's page (the site has RoutesTesting's too)
    if landed.rstrip("/") != base + module:
        problems.append((base + "/", f"the site root does not lead to {module}: {landed}"))

    def resolves(path):
        """A page, or a file of the site (a folder: its index.html), as GitHub Pages serves it."""
        path = path.rstrip("/")
        return path in pages or (site / path.lstrip("/")).is_file() or (
            site / path.lstrip("/") / "index.html").is_file()

    links = set()  # (page, target): checked once per page
    listings = symbols_without_abstract = 0
    abstracts = {}  # symbol page: length of its abstract
    for page, facts in results.items():
        if isinstance(facts, str):
            problems.append((page, f"does not render: {facts}"))
            continue
        if facts["notFound"]:
            problems.append((page, "does not render: DocC shows its \"can't be found\" page"))
            continue
        for error in facts["jsErrors"]:
            problems.append((page, f"JavaScript error: {error}"))
        if not facts["title"]:
            problems.append((page, "does not render: no title"))
        for listing in facts["listings"]:
            if listing["clientWidth"] == 0:
                continue  # not displayed (a collapsed section): nothing to measure
            listings += 1
            overflow = listing["scrollWidth"] - listing["clientWidth"]
            if overflow > 0:
                # A declaration is DocC's rendering of a signature (OptionSet's inherited
                # `insert`, a generic `where` clause), which no line break of ours can fix: noted,
                # not failed. The listings are ours.
                target = problems if listing["kind"] == "listing" else notes
                target.append((page, f"{listing['kind']} {overflow} px wider than its column "
                                       f"({listing['clientWidth']} px, longest line "
                                       f"{listing['longestLine']} characters): "
                                       f"{listing['firstLine']!r}"))
        if pages[page]:
            abstract = facts["abstract"]
            if not abstract:  # DocC then draws no .abstract in the hero at all
                symbols_without_abstract += 1
                problems.append((page, "symbol page without an abstract"))
            else:
                abstracts[page] = len(abstract)
        for href in facts["links"]:
            if href.startswith(origin + "/"):  # same origin: into the site
                links.add((page, href))

    for page, href in sorted(links):
        url = urllib.parse.urlsplit(href)
        path = urllib.parse.unquote(url.path)
        if path != base and not path.startswith(base + "/"):
            problems.append((page, f"link outside the base path {base}: {path}"))
            continue
        target = path[len(base):].rstrip("/") or "/"
        if not resolves(target):
            problems.append((page, f"broken link: {path}"))
        elif url.fragment and target in results and not isinstance(results[target], str):
            if urllib.parse.unquote(url.fragment) not in results[target]["ids"]:
                problems.append((page, f"broken link: {path}#{url.fragment} (no such anchor)"))

    limit = args.max_abstract or 150
    over = [(page, n) for page, n in sorted(abstracts.items()) if n > limit]
    if args.max_abstract:
        problems += [(page, f"abstract of {n} characters (at most {limit})") for page, n in over]

    for page, what in sorted(notes):
        print(f"note: {page}: {what}")
    for page, what in sorted(problems):
        print(f"{page}: {what}")
    rendered = sum(1 for facts in results.values()
                   if not isinstance(facts, str) and not facts["notFound"])
    print(f"\npages rendered: {rendered} of {len(pages)} (at {args.width} px, {args.jobs} at once)")
    print(f"internal links checked: {len(links)} (distinct per page)")
    print(f"listings measured: {listings}")
    print(f"symbols without abstract: {symbols_without_abstract}")
    print(f"symbol abstracts over {limit} characters: {len(over)}"
          + ("" if args.max_abstract else " (reported only; --max-abstract fails on them)"))
    seconds = time.monotonic() - started
    if problems:
        print(f"docs-browser: FAILED, {len(problems)} problems ({seconds:.0f}s)")
        sys.exit(1)
    print(f"docs-browser: every page renders and checks out ({seconds:.0f}s)")


if __name__ == "__main__":
    main()
