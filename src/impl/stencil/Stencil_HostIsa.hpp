// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The instruction sets the host stencil's row kernels (Stencil_HostRows.hpp) are compiled for, and
// the choice among them at run time.
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
// (9-point 0.74 against 0.50 ns, box 1.32 against 1.06), so AMD CPUs take AVX2 for stars, and
// AVX-512 for boxes (stencil_host_avx512_taps_on_amd). On an Intel Xeon
// with AVX-512 (two threads, 4096^2, as a ratio to deep_copy, with the row pairs of
// Stencil_Host.hpp) AVX-512 against AVX2: 9-point float 1.03-1.07 against 0.81, 5x5 box float
// 0.76-0.80 against 0.54, double 0.86-0.91 against 0.76, so other CPUs with AVX-512 take it.

#include <Kokkos_Core.hpp>

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

/// Taps from which AMD CPUs take AVX-512 too: AVX2's 16 vector registers cannot hold the weights
/// of a 5x5 box (25) and its sums, AVX-512's 32 can. Measured on an AMD EPYC (Zen 5, two threads,
/// 4096^2, with the prefetching line kernels), AVX-512 against AVX2 in ms: 5x5 box float 6.4-6.5
/// against 8.4-8.5, double 11.6-11.9 against 15.2; the stars were the same or slower with it.
inline constexpr int stencil_host_avx512_taps_on_amd = 16;

/// The best instruction set of this CPU that the row kernels were compiled for, for a stencil of
/// `taps` taps.
inline StencilHostIsa stencil_host_isa(int taps) {
  if (stencil_host_isa_override >= 0)
    return static_cast<StencilHostIsa>(stencil_host_isa_override);
#ifdef KOKKOSTILE_IMPL_STENCIL_X86
  static const bool amd = __builtin_cpu_is("amd");
  static const bool avx512 = stencil_host_isa_available(StencilHostIsa::avx512);
  static const bool avx2 = stencil_host_isa_available(StencilHostIsa::avx2);
  if (avx512 && (!amd || taps >= stencil_host_avx512_taps_on_amd))
    return StencilHostIsa::avx512;
  if (avx2)
    return StencilHostIsa::avx2;
  return StencilHostIsa::baseline;
#else
  (void)taps;
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

}  // namespace Impl
}  // namespace KokkosTile
