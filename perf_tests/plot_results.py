#!/usr/bin/env python3
"""Turns KokkosTile benchmark JSON (Google Benchmark's --benchmark_out) into tables on the
terminal and PNG figures.

Benchmark names are "<algorithm>/<variant>/<space>/<scalar>/n:<extent>". Each row's ratio is to
the same algorithm's baseline (same space, scalar and extent) from the same run: `deep_copy` of the
same bytes for the kernels, cuBLAS (or BLAS, KokkosBlas) for GEMM, cub::DeviceHistogram (or
the plain atomic kernel on host backends) for histograms, raw cudaMemcpy from pinned memory for
host<->device transfers, the slowest stage alone for streaming, the global-memory version of the
same exchange for the cluster benchmarks and Kokkos' own scratch for the large-scratch histogram.
Ratios > 1 are faster than the baseline; for rows measured as a time (the cluster ping-pong's
ns per round trip) the ratio is baseline time / row time. With --benchmark_repetitions the
medians are used, else the single measurement.

One file: a summary (the default `kokkostile` row of each algorithm,
against its baseline and against the plain Kokkos kernel), the full table, and PNGs: the summary
figure at --png and one figure per algorithm family next to it (<stem>_<family>.png).

Two files: the same per file, then a comparison of the two runs (e.g. OpenMP against CUDA, or two
commits): each file's default row against its own baseline, per algorithm, and a figure at --png.

    plot_results.py results.json [--png results.png] [--check]
    plot_results.py a.json b.json [--png compare.png] [--check]

--check exits non-zero (and prints "check failed") when a table would show nan or inf.
"""
import argparse
import json
import math
import os
import re
import sys
from collections import OrderedDict

DEFAULT_BASELINE = ["deep_copy"]
# Preferred baselines per algorithm, first present in the group wins.
BASELINES = {"h2d": ["raw_memcpy_pinned"], "d2h": ["raw_memcpy_pinned"],
             "stream": ["ideal_slowest_stage"],
             "gemm": ["cublas_pedantic", "blas", "kokkosblas", "kokkostile_naive", "plain_kokkos"],
             "gemm_batched": ["cublas_strided_batched", "kokkosbatched", "plain_kokkos"],
             # The fused team kernel against the same work as whole-array calls.
             "gemm_batched_bias_relu": ["sequence", "plain_kokkos"],
             "transpose_stencil_5pt": ["sequence", "deep_copy"],
             # CUB on CUDA; elsewhere the plain atomic kernel a user writes (older runs: ScatterView).
             "histogram_uniform": ["cub_histogram_even", "plain_kokkos", "scatter_view"],
             "histogram_skewed": ["cub_histogram_even", "plain_kokkos", "scatter_view"],
             "cluster_pingpong": ["global"],
             # Kokkos' level-0 scratch where the bins fit in it, else its level-1 scratch.
             "large_scratch_histogram": ["kokkos_level0", "kokkos_level1"]}
# Baselines paired by name: dsm_c4 against global_c4 (same cluster size, same bytes).
PAIRED_BASELINES = {"cluster_exchange": ("dsm_", "global_")}
# The row a user gets (the entry point with default options) and what they would write instead.
DEFAULT_VARIANT = "kokkostile"
PLAIN_VARIANT = "plain_kokkos"
# Runs before 2026-11-24 named the histogram's default row `automatic`.
LEGACY_VARIANTS = {("histogram_uniform", "automatic"): DEFAULT_VARIANT,
                   ("histogram_skewed", "automatic"): DEFAULT_VARIANT}
# Algorithms whose rate is not GB/s read + written.
UNITS = {"h2d": "GB/s (moved)", "d2h": "GB/s (moved)", "stream": "GB/s (moved)", "gemm": "GFLOP/s",
         "gemm_batched": "GFLOP/s", "gemm_batched_bias_relu": "GFLOP/s",
         "histogram_uniform": "GB/s (input read)", "histogram_skewed": "GB/s (input read)",
         "large_scratch_histogram": "GB/s (input read)"}
# Counters in the order they are looked for; the time-like ones are lower-is-better.
RATE_COUNTERS = ["GB/s", "GFLOP/s"]
TIME_COUNTERS = {"round_trip_ns": "ns per round trip"}
MS_PER_UNIT = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}
# Algorithms that share a figure; an algorithm not named here is its own family.
FAMILIES = {"reverse_copy": "reverse", "transpose_in_place": "transpose",
            "stencil_5pt": "stencil", "stencil_9pt": "stencil", "stencil_box5x5": "stencil",
            "h2d": "transfer", "d2h": "transfer", "stream": "transfer",
            "cluster_exchange": "cluster", "cluster_pingpong": "cluster",
            "large_scratch_histogram": "cluster",
            "histogram_uniform": "histogram", "histogram_skewed": "histogram"}
