// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Split-K for real problems whose tiles do not fill a GPU. A 1024 x 1024 problem has 128 tiles of
// 128 x 64, one team on each of 128 of an H200's 132 multiprocessors, each of which could hold two:
// half the machine's warps wait on the pipeline. Split along k into S slices, the same tiles make
// S times the teams (a K-heavy 1024 x 1024 x 8192 problem runs in 0.78 of the time): slice s
// multiplies op(A)'s columns and op(B)'s rows [s d, (s + 1) d) into its own m x n partial product
// (alpha applied), and one pass adds the partials, the few multiply-adds past S d that the slices'
// depth d (a multiple of 16, for whole-packet tiles) leaves, and beta C. The partials are call
// workspace (Core_CallWorkspace.hpp): S m n elements, stream-ordered on CUDA.
//
// The slices run in one launch of the tuned kernel over a batch (Gemm_TunedBatch.hpp: the slice
// index in the league, each slice's operands moved by its k offset), with gemm's own tile and
// launch bounds. Planned only on CUDA, from the tile count against the multiprocessors, and run
// only where the slices take the tuned kernel's whole-packet form with deep cp.async stages;
// everything else runs unsplit.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_CallWorkspace.hpp"
#include "impl/core/Core_CudaDevice.hpp"
#include "impl/core/Core_LaunchDefaults.hpp"
#include "impl/gemm/Gemm_Simple.hpp"
#include "impl/gemm/Gemm_TunedBatch.hpp"
#include "impl/gemm/Gemm_TunedLaunch.hpp"
#include "impl/gemm/Gemm_Tuning.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// `slices` products of depth `depth` each; slices = 1: no split.
struct GemmSplitKPlan {
  int slices = 1;
  std::int64_t depth = 0;
};

/// The split for `tiles` teams of depth k on `multiprocessors`, each of which holds
/// `teams_per_multiprocessor` of them: only grids of fewer teams than multiprocessors split, into
/// as many slices (at most four) as the multiprocessors hold, each at least 1024 deep. Shallower
/// slices lose: the sum pass and the partials' traffic cost about as much as the second team per
/// multiprocessor gains. Measured on an H200 (128 x 64 tiles, 2 per multiprocessor, the kernel
/// alone under Nsight Compute 80 us split in two against 98 us unsplit at double 1024^3), forced
/// slices against none in one run: 1024 x 1024 x 8192 (slices of 4096) double 0.449 ms against
/// 0.573, float 0.489 against 0.529; 1024^3 (slices of 512) double 0.0856 against 0.0839, float
/// 0.0922 against 0.0813.
inline GemmSplitKPlan plan_gemm_split_k(std::int64_t tiles, std::int64_t k, int multiprocessors,
                                        int teams_per_multiprocessor) {
  constexpr std::int64_t min_depth = 1024, depth_multiple = 16;
  GemmSplitKPlan plan;
  if (tiles <= 0 || tiles >= multiprocessors)
    return plan;
  const std::int64_t resident = std::int64_t(multiprocessors) * teams_per_multiprocessor;
  for (std::int64_t slices = std::min<std::int64_t>(4, resident / tiles); slices >= 2; --slices) {
    const std::int64_t depth = k / slices / depth_multiple * depth_multiple;
    if (depth >= min_depth) {
      plan.slices = int(slices);
      plan.depth = depth;
      return plan;
    }
  }
  return plan;
}

/// Benchmarks' hook: when positive, the number of slices every problem that can split takes,
/// whatever its tiles (1: none), each as deep as a multiple of 16 allows (host code only).
inline int& gemm_split_k_slices_override() {
  static int slices = 0;
  return slices;
}

/// C = sum of the partials + alpha (op(A) op(B) over k from k_done) + beta C; beta = 0 does not
/// read C. Partial s is column-major, at s m n. Consecutive indices walk C's contiguous index.
template <class CView, class AOperand, class BOperand>
struct GemmSplitKSum {
  using T = typename CView::non_const_value_type;
  CView c;
  const T* partials;
  AOperand a;
  BOperand b;
  T alpha, beta;
  std::int64_t m, n, slices, k_done, k;
  bool rows_contiguous;

