// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The simple GEMM kernels and what every GEMM kernel shares:
//
//   GemmScaleC   C = beta * C, for alpha = 0 or K = 0 (op(A) and op(B) are not read);
//   GemmNaive    one thread per element of C, operands straight from global memory (the seed's
//                first kernel);
//   GemmTiled16  16 x 16 tiles of op(A) and op(B) in scratch, one thread per element of C (the
//                seed's second kernel, for any extents);
//   gemm_store   the epilogue of one element, C(i, j) = alpha * product + beta * C(i, j).
//
// GemmNaive and GemmTiled16 take any value types: A's and B's elements are converted to C's value
// type T as they are read (into registers or scratch), so that products and sums are in T (float
// A and B into double C accumulate in double), and op(A), op(B) conjugate through their operands
// ("C"). Complex and mixed-type problems take these kernels only (KokkosTile_Gemm.hpp).

#include <Kokkos_Core.hpp>

#include "impl/core/Core_Packet.hpp"
#include "impl/core/Core_Scalars.hpp"
#include "impl/gemm/Gemm_Operand.hpp"

#include <cstddef>
#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// C(i, j) = alpha * product + beta * C(i, j); with beta = 0, C is not read (NaN in it is ignored).
template <class CView, class T>
KOKKOS_FORCEINLINE_FUNCTION void gemm_store(const CView& c, std::int64_t i, std::int64_t j,
                                            T product, T alpha, T beta) {
  gemm_update(c(i, j), product, alpha, beta);
}

/// Row i and column j of element e of an m x n matrix whose elements are numbered along its
/// rows first (column by column) when rows_contiguous, else along its columns: the kernels that
/// take one element of C per index walk C's contiguous index, so that neighbouring threads write
/// neighbouring elements.
KOKKOS_FORCEINLINE_FUNCTION void gemm_element_coordinates(std::int64_t e, std::int64_t m,
                                                          std::int64_t n, bool rows_contiguous,
                                                          std::int64_t& i, std::int64_t& j) {
  i = rows_contiguous ? e % m : e / n;
  j = rows_contiguous ? e / m : e % n;
}

/// C = beta * C: what gemm does when alpha = 0 or K = 0 (op(A) and op(B) are not read).
template <class CView, class T>
struct GemmScaleC {
  CView c;
  T beta;
  std::int64_t m, n;
  bool rows_contiguous;
  KOKKOS_FUNCTION void operator()(std::int64_t e) const {
    std::int64_t i, j;
    gemm_element_coordinates(e, m, n, rows_contiguous, i, j);
    c(i, j) = beta == T(0) ? T(0) : beta * c(i, j);
  }
};

template <class CView, class AOperand, class BOperand>
struct GemmNaive {
  using T = typename CView::non_const_value_type;
  AOperand a;
  BOperand b;
  CView c;
  T alpha, beta;
  std::int64_t m, n, k;
  bool c_rows_contiguous;  // consecutive threads take consecutive rows (else columns) of C

  KOKKOS_FUNCTION void operator()(std::int64_t index) const {
    std::int64_t i, j;
    gemm_element_coordinates(index, m, n, c_rows_contiguous, i, j);
    T sum = T(0);
    for (std::int64_t p = 0; p < k; ++p)
      sum += T(a(i, p)) * T(b(p, j));
    gemm_store(c, i, j, sum, alpha, beta);
  }
};

/// Scratch pointer for `count` elements of T at 16-byte alignment (the size request adds the slack
/// through gemm_scratch_bytes).
template <class T, class TeamMember>
KOKKOS_INLINE_FUNCTION T* gemm_scratch(const TeamMember& team, int level, std::size_t count) {
  return static_cast<T*>(team.team_scratch(level).get_shmem_aligned(count * sizeof(T), 16));
}

template <class T>
constexpr std::size_t gemm_scratch_bytes(std::size_t count) {
  return count * sizeof(T) + 16;
}

template <class ExecSpace, class CView, class AOperand, class BOperand>
struct GemmTiled16 {
  using T = typename CView::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  static constexpr int E = 16, threads = E * E;
  static constexpr int slots = device_pass ? 1 : threads;

  AOperand a;
  BOperand b;
  CView c;
  T alpha, beta;
  std::int64_t m, n, k;
  int tiles_n;
  int level;

  // Both tiles are held as T, C's value type (converted on the way in).
  static std::size_t scratch_bytes() { return 2 * gemm_scratch_bytes<T>(E * E); }

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    T* as = gemm_scratch<T>(team, level, E * E);
    T* bs = gemm_scratch<T>(team, level, E * E);
    const std::int64_t row0 = std::int64_t(team.league_rank() / tiles_n) * E;
    const std::int64_t col0 = std::int64_t(team.league_rank() % tiles_n) * E;
    const int rank = team.team_rank(), size = team.team_size();
    T acc[slots];
    for (int s = 0; s < slots; ++s)
      acc[s] = T(0);
    for (std::int64_t k0 = 0; k0 < k; k0 += E) {
      for (int e = rank; e < E * E; e += size) {
        int r, cc;
        const T va = T(load_gemm_tile_element(a, m, k, row0, k0, E, E, e, r, cc));
        as[r * E + cc] = va;
        const T vb = T(load_gemm_tile_element(b, k, n, k0, col0, E, E, e, r, cc));
        bs[r * E + cc] = vb;
      }
      team.team_barrier();
      for (int s = 0; s < slots; ++s) {
        const int v = rank + s * size;
        if (v < threads) {
          const int ty = v / E, tx = v % E;
          for (int p = 0; p < E; ++p)
            acc[s] += as[ty * E + p] * bs[p * E + tx];
        }
      }
      team.team_barrier();
    }
    for (int s = 0; s < slots; ++s) {
      const int v = rank + s * size;
      const std::int64_t i = row0 + v / E, j = col0 + v % E;
      if (v < threads && i < m && j < n)
        gemm_store(c, i, j, acc[s], alpha, beta);
    }
  }
};

}  // namespace Impl
}  // namespace KokkosTile
