// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// GemmTuned, the tuned GEMM kernel's mainloop: a BM x BN team tile in scratch, a TM x TN register
// tile per thread, K in steps of BK, Stages scratch stages on devices (two by default: the next
// tile is copied in while the current one is multiplied; with cp.async, more stages keep more
// steps in flight; without whole packets, more than two stages select the cp.async edge form),
// fragments read from scratch as 16-byte packets. An operand
// whose contiguous index is k can keep k contiguous in scratch (AAlongK, BAlongK), so that its
// tiles are copied in 16-byte packets too. It composes, as CUTLASS does:
//
//   GemmTunedLayout     scratch layout and thread placement   (Gemm_TunedLayout.hpp)
//   GemmTileLoader      global memory -> scratch               (Gemm_TunedLoader.hpp)
//   GemmTunedMultiply   scratch -> registers, multiply-adds    (Gemm_TunedMultiply.hpp)
//   GemmTunedEpilogue   registers -> C                         (Gemm_TunedEpilogue.hpp)
//
// The kernel works for any team size: on devices the team has one thread per virtual thread and
// per-thread state lives in registers; on host backends a thread walks its team's virtual threads,
// their state in a local array (device_pass tells the two compilation passes apart). Host backends
// run it only when a tile is forced (GemmOptions::tile); their default is Gemm_Host.hpp.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_AsyncCopy.hpp"
#include "impl/core/Core_Unroll.hpp"
#include "impl/gemm/Gemm_Operand.hpp"
#include "impl/gemm/Gemm_Simple.hpp"
#include "impl/gemm/Gemm_TunedEpilogue.hpp"
#include "impl/gemm/Gemm_TunedLayout.hpp"
#include "impl/gemm/Gemm_TunedLoader.hpp"
#include "impl/gemm/Gemm_TunedMultiply.hpp"

#include <cstddef>
#include <cstdint>

namespace KokkosTile {
namespace Impl {

template <class ExecSpace, class Shape, bool SharedSpace, bool Packets, bool AAlongK, bool BAlongK,
          class CView, class AOperand, class BOperand, int Stages = 2>
struct GemmTuned {
  using T = typename CView::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using layout = GemmTunedLayout<Shape, T, AAlongK, BAlongK>;
  using loader = GemmTileLoader<T, Shape::threads, SharedSpace>;
  using multiply = GemmTunedMultiply<Shape, T, SharedSpace, AAlongK, BAlongK>;
  using epilogue = GemmTunedEpilogue<Shape, layout, multiply::mma_rows>;
  static constexpr int BM = Shape::BM, BN = Shape::BN, BK = Shape::BK, TM = Shape::TM,
                       TN = Shape::TN, threads = Shape::threads;
  static constexpr int V = layout::V;
  static constexpr int pitch_a = layout::pitch_a, pitch_b = layout::pitch_b;
  static constexpr int a_elements = layout::a_elements, stage_elements = layout::stage_elements;
  static constexpr int stages = device_pass ? Stages : 1;
  static_assert(Stages >= 2, "a step is copied in while another is multiplied");
  static constexpr int slots = device_pass ? 1 : threads;
#ifdef KOKKOSTILE_HAVE_CP_ASYNC
  /// Whether tiles go global -> shared with cp.async (the mainloop's first form).
  static constexpr bool async_copies = SharedSpace && (Packets || Stages > 2);
#else
  static constexpr bool async_copies = false;
#endif
  static constexpr int a_loads = gemm_register_count(BM * BK, V, threads);
  static constexpr int b_loads = gemm_register_count(BK * BN, V, threads);
  template <int W>
  KOKKOS_INLINE_FUNCTION static constexpr int units_per_thread(int elements) {
    return gemm_units_per_thread(elements, W, threads);
  }

  AOperand a;
  BOperand b;
  CView c;
  T alpha, beta;
  std::int64_t m, n, k;
  int tiles_n;
  int level;

