// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// A matrix multiply by one team, inside the caller's own Kokkos TeamPolicy kernel or
// parallel_for_cluster / parallel_for_large_scratch one (KokkosTile_Cluster.hpp):
//
//   KokkosTile::team_gemm(team, alpha, a, b, beta, c);            // C = alpha A B + beta C
//   KokkosTile::team_gemm<'T', 'N'>(team, alpha, a, b, beta, c);  // op(A) = A^T
//   KokkosTile::team_gemm(team, alpha, a, b, beta, c,             // C = f(alpha A B + beta C)
//                         [&](int i, int j, double v) { return v > 0 ? v : 0.0; });
//   KokkosTile::team_gemm<'N', 'N', KokkosTile::TeamGemmAlgo::LargeBlocks>(...);  // C >= 64 x 64
//   KokkosTile::team_gemm_batched(team, alpha, a3, b3, beta, c3);  // every C_l, rank 3
//
// A, B and C are rank-2 Views (global memory or team scratch, any layout, subviews) or Tile2Ds
// (KokkosTile_ScratchTile.hpp), in any mix. Ops as KokkosTile::gemm: 'N', 'T' or 'C' (conjugate
// transpose; 'T' for real types), either case, as template arguments. Value types follow gemm's
// rules: C's is float, double or a Kokkos::complex of one; A's and B's convert into it without
// loss.
//
// team_gemm_batched multiplies every matrix of rank-3 Views (matrix index first, as KokkosBatched
// and gemm_batched) with the team's threads spread over all of them: many small matrices (8 x 8)
// fill a team that one of them would leave mostly idle.
//
// Contract:
// - every thread and vector lane of the team calls it, with the same arguments;
// - it does not synchronise: call team.team_barrier() before it when the team has just written
//   A or B (a tile load), and after it before threads read C elements other threads wrote;
// - it needs no scratch of its own (A, B and C may be in scratch the caller placed);
// - any m, n, k (0 included); beta = 0 does not read C, alpha = 0 or k = 0 does not read A or B;
// - extents that do not agree (op(A) m x k, op(B) k x n, C m x n) abort the kernel
//   (Kokkos::abort), as a device kernel cannot throw;
// - an epilogue, if given, is called once per element of C, by the thread that stores it, as
//   epilogue(i, j, value) with value = alpha op(A) op(B) + beta C at (i, j) (team_gemm_batched:
//   epilogue(l, i, j, value) for matrix l); C(i, j) becomes what it returns. It fuses an
//   elementwise step (bias, activation, a type change) into the store, so that C can be the
//   kernel's output in global memory with no scratch tile and no second pass.
// How: double C on CUDA sm_80 and newer, in a Kokkos TeamPolicy kernel with teams of whole warps,
// uses the fp64 tensor cores (DMMA), a warp per 8 x 8 or 16 x 16 block of C (any m, n, k);
// otherwise each thread accumulates a 4 x 4 (2 x 2 or 1 x 1 when C has too few elements for every
// thread to get one) block of C in registers: impl/team/Team_Gemm.hpp. Scratch tiles of double
// read by DMMA want rows padded by 4 elements (TileShape2D's pad), so that a fragment's lanes hit
// distinct banks. The third template argument picks the blocks: TeamGemmAlgo::Default, lean in
// registers, or LargeBlocks (8 x 8 tiles a thread, 32 x 32 DMMA blocks a warp on sm_90): fewer
// operand reads for more registers (impl/team/Team_GemmAlgo.hpp).

#include <Kokkos_Core.hpp>

#include <type_traits>

#include "impl/core/Core_Scalars.hpp"
#include "impl/team/Team_Gemm.hpp"

