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
#include "impl/KokkosTile_Packet.hpp"
#include "impl/KokkosTile_Unroll.hpp"
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

template <class ExecSpace, class BView, class AView, int FastEdge>
struct TransposeTiled {
  using value_type = typename BView::non_const_value_type;
  using tile_type = Tile2D<value_type, ExecSpace>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  static_assert(FastEdge == 0 || (FastEdge & (FastEdge - 1)) == 0, "power-of-two fast edge");

  BView b;
  AView a;
  TileShape2D shape;
  int tiles_across;
  int level;
  bool load_lanes_on_rows;
  bool store_lanes_on_rows;
  FastStrides fast;
  // The tiles cover a's rows [row_origin, row_end) and columns [col_origin, a.extent(1)) (the
  // pipelined kernel, when it runs, has done the whole tiles before).
  std::int64_t row_origin = 0;
  std::int64_t col_origin = 0;
  std::int64_t row_end = 0;

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const tile_type tile(team, level, shape);
    const std::int64_t row0 =
        row_origin + std::int64_t(team.league_rank() / tiles_across) * shape.rows;
    const std::int64_t col0 =
        col_origin + std::int64_t(team.league_rank() % tiles_across) * shape.cols;
    const int rows = clipped_count(row_end, row0, shape.rows);
    const int cols = clipped_count(a.extent(1), col0, shape.cols);
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
            *reinterpret_cast<packet*>(b_tile + (k / per_row) * b_slow + (k % per_row) * V) = p;
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
            *reinterpret_cast<packet*>(b_tile + (k / per_row) * b_slow + (k % per_row) * V) = p;
          });
    }
  }
};

/// The whole 64 x 64 tiles of an out-of-place transpose on a device, with 16-byte packets: a
/// resident league of 256-thread teams, each walking its list of tiles with two scratch tiles.
/// Every thread holds its packets of the next tile in registers while the team writes the current
/// tile out, so global loads are in flight during the stores (one tile per team leaves them idle
/// between its load and store phases). One barrier per tile: a thread writes scratch tile
/// (i + 1) % 2 only after the barrier of tile i, which every reader of its previous contents had
/// passed. Thread k takes packets k, k + 256, ... of a tile, lines of 64 / V packets.
template <class ExecSpace, class BView, class AView>
struct TransposePipelined {
  using value_type = typename BView::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  static constexpr int edge = 64;
  static constexpr int threads = 256;
  static constexpr int V = packet_width<value_type>();
  static constexpr int per_line = edge / V;
  static constexpr int per_thread = edge * per_line / threads;
  using packet = Packet<value_type, V>;
  static_assert(V > 1 && per_thread * threads == edge * per_line, "whole packets per thread");

  BView b;
  AView a;
  FastStrides fast;
  int pitch;  // of a scratch tile: 64, or 65 when padded
  std::int64_t tiles_across;
  std::int64_t tiles;
  int level;

  static std::size_t scratch_bytes(int pitch) {
    return 2 * std::size_t(edge) * pitch * sizeof(value_type) + 16;
  }

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    std::int64_t t = team.league_rank();
    const std::int64_t step = team.league_size();
    if (t >= tiles)
      return;
    const int thread = team.team_rank();
    value_type* const buffers = static_cast<value_type*>(team.team_scratch(level).get_shmem_aligned(
        2 * std::size_t(edge) * pitch * sizeof(value_type), 16));
    packet staged[per_thread];
    load(t, thread, staged);
    for (int i = 0; t < tiles; ++i, t += step) {
      value_type* const tile = buffers + (i & 1) * edge * pitch;
      KOKKOSTILE_UNROLL
      for (int u = 0; u < per_thread; ++u) {
        const int k = thread + u * threads;
        value_type* const row = tile + (k / per_line) * pitch + (k % per_line) * V;
        KOKKOSTILE_UNROLL
        for (int e = 0; e < V; ++e)
          row[e] = staged[u].v[e];
      }
      team.team_barrier();
      if (t + step < tiles)
        load(t + step, thread, staged);
      store(t, thread, tile);
    }
  }

  KOKKOS_INLINE_FUNCTION void load(std::int64_t t, int thread, packet* staged) const {
    const value_type* const a_tile = &a((t / tiles_across) * edge, (t % tiles_across) * edge);
    KOKKOSTILE_UNROLL
    for (int u = 0; u < per_thread; ++u) {
      const int k = thread + u * threads;
      staged[u] = *reinterpret_cast<const packet*>(a_tile + (k / per_line) * fast.a_slow +
                                                   (k % per_line) * V);
    }
  }

  /// Writes the tile in b's lines: down the scratch tile's columns when b's fast index is a's slow
  /// one (the padded pitch keeps that free of bank conflicts), along its rows otherwise.
  KOKKOS_INLINE_FUNCTION void store(std::int64_t t, int thread, const value_type* tile) const {
    value_type* const b_tile = &b((t % tiles_across) * edge, (t / tiles_across) * edge);
    KOKKOSTILE_UNROLL
    for (int u = 0; u < per_thread; ++u) {
      const int k = thread + u * threads;
      const int line = k / per_line, column = (k % per_line) * V;
      packet p;
      if (fast.memory_transpose) {
        KOKKOSTILE_UNROLL
        for (int e = 0; e < V; ++e)
          p.v[e] = tile[(column + e) * pitch + line];
      } else {
        KOKKOSTILE_UNROLL
        for (int e = 0; e < V; ++e)
          p.v[e] = tile[line * pitch + column + e];
      }
      *reinterpret_cast<packet*>(b_tile + line * fast.b_slow + column) = p;
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
