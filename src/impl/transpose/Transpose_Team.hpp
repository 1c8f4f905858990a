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
// tiles, and diagonal teams transpose their tile; only those teams are launched.

#include <Kokkos_Core.hpp>

#include "KokkosTile_ScratchTile.hpp"
#include "impl/core/Core_Packet.hpp"
#include "impl/transpose/Transpose_FullTile.hpp"
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
/// perf_tests/experiments/transpose_kokkos_vs_raw_kx_output_H200_2026-11-21.txt, commit f9e1986).
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
  int tiles_down;
  // Consecutive teams take tiles down a column of the grid (along a's row index) instead of
  // along a row: chosen on devices when that walks along b's contiguous index
  // (transpose_tiles_down_columns).
  bool tiles_down_columns;
  bool load_lanes_on_rows;
  bool store_lanes_on_rows;
  FastStrides fast;
  // The tile grid starts this many rows and columns before a's origin (less than a tile), so
  // that the lines of full tiles start where the Views' memory is aligned to a whole tile line;
  // the tiles it cuts at the edges take the general path.
  int row_shift = 0;
  int col_shift = 0;

  /// Team `rank`'s tile (row, column) in the grid.
  KOKKOS_INLINE_FUNCTION Kokkos::pair<int, int> tile_of_rank(int rank) const {
    if (tiles_down_columns)
      return {rank % tiles_down, rank / tiles_down};
    return {rank / tiles_across, rank % tiles_across};
  }

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const tile_type tile(team, Level, shape);
    const Kokkos::pair<int, int> t = tile_of_rank(team.league_rank());
    const std::int64_t grid_row = std::int64_t(t.first) * shape.rows;
    const std::int64_t grid_col = std::int64_t(t.second) * shape.cols;
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
      // The edge tiles of a shifted grid: packets whenever their extents are whole packets (tile
      // origins are multiples of V along both Views' fast indices). On the element-wise path
      // below, the two columns of half tiles that a 128-byte View header leaves in a float matrix
      // held the whole transpose back.
      constexpr int V = packet_width<value_type>();
      if constexpr (V > 1) {
        if (fast.packets && rows % V == 0 && cols % V == 0) {
          // The tile in a's orientation: lines along a's slow index (its columns when a is
          // LayoutLeft), each along a's fast index.
          const int lines = load_lanes_on_rows ? cols : rows;
          const int line_length = load_lanes_on_rows ? rows : cols;
          using tiles = FullTilePackets<value_type, FastEdge, V, 1>;
          value_type* const scratch = tile.storage().data();
          tiles::load_part(team, &a(row0, col0), fast.a_slow, scratch, shape.pitch(), lines,
                           line_length);
          team.team_barrier();
          tiles::store_part(team, scratch, shape.pitch(), &b(col0, row0), fast.b_slow,
                            fast.memory_transpose, lines, line_length);
          return;
        }
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
  template <int V>
  KOKKOS_INLINE_FUNCTION void transpose_full_tile_in_packets(const member_type& team,
                                                             value_type* tile,
                                                             const value_type* a_tile,
                                                             value_type* b_tile) const {
    using tiles = FullTilePackets<value_type, FastEdge, V, 1>;
    const int pitch = shape.pitch();
    tiles::load(team, {a_tile}, fast.a_slow, {tile}, pitch);
    team.team_barrier();
    tiles::store(team, {tile}, pitch, {b_tile}, fast.b_slow, fast.memory_transpose);
  }
};

/// The tile of a square in-place transpose that team `rank` swaps with its mirror: the teams
/// enumerate the tiles on and above the diagonal (tile_row <= tile_col), column by column, so no
/// team is launched only to leave (with the whole square launched, half the teams idled).
struct UpperTile {
  int row;
  int col;
};

