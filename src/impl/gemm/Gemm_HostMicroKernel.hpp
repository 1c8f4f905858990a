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
// nvcc (whose host pass may not take target attributes and x86 intrinsics in every configuration)
// and compilers without GCC extensions.
//
// Each kernel type carries its own blocking (MR, NR, and the cache blocks KC, MC, NC the driver
// uses), so the packing routines and the driver are instantiated per kernel.

#include <algorithm>
#include <cstdint>

#if !defined(__CUDACC__) && (defined(__GNUC__) || defined(__clang__)) && \
    (defined(__x86_64__) || defined(__i386__))
#define KOKKOSTILE_GEMM_HOST_X86 1
#include <immintrin.h>
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
  static const char* name() { return "generic"; }

  static void run(std::int64_t kc, const T* a, const T* b, T alpha, T beta, T* c, std::int64_t rs_c,
                  std::int64_t cs_c, int m_valid, int n_valid) {
    T acc[NR][MR] = {};
    for (std::int64_t p = 0; p < kc; ++p) {
      const T* ap = a + p * MR;
      const T* bp = b + p * NR;
      for (int j = 0; j < NR; ++j) {
        const T bj = bp[j];
        for (int i = 0; i < MR; ++i)
          acc[j][i] += ap[i] * bj;
      }
    }
    gemm_store_tile<T, MR, NR>(&acc[0][0], alpha, beta, c, rs_c, cs_c, m_valid, n_valid);
  }
};

#ifdef KOKKOSTILE_GEMM_HOST_X86

#define KOKKOSTILE_TARGET_AVX512 __attribute__((target("avx512f")))
#define KOKKOSTILE_TARGET_AVX2 __attribute__((target("avx2,fma")))

/// One SIMD register of T and the operations the kernels need, per instruction set. The member
/// functions carry the same target as the kernel that uses them, so they inline into it.
template <class T>
struct GemmAvx512;
template <>
struct GemmAvx512<double> {
  using reg = __m512d;
  static constexpr int width = 8;
  KOKKOSTILE_TARGET_AVX512 static reg zero() { return _mm512_setzero_pd(); }
  KOKKOSTILE_TARGET_AVX512 static reg load(const double* p) { return _mm512_loadu_pd(p); }
  KOKKOSTILE_TARGET_AVX512 static reg set1(double x) { return _mm512_set1_pd(x); }
  KOKKOSTILE_TARGET_AVX512 static reg fma(reg a, reg b, reg c) { return _mm512_fmadd_pd(a, b, c); }
  KOKKOSTILE_TARGET_AVX512 static reg mul(reg a, reg b) { return _mm512_mul_pd(a, b); }
  KOKKOSTILE_TARGET_AVX512 static void store(double* p, reg x) { _mm512_storeu_pd(p, x); }
};
template <>
struct GemmAvx512<float> {
  using reg = __m512;
  static constexpr int width = 16;
  KOKKOSTILE_TARGET_AVX512 static reg zero() { return _mm512_setzero_ps(); }
  KOKKOSTILE_TARGET_AVX512 static reg load(const float* p) { return _mm512_loadu_ps(p); }
  KOKKOSTILE_TARGET_AVX512 static reg set1(float x) { return _mm512_set1_ps(x); }
  KOKKOSTILE_TARGET_AVX512 static reg fma(reg a, reg b, reg c) { return _mm512_fmadd_ps(a, b, c); }
  KOKKOSTILE_TARGET_AVX512 static reg mul(reg a, reg b) { return _mm512_mul_ps(a, b); }
  KOKKOSTILE_TARGET_AVX512 static void store(float* p, reg x) { _mm512_storeu_ps(p, x); }
};

