// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// KokkosTile's version. CMakeLists.txt reads these three lines for the package version
// (find_package(KokkosTile 0.2)), so the macros and the package always agree.

#define KOKKOSTILE_VERSION_MAJOR 0
#define KOKKOSTILE_VERSION_MINOR 2
#define KOKKOSTILE_VERSION_PATCH 0

/// One number for preprocessor comparisons: 10000 * major + 100 * minor + patch (0.1.0 -> 100).
#define KOKKOSTILE_VERSION \
  (KOKKOSTILE_VERSION_MAJOR * 10000 + KOKKOSTILE_VERSION_MINOR * 100 + KOKKOSTILE_VERSION_PATCH)
