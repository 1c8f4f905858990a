#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 KokkosTile developers
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks that what README.md and docs/ say about the tree is true of the tree.

    python3 cmake/check_readme_facts.py        (from the repository root; standard library only)

Prints one line per failed check and exits 1, or "check_readme_facts: all N checks passed".
The checks:
  - README.md has at most 400 lines (docs/ holds the rest);
  - no file under src/ has more than 400 lines;
  - no public header src/KokkosTile_*.hpp has more than 40 lines inside `namespace Impl { ... }`
    blocks (machinery belongs in src/impl/);
  - every repository path cited in README.md, docs/*.md and the comments of src/**/*.hpp exists
    (src/..., impl/... (relative to src/), perf_tests/..., unit_tests/..., cmake/..., examples/...,
    docs/..., .ci/...). A removed result folder or retired exploration program (a path under
    perf_tests/results/ or perf_tests/experiments/) followed by "commit <hash>" before the next
    path lives in git history: it is exempt from existing in the tree, and where git can answer,
    it must exist at that commit. In README.md and docs/ the commit must be on the path's line; in
    a comment of src/ it may be on the comment's next line (clang-format wraps comments).
    Paths with placeholders (<algo>, *) are checked up to the placeholder (globs must match);
  - every header file name cited by itself in README.md and docs/*.md (KokkosTile_X.hpp,
    Core_X.hpp, Gemm_X.hpp, ...) is a file under src/, and every Test_X.cpp one under unit_tests/;
  - every #include "..." in src/ resolves to a file in src/;
  - the layer rules of docs/architecture.md hold for the #include lines of src/:
      1. the scratch core (KokkosTile_ScratchTile, _ScratchBudget, _TeamCopy, _TeamLoops) includes
         only KokkosTile_Assert.hpp and itself: nothing of src/impl/;
      2. src/impl/core/ includes only KokkosTile_Assert.hpp, the scratch core and impl/core/;
      3. src/impl/cluster/ and src/impl/memory/ include no algorithm (no impl/<algorithm>/ file,
         no public algorithm header);
      4. an algorithm's folder src/impl/<algorithm>/ includes no other algorithm's folder and no
         other algorithm's public headers (src/impl/gemm_batched/ is GEMM's);
      5. the team primitives (KokkosTile_TeamGemm.hpp, src/impl/team/) include only
         KokkosTile_Assert.hpp, the scratch core, impl/core/ and themselves.
"""
import glob
import os
import re
import subprocess
import sys

MAX_README_LINES = 400
MAX_SRC_LINES = 400
MAX_IMPL_LINES_IN_PUBLIC_HEADER = 40

ALGORITHMS = ["reverse", "transpose", "stencil", "gemm", "histogram"]
# The public headers of each algorithm (entry point and options).
ALGORITHM_HEADERS = {
    "reverse": ["KokkosTile_Reverse.hpp"],
    "transpose": ["KokkosTile_Transpose.hpp", "KokkosTile_TransposeOptions.hpp"],
    "stencil": ["KokkosTile_Stencil.hpp", "KokkosTile_Stencil2D.hpp",
                "KokkosTile_StencilOptions.hpp"],
    "gemm": ["KokkosTile_Gemm.hpp", "KokkosTile_GemmOptions.hpp", "KokkosTile_GemmBatched.hpp"],
    "histogram": ["KokkosTile_Histogram.hpp", "KokkosTile_HistogramOptions.hpp"],
}
# Folders of src/impl/ that belong to an algorithm of another name (GEMM's batched form).
FOLDER_ALGORITHM = {"gemm_batched": "gemm"}
# The team primitives (layer rule 5): public headers, and their folder src/impl/team/.
TEAM_HEADERS = ["KokkosTile_TeamGemm.hpp", "KokkosTile_TeamTranspose.hpp",
                "KokkosTile_TeamHistogram.hpp", "KokkosTile_TeamHalo.hpp"]
SCRATCH_CORE = ["KokkosTile_ScratchTile.hpp", "KokkosTile_ScratchBudget.hpp",
                "KokkosTile_TeamCopy.hpp", "KokkosTile_TeamLoops.hpp", "KokkosTile_ViewLines.hpp"]

# Where the build writes and git ignores: cited as where things go, never committed.
GENERATED = ("perf_tests/results/local/",)
# Folders whose removed entries README.md, docs/ and comments cite with the commit that holds them
# (perf_tests/results/README.md and perf_tests/experiments/README.md list them).
HISTORY = ("perf_tests/results/", "perf_tests/experiments/")
PATH_RE = re.compile(r"(?<![\w./<>-])((?:src|impl|perf_tests|unit_tests|cmake|examples|docs|\.ci)/"
                     r"[\w./<>*+-]*)")
COMMIT_RE = re.compile(r"\bcommits?\s+([0-9a-f]{7,40})\b")
HEADER_NAME_RE = re.compile(
    r"(?<![\w/<>-])((?:KokkosTile|Core|Cluster|Memory|Reverse|Transpose|Stencil|Gemm|Histogram)"
    r"_[A-Za-z0-9]+\.hpp)\b")
TEST_NAME_RE = re.compile(r"(?<![\w/<>-])(Test_[A-Za-z0-9]+\.cpp)\b")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')

failures = []
checks = 0


def check(condition, message):
    global checks
    checks += 1
    if not condition:
        failures.append(message)


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")


def line_count(path):
    # As wc -l: newline characters.
    with open(path, encoding="utf-8") as f:
        return f.read().count("\n")


def have_git():
    try:
        return subprocess.run(["git", "rev-parse", "--git-dir"], capture_output=True,
                              timeout=30).returncode == 0
    except OSError:
        return False


def in_git_commit(commit, path):
    result = subprocess.run(["git", "cat-file", "-e", f"{commit}:{path.rstrip('/')}"],
                            capture_output=True, timeout=30)
    return result.returncode == 0


def src_files(pattern="**/*"):
    return sorted(p for p in glob.glob(os.path.join("src", pattern), recursive=True)
                  if os.path.isfile(p))


