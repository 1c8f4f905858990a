#!/usr/bin/env bash
# Runs compute-sanitizer's memcheck, racecheck, synccheck and initcheck over every test of a CUDA
# unit-test binary, one GoogleTest test per sanitizer run, each under a time limit, so that the
# whole can be cut into pieces (a filter, or shards) that each fit a fixed window on a GPU machine.
# Needs an NVIDIA GPU and compute-sanitizer; builds nothing (cmake/provision.sh --flavour cuda
# build makes the binary; KOKKOSTILE_BUILD_TARGETS=kokkostile_unit_Cuda builds only it).
#
#   cmake/sanitize_cuda.sh [BINARY]
#
# For each tool, then each selected test: compute-sanitizer --tool T --error-exitcode 1 BINARY
# --gtest_filter=TEST under `timeout`. One line per (tool, test) is appended to OUT/summary.txt:
#   tool  test  result  seconds  count
# result: PASS, FAIL (sanitizer errors, a failed or crashed test), TIMEOUT or SKIP (GTEST_SKIP);
# count: the number in the sanitizer's summary line (memcheck, synccheck, initcheck: "ERROR
# SUMMARY: N errors"; racecheck: "RACECHECK SUMMARY: N hazards displayed"), "-" when there is none.
# Each run's output is kept in OUT/logs/TOOL/TEST.log ('/' in a name becomes '_'). At the end:
# a count per tool. Exit status: 1 if any run FAILed, else 3 if any timed out or was not started
# (KOKKOSTILE_SANITIZE_DEADLINE), else 0.
#
# Environment:
#   KOKKOSTILE_SANITIZE_BINARY   the test binary (default: the argument, else the newest
#                                build/cuda-cxx17-sm*/unit_tests/kokkostile_unit_Cuda)
#   KOKKOSTILE_SANITIZE_TOOLS    tools, in order (default "memcheck racecheck synccheck initcheck")
#   KOKKOSTILE_SANITIZE_FILTER   a gtest filter limiting the tests (default '*'), e.g. to resume:
#                                'Stencil*:Histogram*' or '*-Gemm*'
#   KOKKOSTILE_SANITIZE_RESUME   1: skip the (tool, test) pairs that summary.txt already has as
#                                PASS, FAIL or SKIP (a cut-off call goes on where it stopped)
#   KOKKOSTILE_SANITIZE_SHARD    i/n: only the tests whose index in the list (from 0, after the
#                                filter) is i modulo n; n calls with i = 0..n-1 cover them all
#   KOKKOSTILE_SANITIZE_TEST_TIMEOUT  seconds for one (tool, test) run (default 300)
#   KOKKOSTILE_SANITIZE_DEADLINE seconds for the whole call (default: none): no run starts after
#                                it, and runs in flight are cut at it (TIMEOUT); for a fixed window
#   KOKKOSTILE_SANITIZE_JOBS     sanitizer runs at once on the one GPU (default 1); several help,
#                                as the tools spend most of their time on the CPU
#   KOKKOSTILE_SANITIZE_SHRINK_TOOLS  tools whose runs set KOKKOSTILE_TEST_SHRINK=1 (default
#                                "racecheck"; "" for none): the tests that loop over many cases
#                                then take a subset that still reaches every kernel (TestHelpers.hpp)
#   KOKKOSTILE_SANITIZE_EXPECTED_API_ERRORS  a bash pattern of tests whose subject is a failing
#                                CUDA call (default '*AFailedAllocation*': cudaHostAlloc asked
#                                for too much on purpose); their runs take --report-api-errors no
#   KOKKOSTILE_SANITIZE_ARGS     more compute-sanitizer options, e.g. "--leak-check full"
#   KOKKOSTILE_SANITIZE_OUT      where summary.txt and logs/ go (default <source>/build/sanitize);
#                                summary.txt is appended to, a '#' line opening each call
#   COMPUTE_SANITIZER            the sanitizer (default: PATH, else the CUDA toolkit's)
set -euo pipefail

say() { printf 'sanitize: %s\n' "$*" >&2; }
die() {
  say "error: $*"
  exit 2
}
usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
}
case "${1:-}" in -h | --help) usage ;; esac

source_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
binary=${KOKKOSTILE_SANITIZE_BINARY:-${1:-}}
if [ -z "$binary" ]; then
  binary=$(ls -t "$source_dir"/build/cuda-cxx17-sm*/unit_tests/kokkostile_unit_Cuda 2>/dev/null |
    head -1 || true)
  [ -n "$binary" ] ||
    die "no CUDA unit-test binary: run cmake/provision.sh --flavour cuda build first"
fi
[ -x "$binary" ] || die "not an executable: $binary"
sanitizer=${COMPUTE_SANITIZER:-$(command -v compute-sanitizer ||
  echo "${CUDA_HOME:-/usr/local/cuda}/bin/compute-sanitizer")}
[ -x "$sanitizer" ] || die "compute-sanitizer not found (set COMPUTE_SANITIZER)"
read -r -a tools <<<"${KOKKOSTILE_SANITIZE_TOOLS:-memcheck racecheck synccheck initcheck}"
filter=${KOKKOSTILE_SANITIZE_FILTER:-*}
shard=${KOKKOSTILE_SANITIZE_SHARD:-0/1}
[[ "$shard" =~ ^([0-9]+)/([1-9][0-9]*)$ ]] && [ "${BASH_REMATCH[1]}" -lt "${BASH_REMATCH[2]}" ] ||
  die "KOKKOSTILE_SANITIZE_SHARD must be i/n with 0 <= i < n, not '$shard'"
