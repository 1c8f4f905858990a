// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The definitions of the host GEMM's x86 micro-kernels (AVX-512F, AVX2+FMA), declared in
// Gemm_HostMicroKernel.hpp: intrinsics through <immintrin.h>, compiled for their instruction set
// by target attributes. Included where they are instantiated: a header-only build's every file, or
// the compiled library's Gemm_HostMicroKernelX86.cpp alone.

#include "impl/gemm/Gemm_HostMicroKernel.hpp"

#ifdef KOKKOSTILE_GEMM_HOST_X86

#include <immintrin.h>

#include <cstdint>

#define KOKKOSTILE_TARGET_AVX512 __attribute__((target("avx512f")))
#define KOKKOSTILE_TARGET_AVX2 __attribute__((target("avx2,fma")))

#ifdef __NVCC__
// nvcc's front end does not know GCC's unroll pragma, warns (1675) and hands it to the host
// compiler, which unrolls as it does without nvcc.
#pragma nv_diagnostic push
#pragma nv_diag_suppress 1675
#endif

namespace KokkosTile {
namespace Impl {

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
  constexpr int MR = MV * gemm_avx512_width<T>;
  KOKKOSTILE_GEMM_MICRO_KERNEL_BODY(GemmAvx512<T>)
}

template <class T, int MV, int NR>
KOKKOSTILE_TARGET_AVX2 void gemm_micro_kernel_avx2(std::int64_t kc, const T* a, const T* b, T alpha,
                                                   T beta, T* c, std::int64_t rs_c,
                                                   std::int64_t cs_c, int m_valid, int n_valid) {
  constexpr int MR = MV * gemm_avx2_width<T>;
  KOKKOSTILE_GEMM_MICRO_KERNEL_BODY(GemmAvx2<T>)
}

#undef KOKKOSTILE_GEMM_MICRO_KERNEL_BODY

}  // namespace Impl
}  // namespace KokkosTile

#undef KOKKOSTILE_TARGET_AVX512
#undef KOKKOSTILE_TARGET_AVX2

#ifdef __NVCC__
#pragma nv_diagnostic pop
#endif

#endif  // KOKKOSTILE_GEMM_HOST_X86
