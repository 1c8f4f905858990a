// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The thin edges of a padded problem, outside the tuned kernel's whole tiles.
//
// Extents just past a multiple of the tiles (4099 x 4097 = 16 x 256 + 3 by 32 x 128 + 1) give the
// tuned kernel a row and a column of tiles that hold a few rows or columns of C each but cost a
// whole tile each: 561 tiles of 256 x 128 instead of 512, 4.25 waves of 132 multiprocessors run as
// 5. When at most gemm_edge_max rows (columns) are left past the last whole tile, the tuned kernel
// takes only the whole tiles and these kernels compute the rest, each a pass over one operand's
// padded copy:
// - edge rows, C(m0 + r, j) for r < rows and every j: a warp per column of C, lanes along k
// (op(B)'s
//   padded copy is column-major, so the lanes read whole lines); the few rows of op(A) are
//   reused from cache;
// - edge columns, C(i, n0 + c) for i < m0 and c < cols: a team per 32 rows of C, lanes along the
//   rows (op(A)'s copy, column-major, read in whole lines), its 8 warps splitting k.
// Each lane keeps up to gemm_edge_max partial sums in registers; the team adds them in scratch.

#include <Kokkos_Core.hpp>

#include "impl/gemm/Gemm_Simple.hpp"
#include "impl/gemm/Gemm_Tuning.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace KokkosTile {
namespace Impl {

/// Lanes per warp of the edge kernels (their warps per team: gemm_edge_warps, Gemm_Tuning.hpp).
inline constexpr int gemm_edge_lanes = 32;

/// Partial sums of one team: [warp][sum][lane], lanes padded by one against bank conflicts.
template <class T>
KOKKOS_INLINE_FUNCTION constexpr std::size_t gemm_edge_scratch_bytes() {
  return sizeof(T) * gemm_edge_warps * gemm_edge_max * (gemm_edge_lanes + 1);
}

KOKKOS_INLINE_FUNCTION std::size_t gemm_edge_index(int warp, int sum, int lane) {
  return (std::size_t(warp) * gemm_edge_max + sum) * (gemm_edge_lanes + 1) + lane;
}

/// C(m0 + r, j) = alpha sum_p a(m0 + r, p) b(p, j) + beta C(m0 + r, j), r < rows, j < n.
template <class ExecSpace, class Plane, class CView>
struct GemmEdgeRows {
  using T = typename Plane::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  Plane a, b;
  CView c;
  T alpha, beta;
  std::int64_t m0, n, k;
  int rows;

  KOKKOS_FUNCTION void operator()(const member_type& member) const {
    T* partial = static_cast<T*>(member.team_shmem().get_shmem(gemm_edge_scratch_bytes<T>()));
    const int warp = member.team_rank() / gemm_edge_lanes;
    const int lane = member.team_rank() % gemm_edge_lanes;
    const std::int64_t j = std::int64_t(member.league_rank()) * gemm_edge_warps + warp;
    T sum[gemm_edge_max] = {};
    if (j < n)
      for (std::int64_t p = lane; p < k; p += gemm_edge_lanes) {
        const T bv = b(p, j);
        for (int r = 0; r < gemm_edge_max; ++r)
          if (r < rows)
            sum[r] += a(m0 + r, p) * bv;
      }
    for (int r = 0; r < gemm_edge_max; ++r)
      partial[gemm_edge_index(warp, r, lane)] = sum[r];
    member.team_barrier();
    const int w = member.team_rank() / gemm_edge_max, r = member.team_rank() % gemm_edge_max;
    const std::int64_t jw = std::int64_t(member.league_rank()) * gemm_edge_warps + w;
    if (w < gemm_edge_warps && r < rows && jw < n) {
      T total = 0;
      for (int l = 0; l < gemm_edge_lanes; ++l)
        total += partial[gemm_edge_index(w, r, l)];
      gemm_store(c, m0 + r, jw, total, alpha, beta);
    }
  }
};

/// C(i, n0 + col) = alpha sum_p a(i, p) b(p, n0 + col) + beta C(i, n0 + col), i < m, col < cols.
template <class ExecSpace, class Plane, class CView>
struct GemmEdgeColumns {
  using T = typename Plane::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  Plane a, b;
  CView c;
  T alpha, beta;
  std::int64_t m, n0, k;
  int cols;

  KOKKOS_FUNCTION void operator()(const member_type& member) const {
    T* partial = static_cast<T*>(member.team_shmem().get_shmem(gemm_edge_scratch_bytes<T>()));
    const int warp = member.team_rank() / gemm_edge_lanes;
    const int lane = member.team_rank() % gemm_edge_lanes;
    const std::int64_t i0 = std::int64_t(member.league_rank()) * gemm_edge_lanes;
    T sum[gemm_edge_max] = {};
    if (i0 + lane < m)
      for (std::int64_t p = warp; p < k; p += gemm_edge_warps) {
        const T av = a(i0 + lane, p);
        for (int col = 0; col < gemm_edge_max; ++col)
          if (col < cols)
            sum[col] += av * b(p, n0 + col);
      }
    for (int col = 0; col < gemm_edge_max; ++col)
      partial[gemm_edge_index(warp, col, lane)] = sum[col];
    member.team_barrier();
    for (int e = member.team_rank(); e < cols * gemm_edge_lanes; e += member.team_size()) {
      const int col = e / gemm_edge_lanes, l = e % gemm_edge_lanes;
      if (i0 + l < m) {
        T total = 0;
        for (int w = 0; w < gemm_edge_warps; ++w)
          total += partial[gemm_edge_index(w, col, l)];
        gemm_store(c, i0 + l, n0 + col, total, alpha, beta);
      }
    }
  }
};

/// Launches the edge rows [m0, m0 + rows) x [0, n) of C.
template <class ExecSpace, class Plane, class CView, class T>
void run_gemm_edge_rows(const std::string& call, const ExecSpace& space, const Plane& a,
                        const Plane& b, const CView& c, T alpha, T beta, std::int64_t m0, int rows,
                        std::int64_t n, std::int64_t k) {
  Kokkos::TeamPolicy<ExecSpace> policy(space, int((n + gemm_edge_warps - 1) / gemm_edge_warps),
                                       gemm_edge_warps * gemm_edge_lanes);
  policy.set_scratch_size(0, Kokkos::PerTeam(gemm_edge_scratch_bytes<T>()));
  Kokkos::parallel_for(call + "::edge_rows", policy,
                       GemmEdgeRows<ExecSpace, Plane, CView>{a, b, c, alpha, beta, m0, n, k, rows});
}

/// Launches the edge columns [0, m) x [n0, n0 + cols) of C.
template <class ExecSpace, class Plane, class CView, class T>
void run_gemm_edge_columns(const std::string& call, const ExecSpace& space, const Plane& a,
                           const Plane& b, const CView& c, T alpha, T beta, std::int64_t m,
                           std::int64_t n0, int cols, std::int64_t k) {
  Kokkos::TeamPolicy<ExecSpace> policy(space, int((m + gemm_edge_lanes - 1) / gemm_edge_lanes),
                                       gemm_edge_warps * gemm_edge_lanes);
  policy.set_scratch_size(0, Kokkos::PerTeam(gemm_edge_scratch_bytes<T>()));
  Kokkos::parallel_for(
      call + "::edge_columns", policy,
      GemmEdgeColumns<ExecSpace, Plane, CView>{a, b, c, alpha, beta, m, n0, k, cols});
}

}  // namespace Impl
}  // namespace KokkosTile
