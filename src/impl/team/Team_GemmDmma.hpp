// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// team_gemm for double C in Kokkos TeamPolicy teams on CUDA devices with fp64 tensor cores (sm_80
// and newer): each warp of the team computes blocks of C with mma.sync (DMMA), reading its
// fragments of op(A) and op(B) straight from the caller's matrices (scratch or global, any
// layout), its accumulators in registers until the store. Tensor-core fragments load fewer values
// a lane per multiply-add than the SIMT 4 x 4 register tile (a 16 x 16 block: 4 values for 32 with
// m8n8k4, 8 for 64 with m16n8k8; SIMT 8 for 16) and keep fewer accumulators, which leaves the
// caller's kernel registers (the SIMT form took a fused kernel to 122 a thread). Shapes:
// - sm_90 and newer, C larger than 8 x 8: m16n8k8 (added for f64 in sm_90, twice m8n8k4's rate;
//   impl/gemm/Gemm_Dmma.hpp measured it), 16 x 16 blocks a warp;
// - otherwise m8n8k4, the f64 shape of every architecture from sm_80: one 8 x 8 block a warp for
//   a C of at most 8 x 8, 16 x 16 blocks (2 x 2 products) else.
//
// Fragments (PTX ISA, .f64), g = lane / 4, q = lane % 4:
//   m8n8k4:  A (8 x 4) a0 = A[g][q]; B (4 x 8) b0 = B[q][g]; C (8 x 8) c0, c1 = C[g][2q + {0, 1}].
//   m16n8k8: A (16 x 8) a0 = A[g][q], a1 = A[g + 8][q], a2 = A[g][q + 4], a3 = A[g + 8][q + 4];
//            B (8 x 8) b0 = B[q][g], b1 = B[q + 4][g]; C (16 x 8) c0, c1 = C[g][2q + {0, 1}],
//            c2, c3 = C[g + 8][2q + {0, 1}].
// Rows and columns past C's edge read the last one (in bounds) and are not stored; k past the end
// reads A as zero.

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

/// C_l = epilogue(alpha * op(A_l) * op(B_l) + beta * C_l) for l < batch with DMMA in warp blocks
/// of Rows BI x 8 BJ (BI x BJ mma products a k step): Rows 8 takes m8n8k4, 16 m16n8k8 (sm_90 and
/// newer); m, n, k > 0, the block a whole number of warps. Lane (g, q) of an m16n8k8 step supplies
/// k slots q and q + 4 as elements 2q and 2q + 1 of the step's k range (the same permutation for A
/// and B, so the product is the same), so that a row of op(A) in LayoutRight gives it adjacent
/// elements.
template <int Rows, int BI, int BJ, char OpA, char OpB, class ABatch, class BBatch, class CBatch,
          class Epilogue>
