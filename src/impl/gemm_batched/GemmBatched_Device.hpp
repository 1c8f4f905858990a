// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// gemm_batched's device kernel: a team per BM x BN tile of one matrix's C (league = batch x tiles).
// For each BK-deep chunk of k the team stages op(A) (k-major, As[kk][i]) and op(B) (Bs[kk][j])
// into scratch, reading global memory along each operand's contiguous index and writing zeros
// beyond its edges (the next chunk's loads in flight while this one is multiplied), then every
// thread accumulates its RM x RN register tile
// (impl/team/Team_GemmRegisterTile.hpp, as team_gemm does) from the chunk with no edge tests.
// A thread's tile is RM consecutive rows by RN consecutive columns, read from scratch as 16-byte
// packets (one load per four floats: scalar reads of a strided tile left the float 64 x 64 kernel
// at 0.69 of cuBLAS, issuing a shared load per multiply-add pair); a warp reads one run of a row of
// Bs (no bank conflicts) and few of As (broadcasts), and writes runs of C's rows (the dispatch
// makes C's columns its contiguous index).
//
// Matrices up to 32 x 32 take tiles that cover one matrix, with small teams, so that a
// multiprocessor holds many of them (GemmBatched_Tuning.hpp).

#include <Kokkos_Core.hpp>

#include "impl/core/Core_BackendTraits.hpp"
#include "impl/core/Core_Packet.hpp"
#include "impl/core/Core_Scalars.hpp"
#include "impl/core/Core_Unroll.hpp"
#include "impl/gemm/Gemm_Simple.hpp"
#include "impl/gemm_batched/GemmBatched_Operand.hpp"
#include "impl/team/Team_GemmRegisterTile.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// A tile shape: BM x BN of C per team, BK of k per staged chunk, RM x RN per thread.
template <int BM_, int BN_, int BK_, int RM_, int RN_>
struct GemmBatchedShape {
  static constexpr int BM = BM_, BN = BN_, BK = BK_, RM = RM_, RN = RN_;
  static constexpr int TI = BM / RM, TJ = BN / RN, threads = TI * TJ;
  static_assert(BM % RM == 0 && BN % RN == 0, "GemmBatchedShape: whole register tiles");
  // Rows of scratch start on 16 bytes (the packet reads below) and are padded by one packet, so
  // that staging an operand whose contiguous index is k spreads over banks.
  template <class T>
  static constexpr int pad = packet_width<T>();
};

/// Teams per multiprocessor the compiler must allow (CUDA launch bounds): the registers a thread
/// needs for its tile, one step's operands and the next chunk's staged loads, and some for
/// addresses. Without the bound the compiler hoists every scratch load of the unrolled chunk into
/// registers (190 for a float 4 x 4 tile), and one team of 256 threads fills a multiprocessor's
/// register file. HIP reads the same number as waves per execution unit, which these tiles cannot
/// meet (hipcc refuses the kernel): 1 there, no bound.
template <class ExecSpace, class Shape, class T>
constexpr unsigned gemm_batched_min_teams() {
  if constexpr (!is_cuda<ExecSpace>()) {
    return 1u;
  } else {
    constexpr int words = int(sizeof(T) / 4);
    constexpr int staged = (Shape::BM * Shape::BK + Shape::BK * Shape::BN) / Shape::threads;
    constexpr int registers = 64 + (Shape::RM * Shape::RN + Shape::RM + Shape::RN + staged) * words;
    constexpr int budget = ((registers + 7) / 8) * 8;
    constexpr int teams = 65536 / (Shape::threads * budget);
    // At most 20: more would leave small teams fewer than 48 registers, and they spill.
    return teams < 1 ? 1u : (teams > 20 ? 20u : unsigned(teams));
  }
}

template <class ExecSpace, class Shape, class T, class AX, class BX>
struct GemmBatchedTeamKernel {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  static constexpr int BM = Shape::BM, BN = Shape::BN, BK = Shape::BK;
  static constexpr int TI = Shape::TI, TJ = Shape::TJ, threads = Shape::threads;
  static constexpr int RM = Shape::RM, RN = Shape::RN;
  static constexpr int pitch_a = BM + Shape::template pad<T>, pitch_b = BN + Shape::template pad<T>;
  static constexpr int V = packet_width<T>();

  GemmBatchedOperand<AX> a;  // op(A): m x k per matrix
  GemmBatchedOperand<BX> b;  // op(B): k x n
  GemmBatchedOperand<T> c;   // C: m x n, columns contiguous where any index is
  T alpha, beta;
  int m, n, k;
  int tiles_m, tiles_n;
  int level;

  static std::size_t scratch_bytes() {
    return gemm_scratch_bytes<T>(BK * pitch_a) + gemm_scratch_bytes<T>(BK * pitch_b);
  }

  /// One thread's share of a staged Rows x Cols window of op(X): element e = rank + u * threads
  /// for u < count, numbered along op(X)'s contiguous index. Loaded into registers first, all of
  /// them, then stored: a load cannot move above a store into scratch (generic pointers the
  /// compiler cannot tell apart), so loading and storing element by element keeps one load in
  /// flight per thread and waits a full memory latency for each.
  template <int Rows, int Cols>
  struct Share {
    static constexpr int count = (Rows * Cols + threads - 1) / threads;
    T value[count];

