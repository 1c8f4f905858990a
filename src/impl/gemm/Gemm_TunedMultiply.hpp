// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The tuned GEMM kernel's multiply step: acc += (a thread's TM rows of the A tile) x (its TN
// columns of the B tile) over one BK step held in scratch. On the FMA units (SIMT) for float and
// wherever tensor cores are not available; with mma.sync for double on CUDA (Gemm_Dmma.hpp) and
// for float with GemmVariant::tf32x3 (Gemm_Tf32x3.hpp) when the scratch is shared memory and the
// tile shape is one whole warps can share out.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_Unroll.hpp"
#include "impl/gemm/Gemm_Dmma.hpp"
#include "impl/gemm/Gemm_SharedPackets.hpp"
#include "impl/gemm/Gemm_Tf32x3.hpp"
#include "impl/gemm/Gemm_TunedLayout.hpp"

#include <type_traits>

namespace KokkosTile {
namespace Impl {

template <class Shape, class T, bool SharedSpace, bool AAlongK, bool BAlongK>
struct GemmTunedMultiply {
  using layout = GemmTunedLayout<Shape, T, AAlongK, BAlongK>;
  static constexpr int BM = layout::BM, BN = layout::BN, BK = layout::BK, TM = layout::TM,
                       TN = layout::TN, V = layout::V;
  static constexpr int pitch_a = layout::pitch_a, pitch_b = layout::pitch_b;
#ifdef KOKKOSTILE_HAVE_DMMA
  /// fp64 tensor cores (mma.sync, Gemm_Dmma.hpp) for the tile shapes DMMA serves, when scratch is
  /// shared memory and both tiles take the default layouts.
  static constexpr bool use_dmma =
      SharedSpace && std::is_same_v<T, double> && gemm_dmma_shape<Shape> && !AAlongK && !BAlongK;
#else
  static constexpr bool use_dmma = false;
#endif
#ifdef KOKKOSTILE_HAVE_TF32_MMA
  /// 3xTF32 on the tensor cores for float, where the shape asks for it (GemmVariant::tf32x3).
  static constexpr bool use_tf32x3 = SharedSpace && std::is_same_v<T, float> && Shape::tf32x3 &&
                                     gemm_dmma_shape<Shape> && !AAlongK && !BAlongK;
#else
  static constexpr bool use_tf32x3 = false;
#endif
  /// The accumulators' order for the epilogue: 0 for SIMT, else the mma instruction's rows.
  static constexpr int mma_rows = use_dmma ? gemm_dmma_rows : use_tf32x3 ? 16 : 0;
  /// Whether the mainloop may take the step apart into single k steps (load_k_fragments,
  /// multiply_add), so that it reads one k step's fragments ahead of the multiply-adds across the
  /// scratch steps too (GemmTuned's fragment pipeline): SIMT on the default scratch layouts.
  static constexpr bool splits_into_k_steps = !use_dmma && !use_tf32x3 && !AAlongK && !BAlongK;

  /// acc += (TM rows of the A tile) x (TN columns of the B tile) over the BK step.
  KOKKOS_FORCEINLINE_FUNCTION static void step(const T* a_tile, const T* b_tile, int t,
                                               T (&acc)[TM][TN]) {
#ifdef KOKKOSTILE_HAVE_DMMA
    if constexpr (use_dmma) {
      gemm_dmma_step<Shape, pitch_a, pitch_b>(a_tile, b_tile, t, &acc[0][0]);
      return;
    }
#endif
#ifdef KOKKOSTILE_HAVE_TF32_MMA
    if constexpr (use_tf32x3) {
      gemm_tf32x3_step<Shape, pitch_a, pitch_b>(a_tile, b_tile, t, &acc[0][0]);
      return;
    }
#endif
    step_simt(a_tile, b_tile, t, acc);
  }

  /// step on the FMA units, V steps of k at a time, every loop unrolled (a loop left over k would
  /// load each step's fragments just before its multiply-adds wait on them). A k-major tile gives,
  /// per k, the thread's TM rows (TN columns) as row_groups (col_groups) packets; a tile along k
  /// gives, per row (column), one packet of V steps. Every fragment is a constant offset from the
  /// thread's first row and column.
  KOKKOS_FORCEINLINE_FUNCTION static void step_simt(const T* a_tile, const T* b_tile, int t,
                                                    T (&acc)[TM][TN]) {
    constexpr int threads_down = layout::threads_down, threads_across = layout::threads_across;
    int ty, tx;
    layout::thread_coordinates(t, ty, tx);
    const auto a_base = a_fragment_base(a_tile, ty);
    const auto b_base = b_fragment_base(b_tile, tx);
    KOKKOSTILE_UNROLL
    for (int p0 = 0; p0 < BK; p0 += V) {
      [[maybe_unused]] T a_run[AAlongK ? TM : 1][V];
      [[maybe_unused]] T b_run[BAlongK ? TN : 1][V];
      if constexpr (AAlongK) {
        KOKKOSTILE_UNROLL
        for (int i = 0; i < TM; ++i)
          load_fragment_at(a_base, i * threads_down * pitch_a + p0, a_run[i]);
      }
      if constexpr (BAlongK) {
        KOKKOSTILE_UNROLL
        for (int j = 0; j < TN; ++j)
          load_fragment_at(b_base, j * threads_across * pitch_b + p0, b_run[j]);
      }
      KOKKOSTILE_UNROLL
      for (int e = 0; e < V; ++e) {
        const int p = p0 + e;
        T a_frag[TM], b_frag[TN];
        if constexpr (AAlongK) {
          KOKKOSTILE_UNROLL
          for (int i = 0; i < TM; ++i)
            a_frag[i] = a_run[i][e];
        } else {
          load_a_fragment(a_base, p * pitch_a, a_frag);
        }
        if constexpr (BAlongK) {
          KOKKOSTILE_UNROLL
          for (int j = 0; j < TN; ++j)
            b_frag[j] = b_run[j][e];
        } else {
          load_b_fragment(b_base, p * pitch_b, b_frag);
        }
        multiply_add(a_frag, b_frag, acc);
      }
    }
  }

