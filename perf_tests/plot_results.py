#!/usr/bin/env python3
"""Turns a KokkosTile benchmark JSON (Google Benchmark's --benchmark_out) into a table on the
terminal and a PNG plot.

Benchmark names are "<algorithm>/<variant>/<space>/<scalar>/n:<extent>". Each row's ratio is to
the same algorithm's baseline (same space, scalar and extent) from the same run: `deep_copy` of the
same bytes for the kernels, raw cudaMemcpy from pinned memory for host<->device transfers, and the
slowest stage alone for streaming. With --benchmark_repetitions the medians are used, else the
single measurement.

    plot_results.py results.json [--png results.png]
"""
import argparse
import json
import sys
from collections import OrderedDict

DEFAULT_BASELINE = ["deep_copy"]
# Preferred baselines per algorithm, first present in the group wins.
BASELINES = {"h2d": ["raw_memcpy_pinned"], "d2h": ["raw_memcpy_pinned"],
             "stream": ["ideal_slowest_stage"],
             "gemm": ["cublas_pedantic", "blas", "kokkosblas", "kokkostile_naive"],
             "histogram_uniform": ["cub_histogram_even", "plain_kokkos", "global_atomics"],
             "histogram_skewed": ["cub_histogram_even", "plain_kokkos", "global_atomics"]}
# The row a user gets (the entry point with default options) and what they would write instead.
DEFAULT_VARIANT = "kokkostile"
PLAIN_VARIANT = "plain_kokkos"
# Algorithms whose rate is not GB/s read + written.
UNITS = {"h2d": "GB/s (moved)", "d2h": "GB/s (moved)", "stream": "GB/s (moved)", "gemm": "GFLOP/s",
         "histogram_uniform": "GB/s (input read)", "histogram_skewed": "GB/s (input read)"}


def load_rows(path):
    with open(path) as handle:
        data = json.load(handle)
    benchmarks = data.get("benchmarks", [])
    medians = [b for b in benchmarks
               if b.get("run_type") == "aggregate" and b.get("aggregate_name") == "median"]
    chosen = medians if medians else [b for b in benchmarks if b.get("run_type", "iteration") == "iteration"]
    rows = []
    for bench in chosen:
        name = bench.get("run_name", bench["name"])
        parts = name.split("/")
        if len(parts) < 5 or not parts[4].startswith("n:"):
            continue
        rows.append({
            "algorithm": parts[0], "variant": parts[1], "space": parts[2], "scalar": parts[3],
            "n": parts[4][2:], "gbps": float(bench.get("GB/s", bench.get("GFLOP/s", float("nan")))),
            "ms": float(bench.get("real_time", float("nan"))),
        })
    return data.get("context", {}), rows


def extent_key(extent):
    """Orders "1048576", "8192x8192" and "4096x4096x4096_TN" by element count, then suffix."""
    size, _, suffix = extent.partition("_")
    count = 1
    for part in size.split("x"):
        count *= int(part)
    return count, suffix


def add_ratios(rows):
    groups = {}
    for r in rows:
        groups.setdefault((r["algorithm"], r["space"], r["scalar"], r["n"]), []).append(r)
    for members in groups.values():
        present = {r["variant"]: r for r in members}
        name = next((v for v in BASELINES.get(members[0]["algorithm"], DEFAULT_BASELINE) if v in present), None)
        for r in members:
            r["baseline"] = name or "-"
            base = present[name]["gbps"] if name else None
            r["ratio"] = r["gbps"] / base if base else float("nan")


def ratio_range(values):
    values = [v for v in values if v == v]
    if not values:
        return "-"
    low, high = min(values), max(values)
    return f"{low:.2f}" if abs(high - low) < 0.005 else f"{low:.2f}-{high:.2f}"


def print_summary(rows):
    """One line per algorithm and space: the default variant against the group's baseline and
    against the plain Kokkos kernel, as the range over scalars and extents."""
    groups = OrderedDict()
    for r in rows:
        groups.setdefault((r["algorithm"], r["space"], r["scalar"], r["n"]), {})[r["variant"]] = r
    lines = OrderedDict()
    for (algorithm, space, _, _), present in groups.items():
        mine = present.get(DEFAULT_VARIANT)
        if not mine:
            continue
        line = lines.setdefault((algorithm, space), {"base": [], "names": set(), "plain": []})
        line["base"].append(mine["ratio"])
        line["names"].add(mine["baseline"])
        plain = present.get(PLAIN_VARIANT)
        if plain and plain["gbps"]:
            line["plain"].append(mine["gbps"] / plain["gbps"])
    if not lines:
        return
    print(f"Summary: the default `{DEFAULT_VARIANT}` row as a ratio (range over scalars and sizes; "
          f"> 1 is faster)")
    header = f"{'algorithm':<19} {'space':<8} {'x baseline':>12}  {'baseline':<18} {'x plain_kokkos':>14}"
    print(header)
    print("-" * len(header))
    for (algorithm, space), line in sorted(lines.items()):
        print(f"{algorithm:<19} {space:<8} {ratio_range(line['base']):>12}  "
              f"{', '.join(sorted(line['names'])):<18} {ratio_range(line['plain']):>14}")
    print()


