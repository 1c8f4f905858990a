// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Host-side checks on Views shared by the entry points.

#include <Kokkos_Core.hpp>

#include <climits>
#include <cstdint>
#include <string>

#include "KokkosTile_Assert.hpp"

namespace KokkosTile {
namespace Impl {

/// True when the memory spans of the two Views intersect (aliasing outputs would race).
template <class ViewA, class ViewB>
bool views_overlap(const ViewA& a, const ViewB& b) {
  if (a.span() == 0 || b.span() == 0)
    return false;
  const auto a_begin = reinterpret_cast<std::uintptr_t>(a.data());
  const auto b_begin = reinterpret_cast<std::uintptr_t>(b.data());
  const auto a_end = a_begin + a.span() * sizeof(typename ViewA::value_type);
  const auto b_end = b_begin + b.span() * sizeof(typename ViewB::value_type);
  return a_begin < b_end && b_begin < a_end;
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
