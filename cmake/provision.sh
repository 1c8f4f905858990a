#!/usr/bin/env bash
# Builds KokkosTile and runs its tests or its benchmarks. Kokkos, GoogleTest and Google Benchmark
# come from this machine when CMake finds them here; otherwise, for the host flavours, from a Debian
# unstable root that this script makes with debootstrap in a cache directory git ignores, fills
# with Debian's packages and enters (chroot, with the source tree bind-mounted) to build and run. A
# healthy root is reused; a broken or outdated one is rebuilt. The cuda flavour builds natively
# (cmake/provision_cuda.sh says how it finds or builds Kokkos with CUDA).
#
#   cmake/provision.sh [--flavour F] test    build, then ctest: all tests must pass
#   cmake/provision.sh [--flavour F] bench   build, then the full benchmarks: progress and a table
#                                            here, JSON and PNG in perf_tests/results/local/
#   cmake/provision.sh [--flavour F] build   configure and build everything, run nothing
#   cmake/provision.sh [--flavour F] compile-time
#                                            configure, then time the compile of small user
#                                            files (perf_tests/compile_time.py): a table here,
#                                            compile_times.json in perf_tests/results/local/
#   cmake/provision.sh [--flavour F] shell   a shell in the source tree, where the build runs
#   cmake/provision.sh [--flavour F] exec CMD [ARG...]
#                                            run one command there (no build), e.g.
#                                            exec ninja -C build/root-default
#   cmake/provision.sh [--flavour F] app DIR [--run TARGET]... [-- CMAKE_ARG...]
#                                            your application: install KokkosTile for the flavour
#                                            in build/apps-<tree>/kokkostile-install, configure and
#                                            build the CMake project in DIR (any directory) against
#                                            it in build/apps-<tree>/<name of DIR>, run TARGET;
#                                            CMAKE_ARGs go to the project's configure step
#
# Inside a flavour's Debian root (shell, exec) the script knows it is there (KOKKOSTILE_IN_ROOT)
# and builds in the same tree as from outside; --flavour defaults to that root's flavour.
#
# Flavours:
#   default  Debian's libkokkos-dev (Kokkos 5.2, OpenMP backend, C++20)
#   kernels  Debian's Trilinos Kokkos 4.5.1 (Serial, C++17) with Kokkos Kernels 4.5.1; it conflicts
#            with libkokkos-dev, so it has a root of its own
#   cuda     Kokkos with Cuda + OpenMP built from source (../shared/deps by default) or your own
#            (Kokkos_ROOT), nvcc; needs an NVIDIA GPU for test and bench, not for build
#   threads  Kokkos with Serial + Threads built from source (../shared/deps by default) or your own
#            (Kokkos_ROOT), this machine's C++ compiler (cmake/provision_threads.sh)
#   hip      Kokkos with HIP + Serial built from ../shared/deps in a Debian root with Debian's HIP
#            toolchain (hipcc), for gfx90a and gfx942; build only, no AMD GPU needed
#            (cmake/provision_hip.sh)
#
# Environment:
#   KOKKOSTILE_PROVISION    auto (default), native (never make a root) or root (always use one)
#   KOKKOSTILE_CACHE_DIR    where roots and built dependencies are kept (default: <source>/.cache)
#   KOKKOSTILE_CMAKE_ARGS   extra configure arguments, e.g. "-DKokkos_ROOT=/opt/kokkos"
#   KOKKOSTILE_BUILD_JOBS   parallel build jobs (default: all cores)
#   KOKKOSTILE_BENCH_FILTER bench: only the benchmarks matching this regex (e.g. "^gemm/" or
#                           "/Cuda/"; default: all of them, on every enabled execution space)
#   KOKKOSTILE_BENCH_ARGS   bench: more arguments for kokkostile_perf, e.g. "--kokkostile_variants"
#                           (every tuning variant) or "--kokkostile_sweep" (size sweeps on devices)
#   KOKKOSTILE_BENCH_MIN_TIME bench: time per repetition of each benchmark (default 0.05s; medians of 5)
#   KOKKOSTILE_COMMIT       the commit bench records in its JSON (default: the checkout's HEAD, or
#                           in a tree made by `git archive`, the commit written into cmake/commit.txt)
#   KOKKOSTILE_APP_BUILD_ONLY app: build, but do not run the --run targets (a machine without the
#                           flavour's device)
#   KOKKOSTILE_DEBIAN_MIRROR  Debian archive to bootstrap from (default: this machine's apt sources)
#   cuda flavour: Kokkos_ROOT, KOKKOSTILE_KOKKOS_SOURCE, KOKKOSTILE_KOKKOS_PATCHES,
#   KOKKOSTILE_CUDA_ARCH, KOKKOSTILE_CXX_STANDARD (17 or 20), KOKKOSTILE_BUILD_TARGETS,
#   KOKKOSTILE_DEPS_DIR (default ../shared/deps): see cmake/provision_cuda.sh
#   hip flavour: KOKKOSTILE_HIP_ARCHS, KOKKOSTILE_BUILD_TARGETS: see cmake/provision_hip.sh
set -euo pipefail

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
}
say() { printf 'provision: %s\n' "$*" >&2; }
die() {
  say "error: $*"
  exit 1
}