template <class T>
struct GemmAvx2;
template <>
struct GemmAvx2<double> {
  using reg = __m256d;
  static constexpr int width = 4;
  KOKKOSTILE_TARGET_AVX2 static reg zero() { return _mm256_setzero_pd(); }
  KOKKOSTILE_TARGET_AVX2 static reg load(const double* p) { return _mm256_loadu_pd(p); }
  KOKKOSTILE_TARGET_AVX2 static reg set1(double x) { return _mm256_set1_pd(x); }
  KOKKOSTILE_TARGET_AVX2 static reg fma(reg a, reg b, reg c) { return _mm256_fmadd_pd(a, b, c); }
  KOKKOSTILE_TARGET_AVX2 static reg mul(reg a, reg b) { return _mm256_mul_pd(a, b); }
  KOKKOSTILE_TARGET_AVX2 static void store(double* p, reg x) { _mm256_storeu_pd(p, x); }
};
template <>
struct GemmAvx2<float> {
  using reg = __m256;
  static constexpr int width = 8;
  KOKKOSTILE_TARGET_AVX2 static reg zero() { return _mm256_setzero_ps(); }
  KOKKOSTILE_TARGET_AVX2 static reg load(const float* p) { return _mm256_loadu_ps(p); }
  KOKKOSTILE_TARGET_AVX2 static reg set1(float x) { return _mm256_set1_ps(x); }
  KOKKOSTILE_TARGET_AVX2 static reg fma(reg a, reg b, reg c) { return _mm256_fmadd_ps(a, b, c); }
  KOKKOSTILE_TARGET_AVX2 static reg mul(reg a, reg b) { return _mm256_mul_ps(a, b); }
  KOKKOSTILE_TARGET_AVX2 static void store(float* p, reg x) { _mm256_storeu_ps(p, x); }
};

// The kernel body, shared by both instruction sets: a macro because a function's target cannot
// depend on a template parameter, and a body without the target could not inline the intrinsics.
// MV vectors of A~ per k step, NR broadcasts of B~, MV x NR accumulators. Whole tiles of a C
// with unit row stride are updated in place with vector loads and stores; the rest go through a
// tile on the stack.
#define KOKKOSTILE_GEMM_MICRO_KERNEL_BODY(V)                                         \
  using reg = typename V::reg;                                                       \
  constexpr int W = V::width;                                                        \
  reg acc[NR][MV];                                                                   \
  if (rs_c == 1) {                                                                   \
    _Pragma("GCC unroll 32") for (int j = 0; j < NR; ++j) {                          \
      __builtin_prefetch(c + j * cs_c);                                              \
      __builtin_prefetch(c + j * cs_c + MR - 1);                                     \
    }                                                                                \
  }                                                                                  \
  _Pragma("GCC unroll 32") for (int j = 0; j < NR; ++j) {                            \
    _Pragma("GCC unroll 4") for (int v = 0; v < MV; ++v) acc[j][v] = V::zero();      \
  }                                                                                  \
  for (std::int64_t p = 0; p < kc; ++p) {                                            \
    reg av[MV];                                                                      \
    _Pragma("GCC unroll 4") for (int v = 0; v < MV; ++v) av[v] = V::load(a + v * W); \
    _Pragma("GCC unroll 32") for (int j = 0; j < NR; ++j) {                          \
      const reg bj = V::set1(b[j]);                                                  \
      _Pragma("GCC unroll 4") for (int v = 0; v < MV; ++v) acc[j][v] =               \
          V::fma(av[v], bj, acc[j][v]);                                              \
    }                                                                                \
    a += MR;                                                                         \
    b += NR;                                                                         \
  }                                                                                  \
  const reg valpha = V::set1(alpha);                                                 \
  if (rs_c == 1 && m_valid == MR && n_valid == NR) {                                 \
    if (beta == T(0)) {                                                              \
      _Pragma("GCC unroll 32") for (int j = 0; j < NR; ++j) {                        \
        _Pragma("GCC unroll 4") for (int v = 0; v < MV; ++v)                         \
            V::store(c + j * cs_c + v * W, V::mul(valpha, acc[j][v]));               \
      }                                                                              \
    } else {                                                                         \
      const reg vbeta = V::set1(beta);                                               \
      _Pragma("GCC unroll 32") for (int j = 0; j < NR; ++j) {                        \
        _Pragma("GCC unroll 4") for (int v = 0; v < MV; ++v) {                       \
          T* cv = c + j * cs_c + v * W;                                              \
          V::store(cv, V::fma(valpha, acc[j][v], V::mul(vbeta, V::load(cv))));       \
        }                                                                            \
      }                                                                              \
    }                                                                                \
  } else {                                                                           \
    alignas(64) T tile[NR * MR];                                                     \
    _Pragma("GCC unroll 32") for (int j = 0; j < NR; ++j) {                          \
      _Pragma("GCC unroll 4") for (int v = 0; v < MV; ++v)                           \
          V::store(tile + j * MR + v * W, acc[j][v]);                                \
    }                                                                                \
    gemm_store_tile<T, MR, NR>(tile, alpha, beta, c, rs_c, cs_c, m_valid, n_valid);  \
  }

