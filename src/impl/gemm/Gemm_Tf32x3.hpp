// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The multiply step of GemmVariant::tf32x3 (opt-in, never the default): fp32 GEMM on the tensor
// cores with the 3xTF32 split. Each fp32 operand x is split into big = tf32(x) and small =
// tf32(x - big); a product is then small_a * big_b + big_a * small_b + big_a * big_b, three
// mma.sync m16n8k8 .tf32 with fp32 accumulation (small * small is below fp32's resolution and left
// out). big + small carries about 22 of fp32's 24 mantissa bits, so the result is close to fp32
// SGEMM's accuracy (measured against an fp64 reference in Bench_Gemm's gemm_error rows), at tensor
// core speed. Plain TF32 (one product) keeps 11 bits and is not offered.
//
// The warps, fragments and accumulator order are DMMA's m16n8k8 (Gemm_Dmma.hpp, GemmDmmaLayout
// with 16 rows): tf32 m16n8k8 lays out A, B and C as f64 m16n8k8 does, and the same row and column
// permutation makes each thread's two fragment registers adjacent in scratch, read as one 8-byte
// load. The scratch pitch is 8 modulo 32 floats (GemmTunedLayout) so that the 16 lanes of each
// phase of those loads hit distinct banks.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_AsyncCopy.hpp"
#include "impl/core/Core_Unroll.hpp"
#include "impl/gemm/Gemm_Dmma.hpp"

#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// A tile shape of the tuned kernel, marked for the 3xTF32 step (float, on CUDA sm_80 and newer,
/// where the shape is one GemmDmmaWarps serves and scratch is shared memory; elsewhere the kernel
/// runs its exact fp32 step).
template <class Base>
struct GemmTf32x3Shape : Base {
  static constexpr bool tf32x3 = true;
};

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
#define KOKKOSTILE_HAVE_TF32_MMA 1

/// Two adjacent floats at an 8-byte aligned shared-space address.
KOKKOS_FORCEINLINE_FUNCTION void load_shared_float_pair(unsigned address, float& first,
                                                        float& second) {
  asm volatile("ld.shared.v2.f32 {%0, %1}, [%2];" : "=f"(first), "=f"(second) : "r"(address));
}

/// x split into its tf32 rounding (big) and the tf32 rounding of the rest (small), as the bit
/// patterns mma.sync takes.
KOKKOS_FORCEINLINE_FUNCTION void split_tf32(float x, std::uint32_t& big, std::uint32_t& small) {
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(big) : "f"(x));
  const float rest = x - __uint_as_float(big);
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(small) : "f"(rest));
}

KOKKOS_FORCEINLINE_FUNCTION void mma_tf32_m16n8k8(float* c, const std::uint32_t (&a)[4],
                                                  const std::uint32_t (&b)[2]) {
  asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
      "{%8, %9}, {%0, %1, %2, %3};"
      : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

/// acc (TM * TN per thread, in GemmDmmaLayout<Shape, 16> order) += the warp's block of A_tile x
/// B_tile over BK, both tiles k-major in shared memory.
template <class Shape, int PitchA, int PitchB>
KOKKOS_FORCEINLINE_FUNCTION void gemm_tf32x3_step(const float* a_tile, const float* b_tile, int t,
                                                  float* acc) {
  using warps = GemmDmmaWarps<Shape>;
  constexpr int BK = Shape::BK, row_blocks = warps::warp_m / 16;
  const int warp = t / 32, lane = t % 32;
  // Lane (g, q) reads rows 2g, 2g + 1 of each row block and columns 2g, 2g + 1 of each pair of
  // column blocks, at k = q and q + 4 of each step of 8.
  const auto a_pairs = shared_space_address(
      a_tile + (lane % 4) * PitchA + (warp / warps::warps_across) * warps::warp_m + 2 * (lane / 4));
  const auto b_pairs = shared_space_address(
      b_tile + (lane % 4) * PitchB + (warp % warps::warps_across) * warps::warp_n + 2 * (lane / 4));
  KOKKOSTILE_UNROLL
  for (int kk = 0; kk < BK; kk += 8) {
    std::uint32_t a_big[row_blocks][4], a_small[row_blocks][4], b_big[4][2], b_small[4][2];
    KOKKOSTILE_UNROLL
    for (int mi = 0; mi < row_blocks; ++mi) {
      float x[4];
      load_shared_float_pair(a_pairs + (kk * PitchA + mi * 16) * 4, x[0], x[1]);
      load_shared_float_pair(a_pairs + ((kk + 4) * PitchA + mi * 16) * 4, x[2], x[3]);
      KOKKOSTILE_UNROLL
      for (int e = 0; e < 4; ++e)
        split_tf32(x[e], a_big[mi][e], a_small[mi][e]);
    }
    KOKKOSTILE_UNROLL
    for (int p = 0; p < 2; ++p) {
      float x[2][2];  // [k half][column block of the pair]
      load_shared_float_pair(b_pairs + (kk * PitchB + p * 16) * 4, x[0][0], x[0][1]);
      load_shared_float_pair(b_pairs + ((kk + 4) * PitchB + p * 16) * 4, x[1][0], x[1][1]);
      KOKKOSTILE_UNROLL
      for (int h = 0; h < 2; ++h) {
        KOKKOSTILE_UNROLL
        for (int j = 0; j < 2; ++j)
          split_tf32(x[h][j], b_big[2 * p + j][h], b_small[2 * p + j][h]);
      }
    }
    KOKKOSTILE_UNROLL
    for (int mi = 0; mi < row_blocks; ++mi) {
      KOKKOSTILE_UNROLL
      for (int nj = 0; nj < 4; ++nj) {
        float* c = acc + (mi * 4 + nj) * 4;
        mma_tf32_m16n8k8(c, a_small[mi], b_big[nj]);
        mma_tf32_m16n8k8(c, a_big[mi], b_small[nj]);
        mma_tf32_m16n8k8(c, a_big[mi], b_big[nj]);
      }
    }
  }
}
#endif

}  // namespace Impl
}  // namespace KokkosTile