# Progress: one line per stage, "provision: [1m05s] <stage>", timed from the start of the outermost
# provision.sh (the run inside a Debian root continues its clock through KOKKOSTILE_PROVISION_T0),
# and before a stage that can take minutes, what it usually takes: the time it took last time here
# (build/.provision-times), else a typical figure for a 2-core machine.
provision_t0=${KOKKOSTILE_PROVISION_T0:-$(date +%s)}
unset KOKKOSTILE_PROVISION_T0  # a provision.sh that a test or a shell starts keeps its own clock
# What a build tree builds is reset at every configure, so that a narrowing that KOKKOSTILE_CMAKE_ARGS
# asked for once (CI: -DKOKKOSTILE_TEST_BACKENDS=Threads -DKOKKOSTILE_ENABLE_PERF_TESTS=OFF) does not
# stay in the tree's CMake cache for the next run; KOKKOSTILE_CMAKE_ARGS comes later and wins.
scope_defaults=(-DKOKKOSTILE_TEST_BACKENDS= -DKOKKOSTILE_ENABLE_PERF_TESTS=ON)
minutes() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }
stage() { say "[$(minutes $(($(date +%s) - provision_t0)))] $1${2:+ (usually $2)}"; }

flavour=default
flavour_given=0
inside=0
command=""
exec_args=()
app_dir=""
app_runs=()
app_cmake_args=()
app_package_args=()  # a flavour's configure arguments for KokkosTile's install, not the app's
while [ $# -gt 0 ]; do
  case "$1" in
    --flavour) flavour=${2:-}; flavour_given=1; shift 2 ;;
    --flavour=*) flavour=${1#--flavour=}; flavour_given=1; shift ;;
    --inside) inside=1; shift ;;  # internal: already running in the root
    -h | --help) usage ;;
    test | bench | build | shell | compile-time) command=$1; shift ;;
    exec)
      command=exec; shift
      [ "${1:-}" = -- ] && shift
      [ $# -gt 0 ] || die "exec needs a command"
      exec_args=("$@"); break ;;
    app)
      command=app; shift
      if [ -z "${1:-}" ] || [ "${1#-}" != "$1" ]; then
        die "app needs a directory: app DIR [--run TARGET]... [-- CMAKE_ARG...]"
      fi
      app_dir=$1; shift ;;
    --run) [ -n "${2:-}" ] || die "--run needs a target name"; app_runs+=("$2"); shift 2 ;;
    --run=*) app_runs+=("${1#--run=}"); shift ;;
    --) shift; app_cmake_args=("$@"); break ;;
    -*) say "unknown option '$1'"; usage ;;
    *) say "unknown action '$1' (test, bench, build, compile-time, shell, exec or app)"; usage ;;
  esac
