// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Kernels behind KokkosTile::transpose (KokkosTile_Transpose.hpp).
//
// Tiled: each team loads one tile of A with its lanes along A's contiguous index, waits at a team
// barrier, and writes the tile into B with its lanes along B's contiguous index, so both global
// accesses are coalesced and the tile is read in the other direction. A row pad of one element
// (tiled-padded) makes that other-direction read free of shared-memory bank conflicts.
//
// In place (square): team (I, J) with I < J swaps tiles (I, J) and (J, I) through two scratch
// tiles; diagonal teams transpose their tile; teams with I > J have nothing to do.

#include <Kokkos_Core.hpp>

#include "KokkosTile_ScratchTile.hpp"
#include "impl/core/Core_Packet.hpp"
#include "KokkosTile_TeamCopy.hpp"
#include "KokkosTile_TeamLoops.hpp"

#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// One thread per element of B, in B's storage order: coalesced writes, strided reads.
template <class BView, class AView>
struct TransposeNaive {
  BView b;
  AView a;
  std::int64_t fast_extent;  // extent of B's contiguous index
  bool b_left_contiguous;

  KOKKOS_FUNCTION void operator()(std::int64_t k) const {
    const std::int64_t fast = k % fast_extent, slow = k / fast_extent;
    if (b_left_contiguous) {
      b(fast, slow) = a(slow, fast);
    } else {
      b(slow, fast) = a(fast, slow);
    }
  }
};

/// Strides of a rank-2 View seen from its contiguous ("fast") index, for the fast tile path.
struct FastStrides {
  bool usable = false;            // both fast strides are 1 and tile offsets fit in 32 bits
  int a_slow = 0;                 // a's stride along its slow index
  int b_slow = 0;                 // b's stride along its slow index
  bool memory_transpose = false;  // b's fast index is a's slow one (a true transpose in memory)
  bool packets = false;  // global accesses may use 16-byte packets (aligned, slow strides fit)
};

/// Level: the scratch level, compiled in (with_scratch_level), so that with level 0 on CUDA the
/// compiler knows the tile is in shared memory and uses shared-memory instructions (with a
/// run-time level it emits generic ones, and the transpose ran at 0.874 of cudaMemcpy instead of
/// 0.921 on an H200;
/// perf_tests/experiments/transpose_kokkos_vs_raw_kx_output_H200_2026-11-21.txt).
template <class ExecSpace, class BView, class AView, int FastEdge, int Level>
struct TransposeTiled {
  using value_type = typename BView::non_const_value_type;
  using tile_type = Tile2D<value_type, ExecSpace>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  static_assert(FastEdge == 0 || (FastEdge & (FastEdge - 1)) == 0, "power-of-two fast edge");

