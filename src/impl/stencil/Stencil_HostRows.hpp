// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Row kernels of the host stencil (Stencil_Host.hpp) and the instruction sets they run with.
//
// A row of outputs is one loop over f of sum_taps w * rows[ds][f + df - r]: with the radius and
// shape compiled in, the taps unroll and the compiler vectorises over f (weights in registers, no
// boundary tests). Kokkos packages are often built for the baseline ISA (x86-64: SSE2, no FMA),
// where this loop is compute-bound: a 5x5 box is 25 multiplies and 24 adds per output, and even the
// 9-point star falls well short of copy bandwidth. On x86-64 with GCC or Clang (nvcc's host pass
// included: a CUDA build's OpenMP backend is a host backend like any other), a work item is
// therefore compiled three times, for the baseline, for AVX2 + FMA and for AVX-512, and the best
// copy for the CPU runs. Measured on an AMD EPYC (Zen 5), one thread, rows in L2, ns per float
// output: 5-point 0.30 -> 0.21, 9-point 0.37 -> 0.26, 5x5 box 1.55 -> 0.88 from baseline to AVX2;
// AVX-512 was faster there in L2 (box 0.45) but slower on 1024 x 4096 grids, past the caches
// (9-point 0.74 against 0.50 ns, box 1.32 against 1.06), so AMD CPUs take AVX2. On an Intel Xeon
// with AVX-512 (two threads, 4096^2, as a ratio to deep_copy, with the row pairs of
// Stencil_Host.hpp) AVX-512 against AVX2: 9-point float 1.03-1.07 against 0.81, 5x5 box float
// 0.76-0.80 against 0.54, double 0.86-0.91 against 0.76, so other CPUs with AVX-512 take it.

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <utility>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDA_ARCH__) && \
    !defined(__HIP_DEVICE_COMPILE__)
#define KOKKOSTILE_IMPL_STENCIL_X86 1
#endif

#ifdef KOKKOSTILE_IMPL_STENCIL_X86
// The bodies must inline into each target's entry point to be compiled for that target.
#define KOKKOSTILE_IMPL_STENCIL_INLINE __attribute__((always_inline)) inline
#define KOKKOSTILE_IMPL_STENCIL_AVX2 __attribute__((target("avx2,fma")))
#define KOKKOSTILE_IMPL_STENCIL_AVX512 __attribute__((target("avx512f,avx512vl,avx2,fma")))
#else
#define KOKKOSTILE_IMPL_STENCIL_INLINE inline
#endif

