// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// team_gemm for double C in Kokkos TeamPolicy teams on CUDA devices with fp64 tensor cores (sm_80
// and newer): each warp of the team computes 16 x 16 blocks of C as 2 x 2 mma.sync m8n8k4 (DMMA)
// products (a C of at most 8 x 8: one 8 x 8 block, a product a k step), reading its fragments of
// op(A) and op(B) straight from the caller's matrices (scratch or global, any layout). A k step of
// 4 loads 4 values a lane for 32 multiply-adds, where the SIMT 4 x 4 register tile loads 8 for 16;
// and the kernel keeps 8 accumulators a lane instead of 16, which leaves the caller's kernel more
// registers (the SIMT form took a fused kernel to 122 a thread). m8n8k4 is the fp64 shape every
// architecture from sm_80 has; the tuned whole-array GEMM's m16n8k8 (sm_90) needs its own scratch
// layout (impl/gemm/Gemm_Dmma.hpp).
//
// Fragments (PTX ISA, m8n8k4 .f64), g = lane / 4, q = lane % 4: A (8 x 4) a0 = A[g][q]; B (4 x 8)
// b0 = B[q][g]; C (8 x 8) c0, c1 = C[g][2q], C[g][2q + 1]. Rows and columns past C's edge read
// the last one (in bounds) and are not stored; k past the end reads A as zero.

#include <Kokkos_Core.hpp>

#include <type_traits>

#include "impl/core/Core_Scalars.hpp"
#include "impl/core/Core_Unroll.hpp"
#include "impl/team/Team_GemmOps.hpp"

namespace KokkosTile {
namespace Impl {

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
#define KOKKOSTILE_HAVE_TEAM_GEMM_DMMA 1

/// Teams whose warps DMMA may use: Kokkos' own CUDA teams, one block each (thread x the vector
/// lane, y the team rank). parallel_for_cluster's emulation runs several teams in one block, so
/// its members (and any other team type) stay on the SIMT tiles.
template <class TeamMember>
inline constexpr bool team_gemm_dmma_member =
    std::is_same_v<TeamMember, typename Kokkos::TeamPolicy<Kokkos::Cuda>::member_type>;

/// Lanes in the calling CUDA block, which is the team (team_gemm_dmma_member).
KOKKOS_FORCEINLINE_FUNCTION int team_gemm_block_threads() {
  return int(blockDim.x * blockDim.y * blockDim.z);
}

/// C = alpha * op(A) * op(B) + beta * C with DMMA in warp blocks of 8 BI x 8 BJ (BI x BJ mma
/// products a k step); m, n, k > 0, the block a whole number of warps.
template <int BI, int BJ, char OpA, char OpB, class AMatrix, class BMatrix, class CMatrix>
__device__ inline void team_gemm_dmma_blocks(int m, int n, int k, double alpha, const AMatrix& a,
                                             const BMatrix& b, double beta, const CMatrix& c) {
  const int thread = int(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
  const int warps = team_gemm_block_threads() / 32, warp = thread / 32, lane = thread % 32;
  const int g = lane / 4, q = lane % 4;
  const int blocks_n = (n + 8 * BJ - 1) / (8 * BJ), blocks = (m + 8 * BI - 1) / (8 * BI) * blocks_n;
  for (int w = warp; w < blocks; w += warps) {  // uniform across the warp: mma.sync converges
    const int r0 = (w / blocks_n) * 8 * BI, c0 = (w % blocks_n) * 8 * BJ;
    int a_row[BI], b_col[BJ];
    KOKKOSTILE_UNROLL
    for (int i = 0; i < BI; ++i)
      a_row[i] = r0 + 8 * i + g < m ? r0 + 8 * i + g : m - 1;
    KOKKOSTILE_UNROLL
    for (int j = 0; j < BJ; ++j)
      b_col[j] = c0 + 8 * j + g < n ? c0 + 8 * j + g : n - 1;
    double acc[BI][BJ][2] = {};
    const auto step = [&](int k0) {
      const bool inside = k0 + q < k;
      const int kk = inside ? k0 + q : k - 1;
      double av[BI], bv[BJ];
      KOKKOSTILE_UNROLL
      for (int i = 0; i < BI; ++i) {
        const double x = team_op_element<OpA, double>(a, a_row[i], kk);
        av[i] = inside ? x : 0.0;
      }
      KOKKOSTILE_UNROLL
      for (int j = 0; j < BJ; ++j)
        bv[j] = team_op_element<OpB, double>(b, kk, b_col[j]);
      KOKKOSTILE_UNROLL
      for (int i = 0; i < BI; ++i) {
        KOKKOSTILE_UNROLL
        for (int j = 0; j < BJ; ++j)
          asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
              : "+d"(acc[i][j][0]), "+d"(acc[i][j][1])
              : "d"(av[i]), "d"(bv[j]));
      }
    };
    if constexpr (team_matrix_in_global<AMatrix> || team_matrix_in_global<BMatrix>) {
      // Fragments from global memory: 4 k steps' loads in flight, since a step that waits on
      // memory alone is bound by its latency (its rows' next 32 bytes come from DRAM).
#pragma unroll 4
      for (int k0 = 0; k0 < k; k0 += 4)
        step(k0);
    } else {
      // From scratch, not unrolled: unrolling let the compiler keep several k steps' fragments
      // live, which took the fused example's staged kernel from 89 to 137 registers a thread
      // (ptxas -v) and made it slower (fewer teams a multiprocessor).
#pragma unroll 1
      for (int k0 = 0; k0 < k; k0 += 4)
        step(k0);
    }
    KOKKOSTILE_UNROLL
    for (int i = 0; i < BI; ++i) {
      const int row = r0 + 8 * i + g;
      KOKKOSTILE_UNROLL
      for (int j = 0; j < BJ; ++j) {
        KOKKOSTILE_UNROLL
        for (int e = 0; e < 2; ++e) {
          const int col = c0 + 8 * j + 2 * q + e;
          if (row < m && col < n)
            gemm_update(c(row, col), acc[i][j][e], alpha, beta);
        }
      }
    }
  }
}

/// C = alpha * op(A) * op(B) + beta * C with DMMA; m, n, k > 0, the block a whole number of warps.
/// A C of at most 8 x 8 takes one mma a k step (8 x 8 blocks), every other 2 x 2 (16 x 16 blocks,
/// each operand fragment used twice).
template <char OpA, char OpB, class AMatrix, class BMatrix, class CMatrix>
__device__ inline void team_gemm_dmma(int m, int n, int k, double alpha, const AMatrix& a,
                                      const BMatrix& b, double beta, const CMatrix& c) {
  if (m <= 8 && n <= 8)
    team_gemm_dmma_blocks<1, 1, OpA, OpB>(m, n, k, alpha, a, b, beta, c);
  else
    team_gemm_dmma_blocks<2, 2, OpA, OpB>(m, n, k, alpha, a, b, beta, c);
}

#endif

}  // namespace Impl
}  // namespace KokkosTile
