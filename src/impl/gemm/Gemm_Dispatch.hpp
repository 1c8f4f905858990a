// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Which kernel a validated gemm call runs: gemm_dispatch takes the call on GEMM's kernel View types
// (GemmKernelView: one per value type and memory space, whatever the caller's layouts) and chooses
// by variant, value types, execution space and size. It is the one function per execution space
// and value types that the compiled library instantiates (Gemm_Eti.hpp), so that a user's file
// compiles none of the kernels below for those types.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_GemmOptions.hpp"
#include "impl/gemm/Gemm_Checks.hpp"
#include "impl/gemm/Gemm_PaddedOperands.hpp"
#include "impl/gemm/Gemm_SplitComplex.hpp"
#include "impl/gemm/Gemm_SplitK.hpp"
#include "impl/gemm/Gemm_TileChoice.hpp"
#include "impl/gemm/Gemm_TunedLaunch.hpp"

#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// The tuned kernel for a real problem with tile `tile` (automatic: resolve_gemm_tile).
template <class Problem>
void run_gemm_tuned_tile(const Problem& problem, GemmTile tile) {
  using ExecSpace = typename Problem::exec_space;
  using T = typename Problem::T;
  const std::string& call = problem.call;
  const ExecSpace& space = problem.space;
  const std::int64_t m = problem.m, n = problem.n;
  const bool automatic = tile == GemmTile::automatic;
  switch (resolve_gemm_tile<ExecSpace, T>(
      tile, problem.template whole_packet_tiles<GemmTunedShape<128, 128, 16, 8, 8>>(),
      !automatic || gemm_tiles_fill_machine(call, space, m, n, 128, gemm_big_tile_n<T>))) {
    case GemmTile::t128x128x8_8x8:
      return run_gemm_tuned<GemmTunedShape<128, 128, 8, 8, 8>>(problem);
    case GemmTile::t128x128x16_8x8:
      return run_gemm_tuned<GemmTunedShape<128, 128, 16, 8, 8>>(problem);
    case GemmTile::t128x128x16_8x16:
      if constexpr (sizeof(T) < 8)  // rejected for double above; not compiled for it
        return run_gemm_tuned<GemmTunedShape<128, 128, 16, 8, 16>>(problem);
      break;
    case GemmTile::t256x128x8_16x8:
      if constexpr (sizeof(T) < 8)  // likewise
        return run_gemm_tuned<GemmTunedShape<256, 128, 8, 16, 8>>(problem);
      break;
    case GemmTile::t128x64x8_8x4:
      return run_gemm_tuned<GemmTunedShape<128, 64, 8, 8, 4>>(problem);
    case GemmTile::t128x64x8_8x8:
      return run_gemm_tuned<GemmTunedShape<128, 64, 8, 8, 8>>(problem);
    case GemmTile::t64x64x16_4x4:
    case GemmTile::automatic:
      return run_gemm_tuned<GemmTunedShape<64, 64, 16, 4, 4>>(problem);
  }
  KOKKOSTILE_EXPECT(false, InvalidArgument, call,
                    "tile " << int(tile) << " is not compiled for this value type");
}

/// The problems of one real value type (float or double in A, B and C): the variant's kernel, the
/// tile and form chosen per execution space and size.
template <class Problem>
void run_gemm_real(const Problem& problem, const GemmOptions& options) {
  using ExecSpace = typename Problem::exec_space;
  using T = typename Problem::T;
  static_assert(std::is_floating_point_v<T>, "run_gemm_real: one real value type");
  const std::string& call = problem.call;
  const ExecSpace& space = problem.space;
  const auto& op_a = problem.a;
  const auto& op_b = problem.b;
  const auto& c = problem.c;
  const std::int64_t m = problem.m, n = problem.n, k = problem.k;
  switch (options.variant) {
    case GemmVariant::naive:
      return run_gemm_naive(problem);
    case GemmVariant::tiled16:
      return run_gemm_tiled16(problem);
    case GemmVariant::tf32x3:
      if constexpr (std::is_same_v<T, float> && !is_host_backend<ExecSpace>()) {
        // Its own tiles: 128 x 128 x 8 (four cp.async stages), or 128 x 64 x 8 when the grid
        // would not fill the multiprocessors; both give each warp 64 x 32 or 32 x 32 of C.
        if (gemm_tiles_fill_machine(call, space, m, n))
          return run_gemm_tuned<GemmTf32x3Shape<GemmTunedShape<128, 128, 8, 8, 8>>>(problem);
        return run_gemm_tuned<GemmTf32x3Shape<GemmTunedShape<128, 64, 8, 8, 4>>>(problem);
      }
      [[fallthrough]];  // exact fp32 (fp64) where the tensor-core split does not apply
    case GemmVariant::automatic:
    case GemmVariant::tuned:
      if constexpr (is_host_backend<ExecSpace>()) {
        if (options.tile == GemmTile::automatic)  // packed panels and a register micro-kernel
          return gemm_host<ExecSpace, T>(
              call, space, GemmHostMatrix<const T>{op_a.data, op_a.row_stride, op_a.col_stride},
              GemmHostMatrix<const T>{op_b.data, op_b.row_stride, op_b.col_stride},
              GemmHostMatrix<T>{c.data(), std::int64_t(c.stride(0)), std::int64_t(c.stride(1))},
              problem.alpha, problem.beta, m, n, k);
      } else {
        // Large problems that allow no whole-packet tiles: the whole-packet form on padded copies.
        if (options.tile == GemmTile::automatic && gemm_pads_operands(problem))
          return run_gemm_padded(problem, [](const auto& padded) {
            run_gemm_tuned_tile(padded, GemmTile::automatic);
          });
        // Grids of fewer tiles than multiprocessors: split along k (Gemm_SplitK.hpp), with the
        // tile automatic takes for them.
        if (options.tile == GemmTile::automatic &&
            run_gemm_split_k<GemmTunedShape<128, 64, 8, 8, 4>>(problem))
          return;
      }
      return run_gemm_tuned_tile(problem, options.tile);
  }
  KOKKOSTILE_EXPECT(false, InvalidArgument, call, "unknown variant");
}