# Host<->device transfers and streaming: against a host memcpy they mean nothing without a GPU.
DEVICE_ONLY = {"h2d", "d2h", "stream"}
HOST_SPACES = {"Serial", "OpenMP", "Threads", "HPX"}
# Variants drawn per panel (the default, plain and baseline rows always among them): more would
# make the panels unreadable; the table has them all.
MAX_VARIANTS = 8
# No figure taller than this (inches at DPI): readable at native size on a screen.
DPI = 100
MAX_HEIGHT = 19.5

printed = []


def say(line=""):
    """Prints and keeps the line, so that --check can look at what was printed."""
    printed.append(line)
    print(line)


# ------------------------------------------------------------------------------------------------
# Reading and ratios


def metric_of(bench, algorithm):
    """(value, unit, lower_is_better) of the row's counter, or None when it has none."""
    for key in RATE_COUNTERS:
        if key in bench:
            return float(bench[key]), UNITS.get(algorithm, "GB/s (read + written)"), False
    for key, unit in TIME_COUNTERS.items():
        if key in bench:
            return float(bench[key]), unit, True
    return None


def load_rows(path):
    with open(path) as handle:
        data = json.load(handle)
    benchmarks = [b for b in data.get("benchmarks", []) if not b.get("error_occurred")]
    medians = [b for b in benchmarks
               if b.get("run_type") == "aggregate" and b.get("aggregate_name") == "median"]
    chosen = medians if medians else [b for b in benchmarks if b.get("run_type", "iteration") == "iteration"]
    rows = []
    for bench in chosen:
        parts = bench.get("run_name", bench["name"]).split("/")
        if len(parts) < 5 or not parts[4].startswith("n:"):
            continue
        metric = metric_of(bench, parts[0])
        if metric is None or not math.isfinite(metric[0]) or metric[0] <= 0:
            continue
        rows.append({
            "algorithm": parts[0], "variant": LEGACY_VARIANTS.get((parts[0], parts[1]), parts[1]),
            "space": parts[2], "scalar": parts[3],
            "n": parts[4][2:], "rate": metric[0], "unit": metric[1], "lower_better": metric[2],
            "ms": float(bench.get("real_time", 0.0)) * MS_PER_UNIT.get(bench.get("time_unit", "ns"), 1e-6),
        })
    return data.get("context", {}), rows


def has_device(context):
    spaces = context.get("kokkos_execution_spaces", "")
    return bool(context.get("gpu")) or any(s and s not in HOST_SPACES for s in spaces.split(","))


def drop_host_only(context, rows):
    """Without a device space the h2d/d2h/stream rows compare host memcpys with each other."""
    if has_device(context):
        return rows
    kept = [r for r in rows if r["algorithm"] not in DEVICE_ONLY]
    if len(kept) != len(rows):
        say(f"(no device space in this run: {len(rows) - len(kept)} h2d/d2h/stream rows left out)")
    return kept


def extent_key(extent):
    """Orders "1048576", "8192x8192" and "4096x4096x4096_TN" by element count, then suffix."""
    size, _, suffix = extent.partition("_")
    count = 1
    for part in size.split("x"):
        count *= int(part) if part.isdigit() else 1
    return count, suffix


def default_of(algorithm):
    return DEFAULT_VARIANT


def plain_of(algorithm):
    return PLAIN_VARIANT


def speedup(row, reference):
    """row against reference, > 1 when row is faster, for rates and for times alike."""
    if row["lower_better"]:
        return reference["rate"] / row["rate"]
    return row["rate"] / reference["rate"]


def baseline_name(algorithm, variant, present):
    if algorithm in PAIRED_BASELINES:
        mine, theirs = PAIRED_BASELINES[algorithm]
        paired = variant.replace(mine, theirs, 1)
        return paired if paired in present else None
    return next((v for v in BASELINES.get(algorithm, DEFAULT_BASELINE) if v in present), None)


def add_ratios(rows):
    """Sets ratio (to the group's baseline), plain_ratio (to the plain Kokkos row), baseline and
    base_rate on every row; None where the group has no such row."""
    groups = {}
    for r in rows:
        groups.setdefault((r["algorithm"], r["space"], r["scalar"], r["n"]), []).append(r)
    for (algorithm, _, _, _), members in groups.items():
        present = {r["variant"]: r for r in members}
        plain = present.get(plain_of(algorithm))
        for r in members:
            name = baseline_name(algorithm, r["variant"], present)
            r["baseline"] = name or "-"
            r["base_rate"] = present[name]["rate"] if name else None
            r["ratio"] = speedup(r, present[name]) if name else None
            r["plain_ratio"] = speedup(r, plain) if plain else None


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def ratio_range(values):
    values = [v for v in values if v is not None]
    if not values:
        return "-"
    low, high = min(values), max(values)
    return f"{low:.2f}" if abs(high - low) < 0.005 else f"{low:.2f}-{high:.2f}"


