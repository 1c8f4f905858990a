#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 KokkosTile developers
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The compile-time benchmark: how long a user's translation unit takes to compile with KokkosTile.

    perf_tests/compile_time.py BUILD_DIR [--out DIR] [--repeat N] [--units a,b,...]

BUILD_DIR is a configured KokkosTile build tree (Ninja; `cmake/provision.sh compile-time` makes
one for a flavour and runs this). Each unit of compile_time/CMakeLists.txt is compiled alone, one
at a time, with the exact command the build would use (`ninja -t commands -s`), in N rounds over
all units (default 2), and the median wall time is kept. In a build with the compiled library
(KOKKOSTILE_ENABLE_ETI) every unit is compiled twice: as configured (its calls link to the
library's instantiations) and without the library's declarations (no -DKOKKOSTILE_ETI:
header-only, as a build without the library compiles it). Writes DIR/compile_times.json (a list
of {"flavour", "compiler", "eti", "unit", "seconds"}) and prints a table with each unit against
kokkos_only.
"""
import argparse
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import time


def cache_value(build_dir, name):
    with open(os.path.join(build_dir, "CMakeCache.txt"), encoding="utf-8") as cache:
        for line in cache:
            match = re.match(rf"^{re.escape(name)}(:[A-Z]+)?=(.*)$", line.rstrip("\n"))
            if match:
                return match.group(2)
    return ""


def compiler_version(compiler):
    try:
        out = subprocess.run([compiler, "--version"], capture_output=True, text=True, timeout=60)
        text = out.stdout + out.stderr
    except OSError:
        return os.path.basename(compiler)
    # nvcc_wrapper prints nvcc's banner; a host compiler its first line.
    release = re.search(r"release ([0-9.]+)", text)
    if release:
        return f"nvcc {release.group(1)}"
    first = text.strip().splitlines()[0] if text.strip() else os.path.basename(compiler)
    return first


def compile_command(build_dir, unit):
    obj = f"perf_tests/compile_time/CMakeFiles/kokkostile_ct_{unit}.dir/CompileUnit.cpp.o"
    out = subprocess.run(["ninja", "-C", build_dir, "-t", "commands", "-s", obj],
                         capture_output=True, text=True, check=True)
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    if not lines:
        sys.exit(f"compile_time.py: ninja has no command for {obj}")
    return lines[-1], os.path.join(build_dir, obj)


def time_compile(build_dir, command, obj):
    if os.path.exists(obj):
        os.remove(obj)
    os.makedirs(os.path.dirname(obj), exist_ok=True)
    start = time.monotonic()
    result = subprocess.run(command, shell=True, cwd=build_dir, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        sys.exit(f"compile_time.py: the unit failed to compile: {command}")
    return seconds


def without_eti(command):
    """The command with the library's declarations off: its -DKOKKOSTILE_ETI removed."""
    words = [w for w in shlex.split(command) if not re.match(r"^-DKOKKOSTILE_ETI(=.*)?$", w)]
    return shlex.join(words)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir")
    parser.add_argument("--out", default=None, help="folder for compile_times.json")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--units", default="", help="comma-separated subset of the units")
    args = parser.parse_args()
    build_dir = os.path.abspath(args.build_dir)
    units_file = os.path.join(build_dir, "perf_tests", "compile_time", "units.txt")
    if not os.path.exists(units_file):
        sys.exit(f"compile_time.py: {units_file} is missing: configure {build_dir} with "
                 "KOKKOSTILE_ENABLE_PERF_TESTS=ON first")
    with open(units_file, encoding="utf-8") as f:
        units = [u.strip() for u in f if u.strip()]
    if args.units:
        wanted = args.units.split(",")
        unknown = sorted(set(wanted) - set(units))
        if unknown:
            sys.exit(f"compile_time.py: no unit {', '.join(unknown)} (units: {', '.join(units)})")
        units = [u for u in units if u in wanted]
    flavour = cache_value(build_dir, "KOKKOSTILE_PROVISION_FLAVOUR") or "cmake"
    compiler = compiler_version(cache_value(build_dir, "CMAKE_CXX_COMPILER"))
    eti_built = cache_value(build_dir, "KOKKOSTILE_ENABLE_ETI").upper() in ("ON", "TRUE", "1",
                                                                         "YES")
    modes = [True, False] if eti_built else [False]

    # Rounds over every unit rather than repeats of one unit: a machine that drifts (a busy
    # neighbour, a warmer CPU) then moves every unit alike, and the ratios to kokkos_only hold.
    jobs = []
    for unit in units:
        command, obj = compile_command(build_dir, unit)
        for eti in modes:
            jobs.append((unit, eti, command if eti or not eti_built else without_eti(command), obj))
    times = {(unit, eti): [] for unit, eti, _, _ in jobs}
    for round_ in range(args.repeat):
        for unit, eti, cmd, obj in jobs:
            seconds = time_compile(build_dir, cmd, obj)
            times[(unit, eti)].append(seconds)
            print(f"compile_time: round {round_ + 1}/{args.repeat} {unit:<18} "
                  f"eti={'yes' if eti else 'no ':<3} {seconds:7.1f} s", flush=True)
    rows = [{"flavour": flavour, "compiler": compiler, "eti": eti, "unit": unit,
             "seconds": round(statistics.median(times[(unit, eti)]), 2)}
            for unit, eti, _, _ in jobs]

    print(f"\ncompile times ({flavour} flavour, {compiler}; median of {args.repeat}; "
          "x = against kokkos_only with the same eti)")
    print(f"{'unit':<18} " + " ".join(f"{('eti' if e else 'header-only'):>20}" for e in modes))
    base = {r["eti"]: r["seconds"] for r in rows if r["unit"] == "kokkos_only"}
    for unit in units:
        cells = []
        for eti in modes:
            row = next(r for r in rows if r["unit"] == unit and r["eti"] == eti)
            ratio = f" ({row['seconds'] / base[eti]:.2f}x)" if base.get(eti) else ""
            cells.append(f"{row['seconds']:8.1f} s{ratio:>10}")
        print(f"{unit:<18} " + " ".join(f"{c:>20}" for c in cells))
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        path = os.path.join(args.out, "compile_times.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
            f.write("\n")
        print(f"compile_time: wrote {path}")


if __name__ == "__main__":
    main()
