// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Complex GEMM on the real kernels (the "4M" method), as one real product. A complex column-major
// matrix seen as reals is twice as tall, each element's real part above its imaginary part. With
// a = alpha op(A)(i, p) and b = op(B)(p, j),
//
//   [Re c]  +=  [Re a  -Im a] [Re b]      C' (2m x n) = A' (2m x 2k) B' (2k x n)
//   [Im c]      [Im a   Re a] [Im b]
//
// so that B' is op(B) seen as reals and C' is C seen as reals: one real product on the real
// path (the tuned device kernel or the host packed panels) multiplies them, and only A' is
// copied, its 2 x 2 blocks formed as alpha op(A) is read (transpose and conjugate applied there).
// op(B) is copied too (rows 2p and 2p + 1 of a column-major B') when it is conjugated or its rows
// are not contiguous. C is written in place when its rows are contiguous and beta is real;
// otherwise the product goes to a workspace of C's shape and one pass writes C = P + beta C.
// Against four m x n x k products: the same 4 mnk real multiply-adds in one launch of twice the
// tiles and twice the depth (a 1024^2 complex problem fills a GPU that a 1024^2 real one does
// not), op(A) packed once on the host, and two launches instead of seven. The copies move
// O(mk + kn + mn) elements against 8 mnk flops, where the generic scratch-tile kernel that complex
// problems took before ran at 0.10-0.16 of cuBLAS. 4M rather than 3M (Gauss's trick): 3M forms
// (Ar + Ai)(Br + Bi), whose rounding lands on the imaginary part when the real and imaginary
// parts differ in size; with 4M each part has the error of a real GEMM of depth 2k (alpha is
// applied to op(A)'s elements, one rounding more than applying it to the sums).
//
// Costs: 4 mk real elements of call workspace, 2 kn more when op(B) is copied and 2 mn when C is
// not written in place (impl/core/Core_CallWorkspace.hpp: stream-ordered on CUDA, so the call
// does not wait for its kernels; a fence on host backends).

#include <Kokkos_Core.hpp>

#include "impl/core/Core_CallWorkspace.hpp"
#include "impl/gemm/Gemm_Simple.hpp"
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

/// Whether the split pays for its launches and its allocation: from 32^3 multiply-adds. Below
/// that the scratch-tile kernel is as fast on every backend measured (and tests cover both sides).
inline bool gemm_split_complex_pays(std::int64_t m, std::int64_t n, std::int64_t k) {
  return double(m) * double(n) * double(k) >= 32.0 * 32.0 * 32.0;
}

/// A real, column-major plane: an unmanaged View into the call's one temporary allocation.
template <class R, class MemorySpace>
using GemmPlane =
    Kokkos::View<R**, Kokkos::LayoutLeft, MemorySpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

/// A' (2 rows x 2 cols): the block [Re a  -Im a; Im a  Re a] of a = alpha op(A)(i, p) at rows
/// 2i, 2i + 1 and columns 2p, 2p + 1. Consecutive indices walk down op(A)'s columns.
template <class Operand, class Plane, class T>
struct GemmComplexBlocksA {
  Operand x;
  Plane blocks;
  T alpha;
  std::int64_t rows;

  KOKKOS_FUNCTION void operator()(std::int64_t e) const {
    const std::int64_t r = e % rows, c = e / rows;
    const T v = alpha * x(r, c);
    blocks(2 * r, 2 * c) = v.real();
    blocks(2 * r + 1, 2 * c) = v.imag();
    blocks(2 * r, 2 * c + 1) = -v.imag();
    blocks(2 * r + 1, 2 * c + 1) = v.real();
  }
};

/// B' (2 rows x cols): op(B)(p, j) as reals, Re at row 2p and Im at row 2p + 1 (the layout of a
/// complex column-major matrix). Consecutive indices walk down op(B)'s columns.
template <class Operand, class Plane>
struct GemmComplexRowsB {
  Operand x;
  Plane pairs;
  std::int64_t rows;