done
[ -n "$command" ] || usage
if [ "$command" != app ] && { [ ${#app_runs[@]} -gt 0 ] || [ ${#app_cmake_args[@]} -gt 0 ]; }; then
  die "--run and '-- CMAKE_ARG...' belong to the app action"
fi
if [ "$command" = app ]; then
  [ -d "$app_dir" ] || die "app: $app_dir is not a directory"
  [ -f "$app_dir/CMakeLists.txt" ] || die "app: $app_dir has no CMakeLists.txt (app builds a CMake project)"
  app_dir=$(cd "$app_dir" && pwd -P)
  [ "$app_dir" != / ] || die "app: / is not an application directory"
fi

# Already inside a flavour's Debian root (a shell or exec from this script, or a test that test
# runs there): build as the outside call would, in the same tree.
if [ -n "${KOKKOSTILE_IN_ROOT:-}" ] && [ "$inside" = 0 ]; then
  [ "$flavour_given" = 1 ] || flavour=$KOKKOSTILE_IN_ROOT
  [ "$flavour" = "$KOKKOSTILE_IN_ROOT" ] ||
    die "this is the $KOKKOSTILE_IN_ROOT flavour's Debian root; run the $flavour flavour from outside it"
  inside=1
fi

case "$flavour" in
  default)
    packages="libkokkos-dev libgtest-dev libbenchmark-dev libopenblas-dev cmake ninja-build g++ python3 python3-matplotlib"
    probe_kernels=OFF ;;
  kernels)
    packages="libtrilinos-kokkos-dev libtrilinos-kokkos-kernels-dev libblas-dev liblapack-dev libopenblas-dev libgtest-dev libbenchmark-dev cmake ninja-build g++ python3"
    probe_kernels=ON ;;
  hip)
    packages="hipcc libamdhip64-dev rocm-cmake libgtest-dev libbenchmark-dev cmake ninja-build g++ python3"
    probe_kernels=OFF ;;
  cuda | threads) ;;
  *) die "unknown flavour '$flavour' (default, kernels, cuda, threads or hip)" ;;
esac

source_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=${KOKKOSTILE_BUILD_JOBS:-$(nproc 2>/dev/null || echo 2)}

