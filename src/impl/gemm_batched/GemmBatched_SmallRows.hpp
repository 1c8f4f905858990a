// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// gemm_batched's kernel for tiny matrices (m, n <= 8, k <= 16), on every backend: one thread per
// row of one matrix's C, straight from memory. Such products are bound by memory and by instructions
// per element, not by arithmetic: a team per group of matrices, staged through scratch, measured
// at half the speed of one thread per element of C (plain_kokkos) on an H200 at n = 4 and 8, for
// its barrier and index arithmetic. A thread per row reads its row of op(A) once for the n
// outputs (one thread per element reads it n times), its op(B) reads are shared in L1 with the
// other rows' threads, and consecutive threads store consecutive rows: one run of C.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_Unroll.hpp"
#include "impl/gemm_batched/GemmBatched_Operand.hpp"

#include <cstdint>

namespace KokkosTile {
namespace Impl {

inline constexpr int gemm_batched_small_extent = 8;  // m and n at most
inline constexpr int gemm_batched_small_depth = 16;  // k at most

template <class T, class AX, class BX>
struct GemmBatchedRowKernel {
  static constexpr int N = gemm_batched_small_extent;
  GemmBatchedOperand<AX> a;  // op(A): m x k per matrix
  GemmBatchedOperand<BX> b;  // op(B): k x n
  GemmBatchedOperand<T> c;   // C: m x n
  T alpha, beta;
  int m, n, k;

  KOKKOS_FUNCTION void operator()(std::int64_t e) const {
    const std::int64_t batch = e / m;
    const int i = int(e - batch * m);
    const auto* a_matrix = a.matrix(batch);
    const auto* b_matrix = b.matrix(batch);
    T acc[N];
    KOKKOSTILE_UNROLL
    for (int j = 0; j < N; ++j)
      acc[j] = T(0);
    for (int p = 0; p < k; ++p) {
      const T x = T(a.read(a_matrix, i, p));
      KOKKOSTILE_UNROLL
      for (int j = 0; j < N; ++j)
        if (j < n)
          acc[j] += x * T(b.read(b_matrix, p, j));
    }
    T* c_matrix = c.matrix(batch);
    KOKKOSTILE_UNROLL
    for (int j = 0; j < N; ++j) {
      if (j < n) {
        T& out = c.at(c_matrix, i, j);
        out = beta == T(0) ? alpha * acc[j] : alpha * acc[j] + beta * out;
      }
    }
  }
};

}  // namespace Impl
}  // namespace KokkosTile