  KOKKOS_FUNCTION void operator()(std::int64_t e) const {
    const std::int64_t r = e % rows, c = e / rows;
    const auto v = x(r, c);
    pairs(2 * r, c) = v.real();
    pairs(2 * r + 1, c) = v.imag();
  }
};

/// C = P + beta C, P complex column-major (m x n); beta = 0 does not read C. Consecutive indices
/// walk C's contiguous index.
template <class CView>
struct GemmComplexJoin {
  using T = typename CView::non_const_value_type;
  CView c;
  const T* product;
  T beta;
  std::int64_t m, n;
  bool rows_contiguous;

  KOKKOS_FUNCTION void operator()(std::int64_t e) const {
    std::int64_t i, j;
    gemm_element_coordinates(e, m, n, rows_contiguous, i, j);
    const T p = product[i + j * m];
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
  using operand = GemmOperand<GemmKernelView<const R, memory_space>>;
  using output = GemmKernelView<R, memory_space>;
  static_assert(is_gemm_complex_v<T>, "run_gemm_split_complex: complex problems only");
  const std::int64_t m = p.m, n = p.n, k = p.k;
  const bool b_in_place = !p.b.conjugate && p.b.row_stride == 1;
  const bool c_in_place = p.c.stride(0) == 1 && p.beta.imag() == R(0);

  const CallWorkspace<R, ExecSpace> storage(
      p.space, p.call + "::planes",
      std::size_t(4 * m * k + (b_in_place ? 0 : 2 * k * n) + (c_in_place ? 0 : 2 * m * n)));
  R* next = storage.data();
  auto carve = [&](std::int64_t rows, std::int64_t cols) {
    const plane view(next, rows, cols);
    next += rows * cols;
    return view;
  };

  const plane a_blocks = carve(2 * m, 2 * k);
  Kokkos::parallel_for(
      p.call + "::split_a", policy(p.space, 0, m * k),
      GemmComplexBlocksA<typename Problem::a_operand, plane, T>{p.a, a_blocks, p.alpha, m});

  operand b_pairs;  // op(B) as reals: in place, or a copy
  if (b_in_place) {
    b_pairs.data = reinterpret_cast<const R*>(p.b.data);
    b_pairs.row_stride = 1;
    b_pairs.col_stride = 2 * p.b.col_stride;
    b_pairs.row_count = 2 * k;
    b_pairs.col_count = n;
    b_pairs.rows_contiguous = true;
  } else {
    const plane copy = carve(2 * k, n);
    Kokkos::parallel_for(p.call + "::split_b", policy(p.space, 0, k * n),
                         GemmComplexRowsB<typename Problem::b_operand, plane>{p.b, copy, k});
    b_pairs = operand(gemm_operand_view(copy), false);
  }

  // The planes as a real call's Views are seen (GemmKernelView): the real kernels serve both.
  using real_problem = GemmProblem<ExecSpace, output, operand, operand>;
  const operand a_real(gemm_operand_view(a_blocks), false);
  if (c_in_place) {
    const output c_pairs(reinterpret_cast<R*>(p.c.data()),
                         Kokkos::LayoutStride(2 * m, 1, n, 2 * p.c.stride(1)));
    run_real(real_problem{p.call, p.space, a_real, b_pairs, c_pairs, R(1), p.beta.real(), 2 * m, n,
                          2 * k});
  } else {
    const plane product = carve(2 * m, n);
    run_real(real_problem{p.call, p.space, a_real, b_pairs, gemm_output_view(product), R(1), R(0),
                          2 * m, n, 2 * k});
    Kokkos::parallel_for(
        p.call + "::join", policy(p.space, 0, m * n),
        GemmComplexJoin<typename Problem::c_view>{p.c, reinterpret_cast<const T*>(product.data()),
                                                  p.beta, m, n, p.c.stride(0) <= p.c.stride(1)});
  }
  // `storage` is freed after the last kernel, in the instance's order (or after a fence).
}

}  // namespace Impl
}  // namespace KokkosTile
