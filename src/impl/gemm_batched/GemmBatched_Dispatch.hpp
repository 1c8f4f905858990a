// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Which kernel a validated gemm_batched call runs. gemm_batched_dispatch takes the call on the
// kernel View type (GemmBatchedKernelView), makes C's columns its contiguous index (a C whose
// rows are contiguous is computed as C^T = op(B)^T op(A)^T, the same memory), and launches the
// host kernel (GemmBatched_Host.hpp), gemm's tuned kernel (GemmBatched_Tuned.hpp) or the device
// kernel (GemmBatched_Device.hpp). It is what the compiled library instantiates
// (GemmBatched_Eti.hpp).

#include <Kokkos_Core.hpp>

#include "KokkosTile_ScratchBudget.hpp"
#include "impl/core/Core_BackendTraits.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/gemm_batched/GemmBatched_SmallColumns.hpp"
#include "impl/gemm_batched/GemmBatched_Host.hpp"
#include "impl/gemm_batched/GemmBatched_Operand.hpp"
#include "impl/gemm_batched/GemmBatched_Tuned.hpp"
#include "impl/gemm_batched/GemmBatched_Tuning.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

namespace KokkosTile {
namespace Impl {

/// C = beta * C for every matrix (alpha = 0 or k = 0: op(A) and op(B) are not read).
template <class T>
struct GemmBatchedScaleC {
  GemmBatchedOperand<T> c;
  T beta;
  int m, n;
  KOKKOS_FUNCTION void operator()(std::int64_t e) const {
    const std::int64_t cells = std::int64_t(m) * n;
    T& out = c.at(c.matrix(e / cells), int(e % cells / n), int(e % n));
    out = beta == T(0) ? T(0) : beta * out;
  }
};

template <class Shape, class ExecSpace, class T, class AX, class BX>
void launch_gemm_batched_device(const std::string& call, const ExecSpace& space,
                                const GemmBatchedOperand<AX>& a, const GemmBatchedOperand<BX>& b,
                                const GemmBatchedOperand<T>& c, T alpha, T beta,
                                std::int64_t batch) {
  using kernel = GemmBatchedTeamKernel<ExecSpace, Shape, T, AX, BX>;
  const ScratchPlacement placement = place_team_scratch(call, space, kernel::scratch_bytes());
  const int tiles_m = int(ceil_div(c.rows, Shape::BM)), tiles_n = int(ceil_div(c.cols, Shape::BN));
  const int league = checked_league_size(call, batch * tiles_m * tiles_n);
  using policy = Kokkos::TeamPolicy<
      ExecSpace,
      Kokkos::LaunchBounds<Shape::threads, gemm_batched_min_teams<ExecSpace, Shape, T>()>>;
  Kokkos::parallel_for(
      call, with_scratch(policy(space, league, Shape::threads), placement),
      kernel{a, b, c, alpha, beta, c.rows, c.cols, a.cols, tiles_m, tiles_n, placement.level});
}

/// op(A), op(B) and C with C's columns contiguous (or C of one column), m, n > 0.
template <class ExecSpace, class T, class AX, class BX>
void run_gemm_batched(const std::string& call, const ExecSpace& space,
                      const GemmBatchedOperand<AX>& a, const GemmBatchedOperand<BX>& b,
                      const GemmBatchedOperand<T>& c, T alpha, T beta, std::int64_t batch) {
  const int m = c.rows, n = c.cols, k = a.cols;
  if (m <= gemm_batched_small_extent && n <= gemm_batched_small_extent &&
      k <= gemm_batched_small_depth) {  // every backend: GemmBatched_SmallColumns.hpp
    Kokkos::parallel_for(call, Kokkos::RangePolicy<ExecSpace>(space, 0, batch * n),
                         GemmBatchedColumnKernel<T, AX, BX>{a, b, c, alpha, beta, m, n, k});
    return;
  }
  if constexpr (is_host_backend<ExecSpace>()) {
    using kernel = GemmBatchedHostKernel<ExecSpace, T, AX, BX>;
    const int mp = int(ceil_div(m, kernel::MR) * kernel::MR);
    const int np = int(ceil_div(n, kernel::NR) * kernel::NR);
    const int kc = gemm_batched_host_chunk<T>(mp, np, k);
    const ScratchPlacement placement =
        place_team_scratch(call, space, kernel::scratch_bytes(mp, np, kc));
    const int league = checked_league_size(call, batch);
    Kokkos::parallel_for(call,
                         with_scratch(Kokkos::TeamPolicy<ExecSpace>(space, league, 1), placement),
                         kernel{a, b, c, alpha, beta, m, n, k, mp, np, kc, placement.level});
  } else {
    if constexpr (gemm_batched_tunable_v<T, AX, BX>) {
      const int extent = std::max(m, n);
      if (extent > 32)
        return launch_gemm_batched_tuned<GemmBatchedTunedShape64<T>>(call, space, a, b, c, alpha,
                                                                     beta, batch);
      if (extent >= gemm_batched_tuned_min_extent)
        return launch_gemm_batched_tuned<GemmBatchedTunedShape32>(call, space, a, b, c, alpha, beta,
                                                                  batch);
    }
    switch (gemm_batched_device_tile(m, n)) {
      case GemmBatchedTile::t8:
        return launch_gemm_batched_device<GemmBatchedShape8>(call, space, a, b, c, alpha, beta,
                                                             batch);
      case GemmBatchedTile::t16:
        return launch_gemm_batched_device<GemmBatchedShape16>(call, space, a, b, c, alpha, beta,
                                                              batch);
      case GemmBatchedTile::t32:
        return launch_gemm_batched_device<GemmBatchedShape32<T>>(call, space, a, b, c, alpha, beta,
                                                                 batch);
      case GemmBatchedTile::t64:
        return launch_gemm_batched_device<GemmBatchedShape64<T>>(call, space, a, b, c, alpha, beta,
                                                                 batch);
    }
  }
}

/// C_b = alpha * op(A_b) * op(B_b) + beta * C_b for every b, validated by
/// KokkosTile::gemm_batched: extents agree, batch, m and n above 0, C shares no element with A or
/// B and has an element per index.
template <class ExecSpace, class AKernel, class BKernel, class CKernel>
void gemm_batched_dispatch(const std::string& call, const ExecSpace& space, bool ta, bool conj_a,
                           bool tb, bool conj_b, typename CKernel::non_const_value_type alpha,
                           const AKernel& a, const BKernel& b,
                           typename CKernel::non_const_value_type beta, const CKernel& c) {
  using T = typename CKernel::non_const_value_type;
  const GemmBatchedOperand<typename AKernel::value_type> op_a(a, ta, conj_a);
  const GemmBatchedOperand<typename BKernel::value_type> op_b(b, tb, conj_b);
  const GemmBatchedOperand<T> op_c(c, false, false);
  const std::int64_t batch = c.extent(0);
  if (alpha == T(0) || op_a.cols == 0) {
    Kokkos::parallel_for(call + "::scale_c",
                         Kokkos::RangePolicy<ExecSpace>(space, 0, batch * op_c.rows * op_c.cols),
                         GemmBatchedScaleC<T>{op_c, beta, op_c.rows, op_c.cols});
    return;
  }
  if (op_c.rows_contiguous() && op_c.cols > 1)
    run_gemm_batched(call, space, op_b.transposed(), op_a.transposed(), op_c.transposed(), alpha,
                     beta, batch);
  else
    run_gemm_batched(call, space, op_a, op_b, op_c, alpha, beta, batch);
}

}  // namespace Impl
}  // namespace KokkosTile
