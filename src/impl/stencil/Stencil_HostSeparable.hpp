// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Row kernels of the host stencil for boxes whose weights are an outer product,
// w(ds, df) = slow[ds] * fast[df] exactly (a uniform blur, binomial filters): each input row's
// horizontal sums h = sum fast[df] * row[f + df - R], then each output the vertical sum
// sum slow[ds] * h[p + ds]. A sweep of P output rows over 2 R + P input rows makes (2 R + P)
// (2 R + 1) + P (2 R + 1) multiply-adds per column instead of P (2 R + 1)^2: 15 instead of 25 per
// output for a 5x5 box in sweeps of four rows. Two Xeon cores, 4096^2, uniform 5x5 box, the same
// binary with the taps forced (stencil_host_separable_override): float 4.4 against 6.5 ms, double
// 8.6 against 12.3 (deep_copy 5.6 and 12.0). The sums are in a
// different order than the direct taps (Stencil_HostRows.hpp): within the same bound, not the same
// bits. Lines, prefetches and streaming stores are stencil_rows_by_lines'.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Stencil2D.hpp"
#include "impl/stencil/Stencil_HostRows.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// Benchmarks' and tests' hook: 0 computes separable boxes tap by tap, as any box (-1: factored).
inline int stencil_host_separable_override = -1;

/// slow and fast with w(ds, df) = slow[ds] * fast[df] for every tap of a box of radius r, exactly
/// in T (dense: w(ds, df) at [ds * (2 r + 1) + df]); false if the box is no exact outer product.
template <class T>
bool stencil_separable_factors(const T* dense, int r, T* slow, T* fast) {
  const int width = 2 * r + 1;
  // Each non-zero weight in turn as the pivot the factors divide by: the first whose factors give
  // back every weight exactly (a uniform box: any; slow x fast with slow[2] = 1: a pivot in that
  // row).
  for (int pivot = 0; pivot < width * width; ++pivot) {
    const T w = dense[pivot];
    if (!(w != T(0)) || !std::isfinite(static_cast<double>(w)))
      continue;
    const int ps = pivot / width, pf = pivot % width;
    for (int d = 0; d < width; ++d) {
      fast[d] = dense[ps * width + d];
      slow[d] = dense[d * width + pf] / w;
    }
    bool exact = true;
    for (int ds = 0; ds < width && exact; ++ds)
      for (int df = 0; df < width && exact; ++df)
        exact = slow[ds] * fast[df] == dense[ds * width + df];
    if (exact)
      return true;
  }
  return false;
}

/// One output of row p: sum over ds of slow[ds] * (sum over df of fast[df] * rows[p + ds][f + df -
/// R]), the order of the vector form below.
template <int R, class T>
KOKKOSTILE_IMPL_STENCIL_INLINE T stencil_separable_output(const T* const* rows, const T* slow,
                                                          const T* fast, std::int64_t f) {
  constexpr int W = 2 * R + 1;
  T sum = T(0);
  for (int ds = 0; ds < W; ++ds) {
    const T* row = rows[ds] + f - R;
    T h = fast[0] * row[0];
    for (int df = 1; df < W; ++df)
      h += fast[df] * row[df];
    sum = ds == 0 ? slow[0] * h : sum + slow[ds] * h;
  }
  return sum;
}

/// Columns [f, f + C) of P output rows: the horizontal sums of the 2 R + P rows, then the
/// vertical sums into block. On x86 as runs of vectors VB bytes wide (GCC's vector extensions, as
/// stencil_box_columns_of: the compiler's own vectorisation of these loops left double scalar),
/// elsewhere as loops over k.
template <int VB, int C, int P, int R, class T>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_separable_columns_of(const T* const* rows,
                                                                 const T* slow, const T* fast,
                                                                 std::int64_t f, T (&block)[P][C]) {
  constexpr int W = 2 * R + 1, Q = W + P - 1;
#ifdef KOKKOSTILE_IMPL_STENCIL_X86
  if constexpr ((std::is_same_v<T, float> || std::is_same_v<T, double>)&&C * sizeof(T) % VB == 0) {
    typedef T Line __attribute__((vector_size(VB)));
    constexpr int lanes = VB / static_cast<int>(sizeof(T)), N = C / lanes;
    Line h[Q][N];
    for (int q = 0; q < Q; ++q) {
      const T* row = rows[q] + f - R;
      for (int n = 0; n < N; ++n) {
        Line x;
        std::memcpy(&x, row + n * lanes, sizeof(Line));
        h[q][n] = fast[0] * x;
        for (int df = 1; df < W; ++df) {
          std::memcpy(&x, row + df + n * lanes, sizeof(Line));
          h[q][n] += fast[df] * x;
        }
      }
    }
    for (int p = 0; p < P; ++p) {
      for (int n = 0; n < N; ++n) {
        Line sum = slow[0] * h[p][n];
        for (int ds = 1; ds < W; ++ds)
          sum += slow[ds] * h[p + ds][n];
        std::memcpy(&block[p][n * lanes], &sum, sizeof(Line));
      }
    }
    return;
  }
#endif
  T h[Q][C];
  for (int q = 0; q < Q; ++q) {
    const T* row = rows[q] + f - R;
    for (int k = 0; k < C; ++k)
      h[q][k] = fast[0] * row[k];
    for (int df = 1; df < W; ++df)
      for (int k = 0; k < C; ++k)
        h[q][k] += fast[df] * row[k + df];
  }
  for (int p = 0; p < P; ++p) {
    for (int k = 0; k < C; ++k)
      block[p][k] = slow[0] * h[p][k];
    for (int ds = 1; ds < W; ++ds)
      for (int k = 0; k < C; ++k)
        block[p][k] += slow[ds] * h[p + ds][k];
  }
}

/// The factors of a separable box of radius R (stencil_rows_by_lines' compute).
template <int R, class T>
struct StencilSeparableCompute {
  static constexpr bool by_vector_width = true;
  T slow[2 * R + 1], fast[2 * R + 1];

  KOKKOSTILE_IMPL_STENCIL_INLINE T output(const T* const* rows, std::int64_t f) const {
    return stencil_separable_output<R>(rows, slow, fast, f);
  }
  template <int VB, int C, int P>
  KOKKOSTILE_IMPL_STENCIL_INLINE void columns(const T* const* rows, std::int64_t f,
                                              T (&block)[P][C]) const {
    stencil_separable_columns_of<VB, C, P, R>(rows, slow, fast, f, block);
  }
};

/// outs[p][f] for f in [0, n) and p < P from the 2 R + P rows of row_pointers, as
/// stencil_rows_fixed computes a box, with the weights' factors.
template <int P, int R, class T>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_rows_separable(T* const* outs,
                                                           const T* const* row_pointers,
                                                           const T* slow_weights,
                                                           const T* fast_weights, std::int64_t n,
                                                           bool stream, int vector_bytes) {
  StencilSeparableCompute<R, T> compute;
  for (int d = 0; d < 2 * R + 1; ++d) {
    compute.slow[d] = slow_weights[d];
    compute.fast[d] = fast_weights[d];
  }
  stencil_rows_by_lines<P, 2 * R + 1>(outs, row_pointers, n, stream, vector_bytes, compute);
}

}  // namespace Impl
}  // namespace KokkosTile