def comment_lines(path):
    """(line number, text) of the comments of a C++ file: // to the end of a line, /* ... */."""
    out = []
    in_block = False
    for number, line in enumerate(read_lines(path), 1):
        text = ""
        rest = line
        while rest:
            if in_block:
                end = rest.find("*/")
                if end < 0:
                    text += rest
                    rest = ""
                else:
                    text += rest[:end] + " "
                    rest = rest[end + 2:]
                    in_block = False
            else:
                # Skip string literals, so that "//" inside one is not a comment.
                match = re.search(r'//|/\*|"(?:\\.|[^"\\])*"', rest)
                if not match:
                    break
                if match.group(0) == "//":
                    # Doxygen's ///, //! and ///< are comments too.
                    text += re.sub(r"^[/!]<?", "", rest[match.end():])
                    break
                if match.group(0) == "/*":
                    in_block = True
                rest = rest[match.end():]
        if text.strip():
            out.append((number, text))
    return out


def code_of(line):
    """A line without its // comment and string or character literals (for brace counting)."""
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    line = re.sub(r"'(?:\\.|[^'\\])*'", "''", line)
    cut = line.find("//")
    return line if cut < 0 else line[:cut]


def impl_namespace_lines(path):
    """Lines strictly between the opening and the closing line of `namespace Impl { ... }` blocks
    (braces counted outside comments and literals)."""
    lines = read_lines(path)
    total = 0
    i = 0
    while i < len(lines):
        if not re.match(r"^\s*namespace\s+(?:KokkosTile::)?Impl\s*\{", code_of(lines[i])):
            i += 1
            continue
        depth = 0
        j = i
        while j < len(lines):
            code = code_of(lines[j])
            depth += code.count("{") - code.count("}")
            if depth <= 0:
                break
            j += 1
        total += max(0, j - i - 1)
        i = j + 1
    return total


def check_path(source, number, path, rest_of_line):
    """One cited path: exists in the tree, or (a removed result or program under a commit) exists
    at that commit."""
    where = f"{source}:{number}"
    cited = path.rstrip(".,:;)")
    if cited.startswith("impl/"):
        cited = "src/" + cited
    # A placeholder (<algo>, *, ...) ends the fixed part of the path.
    placeholder = re.search(r"<|\*|\.\.\.", cited)
    fixed = cited[:placeholder.start()] if placeholder else cited
    if fixed.startswith(GENERATED):
        return
    if cited.startswith(HISTORY) and cited not in HISTORY:
        commit = COMMIT_RE.search(rest_of_line)
        if commit:
            check(not git_ok or in_git_commit(commit.group(1), cited),
                  f"{where}: {path} is not in commit {commit.group(1)}")
            return
    if not placeholder:
        check(os.path.exists(cited), f"{where}: {path} does not exist")
    elif "*" in cited and "<" not in cited:
        check(bool(glob.glob(cited)), f"{where}: {path} matches no file")
    else:
        folder = fixed if fixed.endswith("/") else os.path.dirname(fixed) + "/"
        check(os.path.isdir(folder), f"{where}: {path}: {folder} does not exist")


def check_paths_in(source, lines, wrapped=False):
    """lines: (line number, text) pairs; wrapped: a commit may follow on the next line."""
    for index, (number, text) in enumerate(lines):
        matches = list(PATH_RE.finditer(text))
        following = ""
        if wrapped and index + 1 < len(lines) and lines[index + 1][0] == number + 1:
            following = " " + lines[index + 1][1]
            next_path = PATH_RE.search(following)
            if next_path:
                following = following[:next_path.start()]
        for k, match in enumerate(matches):
            end = matches[k + 1].start() if k + 1 < len(matches) else len(text)
            path = match.group(1)
            rest = text[match.end():end] + (following if k + 1 == len(matches) else "")
            check_path(source, number, path, rest)


