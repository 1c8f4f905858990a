// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// team_gemm's and team_gemm_batched's body (KokkosTile_TeamGemm.hpp validates and forwards here).
// C is cut into register tiles (Team_GemmRegisterTile.hpp), spread over the team's threads and
// vector lanes; a batch's tiles of every matrix together, so that small matrices fill the team.
//
// Devices: R x R tiles, R 4, 2 or 1 (8 first with TeamGemmAlgo::LargeBlocks), the largest that
// still gives every thread a tile, so that small matrices keep the whole team busy and large ones
// reuse each operand read R times. A
// thread's rows and columns are strided by the tile grid (row ti + p * TI, column tj + q * TJ),
// so that consecutive threads read consecutive columns of op(B) and write consecutive columns of
// C (one run of addresses per warp, no bank conflicts).
//
// Double on CUDA devices with fp64 tensor cores, in Kokkos TeamPolicy teams: DMMA, a warp per
// 8 x 8, 16 x 16 or 32 x 32 block (Team_GemmDmma.hpp).
//
// Host backends: 4 x (64 bytes of columns) blocks of consecutive rows and columns, a block per
// thread, whose row updates the compiler vectorises.

#include <Kokkos_Core.hpp>

#include "KokkosTile_TeamLoops.hpp"

#include "impl/core/Core_Unroll.hpp"
#include "impl/core/Core_BackendTraits.hpp"
#include "impl/core/Core_Scalars.hpp"
#include "impl/team/Team_GemmAlgo.hpp"
#include "impl/team/Team_GemmDmma.hpp"
#include "impl/team/Team_GemmOps.hpp"
#include "impl/team/Team_GemmRegisterTile.hpp"

#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// C_l = epilogue(alpha * op(A_l) * op(B_l) + beta * C_l) for l < batch with R x R register tiles
/// (devices); m, n, k > 0.
template <int R, char OpA, char OpB, class TeamMember, class T, class ABatch, class BBatch,
          class CBatch, class Epilogue>
KOKKOS_INLINE_FUNCTION void team_gemm_tiles(const TeamMember& team, int batch, int m, int n, int k,
                                            T alpha, const ABatch& a, const BBatch& b, T beta,
                                            const CBatch& c, const Epilogue& epilogue) {
  const int tiles_m = (m + R - 1) / R, tiles_n = (n + R - 1) / R, tiles = tiles_m * tiles_n;
  team_vector_for(team, batch * tiles, [&](int w) {
    const int l = w / tiles, ti = (w % tiles) / tiles_n, tj = w % tiles_n;
    const auto& al = a(l);
    const auto& bl = b(l);
    int rows[R], cols[R];
    KOKKOSTILE_UNROLL
    for (int p = 0; p < R; ++p) {
      rows[p] = ti + p * tiles_m;
      cols[p] = tj + p * tiles_n;
    }
    // Rows and columns past the edge read the last one (in bounds) and are not stored.
    int read_rows[R], read_cols[R];
    KOKKOSTILE_UNROLL
    for (int p = 0; p < R; ++p) {
      read_rows[p] = rows[p] < m ? rows[p] : m - 1;
      read_cols[p] = cols[p] < n ? cols[p] : n - 1;
    }
    GemmRegisterTile<T, R, R> tile;
    tile.clear();
    const auto read_a = [&](int p, int kk) {
      return team_op_element<OpA, T>(al, read_rows[p], kk);
    };
    const auto read_b = [&](int kk, int q) {
      return team_op_element<OpB, T>(bl, kk, read_cols[q]);
    };
    if constexpr (team_matrix_in_global<team_gemm_matrix_t<ABatch>> ||
                  team_matrix_in_global<team_gemm_matrix_t<BBatch>>)
      tile.template accumulate_batched<(R >= 8 ? 2 : 4)>(k, read_a, read_b);  // reads in flight
    else
      tile.accumulate(k, read_a, read_b);
    const auto& cl = c(l);
    KOKKOSTILE_UNROLL
    for (int p = 0; p < R; ++p) {
      KOKKOSTILE_UNROLL
      for (int q = 0; q < R; ++q) {
        if (rows[p] < m && cols[q] < n)
          team_gemm_store(cl, l, rows[p], cols[q], tile.acc[p][q], alpha, beta, epilogue);
      }
    }
  });
}

/// The same with R the largest of MaxR, 4, 2 and 1 that still gives every thread a tile.
template <int MaxR, char OpA, char OpB, class TeamMember, class T, class ABatch, class BBatch,
          class CBatch, class Epilogue>
KOKKOS_INLINE_FUNCTION void team_gemm_simt(const TeamMember& team, int batch, int m, int n, int k,
                                           T alpha, const ABatch& a, const BBatch& b, T beta,
                                           const CBatch& c, const Epilogue& epilogue) {
  const long cells = long(batch) * m * n, threads = team.team_size();
  if constexpr (MaxR >= 8) {
    if (cells >= 64 * threads)
      return team_gemm_tiles<8, OpA, OpB>(team, batch, m, n, k, alpha, a, b, beta, c, epilogue);
  }
  if constexpr (MaxR >= 4) {
    if (cells >= 16 * threads)
      return team_gemm_tiles<4, OpA, OpB>(team, batch, m, n, k, alpha, a, b, beta, c, epilogue);
  }
  if constexpr (MaxR >= 2) {
    if (cells >= 4 * threads)
      return team_gemm_tiles<2, OpA, OpB>(team, batch, m, n, k, alpha, a, b, beta, c, epilogue);
  }
  team_gemm_tiles<1, OpA, OpB>(team, batch, m, n, k, alpha, a, b, beta, c, epilogue);
}

