// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// General matrix multiply through team scratch, C = alpha * op(A) * op(B) + beta * C, with the
// argument conventions of KokkosBlas::gemm:
//
//   KokkosTile::gemm(space, "N", "T", alpha, a, b, beta, c);   // asynchronous on `space`
//   KokkosTile::gemm("N", "N", alpha, a, b, beta, c);          // on c's default execution space
//
// op is "N" (as is), "T" (transposed) or "C" (conjugate transpose, op(X)(i, j) = conj(X(j, i));
// the same as "T" for real types), in either case. Any M, N, K (0 included), any layout or stride
// (subviews included). beta = 0 does not read C (NaN in it is ignored); alpha = 0 or K = 0 does not
// read A or B. C must not overlap A or B.
//
// Value types: C's is float, double, Kokkos::complex<float> or Kokkos::complex<double>, and so are
// alpha and beta. A's and B's may differ from C's where they convert to it without loss: real into
// real or complex of at least their precision, complex into complex of at least their precision
// (e.g. float A and B into double C, double A into complex<double> C); products and sums are then
// taken in C's value type. Anything else (double into float, complex into real) is a compile error.
// Float or double with one value type for A, B and C takes the variants below as described. One
// complex type for A, B and C takes, with `tuned` and `tf32x3` and from 32^3 multiply-adds, four
// real products on the real path of the same variant (impl/gemm/Gemm_SplitComplex.hpp: planar
// copies of op(A) and op(B) in a per-call workspace, impl/core/Core_CallWorkspace.hpp:
// stream-ordered on CUDA devices with memory pools, so the call does not wait; elsewhere the call
// fences before freeing it). Smaller complex problems, `tiled16`, and mixed value types take the
// 16 x 16 scratch-tile kernel (GemmTiled16), `naive` the naive kernel, on every execution space.
// GemmOptions::tile is ignored for complex and mixed problems (not checked either). On devices, a
// real problem of at least 2^32 multiply-adds whose operands allow no whole tiles of 16-byte
// packets runs on padded copies of op(A) and op(B) (impl/gemm/Gemm_PaddedOperands.hpp, in the same
// per-call workspace).
//
// Variants (GemmOptions::variant): `naive` (one thread per element of C), `tiled16` (16 x 16
// scratch tiles), `tuned` (the default: on devices a team tile in scratch, a register tile per
// thread, two to four scratch stages, double on the fp64 tensor cores of sm_80 and newer; on host
// backends (Serial, OpenMP, Threads) BLIS-style packed panels and a register micro-kernel compiled
// for AVX-512 or AVX2 + FMA where the CPU has them, see impl/gemm/Gemm_Host.hpp), and the opt-in
// `tf32x3` (float on CUDA tensor cores with the 3xTF32 split, close to fp32 accuracy; its own
// tiles; elsewhere and for double the same as `tuned`). GemmOptions::tile forces the team-tile
// kernel with that tile shape, on host backends too; by default it is chosen per execution space,
// scalar type and problem size. Tiles that do not fit level-0 scratch go to level 1 by themselves.
// Kernels are labelled
// "KokkosTile::gemm<variant>" for Kokkos Tools (the host kernel's packing of op(B) adds
// "::pack_b"). This header validates and forwards to impl/gemm/Gemm_Dispatch.hpp, which the
// compiled library (KOKKOSTILE_ENABLE_ETI) holds for one value type in A, B and C.

#include <Kokkos_Core.hpp>
#include <Kokkos_Profiling_ScopedRegion.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_GemmOptions.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/gemm/Gemm_Checks.hpp"
#include "impl/gemm/Gemm_Dispatch.hpp"
#include "impl/gemm/Gemm_Eti.hpp"

#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {

/// C = alpha * op(A) * op(B) + beta * C on `space`, asynchronous there (fence `space`, or read C
/// through a deep_copy on it, before using C on the host). `label` names the call for Kokkos Tools:
/// its region and every kernel it launches.
template <class ExecSpace, class AView, class BView, class CView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void gemm(const std::string& label, const ExecSpace& space, const char* trans_a,
          const char* trans_b, typename CView::const_value_type alpha, const AView& a,
          const BView& b, typename CView::const_value_type beta, const CView& c,
          const GemmOptions& options = {}) {
  Impl::check_gemm_view<ExecSpace, AView>();
  Impl::check_gemm_view<ExecSpace, BView>();
  Impl::check_gemm_view<ExecSpace, CView>();
  using T = typename CView::non_const_value_type;
  static_assert(std::is_same_v<typename CView::value_type, T>,
                "KokkosTile::gemm: C must not be const");
  using TA = typename AView::non_const_value_type;
  using TB = typename BView::non_const_value_type;
  static_assert(Impl::is_gemm_scalar_v<T>,
                "KokkosTile::gemm: float or double, or Kokkos::complex of float or double");
  static_assert(Impl::gemm_converts_v<TA, T>,
                "KokkosTile::gemm: A's value type must convert to C's without loss (real into real "
                "or complex, complex into complex, of at least its precision)");
  static_assert(Impl::gemm_converts_v<TB, T>,
                "KokkosTile::gemm: B's value type must convert to C's without loss (real into real "
                "or complex, complex into complex, of at least its precision)");

  const std::string& call = label;
  // A region per call, so that Kokkos Tools see the call around its kernels.
  const Kokkos::Profiling::ScopedRegion region(call);
  const GemmOptions resolved = Impl::checked_gemm_options(call, options);
  const bool ta = Impl::parse_gemm_op(call, "trans_a", trans_a);
  const bool tb = Impl::parse_gemm_op(call, "trans_b", trans_b);
  if constexpr (Impl::gemm_one_real_type_v<TA, TB, T>)  // the other problems ignore the tile
    Impl::check_gemm_tile<T>(call, resolved.tile);
  // The kernels see one View type per value type and memory space, whatever the layouts
  // (Impl::GemmKernelView): compiled once, not once per combination of the callers' View types.
  const auto kernel_a = Impl::gemm_operand_view(a);
  const auto kernel_b = Impl::gemm_operand_view(b);
  const auto kernel_c = Impl::gemm_output_view(c);
  const std::int64_t m = ta ? a.extent(1) : a.extent(0), k = ta ? a.extent(0) : a.extent(1);
  const std::int64_t k_b = tb ? b.extent(1) : b.extent(0), n = tb ? b.extent(0) : b.extent(1);
  Impl::expect_gemm_extents(call, m, k, k_b, n, c.extent(0), c.extent(1));
  Impl::expect_distinct_elements(call, kernel_c, "C");
  Impl::expect_disjoint(call, kernel_c, kernel_a, "C and A", "");
  Impl::expect_disjoint(call, kernel_c, kernel_b, "C and B", "");
  if (m == 0 || n == 0)
    return;
  Impl::gemm_dispatch(call, space, ta, Impl::gemm_op_conjugates(trans_a), tb,
                      Impl::gemm_op_conjugates(trans_b), T(alpha), kernel_a, kernel_b, T(beta),
                      kernel_c, resolved);
}

/// As above, labelled "KokkosTile::gemm<variant>" (the variant that runs).
template <class ExecSpace, class AView, class BView, class CView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void gemm(const ExecSpace& space, const char* trans_a, const char* trans_b,
          typename CView::const_value_type alpha, const AView& a, const BView& b,
          typename CView::const_value_type beta, const CView& c, const GemmOptions& options = {}) {
  gemm(Impl::gemm_label(options), space, trans_a, trans_b, alpha, a, b, beta, c, options);
}

/// As above, on a default instance of C's execution space: asynchronous there too.
template <class AView, class BView, class CView,
          std::enable_if_t<Kokkos::is_view<CView>::value, int> = 0>
void gemm(const char* trans_a, const char* trans_b, typename CView::const_value_type alpha,
          const AView& a, const BView& b, typename CView::const_value_type beta, const CView& c,
          const GemmOptions& options = {}) {
  gemm(typename CView::execution_space{}, trans_a, trans_b, alpha, a, b, beta, c, options);
}

}  // namespace KokkosTile