namespace KokkosTile {

namespace Impl {
/// team_gemm's and team_gemm_batched's compile-time checks, on C's value type T.
template <char OpA, char OpB, class Algo, class T, class AValue, class BValue, class CValue,
          class Epilogue, class... Index>
KOKKOS_INLINE_FUNCTION constexpr void team_gemm_static_checks() {
  static_assert(team_op_valid<OpA> && team_op_valid<OpB>,
                "KokkosTile::team_gemm: ops are 'N', 'T' or 'C'");
  static_assert(
      team_gemm_algo_valid<Algo>,
      "KokkosTile::team_gemm: Algo is TeamGemmAlgo::Default or TeamGemmAlgo::LargeBlocks");
  static_assert(!std::is_const_v<CValue>, "KokkosTile::team_gemm: C must not be const");
  static_assert(is_gemm_scalar_v<T>,
                "KokkosTile::team_gemm: float or double, or Kokkos::complex of float or double");
  static_assert(gemm_converts_v<std::remove_cv_t<AValue>, T>,
                "KokkosTile::team_gemm: A's value type must convert to C's without loss");
  static_assert(gemm_converts_v<std::remove_cv_t<BValue>, T>,
                "KokkosTile::team_gemm: B's value type must convert to C's without loss");
  static_assert(
      std::is_convertible_v<std::invoke_result_t<const Epilogue&, Index..., int, int, T>, T>,
      "KokkosTile::team_gemm: the epilogue is called as epilogue(int i, int j, T value) "
      "(team_gemm_batched: epilogue(int l, int i, int j, T value)) and returns C's new "
      "value");
}
}  // namespace Impl

/// C = epilogue(alpha op(A) op(B) + beta C) by the team, A, B and C rank-2.
template <char OpA = 'N', char OpB = 'N', class Algo = TeamGemmAlgo::Default, class TeamMember,
          class AMatrix, class BMatrix, class CMatrix, class Epilogue>
KOKKOS_INLINE_FUNCTION void team_gemm(const TeamMember& team,
                                      const Impl::team_matrix_value_t<CMatrix>& alpha,
                                      const AMatrix& a, const BMatrix& b,
                                      const Impl::team_matrix_value_t<CMatrix>& beta,
                                      const CMatrix& c, const Epilogue& epilogue) {
  using T = Impl::team_matrix_value_t<CMatrix>;
  Impl::team_gemm_static_checks<OpA, OpB, Algo, T, typename AMatrix::value_type,
                                typename BMatrix::value_type, typename CMatrix::value_type,
                                Epilogue>();
  if (Impl::team_op_rows<OpA>(a) != int(c.extent(0)) ||
      Impl::team_op_cols<OpB>(b) != int(c.extent(1)) ||
      Impl::team_op_cols<OpA>(a) != Impl::team_op_rows<OpB>(b))
    Kokkos::abort("KokkosTile::team_gemm: the extents of op(A), op(B) and C do not agree");
  Impl::team_gemm_run<OpA, OpB, Algo>(
      team, 1, int(c.extent(0)), int(c.extent(1)), Impl::team_op_cols<OpA>(a), alpha,
      Impl::TeamGemmOne<AMatrix>{a}, Impl::TeamGemmOne<BMatrix>{b}, beta,
      Impl::TeamGemmOne<CMatrix>{c}, Impl::TeamGemmOneEpilogue<Epilogue>{epilogue});
}

template <char OpA = 'N', char OpB = 'N', class Algo = TeamGemmAlgo::Default, class TeamMember,
          class AMatrix, class BMatrix, class CMatrix>
KOKKOS_INLINE_FUNCTION void team_gemm(const TeamMember& team,
                                      const Impl::team_matrix_value_t<CMatrix>& alpha,
                                      const AMatrix& a, const BMatrix& b,
                                      const Impl::team_matrix_value_t<CMatrix>& beta,
                                      const CMatrix& c) {
  team_gemm<OpA, OpB, Algo>(team, alpha, a, b, beta, c,
                            [](int, int, const auto& value) { return value; });
}

/// C_l = epilogue(l, ., ., alpha op(A_l) op(B_l) + beta C_l) for every l by the team, A, B and C
/// rank-3 Views with the matrix index first (KokkosBatched's order).
template <char OpA = 'N', char OpB = 'N', class Algo = TeamGemmAlgo::Default, class TeamMember,
          class AView, class BView, class CView, class Epilogue>
KOKKOS_INLINE_FUNCTION void team_gemm_batched(const TeamMember& team,
                                              const typename CView::non_const_value_type& alpha,
                                              const AView& a, const BView& b,
                                              const typename CView::non_const_value_type& beta,
                                              const CView& c, const Epilogue& epilogue) {
  using T = typename CView::non_const_value_type;
  static_assert(Kokkos::is_view_v<AView> && Kokkos::is_view_v<BView> && Kokkos::is_view_v<CView> &&
                    AView::rank() == 3 && BView::rank() == 3 && CView::rank() == 3,
                "KokkosTile::team_gemm_batched: A, B and C are rank-3 Views (matrix, row, column)");
  Impl::team_gemm_static_checks<OpA, OpB, Algo, T, typename AView::value_type,
                                typename BView::value_type, typename CView::value_type, Epilogue,
                                int>();
  const int batch = int(c.extent(0)), m = int(c.extent(1)), n = int(c.extent(2));
  const bool ta = Impl::team_op_transposes<OpA>, tb = Impl::team_op_transposes<OpB>;
  const int k = int(ta ? a.extent(1) : a.extent(2));
  if (int(a.extent(0)) != batch || int(b.extent(0)) != batch ||
      int(ta ? a.extent(2) : a.extent(1)) != m || int(tb ? b.extent(1) : b.extent(2)) != n ||
      int(tb ? b.extent(2) : b.extent(1)) != k)
    Kokkos::abort("KokkosTile::team_gemm_batched: the extents of op(A), op(B) and C do not agree");
  Impl::team_gemm_run<OpA, OpB, Algo>(team, batch, m, n, k, alpha, Impl::TeamGemmMany<AView>{a},
                                      Impl::TeamGemmMany<BView>{b}, beta,
                                      Impl::TeamGemmMany<CView>{c}, epilogue);
}

template <char OpA = 'N', char OpB = 'N', class Algo = TeamGemmAlgo::Default, class TeamMember,
          class AView, class BView, class CView>
KOKKOS_INLINE_FUNCTION void team_gemm_batched(const TeamMember& team,
                                              const typename CView::non_const_value_type& alpha,
                                              const AView& a, const BView& b,
                                              const typename CView::non_const_value_type& beta,
                                              const CView& c) {
  team_gemm_batched<OpA, OpB, Algo>(team, alpha, a, b, beta, c, Impl::TeamGemmNoEpilogue{});
}

}  // namespace KokkosTile