/// Host backends: C in RM x RN blocks of consecutive rows and columns, a block per thread, so
/// that a block's row update is a vector multiply-add along RN columns. Whole blocks read op(A)
/// and op(B) at fixed offsets from the block's corner (the device form's strided rows and clamped
/// indices kept the compiler from vectorising); blocks at C's edges read their last row and column
/// again and store only what lies inside.
template <int RM, int RN, char OpA, char OpB, class TeamMember, class T, class ABatch, class BBatch,
          class CBatch, class Epilogue>
KOKKOS_INLINE_FUNCTION void team_gemm_host_blocks(const TeamMember& team, int batch, int m, int n,
                                                  int k, T alpha, const ABatch& a, const BBatch& b,
                                                  T beta, const CBatch& c,
                                                  const Epilogue& epilogue) {
  const int blocks_m = (m + RM - 1) / RM, blocks_n = (n + RN - 1) / RN;
  const int blocks = blocks_m * blocks_n;
  team_thread_for(team, batch * blocks, [&](int w) {
    const int l = w / blocks;
    const int i0 = ((w % blocks) / blocks_n) * RM, j0 = (w % blocks_n) * RN;
    const int rows = m - i0 < RM ? m - i0 : RM, cols = n - j0 < RN ? n - j0 : RN;
    const auto& al = a(l);
    const auto& bl = b(l);
    GemmRegisterTile<T, RM, RN> tile;
    tile.clear();
    if (rows == RM && cols == RN)
      tile.accumulate(
          k, [&](int p, int kk) { return team_op_element<OpA, T>(al, i0 + p, kk); },
          [&](int kk, int q) { return team_op_element<OpB, T>(bl, kk, j0 + q); });
    else
      tile.accumulate(
          k,
          [&](int p, int kk) {
            return team_op_element<OpA, T>(al, i0 + (p < rows ? p : rows - 1), kk);
          },
          [&](int kk, int q) {
            return team_op_element<OpB, T>(bl, kk, j0 + (q < cols ? q : cols - 1));
          });
    const auto& cl = c(l);
    for (int p = 0; p < rows; ++p)
      for (int q = 0; q < cols; ++q)
        team_gemm_store(cl, l, i0 + p, j0 + q, tile.acc[p][q], alpha, beta, epilogue);
  });
}

/// The validated call (KokkosTile_TeamGemm.hpp): batch matrices of m x n, extents that agree.
template <char OpA, char OpB, class Algo, class TeamMember, class T, class ABatch, class BBatch,
          class CBatch, class Epilogue>
KOKKOS_INLINE_FUNCTION void team_gemm_run(const TeamMember& team, int batch, int m, int n, int k,
                                          T alpha, const ABatch& a, const BBatch& b, T beta,
                                          const CBatch& c, const Epilogue& epilogue) {
  if (batch == 0 || m == 0 || n == 0)
    return;
  if (k == 0 || alpha == T(0)) {  // op(A) and op(B) are not read
    team_vector_for(team, batch * m * n, [&](int e) {
      const int l = e / (m * n), i = (e / n) % m, j = e % n;
      auto& out = c(l)(i, j);
      out = epilogue(l, i, j, beta == T(0) ? T(0) : T(beta * T(out)));
    });
    return;
  }
  if constexpr (!device_pass) {  // 4 rows by 64 bytes of columns, or 32 bytes for narrow C
    constexpr int wide = 64 / int(sizeof(T)) > 1 ? 64 / int(sizeof(T)) : 1;
    constexpr int narrow = wide / 2 > 1 ? wide / 2 : 1;
    if (n >= wide)
      team_gemm_host_blocks<4, wide, OpA, OpB>(team, batch, m, n, k, alpha, a, b, beta, c,
                                               epilogue);
    else
      team_gemm_host_blocks<4, narrow, OpA, OpB>(team, batch, m, n, k, alpha, a, b, beta, c,
                                                 epilogue);
    return;
  }
#if defined(KOKKOSTILE_HAVE_TEAM_GEMM_DMMA)
  if constexpr (std::is_same_v<T, double> && team_gemm_dmma_member<TeamMember>) {
    if (team_gemm_block_threads() % 32 == 0) {
      team_gemm_dmma<team_gemm_large_blocks<Algo>, OpA, OpB>(batch, m, n, k, alpha, a, b, beta, c,
                                                             epilogue);
      return;
    }
    // A partial warp: SIMT tiles of at most 2 x 2, whose few registers do not raise the kernel's
    // count above the DMMA form's.
    team_gemm_simt<2, OpA, OpB>(team, batch, m, n, k, alpha, a, b, beta, c, epilogue);
    return;
  }
#endif
  team_gemm_simt<(team_gemm_large_blocks<Algo> ? 8 : 4), OpA, OpB>(team, batch, m, n, k, alpha, a,
                                                                   b, beta, c, epilogue);
}

}  // namespace Impl
}  // namespace KokkosTile