# How long the long stages took, "key seconds" lines; git ignores build/.
times_file="$source_dir/build/.provision-times"
# usual KEY TYPICAL: the stage's last duration here, else TYPICAL.
usual() {
  local seconds
  seconds=$(awk -v key="$1" '$1 == key { s = $2 } END { if (s != "") print s }' "$times_file" 2>/dev/null)
  if [ -n "$seconds" ]; then printf '%s, as last time' "$(minutes "$seconds")"; else printf '%s' "$2"; fi
}
# finished KEY STARTED WHAT: records a stage's duration (STARTED: date +%s at its start) and says so.
finished() {
  local seconds=$(($(date +%s) - $2))
  mkdir -p "$(dirname "$times_file")"
  { grep -v "^$1 " "$times_file" 2>/dev/null || true; echo "$1 $seconds"; } >"$times_file.$$" &&
    mv "$times_file.$$" "$times_file"
  stage "$3 in $(minutes "$seconds")"
}
# build_stage DIR KEY TYPICAL [TARGET...]: `cmake --build` as a stage: its step count (Ninja) and,
# for a tree never built before, how long a fresh build of this kind takes.
build_stage() {
  local dir=$1 key=$2 typical=$3 steps="" estimate="" started targets=()
  shift 3
  [ $# -eq 0 ] || targets=(--target "$@")
  # A whole tree never built: Ninja has no log in it yet (a dry run writes none).
  if [ $# -eq 0 ] && [ ! -f "$dir/.ninja_log" ]; then
    estimate=$(usual "$key" "$typical")
  fi
  if [ -f "$dir/build.ninja" ] && command -v ninja >/dev/null 2>&1; then
    steps=$(ninja -C "$dir" -n "$@" 2>/dev/null | grep -c '^\[' || true)
  fi
  started=$(date +%s)
  stage "building ${dir#"$source_dir"/}${*:+ (targets: $*)}${steps:+, Ninja steps to run: $steps}" "$estimate"
  cmake --build "$dir" -j "$jobs" "${targets[@]}"
  if [ -n "$estimate" ]; then
    finished "$key" "$started" "built (fresh)"
  else
    stage "built in $(minutes $(($(date +%s) - started)))"
  fi
}
# test_stage DIR KEY [CTEST_ARG...]: ctest as a stage.
test_stage() {
  local dir=$1 key=$2 count started
  shift 2
  count=$(cd "$dir" && ctest -N "$@" 2>/dev/null | sed -n 's/^Total Tests: //p')
  started=$(date +%s)
  stage "running ${count:-the} tests (ctest in ${dir#"$source_dir"/})" "$(usual "$key" "a few minutes")"
  # -j: the install and compile-fail tests each build one small project, mostly one file at a
  # time, so they run side by side; the unit executables and the benchmark smoke run alone
  # (RUN_SERIAL), since they use every core or the GPU.
  (cd "$dir" && ctest --output-on-failure -j "$jobs" "$@")
  finished "$key" "$started" "tests passed"
}

# ------------------------------------------------------------------------------------------------
# The benchmarks of a build: Google Benchmark's lines as they finish (progress), then the JSON, the
# table and the PNG under perf_tests/results/local/<flavour>-<time>/.
run_benchmarks() {
  local build_dir=$1 name=$2 filter=$3 stamp out
  stamp=$(date -u +%Y%m%dT%H%M%SZ)
  out="$source_dir/perf_tests/results/local/$name-$stamp"
  mkdir -p "$out"
  say "benchmarks matching '$filter' (medians of 5 repetitions of ${KOKKOSTILE_BENCH_MIN_TIME:-0.05s} each)"
  # shellcheck disable=SC2086  # KOKKOSTILE_BENCH_ARGS is a list of arguments
  "$build_dir/perf_tests/kokkostile_perf" ${KOKKOSTILE_BENCH_ARGS:-} --benchmark_repetitions=5 \
    --benchmark_min_time="${KOKKOSTILE_BENCH_MIN_TIME:-0.05s}" \
    --benchmark_report_aggregates_only=true --benchmark_out="$out/kokkostile_perf.json" \
    --benchmark_out_format=json --benchmark_context=commit="${KOKKOSTILE_COMMIT:-unknown}" \
    --benchmark_context=date="$stamp" --benchmark_context=flavour="$name" \
    --benchmark_context=OMP_PROC_BIND="${OMP_PROC_BIND:-}" \
    --benchmark_context=OMP_PLACES="${OMP_PLACES:-}" \
    --benchmark_context=OMP_NUM_THREADS="${OMP_NUM_THREADS:-}" \
    --benchmark_filter="$filter"
  python3 "$source_dir/perf_tests/plot_results.py" "$out/kokkostile_perf.json" \
    --png "$out/kokkostile_perf.png"
  say "results in ${out#"$source_dir"/}/"
}

# The compile-time benchmark of a configured build tree: each user file of
# perf_tests/compile_time/ compiled alone, timed; the table here, the JSON under
# perf_tests/results/local/<flavour>-compile-<time>/.
run_compile_times() {
  local build_dir=$1 name=$2 out
  out="$source_dir/perf_tests/results/local/$name-compile-$(date -u +%Y%m%dT%H%M%SZ)"
  stage "timing the compile of each user file (perf_tests/compile_time.py)" "a few minutes"
  python3 "$source_dir/perf_tests/compile_time.py" "$build_dir" --out "$out"
  say "results in ${out#"$source_dir"/}/"
}

# ------------------------------------------------------------------------------------------------
# app: installs KokkosTile for this flavour (configured with tests and benchmarks off; built, which
# compiles its library of common instantiations unless KOKKOSTILE_ENABLE_ETI is off), then configures and builds the CMake project in $app_dir
# against the install and runs the --run targets. $1: the flavour's build tree, which names the
# folder (build/apps-<tree>); further arguments go to both configure steps (the cuda flavour's
# Kokkos and compiler), app_package_args to KokkosTile's only. The caller's `generator` is used.
build_app() {
  local tree=$1
  shift
  local apps name package prefix app_build log home target exe
  # Paths in the source tree are shown from its top, the same inside a root and outside.
  here() { printf '%s' "${1#"$source_dir"/}"; }
  apps="$source_dir/build/apps-$(basename "$tree")"
  package="$apps/kokkostile-build"
  prefix="$apps/kokkostile-install"
  name=$(basename "$app_dir")
  app_build="$apps/$name"
  log="$apps/kokkostile-install.log"
  mkdir -p "$apps"
  say "installing KokkosTile into $(here "$prefix") (log: $(here "$log"))"
  # shellcheck disable=SC2086  # KOKKOSTILE_CMAKE_ARGS is a list of arguments
  if ! { cmake -S "$source_dir" -B "$package" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DKOKKOSTILE_ENABLE_TESTS=OFF -DKOKKOSTILE_ENABLE_PERF_TESTS=OFF "$@" "${app_package_args[@]}" \
    ${KOKKOSTILE_CMAKE_ARGS:-} &&
    cmake --build "$package" -j "$jobs" &&
    cmake --install "$package" --prefix "$prefix"; } >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    die "installing KokkosTile failed; see $(here "$log")"
  fi
  if [ -f "$app_build/CMakeCache.txt" ]; then
    home=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$app_build/CMakeCache.txt")
    [ "$home" = "$app_dir" ] ||
      die "$(here "$app_build") holds the build of $home, not of $app_dir: remove it, or rename your directory"
  fi
  say "configuring and building $app_dir in $(here "$app_build")"
  # shellcheck disable=SC2086
  cmake -S "$app_dir" -B "$app_build" "${generator[@]}" -DKokkosTile_ROOT="$prefix" "$@" \
    ${KOKKOSTILE_CMAKE_ARGS:-} "${app_cmake_args[@]}"
  cmake --build "$app_build" -j "$jobs"
  for target in "${app_runs[@]}"; do
    exe=$(find "$app_build" -path "$app_build/CMakeFiles" -prune -o -type f -name "$target" \
      -perm -u+x -print | head -n 1)
    [ -n "$exe" ] || die "no executable '$target' in $(here "$app_build") (--run takes an executable target of your project)"
    if [ -n "${KOKKOSTILE_APP_BUILD_ONLY:-}" ]; then
      say "built $(here "$exe"); not run (KOKKOSTILE_APP_BUILD_ONLY)"
      continue
    fi
    say "running $(here "$exe")"
    "$exe"
  done
  say "app: $app_dir built in $(here "$app_build") against KokkosTile in $(here "$prefix")"
}

# ------------------------------------------------------------------------------------------------
# The build itself: the same steps natively and inside a root.
build_and_run() {
  local build_dir=$1
  export OMP_PROC_BIND=${OMP_PROC_BIND:-spread} OMP_PLACES=${OMP_PLACES:-threads}
  if [ "$command" = shell ]; then
    say "shell in $source_dir; the build tree is $build_dir (exit to leave)"
    cd "$source_dir"
    exec bash -i
  fi
  if [ "$command" = exec ]; then
    cd "$source_dir"
    exec "${exec_args[@]}"
  fi
  local generator=()
  command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
  if [ "$command" = app ]; then
    build_app "$build_dir"
    return
  fi
  stage "configuring ${build_dir#"$source_dir"/} (CMake)"
  # shellcheck disable=SC2086  # KOKKOSTILE_CMAKE_ARGS is a list of arguments
  cmake -S "$source_dir" -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DKOKKOSTILE_WARNINGS_AS_ERRORS=ON -DKOKKOSTILE_PROVISION_FLAVOUR="$flavour" \
    "${scope_defaults[@]}" ${KOKKOSTILE_CMAKE_ARGS:-}
  if [ "$command" = compile-time ]; then
    run_compile_times "$build_dir" "$flavour"
    return
  fi
  build_stage "$build_dir" "build-$flavour" "about 3 minutes on 2 cores"
  case "$command" in
    test)
      test_stage "$build_dir" "test-$flavour" ;;
    bench)
      run_benchmarks "$build_dir" "$flavour" "${KOKKOSTILE_BENCH_FILTER:-.}" ;;
  esac
}

