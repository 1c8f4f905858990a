// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The register micro-kernels of the host GEMM (BLIS-style): C[MR x NR] = alpha * A~ B~ + beta * C,
// where A~ is an MR x kc micro-panel of op(A) packed k-major (a[p * MR + i]) and B~ a kc x NR
// micro-panel of op(B) packed k-major (b[p * NR + j]), both zero-padded to whole micro-panels.
// Each k step loads MR/V vectors of A~, broadcasts NR elements of B~ and does MR/V x NR vector
// FMAs into accumulators that stay in registers for the whole kc loop.
//
// Debian's Kokkos and most user builds compile without -march, so plain code only gets SSE2. The
// x86 kernels are therefore compiled for AVX-512F and for AVX2+FMA through target attributes and
// picked at run time (__builtin_cpu_supports); a portable kernel in plain C++ covers other hosts,
// nvcc's device pass and compilers without GCC extensions. nvcc's host pass takes the x86 kernels
// (the CUDA builds' OpenMP backend needs them as much as a host build does): objdump shows the
// same instructions as from g++ 12 alone. The x86 kernels are defined in
// Gemm_HostMicroKernelX86.hpp, which the compiled library compiles once (see the end of this file).
//
// Each kernel type carries its own blocking (MR, NR, and the cache blocks KC, MC, NC the driver
// uses), so the packing routines and the driver are instantiated per kernel.

#include <algorithm>
#include <cstdint>