KOKKOS_INLINE_FUNCTION UpperTile upper_tile_of_rank(int rank) {
  // Column c starts at rank c (c + 1) / 2; the square root may be off by one either way.
  int col = static_cast<int>((Kokkos::sqrt(8.0 * rank + 1.0) - 1.0) / 2.0);
  while (std::int64_t(col) * (col + 1) / 2 > rank)
    --col;
  while (std::int64_t(col + 1) * (col + 2) / 2 <= rank)
    ++col;
  return {static_cast<int>(rank - std::int64_t(col) * (col + 1) / 2), col};
}

/// The order in which the in-place transpose's teams take their tile pairs: `group` x `group`
/// blocks of tiles ("groups") on and above the diagonal, enumerated column by column as
/// upper_tile_of_rank enumerates tiles, and row by row inside each group (group 1: the tiles
/// themselves, column by column); `mirrored` enumerates the mirror image instead (rows of tiles
/// from the bottom, so that consecutive teams walk along rows of the upper triangle).
struct InPlaceTileOrder {
  int group = 1;
  bool mirrored = false;
};

/// Teams the order launches for a grid of `tiles` x `tiles` tiles: a group's slots below the
/// diagonal or past the grid are launched and leave at once (grouped_upper_tile_of_rank).
inline std::int64_t in_place_teams(std::int64_t tiles, const InPlaceTileOrder& order) {
  // A group below 1 means the tiles themselves, as grouped_upper_tile_of_rank reads it.
  const std::int64_t group = order.group > 1 ? order.group : 1;
  const std::int64_t groups = (tiles + group - 1) / group;
  return groups * (groups + 1) / 2 * group * group;
}

/// The tile of team `rank` under `order` in a grid of `tiles` x `tiles` tiles; row -1 for a slot
/// that holds no tile pair.
KOKKOS_INLINE_FUNCTION UpperTile grouped_upper_tile_of_rank(int rank, int tiles,
                                                            const InPlaceTileOrder& order) {
  UpperTile t;
  if (order.group <= 1) {
    t = upper_tile_of_rank(rank);
  } else {
    const int slots = order.group * order.group;
    const UpperTile g = upper_tile_of_rank(rank / slots);
    const int slot = rank % slots;
    t = {g.row * order.group + slot / order.group, g.col * order.group + slot % order.group};
    if (t.row > t.col || t.col >= tiles)
      return {-1, -1};
  }
  if (order.mirrored)
    return {tiles - 1 - t.col, tiles - 1 - t.row};
  return t;
}

/// Square in place: team (I, J), I <= J, swaps tiles (I, J) and (J, I) through two scratch tiles;
/// a diagonal team transposes its one tile. The tile grid may start `shift` rows and columns
/// before a's origin (the same both ways, so that mirrored tiles stay mirrored), so that full
/// tiles read and write lines that start on a whole line of bytes, as in TransposeTiled.
template <class ExecSpace, class AView, int FastEdge, int Level, int Warps = 0>
struct TransposeInPlace {
  using value_type = typename AView::non_const_value_type;
  using tile_type = Tile2D<value_type, ExecSpace>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  static_assert(FastEdge == 0 || (FastEdge & (FastEdge - 1)) == 0, "power-of-two fast edge");
  /// Warps per team on devices (Warps, or by default): a pair of 32 x 32 tiles (8-byte elements) is
  /// moved by 4 warps, so that twice as many teams (and bytes in flight) fit on a multiprocessor as
  /// with 8.
  static constexpr int warps = Warps > 0 ? Warps : (FastEdge == 32 ? 4 : 8);

