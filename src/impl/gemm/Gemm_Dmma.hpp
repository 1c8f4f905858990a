// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The fp64 tensor-core step of the tuned GEMM on CUDA (sm_80 and newer): a warp multiplies its
// 32 x 32 part of the team tile with mma.sync m8n8k4 (DMMA), 16 instructions per K step of 4, its
// operands read from the k-major scratch tiles with one 8-byte load per thread and matrix. The
// scratch rows are then padded to a pitch of 4 modulo 16 doubles, which puts the 32 lanes of each
// fragment load on distinct banks.
//
// Fragment layouts (PTX ISA, mma.m8n8k4 with .f64): A (8 x 4, row) holds A[lane / 4][lane % 4];
// B (4 x 8, col) holds B[lane % 4][lane / 4]; C (8 x 8) holds C[lane / 4][2 (lane % 4) + e], e =
// 0, 1.

#include <Kokkos_Core.hpp>

namespace KokkosTile {
namespace Impl {

/// The team tile shape DMMA serves: 128 x 64 outputs, 8 warps of 32 x 32, K steps a multiple of 4,
/// 32 accumulators per thread.
template <class Shape>
inline constexpr bool gemm_dmma_shape = Shape::BM == 128 && Shape::BN == 64 && Shape::BK % 4 == 0 &&
                                        Shape::TM* Shape::TN == 32 && Shape::threads == 256;

struct GemmDmmaLayout {
  static constexpr int warps_across = 2, warp_edge = 32;

  /// Accumulator f (0..31) of `lane` in warp `warp`: its tile row and column.
  KOKKOS_FORCEINLINE_FUNCTION static int row(int warp, int lane, int f) {
    const int mi = (f / 2) / 4;
    return (warp / warps_across) * warp_edge + mi * 8 + lane / 4;
  }
  KOKKOS_FORCEINLINE_FUNCTION static int col(int warp, int lane, int f) {
    const int nj = (f / 2) % 4;
    return (warp % warps_across) * warp_edge + nj * 8 + (lane % 4) * 2 + f % 2;
  }
};

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
#define KOKKOSTILE_HAVE_DMMA 1

KOKKOS_FORCEINLINE_FUNCTION double load_shared_double(unsigned address) {
  double value;
  asm volatile("ld.shared.f64 %0, [%1];" : "=d"(value) : "r"(address));
  return value;
}

/// acc (32 per thread, in GemmDmmaLayout order) += the warp's 32 x 32 part of A_tile x B_tile over
/// BK, both tiles k-major in shared memory.
template <int BK, int PitchA, int PitchB>
KOKKOS_FORCEINLINE_FUNCTION void gemm_dmma_step(const double* a_tile, const double* b_tile, int t,
                                                double* acc) {
  const int warp = t / 32, lane = t % 32;
  // Shared-space addresses once; each fragment is then a constant offset (see GemmTuned).
  const auto a_base = static_cast<unsigned>(__cvta_generic_to_shared(
      a_tile + (lane % 4) * PitchA +
      (warp / GemmDmmaLayout::warps_across) * GemmDmmaLayout::warp_edge + lane / 4));
  const auto b_base = static_cast<unsigned>(__cvta_generic_to_shared(
      b_tile + (lane % 4) * PitchB +
      (warp % GemmDmmaLayout::warps_across) * GemmDmmaLayout::warp_edge + lane / 4));
  for (int kk = 0; kk < BK; kk += 4) {
    double a[4], b[4];
    for (int mi = 0; mi < 4; ++mi)
      a[mi] = load_shared_double(a_base + (kk * PitchA + mi * 8) * 8);
    for (int nj = 0; nj < 4; ++nj)
      b[nj] = load_shared_double(b_base + (kk * PitchB + nj * 8) * 8);
    for (int mi = 0; mi < 4; ++mi) {
      for (int nj = 0; nj < 4; ++nj) {
        double& c0 = acc[(mi * 4 + nj) * 2];
        double& c1 = acc[(mi * 4 + nj) * 2 + 1];
        asm volatile(
            "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
            : "+d"(c0), "+d"(c1)
            : "d"(a[mi]), "d"(b[nj]));
      }
    }
  }
}
#endif

}  // namespace Impl
}  // namespace KokkosTile