__device__ inline void team_gemm_dmma_blocks(int batch, int m, int n, int k, double alpha,
                                             const ABatch& a, const BBatch& b, double beta,
                                             const CBatch& c, const Epilogue& epilogue) {
  static_assert(Rows == 8 || Rows == 16, "team_gemm_dmma_blocks: m8n8k4 or m16n8k8");
  constexpr int halves = Rows / 8;     // rows of A (and of C) a lane holds per product: g, g + 8
  constexpr int per_k = Rows / 8;      // k values a lane holds per step: 1 (m8n8k4) or 2 (m16n8k8)
  constexpr int step_k = 4 * per_k;    // k per step
  constexpr int per_mma = 2 * halves;  // accumulators a lane holds per product
  const int thread = int(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
  const int warps = team_gemm_block_threads() / 32, warp = thread / 32, lane = thread % 32;
  const int g = lane / 4, q = lane % 4;
  const int blocks_n = (n + 8 * BJ - 1) / (8 * BJ);
  const int blocks = (m + Rows * BI - 1) / (Rows * BI) * blocks_n;
  for (int w = warp; w < batch * blocks; w += warps) {  // uniform across the warp: mma converges
    const int l = w / blocks;
    const int r0 = ((w % blocks) / blocks_n) * Rows * BI, c0 = (w % blocks_n) * 8 * BJ;
    const auto& al = a(l);
    const auto& bl = b(l);
    int a_row[BI][halves], b_col[BJ];
    KOKKOSTILE_UNROLL
    for (int i = 0; i < BI; ++i) {
      KOKKOSTILE_UNROLL
      for (int h = 0; h < halves; ++h) {
        const int row = r0 + Rows * i + 8 * h + g;
        a_row[i][h] = row < m ? row : m - 1;
      }
    }
    KOKKOSTILE_UNROLL
    for (int j = 0; j < BJ; ++j)
      b_col[j] = c0 + 8 * j + g < n ? c0 + 8 * j + g : n - 1;
    double acc[BI][BJ][per_mma] = {};
    const auto step = [&](int k0) {
      double av[BI][halves][per_k], bv[BJ][per_k];
      KOKKOSTILE_UNROLL
      for (int v = 0; v < per_k; ++v) {
        const int at = k0 + per_k * q + v;
        const bool inside = at < k;
        const int kk = inside ? at : k - 1;
        KOKKOSTILE_UNROLL
        for (int i = 0; i < BI; ++i) {
          KOKKOSTILE_UNROLL
          for (int h = 0; h < halves; ++h) {
            const double x = team_op_element<OpA, double>(al, a_row[i][h], kk);
            av[i][h][v] = inside ? x : 0.0;
          }
        }
        KOKKOSTILE_UNROLL
        for (int j = 0; j < BJ; ++j)
          bv[j][v] = team_op_element<OpB, double>(bl, kk, b_col[j]);
      }
      KOKKOSTILE_UNROLL
      for (int i = 0; i < BI; ++i) {
        KOKKOSTILE_UNROLL
        for (int j = 0; j < BJ; ++j) {
          double* d = acc[i][j];
          if constexpr (Rows == 16)
            asm("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, "
                "{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
                : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3])
                : "d"(av[i][0][0]), "d"(av[i][halves - 1][0]), "d"(av[i][0][per_k - 1]),
                  "d"(av[i][halves - 1][per_k - 1]), "d"(bv[j][0]), "d"(bv[j][per_k - 1]));
          else
            asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
                : "+d"(d[0]), "+d"(d[1])
                : "d"(av[i][0][0]), "d"(bv[j][0]));
        }
      }
    };
    if constexpr (team_matrix_in_global<team_gemm_matrix_t<ABatch>> ||
                  team_matrix_in_global<team_gemm_matrix_t<BBatch>>) {
      // Fragments from global memory: several k steps' loads in flight, since a step that waits
      // on memory alone is bound by its latency (its rows' next bytes come from DRAM).
#pragma unroll 4
      for (int k0 = 0; k0 < k; k0 += step_k)
        step(k0);
    } else {
      // From scratch, not unrolled: unrolling let the compiler keep several k steps' fragments
      // live, which took the fused example's staged kernel from 89 to 137 registers a thread
      // (ptxas -v) and made it slower (fewer teams a multiprocessor).
#pragma unroll 1
      for (int k0 = 0; k0 < k; k0 += step_k)
        step(k0);
    }
    const auto& cl = c(l);
    KOKKOSTILE_UNROLL
    for (int i = 0; i < BI; ++i) {
      KOKKOSTILE_UNROLL
      for (int h = 0; h < halves; ++h) {
        const int row = r0 + Rows * i + 8 * h + g;
        KOKKOSTILE_UNROLL
        for (int j = 0; j < BJ; ++j) {
          KOKKOSTILE_UNROLL
          for (int e = 0; e < 2; ++e) {
            const int col = c0 + 8 * j + 2 * q + e;
            if (row < m && col < n)
              team_gemm_store(cl, l, row, col, acc[i][j][2 * h + e], alpha, beta, epilogue);
          }
        }
      }
    }
  }
}

/// C_l = epilogue(alpha * op(A_l) * op(B_l) + beta * C_l) for l < batch with DMMA; m, n, k > 0, the
/// block a whole number of warps. A C of at most 8 x 8 takes one m8n8k4 a k step (8 x 8 blocks).
/// Larger ones take 16 x 16 blocks: on sm_90 two m16n8k8 a step (twice m8n8k4's rate there), before
/// it 2 x 2 m8n8k4. Large (TeamGemmAlgo::LargeBlocks) on sm_90 takes 32 x 32 blocks (8 m16n8k8 a
/// step) when there are enough for every warp: their 32 accumulators a lane took the fused
/// example's kernel from 80 to 162 registers a thread (ptxas -v), which only the caller can decide
/// to pay.
template <bool Large, char OpA, char OpB, class ABatch, class BBatch, class CBatch, class Epilogue>
__device__ inline void team_gemm_dmma(int batch, int m, int n, int k, double alpha, const ABatch& a,
                                      const BBatch& b, double beta, const CBatch& c,
                                      const Epilogue& epilogue) {
  if (m <= 8 && n <= 8)
    return team_gemm_dmma_blocks<8, 1, 1, OpA, OpB>(batch, m, n, k, alpha, a, b, beta, c, epilogue);
#if __CUDA_ARCH__ >= 900
  if constexpr (Large) {
    if (batch * ((m + 31) / 32) * ((n + 31) / 32) >= team_gemm_block_threads() / 32)
      return team_gemm_dmma_blocks<16, 2, 4, OpA, OpB>(batch, m, n, k, alpha, a, b, beta, c,
                                                       epilogue);
  }
  team_gemm_dmma_blocks<16, 1, 2, OpA, OpB>(batch, m, n, k, alpha, a, b, beta, c, epilogue);
#else
  team_gemm_dmma_blocks<8, 2, 2, OpA, OpB>(batch, m, n, k, alpha, a, b, beta, c, epilogue);
#endif
}

#endif

}  // namespace Impl
}  // namespace KokkosTile
