// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Many independent matrix multiplies in one call, C_b = alpha * op(A_b) * op(B_b) + beta * C_b
// for every batch index b:
//
//   KokkosTile::gemm_batched(space, "N", "T", alpha, a, b, beta, c);   // asynchronous on space
//
// A, B and C are rank-3 Views with the batch index first, as KokkosBatched's (A(b, i, j) is
// element (i, j) of matrix b), of any layout or stride (subviews included) and equal batch
// extents. Ops, value types, beta = 0 (C not read), alpha = 0 or k = 0 (A and B not read) and the
// argument order are KokkosTile::gemm's (KokkosTile_Gemm.hpp). Errors (InvalidArgument):
// extents that do not agree, an op other than N/T/C, C sharing memory with A or B (compared by
// the address ranges their elements reach, conservatively), C with strides that do not nest (two
// indices could be one element), matrices of more than INT_MAX rows or columns.
//
// Kernels: on devices a team per tile of one matrix (8 x 8 to 64 x 64, from the matrix size),
// with op(A) and op(B) staged through scratch and register tiles as team_gemm's
// (impl/gemm_batched/GemmBatched_Device.hpp); on host backends a matrix per thread, packed
// (impl/gemm_batched/GemmBatched_Host.hpp). Labelled "KokkosTile::gemm_batched" for Kokkos Tools
// unless a label is given. This header validates and forwards to
// impl/gemm_batched/GemmBatched_Dispatch.hpp, which the compiled library holds for one value type
// in A, B and C.

#include <Kokkos_Core.hpp>
#include <Kokkos_Profiling_ScopedRegion.hpp>

#include "KokkosTile_Assert.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/gemm/Gemm_Checks.hpp"
#include "impl/gemm_batched/GemmBatched_Checks.hpp"
#include "impl/gemm_batched/GemmBatched_Dispatch.hpp"
#include "impl/gemm_batched/GemmBatched_Eti.hpp"

#include <climits>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {

/// C_b = alpha * op(A_b) * op(B_b) + beta * C_b for every b, on `space`, asynchronous there.
/// `label` names the call for Kokkos Tools: its region and every kernel it launches.
template <class ExecSpace, class AView, class BView, class CView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void gemm_batched(const std::string& label, const ExecSpace& space, const char* trans_a,
                  const char* trans_b, typename CView::const_value_type alpha, const AView& a,
                  const BView& b, typename CView::const_value_type beta, const CView& c) {
  Impl::check_gemm_batched_view<ExecSpace, AView>();
  Impl::check_gemm_batched_view<ExecSpace, BView>();
  Impl::check_gemm_batched_view<ExecSpace, CView>();
  using T = typename CView::non_const_value_type;
  static_assert(std::is_same_v<typename CView::value_type, T>,
                "KokkosTile::gemm_batched: C must not be const");
  using TA = typename AView::non_const_value_type;
  using TB = typename BView::non_const_value_type;
  static_assert(Impl::is_gemm_scalar_v<T>,
                "KokkosTile::gemm_batched: float or double, or Kokkos::complex of float or double");
  static_assert(Impl::gemm_converts_v<TA, T>,
                "KokkosTile::gemm_batched: A's value type must convert to C's without loss");
  static_assert(Impl::gemm_converts_v<TB, T>,
                "KokkosTile::gemm_batched: B's value type must convert to C's without loss");

  const std::string& call = label;
  const Kokkos::Profiling::ScopedRegion region(call);
  const bool ta = Impl::parse_gemm_op(call, "trans_a", trans_a);
  const bool tb = Impl::parse_gemm_op(call, "trans_b", trans_b);
  KOKKOSTILE_EXPECT(a.extent(0) == c.extent(0) && b.extent(0) == c.extent(0), InvalidArgument, call,
                    "the batch extents differ: A has " << a.extent(0) << " matrices, B "
                                                       << b.extent(0) << ", C " << c.extent(0));
  const std::int64_t m = ta ? a.extent(2) : a.extent(1), k = ta ? a.extent(1) : a.extent(2);
  const std::int64_t k_b = tb ? b.extent(2) : b.extent(1), n = tb ? b.extent(1) : b.extent(2);
  Impl::expect_gemm_extents(call, m, k, k_b, n, c.extent(1), c.extent(2));
  KOKKOSTILE_EXPECT(m <= INT_MAX && n <= INT_MAX && k <= INT_MAX, InvalidArgument, call,
                    "matrices of " << m << " x " << k << " times " << k << " x " << n
                                   << " exceed INT_MAX rows or columns");
  Impl::expect_nested_strides(call, c, "C");
  Impl::expect_disjoint(call, c, a, "C and A", "");
  Impl::expect_disjoint(call, c, b, "C and B", "");
  if (c.size() == 0)
    return;
  using AKernel = Impl::GemmBatchedKernelView<const TA, typename AView::memory_space>;
  using BKernel = Impl::GemmBatchedKernelView<const TB, typename BView::memory_space>;
  using CKernel = Impl::GemmBatchedKernelView<T, typename CView::memory_space>;
  Impl::gemm_batched_dispatch(call, space, ta, Impl::gemm_op_conjugates(trans_a), tb,
                              Impl::gemm_op_conjugates(trans_b), T(alpha),
                              Impl::gemm_batched_kernel_view<AKernel>(a),
                              Impl::gemm_batched_kernel_view<BKernel>(b), T(beta),
                              Impl::gemm_batched_kernel_view<CKernel>(c));
}

/// As above, labelled "KokkosTile::gemm_batched".
template <class ExecSpace, class AView, class BView, class CView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void gemm_batched(const ExecSpace& space, const char* trans_a, const char* trans_b,
                  typename CView::const_value_type alpha, const AView& a, const BView& b,
                  typename CView::const_value_type beta, const CView& c) {
  gemm_batched(std::string("KokkosTile::gemm_batched"), space, trans_a, trans_b, alpha, a, b, beta,
               c);
}

/// As above, on a default instance of C's execution space: asynchronous there too.
template <class AView, class BView, class CView,
          std::enable_if_t<Kokkos::is_view<CView>::value, int> = 0>
void gemm_batched(const char* trans_a, const char* trans_b, typename CView::const_value_type alpha,
                  const AView& a, const BView& b, typename CView::const_value_type beta,
                  const CView& c) {
  gemm_batched(typename CView::execution_space{}, trans_a, trans_b, alpha, a, b, beta, c);
}

}  // namespace KokkosTile