  AView a;
  TileShape2D shape;  // square: rows == cols
  bool load_lanes_on_rows;
  bool store_lanes_on_rows;
  FastStrides fast;  // b is a: memory_transpose always holds
  int shift = 0;
  int tiles_across = 0;  // tiles along each side of the grid
  InPlaceTileOrder order = {};

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const UpperTile t = grouped_upper_tile_of_rank(team.league_rank(), tiles_across, order);
    if (t.row < 0)
      return;  // the whole team leaves: a group's slot without a tile pair
    const tile_type upper(team, Level, shape);
    const tile_type lower(team, Level, shape);
    const std::int64_t extent = a.extent(0);
    const std::int64_t grid_row = std::int64_t(t.row) * shape.rows;
    const std::int64_t grid_col = std::int64_t(t.col) * shape.cols;
    const std::int64_t row0 = grid_row < shift ? 0 : grid_row - shift;
    const std::int64_t col0 = grid_col < shift ? 0 : grid_col - shift;
    const int rows = clipped_count(extent, row0, int(grid_row + shape.rows - shift - row0));
    const int cols = clipped_count(extent, col0, int(grid_col + shape.cols - shift - col0));
    const bool diagonal = t.row == t.col;
    if constexpr (FastEdge > 0) {
      constexpr int V = packet_width<value_type>();
      if (fast.packets && rows == FastEdge && cols == FastEdge) {
        const int pitch = shape.pitch();
        value_type* const upper_tile = upper.storage().data();
        value_type* const lower_tile = lower.storage().data();
        value_type* const above = &a(row0, col0);
        value_type* const below = &a(col0, row0);
        if (diagonal) {
          using tiles = FullTilePackets<value_type, FastEdge, V, 1, 32 * warps>;
          tiles::load(team, {above}, fast.a_slow, {upper_tile}, pitch);
          team.team_barrier();
          tiles::store(team, {upper_tile}, pitch, {above}, fast.a_slow, true);
        } else {
          using tiles = FullTilePackets<value_type, FastEdge, V, 2, 32 * warps>;
          tiles::load(team, {above, below}, fast.a_slow, {upper_tile, lower_tile}, pitch);
          team.team_barrier();
          tiles::store(team, {upper_tile, lower_tile}, pitch, {below, above}, fast.a_slow, true);
        }
        return;
      }
      // Edge tiles whose extents are whole packets, as in TransposeTiled.
      if (fast.packets && rows % V == 0 && cols % V == 0) {
        using tiles = FullTilePackets<value_type, FastEdge, V, 1, 32 * warps>;
        const int pitch = shape.pitch();
        value_type* const upper_tile = upper.storage().data();
        value_type* const lower_tile = lower.storage().data();
        // Tiles in a's orientation (lines along a's slow index, its columns when LayoutLeft):
        // the upper one has `lines` lines of `line_length`, the lower one the other way round.
        const int lines = load_lanes_on_rows ? cols : rows;
        const int line_length = load_lanes_on_rows ? rows : cols;
        tiles::load_part(team, &a(row0, col0), fast.a_slow, upper_tile, pitch, lines, line_length);
        if (!diagonal)
          tiles::load_part(team, &a(col0, row0), fast.a_slow, lower_tile, pitch, line_length,
                           lines);
        team.team_barrier();
        tiles::store_part(team, upper_tile, pitch, &a(col0, row0), fast.a_slow, true, lines,
                          line_length);
        if (!diagonal)
          tiles::store_part(team, lower_tile, pitch, &a(row0, col0), fast.a_slow, true, line_length,
                            lines);
        return;
      }
    }
    team_for_each_2d(team, rows, cols, load_lanes_on_rows,
                     [&](int i, int j) { upper(i, j) = a(row0 + i, col0 + j); });
    if (!diagonal) {
      team_for_each_2d(team, cols, rows, load_lanes_on_rows,
                       [&](int i, int j) { lower(i, j) = a(col0 + i, row0 + j); });
    }
    team.team_barrier();
    team_for_each_2d(team, rows, cols, store_lanes_on_rows,
                     [&](int i, int j) { a(col0 + j, row0 + i) = upper(i, j); });
    if (!diagonal) {
      team_for_each_2d(team, cols, rows, store_lanes_on_rows,
                       [&](int i, int j) { a(row0 + j, col0 + i) = lower(i, j); });
    }
  }
};

}  // namespace Impl
}  // namespace KokkosTile