def main():
    global git_ok
    if not os.path.isfile("README.md") or not os.path.isdir("src"):
        print("check_readme_facts: run from the repository root")
        return 2
    git_ok = have_git()

    # README length.
    n = line_count("README.md")
    check(n <= MAX_README_LINES, f"README.md: {n} lines, more than {MAX_README_LINES}")

    # File lengths under src/.
    for path in src_files():
        n = line_count(path)
        check(n <= MAX_SRC_LINES, f"{path}: {n} lines, more than {MAX_SRC_LINES}")

    # Machinery in public headers.
    for path in src_files("KokkosTile_*.hpp"):
        n = impl_namespace_lines(path)
        check(n <= MAX_IMPL_LINES_IN_PUBLIC_HEADER,
              f"{path}: {n} lines inside namespace Impl, more than "
              f"{MAX_IMPL_LINES_IN_PUBLIC_HEADER} (move them to src/impl/)")

    # Cited paths.
    docs = ["README.md"] + sorted(glob.glob("docs/*.md"))
    for doc in docs:
        check_paths_in(doc, list(enumerate(read_lines(doc), 1)))
    for path in src_files("**/*.hpp"):
        check_paths_in(path, comment_lines(path), wrapped=True)

    # File names cited without their folder.
    src_names = {os.path.basename(p) for p in src_files()}
    test_names = {os.path.basename(p) for p in glob.glob("unit_tests/**/*.cpp", recursive=True)}
    for doc in docs:
        for number, text in enumerate(read_lines(doc), 1):
            for match in HEADER_NAME_RE.finditer(text):
                check(match.group(1) in src_names,
                      f"{doc}:{number}: {match.group(1)} is no file under src/")
            for match in TEST_NAME_RE.finditer(text):
                check(match.group(1) in test_names,
                      f"{doc}:{number}: {match.group(1)} is no file under unit_tests/")

    # Includes resolve, and the layer rules.
    public_algorithm = {h: a for a, hs in ALGORITHM_HEADERS.items() for h in hs}
    for path in src_files("**/*.hpp"):
        rel = os.path.relpath(path, "src")
        folder = rel.split(os.sep)[1] if rel.startswith("impl" + os.sep) else None
        folder = FOLDER_ALGORITHM.get(folder, folder)
        name = os.path.basename(path)
        for number, line in enumerate(read_lines(path), 1):
            match = INCLUDE_RE.match(line)
            if not match:
                continue
            inc = match.group(1)
            where = f"{path}:{number}"
            check(os.path.isfile(os.path.join("src", inc)), f"{where}: #include \"{inc}\" is no "
                  "file under src/")
            inc_folder = inc.split("/")[1] if inc.startswith("impl/") else None
            inc_folder = FOLDER_ALGORITHM.get(inc_folder, inc_folder)
            if folder == "team" or name in TEAM_HEADERS:
                check(inc in SCRATCH_CORE + TEAM_HEADERS + ["KokkosTile_Assert.hpp"] or
                      inc_folder in ("core", "team"),
                      f"{where}: the team primitives include {inc} (layer rule 5)")
            if name in SCRATCH_CORE:
                check(inc in SCRATCH_CORE + ["KokkosTile_Assert.hpp"],
                      f"{where}: the scratch core includes {inc} (layer rule 1)")
            if folder == "core":
                check(inc in SCRATCH_CORE + ["KokkosTile_Assert.hpp"] or inc_folder == "core",
                      f"{where}: impl/core/ includes {inc} (layer rule 2)")
            if folder in ("cluster", "memory"):
                check(inc_folder not in ALGORITHMS and inc not in public_algorithm,
                      f"{where}: impl/{folder}/ includes the algorithm file {inc} (layer rule 3)")
            if folder in ALGORITHMS:
                other = inc_folder if inc_folder in ALGORITHMS else public_algorithm.get(inc)
                check(other is None or other == folder,
                      f"{where}: impl/{folder}/ includes {inc}, of the algorithm {other} "
                      "(layer rule 4)")
            if name in public_algorithm:
                own = public_algorithm[name]
                check(inc_folder not in ALGORITHMS or inc_folder == own,
                      f"{where}: the {own} header includes {inc} (layer rule 4)")

    for failure in failures:
        print(failure)
    if failures:
        print(f"check_readme_facts: {len(failures)} of {checks} checks failed")
        return 1
    print(f"check_readme_facts: all {checks} checks passed")
    return 0


git_ok = False

if __name__ == "__main__":
    sys.exit(main())