  KOKKOS_FUNCTION void operator()(std::int64_t e) const {
    std::int64_t i, j;
    gemm_element_coordinates(e, m, n, rows_contiguous, i, j);
    T sum = 0;
    for (std::int64_t s = 0; s < slices; ++s)
      sum += partials[s * m * n + i + j * m];
    T tail = 0;
    for (std::int64_t p = k_done; p < k; ++p)
      tail += a(i, p) * b(p, j);
    const T value = sum + alpha * tail;
    c(i, j) = beta == T(0) ? value : value + beta * c(i, j);
  }
};

/// Runs p split along k with the tuned kernel's tile Shape where the plan splits it and the slices
/// take the whole-packet deep form; returns false, having launched nothing, otherwise.
template <class Shape, class Problem>
bool run_gemm_split_k([[maybe_unused]] const Problem& p) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  using ExecSpace = typename Problem::exec_space;
  using T = typename Problem::T;
  if constexpr (std::is_same_v<ExecSpace, Kokkos::Cuda> && (gemm_deep_stages < Shape, T >> 2)) {
    if (p.operands_padded)
      return false;
    const std::int64_t m = p.m, n = p.n;
    const std::int64_t tiles_n = ceil_div(n, Shape::BN), tiles = ceil_div(m, Shape::BM) * tiles_n;
    GemmSplitKPlan plan = plan_gemm_split_k(
        tiles, p.k, cuda_device_limits(p.call, p.space.cuda_device()).multiprocessors,
        int(gemm_min_teams<Shape, T>));
    if (const int forced = gemm_split_k_slices_override(); forced > 0)
      plan = GemmSplitKPlan{forced, p.k / forced / 16 * 16};
    if (plan.depth < 16)
      return false;
    if (plan.slices < 2)
      return false;

    // Slice 0 as a problem of depth plan.depth into partial 0; the kernel moves the others.
    using slice_problem = GemmProblem<ExecSpace, GemmBatchedTunedC<T>, typename Problem::a_operand,
                                      typename Problem::b_operand>;
    slice_problem slice;
    slice.call = p.call;
    slice.space = p.space;
    slice.a = p.a;
    slice.a.col_count = plan.depth;
    slice.b = p.b;
    slice.b.row_count = plan.depth;
    slice.alpha = p.alpha;
    slice.beta = T(0);
    slice.m = m;
    slice.n = n;
    slice.k = plan.depth;
    ScratchPlacement placement;
    if (select_gemm_tuned_form<Shape>(slice, placement) != GemmTunedForm::packets_deep)
      return false;
    const CallWorkspace<T, ExecSpace> partials(p.space, p.call + "::split_k_partials",
                                               std::size_t(plan.slices * m * n));
    slice.c = GemmBatchedTunedC<T>{partials.data(), 1, m};

    constexpr int stages = gemm_deep_stages<Shape, T>;
    using tile_kernel =
        typename slice_problem::template kernel<Shape, true, true, false, false, stages>;
    const int league = checked_league_size(p.call, plan.slices * tiles);
    Kokkos::parallel_for(
        p.call + "::split_k",
        with_scratch(GemmTeamPolicy<ExecSpace, Shape, T>(p.space, league, Shape::threads),
                     placement),
        GemmBatchedTunedKernel<tile_kernel>{
            tile_kernel{slice.a, slice.b, slice.c, slice.alpha, slice.beta, m, n, plan.depth,
                        int(tiles_n), placement.level},
            plan.depth * p.a.col_stride, plan.depth * p.b.row_stride, m * n, int(tiles)});
    Kokkos::parallel_for(
        p.call + "::split_k_sum",
        Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(p.space, 0, m * n),
        GemmSplitKSum<typename Problem::c_view, typename Problem::a_operand,
                      typename Problem::b_operand>{p.c, partials.data(), p.a, p.b, p.alpha, p.beta,
                                                   m, n, plan.slices, plan.slices * plan.depth, p.k,
                                                   p.c.stride(0) <= p.c.stride(1)});
    // `partials` is freed after the sum, in the instance's order.
    return true;
  }
#endif
  return false;
}

}  // namespace Impl
}  // namespace KokkosTile
