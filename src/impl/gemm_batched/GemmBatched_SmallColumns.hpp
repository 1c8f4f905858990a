// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// gemm_batched's kernel for tiny matrices (m, n <= 8, k <= 16), on every backend: one thread per
// column of one matrix's C, straight from memory. Such products are bound by memory and by
// instructions per element, not by arithmetic: a team per group of matrices, staged through
// scratch, measured at half the speed of one thread per element of C (plain_kokkos) on an H200 at
// n = 4 and 8, for its barrier and index arithmetic; a thread per row at 0.87-0.92 of it for n = 8,
// its stores 8 elements apart across a warp. A thread per column reads its column of op(B) once
// for the m outputs, its op(A) reads are the same for the matrix's other columns (L1 broadcasts),
// and the threads of a warp store consecutive columns: runs of C's rows (the dispatch makes C's
// columns its contiguous index).

#include <Kokkos_Core.hpp>

#include "impl/core/Core_Scalars.hpp"
#include "impl/core/Core_Unroll.hpp"
#include "impl/gemm_batched/GemmBatched_Operand.hpp"

#include <cstdint>

namespace KokkosTile {
namespace Impl {

inline constexpr int gemm_batched_small_extent = 8;  // m and n at most
inline constexpr int gemm_batched_small_depth = 16;  // k at most

template <class T, class AX, class BX>
struct GemmBatchedColumnKernel {
  static constexpr int M = gemm_batched_small_extent;
  GemmBatchedOperand<AX> a;  // op(A): m x k per matrix
  GemmBatchedOperand<BX> b;  // op(B): k x n
  GemmBatchedOperand<T> c;   // C: m x n
  T alpha, beta;
  int m, n, k;

  KOKKOS_FUNCTION void operator()(std::int64_t e) const {
    const std::int64_t batch = e / n;
    const int j = int(e - batch * n);
    const auto* a_matrix = a.matrix(batch);
    const auto* b_matrix = b.matrix(batch);
    T acc[M];
    KOKKOSTILE_UNROLL
    for (int i = 0; i < M; ++i)
      acc[i] = T(0);
    for (int p = 0; p < k; ++p) {
      const T y = T(b.read(b_matrix, p, j));
      KOKKOSTILE_UNROLL
      for (int i = 0; i < M; ++i)
        if (i < m)
          acc[i] += T(a.read(a_matrix, i, p)) * y;
    }
    T* c_matrix = c.matrix(batch);
    KOKKOSTILE_UNROLL
    for (int i = 0; i < M; ++i) {
      if (i < m)
        gemm_update(c.at(c_matrix, i, j), acc[i], alpha, beta);
    }
  }
};

}  // namespace Impl
}  // namespace KokkosTile