def fmt_rate(value):
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}" if value >= 10 else f"{value:.2f}"


def rate_range(values, unit):
    low, high = min(values), max(values)
    text = fmt_rate(low) if fmt_rate(low) == fmt_rate(high) else f"{fmt_rate(low)}-{fmt_rate(high)}"
    return f"{text} {unit}"


def date_of(context):
    """"20261124T005943Z" and "2026-11-21T11:56Z" both as 2026-11-24."""
    digits = re.sub(r"\D", "", context.get("date", ""))
    return f"{digits[:4]}-{digits[4:6]}-{digits[6:8]}" if len(digits) >= 8 else context.get("date", "")


def where_of(context):
    return context.get("gpu") or context.get("host_name", "host")


def label_of(context):
    """Names a run: machine, spaces, date and commit from the JSON context."""
    parts = [where_of(context), context.get("kokkos_execution_spaces", "?"),
             date_of(context), context.get("commit", "")]
    return " ".join(p for p in parts if p)


# ------------------------------------------------------------------------------------------------
# Tables


def default_lines(rows):
    """(algorithm, space) -> the default row's ratios to the baseline and to the plain row."""
    lines = OrderedDict()
    for r in sorted(rows, key=lambda r: (r["algorithm"], r["space"])):
        if r["variant"] != default_of(r["algorithm"]):
            continue
        line = lines.setdefault((r["algorithm"], r["space"]),
                                {"base": [], "names": set(), "plain": [], "rates": [], "unit": r["unit"]})
        if r["ratio"] is not None:
            line["base"].append(r["ratio"])
            line["names"].add(r["baseline"])
            line["rates"].append(r["base_rate"])
        if r["plain_ratio"] is not None:
            line["plain"].append(r["plain_ratio"])
    return lines


def print_summary(rows):
    """One line per algorithm and space: the default variant against the group's baseline and
    against the plain Kokkos kernel, as the range over scalars and extents."""
    lines = default_lines(rows)
    without = sorted({r["algorithm"] for r in rows} - {a for a, _ in lines})
    if lines:
        say(f"Summary: the default `{DEFAULT_VARIANT}` row as a ratio "
            f"(range over scalars and sizes; > 1 is faster)")
        names = {key: ", ".join(sorted(line["names"])) or "-" for key, line in lines.items()}
        # The widths of before (19, 8, 18) unless a name is longer: other tools read these lines.
        w_alg = max([19] + [len(a) + 1 for a, _ in lines])
        w_space = max([8] + [len(s) for _, s in lines])
        w_base = max([18] + [len(n) for n in names.values()])
        header = (f"{'algorithm':<{w_alg}} {'space':<{w_space}} {'x baseline':>12}  {'baseline':<{w_base}} "
                  f"{'x plain_kokkos':>14}  plain")
        say(header)
        say("-" * len(header))
        for (algorithm, space), line in lines.items():
            plain = plain_of(algorithm) if line["plain"] else "-"
            say(f"{algorithm:<{w_alg}} {space:<{w_space}} {ratio_range(line['base']):>12}  "
                f"{names[(algorithm, space)]:<{w_base}} {ratio_range(line['plain']):>14}  {plain}")
    if without:
        say(f"(no default row, so not in the summary: {', '.join(without)})")
    say()


def print_table(context, rows):
    say(f"KokkosTile benchmarks on {where_of(context)} ({context.get('kokkos_execution_spaces', '?')}, "
        f"Kokkos {context.get('kokkos_version', '?')}, {context.get('date', '')}, "
        f"commit {context.get('commit', '?')})")
    say("rate: medians; 'x baseline' is the row against the named baseline in the same group (same "
        "algorithm, space, scalar and extent) of this run, 'x plain' against the group's plain Kokkos "
        "row (plain_kokkos); > 1 is faster, '-' where the group has none")
    width = {key: max([len(key)] + [len(r[key]) for r in rows])
             for key in ("algorithm", "space", "scalar", "n", "variant", "baseline", "unit")}
    header = (f"{'algorithm':<{width['algorithm']}} {'space':<{width['space']}} "
              f"{'scalar':<{width['scalar']}} {'n':>{width['n']}} {'variant':<{width['variant']}} "
              f"{'ms':>10} {'rate':>10} {'unit':<{width['unit']}} {'x baseline':>10} "
              f"{'x plain':>8}  baseline")
    say(header)
    say("-" * len(header))
    previous = None
    for r in sorted(rows, key=lambda r: (r["algorithm"], r["space"], r["scalar"], extent_key(r["n"]),
                                         -(r["ratio"] or 0), r["variant"])):
        if previous and previous != r["algorithm"]:
            say()
        previous = r["algorithm"]
        ratio = f"{r['ratio']:.3f}" if r["ratio"] is not None else "-"
        plain = f"{r['plain_ratio']:.3f}" if r["plain_ratio"] is not None else "-"
        say(f"{r['algorithm']:<{width['algorithm']}} {r['space']:<{width['space']}} "
            f"{r['scalar']:<{width['scalar']}} {r['n']:>{width['n']}} "
            f"{r['variant']:<{width['variant']}} {r['ms']:>10.4f} {r['rate']:>10.2f} "
            f"{r['unit']:<{width['unit']}} {ratio:>10} {plain:>8}  {r['baseline']}")


