// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// gemm_batched's device kernel for tiny matrices (m, n <= 8, k <= 16): a team of 256 threads per
// group of G consecutive matrices. Tiny matrices are bound by memory, not arithmetic, so what
// matters is reading whole runs of addresses: the team stages op(A) and op(B) of its G matrices
// into scratch, numbering elements along each operand's contiguous index with the batch index
// next (consecutive matrices of a batch-first LayoutRight View are one run), then each thread
// computes elements of C from scratch and stores them in C's order. A team per matrix (the tile
// kernel, GemmBatched_Device.hpp) would spend a launch slot and a barrier on 64 elements.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_Unroll.hpp"
#include "impl/gemm/Gemm_Simple.hpp"
#include "impl/gemm_batched/GemmBatched_Operand.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

inline constexpr int gemm_batched_small_extent = 8;   // m and n at most
inline constexpr int gemm_batched_small_depth = 16;   // k at most
inline constexpr int gemm_batched_small_threads = 256;

/// Elements of op(A), op(B) and C per thread and team, at most.
inline constexpr int gemm_batched_small_share = 4;

/// Matrices per team: at most gemm_batched_small_share elements of each of op(A), op(B) and C
/// per thread.
inline int gemm_batched_small_group(int m, int n, int k) {
  const int largest = std::max(m * n, std::max(m * k, k * n));
  const int group = gemm_batched_small_share * gemm_batched_small_threads / largest;
  return group < 1 ? 1 : group;
}

template <class ExecSpace, class T, class AX, class BX>
struct GemmBatchedSmallKernel {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  static constexpr int threads = gemm_batched_small_threads;

  GemmBatchedOperand<AX> a;  // op(A): m x k per matrix
  GemmBatchedOperand<BX> b;  // op(B): k x n
  GemmBatchedOperand<T> c;   // C: m x n
  T alpha, beta;
  int m, n, k;
  int group;
  std::int64_t batch;
  int level;

  static std::size_t scratch_bytes(int group, int m, int n, int k) {
    return gemm_scratch_bytes<T>(std::size_t(group) * m * k) +
           gemm_scratch_bytes<T>(std::size_t(group) * k * n);
  }

  /// s[(g * rows + r) * cols + cc] = op(X_{first + g})(r, cc) for the team's matrices, walking
  /// op(X) along its contiguous index, then the batch. Every load of the thread's share is issued
  /// before the first store into scratch (which a load cannot pass: the compiler cannot tell the
  /// pointers apart), so that they are in flight together.
  template <class X>
  KOKKOS_FORCEINLINE_FUNCTION void stage(const member_type& team, const GemmBatchedOperand<X>& x,
                                         std::int64_t first, int count, int rows, int cols,
                                         T* s) const {
    const bool rows_fast = x.rows_contiguous();
    const int per_matrix = rows * cols, total = count * per_matrix;
    T value[gemm_batched_small_share];
    int slot[gemm_batched_small_share];
    KOKKOSTILE_UNROLL
    for (int u = 0; u < gemm_batched_small_share; ++u) {
      const int e = team.team_rank() + u * threads;
      const int g = e / per_matrix, within = e % per_matrix;
      const int r = rows_fast ? within % rows : within / cols;
      const int cc = rows_fast ? within / rows : within % cols;
      slot[u] = e < total ? e - within + r * cols + cc : -1;
      value[u] = e < total ? T(x.read(x.matrix(first + g), r, cc)) : T(0);
    }
    KOKKOSTILE_UNROLL
    for (int u = 0; u < gemm_batched_small_share; ++u)
      if (slot[u] >= 0)
        s[slot[u]] = value[u];
  }

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const std::int64_t first = std::int64_t(team.league_rank()) * group;
    const int count = int(batch - first < group ? batch - first : group);
    T* as = gemm_scratch<T>(team, level, std::size_t(group) * m * k);
    T* bs = gemm_scratch<T>(team, level, std::size_t(group) * k * n);
    stage(team, a, first, count, m, k, as);
    stage(team, b, first, count, k, n, bs);
    team.team_barrier();
    const int cells = m * n;
    const bool c_rows_fast = c.rows_contiguous();
    for (int e = team.team_rank(); e < count * cells; e += threads) {
      const int g = e / cells, within = e % cells;
      const int i = c_rows_fast ? within % m : within / n;
      const int j = c_rows_fast ? within / m : within % n;
      const T* arow = as + (std::size_t(g) * m + i) * k;
      const T* bcol = bs + std::size_t(g) * k * n + j;
      T sum = T(0);
      for (int p = 0; p < k; ++p)
        sum += arow[p] * bcol[p * n];
      T& out = c.at(c.matrix(first + g), i, j);
      out = beta == T(0) ? alpha * sum : alpha * sum + beta * out;
    }
  }
};

}  // namespace Impl
}  // namespace KokkosTile
