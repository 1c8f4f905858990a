#!/usr/bin/env python3
"""Host scaling: one benchmark JSON per OpenMP thread count (one `cmake/provision.sh bench` each,
OMP_NUM_THREADS set), and for each algorithm the default `kokkostile` row as a ratio to its
baseline and to the plain Kokkos kernel (perf_tests/plot_results.py's rules) against the thread
count. Prints one table per algorithm and writes one PNG per algorithm, <stem>_<algorithm>.png.

    plot_threads.py threads_1.json threads_2.json ... [--space OpenMP] [--png scaling.png]

The thread count of each file is its context's OMP_NUM_THREADS.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot_results  # noqa: E402


def load(paths, space):
    """{threads: rows of the default variant on `space`, ratios set}."""
    runs = {}
    for path in paths:
        context, rows = plot_results.load_rows(path)
        threads = int(context.get("OMP_NUM_THREADS") or 0)
        if threads <= 0:
            sys.exit(f"{path}: its context has no OMP_NUM_THREADS")
        plot_results.add_ratios(rows)
        runs[threads] = [r for r in rows if r["space"] == space and
                         r["variant"] == plot_results.DEFAULT_VARIANT]
    return runs


def series(runs):
    """{algorithm: {(scalar, n): {threads: (ratio, plain_ratio, baseline)}}}."""
    out = {}
    for threads, rows in runs.items():
        for r in rows:
            key = (r["scalar"], r["n"])
            out.setdefault(r["algorithm"], {}).setdefault(key, {})[threads] = (
                r["ratio"], r["plain_ratio"], r["baseline"])
    return out


def cell(value):
    return "    -" if value is None else f"{value:5.2f}"


def print_tables(data, counts):
    for algorithm in sorted(data):
        groups = data[algorithm]
        print(f"\n{algorithm}: kokkostile x baseline | x plain_kokkos, by OpenMP threads")
        print(f"  {'scalar':>14} {'n':>16} {'baseline':>12}  "
              + " ".join(f"{t:>5}" for t in counts) + " | " + " ".join(f"{t:>5}" for t in counts))
        for (scalar, n) in sorted(groups, key=lambda k: (k[0], plot_results.extent_key(k[1]))):
            points = groups[(scalar, n)]
            baseline = next(iter(points.values()))[2]
            ratios = " ".join(cell(points.get(t, (None,))[0]) for t in counts)
            plains = " ".join(cell(points.get(t, (None, None))[1]) for t in counts)
            print(f"  {scalar:>14} {n:>16} {baseline:>12}  {ratios} | {plains}")


def plot(data, counts, png):
    plt = plot_results.pyplot()
    if plt is None:
        return
    stem, ext = os.path.splitext(png)
    for algorithm in sorted(data):
        groups = data[algorithm]
        baselines = sorted({p[2] for points in groups.values() for p in points.values()})
        baseline = " or ".join(baselines)
        figure, axes = plt.subplots(1, 2, figsize=(12, 4.5))
        for (scalar, n) in sorted(groups, key=lambda k: (k[0], plot_results.extent_key(k[1]))):
            points = groups[(scalar, n)]
            for index, axis in enumerate(axes):
                xs = [t for t in counts if t in points and points[t][index] is not None]
                if xs:
                    axis.plot(xs, [points[t][index] for t in xs], marker="o",
                              label=f"{scalar} {n}")
        for axis, title in zip(axes, [f"x {baseline}", "x plain_kokkos"]):
            axis.set_xscale("log", base=2)
            axis.set_xticks(counts)
            axis.set_xticklabels([str(t) for t in counts])
            axis.axhline(1.0, color="black", linewidth=0.8)
            axis.set_xlabel("OpenMP threads")
            axis.set_ylabel(f"kokkostile {title} (> 1 is faster)")
            axis.set_title(f"{algorithm}: {title}")
            axis.grid(True, alpha=0.3)
        axes[1].legend(fontsize=7, loc="best")
        figure.tight_layout()
        path = f"{stem}_{algorithm}{ext or '.png'}"
        figure.savefig(path, dpi=110)
        plt.close(figure)
        print(f"plot written to {path}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("json", nargs="+")
    parser.add_argument("--space", default="OpenMP")
    parser.add_argument("--png")
    args = parser.parse_args()
    runs = load(args.json, args.space)
    counts = sorted(runs)
    data = series(runs)
    print_tables(data, counts)
    if args.png:
        plot(data, counts, args.png)


if __name__ == "__main__":
    main()