template <class T, int MV, int NR>
KOKKOSTILE_TARGET_AVX512 void gemm_micro_kernel_avx512(std::int64_t kc, const T* a, const T* b,
                                                       T alpha, T beta, T* c, std::int64_t rs_c,
                                                       std::int64_t cs_c, int m_valid,
                                                       int n_valid) {
  constexpr int MR = MV * GemmAvx512<T>::width;
  KOKKOSTILE_GEMM_MICRO_KERNEL_BODY(GemmAvx512<T>)
}

template <class T, int MV, int NR>
KOKKOSTILE_TARGET_AVX2 void gemm_micro_kernel_avx2(std::int64_t kc, const T* a, const T* b, T alpha,
                                                   T beta, T* c, std::int64_t rs_c,
                                                   std::int64_t cs_c, int m_valid, int n_valid) {
  constexpr int MR = MV * GemmAvx2<T>::width;
  KOKKOSTILE_GEMM_MICRO_KERNEL_BODY(GemmAvx2<T>)
}

#undef KOKKOSTILE_GEMM_MICRO_KERNEL_BODY

/// AVX-512: 2 vectors x 14 columns = 28 of the 32 zmm registers hold accumulators (BLIS' skx
/// shape).
template <class T, int NR_, int KC_, int MC_, int NC_>
struct GemmKernelAvx512 {
  static constexpr int MV = 2;
  static constexpr int MR = MV * GemmAvx512<T>::width, NR = NR_, KC = KC_, MC = MC_, NC = NC_;
  static const char* name() { return "avx512"; }
  static void run(std::int64_t kc, const T* a, const T* b, T alpha, T beta, T* c, std::int64_t rs_c,
                  std::int64_t cs_c, int m_valid, int n_valid) {
    gemm_micro_kernel_avx512<T, MV, NR>(kc, a, b, alpha, beta, c, rs_c, cs_c, m_valid, n_valid);
  }
};

/// AVX2 + FMA: 2 vectors x 6 columns = 12 of the 16 ymm registers hold accumulators (BLIS'
/// haswell shape, transposed).
template <class T, int NR_, int KC_, int MC_, int NC_>
struct GemmKernelAvx2 {
  static constexpr int MV = 2;
  static constexpr int MR = MV * GemmAvx2<T>::width, NR = NR_, KC = KC_, MC = MC_, NC = NC_;
  static const char* name() { return "avx2"; }
  static void run(std::int64_t kc, const T* a, const T* b, T alpha, T beta, T* c, std::int64_t rs_c,
                  std::int64_t cs_c, int m_valid, int n_valid) {
    gemm_micro_kernel_avx2<T, MV, NR>(kc, a, b, alpha, beta, c, rs_c, cs_c, m_valid, n_valid);
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
