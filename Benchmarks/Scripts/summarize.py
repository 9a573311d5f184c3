#!/usr/bin/env python3
"""Turns package-benchmark's influx export of RouterBenchmarks into the README's tables.

Usage: summarize.py RESULTS.csv [--mallinfo FILE]

RESULTS.csv is what `swift package benchmark --format influx --path stdout` printed (other lines
are ignored). Every figure is the median (p50) over the benchmark's iterations; lookup benchmarks
do 1,000 lookups per iteration, registration benchmarks 10,000 registrations.
"""

import argparse
import csv
import sys

LOOKUPS_PER_ITERATION = 1_000
REGISTERED = 10_000
ROUTE_COUNTS = [10, 100, 1_000, 10_000]
ROUTERS = [
    ("Routes-String", "Routes `route(to: String)`"),
    ("Routes-URL", "Routes `route(to: URL)` (URL pre-built)"),
    ("RoutingKit", "routing-kit `TrieRouter` (path pre-split)"),
    ("Linear", "linear reference (JLRoutes-style scan)"),
]


def read(path):
    """{(test, metric): {percentile: value}} from the influx CSV lines."""
    results = {}
    with open(path, encoding="utf-8") as handle:
        for row in csv.reader(handle):
            if len(row) != 15 or row[0] != "RouterBenchmarks":
                continue
            metric, test, percentile, value = row[6], row[8], float(row[9]), float(row[10])
            results.setdefault((test, metric), {})[percentile] = value
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("results")
    parser.add_argument("--mallinfo", help="output of `RouterProfile memory 10000`")
    args = parser.parse_args()
    results = read(args.results)
    if not results:
        sys.exit("no RouterBenchmarks results found in " + args.results)

    def p50(test, metric, percentile=50.0):
        values = results.get((test, metric))
        return None if values is None else values.get(percentile)

    def per_lookup_ns(router, n, percentile=50.0):
        value = p50(f"Lookup/{router}/{n}", "Time(wallclock)", percentile)
        return None if value is None else value / LOOKUPS_PER_ITERATION

    def per_lookup(test, metric):
        value = p50(test, metric)
        return None if value is None else value / LOOKUPS_PER_ITERATION

    def fmt_ns(value):
        if value is None:
            return "n/a"
        return f"{value / 1000:,.2f} µs" if value >= 10_000 else f"{value:,.0f} ns"

    def fmt_ratio(value):
        return "n/a" if value is None else f"{value:,.2f}×"

    def ratio(a, b):
        return None if a is None or b is None or b == 0 else a / b

    def verdict(ok):
        return "n/a" if ok is None else ("**met**" if ok else "**not met**")

    out = []
    out.append("### Time per lookup (median; each iteration = 1,000 lookups, 90% hits)\n")
    out.append("| Router | " + " | ".join(f"N = {n:,}" for n in ROUTE_COUNTS) + " | 10,000 vs 10 |")
    out.append("|---|" + "---:|" * (len(ROUTE_COUNTS) + 1))
    for key, label in ROUTERS:
        cells = [fmt_ns(per_lookup_ns(key, n)) for n in ROUTE_COUNTS]
        scaling = ratio(per_lookup_ns(key, 10_000), per_lookup_ns(key, 10))
        out.append(f"| {label} | " + " | ".join(cells) + f" | {fmt_ratio(scaling)} |")

    out.append("\nFastest iteration (p0) per lookup, the least disturbed by other processes on the machine:\n")
    out.append("| Router | " + " | ".join(f"N = {n:,}" for n in ROUTE_COUNTS) + " | 10,000 vs 10 |")
    out.append("|---|" + "---:|" * (len(ROUTE_COUNTS) + 1))
    for key, label in ROUTERS:
        cells = [fmt_ns(per_lookup_ns(key, n, 0.0)) for n in ROUTE_COUNTS]
        scaling = ratio(per_lookup_ns(key, 10_000, 0.0), per_lookup_ns(key, 10, 0.0))
        out.append(f"| {label} | " + " | ".join(cells) + f" | {fmt_ratio(scaling)} |")

    out.append("\n### Allocations per lookup (median of iterations / 1,000)\n")
    out.append("| Lookups | Routes `String` | Routes `URL` | routing-kit |")
    out.append("|---|---:|---:|---:|")
    for label, suffix in (("mixed (90% hits), N = 10,000", None), ("hits only, N = 10,000", "hits"),
                          ("misses only, N = 10,000", "misses")):
        cells = []
        for router in ("Routes-String", "Routes-URL", "RoutingKit"):
            test = (f"Lookup/{router}/10000" if suffix is None
                    else f"Allocations/{router}-{suffix}/10000")
            count = per_lookup(test, "Malloc(total)")
            size = per_lookup(test, "Malloc(bytestotal)")
            cells.append("n/a" if count is None else f"{count:.2f} ({size:,.0f} B)")
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    harness = p50("Harness/empty/0", "Malloc(total)")
    if harness is not None:
        out.append(f"\nHarness check: an empty iteration allocates {harness:.0f} times "
                   "(so the counts above are the routers' own).")

    out.append("\n### Registration and memory at 10,000 routes (median)\n")
    out.append("| Router | Registration per route | Allocations per route | Retained bytes per route |")
    out.append("|---|---:|---:|---:|")
    registration = {}
    memory = {}
    for router, label in (("Routes", "Routes"), ("RoutingKit", "routing-kit")):
        test = f"Register/{router}/{REGISTERED}"
        time = p50(test, "Time(wallclock)")
        count = p50(test, "Malloc(total)")
        retained = p50(test, "Malloc/freeΔ(bytes)")
        registration[router] = None if time is None else time / REGISTERED
        memory[router] = None if retained is None else retained / REGISTERED
        out.append(f"| {label} | {fmt_ns(registration[router])} | "
                   f"{'n/a' if count is None else f'{count / REGISTERED:.1f}'} | "
                   f"{'n/a' if retained is None else f'{retained / REGISTERED:,.0f} B'} |")
    if args.mallinfo:
        with open(args.mallinfo, encoding="utf-8") as handle:
            lines = [line.strip() for line in handle if "per route" in line]
        if lines:
            out.append("\nglibc `mallinfo2` in-use bytes (malloc's chunk overhead included), "
                       "from `RouterProfile memory 10000`:\n")
            out.extend(f"    {line}" for line in lines)

    # Targets.
    def lookup_ratio(a, n_a, b, n_b, percentile=50.0):
        return ratio(per_lookup_ns(a, n_a, percentile), per_lookup_ns(b, n_b, percentile))

    scaling_string = lookup_ratio("Routes-String", 10_000, "Routes-String", 10)
    scaling_url = lookup_ratio("Routes-URL", 10_000, "Routes-URL", 10)
    vs_kit = {n: lookup_ratio("Routes-String", n, "RoutingKit", n) for n in ROUTE_COUNTS}
    linear = lookup_ratio("Linear", 1_000, "Routes-String", 1_000)
    fastest = {
        "scaling_string": lookup_ratio("Routes-String", 10_000, "Routes-String", 10, 0.0),
        "scaling_url": lookup_ratio("Routes-URL", 10_000, "Routes-URL", 10, 0.0),
        "linear": lookup_ratio("Linear", 1_000, "Routes-String", 1_000, 0.0),
    }
    for n in ROUTE_COUNTS:
        fastest[n] = lookup_ratio("Routes-String", n, "RoutingKit", n, 0.0)
    registration_fastest = None
    times = [p50(f"Register/{r}/{REGISTERED}", "Time(wallclock)", 0.0) for r in ("Routes", "RoutingKit")]
    if None not in times:
        registration_fastest = ratio(times[0], times[1])
    registration_ratio = ratio(registration.get("Routes"), registration.get("RoutingKit"))
    miss = per_lookup("Allocations/Routes-String-misses/10000", "Malloc(total)")
    hit = per_lookup("Allocations/Routes-String-hits/10000", "Malloc(total)")

    def ok(value, test):
        return None if value is None else test(value)

    out.append("\n### Ratios and targets (all from this one run; verdicts on the medians)\n")
    out.append("| Measure | Target | Medians | Fastest iterations | Verdict |")
    out.append("|---|---|---:|---:|---|")

    def row(label, target, value, fastest_value, test):
        out.append(f"| {label} | {target} | {fmt_ratio(value)} | {fmt_ratio(fastest_value)} | "
                   f"{verdict(ok(value, test))} |")

    row("Routes `String` lookup, 10,000 vs 10 routes", "≤ 1.3×", scaling_string,
        fastest["scaling_string"], lambda v: v <= 1.3)
    row("Routes `URL` lookup, 10,000 vs 10 routes", "≤ 1.3×", scaling_url,
        fastest["scaling_url"], lambda v: v <= 1.3)
    for n in ROUTE_COUNTS:
        row(f"Routes `String` vs routing-kit, N = {n:,}", "≤ 0.5×", vs_kit[n], fastest[n], lambda v: v <= 0.5)
    row("Linear reference vs Routes `String`, N = 1,000", "≥ 50×", linear, fastest["linear"], lambda v: v >= 50)
    row("Registration per route, Routes vs routing-kit, N = 10,000", "≤ 1×", registration_ratio,
        registration_fastest, lambda v: v <= 1)
    routes_memory = memory.get("Routes")
    out.append(f"| Memory per route, Routes, N = 10,000 | < 1 KB | "
               f"{'n/a' if routes_memory is None else f'{routes_memory:,.0f} B'} | | "
               f"{verdict(ok(routes_memory, lambda v: v < 1024))} |")
    out.append(f"| Allocations per miss, Routes `String` (URL string built beforehand) | 0 | "
               f"{'n/a' if miss is None else f'{miss:.2f}'} | | {verdict(ok(miss, lambda v: v < 0.005))} |")
    out.append(f"| Allocations per hit, Routes `String` | (reported) | "
               f"{'n/a' if hit is None else f'{hit:.2f}'} | | — |")

    # Handlers that read their values vs handlers that read nothing, and params.dictionary.
    def figure(test, percentile=50.0):
        return p50(test, "Time(wallclock)", percentile)

    nothing, values = "Handlers/Routes-ReadNothing/1000", "Handlers/Routes-ReadValues/1000"
    row("Handlers reading their values vs reading nothing, N = 1,000", "≤ 1.5×",
        ratio(figure(values), figure(nothing)), ratio(figure(values, 0.0), figure(nothing, 0.0)),
        lambda v: v <= 1.5)
    for kind, label in (("query", "query items"), ("extra", "extra parameters")):
        small, large = f"Parameters/{kind}-dictionary/1000", f"Parameters/{kind}-dictionary/4000"
        row(f"`params.dictionary`, 4,000 vs 1,000 {label} (linear: about 4×)", "≤ 5×",
            ratio(figure(large), figure(small)), ratio(figure(large, 0.0), figure(small, 0.0)),
            lambda v: v <= 5)
    print("\n".join(out))


if __name__ == "__main__":
    main()
