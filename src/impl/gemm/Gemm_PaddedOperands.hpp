// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Large real problems whose operands allow no whole-packet tiles (extents that are not multiples
// of the tiles, leading dimensions that are not multiples of a 16-byte packet, unaligned starts)
// run on padded copies of op(A) and op(B) on devices: column-major, their extents rounded up to
// every tile shape's (m to 256, k to 16, n to 128), zeros in the padding. The tuned kernel then
// takes its whole-packet form (16-byte cp.async, no edge tests) over the padded operands, and its
// epilogue still clips at C's real extents. When at most 16 rows (columns) lie past the last whole
// tile, the tuned kernel stops there and Gemm_PaddedEdges.hpp computes them. The zero rows and
// columns add nothing to C, and the padded k steps multiply zeros. The edge form (single-element
// cp.async with zero fill) that such problems took otherwise ran at 0.58-0.63 (float) and 0.51
// (double) of cuBLAS on 4099x4097x1031 (H200, the retired
// perf_tests/experiments/gemm_transposing_copies_gx.cpp, commit d3d5536).
//
// Costs: one pass over op(A) and op(B) into M'K' + K'N' elements of call workspace
// (impl/core/Core_CallWorkspace.hpp: stream-ordered on CUDA, so the call does not wait for its
// kernels, and repeated calls reuse the memory).

#include <Kokkos_Core.hpp>

#include "impl/core/Core_BackendTraits.hpp"
#include "impl/core/Core_CallWorkspace.hpp"
#include "impl/gemm/Gemm_TunedLaunch.hpp"
#include "impl/gemm/Gemm_Operand.hpp"
#include "impl/gemm/Gemm_PaddedEdges.hpp"
#include "impl/gemm/Gemm_TunedLayout.hpp"
#include "impl/gemm/Gemm_Tuning.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// Test hook: when positive, the multiply-adds from which problems are padded instead of
/// gemm_padding_min_multiply_adds, so that tests reach the padded path with small problems (host
/// code only).
inline double& gemm_padding_min_multiply_adds_override() {
  static double multiply_adds = 0;
  return multiply_adds;
}

/// Whether a real problem takes padded copies: on a device (not a host backend), operands that
/// allow no whole-packet 128 x 128 x 8 tiles (the edge form otherwise), and enough multiply-adds.
template <class Problem>
bool gemm_pads_operands(const Problem& p) {
  if constexpr (is_host_backend<typename Problem::exec_space>()) {
    return false;
  } else {
    const double forced = gemm_padding_min_multiply_adds_override();
    return !p.operands_padded &&
           !p.template whole_packet_tiles<GemmTunedShape<128, 128, 8, 8, 8>>() &&
           double(p.m) * double(p.n) * double(p.k) >=
               (forced > 0 ? forced : gemm_padding_min_multiply_adds);
  }
}

/// A padded, column-major copy of op(X): an unmanaged View into the call's one allocation.
template <class T, class MemorySpace>
using GemmPaddedPlane =
    Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

/// plane(r, c) = op(X)(r, c) inside op(X), 0 in the padding. Consecutive indices walk down the
/// plane's columns (its contiguous index).
template <class Operand, class Plane>
struct GemmPadPlane {
  Operand x;
  Plane plane;
  std::int64_t rows, cols;  // op(X)'s; the plane's are its extents
  KOKKOS_FUNCTION void operator()(std::int64_t e) const {
    const std::int64_t padded_rows = std::int64_t(plane.extent(0));
    const std::int64_t r = e % padded_rows, c = e / padded_rows;
    using T = typename Plane::non_const_value_type;
    plane(r, c) = r < rows && c < cols ? x(r, c) : T(0);
  }
};

/// Runs problem p on padded copies of its operands; `run_padded` runs the padded problem (a
/// GemmProblem whose whole_packet_tiles holds for every tile shape) on the tuned kernel.
template <class Problem, class RunPadded>
void run_gemm_padded(const Problem& p, const RunPadded& run_padded) {
  using T = typename Problem::T;
  using ExecSpace = typename Problem::exec_space;
  using memory_space = typename ExecSpace::memory_space;
  using plane = GemmPaddedPlane<T, memory_space>;
  using policy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>;
  auto round_up = [](std::int64_t x, std::int64_t to) { return (x + to - 1) / to * to; };
  const std::int64_t pm = round_up(p.m, gemm_pad_m), pn = round_up(p.n, gemm_pad_n),
                     pk = round_up(p.k, gemm_pad_k);
  const CallWorkspace<T, ExecSpace> storage(p.space, p.call + "::padded_operands",
                                            std::size_t(pm * pk + pk * pn));
  // pm * pk is a multiple of 4096: op(B)'s copy starts on a packet boundary too.
  const plane a(storage.data(), pm, pk), b(storage.data() + pm * pk, pk, pn);
  Kokkos::parallel_for(p.call + "::pad_a", policy(p.space, 0, pm * pk),
                       GemmPadPlane<typename Problem::a_operand, plane>{p.a, a, p.m, p.k});
  Kokkos::parallel_for(p.call + "::pad_b", policy(p.space, 0, pk * pn),
                       GemmPadPlane<typename Problem::b_operand, plane>{p.b, b, p.k, p.n});
  // A few rows (columns) past the last whole 256 x 128 tile go to the edge kernels
  // (Gemm_PaddedEdges.hpp), so that the tuned kernel runs whole tiles only.
  const std::int64_t whole_m = p.m / gemm_pad_m * gemm_pad_m,
                     whole_n = p.n / gemm_pad_n * gemm_pad_n;
  const int rows_left = int(std::min<std::int64_t>(p.m - whole_m, gemm_edge_max + 1));
  const int cols_left = int(std::min<std::int64_t>(p.n - whole_n, gemm_edge_max + 1));
  const bool edge_rows = whole_m > 0 && rows_left > 0 && rows_left <= gemm_edge_max;
  const bool edge_cols = whole_n > 0 && cols_left > 0 && cols_left <= gemm_edge_max;
  const std::int64_t main_m = edge_rows ? whole_m : p.m, main_n = edge_cols ? whole_n : p.n;
  // The planes as the call's own operands are seen (GemmKernelView): the same kernels serve both.
  using operand = GemmOperand<GemmKernelView<const T, memory_space>>;
  const operand padded_a(gemm_operand_view(a), false), padded_b(gemm_operand_view(b), false);
  GemmProblem<ExecSpace, typename Problem::c_view, operand, operand> padded{
      p.call, p.space, padded_a, padded_b, p.c, p.alpha, p.beta, main_m, main_n, p.k};
  padded.operands_padded = true;
  run_padded(padded);
  if (edge_rows)  // rows [whole_m, m) of every column, the corner included
    run_gemm_edge_rows(p.call, p.space, a, b, p.c, T(p.alpha), T(p.beta), whole_m, rows_left, p.n,
                       p.k);
  if (edge_cols)  // columns [whole_n, n) of the rows above
    run_gemm_edge_columns(p.call, p.space, a, b, p.c, T(p.alpha), T(p.beta), main_m, whole_n,
                          cols_left, p.k);
  // `storage` is freed after the product, in the instance's order (or after a fence).
}

}  // namespace Impl
}  // namespace KokkosTile
