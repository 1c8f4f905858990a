// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Which index of a rank-2 View is contiguous in memory, and its strides along ("fast") and across
// ("slow") its lines: how the team copies, the algorithms' kernels and your own team kernels put
// consecutive threads on consecutive addresses whatever the layout (Left, Right, Stride, subviews).

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

namespace KokkosTile {

/// True when index 0 of a rank-2 View is the one that moves fastest through memory.
template <class View2D>
KOKKOS_INLINE_FUNCTION bool leftmost_index_is_contiguous(const View2D& view) {
  using layout = typename View2D::array_layout;
  if constexpr (std::is_same_v<layout, Kokkos::LayoutLeft>) {
    return true;
  } else if constexpr (std::is_same_v<layout, Kokkos::LayoutRight>) {
    return false;
  } else {
    return view.stride(0) <= view.stride(1);
  }
}

/// Strides of a rank-2 View along its contiguous ("fast") index and along the other ("slow") one.
struct LineStrides {
  std::int64_t fast;
  std::int64_t slow;
};

template <class View2D>
LineStrides line_strides(const View2D& view) {
  if (leftmost_index_is_contiguous(view))
    return {static_cast<std::int64_t>(view.stride(0)), static_cast<std::int64_t>(view.stride(1))};
  return {static_cast<std::int64_t>(view.stride(1)), static_cast<std::int64_t>(view.stride(0))};
}

}  // namespace KokkosTile
