// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// gemm's tuned kernel over matrices at fixed strides from one another, in one launch: the league is
// matrices x tiles. gemm_batched runs its batches through it (GemmBatched_Tuned.hpp), and gemm its
// k slices (Gemm_SplitK.hpp).

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// One matrix of C as the tuned kernel's epilogue writes it (c(i, j)).
template <class T>
struct GemmBatchedTunedC {
  using non_const_value_type = T;
  T* data = nullptr;
  std::int64_t row_stride = 0, col_stride = 0;
  KOKKOS_FORCEINLINE_FUNCTION T& operator()(std::int64_t i, std::int64_t j) const {
    return data[i * row_stride + j * col_stride];
  }
  KOKKOS_FORCEINLINE_FUNCTION std::int64_t stride(int r) const {
    return r == 0 ? row_stride : col_stride;
  }
};

/// TileKernel (a GemmTuned) set up for matrix 0; team r computes tile r % tiles of matrix
/// r / tiles.
template <class TileKernel>
struct GemmBatchedTunedKernel {
  using member_type = typename TileKernel::member_type;
  TileKernel matrix0;
  std::int64_t a_batch_stride, b_batch_stride, c_batch_stride;
  int tiles;

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const int league = team.league_rank();
    const std::int64_t batch = league / tiles;
    TileKernel kernel = matrix0;
    kernel.a.data += batch * a_batch_stride;
    kernel.b.data += batch * b_batch_stride;
    kernel.c.data += batch * c_batch_stride;
    kernel.multiply_tile(team, league % tiles);
  }
};

}  // namespace Impl
}  // namespace KokkosTile
