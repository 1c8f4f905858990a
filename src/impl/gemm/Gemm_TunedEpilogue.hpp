// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The tuned GEMM kernel's epilogue: a thread's TM x TN accumulators go to C as
// alpha * acc + beta * C, clipped at C's edges. The accumulators are in the multiply step's order:
// the SIMT layout of GemmTunedLayout, or DMMA's fragment order.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_Unroll.hpp"
#include "impl/gemm/Gemm_Dmma.hpp"
#include "impl/gemm/Gemm_Simple.hpp"
#include "impl/gemm/Gemm_TunedLayout.hpp"

#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// MmaRows: 0 for the SIMT order, else the rows of the mma instruction whose fragment order the
/// accumulators are in (GemmDmmaLayout).
template <class Shape, class Layout, int MmaRows>
struct GemmTunedEpilogue {
  static constexpr bool DmmaOrder = MmaRows != 0;
  using dmma = GemmDmmaLayout<Shape, MmaRows == 0 ? 8 : MmaRows>;
  static constexpr int TM = Layout::TM, TN = Layout::TN;

  /// Virtual thread t's accumulators of the team tile at (row0, col0) into the m x n matrix C.
  template <class CView, class T>
  KOKKOS_FORCEINLINE_FUNCTION static void store(const CView& c, std::int64_t m, std::int64_t n,
                                                std::int64_t row0, std::int64_t col0, int t,
                                                const T (&acc)[TM][TN], T alpha, T beta) {
    if constexpr (DmmaOrder) {
      KOKKOSTILE_UNROLL
      for (int f = 0; f < TM * TN; ++f) {
        const std::int64_t row = row0 + dmma::row(t / 32, t % 32, f);
        const std::int64_t col = col0 + dmma::col(t / 32, t % 32, f);
        if (row < m && col < n)
          gemm_store(c, row, col, acc[f / TN][f % TN], alpha, beta);
      }
      return;
    }
    int ty, tx;
    Layout::thread_coordinates(t, ty, tx);
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
};

}  // namespace Impl
}  // namespace KokkosTile