    /// Window coordinates (r, c) of element e, numbered along op(X)'s contiguous index.
    KOKKOS_FORCEINLINE_FUNCTION static void coordinates(int e, bool rows_fast, int& r, int& c) {
      r = rows_fast ? e % Rows : e / Cols;
      c = rows_fast ? e / Rows : e % Cols;
    }

    /// Zeros outside op(X) (x_rows x x_cols).
    template <class X>
    KOKKOS_FORCEINLINE_FUNCTION void fetch(int rank, const GemmBatchedOperand<X>& x,
                                           const std::remove_const_t<X>* matrix, int x_rows,
                                           int x_cols, int row0, int col0) {
      const bool rows_fast = x.rows_contiguous();
      KOKKOSTILE_UNROLL
      for (int u = 0; u < count; ++u) {
        const int e = rank + u * threads;
        int r, cc;
        coordinates(e, rows_fast, r, cc);
        const int gr = row0 + r, gc = col0 + cc;
        value[u] =
            (e < Rows * Cols && gr < x_rows && gc < x_cols) ? T(x.read(matrix, gr, gc)) : T(0);
      }
    }

    /// s[r * pitch + c] when the window's rows are k (op(B)), else s[c * pitch + r] (op(A),
    /// k-major).
    template <bool RowsAreK>
    KOKKOS_FORCEINLINE_FUNCTION void put(int rank, bool rows_fast, T* s, int pitch) const {
      KOKKOSTILE_UNROLL
      for (int u = 0; u < count; ++u) {
        const int e = rank + u * threads;
        int r, cc;
        coordinates(e, rows_fast, r, cc);
        if (e < Rows * Cols) {
          if constexpr (RowsAreK)
            s[r * pitch + cc] = value[u];
          else
            s[cc * pitch + r] = value[u];
        }
      }
    }
  };

  /// x[0 .. Count) from scratch at `run` (16-byte aligned when Count fills whole packets): packets
  /// of 16 bytes where Count allows them, one instruction per packet instead of one per element.
  template <int Count>
  KOKKOS_FORCEINLINE_FUNCTION static void read_run(const T* run, T (&x)[Count]) {
    if constexpr (V > 1 && Count % V == 0) {
      KOKKOSTILE_UNROLL
      for (int w = 0; w < Count / V; ++w) {
        const Packet<T, V> packet = reinterpret_cast<const Packet<T, V>*>(run)[w];
        KOKKOSTILE_UNROLL
        for (int e = 0; e < V; ++e)
          x[w * V + e] = packet.v[e];
      }
    } else {
      KOKKOSTILE_UNROLL
      for (int e = 0; e < Count; ++e)
        x[e] = run[e];
    }
  }

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const int tiles = tiles_m * tiles_n;
    const std::int64_t batch = team.league_rank() / tiles;
    const int tile = team.league_rank() % tiles;
    const int row0 = (tile / tiles_n) * BM, col0 = (tile % tiles_n) * BN;
    T* as = gemm_scratch<T>(team, level, BK * pitch_a);
    T* bs = gemm_scratch<T>(team, level, BK * pitch_b);
    const auto a_matrix = a.matrix(batch);
    const auto b_matrix = b.matrix(batch);
    const int rank = team.team_rank();
    const int ti = rank / TJ, tj = rank % TJ;
    const bool a_rows_fast = a.rows_contiguous(), b_rows_fast = b.rows_contiguous();

    // Chunk q + 1 is fetched into registers before chunk q is multiplied, so that its loads are
    // in flight during the multiply-adds; one scratch buffer, two barriers per chunk.
    Share<BM, BK> a_share;
    Share<BK, BN> b_share;
    a_share.fetch(rank, a, a_matrix, m, k, row0, 0);
    b_share.fetch(rank, b, b_matrix, k, n, 0, col0);
    a_share.template put<false>(rank, a_rows_fast, as, pitch_a);
    b_share.template put<true>(rank, b_rows_fast, bs, pitch_b);
    team.team_barrier();

    GemmRegisterTile<T, Shape::RM, Shape::RN> tile_acc;
    tile_acc.clear();
    for (int k0 = 0; k0 < k; k0 += BK) {
      const bool more = k0 + BK < k;
      if (more) {
        a_share.fetch(rank, a, a_matrix, m, k, row0, k0 + BK);
        b_share.fetch(rank, b, b_matrix, k, n, k0 + BK, col0);
      }
      tile_acc.template accumulate_rows_fixed<BK>(
          [&](int kk, T(&av)[RM]) { read_run<RM>(as + kk * pitch_a + ti * RM, av); },
          [&](int kk, T(&bv)[RN]) { read_run<RN>(bs + kk * pitch_b + tj * RN, bv); });
      if (more) {
        team.team_barrier();  // every thread is done with chunk q
        a_share.template put<false>(rank, a_rows_fast, as, pitch_a);
        b_share.template put<true>(rank, b_rows_fast, bs, pitch_b);
        team.team_barrier();
      }
    }
    T* c_matrix = c.matrix(batch);
    KOKKOSTILE_UNROLL
    for (int p = 0; p < RM; ++p) {
      const int i = row0 + ti * RM + p;
      KOKKOSTILE_UNROLL
      for (int q = 0; q < RN; ++q) {
        const int j = col0 + tj * RN + q;
        if (i < m && j < n)
          gemm_update(c.at(c_matrix, i, j), tile_acc.acc[p][q], alpha, beta);
      }
    }
  }
};

}  // namespace Impl
}  // namespace KokkosTile
