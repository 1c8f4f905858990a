// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// A batch of matrices as gemm_batched's kernels see it: op(X_b) for every batch index b, as a
// pointer and three strides (batch, row, column of op(X)), whatever the caller's layout. A
// transpose swaps the row and column strides; "C" conjugates where an element is read. The
// entry point converts rank-3 Views to one kernel View type per value type and memory space
// (GemmBatchedKernelView), so that the kernels compile once, not once per caller's layout.

#include <Kokkos_Core.hpp>

#include "impl/gemm/Gemm_Operand.hpp"

#include <cstdint>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

template <class X, class MemorySpace>
using GemmBatchedKernelView =
    Kokkos::View<X***, Kokkos::LayoutStride, MemorySpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

/// v (rank 3, batch index first) as GemmBatchedKernelView, read-only (X const) or writable.
template <class KernelView, class ViewType>
KernelView gemm_batched_kernel_view(const ViewType& v) {
  return KernelView(v.data(), Kokkos::LayoutStride(v.extent(0), v.stride(0), v.extent(1),
                                                   v.stride(1), v.extent(2), v.stride(2)));
}

/// op(X_b)(r, c) = data[b * batch_stride + r * row_stride + c * col_stride], conjugated when
/// `conjugate` (complex value types only).
template <class X>
struct GemmBatchedOperand {
  using value_type = std::remove_const_t<X>;
  X* data = nullptr;
  std::int64_t batch_stride = 0, row_stride = 0, col_stride = 0;
  int rows = 0, cols = 0;
  bool conjugate = false;

  GemmBatchedOperand() = default;
  template <class KernelView>
  GemmBatchedOperand(const KernelView& v, bool trans, bool conj)
      : data(v.data()),
        batch_stride(v.stride(0)),
        row_stride(trans ? v.stride(2) : v.stride(1)),
        col_stride(trans ? v.stride(1) : v.stride(2)),
        rows(int(trans ? v.extent(2) : v.extent(1))),
        cols(int(trans ? v.extent(1) : v.extent(2))),
        conjugate(is_gemm_complex_v<value_type> && conj) {}

  /// op(X)^T for every matrix: the same memory, row and column swapped.
  GemmBatchedOperand transposed() const {
    GemmBatchedOperand t = *this;
    t.row_stride = col_stride;
    t.col_stride = row_stride;
    t.rows = cols;
    t.cols = rows;
    return t;
  }

  /// op(X_b)(r, c) and op(X_b)(r + 1, c) are adjacent in memory (else, in general, columns are).
  KOKKOS_FORCEINLINE_FUNCTION bool rows_contiguous() const { return row_stride < col_stride; }

  KOKKOS_FORCEINLINE_FUNCTION X* matrix(std::int64_t b) const { return data + b * batch_stride; }

  KOKKOS_FORCEINLINE_FUNCTION value_type read(const X* matrix, int r, int c) const {
    const value_type x = matrix[r * row_stride + c * col_stride];
    if constexpr (is_gemm_complex_v<value_type>)
      return conjugate ? Kokkos::conj(x) : x;
    else
      return x;
  }
  KOKKOS_FORCEINLINE_FUNCTION X& at(X* matrix, int r, int c) const {
    return matrix[r * row_stride + c * col_stride];
  }
};

}  // namespace Impl
}  // namespace KokkosTile
