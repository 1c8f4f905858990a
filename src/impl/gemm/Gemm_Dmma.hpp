// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The fp64 tensor-core step of the tuned GEMM on CUDA (sm_80 and newer): each warp multiplies its
// warp_m x 32 block of the team tile with mma.sync (DMMA), its operands read from the k-major
// scratch tiles: on sm_90 one 16-byte load per thread for two fragment registers, before one
// 8-byte load per register. The scratch rows are padded to a pitch of 4 modulo 16 doubles, which
// puts the lanes of each phase of a fragment load (8 lanes for 16 bytes, 16 for 8) on distinct
// banks.
//
// The instruction depends on the architecture the device code is compiled for:
// - sm_90 and newer: m16n8k8. Hopper's DMMA units run the m16n8 shapes (added for f64 in sm_90) at
//   about twice the rate of m8n8k4: 62 against 32 TFLOP/s measured on an H100 in isolation, and
//   the tuned kernel with m8n8k4 stood at 0.59 of cuBLAS, right at that instruction's ceiling.
// - sm_80 to sm_89: m8n8k4, the only f64 shape there.
// The accumulators' order follows the instruction (GemmDmmaLayout), so that the epilogue, compiled
// in the same pass, writes each to its element.
//
// Fragment layouts (PTX ISA, .f64), g = lane / 4, q = lane % 4:
//   m16n8k8: A (16 x 8, row) a0 = A[g][q], a1 = A[g + 8][q], a2 = A[g][q + 4], a3 = A[g + 8][q +
//   4];
//            B (8 x 8, col) b0 = B[q][g], b1 = B[q + 4][g];
//            C (16 x 8) c0, c1 = C[g][2q + {0, 1}], c2, c3 = C[g + 8][2q + {0, 1}].
//   m8n8k4:  A (8 x 4) a0 = A[g][q]; B (4 x 8) b0 = B[q][g]; C (8 x 8) c0, c1 = C[g][2q + {0, 1}].

#include <Kokkos_Core.hpp>

#include "impl/core/Core_AsyncCopy.hpp"
#include "impl/core/Core_Unroll.hpp"

namespace KokkosTile {
namespace Impl {

/// How a team of Shape::threads threads splits the BM x BN team tile among warps for DMMA: each
/// warp owns a warp_m x 32 block, warp_m = TM * TN, so that a thread keeps TM * TN accumulators as
/// the SIMT step would.
template <class Shape>
struct GemmDmmaWarps {
  static constexpr int warp_n = 32, warp_m = Shape::TM * Shape::TN;
  static constexpr int warps_across = Shape::BN / warp_n;
};

/// The tile shapes DMMA serves: whole warps, each owning a warp_m x 32 block (warp_m a multiple of
/// 16) of the team tile, and K steps a multiple of 8.
template <class Shape>
inline constexpr bool gemm_dmma_shape =
    Shape::threads % 32 == 0 && Shape::BN % 32 == 0 && GemmDmmaWarps<Shape>::warp_m % 16 == 0 &&
    Shape::BM % GemmDmmaWarps<Shape>::warp_m == 0 &&
    (Shape::BM / GemmDmmaWarps<Shape>::warp_m) * (Shape::BN / 32) == Shape::threads / 32 &&
    Shape::BK % 8 == 0;

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)
/// Rows of C one mma instruction covers: 16 for m16n8k8 on sm_90, 8 for m8n8k4 before.
inline constexpr int gemm_dmma_rows = 16;
#else
inline constexpr int gemm_dmma_rows = 8;
#endif

/// Accumulator f of `lane` in warp `warp`: its row and column in the team tile. Accumulators come
/// in groups per instruction (4 values for m16n8k8, 2 for m8n8k4), groups ordered by the
/// instruction's row block mi, then its column block nj (4 of 8 columns).
///
/// With m16n8k8 the instruction's rows and columns are a permutation of the tile's, chosen so that
/// each thread's fragments are pairs of adjacent doubles in scratch, read with one 16-byte load:
/// row g (g + 8) of row block mi is tile row 16 mi + 2g (+ 1), and column g of column blocks 2p
/// and 2p + 1 is tile column 16p + 2g and 16p + 2g + 1. A product does not care which rows and
/// columns its instruction calls which, so long as the epilogue writes each accumulator where its
/// row and column are.
///
/// Rows is the instruction's: gemm_dmma_rows for DMMA, 16 for the tf32 m16n8k8 of
/// Gemm_Tf32x3.hpp, whose fragments are laid out as DMMA's m16n8k8.
template <class Shape, int Rows = gemm_dmma_rows>
struct GemmDmmaLayout {
  using warps = GemmDmmaWarps<Shape>;
  static constexpr int per_mma = Rows == 16 ? 4 : 2;

