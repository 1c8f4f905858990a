// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The GEMM's tuning constants: the tuned kernel's register budget and pipeline depth, what padded
// operands are rounded up to and from which size they pay, and the shape of the edge kernels.
// Gemm_TunedLaunch.hpp, Gemm_PaddedOperands.hpp and Gemm_PaddedEdges.hpp read them here. The
// tile `automatic` takes is chosen in Gemm_TileChoice.hpp, the host kernel's cache blocks in
// Gemm_HostMicroKernel.hpp (GemmHostKernelFor).

#include "impl/gemm/Gemm_TunedLayout.hpp"

#include <cstddef>
#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// Register budget of the tuned kernel, from its accumulators: two teams per multiprocessor
/// (65536 / (2 x threads) registers per thread, 128 for 256 threads, 255 for 128) while the
/// accumulators take at most half of that, else one, where fewer registers would spill. (Three
/// teams, 85 registers, spilled even the 32-accumulator tiles.) Host backends ignore it.
template <class Shape, class T>
inline constexpr unsigned gemm_min_teams = Shape::TM* Shape::TN * sizeof(T) / 4 * Shape::threads <=
                                                   16384
                                               ? 2
                                               : 1;

/// Stages of the cp.async pipeline that the whole-packet form with default layouts may take for
/// Shape and T: as many as fit (four at most) in 40,000 bytes, a little under the 40,936 bytes of
/// level-0 scratch Kokkos 4.6 grants a team on Hopper. At run time they are taken only where the
/// space's level-0 capacity holds them, else two. More stages keep more K steps in flight while
/// one is multiplied: with two, the 128 x 64 fp64 tile on m16n8k8 waits on global memory every
/// step (one team step is about as long as a load from L2).
template <class Shape, class T, bool AAlongK = false, bool BAlongK = false>
inline constexpr int gemm_deep_stages = [] {
  constexpr std::size_t stage_bytes =
      std::size_t(GemmTunedLayout<Shape, T, AAlongK, BAlongK>::stage_elements) * sizeof(T);
  constexpr std::size_t fit = (40000 - 64) / stage_bytes;
  return fit >= 4 ? 4 : fit >= 2 ? int(fit) : 2;
}();

/// What padded operand copies are rounded up to (Gemm_PaddedOperands.hpp): every tuned tile's BM,
/// BN and BK divide these.
inline constexpr std::int64_t gemm_pad_m = 256, gemm_pad_n = 128, gemm_pad_k = 16;

/// Multiply-adds from which padded copies pay: one pass over op(A) and op(B) and the allocation
/// then stay a few percent of the product.
inline constexpr double gemm_padding_min_multiply_adds = 4294967296.0;  // 2^32

/// Most rows (columns) past the last whole tile that the edge kernels take.
inline constexpr int gemm_edge_max = 16;

/// Warps per team of the edge kernels.
inline constexpr int gemm_edge_warps = 8;

}  // namespace Impl
}  // namespace KokkosTile
