// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// gemm_batched on host backends (Serial, OpenMP, Threads): a team of one thread per matrix. For
// each chunk of k it packs op(A) k-major (ap[kk][i]) and op(B) row by row (bp[kk][j]) into the
// team's scratch, padded with zeros to whole MR x NR blocks, so that the register block below
// runs over unit-stride rows with no edge tests, whatever the caller's layout and op; then C is
// written once per chunk (beta applied on the first). The block's NR columns are one 64-byte line
// of T, which the compiler vectorises; MR = 4 rows reuse each line four times.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_Scalars.hpp"
#include "impl/gemm/Gemm_Simple.hpp"
#include "impl/gemm_batched/GemmBatched_Operand.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

template <class T>
inline constexpr int gemm_batched_host_nr = sizeof(T) >= 64 ? 1 : int(64 / sizeof(T));
inline constexpr int gemm_batched_host_mr = 4;

/// Elements of k per packed chunk: op(A) and op(B) of one chunk within about 128 KiB (L2).
template <class T>
int gemm_batched_host_chunk(int mp, int np, int k) {
  const std::int64_t fit = std::int64_t(128 * 1024) / (std::int64_t(mp + np) * sizeof(T));
  return int(std::max<std::int64_t>(8, std::min<std::int64_t>(k, fit)));
}

template <class ExecSpace, class T, class AX, class BX>
struct GemmBatchedHostKernel {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  static constexpr int MR = gemm_batched_host_mr, NR = gemm_batched_host_nr<T>;

  GemmBatchedOperand<AX> a;
  GemmBatchedOperand<BX> b;
  GemmBatchedOperand<T> c;
  T alpha, beta;
  int m, n, k;
  int mp, np, kc;  // m and n rounded up to MR and NR, the chunk of k
  int level;

  static std::size_t scratch_bytes(int mp, int np, int kc) {
    return gemm_scratch_bytes<T>(std::size_t(kc) * mp) +
           gemm_scratch_bytes<T>(std::size_t(kc) * np);
  }

  /// s[kk * pitch + x] = op(X)(k0 + kk, x) when KRows (op(B)), op(X)(x, k0 + kk) otherwise
  /// (op(A)), for kk < kcur and x < pitch, zero for x at or past `extent`. Walks op(X) along its
  /// contiguous index.
  template <bool KRows, class X>
  static void pack(const GemmBatchedOperand<X>& x, const std::remove_const_t<X>* matrix, int k0,
                   int kcur, int extent, int pitch, T* s) {
    const bool x_fast = KRows ? !x.rows_contiguous() : x.rows_contiguous();
    auto value = [&](int kk, int e) {
      return T(KRows ? x.read(matrix, k0 + kk, e) : x.read(matrix, e, k0 + kk));
    };
    if (x_fast) {
      for (int kk = 0; kk < kcur; ++kk)
        for (int e = 0; e < extent; ++e)
          s[kk * pitch + e] = value(kk, e);
    } else {
      for (int e = 0; e < extent; ++e)
        for (int kk = 0; kk < kcur; ++kk)
          s[kk * pitch + e] = value(kk, e);
    }
    for (int kk = 0; kk < kcur; ++kk)
      for (int e = extent; e < pitch; ++e)
        s[kk * pitch + e] = T(0);
  }

  // Host code only: host backends call it from host code (no device pass under nvcc).
  void operator()(const member_type& team) const {
    T* ap = gemm_scratch<T>(team, level, std::size_t(kc) * mp);
    T* bp = gemm_scratch<T>(team, level, std::size_t(kc) * np);
    const std::int64_t batch = team.league_rank();
    const AX* a_matrix = a.matrix(batch);
    const BX* b_matrix = b.matrix(batch);
    T* c_matrix = c.matrix(batch);
    for (int k0 = 0; k0 < k; k0 += kc) {
      const int kcur = std::min(kc, k - k0);
      pack<false>(a, a_matrix, k0, kcur, m, mp, ap);
      pack<true>(b, b_matrix, k0, kcur, n, np, bp);
      const bool first = k0 == 0;
      for (int i0 = 0; i0 < m; i0 += MR) {
        for (int j0 = 0; j0 < n; j0 += NR) {
          T acc[MR][NR] = {};
          for (int kk = 0; kk < kcur; ++kk) {
            const T* arow = ap + std::size_t(kk) * mp + i0;
            const T* brow = bp + std::size_t(kk) * np + j0;
            for (int p = 0; p < MR; ++p)
              for (int q = 0; q < NR; ++q)
                acc[p][q] += arow[p] * brow[q];
          }
          const int rows = std::min(MR, m - i0), cols = std::min(NR, n - j0);
          for (int p = 0; p < rows; ++p) {
            for (int q = 0; q < cols; ++q) {
              T& out = c.at(c_matrix, i0 + p, j0 + q);
              if (!first)
                out += alpha * acc[p][q];
              else
                gemm_update(out, acc[p][q], alpha, beta);
            }
          }
        }
      }
    }
  }
};

}  // namespace Impl
}  // namespace KokkosTile
