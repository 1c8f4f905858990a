// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// op(X) for GEMM: a rank-2 View read as itself or as its transpose, with 64-bit indices, and which
// of op(X)'s two indices is the contiguous one in memory (so that tile loads can put consecutive
// threads on consecutive addresses whatever the layout, stride or transpose). For complex value
// types op(X) may also be conjugated ("C"), applied where an element is read, never by copying.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_BackendTraits.hpp"
#include "impl/core/Core_KernelViews.hpp"
#include "impl/core/Core_Scalars.hpp"

#include <cstdint>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// The one View type GEMM's kernels see for an operand (X const) or for C (X non-const):
/// Core_KernelViews.hpp's strided, unmanaged rank-2 View in the caller's memory space.
/// KokkosTile::gemm converts every View it is given to it, and the padded and complex-split paths
/// view their planes through it too. The kernels index through strides anyway (GemmOperand; C only
/// in its epilogue), so only compile time changes.
template <class X, class MemorySpace>
using GemmKernelView = KernelView2D<X, MemorySpace>;

/// v as GemmKernelView: read-only for operands, writable for C.
template <class ViewType>
GemmKernelView<typename ViewType::const_value_type, typename ViewType::memory_space>
gemm_operand_view(const ViewType& v) {
  return input_kernel_view_2d(v);
}
template <class ViewType>
GemmKernelView<typename ViewType::non_const_value_type, typename ViewType::memory_space>
gemm_output_view(const ViewType& v) {
  return output_kernel_view_2d(v);
}

/// op(X) as a pointer and two strides: every Kokkos layout (Left, Right, Stride, subviews) is a
/// strided array, and a transpose only swaps the strides, so the kernels index one way for all.
/// `conjugate` (complex value types only: for real ones "C" is "T" and the flag stays false) makes
/// operator() return conj(X(c, r)); the kernels that read `data` directly (the tuned device
/// kernel's packets, the host packed panels) take real value types only.
template <class ViewType>
struct GemmOperand {
  using value_type = typename ViewType::non_const_value_type;

  const value_type* data = nullptr;
  std::int64_t row_stride = 0, col_stride = 0;  // of op(X)
  std::int64_t row_count = 0, col_count = 0;    // of op(X)
  bool rows_contiguous = false;  // op(X)(r, c) and op(X)(r + 1, c) are adjacent in memory
  bool conjugate = false;        // op(X)(r, c) = conj(X(c, r)): complex value types only

  GemmOperand() = default;
  GemmOperand(const ViewType& v, bool trans, bool conj = false)
      : data(v.data()), conjugate(is_gemm_complex_v<value_type> && conj) {
    const std::int64_t s0 = v.stride(0), s1 = v.stride(1);
    row_stride = trans ? s1 : s0;
    col_stride = trans ? s0 : s1;
    row_count = trans ? v.extent(1) : v.extent(0);
    col_count = trans ? v.extent(0) : v.extent(1);
    // The index with the smaller stride is the contiguous one (ties: a single row or column).
    rows_contiguous = row_stride <= col_stride;
  }

  std::int64_t rows() const { return row_count; }
  std::int64_t cols() const { return col_count; }

  KOKKOS_FORCEINLINE_FUNCTION value_type operator()(std::int64_t r, std::int64_t c) const {
    if constexpr (is_gemm_complex_v<value_type>) {
      const value_type x = data[r * row_stride + c * col_stride];
      return conjugate ? Kokkos::conj(x) : x;
    } else {
      return data[r * row_stride + c * col_stride];
    }
  }
};

/// Reads element `e` of a rows x cols tile of op(X) at (row0, col0), numbering the tile's elements
/// along op(X)'s contiguous index so that consecutive e are consecutive addresses. Elements outside
/// op(X) read as zero, which adds nothing to a product. Returns the tile coordinates in r, c.
template <class Operand>
KOKKOS_FORCEINLINE_FUNCTION typename Operand::value_type load_gemm_tile_element(
    const Operand& x, std::int64_t x_rows, std::int64_t x_cols, std::int64_t row0,
    std::int64_t col0, int tile_rows, int tile_cols, int e, int& r, int& c) {
  if (x.rows_contiguous) {
    r = e % tile_rows;
    c = e / tile_rows;
  } else {
    c = e % tile_cols;
    r = e / tile_cols;
  }
  const std::int64_t gr = row0 + r, gc = col0 + c;
  using T = typename Operand::value_type;
  return (gr < x_rows && gc < x_cols) ? x(gr, gc) : T(0);
}

}  // namespace Impl
}  // namespace KokkosTile