def compared_variants(algorithm, rows_a, rows_b):
    """The default row where both runs have it; else (runs from before the entry points had
    benchmarks) every kokkostile_* variant both runs measured against a baseline."""
    def rated(rows):
        return {r["variant"] for r in rows if r["algorithm"] == algorithm and r["ratio"] is not None}
    common = rated(rows_a) & rated(rows_b)
    if default_of(algorithm) in common:
        return [default_of(algorithm)]
    return sorted(v for v in common if v.startswith(DEFAULT_VARIANT))


def by_size(algorithm, variant, rows):
    return {(r["scalar"], r["n"]): r for r in rows
            if (r["algorithm"], r["variant"]) == (algorithm, variant) and r["ratio"] is not None}


def sizes_of(mine):
    return ",".join(sorted({n for _, n in mine}, key=extent_key))


def print_comparison(runs):
    """Per algorithm, each run's default row against its own run's baseline: per scalar and size
    where both runs measured it, else as the range over sizes (host runs use smaller sizes than
    GPU runs)."""
    (label_a, rows_a), (label_b, rows_b) = runs
    say()
    say(f"Comparison: A = {label_a}")
    say(f"            B = {label_b}")
    say("Each run's row against its own run's baseline (> 1 is faster than that baseline): the default "
        "row, or where a run has none every kokkostile_* variant both runs have; matched by algorithm, "
        "variant, scalar and extent where both runs have them, else the range over each run's sizes")
    algorithms = sorted({r["algorithm"] for r in rows_a} & {r["algorithm"] for r in rows_b})
    lines = [line for a in algorithms for v in compared_variants(a, rows_a, rows_b)
             for line in comparison_lines(a, v, rows_a, rows_b)]
    width = [max([len(h)] + [len(line[i]) for line in lines]) for i, h in
             enumerate(["algorithm", "variant", "scalar", "n"])]
    header = (f"{'algorithm':<{width[0]}} {'variant':<{width[1]}} {'scalar':<{width[2]}} "
              f"{'n':>{width[3]}} {'A x baseline':>13} {'B x baseline':>13}  baseline (A / B)")
    say(header)
    say("-" * len(header))
    for line in lines:
        say(f"{line[0]:<{width[0]}} {line[1]:<{width[1]}} {line[2]:<{width[2]}} {line[3]:>{width[3]}} "
            f"{line[4]:>13} {line[5]:>13}  {line[6]}")
    missing = [a for a in algorithms if not compared_variants(a, rows_a, rows_b)]
    if missing:
        say(f"(no variant with a baseline in both runs: {', '.join(missing)})")
    only = sorted({r["algorithm"] for r in rows_a} ^ {r["algorithm"] for r in rows_b})
    if only:
        say(f"(in one run only: {', '.join(only)})")


def comparison_lines(algorithm, variant, rows_a, rows_b):
    """Table cells: per common scalar and size, or one line of ranges when the sizes differ."""
    mine_a, mine_b = by_size(algorithm, variant, rows_a), by_size(algorithm, variant, rows_b)
    common = sorted(set(mine_a) & set(mine_b), key=lambda k: (k[0], extent_key(k[1])))
    if common:
        return [(algorithm, variant, scalar, n, f"{mine_a[(scalar, n)]['ratio']:.3f}",
                 f"{mine_b[(scalar, n)]['ratio']:.3f}",
                 f"{mine_a[(scalar, n)]['baseline']} / {mine_b[(scalar, n)]['baseline']}")
                for scalar, n in common]
    names = lambda mine: ", ".join(sorted({r["baseline"] for r in mine.values()}))
    return [(algorithm, variant, "all", "(sizes differ)", ratio_range([r["ratio"] for r in mine_a.values()]),
             ratio_range([r["ratio"] for r in mine_b.values()]),
             f"{names(mine_a)} / {names(mine_b)}; sizes differ: A n={sizes_of(mine_a)}, B n={sizes_of(mine_b)}")]


# ------------------------------------------------------------------------------------------------
# Figures




