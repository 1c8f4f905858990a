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

/// Refuses (InvalidArgument naming `call`) Views `a` and `b` that share an element: "<names>
/// overlap: they share elements; <hint>", or, where deciding would take too many steps (large
/// interleaved strided Views), a message that says so rather than claiming an overlap.
template <class ViewA, class ViewB>
void expect_disjoint(const std::string& call, const ViewA& a, const ViewB& b,
                     const std::string& names, const std::string& hint,
                     std::int64_t budget = element_overlap_budget) {
  const ElementOverlap relation = views_element_relation(a, b, budget);
  KOKKOSTILE_EXPECT(relation != ElementOverlap::shared, InvalidArgument, call,
                    names << " overlap: they share elements" << (hint.empty() ? "" : "; ") << hint);
  KOKKOSTILE_EXPECT(relation != ElementOverlap::undecided, InvalidArgument, call,
                    "could not decide within " << budget << " steps whether " << names
                                               << " share elements (their memory interleaves); "
                                                  "give Views whose memory ranges are disjoint, "
                                                  "or copy one of them first");
}

/// Refuses (InvalidArgument naming `call`) an output View of rank 1 or 2 whose strides make two
/// different indices one element: a stride of 0, or two strides that step onto each other's
/// elements (i * s0 + j * s1 repeats within the extents exactly when s1 / g < extent(0) and
/// s0 / g < extent(1), g = gcd(s0, s1)). Writing such an output races.
template <class ViewType>
void expect_distinct_elements(const std::string& call, const ViewType& view,
                              const std::string& name) {
  static_assert(ViewType::rank() == 1 || ViewType::rank() == 2,
                "expect_distinct_elements: rank 1 or 2");
  if (view.size() == 0)
    return;  // no element at all (the stride of an empty extent can be anything)
  bool aliases = false;
  for (unsigned r = 0; r < ViewType::rank(); ++r)
    aliases = aliases || (view.extent(r) > 1 && view.stride(r) == 0);
  if constexpr (ViewType::rank() == 2) {
    const auto s0 = static_cast<std::int64_t>(view.stride(0));
    const auto s1 = static_cast<std::int64_t>(view.stride(1));
    if (!aliases && view.extent(0) > 1 && view.extent(1) > 1 && s0 > 0 && s1 > 0) {
      std::int64_t a = s0, b = s1;
      while (b != 0) {
        const std::int64_t t = a % b;
        a = b;
        b = t;
      }
      aliases = s1 / a < static_cast<std::int64_t>(view.extent(0)) &&
                s0 / a < static_cast<std::int64_t>(view.extent(1));
    }
  }
  KOKKOSTILE_EXPECT(!aliases, InvalidArgument, call,
                    name << "'s strides make different indices one element (extents "
                         << view.extent(0) << (ViewType::rank() == 2 ? " x " : "")
                         << (ViewType::rank() == 2 ? std::to_string(view.extent(1)) : "")
                         << ", strides " << view.stride(0) << (ViewType::rank() == 2 ? ", " : "")
                         << (ViewType::rank() == 2 ? std::to_string(view.stride(1)) : "")
                         << "); an output needs an element per index");
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