  BView b;
  AView a;
  TileShape2D shape;
  int tiles_across;
  bool load_lanes_on_rows;
  bool store_lanes_on_rows;
  FastStrides fast;
  // The tile grid starts this many rows and columns before a's origin (less than a tile), so
  // that the lines of full tiles start where the Views' memory is aligned to a whole tile line;
  // the tiles it cuts at the edges take the general path.
  int row_shift = 0;
  int col_shift = 0;

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const tile_type tile(team, Level, shape);
    const std::int64_t grid_row = std::int64_t(team.league_rank() / tiles_across) * shape.rows;
    const std::int64_t grid_col = std::int64_t(team.league_rank() % tiles_across) * shape.cols;
    const std::int64_t row0 = grid_row < row_shift ? 0 : grid_row - row_shift;
    const std::int64_t col0 = grid_col < col_shift ? 0 : grid_col - col_shift;
    const int rows =
        clipped_count(a.extent(0), row0, int(grid_row + shape.rows - row_shift - row0));
    const int cols =
        clipped_count(a.extent(1), col0, int(grid_col + shape.cols - col_shift - col0));
    if constexpr (FastEdge > 0) {
      if (fast.usable && rows == FastEdge && cols == FastEdge) {
        transpose_full_tile(team, tile.storage().data(), &a(row0, col0), &b(col0, row0));
        return;
      }
    }
    team_for_each_2d(team, rows, cols, load_lanes_on_rows,
                     [&](int i, int j) { tile(i, j) = a(row0 + i, col0 + j); });
    team.team_barrier();
    team_for_each_2d(team, rows, cols, store_lanes_on_rows,
                     [&](int i, int j) { b(col0 + j, row0 + i) = tile(i, j); });
  }

  /// A full FastEdge x FastEdge tile with unit-stride fast indices: one flat team loop per phase,
  /// shifts and masks instead of nested ranges, 32-bit offsets from per-tile base pointers. The
  /// tile is kept in a's orientation, (a slow, a fast), so the load is conflict-free; the store
  /// reads it along a's slow index when b's fast index is a's slow one, which the padded pitch
  /// makes conflict-free too.
  KOKKOS_INLINE_FUNCTION void transpose_full_tile(const member_type& team, value_type* tile,
                                                  const value_type* a_tile,
                                                  value_type* b_tile) const {
    constexpr int V = packet_width<value_type>();
    if constexpr (V > 1) {
      if (fast.packets) {
        transpose_full_tile_in_packets<V>(team, tile, a_tile, b_tile);
        return;
      }
    }
    transpose_full_tile_in_packets<1>(team, tile, a_tile, b_tile);
  }

  /// The full-tile transpose moving V consecutive elements of the fast index per global access.
  /// Lane k of a phase takes packet k % per_row of slow line k / per_row.
  template <int V>
  KOKKOS_INLINE_FUNCTION void transpose_full_tile_in_packets(const member_type& team,
                                                             value_type* tile,
                                                             const value_type* a_tile,
                                                             value_type* b_tile) const {
    using packet = Packet<value_type, V>;
    constexpr int per_row = FastEdge / V;
    constexpr int count = FastEdge * per_row;
    constexpr int unroll = staged_unroll(count);
    const int pitch = shape.pitch();
    const int a_slow = fast.a_slow, b_slow = fast.b_slow;
    team_load_packet_lines<V, per_row, unroll>(team, FastEdge, a_tile, a_slow, tile, pitch);
    team.team_barrier();
    if (fast.memory_transpose) {
      // b's fast index (the packet's) is a's slow index: gather V entries down a tile column.
      team_staged_copy<unroll>(
          team, count,
          [&](int k) {
            packet p;
            const value_type* column = tile + (k % per_row) * V * pitch + k / per_row;
            for (int e = 0; e < V; ++e)
              p.v[e] = column[e * pitch];
            return p;
          },
          [&](int k, const packet& p) {
            store_packet(b_tile + (k / per_row) * b_slow + (k % per_row) * V, p);
          });
    } else {
      team_staged_copy<unroll>(
          team, count,
          [&](int k) {
            packet p;
            const value_type* row = tile + (k / per_row) * pitch + (k % per_row) * V;
            for (int e = 0; e < V; ++e)
              p.v[e] = row[e];
            return p;
          },
          [&](int k, const packet& p) {
            store_packet(b_tile + (k / per_row) * b_slow + (k % per_row) * V, p);
          });
    }
  }
};

template <class ExecSpace, class AView>
struct TransposeInPlace {
  using value_type = typename AView::non_const_value_type;
  using tile_type = Tile2D<value_type, ExecSpace>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;

  AView a;
  TileShape2D shape;  // square: rows == cols
  int tiles_across;
  int level;
  bool load_lanes_on_rows;
  bool store_lanes_on_rows;

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const int tile_i = team.league_rank() / tiles_across;
    const int tile_j = team.league_rank() % tiles_across;
    if (tile_i > tile_j)
      return;  // the whole team leaves: (J, I) is handled by team (I, J)
    const tile_type upper(team, level, shape);
    const tile_type lower(team, level, shape);
    const std::int64_t extent = a.extent(0);
    const std::int64_t row0 = std::int64_t(tile_i) * shape.rows;
    const std::int64_t col0 = std::int64_t(tile_j) * shape.cols;
    const int rows = clipped_count(extent, row0, shape.rows);
    const int cols = clipped_count(extent, col0, shape.cols);
    team_for_each_2d(team, rows, cols, load_lanes_on_rows,
                     [&](int i, int j) { upper(i, j) = a(row0 + i, col0 + j); });
    if (tile_i != tile_j) {
      team_for_each_2d(team, cols, rows, load_lanes_on_rows,
                       [&](int i, int j) { lower(i, j) = a(col0 + i, row0 + j); });
    }
    team.team_barrier();
    team_for_each_2d(team, rows, cols, store_lanes_on_rows,
                     [&](int i, int j) { a(col0 + j, row0 + i) = upper(i, j); });
    if (tile_i != tile_j) {
      team_for_each_2d(team, cols, rows, store_lanes_on_rows,
                       [&](int i, int j) { a(row0 + j, col0 + i) = lower(i, j); });
    }
  }
};

}  // namespace Impl
}  // namespace KokkosTile