def pyplot():
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        return plt
    except ImportError:
        return None


def is_log(values):
    """A log axis when the ratios span more than 8x (naive variants sit at 0.01, cluster
    histograms at 300): on a linear one the small ratios would be invisible."""
    values = [v for v in values if v] + [1.0]
    return max(values) / min(values) > 8


def set_ratio_axis(axis, log, direction, line=True):
    """Ratios with the line at 1.0, the reference; log axes get labelled ticks at 1, 2 and 5 per
    decade (matplotlib's default labels only the decades)."""
    if line:
        (axis.axvline if direction == "x" else axis.axhline)(1.0, color="black", linewidth=1)
    axis.grid(True, axis=direction, alpha=0.3, which="both")
    if not log:
        return
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter
    (axis.set_xscale if direction == "x" else axis.set_yscale)("log")
    along = axis.xaxis if direction == "x" else axis.yaxis
    along.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
    along.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    along.set_minor_formatter(NullFormatter())


def bar_span(values, log):
    """(left, width) of bars: from 1.0 on a log axis (slower to the left, faster to the right),
    from 0 on a linear one."""
    return ([1.0] * len(values), [v - 1.0 for v in values]) if log else ([0.0] * len(values), values)


def draw_ratio_bars(axis, entries, title):
    """Horizontal bars: each entry (label, values, colour, legend) at its geometric mean, the
    whisker from the smallest to the largest value, the range written beside it."""
    y = list(range(len(entries)))[::-1]
    log = is_log([v for e in entries for v in e[1]])
    set_ratio_axis(axis, log, "x")
    drawn = set()
    for pos, (label, values, colour, legend) in zip(y, entries):
        if not values:
            axis.text(1.0, pos, "  no row", va="center", fontsize=9, color="grey")
            continue
        mean = geomean(values)
        left, width = bar_span([mean], log)
        # max(0, ...): the geometric mean of equal values can land a rounding error outside them.
        axis.barh(pos, width, left=left, color=colour, label=legend if legend not in drawn else None,
                  xerr=[[max(0.0, mean - min(values))], [max(0.0, max(values) - mean)]], capsize=3)
        drawn.add(legend)
        if log and mean < 1.0:  # the bar grows to the left: the numbers go past its whisker
            axis.text(min(values) / 1.04, pos, f"{ratio_range(values)} ", va="center", ha="right", fontsize=9)
        else:
            axis.text(max(values) * 1.04 if log else max(values) + 0.02, pos, f" {ratio_range(values)}",
                      va="center", fontsize=9)
    axis.set_ylim(-0.6, len(entries) - 0.4)
    axis.set_yticks(y)
    axis.set_yticklabels([e[0] for e in entries], fontsize=9)
    low, high = axis.get_xlim()
    axis.set_xlim(low / 2.5 if log else low, high * 2.0 if log else high * 1.2)
    axis.set_title(title, fontsize=10)


RATIO_LABEL = "ratio, > 1 is faster (bar: geometric mean; whisker, numbers: range over sizes and scalars)"


def plot_summary(context, rows, png, plt):
    """One page: each algorithm and space's default row against its baseline and its plain row."""
    lines = default_lines(rows)
    without = sorted({r["algorithm"] for r in rows} - {a for a, _ in lines})
    height = min(MAX_HEIGHT, 2.0 + 0.45 * max(len(lines), 2))
    fig, (left, right) = plt.subplots(1, 2, figsize=(16, height), layout="constrained",
                                      gridspec_kw={"width_ratios": [1.15, 1]})
    base_entries = [(f"{a} ({s})\nvs {', '.join(sorted(line['names'])) or 'no baseline'}"
                     + (f" = {rate_range(line['rates'], line['unit'])}" if line["rates"] else ""),
                     line["base"], "tab:blue", None) for (a, s), line in lines.items()]
    plain_entries = [(f"{a} ({s}) vs {plain_of(a)}", line["plain"], "tab:orange", None)
                     for (a, s), line in lines.items()]
    draw_ratio_bars(left, base_entries, "default row / the algorithm's baseline (same run, size, scalar)")
    draw_ratio_bars(right, plain_entries, "default row / the plain Kokkos kernel (same run, size, scalar)")
    for axis in (left, right):
        axis.set_xlabel(RATIO_LABEL, fontsize=8)
    if not lines:
        left.text(0.5, 0.5, "no default rows in this run", transform=left.transAxes, ha="center")
    note = f"\nno default row in this run: {', '.join(without)}" if without else ""
    fig.suptitle(f"KokkosTile on {label_of(context)}: the default row of each algorithm "
                 f"(`kokkostile`){note}", fontsize=11)
    fig.savefig(png, dpi=DPI)
    plt.close(fig)


