// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Host-side checks on Views shared by the entry points.

#include <Kokkos_Core.hpp>

#include <climits>
#include <cstdint>
#include <string>

#include "KokkosTile_Assert.hpp"
#include "impl/core/Core_ElementOverlap.hpp"

namespace KokkosTile {
namespace Impl {

/// True when the two Views share an element: Views that only share memory (disjoint blocks of one
/// matrix, the even and the odd elements of one array) do not overlap. Core_ElementOverlap.hpp
/// says how, and when it answers "overlap" without deciding.
template <class ViewA, class ViewB>
bool views_overlap(const ViewA& a, const ViewB& b) {
  return views_share_elements(a, b);
}

/// A league size that fits Kokkos' int, or an InvalidArgument naming the call.
inline int checked_league_size(const std::string& call, std::int64_t teams) {
  KOKKOSTILE_EXPECT(teams <= INT_MAX, InvalidArgument, call,
                    "the work needs " << teams << " teams, more than a league can have (" << INT_MAX
                                      << "); use larger tiles or chunks");
  return static_cast<int>(teams);
}

inline std::int64_t ceil_div(std::int64_t numerator, std::int64_t denominator) {
  return (numerator + denominator - 1) / denominator;
}

}  // namespace Impl
}  // namespace KokkosTile
