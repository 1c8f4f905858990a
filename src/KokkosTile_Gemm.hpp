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
// copies of op(A) and op(B), one temporary allocation per call, and the call waits for its
// kernels before returning). Smaller complex problems, `tiled16`, and mixed value types take the
// 16 x 16 scratch-tile kernel (GemmTiled16), `naive` the naive kernel, on every execution space.
// GemmOptions::tile is ignored for complex and mixed problems (not checked either). On devices, a
// real problem of at least 2^32 multiply-adds whose operands allow no whole tiles of 16-byte
// packets runs on padded copies of op(A) and op(B) (impl/gemm/Gemm_PaddedOperands.hpp: one
// temporary allocation per call, and the call waits for its kernels before returning).
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
// "::pack_b").

#include <Kokkos_Core.hpp>
#include <Kokkos_Profiling_ScopedRegion.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_GemmOptions.hpp"
#include "KokkosTile_ScratchBudget.hpp"
#include "impl/gemm/Gemm_Dispatch.hpp"
#include "impl/gemm/Gemm_PaddedOperands.hpp"
#include "impl/gemm/Gemm_SplitComplex.hpp"
#include "impl/gemm/Gemm_TileChoice.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

namespace KokkosTile {

namespace Impl {

/// The real type under a gemm scalar: R for Kokkos::complex<R>, else T.
template <class T>
struct gemm_real {
  using type = T;
};
template <class R>
struct gemm_real<Kokkos::complex<R>> {
  using type = R;
};

/// float, double (any real floating-point type, as before) or Kokkos::complex of one.
template <class T>
inline constexpr bool is_gemm_scalar_v = std::is_floating_point_v<typename gemm_real<T>::type>;

/// Whether A's or B's value type X converts to C's value type T without loss: real into real or
/// complex, complex into complex only, of at least X's precision.
template <class X, class T>
constexpr bool gemm_converts() {
  if constexpr (!is_gemm_scalar_v<X> || !is_gemm_scalar_v<T>) {
    return false;
  } else {
    using x_limits = std::numeric_limits<typename gemm_real<X>::type>;
    using t_limits = std::numeric_limits<typename gemm_real<T>::type>;
    const bool domain = !is_gemm_complex_v<X> || is_gemm_complex_v<T>;
    return domain && x_limits::digits <= t_limits::digits &&
           x_limits::max_exponent <= t_limits::max_exponent;
  }
}
template <class X, class T>
inline constexpr bool gemm_converts_v = gemm_converts<X, T>();

/// Whether a problem of these value types takes the kernels written for one real type (tuned
/// device kernel, host packed panels); complex and mixed ones take GemmTiled16 or GemmNaive.
template <class TA, class TB, class T>
inline constexpr bool gemm_one_real_type_v = std::is_floating_point_v<T> &&
                                             (std::is_same_v<TA, T> && std::is_same_v<TB, T>);

template <class ExecSpace, class ViewType>
constexpr void check_gemm_view() {
  static_assert(Kokkos::is_view<ViewType>::value, "KokkosTile::gemm needs Kokkos::Views");
  static_assert(ViewType::rank() == 2, "KokkosTile::gemm needs rank-2 Views");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename ViewType::memory_space>::accessible,
                "KokkosTile::gemm: the execution space cannot access the View's memory space");
}

/// Whether a valid op (parse_gemm_op) is "C" or "c": conjugate transpose.
inline bool gemm_op_conjugates(const char* op) {
  return op[0] == 'C' || op[0] == 'c';
}

/// "N" -> false, "T" or "C" -> true (any case); anything else is an InvalidArgument.
inline bool parse_gemm_op(const std::string& call, const char* which, const char* op) {
  const char letter = op == nullptr ? '\0' : op[0];
  KOKKOSTILE_EXPECT(letter == 'N' || letter == 'n' || letter == 'T' || letter == 't' ||
                        letter == 'C' || letter == 'c',
                    InvalidArgument, call,
                    which << " is \"" << (op == nullptr ? "(null)" : op)
                          << "\"; it must be \"N\", \"T\" or \"C\"");
  return letter != 'N' && letter != 'n';
}

/// The tuned kernel for a real problem with tile `tile` (automatic: resolve_gemm_tile).
template <class Problem>
void run_gemm_tuned_tile(const Problem& problem, GemmTile tile) {
  using ExecSpace = typename Problem::exec_space;
  using T = typename Problem::T;
  const std::string& call = problem.call;
  const ExecSpace& space = problem.space;
  const std::int64_t m = problem.m, n = problem.n;
  switch (resolve_gemm_tile<ExecSpace, T>(
      tile, problem.template whole_packet_tiles<GemmTunedShape<128, 128, 16, 8, 8>>(),
      tile != GemmTile::automatic || gemm_big_tiles_fill_machine(call, space, m, n))) {
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
      if constexpr (std::is_same_v<T, float> && !runs_on_host<ExecSpace>()) {
        // Its own tiles: 128 x 128 x 8 (four cp.async stages), or 128 x 64 x 8 when the grid
        // would not fill the multiprocessors; both give each warp 64 x 32 or 32 x 32 of C.
        if (gemm_big_tiles_fill_machine(call, space, m, n))
          return run_gemm_tuned<GemmTf32x3Shape<GemmTunedShape<128, 128, 8, 8, 8>>>(problem);
        return run_gemm_tuned<GemmTf32x3Shape<GemmTunedShape<128, 64, 8, 8, 4>>>(problem);
      }
      [[fallthrough]];  // exact fp32 (fp64) where the tensor-core split does not apply
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
      }
      return run_gemm_tuned_tile(problem, options.tile);
  }
  KOKKOSTILE_EXPECT(false, InvalidArgument, call, "unknown variant");
}

}  // namespace Impl

