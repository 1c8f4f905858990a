// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The tuned GEMM kernel's epilogue: a thread's TM x TN accumulators go to C as
// alpha * acc + beta * C, clipped at C's edges. The accumulators are in the multiply step's order:
// the SIMT layout of GemmTunedLayout, or DMMA's fragment order.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_Packet.hpp"
#include "impl/core/Core_Unroll.hpp"
#include "impl/gemm/Gemm_Dmma.hpp"
#include "impl/gemm/Gemm_Simple.hpp"
#include "impl/gemm/Gemm_TunedLayout.hpp"

#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// W products to C(row, col + w) (along_row) or C(row + w, col), each alpha * p + beta * C, where
/// the caller has checked that C is contiguous in that direction: one store of W elements where
/// the run lies inside C and starts on its own size; else element by element, clipped at C's edges.
template <int W, class CView, class T>
KOKKOS_FORCEINLINE_FUNCTION void gemm_store_run(const CView& c, std::int64_t m, std::int64_t n,
                                                std::int64_t row, std::int64_t col, bool along_row,
                                                const Packet<T, W>& p, T alpha, T beta) {
  const bool inside = along_row ? row < m && col + W <= n : row + W <= m && col < n;
  if (W > 1 && inside) {
    T* dst = &c(row, col);
    if (reinterpret_cast<std::uintptr_t>(dst) % sizeof(Packet<T, W>) == 0) {
      Packet<T, W> out;
      if (beta == T(0)) {
        KOKKOSTILE_UNROLL
        for (int w = 0; w < W; ++w)
          out.v[w] = alpha * p.v[w];
      } else {
        const Packet<T, W> old = *reinterpret_cast<const Packet<T, W>*>(dst);
        KOKKOSTILE_UNROLL
        for (int w = 0; w < W; ++w)
          out.v[w] = alpha * p.v[w] + beta * old.v[w];
      }
      store_packet(dst, out);
      return;
    }
  }
  KOKKOSTILE_UNROLL
  for (int w = 0; w < W; ++w) {
    const std::int64_t r = along_row ? row : row + w, cl = along_row ? col + w : col;
    if (r < m && cl < n)
      gemm_store(c, r, cl, p.v[w], alpha, beta);
  }
}

/// MmaRows: 0 for the SIMT order, else the rows of the mma instruction whose fragment order the
/// accumulators are in (GemmDmmaLayout).
///
/// A thread's accumulators include runs of C elements adjacent along C's contiguous index (the
/// column packets of the SIMT order when C is row-major, DMMA's pairs and quads), and go out as
/// one store per run: element by element, the lanes of a warp each wrote their own 32-byte sector
/// of L2 per store, four times the sectors a copy writes (gemm_batched at n = 32, where that write
/// traffic held L2 at 87% of its throughput).
template <class Shape, class Layout, int MmaRows>
struct GemmTunedEpilogue {
  static constexpr bool DmmaOrder = MmaRows != 0;
  using dmma = GemmDmmaLayout<Shape, MmaRows == 0 ? 8 : MmaRows>;
  static constexpr int TM = Layout::TM, TN = Layout::TN, V = Layout::V;