def choose_variants(members, key, reference):
    """The variants a panel draws: the default and plain rows and the other baselines always,
    then the fastest by geometric mean; the reference itself is the line at 1.0."""
    by_variant = OrderedDict()
    for r in members:
        if r[key] is not None and not (key == "ratio" and r["variant"] == r["baseline"]) \
                and r["variant"] != reference:
            by_variant.setdefault(r["variant"], []).append(r[key])
    algorithm = members[0]["algorithm"]
    keep = {default_of(algorithm), plain_of(algorithm)} | set(BASELINES.get(algorithm, DEFAULT_BASELINE)) \
        | {"cuda_memcpy", "cublas_geam"}
    ranked = sorted(by_variant, key=lambda v: (v not in keep, -geomean(by_variant[v])))
    chosen = ranked[:MAX_VARIANTS]
    chosen.sort(key=lambda v: -geomean(by_variant[v]))
    return chosen, len(ranked) - len(chosen)


def variant_styles(rows):
    """One colour and marker per variant across a family's panels: the default row thick and
    black, the plain Kokkos row grey and dashed, the others the strong tab10 colours first."""
    import matplotlib
    tab20 = matplotlib.colormaps["tab20"].colors
    cycle = [c for i, c in enumerate(tab20[0::2] + tab20[1::2]) if i not in (7, 17)]  # no greys
    styles = {}
    for variant in sorted({r["variant"] for r in rows}):
        styles[variant] = {"color": cycle[len(styles) % len(cycle)], "linewidth": 1.3,
                           "marker": "osD^v<>Xph"[len(styles) % 10]}
    for r in rows:
        if r["variant"] == default_of(r["algorithm"]):
            styles[r["variant"]] = {"color": "black", "linewidth": 3.5, "alpha": 0.55, "zorder": 1, "marker": "o"}
        if r["variant"] == plain_of(r["algorithm"]):
            styles[r["variant"]] = {"color": "grey", "linewidth": 1.5, "linestyle": "--", "marker": "X"}
    return styles


def panel_specs(members):
    """Panels of one algorithm and space: one bar panel over all scalars and sizes when they are
    few, else one line panel (sizes along x) per scalar."""
    series = sorted({(r["scalar"], r["n"]) for r in members}, key=lambda s: (s[0], extent_key(s[1])))
    if len(series) <= 6:
        return [("bars", series, members)]
    return [("lines", [s for s in series if s[0] == scalar], [r for r in members if r["scalar"] == scalar])
            for scalar in sorted({s for s, _ in series})]


def reference_text(members, key):
    """Names what the panel's ratios are to and its absolute rate(s), for the subplot title."""
    if key == "plain_ratio":
        name = plain_of(members[0]["algorithm"])
        rates = [r["rate"] for r in members if r["variant"] == name]
    else:
        name = " / ".join(sorted({r["baseline"] for r in members if r["ratio"] is not None}))
        rates = [r["base_rate"] for r in members if r["base_rate"]]
    return name, rate_range(rates, members[0]["unit"]) if rates else "?"


def series_rate(members, key, scalar, n):
    """The reference's absolute rate in one group, for legends and tick labels."""
    group = [r for r in members if r["scalar"] == scalar and r["n"] == n]
    if key == "plain_ratio":
        return next((r["rate"] for r in group if r["variant"] == plain_of(r["algorithm"])), None)
    if key == "rate":
        return None
    return next((r["base_rate"] for r in group if r["base_rate"]), None)


def value_of(members, variant, scalar, n, key):
    return next((r[key] for r in members if (r["variant"], r["scalar"], r["n"]) == (variant, scalar, n)), None)


def more_text(hidden):
    return f"; {hidden} more variant{'s' if hidden > 1 else ''} in the table only" if hidden else ""


def draw_bar_panel(axis, members, series, key, reference, styles, log):
    """Variants down the side, one bar per scalar and size (the legend gives the reference's
    rate for each), the ratio written at the bar's end when the bars are few."""
    chosen, hidden = choose_variants(members, key, reference)
    colours = ["tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple", "tab:brown"]
    height = 0.8 / len(series)
    set_ratio_axis(axis, log, "x", key != "rate")
    for k, (scalar, n) in enumerate(series):
        points = [(len(chosen) - 1 - i + 0.4 - (k + 0.5) * height, value_of(members, v, scalar, n, key))
                  for i, v in enumerate(chosen)]
        points = [p for p in points if p[1] is not None]
        rate = series_rate(members, key, scalar, n)
        left, width = bar_span([p[1] for p in points], log)
        axis.barh([p[0] for p in points], width, height, left=left, color=colours[k % len(colours)],
                  label=f"{scalar} n={n}" + (f" ({fmt_rate(rate)})" if rate else ""))
        for pos, value in points if len(series) <= 2 else []:
            leftward = log and value < 1.0  # the bar grows to the left: the number goes past its end
            axis.text(value, pos, f"{value:.2f} " if leftward else f" {value:.2f}", va="center",
                      ha="right" if leftward else "left", fontsize=8)
    axis.set_yticks(range(len(chosen)))
    axis.set_yticklabels(chosen[::-1], fontsize=9)
    for tick in axis.get_yticklabels():
        if tick.get_text() == default_of(members[0]["algorithm"]):
            tick.set_fontweight("bold")
    low, high = axis.get_xlim()
    axis.set_xlim(low, max(high, 1.2))  # the line at 1.0 off the frame's edge
    if len(series) <= 2:  # room for the numbers at both ends
        low, high = axis.get_xlim()
        axis.set_xlim(low / 1.6 if log else low, high * 1.5 if log else high * 1.1)
    axis.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0),
                title=f"scalar, size (reference rate){more_text(hidden).replace('; ', chr(10))}",
                title_fontsize=8)