def unit_of(algorithm):
    return UNITS.get(algorithm, "GB/s (read + written)")


def print_table(context, rows):
    where = context.get("gpu") or context.get("host_name", "host")
    print(f"KokkosTile benchmarks on {where} ({context.get('kokkos_execution_spaces', '?')}, "
          f"Kokkos {context.get('kokkos_version', '?')}, {context.get('date', '')})")
    print("rate: medians; 'x baseline' is rate / the named baseline's rate in the same group "
          "(same algorithm, space, scalar and extent) of this run")
    width = {key: max([len(key)] + [len(r[key]) for r in rows])
             for key in ("algorithm", "space", "scalar", "n", "variant", "baseline")}
    unit_width = max(len(unit_of(r["algorithm"])) for r in rows)
    header = (f"{'algorithm':<{width['algorithm']}} {'space':<{width['space']}} "
              f"{'scalar':<{width['scalar']}} {'n':>{width['n']}} {'variant':<{width['variant']}} "
              f"{'ms':>10} {'rate':>10} {'unit':<{unit_width}} {'x baseline':>10}  baseline")
    print(header)
    print("-" * len(header))
    for r in sorted(rows, key=lambda r: (r["algorithm"], r["space"], r["scalar"], extent_key(r["n"]), -r["gbps"])):
        ratio = f"{r['ratio']:.3f}" if r["ratio"] == r["ratio"] else "-"
        print(f"{r['algorithm']:<{width['algorithm']}} {r['space']:<{width['space']}} "
              f"{r['scalar']:<{width['scalar']}} {r['n']:>{width['n']}} "
              f"{r['variant']:<{width['variant']}} {r['ms']:>10.4f} {r['gbps']:>10.2f} "
              f"{unit_of(r['algorithm']):<{unit_width}} {ratio:>10}  {r['baseline']}")


def plot(context, rows, png):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print(f"matplotlib is not installed: no plot written to {png}")
        return
    groups = OrderedDict()
    for r in rows:
        groups.setdefault((r["algorithm"], r["space"], r["scalar"]), []).append(r)
    fig, axes = plt.subplots(len(groups), 1, figsize=(11, 3.6 * len(groups)), squeeze=False)
    for axis, ((algorithm, space, scalar), members) in zip(axes[:, 0], groups.items()):
        extents = sorted({r["n"] for r in members}, key=extent_key)
        variants = list(OrderedDict.fromkeys(r["variant"] for r in members))
        width = 0.8 / len(variants)
        for k, variant in enumerate(variants):
            values = [next((r["gbps"] for r in members if r["n"] == n and r["variant"] == variant), 0.0)
                      for n in extents]
            axis.bar([i + k * width for i in range(len(extents))], values, width, label=variant)
        axis.set_xticks([i + 0.4 - width / 2 for i in range(len(extents))])
        axis.set_xticklabels([f"n={n}" for n in extents])
        axis.set_ylabel(unit_of(algorithm))
        axis.set_title(f"{algorithm} on {space}, {scalar}")
        axis.legend(fontsize="small", ncol=2)
    where = context.get("gpu") or context.get("host_name", "host")
    fig.suptitle(f"KokkosTile on {where}, {context.get('date', '')}")
    fig.tight_layout(rect=(0, 0, 1, 0.985))
    fig.savefig(png, dpi=110)
    print(f"plot written to {png}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("json")
    parser.add_argument("--png", help="where to write the plot (default: next to the JSON)")
    args = parser.parse_args()
    context, rows = load_rows(args.json)
    if not rows:
        print(f"{args.json}: no KokkosTile benchmark rows", file=sys.stderr)
        return 1
    add_ratios(rows)
    print_summary(rows)
    print_table(context, rows)
    plot(context, rows, args.png or args.json.rsplit(".", 1)[0] + ".png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