namespace KokkosTile {
namespace Impl {

/// The instruction set a host stencil work item is compiled for.
enum class StencilHostIsa : int { baseline = 0, avx2 = 1, avx512 = 2 };

/// Tests set this to run a chosen copy of the row kernels (-1: the CPU decides).
inline int stencil_host_isa_override = -1;

/// Whether this CPU can run the row kernels compiled for `isa` (tests run every one that can).
inline bool stencil_host_isa_available(StencilHostIsa isa) {
  switch (isa) {
    case StencilHostIsa::baseline:
      return true;
#ifdef KOKKOSTILE_IMPL_STENCIL_X86
    case StencilHostIsa::avx2:
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    case StencilHostIsa::avx512:
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl");
#endif
    default:
      return false;
  }
}

/// The best instruction set of this CPU that the row kernels were compiled for.
inline StencilHostIsa stencil_host_isa() {
  if (stencil_host_isa_override >= 0)
    return static_cast<StencilHostIsa>(stencil_host_isa_override);
#ifdef KOKKOSTILE_IMPL_STENCIL_X86
  static const StencilHostIsa isa = [] {
    const bool amd = __builtin_cpu_is("amd");
    if (!amd && stencil_host_isa_available(StencilHostIsa::avx512))
      return StencilHostIsa::avx512;
    if (stencil_host_isa_available(StencilHostIsa::avx2))
      return StencilHostIsa::avx2;
    return StencilHostIsa::baseline;
  }();
  return isa;
#else
  return StencilHostIsa::baseline;
#endif
}

/// Calls kernel.compute_item(item) compiled for `isa` (compute_item and the row kernels it calls
/// are KOKKOSTILE_IMPL_STENCIL_INLINE, so they are compiled into each entry point).
template <class Kernel>
void stencil_item_baseline(const Kernel& kernel, int item) {
  kernel.compute_item(item);
}
#ifdef KOKKOSTILE_IMPL_STENCIL_X86
template <class Kernel>
KOKKOSTILE_IMPL_STENCIL_AVX2 void stencil_item_avx2(const Kernel& kernel, int item) {
  kernel.compute_item(item);
}
template <class Kernel>
KOKKOSTILE_IMPL_STENCIL_AVX512 void stencil_item_avx512(const Kernel& kernel, int item) {
  kernel.compute_item(item);
}
#endif

template <class Kernel>
inline void stencil_item(StencilHostIsa isa, const Kernel& kernel, int item) {
#ifdef KOKKOSTILE_IMPL_STENCIL_X86
  if (isa == StencilHostIsa::avx512)
    return stencil_item_avx512(kernel, item);
  if (isa == StencilHostIsa::avx2)
    return stencil_item_avx2(kernel, item);
#else
  (void)isa;
#endif
  stencil_item_baseline(kernel, item);
}

/// The taps of a star or box of radius R, as (ds, df) in [0, 2 R] (offset + R), center first for
/// a star (its 4 R + 1 taps), row by row for a box.
template <int R, bool Star>
struct StencilTaps {
  static constexpr int width = 2 * R + 1;
  static constexpr int count = Star ? 4 * R + 1 : width * width;
  static constexpr int ds(int k) {
    if (!Star)
      return k / width;
    if (k == 0)
      return R;
    const int d = (k - 1) / 4 + 1, arm = (k - 1) % 4;
    return arm == 0 ? R - d : (arm == 1 ? R + d : R);
  }
  static constexpr int df(int k) {
    if (!Star)
      return k % width;
    if (k == 0)
      return R;
    const int d = (k - 1) / 4 + 1, arm = (k - 1) % 4;
    return arm == 2 ? R - d : (arm == 3 ? R + d : R);
  }
};

/// out[f] = sum over the taps of w * rows[ds][f + df - R] for f in [0, n), radius and shape
/// compiled in: the taps are expanded at compile time (a fold, not a loop the compiler may or may
/// not unroll) into one vectorised loop with the weights in registers. `out` is restrict: it never
/// aliases the input rows (stencil() refuses overlapping Views; row buffers are private).
template <int R, bool Star, class T, int... K>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_row_fixed(T* KOKKOS_RESTRICT out,
                                                      const T* const* row_pointers,
                                                      const T* dense_weights, std::int64_t n,
                                                      std::integer_sequence<int, K...>) {
  using taps = StencilTaps<R, Star>;
  constexpr int W = taps::width;
  const T* rows[W];
  for (int ds = 0; ds < W; ++ds)
    rows[ds] = row_pointers[ds];
  const T w0 = dense_weights[taps::ds(0) * W + taps::df(0)];
  const T w[] = {dense_weights[taps::ds(K + 1) * W + taps::df(K + 1)]...};
  for (std::int64_t f = 0; f < n; ++f) {
    T sum = w0 * rows[taps::ds(0)][f + taps::df(0) - R];
    ((sum += w[K] * rows[taps::ds(K + 1)][f + taps::df(K + 1) - R]), ...);
    out[f] = sum;
  }
}

/// Two output rows at once, radius and shape compiled in: out0 from input rows [0, 2 R], out1
/// from rows [1, 2 R + 1] of row_pointers. The 2 R rows the two share are loaded once per column
/// for both sums, which cuts the loads per output (a 5x5 box: 15 instead of 25) where the row
/// kernel is bound by loads rather than memory.
template <int R, bool Star, class T, int... K>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_row_pair_fixed(T* KOKKOS_RESTRICT out0,
                                                           T* KOKKOS_RESTRICT out1,
                                                           const T* const* row_pointers,
                                                           const T* dense_weights, std::int64_t n,
                                                           std::integer_sequence<int, K...>) {
  using taps = StencilTaps<R, Star>;
  constexpr int W = taps::width;
  const T* rows[W + 1];
  for (int ds = 0; ds <= W; ++ds)
    rows[ds] = row_pointers[ds];
  const T w0 = dense_weights[taps::ds(0) * W + taps::df(0)];
  const T w[] = {dense_weights[taps::ds(K + 1) * W + taps::df(K + 1)]...};
  for (std::int64_t f = 0; f < n; ++f) {
    T sum0 = w0 * rows[taps::ds(0)][f + taps::df(0) - R];
    T sum1 = w0 * rows[taps::ds(0) + 1][f + taps::df(0) - R];
    ((sum0 += w[K] * rows[taps::ds(K + 1)][f + taps::df(K + 1) - R],
      sum1 += w[K] * rows[taps::ds(K + 1) + 1][f + taps::df(K + 1) - R]),
     ...);
    out0[f] = sum0;
    out1[f] = sum1;
  }
}

/// The same for a run-time radius r: chunks of C outputs accumulate over the taps (one weight, C
/// contiguous inputs per tap), the last n % C outputs one by one.
template <bool Star, class T>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_row_any(T* KOKKOS_RESTRICT out, const T* const* rows,
                                                    const T* dense_weights, int r, std::int64_t n) {
  constexpr int C = sizeof(T) >= 128 ? 1 : 128 / static_cast<int>(sizeof(T));
  const int width = 2 * r + 1;
  std::int64_t f0 = 0;
  for (; f0 + C <= n; f0 += C) {
    T acc[C];
    for (int c = 0; c < C; ++c)
      acc[c] = T(0);
    for (int ds = 0; ds < width; ++ds) {
      const T* row = rows[ds] + f0 - r;
      if (Star && ds != r) {
        const T w = dense_weights[ds * width + r];
        for (int c = 0; c < C; ++c)
          acc[c] += w * row[r + c];
        continue;
      }
      for (int df = 0; df < width; ++df) {
        const T w = dense_weights[ds * width + df];
        for (int c = 0; c < C; ++c)
          acc[c] += w * row[df + c];
      }
    }
    for (int c = 0; c < C; ++c)
      out[f0 + c] = acc[c];
  }
  for (std::int64_t f = f0; f < n; ++f) {
    T sum = T(0);
    for (int ds = 0; ds < width; ++ds) {
      for (int df = 0; df < width; ++df) {
        if (!Star || ds == r || df == r)
          sum += dense_weights[ds * width + df] * rows[ds][f + df - r];
      }
    }
    out[f] = sum;
  }
}

/// One row of outputs: radius R compiled in (0: the run-time radius r), star or box.
template <int R, bool Star, class T>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_host_row(T* out, const T* const* rows, const T* w,
                                                     int r, std::int64_t n) {
  if constexpr (R > 0)
    stencil_row_fixed<R, Star>(out, rows, w, n,
                               std::make_integer_sequence<int, StencilTaps<R, Star>::count - 1>{});
  else
    stencil_row_any<Star>(out, rows, w, r, n);
}

/// Two rows of outputs (see stencil_row_pair_fixed); radius compiled in only.
template <int R, bool Star, class T>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_host_row_pair(T* out0, T* out1, const T* const* rows,
                                                          const T* w, std::int64_t n) {
  static_assert(R > 0, "row pairs need the radius compiled in");
  stencil_row_pair_fixed<R, Star>(
      out0, out1, rows, w, n, std::make_integer_sequence<int, StencilTaps<R, Star>::count - 1>{});
}

}  // namespace Impl
}  // namespace KokkosTile