shard_index=${BASH_REMATCH[1]} shard_count=${BASH_REMATCH[2]}
limit=${KOKKOSTILE_SANITIZE_TEST_TIMEOUT:-300}
jobs=${KOKKOSTILE_SANITIZE_JOBS:-1}
deadline=${KOKKOSTILE_SANITIZE_DEADLINE:-0}
end=$((deadline > 0 ? SECONDS + deadline : 0)) not_started=0
read -r -a extra_args <<<"${KOKKOSTILE_SANITIZE_ARGS:-}"
shrink_tools=" ${KOKKOSTILE_SANITIZE_SHRINK_TOOLS-racecheck} "
expected_api_errors=${KOKKOSTILE_SANITIZE_EXPECTED_API_ERRORS-*AFailedAllocation*}
out=${KOKKOSTILE_SANITIZE_OUT:-$source_dir/build/sanitize}
summary=$out/summary.txt
mkdir -p "$out/logs"
declare -A done_before=()
if [ "${KOKKOSTILE_SANITIZE_RESUME:-0}" = 1 ] && [ -f "$summary" ]; then
  while read -r t name result _; do
    [ "$result" = TIMEOUT ] || done_before["$t $name"]=1
  done < <(grep -v '^#' "$summary")
fi

# The test list: "Suite." lines, then indented test names; "  # TypeParam = ..." comments dropped.
mapfile -t all_tests < <("$binary" --gtest_list_tests --gtest_filter="$filter" |
  awk '/^[^ ]/ { suite = $1 } /^  [^ ]/ { print suite $1 }')
tests=()
for i in "${!all_tests[@]}"; do
  [ $((i % shard_count)) -eq "$shard_index" ] && tests+=("${all_tests[$i]}")
done
[ ${#tests[@]} -gt 0 ] || die "no test matches filter '$filter', shard $shard"

# One (tool, test) run; appends its line to the summary (one short write, safe with several jobs).
run_one() {
  local tool=$1 test=$2 limit=$3 log tool_args=() started rc=0 result count seconds shrink=0
  log=$out/logs/$tool/${test//\//_}.log
  case "$tool" in racecheck) tool_args=(--racecheck-report all) ;; esac
  # shellcheck disable=SC2053  # a pattern on purpose
  [ -z "$expected_api_errors" ] || [[ "$test" != $expected_api_errors ]] ||
    tool_args+=(--report-api-errors no)
  [[ "$shrink_tools" != *" $tool "* ]] || shrink=1
  started=$(date +%s.%N)
  KOKKOSTILE_TEST_SHRINK=$shrink timeout -k 10 "$limit" "$sanitizer" --tool "$tool" --error-exitcode 1 "${tool_args[@]}" \
    "${extra_args[@]}" "$binary" --gtest_filter="$test" >"$log" 2>&1 || rc=$?
  seconds=$(echo "$started $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }')
  count=$(sed -nE 's/^=+ (ERROR|RACECHECK) SUMMARY: ([0-9]+) .*/\2/p' "$log" | tail -1)
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    result=TIMEOUT
  elif [ "$rc" -eq 0 ] && grep -q '^\[  SKIPPED \] 1 test' "$log"; then
    result=SKIP
  elif [ "$rc" -eq 0 ] && grep -q '^\[  PASSED  \] 1 test' "$log"; then
    result=PASS
  else
    result=FAIL
  fi
  printf '%-9s %-70s %-7s %7s %s\n' "$tool" "$test" "$result" "$seconds" "${count:--}" |
    tee -a "$summary"
}

printf '# %s  %s  sanitizer %s  filter %s  shard %s  tests %d  limit %ss  jobs %s  shrunk for:%s\n' \
  "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$binary" "$("$sanitizer" --version | sed -n 's/^Version //p')" \
  "$filter" "$shard" ${#tests[@]} "$limit" "$jobs" "${shrink_tools% }" >>"$summary"
first_line=$(($(wc -l <"$summary") + 1))
say "${#tests[@]} of ${#all_tests[@]} tests, tools: ${tools[*]}, $jobs at once;" \
  "${#done_before[@]} (tool, test) pairs done before; summary: $summary"
for tool in "${tools[@]}"; do
  mkdir -p "$out/logs/$tool"
  tool_started=$SECONDS
  for test in "${tests[@]}"; do
    [ -z "${done_before["$tool $test"]:-}" ] || continue
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    run_limit=$limit
    if [ "$end" -gt 0 ]; then
      [ $((end - SECONDS)) -ge 5 ] || { not_started=$((not_started + 1)); continue; }
      [ $((end - SECONDS)) -ge "$limit" ] || run_limit=$((end - SECONDS))
    fi
    run_one "$tool" "$test" "$run_limit" &
  done
  wait
  say "$tool done in $((SECONDS - tool_started)) s"
done

# Counts per tool over this call's lines.
tail -n +"$first_line" "$summary" | awk -v not_started="$not_started" '
  !($1 in n) { order[++k] = $1 }
  { n[$1]++; r[$1, $3]++; if ($5 != "-") c[$1] += $5 }
  END {
    for (i = 1; i <= k; i++) {
      t = order[i]
      printf "sanitize: %-9s %3d run: %3d passed, %d failed, %d timed out, %d skipped; %s: %d\n",
        t, n[t], r[t, "PASS"], r[t, "FAIL"], r[t, "TIMEOUT"], r[t, "SKIP"],
        t == "racecheck" ? "hazards" : "errors", c[t]
      bad += r[t, "FAIL"]; late += r[t, "TIMEOUT"]
    }
    if (late)
      printf "sanitize: %d run(s) TIMED OUT: not covered (see TIMEOUT lines)\n", late
    if (not_started)
      printf "sanitize: %d run(s) not started: KOKKOSTILE_SANITIZE_DEADLINE reached\n", not_started
    exit (bad ? 1 : (late || not_started ? 3 : 0))
  }' >&2
