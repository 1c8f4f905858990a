// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Complex GEMM on the real kernels (the "4M" method). With op(A) = Ar + i Ai and op(B) = Br + i Bi,
//
//   op(A) op(B) = (Ar Br - Ai Bi) + i (Ar Bi + Ai Br),
//
// which is one real product of twice the width and twice the depth:
//
//   [Pr  Pi] = [Ar  Ai] [ Br  Bi ]      (m x 2n) = (m x 2k) (2k x 2n)
//                       [-Bi  Br ]
//
// op(A) is split once into planar, column-major real copies laid side by side ([Ar Ai]), op(B)
// into the 2k x 2n block (the transpose and the conjugate applied as elements are read), one real
// product on the real path (the tuned device kernel or the host packed panels) forms [Pr Pi], and
// one pass writes C = alpha (Pr + i Pi) + beta C. One product rather than four: the same 4 mnk real
// multiply-adds, but a grid of twice the tiles (a 1024^2 complex problem fills a GPU that a
// 1024^2 real one does not), main loops twice as long, op(A) packed once on the host, and four
// launches in all instead of seven. The split and the last pass move O(mk + kn + mn) elements
// against 8 mnk flops, where the generic scratch-tile kernel that complex problems took before ran
// at 0.10-0.16 of cuBLAS. 4M rather than 3M (Gauss's trick): 3M forms (Ar + Ai)(Br + Bi), whose
// rounding lands on the imaginary part when the real and imaginary parts differ in size; with 4M
// each part has the error of a real GEMM of depth 2k.
//
// Costs: 2 mk + 4 kn + 2 mn real elements of call workspace (impl/core/Core_CallWorkspace.hpp:
// stream-ordered on CUDA, so the call does not wait for its kernels; a fence on host backends).

#include <Kokkos_Core.hpp>

#include "impl/core/Core_CallWorkspace.hpp"
#include "impl/gemm/Gemm_TunedLaunch.hpp"
#include "impl/gemm/Gemm_Operand.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// Whether a problem of these value types can take the split: one complex type for A, B and C.
template <class TA, class TB, class T>
inline constexpr bool gemm_splits_complex_v =
    is_gemm_complex_v<T>&& std::is_same_v<TA, T>&& std::is_same_v<TB, T>;

/// Whether the split pays for its four launches and its allocation: from 32^3 multiply-adds. Below
/// that the scratch-tile kernel is as fast on every backend measured (and tests cover both sides).
inline bool gemm_split_complex_pays(std::int64_t m, std::int64_t n, std::int64_t k) {
  return double(m) * double(n) * double(k) >= 32.0 * 32.0 * 32.0;
}

/// A real, column-major plane: an unmanaged View into the call's one temporary allocation.
template <class R, class MemorySpace>
using GemmPlane =
    Kokkos::View<R**, Kokkos::LayoutLeft, MemorySpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

/// re, im = the real and imaginary parts of op(A) (rows x cols), conjugated where op(A) is.
/// Consecutive indices walk down columns: the planes' contiguous index.
template <class Operand, class Plane>
struct GemmSplitPlanes {
  Operand x;
  Plane re, im;
  std::int64_t rows;

  KOKKOS_FUNCTION void operator()(std::int64_t e) const {
    const std::int64_t r = e % rows, c = e / rows;
    const auto v = x(r, c);
    re(r, c) = v.real();
    im(r, c) = v.imag();
  }
};

/// block = [Br Bi; -Bi Br] (2 rows x 2 cols) from op(B) = Br + i Bi (rows x cols), conjugated
/// where op(B) is. Consecutive indices walk down op(B)'s columns, the block's contiguous index.
template <class Operand, class Plane>
struct GemmSplitStackedB {
  Operand x;
  Plane block;
  std::int64_t rows, cols;

  KOKKOS_FUNCTION void operator()(std::int64_t e) const {
    const std::int64_t r = e % rows, c = e / rows;
    const auto v = x(r, c);
    block(r, c) = v.real();
    block(r + rows, c) = -v.imag();
    block(r, c + cols) = v.imag();
    block(r + rows, c + cols) = v.real();
  }
};

/// C = alpha (Pr + i Pi) + beta C; beta = 0 does not read C. Consecutive indices walk C's
/// contiguous index.
template <class CView, class Plane>
struct GemmJoinPlanes {
  using T = typename CView::non_const_value_type;
  CView c;
  Plane pr, pi;
  T alpha, beta;
  std::int64_t m, n;
  bool rows_contiguous;

  KOKKOS_FUNCTION void operator()(std::int64_t e) const {
    const std::int64_t i = rows_contiguous ? e % m : e / n;
    const std::int64_t j = rows_contiguous ? e / m : e % n;
    const T p = alpha * T(pr(i, j), pi(i, j));
    c(i, j) = beta == T(0) ? p : p + beta * c(i, j);
  }
};

/// Runs a complex problem (gemm_splits_complex_v) as one real one; `run_real` runs a real
/// GemmProblem on the path the call's options choose.
template <class Problem, class RunReal>
void run_gemm_split_complex(const Problem& p, const RunReal& run_real) {
  using T = typename Problem::T;
  using R = typename T::value_type;
  using ExecSpace = typename Problem::exec_space;
  using memory_space = typename ExecSpace::memory_space;
  using plane = GemmPlane<R, memory_space>;
  using policy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>;
  static_assert(is_gemm_complex_v<T>, "run_gemm_split_complex: complex problems only");
  const std::int64_t m = p.m, n = p.n, k = p.k;

  const CallWorkspace<R, ExecSpace> storage(p.space, p.call + "::planes",
                                            std::size_t(2 * m * k + 4 * k * n + 2 * m * n));
  R* next = storage.data();
  auto carve = [&](std::int64_t rows, std::int64_t cols) {
    const plane view(next, rows, cols);
    next += rows * cols;
    return view;
  };
  // [Ar Ai] and [Pr Pi]: two column-major planes of the same height, one after the other, are one
  // column-major matrix of twice the width.
  const plane a_pair = carve(m, 2 * k), b_block = carve(2 * k, 2 * n), p_pair = carve(m, 2 * n);
  const plane ar(a_pair.data(), m, k), ai(a_pair.data() + m * k, m, k);
  const plane pr(p_pair.data(), m, n), pi(p_pair.data() + m * n, m, n);

  Kokkos::parallel_for(p.call + "::split_a", policy(p.space, 0, m * k),
                       GemmSplitPlanes<typename Problem::a_operand, plane>{p.a, ar, ai, m});
  Kokkos::parallel_for(p.call + "::split_b", policy(p.space, 0, k * n),
                       GemmSplitStackedB<typename Problem::b_operand, plane>{p.b, b_block, k, n});

  // The planes as a real call's Views are seen (GemmKernelView): the real kernels serve both.
  using operand = GemmOperand<GemmKernelView<const R, memory_space>>;
  using real_problem = GemmProblem<ExecSpace, GemmKernelView<R, memory_space>, operand, operand>;
  run_real(real_problem{p.call, p.space, operand(gemm_operand_view(a_pair), false),
                        operand(gemm_operand_view(b_block), false), gemm_output_view(p_pair), R(1),
                        R(0), m, 2 * n, 2 * k});

  Kokkos::parallel_for(p.call + "::join", policy(p.space, 0, m * n),
                       GemmJoinPlanes<typename Problem::c_view, plane>{
                           p.c, pr, pi, p.alpha, p.beta, m, n, p.c.stride(0) <= p.c.stride(1)});
  // `storage` is freed after the join, in the instance's order (or after a fence).
}

}  // namespace Impl
}  // namespace KokkosTile