  /// Scratch per team: `stages` copies of the A tile and the B tile, in one block.
  static std::size_t scratch_bytes(bool device) {
    return gemm_scratch_bytes<T>(std::size_t(device ? Stages : 1) * stage_elements);
  }

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    multiply_tile(team, team.league_rank());
  }

  /// The team computes C's tile number `tile` (gemm_batched's teams pass their matrix's).
  KOKKOS_FORCEINLINE_FUNCTION void multiply_tile(const member_type& team, int tile) const {
    T* const scratch = gemm_scratch<T>(team, level, std::size_t(stages) * stage_elements);
    std::int64_t row0, col0;
    grouped_tile_origin(tile, row0, col0);
    const int rank = team.team_rank(), size = team.team_size();
    const int k_steps = int((k + BK - 1) / BK);

    T acc[slots][TM][TN];
    for (int s = 0; s < slots; ++s) {
      KOKKOSTILE_UNROLL
      for (int i = 0; i < TM; ++i) {
        KOKKOSTILE_UNROLL
        for (int j = 0; j < TN; ++j)
          acc[s][i][j] = 0;
      }
    }

    if constexpr (device_pass) {
      constexpr int W = Packets ? V : 1;
      // Packets: every tile lies inside, so each unit's address is a fixed pointer plus k0 times
      // the K stride, worked out once.
      const T* a_unit[units_per_thread<W>(BM * BK)];
      const T* b_unit[units_per_thread<W>(BK * BN)];
      if constexpr (Packets) {
        loader::template unit_pointers<W, BM, BK, !AAlongK, async_copies>(a, row0, 0, rank, a_unit);
        loader::template unit_pointers<W, BK, BN, BAlongK, async_copies>(b, 0, col0, rank, b_unit);
      }
#ifdef KOKKOSTILE_HAVE_CP_ASYNC
      if constexpr (async_copies) {
        // Steps q + 1 .. q + Stages - 1 go from global to shared memory (cp.async) while step q is
        // multiplied; no registers hold them on the way. One commit group per step (empty past
        // the last), so that "all but the newest Stages - 2 groups have landed" means step q has.
        // Whole tiles copy packets; the edge form (no whole packets, more than two stages) copies
        // single elements, zeros where a tile crosses op(A)'s or op(B)'s edges, so that odd shapes
        // and unaligned leading dimensions keep the deep pipeline too.
        constexpr int a_edges = Packets ? 1 : units_per_thread<1>(BM * BK);
        constexpr int b_edges = Packets ? 1 : units_per_thread<1>(BK * BN);
        [[maybe_unused]] const T* a_edge[a_edges];
        [[maybe_unused]] const T* b_edge[b_edges];
        [[maybe_unused]] bool a_inside[a_edges], b_inside[b_edges];
        [[maybe_unused]] int a_k[a_edges], b_k[b_edges];
        if constexpr (!Packets) {
          loader::template edge_units<BM, BK, false, !AAlongK>(a, row0, 0, m, rank, a_edge,
                                                               a_inside, a_k);
          loader::template edge_units<BK, BN, true, BAlongK>(b, 0, col0, n, rank, b_edge, b_inside,
                                                             b_k);
        }
        auto copy = [&](int q) {
          if (q < k_steps) {
            T* const stage = scratch + (q % Stages) * stage_elements;
            const std::int64_t k0 = std::int64_t(q) * BK;
            if constexpr (Packets) {
              loader::template async_copy_tile<W, BM, BK, !AAlongK>(
                  stage, pitch_a, a.rows_contiguous, rank, a_unit, k0 * a.col_stride, a.row_stride,
                  a.col_stride);
              loader::template async_copy_tile<W, BK, BN, BAlongK>(
                  stage + a_elements, pitch_b, b.rows_contiguous, rank, b_unit, k0 * b.row_stride,
                  b.row_stride, b.col_stride);
            } else {
              loader::template async_copy_edge_tile<BM, BK, !AAlongK>(
                  stage, pitch_a, a.rows_contiguous, rank, a_edge, a_inside, a_k, k0 * a.col_stride,
                  k - k0, a.data);
              loader::template async_copy_edge_tile<BK, BN, BAlongK>(
                  stage + a_elements, pitch_b, b.rows_contiguous, rank, b_edge, b_inside, b_k,
                  k0 * b.row_stride, k - k0, b.data);
            }
          }
          async_copy_commit();
        };
        if constexpr (multiply::splits_into_k_steps && Packets) {
          // The fragment pipeline (CUTLASS' multistage mainloop, SIMT): the thread's fragments of
          // k step p + 1 are read while those of step p are multiplied, across scratch steps too,
          // and the barrier before scratch step q + 1 comes before the multiply-adds of step q's
          // last k step, whose fragments are then in registers. Neither the barrier nor a scratch
          // step's first reads leave the FMA units without work, and a stage is refilled as soon
          // as the barrier after its last reads has passed: all Stages stages fill before the
          // first multiply, Stages - 1 scratch steps in flight behind the current one. Measured
          // on an H100 against the loop below, same run (the retired experiment
          // perf_tests/experiments/gemm_transposing_copies_gx.cpp, commit d3d5536):
          // fp32 NN 256 x 128 x 8 0.865 -> 0.875 of cuBLAS at n = 4096 (0.850 -> 0.862 at 8192),
          // 128 x 128 x 16 0.83 -> 0.88, TN 0.80 -> 0.84-0.85. The edge form (single-element
          // copies) keeps the loop below: it measured slower this way (0.59 -> 0.52).
          static_assert(BK % 2 == 0, "k step 0 takes fragment buffer 0");
          for (int q = 0; q < Stages; ++q)
            copy(q);
          async_copy_wait<Stages - 1>();
          team.team_barrier();
          int ty, tx;
          layout::thread_coordinates(rank, ty, tx);
          const auto a_base = multiply::a_fragment_base(scratch, ty);
          const auto b_base = multiply::b_fragment_base(scratch + a_elements, tx);
          T a_frag[2][TM], b_frag[2][TN];
          multiply::load_k_fragments(a_base, b_base, 0, 0, a_frag[0], b_frag[0]);
          for (int q = 0; q < k_steps; ++q) {
            const int current = (q % Stages) * stage_elements;
            KOKKOSTILE_UNROLL
            for (int p = 0; p < BK; ++p) {
              if (p + 1 < BK) {
                multiply::load_k_fragments(a_base, b_base, current, p + 1, a_frag[(p + 1) % 2],
                                           b_frag[(p + 1) % 2]);
              } else if (q + 1 < k_steps) {
                // Groups 0 .. q + Stages - 1 are committed: all but the newest Stages - 2 means
                // step q + 1 has landed. After the barrier every thread's copies of it have, and
                // every thread has read all of step q (its last fragments are in registers), so
                // step q + Stages takes step q's stage.
                async_copy_wait<Stages - 2>();
                team.team_barrier();
                copy(q + Stages);
                multiply::load_k_fragments(a_base, b_base, ((q + 1) % Stages) * stage_elements, 0,
                                           a_frag[0], b_frag[0]);
              }
              multiply::multiply_add(a_frag[p % 2], b_frag[p % 2], acc[0]);
            }
          }
        } else {
          for (int q = 0; q + 1 < Stages; ++q)
            copy(q);
          for (int q = 0; q < k_steps; ++q) {
            async_copy_wait<Stages - 2>();
            // Every thread's copies of step q have landed, and every thread is done with step
            // q - 1, whose stage the copy of step q + Stages - 1 now overwrites.
            team.team_barrier();
            copy(q + Stages - 1);
            T* const current = scratch + (q % Stages) * stage_elements;
            multiply::step(current, current + a_elements, rank, acc[0]);
          }
        }
      } else
#endif
      {
        // Read step q + 1 into registers while step q is multiplied, then store it to scratch (two
        // of the stages).
        T a_next[a_loads], b_next[b_loads];
        auto read = [&](int q) {
          const std::int64_t k0 = std::int64_t(q) * BK;
          if constexpr (Packets) {
            KOKKOSTILE_UNROLL
            for (int u = 0; u < units_per_thread<W>(BM * BK); ++u)
              load_fragment<T, W>(a_unit[u] + k0 * a.col_stride, a_next + u * W);
            KOKKOSTILE_UNROLL
            for (int u = 0; u < units_per_thread<W>(BK * BN); ++u)
              load_fragment<T, W>(b_unit[u] + k0 * b.row_stride, b_next + u * W);
          } else {
            loader::template read_tile<BM, BK>(a, m, k, row0, k0, rank, a_next);
            loader::template read_tile<BK, BN>(b, k, n, k0, col0, rank, b_next);
          }
        };
        auto write = [&](T* stage) {
          loader::template write_tile<W, BM, BK, !AAlongK>(stage, pitch_a, a.rows_contiguous, rank,
                                                           a_next);
          loader::template write_tile<W, BK, BN, BAlongK>(stage + a_elements, pitch_b,
                                                          b.rows_contiguous, rank, b_next);
        };
        read(0);
        write(scratch);
        team.team_barrier();
        for (int q = 0; q < k_steps; ++q) {
          T* const current = scratch + (q & 1) * stage_elements;
          T* const following = scratch + ((q + 1) & 1) * stage_elements;
          if (q + 1 < k_steps)
            read(q + 1);
          multiply::step(current, current + a_elements, rank, acc[0]);
          if (q + 1 < k_steps)
            write(following);
          team.team_barrier();
        }
      }
    } else {
      for (int q = 0; q < k_steps; ++q) {
        const std::int64_t k0 = std::int64_t(q) * BK;
        for (int t = rank; t < threads; t += size) {
          T a_now[a_loads], b_now[b_loads];
          loader::template read_tile<BM, BK>(a, m, k, row0, k0, t, a_now);
          loader::template read_tile<BK, BN>(b, k, n, k0, col0, t, b_now);
          loader::template write_tile<1, BM, BK, !AAlongK>(scratch, pitch_a, a.rows_contiguous, t,
                                                           a_now);
          loader::template write_tile<1, BK, BN, BAlongK>(scratch + a_elements, pitch_b,
                                                          b.rows_contiguous, t, b_now);
        }
        team.team_barrier();
        for (int s = 0; s < slots; ++s) {
          const int t = rank + s * size;
          if (t < threads)
            multiply::step(scratch, scratch + a_elements, t, acc[s]);
        }
        team.team_barrier();
      }
    }

    for (int s = 0; s < slots; ++s) {
      const int t = rank + s * size;
      if (t < threads)
        epilogue::store(c, m, n, row0, col0, t, acc[s], alpha, beta);
    }
  }

  /// The C tile of league rank `league`: ranks walk tile columns within groups of 8 tile rows, so
  /// that the teams running at once share their A tiles and a few B tiles in L2 (row-major order
  /// would stream all of B past every wave of teams).
  KOKKOS_FORCEINLINE_FUNCTION void grouped_tile_origin(int league, std::int64_t& row0,
                                                       std::int64_t& col0) const {
    constexpr int group = 8;
    const int tiles_m = int((m + BM - 1) / BM);
    const int per_group = group * tiles_n;
    const int first_row = (league / per_group) * group;
    const int rows_here = tiles_m - first_row < group ? tiles_m - first_row : group;
    const int within = league % per_group;
    row0 = std::int64_t(first_row + within % rows_here) * BM;
    col0 = std::int64_t(within / rows_here) * BN;
  }
};

}  // namespace Impl
}  // namespace KokkosTile