/// C = alpha * op(A) * op(B) + beta * C on `space` (asynchronous there).
template <class ExecSpace, class AView, class BView, class CView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void gemm(const ExecSpace& space, const char* trans_a, const char* trans_b,
          typename CView::const_value_type alpha, const AView& a, const BView& b,
          typename CView::const_value_type beta, const CView& c, const GemmOptions& options = {}) {
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
  constexpr bool one_real_type = Impl::gemm_one_real_type_v<TA, TB, T>;

  const std::string call = std::string("KokkosTile::gemm<") + to_string(options.variant) + ">";
  // A region per call, so that Kokkos Tools see the call around its kernels.
  const Kokkos::Profiling::ScopedRegion region(call);
  const bool ta = Impl::parse_gemm_op(call, "trans_a", trans_a);
  const bool tb = Impl::parse_gemm_op(call, "trans_b", trans_b);
  if constexpr (one_real_type)  // the other problems ignore the tile
    Impl::check_gemm_tile<T>(call, options.tile);
  // The kernels see one View type per value type and memory space, whatever the layouts
  // (Impl::GemmKernelView): compiled once, not once per combination of the callers' View types.
  const auto kernel_a = Impl::gemm_operand_view(a);
  const auto kernel_b = Impl::gemm_operand_view(b);
  const auto kernel_c = Impl::gemm_output_view(c);
  using a_operand = Impl::GemmOperand<std::remove_const_t<decltype(kernel_a)>>;
  using b_operand = Impl::GemmOperand<std::remove_const_t<decltype(kernel_b)>>;
  using c_view = std::remove_const_t<decltype(kernel_c)>;
  // "C" conjugates complex operands where their elements are read; real ones ignore it.
  const a_operand op_a(kernel_a, ta, Impl::gemm_op_conjugates(trans_a));
  const b_operand op_b(kernel_b, tb, Impl::gemm_op_conjugates(trans_b));
  const std::int64_t m = op_a.rows(), k = op_a.cols(), n = op_b.cols();
  // One message per disagreeing extent, so that it names the one that is wrong.
  KOKKOSTILE_EXPECT(op_b.rows() == k, InvalidArgument, call,
                    "the inner extents differ: op(A) is " << m << " x " << k << " but op(B) is "
                                                          << op_b.rows() << " x " << n);
  KOKKOSTILE_EXPECT(std::int64_t(c.extent(0)) == m, InvalidArgument, call,
                    "C has " << c.extent(0) << " rows but op(A) has " << m << " (op(A) is " << m
                             << " x " << k << ", op(B) " << k << " x " << n << ")");
  KOKKOSTILE_EXPECT(std::int64_t(c.extent(1)) == n, InvalidArgument, call,
                    "C has " << c.extent(1) << " columns but op(B) has " << n << " (op(A) is " << m
                             << " x " << k << ", op(B) " << k << " x " << n << ")");
  KOKKOSTILE_EXPECT(!Impl::views_overlap(c, a) && !Impl::views_overlap(c, b), InvalidArgument, call,
                    "C overlaps A or B: they share elements");
  if (m == 0 || n == 0)
    return;

  if (alpha == T(0) || k == 0) {
    Kokkos::parallel_for(call + "::scale_c", Kokkos::RangePolicy<ExecSpace>(space, 0, m * n),
                         Impl::GemmScaleC<c_view, T>{kernel_c, beta, n});
    return;
  }

  const Impl::GemmProblem<ExecSpace, c_view, a_operand, b_operand> problem{
      call, space, op_a, op_b, kernel_c, T(alpha), T(beta), m, n, k};
  if constexpr (!one_real_type) {
    // One complex type: tuned and tf32x3 split it into four real products on the real path
    // (impl/gemm/Gemm_SplitComplex.hpp) when the problem is big enough to pay for the split.
    if constexpr (Impl::gemm_splits_complex_v<TA, TB, T>) {
      if ((options.variant == GemmVariant::tuned || options.variant == GemmVariant::tf32x3) &&
          Impl::gemm_split_complex_pays(m, n, k)) {
        GemmOptions real_options = options;  // the tile is ignored, as in the other forms
        real_options.tile = GemmTile::automatic;
        return Impl::run_gemm_split_complex(problem, [&](const auto& real_problem) {
          Impl::run_gemm_real(real_problem, real_options);
        });
      }
    }
    // Otherwise, and for mixed value types: the kernels written for any types, which convert A's
    // and B's elements to T as they read them and conjugate through the operands. tiled16
    // (scratch tiles, reads along each operand's contiguous index) for tiled16, tuned and tf32x3,
    // naive for naive; the same on every execution space.
    switch (options.variant) {
      case GemmVariant::naive:
        return Impl::run_gemm_naive(problem);
      case GemmVariant::tiled16:
      case GemmVariant::tuned:
      case GemmVariant::tf32x3:
        return Impl::run_gemm_tiled16(problem);
    }
    KOKKOSTILE_EXPECT(false, InvalidArgument, call, "unknown variant");
  } else {
    Impl::run_gemm_real(problem, options);
  }
}

/// As above, on the default execution space of C's memory space.
template <class AView, class BView, class CView,
          std::enable_if_t<Kokkos::is_view<CView>::value, int> = 0>
void gemm(const char* trans_a, const char* trans_b, typename CView::const_value_type alpha,
          const AView& a, const BView& b, typename CView::const_value_type beta, const CView& c,
          const GemmOptions& options = {}) {
  gemm(typename CView::execution_space{}, trans_a, trans_b, alpha, a, b, beta, c, options);
}

}  // namespace KokkosTile