  /// Virtual thread t's accumulators of the team tile at (row0, col0) into the m x n matrix C.
  template <class CView, class T>
  KOKKOS_FORCEINLINE_FUNCTION static void store(const CView& c, std::int64_t m, std::int64_t n,
                                                std::int64_t row0, std::int64_t col0, int t,
                                                const T (&acc)[TM][TN], T alpha, T beta) {
    // Kokkos Views and GemmBatchedTunedC alike.
    const bool row_major = c.stride(1) == 1, col_major = c.stride(0) == 1;
    if constexpr (DmmaOrder) {
      const int warp = t / 32, lane = t % 32;
      constexpr int per_mma = dmma::per_mma;
      constexpr int groups = TM * TN / per_mma;  // (mi, nj) pairs, nj fastest
      auto value = [&](int f) { return acc[f / TN][f % TN]; };
      if constexpr (MmaRows == 16) {
        // Per instruction pair (nj = 2h, 2h + 1) and row half e / 2: columns 4q .. 4q + 3 of one
        // row (o = 2 (e % 2) + nj % 2); per nj and e % 2: rows 2g, 2g + 1 of one column.
        if (row_major) {
          KOKKOSTILE_UNROLL
          for (int g = 0; g < groups; g += 2) {
            KOKKOSTILE_UNROLL
            for (int half = 0; half < 2; ++half) {
              const int f0 = g * per_mma + 2 * half;  // o = 0
              const std::int64_t row = row0 + dmma::row(warp, lane, f0);
              const std::int64_t col = col0 + dmma::col(warp, lane, f0);
              const T v0 = value(f0), v1 = value(f0 + per_mma), v2 = value(f0 + 1),
                      v3 = value(f0 + per_mma + 1);
              if constexpr (sizeof(T) * 4 == 16) {
                gemm_store_run<4>(c, m, n, row, col, true, Packet<T, 4>{{v0, v1, v2, v3}}, alpha,
                                  beta);
              } else {
                store_quad_in_pairs(c, m, n, row, col, lane, v0, v1, v2, v3, alpha, beta);
              }
            }
          }
          return;
        }
        if (col_major) {
          KOKKOSTILE_UNROLL
          for (int f = 0; f < TM * TN; f += per_mma) {
            KOKKOSTILE_UNROLL
            for (int e = 0; e < 2; ++e) {  // rows e / 2 = 0, 1 of f + e and f + e + 2
              const std::int64_t row = row0 + dmma::row(warp, lane, f + e);
              const std::int64_t col = col0 + dmma::col(warp, lane, f + e);
              gemm_store_run<2>(c, m, n, row, col, false,
                                Packet<T, 2>{{value(f + e), value(f + e + 2)}}, alpha, beta);
            }
          }
          return;
        }
      } else {
        if (row_major) {  // m8n8k4: columns 2q, 2q + 1 of one row per instruction
          KOKKOSTILE_UNROLL
          for (int f = 0; f < TM * TN; f += per_mma) {
            const std::int64_t row = row0 + dmma::row(warp, lane, f);
            const std::int64_t col = col0 + dmma::col(warp, lane, f);
            gemm_store_run<2>(c, m, n, row, col, true, Packet<T, 2>{{value(f), value(f + 1)}},
                              alpha, beta);
          }
          return;
        }
      }
      KOKKOSTILE_UNROLL
      for (int f = 0; f < TM * TN; ++f) {
        const std::int64_t row = row0 + dmma::row(warp, lane, f);
        const std::int64_t col = col0 + dmma::col(warp, lane, f);
        if (row < m && col < n)
          gemm_store(c, row, col, value(f), alpha, beta);
      }
      return;
    }
    int ty, tx;
    Layout::thread_coordinates(t, ty, tx);
    if constexpr (!Layout::b_along_k && V > 1) {
      if (row_major) {  // each register row's column packets are runs along C's rows
        KOKKOSTILE_UNROLL
        for (int i = 0; i < TM; ++i) {
          const std::int64_t row = row0 + Layout::tile_row(ty, i);
          KOKKOSTILE_UNROLL
          for (int j = 0; j < TN; j += V) {
            Packet<T, V> p;
            KOKKOSTILE_UNROLL
            for (int w = 0; w < V; ++w)
              p.v[w] = acc[i][j + w];
            gemm_store_run<V>(c, m, n, row, col0 + Layout::tile_col(tx, j), true, p, alpha, beta);
          }
        }
        return;
      }
    }
    if constexpr (!Layout::a_along_k && V > 1) {
      if (col_major) {  // each register column's row packets are runs along C's columns
        KOKKOSTILE_UNROLL
        for (int j = 0; j < TN; ++j) {
          const std::int64_t col = col0 + Layout::tile_col(tx, j);
          KOKKOSTILE_UNROLL
          for (int i = 0; i < TM; i += V) {
            Packet<T, V> p;
            KOKKOSTILE_UNROLL
            for (int w = 0; w < V; ++w)
              p.v[w] = acc[i + w][j];
            gemm_store_run<V>(c, m, n, row0 + Layout::tile_row(ty, i), col, false, p, alpha, beta);
          }
        }
        return;
      }
    }
    KOKKOSTILE_UNROLL
    for (int i = 0; i < TM; ++i) {
      const std::int64_t row = row0 + Layout::tile_row(ty, i);
      KOKKOSTILE_UNROLL
      for (int j = 0; j < TN; ++j) {
        const std::int64_t col = col0 + Layout::tile_col(tx, j);
        if (row < m && col < n)
          gemm_store(c, row, col, acc[i][j], alpha, beta);
      }
    }
  }

  /// Four adjacent doubles of a row (v0 .. v3 at col), from lane q of a quad whose neighbours hold
  /// the next four: lanes q and q ^ 1 swap halves, so that each of their two 16-byte stores
  /// writes one whole 32-byte sector between them (the even lane's first pair and the odd lane's
  /// swapped one, then the even lane's swapped pair and the odd lane's last). Every lane of the
  /// warp calls it (the swap is a warp shuffle).
  template <class CView, class T>
  KOKKOS_FORCEINLINE_FUNCTION static void store_quad_in_pairs(const CView& c, std::int64_t m,
                                                              std::int64_t n, std::int64_t row,
                                                              std::int64_t col,
                                                              [[maybe_unused]] int lane, T v0, T v1,
                                                              T v2, T v3, T alpha, T beta) {
#ifdef __CUDA_ARCH__
    const bool even = lane % 2 == 0;
    const T r0 = __shfl_xor_sync(0xffffffffu, even ? v2 : v0, 1);
    const T r1 = __shfl_xor_sync(0xffffffffu, even ? v3 : v1, 1);
    // Selects, not branches: the two lanes of a pair must store in the same instruction.
    gemm_store_run<2>(c, m, n, row, even ? col : col - 2, true,
                      Packet<T, 2>{{even ? v0 : r0, even ? v1 : r1}}, alpha, beta);
    gemm_store_run<2>(c, m, n, row, even ? col + 4 : col + 2, true,
                      Packet<T, 2>{{even ? r0 : v2, even ? r1 : v3}}, alpha, beta);
#else
    gemm_store_run<2>(c, m, n, row, col, true, Packet<T, 2>{{v0, v1}}, alpha, beta);
    gemm_store_run<2>(c, m, n, row, col + 2, true, Packet<T, 2>{{v2, v3}}, alpha, beta);
#endif
  }
};

}  // namespace Impl
}  // namespace KokkosTile
