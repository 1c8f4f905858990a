// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Large real problems whose operands allow no whole-packet tiles (extents that are not multiples
// of the tiles, leading dimensions that are not multiples of a 16-byte packet, unaligned starts)
// run on padded copies of op(A) and op(B) on devices: column-major, their extents rounded up to
// every tile shape's (m to 256, k to 16, n to 128), zeros in the padding. The tuned kernel then
// takes its whole-packet form (16-byte cp.async, no edge tests) over the padded operands, and its
// epilogue still clips at C's real extents. The zero rows and columns add nothing to C, and the
// padded k steps multiply zeros. The edge form (single-element cp.async with zero fill) that such
// problems took otherwise ran at 0.58-0.63 (float) and 0.51 (double) of cuBLAS on 4099x4097x1031
// (H200, perf_tests/experiments/gemm_transposing_copies_gx.cpp).
//
// Costs: one temporary allocation of M'K' + K'N' elements per call, one pass over op(A) and op(B),
// and the call waits for its kernels before the copies are freed (as the complex split does).

#include <Kokkos_Core.hpp>

#include "impl/core/Core_BackendTraits.hpp"
#include "impl/gemm/Gemm_Dispatch.hpp"
#include "impl/gemm/Gemm_Operand.hpp"
#include "impl/gemm/Gemm_TunedLayout.hpp"

#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// Multiply-adds from which padded copies pay: one pass over op(A) and op(B) and the allocation
/// then stay a few percent of the product.
inline constexpr double gemm_padding_min_multiply_adds = 4294967296.0;  // 2^32

/// Test hook: when positive, the multiply-adds from which problems are padded instead of the 2^32
/// above, so that tests reach the padded path with small problems (host code only).
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
  const Kokkos::View<T*, memory_space> storage(
      Kokkos::view_alloc(p.space, Kokkos::WithoutInitializing, p.call + "::padded_operands"),
      pm * pk + pk * pn);
  // pm * pk is a multiple of 4096: op(B)'s copy starts on a packet boundary too.
  const plane a(storage.data(), pm, pk), b(storage.data() + pm * pk, pk, pn);
  Kokkos::parallel_for(p.call + "::pad_a", policy(p.space, 0, pm * pk),
                       GemmPadPlane<typename Problem::a_operand, plane>{p.a, a, p.m, p.k});
  Kokkos::parallel_for(p.call + "::pad_b", policy(p.space, 0, pk * pn),
                       GemmPadPlane<typename Problem::b_operand, plane>{p.b, b, p.k, p.n});
  using operand = GemmOperand<plane>;
  GemmProblem<ExecSpace, typename Problem::c_view, operand, operand> padded{
      p.call, p.space, operand(a, false), operand(b, false), p.c, p.alpha, p.beta, p.m, p.n, p.k};
  padded.operands_padded = true;
  run_padded(padded);
  // The copies are freed on return, and the product may still be running on the instance.
  p.space.fence(p.call + ": the product finishes before its padded operands are freed");
}

}  // namespace Impl
}  // namespace KokkosTile
