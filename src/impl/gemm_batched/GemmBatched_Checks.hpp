// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// What KokkosTile::gemm_batched accepts beyond gemm's rules (impl/gemm/Gemm_Checks.hpp): rank-3
// Views, batch index first, and an output with an element per index.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"

#include <cstdint>
#include <string>

namespace KokkosTile {
namespace Impl {

template <class ExecSpace, class ViewType>
constexpr void check_gemm_batched_view() {
  static_assert(Kokkos::is_view<ViewType>::value, "KokkosTile::gemm_batched needs Kokkos::Views");
  static_assert(ViewType::rank() == 3,
                "KokkosTile::gemm_batched needs rank-3 Views (batch, row, column)");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename ViewType::memory_space>::accessible,
                "KokkosTile::gemm_batched: the execution space cannot access the View's memory "
                "space");
}

/// Refuses (InvalidArgument) a rank-3 output whose strides could make two indices one element. It
/// accepts strides that nest: sorted by stride, each index of extent above 1 steps past the whole
/// range of the ones before it (every Kokkos layout, padded strides and subviews do). Anything
/// else (a stride of 0, interleaved matrices) is refused, also where it might not alias: a wrong
/// refusal is an error message, a wrong acceptance a data race.
template <class ViewType>
void expect_nested_strides(const std::string& call, const ViewType& view, const std::string& name) {
  if (view.size() == 0)
    return;
  struct Dim {
    std::int64_t extent, stride;
  };
  Dim dims[3];
  int count = 0;
  for (int r = 0; r < 3; ++r)
    if (view.extent(r) > 1)
      dims[count++] = Dim{std::int64_t(view.extent(r)), std::int64_t(view.stride(r))};
  for (int d = 1; d < count; ++d)  // insertion sort by stride (at most three)
    for (int e = d; e > 0 && dims[e].stride < dims[e - 1].stride; --e) {
      const Dim t = dims[e];
      dims[e] = dims[e - 1];
      dims[e - 1] = t;
    }
  bool nested = true;
  std::int64_t reach = 1;  // elements one index past the ranges of the smaller strides
  for (int d = 0; d < count; ++d) {
    nested = nested && dims[d].stride >= reach;
    reach = dims[d].stride * (dims[d].extent - 1) + reach;
  }
  KOKKOSTILE_EXPECT(nested, InvalidArgument, call,
                    name << "'s strides (" << view.stride(0) << ", " << view.stride(1) << ", "
                         << view.stride(2) << " for extents " << view.extent(0) << " x "
                         << view.extent(1) << " x " << view.extent(2)
                         << ") do not nest, so indices may share an element; an output needs an "
                            "element per index");
}

}  // namespace Impl
}  // namespace KokkosTile