  /// Where the fragments of the thread in row ty (column tx) of the team's thread grid start in an
  /// A (B) tile: fragment_base of its first row (column), or of its first packet along k.
  KOKKOS_FORCEINLINE_FUNCTION static auto a_fragment_base(const T* a_tile, int ty) {
    return fragment_base(a_tile + (AAlongK ? ty * pitch_a : layout::tile_row(ty, 0)));
  }
  KOKKOS_FORCEINLINE_FUNCTION static auto b_fragment_base(const T* b_tile, int tx) {
    return fragment_base(b_tile + (BAlongK ? tx * pitch_b : layout::tile_col(tx, 0)));
  }

  /// The thread's TM rows of a k-major A tile (TN columns of a B tile stored as it is) at one k
  /// step, `offset` elements past its fragment base: row_groups (col_groups) packets.
  template <class Base>
  KOKKOS_FORCEINLINE_FUNCTION static void load_a_fragment(Base a_base, int offset,
                                                          T (&a_frag)[TM]) {
    static_assert(!AAlongK, "k-major A tile");
    KOKKOSTILE_UNROLL
    for (int g = 0; g < layout::row_groups; ++g)
      load_fragment_at(a_base, offset + g * (BM / layout::row_groups), a_frag + g * V);
  }
  template <class Base>
  KOKKOS_FORCEINLINE_FUNCTION static void load_b_fragment(Base b_base, int offset,
                                                          T (&b_frag)[TN]) {
    static_assert(!BAlongK, "B tile stored as it is");
    KOKKOSTILE_UNROLL
    for (int g = 0; g < layout::col_groups; ++g)
      load_fragment_at(b_base, offset + g * (BN / layout::col_groups), b_frag + g * V);
  }

  /// The thread's A and B fragments at k step p of the stage `stage_offset` elements past the
  /// bases (splits_into_k_steps layouts).
  template <class Base>
  KOKKOS_FORCEINLINE_FUNCTION static void load_k_fragments(Base a_base, Base b_base,
                                                           int stage_offset, int p, T (&a_frag)[TM],
                                                           T (&b_frag)[TN]) {
    static_assert(splits_into_k_steps, "k-major A tile, B tile as it is, SIMT");
    load_a_fragment(a_base, stage_offset + p * pitch_a, a_frag);
    load_b_fragment(b_base, stage_offset + p * pitch_b, b_frag);
  }

  /// acc += a_frag x b_frag (one k step's outer product).
  KOKKOS_FORCEINLINE_FUNCTION static void multiply_add(const T (&a_frag)[TM], const T (&b_frag)[TN],
                                                       T (&acc)[TM][TN]) {
    KOKKOSTILE_UNROLL
    for (int i = 0; i < TM; ++i) {
      KOKKOSTILE_UNROLL
      for (int j = 0; j < TN; ++j)
        acc[i][j] += a_frag[i] * b_frag[j];
    }
  }

  /// Where a thread's fragments start. In CUDA shared memory: the shared-space address, worked out
  /// once, so that every fragment is a constant offset that ptxas folds into the ld.shared
  /// ([register + immediate]) instead of converting a generic pointer at each load.
  KOKKOS_FORCEINLINE_FUNCTION static auto fragment_base(const T* first) {
#if defined(__CUDA_ARCH__)
    if constexpr (SharedSpace) {
      return shared_space_address(first);
    } else {
      return first;
    }
#else
    return first;
#endif
  }

  /// The V elements `offset` elements after a fragment base, as one 16-byte load.
  KOKKOS_FORCEINLINE_FUNCTION static void load_fragment_at(unsigned base, int offset, T* dst) {
#if defined(__CUDA_ARCH__)
    load_shared_packet<T, V>(base + offset * sizeof(T), dst);
#else
    (void)base;
    (void)offset;
    (void)dst;
#endif
  }
  KOKKOS_FORCEINLINE_FUNCTION static void load_fragment_at(const T* base, int offset, T* dst) {
    load_fragment<T, V>(base + offset, dst);
  }
};

}  // namespace Impl
}  // namespace KokkosTile