#if !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__) && \
    (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define KOKKOSTILE_GEMM_HOST_X86 1
#endif

namespace KokkosTile {
namespace Impl {

/// Writes an MR x NR tile kept column by column (tile[j * MR + i]) to the valid m_valid x n_valid
/// corner of C at (rs_c, cs_c): the kernels' path for edge tiles and for C without a unit row
/// stride. beta = 0 does not read C.
template <class T, int MR, int NR>
inline void gemm_store_tile(const T* tile, T alpha, T beta, T* c, std::int64_t rs_c,
                            std::int64_t cs_c, int m_valid, int n_valid) {
  for (int j = 0; j < n_valid; ++j) {
    T* cj = c + j * cs_c;
    const T* tj = tile + j * MR;
    if (beta == T(0)) {
      for (int i = 0; i < m_valid; ++i)
        cj[i * rs_c] = alpha * tj[i];
    } else {
      for (int i = 0; i < m_valid; ++i)
        cj[i * rs_c] = alpha * tj[i] + beta * cj[i * rs_c];
    }
  }
}

/// Portable micro-kernel: plain loops over a small tile, i innermost (contiguous in A~) so that
/// compilers vectorise it with whatever the build's baseline ISA is.
template <class T, int MR_, int NR_, int KC_, int MC_, int NC_>
struct GemmKernelGeneric {
  static constexpr int MR = MR_, NR = NR_, KC = KC_, MC = MC_, NC = NC_;
  static constexpr int NE = NR;  // no narrower kernel for the last columns
  static const char* name() { return "generic"; }

  /// A micro-panel of B packed Width wide (NR, or NE for a narrow last one).
  template <int Width = NR>
  static void run(std::int64_t kc, const T* a, const T* b, T alpha, T beta, T* c, std::int64_t rs_c,
                  std::int64_t cs_c, int m_valid, int n_valid) {
    T acc[Width][MR] = {};
    for (std::int64_t p = 0; p < kc; ++p) {
      const T* ap = a + p * MR;
      const T* bp = b + p * Width;
      for (int j = 0; j < Width; ++j) {
        const T bj = bp[j];
        for (int i = 0; i < MR; ++i)
          acc[j][i] += ap[i] * bj;
      }
    }
    gemm_store_tile<T, MR, Width>(&acc[0][0], alpha, beta, c, rs_c, cs_c, m_valid, n_valid);
  }
};

#ifdef KOKKOSTILE_GEMM_HOST_X86

#define KOKKOSTILE_TARGET_AVX512 __attribute__((target("avx512f")))
#define KOKKOSTILE_TARGET_AVX2 __attribute__((target("avx2,fma")))

/// Elements of T in one AVX-512 and one AVX2 register.
template <class T>
inline constexpr int gemm_avx512_width = 64 / static_cast<int>(sizeof(T));
template <class T>
inline constexpr int gemm_avx2_width = 32 / static_cast<int>(sizeof(T));

/// The x86 micro-kernels (C tile of MV vectors x NR columns), defined in
/// Gemm_HostMicroKernelX86.hpp. They are declared with their target here: GCC takes a template's
/// target from its first declaration.
template <class T, int MV, int NR>
KOKKOSTILE_TARGET_AVX512 void gemm_micro_kernel_avx512(std::int64_t kc, const T* a, const T* b,
                                                       T alpha, T beta, T* c, std::int64_t rs_c,
                                                       std::int64_t cs_c, int m_valid, int n_valid);
template <class T, int MV, int NR>
KOKKOSTILE_TARGET_AVX2 void gemm_micro_kernel_avx2(std::int64_t kc, const T* a, const T* b, T alpha,
                                                   T beta, T* c, std::int64_t rs_c,
                                                   std::int64_t cs_c, int m_valid, int n_valid);

/// AVX-512: 2 vectors x 14 columns = 28 of the 32 zmm registers hold accumulators (BLIS' skx
/// shape). A last micro-panel of at most NE = NR / 2 columns is packed NE wide and run by the
/// kernel of that width (run<NE>), which computes half the padding of a full one: at n = 257
/// (18 panels and 5 columns) the full kernel spent 9 of 266 columns on zeros.
template <class T, int NR_, int KC_, int MC_, int NC_>
struct GemmKernelAvx512 {
  static constexpr int MV = 2;
  static constexpr int MR = MV * gemm_avx512_width<T>, NR = NR_, KC = KC_, MC = MC_, NC = NC_;
  static constexpr int NE = NR / 2;
  static const char* name() { return "avx512"; }
  /// A micro-panel of B packed Width wide: NR, or NE for a narrow last one (compiled for those
  /// two).
  template <int Width = NR>
  static void run(std::int64_t kc, const T* a, const T* b, T alpha, T beta, T* c, std::int64_t rs_c,
                  std::int64_t cs_c, int m_valid, int n_valid) {
    gemm_micro_kernel_avx512<T, MV, Width>(kc, a, b, alpha, beta, c, rs_c, cs_c, m_valid, n_valid);
  }
};

/// AVX2 + FMA: 2 vectors x 6 columns = 12 of the 16 ymm registers hold accumulators (BLIS'
/// haswell shape, transposed); last micro-panels of at most NE = 3 columns as for AVX-512.
template <class T, int NR_, int KC_, int MC_, int NC_>
struct GemmKernelAvx2 {
  static constexpr int MV = 2;
  static constexpr int MR = MV * gemm_avx2_width<T>, NR = NR_, KC = KC_, MC = MC_, NC = NC_;
  static constexpr int NE = NR / 2;
  static const char* name() { return "avx2"; }
  /// A micro-panel of B packed Width wide: NR, or NE for a narrow last one (compiled for those
  /// two).
  template <int Width = NR>
  static void run(std::int64_t kc, const T* a, const T* b, T alpha, T beta, T* c, std::int64_t rs_c,
                  std::int64_t cs_c, int m_valid, int n_valid) {
    gemm_micro_kernel_avx2<T, MV, Width>(kc, a, b, alpha, beta, c, rs_c, cs_c, m_valid, n_valid);
  }
};

#undef KOKKOSTILE_TARGET_AVX512
#undef KOKKOSTILE_TARGET_AVX2

#endif  // KOKKOSTILE_GEMM_HOST_X86

/// The instruction sets a host GEMM kernel exists for, best first.
enum class GemmHostIsa { avx512, avx2, generic };

/// The best instruction set this CPU (and its operating system) supports, decided once.
inline GemmHostIsa gemm_host_isa() {
#ifdef KOKKOSTILE_GEMM_HOST_X86
  static const GemmHostIsa isa = [] {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
      return GemmHostIsa::avx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
      return GemmHostIsa::avx2;
    return GemmHostIsa::generic;
  }();
  return isa;
#else
  return GemmHostIsa::generic;
#endif
}

/// The kernel and cache blocks for T on an instruction set. KC x NR of B~ (one micro-panel, reused
/// by every micro-panel of A~) stays in L1, MC x KC of A~ (one per thread) in L2, KC x NC of B~
/// (shared by the threads) in L3; KC, MC and NC are upper bounds that the driver evens out over
/// the extents.
template <class T, GemmHostIsa Isa>
struct GemmHostKernelFor {
  // Portable: 8 or 4 accumulators of 16 bytes fit the 16 SSE2 registers.
  using type = GemmKernelGeneric<T, sizeof(T) == 4 ? 8 : 4, 4, 256, 128, 2048>;
};
#ifdef KOKKOSTILE_GEMM_HOST_X86
template <>
struct GemmHostKernelFor<double, GemmHostIsa::avx512> {
  using type = GemmKernelAvx512<double, 14, 256, 192, 4032>;  // 16 x 14
};
template <>
struct GemmHostKernelFor<float, GemmHostIsa::avx512> {
  using type = GemmKernelAvx512<float, 14, 384, 256, 4032>;  // 32 x 14
};
template <>
struct GemmHostKernelFor<double, GemmHostIsa::avx2> {
  using type = GemmKernelAvx2<double, 6, 256, 96, 4080>;  // 8 x 6
};
template <>
struct GemmHostKernelFor<float, GemmHostIsa::avx2> {
  using type = GemmKernelAvx2<float, 6, 256, 160, 4080>;  // 16 x 6
};
#endif

}  // namespace Impl
}  // namespace KokkosTile

#ifdef KOKKOSTILE_GEMM_HOST_X86
// The eight x86 micro-kernels the host GEMM uses, with the shapes GemmHostKernelFor gives them
// (WIDTH: NR, or NE for last micro-panels).
#define KOKKOSTILE_GEMM_X86_KERNEL_(PREFIX, ISA, T, WIDTH)                                      \
  PREFIX template void KokkosTile::Impl::gemm_micro_kernel_##ISA<                               \
      T, KokkosTile::Impl::GemmHostKernelFor<T, KokkosTile::Impl::GemmHostIsa::ISA>::type::MV,  \
      KokkosTile::Impl::GemmHostKernelFor<T, KokkosTile::Impl::GemmHostIsa::ISA>::type::WIDTH>( \
      std::int64_t, const T*, const T*, T, T, T*, std::int64_t, std::int64_t, int, int);
#define KOKKOSTILE_GEMM_X86_KERNELS_(PREFIX, T)      \
  KOKKOSTILE_GEMM_X86_KERNEL_(PREFIX, avx512, T, NR) \
  KOKKOSTILE_GEMM_X86_KERNEL_(PREFIX, avx512, T, NE) \
  KOKKOSTILE_GEMM_X86_KERNEL_(PREFIX, avx2, T, NR)   \
  KOKKOSTILE_GEMM_X86_KERNEL_(PREFIX, avx2, T, NE)
#if defined(KOKKOSTILE_ETI) && !defined(KOKKOSTILE_GEMM_X86_KERNELS_DEFINED_HERE)
// With the compiled library, its Gemm_HostMicroKernelX86.cpp holds them: a user's file does not
// parse <immintrin.h> (about 0.5 s of g++ in every file that includes KokkosTile.hpp), and a host
// GEMM compiled there (a type or memory space the library lacks) still runs them.
KOKKOSTILE_GEMM_X86_KERNELS_(extern, float)
KOKKOSTILE_GEMM_X86_KERNELS_(extern, double)
#else
#include "impl/gemm/Gemm_HostMicroKernelX86.hpp"
#endif
#endif