if [ "$inside" = 1 ]; then
  if [ "$flavour" = hip ]; then
    # The cuda flavour's cached-install helper, then the hip flavour.
    # shellcheck source=provision_cuda.sh
    source "$source_dir/cmake/provision_cuda.sh"
    # shellcheck source=provision_hip.sh
    source "$source_dir/cmake/provision_hip.sh"
    hip_main
    exit
  fi
  build_and_run "$source_dir/build/root-$flavour"
  exit
fi

# The commit recorded in benchmark results: yours if you name it (KOKKOSTILE_COMMIT), else the
# source tree's HEAD when it is a git checkout of its own (-dirty with uncommitted changes), else
# the commit `git archive` wrote into cmake/commit.txt (export-subst, .gitattributes), else unknown.
source_commit() {
  local top exported
  top=$(git -C "$source_dir" rev-parse --show-toplevel 2>/dev/null || true)
  if [ -n "$top" ] && [ "$(cd "$top" && pwd -P)" = "$(cd "$source_dir" && pwd -P)" ]; then
    local commit
    commit=$(git -C "$source_dir" rev-parse --short HEAD 2>/dev/null || true)
    if [ -n "$commit" ]; then
      if [ -n "$(git -C "$source_dir" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
        commit="$commit-dirty"
      fi
      echo "$commit"
      return
    fi
  fi
  exported=$(tr -d '[:space:]' <"$source_dir/cmake/commit.txt" 2>/dev/null || true)
  if [[ "$exported" =~ ^[0-9a-f]{7,40}$ ]]; then
    echo "$exported"
    return
  fi
  echo unknown
}
if [ -z "${KOKKOSTILE_COMMIT:-}" ]; then
  KOKKOSTILE_COMMIT=$(source_commit)
  if [ "$KOKKOSTILE_COMMIT" = unknown ] && [ "$command" = bench ]; then
    say "warning: no commit to record (not a git checkout, not a git archive): set KOKKOSTILE_COMMIT"
  fi
fi
export KOKKOSTILE_COMMIT

if [ "$flavour" = cuda ]; then
  # shellcheck source=provision_cuda.sh
  source "$source_dir/cmake/provision_cuda.sh"
  export OMP_PROC_BIND=${OMP_PROC_BIND:-spread} OMP_PLACES=${OMP_PLACES:-threads}
  cuda_main
  exit
fi
if [ "$flavour" = threads ]; then
  # The cuda flavour's helpers (cached builds from ../shared/deps), then the threads flavour.
  # shellcheck source=provision_cuda.sh
  source "$source_dir/cmake/provision_cuda.sh"
  # shellcheck source=provision_threads.sh
  source "$source_dir/cmake/provision_threads.sh"
  threads_main
  exit
fi

# ------------------------------------------------------------------------------------------------
# Native: does CMake find Kokkos, GoogleTest, Google Benchmark (and Kokkos Kernels) here?
native_is_complete() {
  command -v cmake >/dev/null 2>&1 || return 1
  local probe_dir status=0
  probe_dir=$(mktemp -d)
  # shellcheck disable=SC2086
  cmake -S "$source_dir/cmake/probe" -B "$probe_dir" -DKOKKOSTILE_PROBE_KERNELS=$probe_kernels \
    ${KOKKOSTILE_CMAKE_ARGS:-} >"$probe_dir.log" 2>&1 || status=1
  rm -rf "$probe_dir" "$probe_dir.log"
  return $status
}

mode=${KOKKOSTILE_PROVISION:-auto}
# The hip flavour always builds in its root: a Kokkos found here would not have HIP.
[ "$flavour" = hip ] && mode=root
[ "$mode" = auto ] && stage "looking for Kokkos, GoogleTest and Google Benchmark on this machine"
if [ "$mode" = native ] || { [ "$mode" = auto ] && native_is_complete; }; then
  say "using this machine's Kokkos, GoogleTest and Google Benchmark ($flavour flavour)"
  build_and_run "$source_dir/build/native-$flavour"
  exit
fi
[ "$mode" = auto ] || [ "$mode" = root ] || die "KOKKOSTILE_PROVISION must be auto, native or root"

# ------------------------------------------------------------------------------------------------
# A Debian unstable root.
[ "$(id -u)" = 0 ] || die "Kokkos, GoogleTest or Google Benchmark is missing here, and making a \
Debian root needs root. Install them (and set KOKKOSTILE_CMAKE_ARGS=-DKokkos_ROOT=...) or run as root."

cache_dir=${KOKKOSTILE_CACHE_DIR:-$source_dir/.cache}
root="$cache_dir/debian-sid-$flavour"
stamp_file="$root/.kokkostile-root"
mkdir -p "$cache_dir"

# The Debian archive named in this machine's apt sources (deb822 .sources first, then one-line
# .list files), skipping security archives: no archive address is written in this repository.
debian_archive_uri() {
  local file uri
  for file in /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] || continue
    uri=$(awk 'BEGIN { RS = ""; FS = "\n" }
      { types = ""; uris = ""; suites = ""
        for (i = 1; i <= NF; i++) {
          if ($i ~ /^Types:/) types = $i
          if ($i ~ /^URIs:/) uris = $i
          if ($i ~ /^Suites:/) suites = $i
        }
        if (types ~ /[ \t]deb([ \t]|$)/ && suites !~ /-security/ && uris != "") {
          sub(/^URIs:[ \t]*/, "", uris); split(uris, list, /[ \t]+/); print list[1]; exit
        } }' "$file")
    [ -n "$uri" ] && { echo "$uri"; return 0; }
  done
  for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$file" ] || continue
    uri=$(awk '$1 == "deb" { i = 2
        if ($i ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
        if ($(i + 1) !~ /-security/) { print $i; exit } }' "$file")
    [ -n "$uri" ] && { echo "$uri"; return 0; }
  done
  return 1
}

# Unmounts anything left mounted below a root (a killed run), so that deleting it cannot reach
# through a bind mount into the source tree.
remove_root() {
  local dir=$1 target
  while read -r target; do
    umount -l "$target" 2>/dev/null || true
  done < <(awk -v prefix="$dir/" 'index($2, prefix) == 1 { print $2 }' /proc/self/mounts | sort -r)
  if awk -v prefix="$dir/" 'index($2, prefix) == 1 { found = 1 } END { exit !found }' /proc/self/mounts; then
    die "cannot unmount everything under $dir; remove it by hand"
  fi
  rm -rf --one-file-system "$dir"
}

root_is_healthy() {
  [ -f "$stamp_file" ] || return 1
  [ "$(cat "$stamp_file")" = "$packages" ] || { say "root's package list changed"; return 1; }
  # shellcheck disable=SC2086
  chroot "$root" dpkg-query -W $packages >/dev/null 2>&1 || { say "root is missing packages"; return 1; }
  chroot "$root" cmake --version >/dev/null 2>&1 && chroot "$root" g++ --version >/dev/null 2>&1
}

# Debian's libkokkos-dev 5.2.2-2 exports Kokkos::kokkosalgorithms and Kokkos::kokkossimd as static
# libraries (libkokkosalgorithms.a, libkokkossimd.a) that the package does not ship, so
# find_package(Kokkos) stops at "imported target ... references the file ... but this file does not
# exist". Both are Kokkos' header-only parts, so an empty archive in their place is exactly what
# they would contribute; if anything did need a symbol from them, the link fails loudly.
repair_kokkos_export() {
  local targets lib path created=0
  for targets in "$root"/usr/lib/*/cmake/Kokkos/KokkosTargets-*.cmake; do
    [ -f "$targets" ] || continue
    while read -r lib; do
      path="$root/usr/${lib#\$\{_IMPORT_PREFIX\}/}"
      if [ ! -e "$path" ]; then
        printf '!<arch>\n' >"$path"
        say "Kokkos packaging defect: ${targets#"$root"} names ${path#"$root"}, which the package does not ship; created it as an empty archive (the library is header-only) so that find_package(Kokkos) works"
        echo "${path#"$root"}" >>"$root/.kokkostile-empty-archives"
        created=1
      fi
    done < <(grep -o '"${_IMPORT_PREFIX}/[^"]*\.a"' "$targets" | tr -d '"' | sort -u)
  done
  if [ "$created" = 0 ] && [ -f "$root/.kokkostile-empty-archives" ]; then
    say "note: empty stand-ins for archives the Kokkos package does not ship: $(sort -u "$root/.kokkostile-empty-archives" | tr '\n' ' ')"
  fi
}

make_root() {
  local partial="$root.partial" mirror started
  if ! command -v debootstrap >/dev/null 2>&1; then
    stage "installing debootstrap (apt-get)" "under a minute"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
  fi
  mirror=${KOKKOSTILE_DEBIAN_MIRROR:-$(debian_archive_uri)} ||
    die "no Debian archive in this machine's apt sources; set KOKKOSTILE_DEBIAN_MIRROR"
  [ -e "$partial" ] && remove_root "$partial"
  started=$(date +%s)
  stage "making a Debian unstable root in $partial (debootstrap, log: $cache_dir/debootstrap-$flavour.log) with: $packages" \
    "$(usual "debootstrap-$flavour" "1 to 2 minutes from a nearby archive, longer from a distant one")"
  debootstrap --variant=minbase --include="${packages// /,}" sid "$partial" "$mirror" \
    >"$cache_dir/debootstrap-$flavour.log" 2>&1 ||
    die "debootstrap failed; see $cache_dir/debootstrap-$flavour.log"
  echo "$packages" >"$partial/.kokkostile-root"
  mv "$partial" "$root"
  finished "debootstrap-$flavour" "$started" "Debian root made"
}

stage "checking the Debian root $root"
if [ -d "$root" ] && ! root_is_healthy; then
  say "root $root is broken or outdated: rebuilding it"
  remove_root "$root"
fi
[ -d "$root" ] || make_root
repair_kokkos_export
case "$command" in
  shell | exec) stage "entering the Debian unstable root ($flavour flavour, $root)" ;;
  *) stage "building in the Debian unstable root ($flavour flavour, $root)" ;;
esac

# What the script does once inside: the same action, its arguments, and for app the directory,
# bind-mounted at its own path (so that messages name your files) unless the root has something
# there already.
forward=("$command")
case "$command" in
  exec) forward+=("${exec_args[@]}") ;;
  app)
    if [ -e "$root$app_dir" ] && [ -n "$(ls -A "$root$app_dir" 2>/dev/null)" ]; then
      die "app: $app_dir is a path the Debian root uses itself ($root$app_dir); move your application elsewhere"
    fi
    forward+=("$app_dir")
    for target in "${app_runs[@]}"; do forward+=(--run "$target"); done
    forward+=(-- "${app_cmake_args[@]}") ;;
esac

# A private mount namespace: the bind mounts vanish with the process, however it ends.
mount_and_enter='set -e
root=$1; source_dir=$2; app_dir=$3; deps_dir=$4; shift 4
mkdir -p "$root/kokkostile"
mount --bind "$source_dir" "$root/kokkostile"
if [ -n "$deps_dir" ]; then
  mkdir -p "$root/kokkostile-deps"
  mount --bind -o ro "$deps_dir" "$root/kokkostile-deps"
fi
if [ -n "$app_dir" ]; then
  mkdir -p "$root$app_dir"
  mount --bind "$app_dir" "$root$app_dir"
fi
mount -t proc proc "$root/proc"
# The OpenMP runtime reads the CPU topology from /sys to place threads (OMP_PROC_BIND, OMP_PLACES);
# without it libgomp prints "Error reading core/socket topology" and cannot bind. Read-only.
mkdir -p "$root/sys"
mount --rbind -o ro /sys "$root/sys" 2>/dev/null || mount --rbind /sys "$root/sys"
mount --make-rslave "$root/sys"
exec chroot "$root" "$@"'
# The hip flavour builds Kokkos inside the root from ../shared/deps, seen there at /kokkostile-deps.
root_deps_dir=""
if [ "$flavour" = hip ]; then
  root_deps_dir=${KOKKOSTILE_DEPS_DIR:-$(cd "$source_dir/.." && pwd)/shared/deps}
  [ -d "$root_deps_dir" ] || die "the hip flavour builds Kokkos from $root_deps_dir, which does not exist (set KOKKOSTILE_DEPS_DIR)"
fi
unshare --mount --propagation private -- bash -c "$mount_and_enter" enter "$root" "$source_dir" \
  "$app_dir" "$root_deps_dir" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  KOKKOSTILE_IN_ROOT="$flavour" KOKKOSTILE_PROVISION_T0="$provision_t0" \
  KOKKOSTILE_COMMIT="$KOKKOSTILE_COMMIT" KOKKOSTILE_BUILD_JOBS="$jobs" \
  KOKKOSTILE_CMAKE_ARGS="${KOKKOSTILE_CMAKE_ARGS:-}" \
  KOKKOSTILE_BENCH_FILTER="${KOKKOSTILE_BENCH_FILTER:-.}" \
  KOKKOSTILE_BENCH_ARGS="${KOKKOSTILE_BENCH_ARGS:-}" \
  ${KOKKOSTILE_BENCH_MIN_TIME:+KOKKOSTILE_BENCH_MIN_TIME=$KOKKOSTILE_BENCH_MIN_TIME} \
  ${OMP_NUM_THREADS:+OMP_NUM_THREADS=$OMP_NUM_THREADS} \
  ${KOKKOSTILE_APP_BUILD_ONLY:+KOKKOSTILE_APP_BUILD_ONLY=$KOKKOSTILE_APP_BUILD_ONLY} \
  ${KOKKOSTILE_BUILD_TARGETS:+KOKKOSTILE_BUILD_TARGETS="$KOKKOSTILE_BUILD_TARGETS"} \
  ${KOKKOSTILE_HIP_ARCHS:+KOKKOSTILE_HIP_ARCHS="$KOKKOSTILE_HIP_ARCHS"} \
  /bin/bash /kokkostile/cmake/provision.sh --inside --flavour "$flavour" "${forward[@]}"