def draw_line_panel(axis, members, series, key, reference, styles, log):
    """Sizes along x (the reference's rate under each), one line per variant."""
    chosen, hidden = choose_variants(members, key, reference)
    set_ratio_axis(axis, log, "y", key != "rate")
    for variant in chosen:
        points = [(j, value_of(members, variant, scalar, n, key)) for j, (scalar, n) in enumerate(series)]
        points = [p for p in points if p[1] is not None]
        axis.plot([p[0] for p in points], [p[1] for p in points], markersize=5, label=variant,
                  **styles[variant])
    rates = [series_rate(members, key, s, n) for s, n in series]
    axis.set_xticks(range(len(series)))
    axis.set_xticklabels([f"{n}\n{fmt_rate(r) if r else '-'}" for (_, n), r in zip(series, rates)],
                         fontsize=8, rotation=25 if len(series) > 7 else 0)
    axis.set_xlabel(f"n (under it: the reference's rate in {members[0]['unit']})", fontsize=8)
    axis.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0),
                title=more_text(hidden)[2:] or None, title_fontsize=8)


def panel_height(kind, series, members):
    if kind == "lines":
        return 3.8
    variants = min(MAX_VARIANTS, len({r["variant"] for r in members}))
    return max(2.0, 0.9 + variants * max(0.32, 0.13 * len(series)))


def plot_family(context, family, rows, png, plt):
    """One figure per family: a row of panels per algorithm and space (and scalar where sizes are
    many), the ratio to the baseline on the left and to the plain Kokkos kernel on the right."""
    panels = []
    for (algorithm, space) in OrderedDict.fromkeys((r["algorithm"], r["space"]) for r in rows):
        members = [r for r in rows if (r["algorithm"], r["space"]) == (algorithm, space)]
        panels += [(algorithm, space) + spec for spec in panel_specs(members)]
    columns = 2 if any(r["plain_ratio"] is not None for r in rows) else 1
    heights = [panel_height(kind, series, members) for _, _, kind, series, members in panels]
    fig = plt.figure(figsize=(8.5 * columns if columns > 1 else 11, min(MAX_HEIGHT, sum(heights) + 0.9)),
                     layout="constrained")
    grid = fig.add_gridspec(len(panels), columns, height_ratios=heights)
    styles = variant_styles(rows)
    for i, (algorithm, space, kind, series, members) in enumerate(panels):
        for j, key in enumerate(["ratio", "plain_ratio"][:columns]):
            draw_panel(fig.add_subplot(grid[i, j]), (algorithm, space, kind, series, members), key, styles,
                       is_log([r[key] for r in rows if r[key] is not None]))
    fig.suptitle(f"KokkosTile {family} on {label_of(context)}\neach variant's rate / the reference's rate "
                 f"in the same group (same size and scalar): > 1 is faster", fontsize=11)
    fig.savefig(png, dpi=DPI)
    plt.close(fig)


def draw_panel(axis, panel, key, styles, log):
    """One panel; log is decided for the whole family, so that its panels read alike."""
    algorithm, space, kind, series, members = panel
    what = f"{algorithm} ({space}{'' if kind == 'bars' else ', ' + series[0][0]})"
    if key == "plain_ratio" and all(r["plain_ratio"] is None for r in members):
        axis.set_axis_off()
        axis.text(0.5, 0.5, f"{what}: no {plain_of(algorithm)} row", ha="center",
                  transform=axis.transAxes, color="grey")
        return
    if key == "ratio" and all(r["ratio"] is None for r in members):
        key = "rate"  # no baseline in this run: the absolute rate, said so in the title
    draw = draw_bar_panel if kind == "bars" else draw_line_panel
    name, rates = reference_text(members, key) if key != "rate" else (None, None)
    draw(axis, members, series, key, name if key == "plain_ratio" else None, styles,
         log and key != "rate")
    if key == "rate":
        axis.set_title(f"{what}: no baseline in this run; rate in {members[0]['unit']}", fontsize=10)
    else:
        axis.set_title(f"{what} / {name} = {rates}", fontsize=10)


