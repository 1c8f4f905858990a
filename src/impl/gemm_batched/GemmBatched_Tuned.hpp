// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// gemm_batched through gemm's tuned device kernel (impl/gemm/Gemm_TunedDevice.hpp) for float and
// double matrices above 32 x 32: the league is batch x tiles, and each team moves op(A), op(B)
// and C to its matrix by the batch strides, then computes its tile as gemm's team would. The
// tuned kernel brings what GemmBatched_Device.hpp lacks at these sizes: several K steps in flight
// through cp.async instead of one staged through registers, and fp64 tensor cores for double.
// The form (packets, deep stages, element copies at the edges) is chosen as gemm chooses it, with
// packets only where every matrix of op(A) and op(B) starts on 16 bytes.

#include <Kokkos_Core.hpp>

#include "KokkosTile_ScratchBudget.hpp"
#include "impl/core/Core_LaunchDefaults.hpp"
#include "impl/core/Core_Packet.hpp"
#include "impl/gemm/Gemm_Operand.hpp"
#include "impl/gemm/Gemm_TunedBatch.hpp"
#include "impl/gemm/Gemm_TunedLaunch.hpp"
#include "impl/gemm_batched/GemmBatched_Operand.hpp"
#include "impl/gemm_batched/GemmBatched_Tuning.hpp"

#include <cstdint>
#include <string>

namespace KokkosTile {
namespace Impl {

/// op(X) of matrix 0 as the tuned kernel's operand.
template <class Operand, class T>
Operand gemm_batched_tuned_operand(const GemmBatchedOperand<const T>& x) {
  Operand op;
  op.data = x.data;
  op.row_stride = x.row_stride;
  op.col_stride = x.col_stride;
  op.row_count = x.rows;
  op.col_count = x.cols;
  op.rows_contiguous = x.rows_contiguous();
  return op;
}

/// C_b = alpha * op(A_b) * op(B_b) + beta * C_b with the tuned kernel's tile Shape; T is float or
/// double, on a device backend.
template <class Shape, class ExecSpace, class T>
void launch_gemm_batched_tuned(const std::string& call, const ExecSpace& space,
                               const GemmBatchedOperand<const T>& a,
                               const GemmBatchedOperand<const T>& b, const GemmBatchedOperand<T>& c,
                               T alpha, T beta, std::int64_t batch) {
  using operand = GemmOperand<GemmKernelView<const T, typename ExecSpace::memory_space>>;
  using problem_type = GemmProblem<ExecSpace, GemmBatchedTunedC<T>, operand, operand>;
  problem_type p;
  p.call = call;
  p.space = space;
  p.a = gemm_batched_tuned_operand<operand>(a);
  p.b = gemm_batched_tuned_operand<operand>(b);
  p.c = GemmBatchedTunedC<T>{c.data, c.row_stride, c.col_stride};
  p.alpha = alpha;
  p.beta = beta;
  p.m = c.rows;
  p.n = c.cols;
  p.k = a.cols;
  constexpr int V = packet_width<T>();
  const bool matrices_aligned = a.batch_stride % V == 0 && b.batch_stride % V == 0;
  ScratchPlacement placement;
  const GemmTunedForm form = select_gemm_tuned_form<Shape>(p, placement, matrices_aligned);
  const std::int64_t tiles_n = ceil_div(p.n, Shape::BN);
  const std::int64_t tiles = ceil_div(p.m, Shape::BM) * tiles_n;
  const int league = checked_league_size(call, batch * tiles);
  using policy = Kokkos::TeamPolicy<
      ExecSpace, Kokkos::LaunchBounds<Shape::threads, gemm_batched_tuned_min_teams<Shape, T>>>;
  visit_gemm_tuned_form<ExecSpace, Shape, T>(form, [&](auto args) {
    using Args = decltype(args);
    using tile_kernel =
        typename problem_type::template kernel<Shape, Args::shared_space, Args::packets, false,
                                               false, Args::stages>;
    Kokkos::parallel_for(
        call, with_scratch(policy(space, league, Shape::threads), placement),
        GemmBatchedTunedKernel<tile_kernel>{
            tile_kernel{p.a, p.b, p.c, alpha, beta, p.m, p.n, p.k, int(tiles_n), placement.level},
            a.batch_stride, b.batch_stride, c.batch_stride, int(tiles)});
  });
}

}  // namespace Impl
}  // namespace KokkosTile
