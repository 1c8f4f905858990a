// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The register tile of a team GEMM: one thread's RM x RN block of C, accumulated over k from
// reads of op(A) and op(B) that the caller supplies. Each step loads RM values of op(A) and RN of
// op(B) and makes RM * RN multiply-adds of them, so larger tiles read operand memory (scratch or
// global) less often per multiply-add. team_gemm (Team_Gemm.hpp) and gemm_batched's device kernel
// (impl/gemm_batched/GemmBatched_Device.hpp) both multiply through it.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_Unroll.hpp"

namespace KokkosTile {
namespace Impl {

template <class T, int RM, int RN>
struct GemmRegisterTile {
  static_assert(RM > 0 && RN > 0, "GemmRegisterTile: positive extents");
  T acc[RM][RN];

  KOKKOS_FORCEINLINE_FUNCTION void clear() {
    KOKKOSTILE_UNROLL
    for (int p = 0; p < RM; ++p) {
      KOKKOSTILE_UNROLL
      for (int q = 0; q < RN; ++q)
        acc[p][q] = T(0);
    }
  }

  /// acc(p, q) += sum over kk < k of a(p, kk) * b(kk, q), where a(p, kk) is op(A) at the tile's
  /// p-th row and b(kk, q) op(B) at its q-th column (each converted to T).
  template <class ARead, class BRead>
  KOKKOS_FORCEINLINE_FUNCTION void accumulate(int k, const ARead& a, const BRead& b) {
    for (int kk = 0; kk < k; ++kk)
      step(kk, a, b);
  }

  /// The same, U steps at a time with all their reads first: operands in global memory, where a
  /// step that waits for its own reads alone is bound by their latency.
  template <int U, class ARead, class BRead>
  KOKKOS_FORCEINLINE_FUNCTION void accumulate_batched(int k, const ARead& a, const BRead& b) {
    int kk = 0;
    for (; kk + U <= k; kk += U) {
      T av[U][RM], bv[U][RN];
      KOKKOSTILE_UNROLL
      for (int u = 0; u < U; ++u) {
        KOKKOSTILE_UNROLL
        for (int p = 0; p < RM; ++p)
          av[u][p] = T(a(p, kk + u));
        KOKKOSTILE_UNROLL
        for (int q = 0; q < RN; ++q)
          bv[u][q] = T(b(kk + u, q));
      }
      KOKKOSTILE_UNROLL
      for (int u = 0; u < U; ++u)
        fma(av[u], bv[u]);
    }
    for (; kk < k; ++kk)
      step(kk, a, b);
  }

  /// The same for a compile-time K: fully unrolled (a staged scratch chunk).
  template <int K, class ARead, class BRead>
  KOKKOS_FORCEINLINE_FUNCTION void accumulate_fixed(const ARead& a, const BRead& b) {
    KOKKOSTILE_UNROLL
    for (int kk = 0; kk < K; ++kk)
      step(kk, a, b);
  }

  /// The same with the operands read a step at a time: a_row(kk, av) fills av[0 .. RM) with
  /// op(A) at the tile's rows, b_row(kk, bv) bv[0 .. RN) with op(B) at its columns (so that the
  /// caller can read them as packets).
  template <int K, class ARow, class BRow>
  KOKKOS_FORCEINLINE_FUNCTION void accumulate_rows_fixed(const ARow& a_row, const BRow& b_row) {
    KOKKOSTILE_UNROLL
    for (int kk = 0; kk < K; ++kk) {
      T av[RM], bv[RN];
      a_row(kk, av);
      b_row(kk, bv);
      fma(av, bv);
    }
  }

 private:
  KOKKOS_FORCEINLINE_FUNCTION void fma(const T (&av)[RM], const T (&bv)[RN]) {
    KOKKOSTILE_UNROLL
    for (int p = 0; p < RM; ++p) {
      KOKKOSTILE_UNROLL
      for (int q = 0; q < RN; ++q)
        acc[p][q] += av[p] * bv[q];
    }
  }

  template <class ARead, class BRead>
  KOKKOS_FORCEINLINE_FUNCTION void step(int kk, const ARead& a, const BRead& b) {
    T av[RM], bv[RN];
    KOKKOSTILE_UNROLL
    for (int p = 0; p < RM; ++p)
      av[p] = T(a(p, kk));
    KOKKOSTILE_UNROLL
    for (int q = 0; q < RN; ++q)
      bv[q] = T(b(kk, q));
    fma(av, bv);
  }
};

}  // namespace Impl
}  // namespace KokkosTile