  KOKKOS_FORCEINLINE_FUNCTION static int row(int warp, int lane, int f) {
    const int mi = (f / per_mma) / 4, e = f % per_mma;
    const int first = (warp / warps::warps_across) * warps::warp_m + mi * Rows;
    if constexpr (Rows == 16) {
      return first + 2 * (lane / 4) + e / 2;
    } else {
      return first + lane / 4;
    }
  }
  KOKKOS_FORCEINLINE_FUNCTION static int col(int warp, int lane, int f) {
    const int nj = (f / per_mma) % 4, e = f % per_mma;
    const int first = (warp % warps::warps_across) * warps::warp_n;
    if constexpr (Rows == 16) {
      // Instruction column 2q + e % 2 of block nj.
      return first + 16 * (nj / 2) + 2 * (2 * (lane % 4) + e % 2) + nj % 2;
    } else {
      return first + nj * 8 + (lane % 4) * 2 + e;
    }
  }
};

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
#define KOKKOSTILE_HAVE_DMMA 1

KOKKOS_FORCEINLINE_FUNCTION double load_shared_double(unsigned address) {
  double value;
  asm volatile("ld.shared.f64 %0, [%1];" : "=d"(value) : "r"(address));
  return value;
}

/// Two adjacent doubles at a 16-byte aligned shared-space address.
KOKKOS_FORCEINLINE_FUNCTION void load_shared_double_pair(unsigned address, double& first,
                                                         double& second) {
  asm volatile("ld.shared.v2.f64 {%0, %1}, [%2];" : "=d"(first), "=d"(second) : "r"(address));
}

/// acc (TM * TN per thread, in GemmDmmaLayout order) += the warp's block of A_tile x B_tile over
/// BK, both tiles k-major in shared memory (element (r, k) of A at k * PitchA + r; (k, c) of B at
/// k * PitchB + c).
template <class Shape, int PitchA, int PitchB>
KOKKOS_FORCEINLINE_FUNCTION void gemm_dmma_step(const double* a_tile, const double* b_tile, int t,
                                                double* acc) {
  using warps = GemmDmmaWarps<Shape>;
  constexpr int BK = Shape::BK, row_blocks = warps::warp_m / gemm_dmma_rows;
  const int warp = t / 32, lane = t % 32;
  // Shared-space addresses once; each fragment is then a constant offset (see GemmTuned).
  const auto a_base = shared_space_address(a_tile + (lane % 4) * PitchA +
                                           (warp / warps::warps_across) * warps::warp_m + lane / 4);
  const auto b_base = shared_space_address(b_tile + (lane % 4) * PitchB +
                                           (warp % warps::warps_across) * warps::warp_n + lane / 4);
#if __CUDA_ARCH__ >= 900
  // Lane (g, q) reads rows 2g and 2g + 1 of each row block, and columns 2g and 2g + 1 of each pair
  // of column blocks, as pairs (GemmDmmaLayout); its base is rows (columns) 2g from the warp's.
  const auto a_pairs = a_base + (lane / 4) * 8;
  const auto b_pairs = b_base + (lane / 4) * 8;
  auto a_pair = [&](int k, int row, double& x, double& y) {
    load_shared_double_pair(a_pairs + (k * PitchA + row) * 8, x, y);
  };
  auto b_pair = [&](int k, int col, double& x, double& y) {
    load_shared_double_pair(b_pairs + (k * PitchB + col) * 8, x, y);
  };
  KOKKOSTILE_UNROLL
  for (int kk = 0; kk < BK; kk += 8) {
    double a[row_blocks][4], b[4][2];
    KOKKOSTILE_UNROLL
    for (int mi = 0; mi < row_blocks; ++mi) {
      a_pair(kk, mi * 16, a[mi][0], a[mi][1]);
      a_pair(kk + 4, mi * 16, a[mi][2], a[mi][3]);
    }
    KOKKOSTILE_UNROLL
    for (int p = 0; p < 2; ++p) {
      b_pair(kk, p * 16, b[2 * p][0], b[2 * p + 1][0]);
      b_pair(kk + 4, p * 16, b[2 * p][1], b[2 * p + 1][1]);
    }
    KOKKOSTILE_UNROLL
    for (int mi = 0; mi < row_blocks; ++mi) {
      KOKKOSTILE_UNROLL
      for (int nj = 0; nj < 4; ++nj) {
        double* c = acc + (mi * 4 + nj) * 4;
        asm("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
            "{%8, %9}, {%0, %1, %2, %3};"
            : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])
            : "d"(a[mi][0]), "d"(a[mi][1]), "d"(a[mi][2]), "d"(a[mi][3]), "d"(b[nj][0]),
              "d"(b[nj][1]));
      }
    }
  }
#else
  auto a_at = [&](int k, int row) { return load_shared_double(a_base + (k * PitchA + row) * 8); };
  auto b_at = [&](int k, int col) { return load_shared_double(b_base + (k * PitchB + col) * 8); };
  KOKKOSTILE_UNROLL
  for (int kk = 0; kk < BK; kk += 4) {
    double a[row_blocks], b[4];
    KOKKOSTILE_UNROLL
    for (int mi = 0; mi < row_blocks; ++mi)
      a[mi] = a_at(kk, mi * 8);
    KOKKOSTILE_UNROLL
    for (int nj = 0; nj < 4; ++nj)
      b[nj] = b_at(kk, nj * 8);
    KOKKOSTILE_UNROLL
    for (int mi = 0; mi < row_blocks; ++mi) {
      KOKKOSTILE_UNROLL
      for (int nj = 0; nj < 4; ++nj) {
        double* c = acc + (mi * 4 + nj) * 2;
        asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
            : "+d"(c[0]), "+d"(c[1])
            : "d"(a[mi]), "d"(b[nj]));
      }
    }
  }
#endif
}
#endif

}  // namespace Impl
}  // namespace KokkosTile
