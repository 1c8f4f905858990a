#!/usr/bin/env bash
# ctest driver for the README's command blocks: runs one block, as ReadmeSnippets.cmake extracted it
# from README.md, line by line as a user types it, from the repository root of a fresh copy of the
# source tree.
#
#   run_readme_commands.sh COMMANDS_FILE SOURCE_DIR WORK_DIR EXPECTED_REGEX
#
# The copy, WORK_DIR/tree, holds a symbolic link to each top-level entry of SOURCE_DIR except build/,
# .git and .cache (as a fresh clone has them), so that what the commands build lands in
# WORK_DIR/tree/build and nothing of an earlier build is reused. The output must match
# EXPECTED_REGEX (what the application prints), unless KOKKOSTILE_APP_BUILD_ONLY is set (a machine
# without the flavour's device: the block builds and does not run).
#
# The cuda flavour finds its Kokkos build and its sources beside the tree (../shared/deps) and in
# <tree>/.cache; a copy elsewhere is told where they are, unless the environment says already.
set -euo pipefail

commands=$1
source_dir=$2
work=$3
expected=$4

[ -f "$commands" ] || { echo "run_readme_commands.sh: no $commands" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work/tree"
for entry in "$source_dir"/* "$source_dir"/.[!.]*; do
  [ -e "$entry" ] || continue
  case "$(basename "$entry")" in build | .git | .cache) continue ;; esac
  ln -s "$entry" "$work/tree/"
done
if [ -z "${KOKKOSTILE_DEPS_DIR:-}" ] && [ -d "$source_dir/../shared/deps" ]; then
  KOKKOSTILE_DEPS_DIR=$(cd "$source_dir/../shared/deps" && pwd)
  export KOKKOSTILE_DEPS_DIR
fi
export KOKKOSTILE_CACHE_DIR=${KOKKOSTILE_CACHE_DIR:-$source_dir/.cache}

cd "$work/tree"
echo "README commands ($(head -n 1 "$commands" | sed 's/^# //')), in a fresh copy of the tree: $PWD"
status=0
# -x shows each command as it runs; -e stops at the first that fails.
bash -xe "$commands" 2>&1 | tee "$work/output.log" || status=$?
if [ "$status" != 0 ]; then
  echo "README commands failed (exit status $status)" >&2
  exit "$status"
fi
if [ -n "${KOKKOSTILE_APP_BUILD_ONLY:-}" ]; then
  echo "README commands: built; the application was not run (KOKKOSTILE_APP_BUILD_ONLY)"
elif ! grep -Eq "$expected" "$work/output.log"; then
  echo "README commands: the output does not show '$expected'" >&2
  exit 1
fi