/// C = alpha * op(A) * op(B) + beta * C for a call KokkosTile::gemm validated: a, b and c are
/// GemmKernelViews, op(A) is m x k, op(B) k x n and C m x n with m and n above 0, and C shares no
/// element with A or B.
template <class ExecSpace, class AKernel, class BKernel, class CKernel>
void gemm_dispatch(const std::string& call, const ExecSpace& space, bool ta, bool conj_a, bool tb,
                   bool conj_b, typename CKernel::non_const_value_type alpha, const AKernel& a,
                   const BKernel& b, typename CKernel::non_const_value_type beta, const CKernel& c,
                   const GemmOptions& options) {
  using T = typename CKernel::non_const_value_type;
  using TA = typename AKernel::non_const_value_type;
  using TB = typename BKernel::non_const_value_type;
  using a_operand = GemmOperand<AKernel>;
  using b_operand = GemmOperand<BKernel>;
  // "C" conjugates complex operands where their elements are read; real ones ignore it.
  const a_operand op_a(a, ta, conj_a);
  const b_operand op_b(b, tb, conj_b);
  const std::int64_t m = op_a.rows(), k = op_a.cols(), n = op_b.cols();
  if (alpha == T(0) || k == 0) {
    Kokkos::parallel_for(call + "::scale_c", Kokkos::RangePolicy<ExecSpace>(space, 0, m * n),
                         GemmScaleC<CKernel, T>{c, beta, m, n, c.stride(0) <= c.stride(1)});
    return;
  }

  const GemmProblem<ExecSpace, CKernel, a_operand, b_operand> problem{call,  space, op_a, op_b, c,
                                                                      alpha, beta,  m,    n,    k};
  if constexpr (gemm_one_real_type_v<TA, TB, T>) {
    run_gemm_real(problem, options);
  } else {
    // One complex type: tuned and tf32x3 split it into one real product of twice the width and
    // depth on the real path (Gemm_SplitComplex.hpp) when the problem is big enough to pay for it.
    if constexpr (gemm_splits_complex_v<TA, TB, T>) {
      if ((options.variant == GemmVariant::automatic || options.variant == GemmVariant::tuned ||
           options.variant == GemmVariant::tf32x3) &&
          gemm_split_complex_pays(m, n, k)) {
        GemmOptions real_options = options;  // the tile is ignored, as in the other forms
        real_options.tile = GemmTile::automatic;
        return run_gemm_split_complex(
            problem, [&](const auto& real_problem) { run_gemm_real(real_problem, real_options); });
      }
    }
    // Otherwise, and for mixed value types: the kernels written for any types, which convert A's
    // and B's elements to T as they read them and conjugate through the operands. tiled16
    // (scratch tiles, reads along each operand's contiguous index) for tiled16, tuned and tf32x3,
    // naive for naive; the same on every execution space.
    switch (options.variant) {
      case GemmVariant::naive:
        return run_gemm_naive(problem);
      case GemmVariant::tiled16:
      case GemmVariant::automatic:
      case GemmVariant::tuned:
      case GemmVariant::tf32x3:
        return run_gemm_tiled16(problem);
    }
    KOKKOSTILE_EXPECT(false, InvalidArgument, call, "unknown variant");
  }
}

}  // namespace Impl
}  // namespace KokkosTile