def plot_comparison(runs, png, plt):
    """Per algorithm (and variant where a run has no default row), the two runs against their
    own baselines, side by side, the sizes each run measured under its label."""
    (_, rows_a), (_, rows_b) = runs
    algorithms = sorted({r["algorithm"] for r in rows_a} & {r["algorithm"] for r in rows_b})
    entries = []
    for algorithm, variant in [(a, v) for a in algorithms for v in compared_variants(a, rows_a, rows_b)]:
        for (label, rows), colour, name in zip(runs, ["tab:blue", "tab:orange"], "AB"):
            mine = by_size(algorithm, variant, rows)
            bases = ", ".join(sorted({r["baseline"] for r in mine.values()}))
            spaces = "+".join(sorted({r["space"] for r in mine.values()}))
            shown = algorithm if variant == default_of(algorithm) else f"{algorithm}/{variant}"
            entries.append((f"{shown} {name} ({spaces}) vs {bases}\nn={shorten(sizes_of(mine))}",
                            [r["ratio"] for r in mine.values()], colour, f"{name}: {label}"))
    height = min(MAX_HEIGHT, 2.6 + 0.42 * max(len(entries), 4))
    fig, axis = plt.subplots(figsize=(14, height), layout="constrained")
    draw_ratio_bars(axis, entries, "each run's row / its own run's baseline (the default row; "
                    "algorithm/variant where a run has none)")
    axis.set_xlabel(RATIO_LABEL, fontsize=8)
    if entries:
        axis.legend(fontsize=9, loc="lower center", bbox_to_anchor=(0.5, 1.04), ncol=1)
    else:
        axis.text(0.5, 0.5, "no algorithm with a baseline in both runs", transform=axis.transAxes, ha="center")
    fig.suptitle("KokkosTile: two runs compared (sizes under each label: host runs use smaller sizes "
                 "than GPU runs)", fontsize=11)
    fig.savefig(png, dpi=DPI)
    plt.close(fig)


def shorten(text, limit=60):
    return text if len(text) <= limit else text[:limit - 3] + "..."


def plot_run(context, rows, png, plt):
    plot_summary(context, rows, png, plt)
    stem = png[:-4] if png.endswith(".png") else png
    written = []
    for family in OrderedDict.fromkeys(FAMILIES.get(r["algorithm"], r["algorithm"]) for r in rows):
        path = f"{stem}_{family}.png"
        plot_family(context, family, [r for r in rows if FAMILIES.get(r["algorithm"], r["algorithm"]) == family],
                    path, plt)
        written.append(os.path.basename(path))
    say(f"plot written to {png} (summary), with one figure per family next to it: {', '.join(written)}")


# ------------------------------------------------------------------------------------------------


def read_run(path):
    context, rows = load_rows(path)
    rows = drop_host_only(context, rows)
    add_ratios(rows)
    return context, rows


def check_printed():
    """--check: the tables must not show nan or inf anywhere."""
    bad = [line for line in printed if re.search(r"\b(nan|inf)\b", line, re.IGNORECASE)]
    if bad:
        print(f"check failed: {len(bad)} printed lines show nan or inf, e.g.: {bad[0].strip()}")
        return 1
    print("check passed: no nan or inf in the tables")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("json", nargs="+", help="one benchmark JSON, or two to compare")
    parser.add_argument("--png", help="where to write the (summary or comparison) figure "
                                      "(default: next to the first JSON)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a table shows nan or inf")
    args = parser.parse_args()
    if len(args.json) > 2:
        parser.error("one JSON, or two to compare")
    runs = []
    for path in args.json:
        if len(args.json) > 1:
            say(f"==== {path}")
        context, rows = read_run(path)
        if not rows:
            print(f"{path}: no KokkosTile benchmark rows", file=sys.stderr)
            return 1
        print_summary(rows)
        print_table(context, rows)
        runs.append((context, rows))
    plt = pyplot()
    png = args.png or args.json[0].rsplit(".", 1)[0] + (".png" if len(runs) == 1 else "_compare.png")
    if len(runs) == 2:
        print_comparison([(label_of(c), rows) for c, rows in runs])
    say()
    if plt is None:
        say("matplotlib is not installed: no plot written")
    elif len(runs) == 1:
        plot_run(runs[0][0], runs[0][1], png, plt)
    else:
        plot_comparison([(label_of(c), rows) for c, rows in runs], png, plt)
        say(f"plot written to {png} (the comparison)")
    return check_printed() if args.check else 0


if __name__ == "__main__":
    sys.exit(main())
