// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Full Edge x Edge tiles moved between global memory and team scratch in V-element packets, the
// fast path of both transposes (Transpose_Team.hpp): out of place one tile per team, in place the
// two tiles a team swaps. A tile is kept in its source's orientation (source slow index, source
// fast index), so the load is conflict-free; the store reads it along the source's slow index when
// the destination's fast index is that one, which the padded pitch makes conflict-free too.
//
// load_part and store_part move one partial tile whose extents are whole packets, for the edges.
//
// Tiles moves several tiles in one staged loop, so that each thread has the loads of all of them in
// flight at once: the in-place transpose ran two tiles one after the other at half a copy's speed.

#include <Kokkos_Core.hpp>

#include "KokkosTile_TeamLoops.hpp"
#include "impl/core/Core_Packet.hpp"
#include "impl/core/Core_Unroll.hpp"

namespace KokkosTile {
namespace Impl {

/// pointers[t] for a run-time t, as selects between compile-time indices. Indexed with t directly,
/// the array (a braced list bound to a reference parameter) stayed in local memory: the in-place
/// transpose's two-tile swap reloaded its four pointers from the stack for every packet. On an
/// H200 (ncu, 8192^2 float) that was 2.0 M local loads and 0.26 M local stores a call, 1.5 M L2
/// read sectors and 4.1 M write sectors (+49%) beyond the tiles' own, and 0.79 of deep_copy.
template <class Pointer, int N>
KOKKOS_FORCEINLINE_FUNCTION Pointer pick(Pointer const (&pointers)[N], int t) {
  Pointer chosen = pointers[0];
  KOKKOSTILE_UNROLL
  for (int i = 1; i < N; ++i) {
    if (t == i)
      chosen = pointers[i];
  }
  return chosen;
}

/// Threads: the team's size, which sets how many loads each thread stages.
template <class T, int Edge, int V, int Tiles, int Threads = 256>
struct FullTilePackets {
  using packet = Packet<T, V>;
  static constexpr int per_row = Edge / V;
  static constexpr int count = Edge * per_row;  // packets in one tile
  static constexpr int unroll = staged_unroll(Tiles * count, Threads);
  static_assert(Edge % V == 0, "a tile line holds whole packets");

  /// Loads tile t from src[t] (lines src_slow apart) into scratch tile[t] (rows `pitch` apart).
  template <class TeamMember>
  static KOKKOS_INLINE_FUNCTION void load(const TeamMember& team, const T* const (&src)[Tiles],
                                          int src_slow, T* const (&tile)[Tiles], int pitch) {
    team_staged_copy<unroll>(
        team, Tiles * count,
        [&](int k) {
          const int t = Tiles == 1 ? 0 : k / count;
          const int p = k - t * count;
          return *reinterpret_cast<const packet*>(pick(src, t) + (p / per_row) * src_slow +
                                                  (p % per_row) * V);
        },
        [&](int k, const packet& value) {
          const int t = Tiles == 1 ? 0 : k / count;
          const int p = k - t * count;
          T* row = pick(tile, t) + (p / per_row) * pitch + (p % per_row) * V;
          for (int e = 0; e < V; ++e)
            row[e] = value.v[e];
        });
  }

  /// A partial tile of `rows` lines of src (along its slow index) by `cols` elements (along its
  /// fast index), each a multiple of V, from src into scratch: the
  /// edge tiles of a grid shifted for alignment (Transpose_Team.hpp), which would otherwise take
  /// the element-wise path.
  template <class TeamMember>
  static KOKKOS_INLINE_FUNCTION void load_part(const TeamMember& team, const T* src, int src_slow,
                                               T* tile, int pitch, int rows, int cols) {
    const int line_packets = cols / V;
    team_staged_copy<unroll>(
        team, rows * line_packets,
        [&](int p) {
          return *reinterpret_cast<const packet*>(src + (p / line_packets) * src_slow +
                                                  (p % line_packets) * V);
        },
        [&](int p, const packet& value) {
          T* row = tile + (p / line_packets) * pitch + (p % line_packets) * V;
          for (int e = 0; e < V; ++e)
            row[e] = value.v[e];
        });
  }

  /// The partial tile of load_part from scratch into dst, as store does for full tiles.
  template <class TeamMember>
  static KOKKOS_INLINE_FUNCTION void store_part(const TeamMember& team, const T* tile, int pitch,
                                                T* dst, int dst_slow, bool memory_transpose,
                                                int rows, int cols) {
    if (memory_transpose) {  // dst's lines are the tile's columns
      const int line_packets = rows / V;
      team_staged_copy<unroll>(
          team, cols * line_packets,
          [&](int p) {
            packet value;
            const T* column = tile + (p % line_packets) * V * pitch + p / line_packets;
            for (int e = 0; e < V; ++e)
              value.v[e] = column[e * pitch];
            return value;
          },
          [&](int p, const packet& value) {
            store_packet(dst + (p / line_packets) * dst_slow + (p % line_packets) * V, value);
          });
    } else {
      const int line_packets = cols / V;
      team_staged_copy<unroll>(
          team, rows * line_packets,
          [&](int p) {
            packet value;
            const T* row = tile + (p / line_packets) * pitch + (p % line_packets) * V;
            for (int e = 0; e < V; ++e)
              value.v[e] = row[e];
            return value;
          },
          [&](int p, const packet& value) {
            store_packet(dst + (p / line_packets) * dst_slow + (p % line_packets) * V, value);
          });
    }
  }

  /// Stores scratch tile[t] into dst[t] (lines dst_slow apart). memory_transpose: dst's fast index
  /// is the source's slow one, so packets gather V entries down a tile column; otherwise they are
  /// V consecutive entries of a tile row.
  template <class TeamMember>
  static KOKKOS_INLINE_FUNCTION void store(const TeamMember& team, const T* const (&tile)[Tiles],
                                           int pitch, T* const (&dst)[Tiles], int dst_slow,
                                           bool memory_transpose) {
    if (memory_transpose) {
      team_staged_copy<unroll>(
          team, Tiles * count,
          [&](int k) {
            const int t = Tiles == 1 ? 0 : k / count;
            const int p = k - t * count;
            packet value;
            const T* column = pick(tile, t) + (p % per_row) * V * pitch + p / per_row;
            for (int e = 0; e < V; ++e)
              value.v[e] = column[e * pitch];
            return value;
          },
          [&](int k, const packet& value) {
            const int t = Tiles == 1 ? 0 : k / count;
            const int p = k - t * count;
            store_packet(pick(dst, t) + (p / per_row) * dst_slow + (p % per_row) * V, value);
          });
    } else {
      team_staged_copy<unroll>(
          team, Tiles * count,
          [&](int k) {
            const int t = Tiles == 1 ? 0 : k / count;
            const int p = k - t * count;
            packet value;
            const T* row = pick(tile, t) + (p / per_row) * pitch + (p % per_row) * V;
            for (int e = 0; e < V; ++e)
              value.v[e] = row[e];
            return value;
          },
          [&](int k, const packet& value) {
            const int t = Tiles == 1 ? 0 : k / count;
            const int p = k - t * count;
            store_packet(pick(dst, t) + (p / per_row) * dst_slow + (p % per_row) * V, value);
          });
    }
  }
};

}  // namespace Impl
}  // namespace KokkosTile
