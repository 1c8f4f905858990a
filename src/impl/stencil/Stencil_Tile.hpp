// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Kernels behind KokkosTile::apply_stencil (KokkosTile_Stencil.hpp).
//
// Tiled: each team loads its output tile plus a halo of `radius` elements on every side into
// scratch, resolving the boundary condition as it loads, waits at a team barrier, and computes the
// tile from scratch: each grid element is read from global memory about once (the halos are the
// only re-reads, mostly from cache) and written once.

#include <Kokkos_Core.hpp>

#include "KokkosTile_ScratchTile.hpp"
#include "impl/core/Core_Boundary.hpp"
#include "impl/core/Core_Packet.hpp"
#include "impl/core/Core_Unroll.hpp"
#include "KokkosTile_Stencil2D.hpp"
#include "KokkosTile_TeamCopy.hpp"
#include "KokkosTile_TeamLoops.hpp"
#include "impl/stencil/Stencil_Tuning.hpp"

#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// sum of w(di, dj) * at(di, dj) over the stencil's taps (only the arms for a star).
template <class T, class At>
KOKKOS_INLINE_FUNCTION T apply_taps(const Stencil2D<T>& stencil, bool star, const At& at) {
  const int r = stencil.radius();
  T sum = stencil.weight(0, 0) * at(0, 0);
  if (star) {
    for (int d = 1; d <= r; ++d) {
      sum += stencil.weight(-d, 0) * at(-d, 0) + stencil.weight(d, 0) * at(d, 0) +
             stencil.weight(0, -d) * at(0, -d) + stencil.weight(0, d) * at(0, d);
    }
  } else {
    for (int di = -r; di <= r; ++di)
      for (int dj = -r; dj <= r; ++dj)
        if (di != 0 || dj != 0)
          sum += stencil.weight(di, dj) * at(di, dj);
  }
  return sum;
}

/// One thread per output element, reading its taps straight from global memory (caches only).
template <class OutView, class InView, class T>
struct StencilNaive {
  OutView out;
  InView in;
  Stencil2D<T> stencil;
  BoundaryCondition<T> boundary;
  bool star;
  std::int64_t fast_extent;  // extent of out's contiguous index
  bool out_left_contiguous;

  KOKKOS_FUNCTION void operator()(std::int64_t k) const {
    const std::int64_t fast = k % fast_extent, slow = k / fast_extent;
    const std::int64_t i = out_left_contiguous ? fast : slow;
    const std::int64_t j = out_left_contiguous ? slow : fast;
    out(i, j) = apply_taps(stencil, star, [&](int di, int dj) {
      return read_with_boundary(in, i + di, j + dj, boundary);
    });
  }
};

/// What the fast path of StencilTiled needs to know about the Views.
struct StencilFastPath {
  bool usable = false;       // both fast strides are 1 and offsets fit in 32 bits
  bool fast_is_cols = true;  // the contiguous index of in and out is the column index
  int in_slow = 0;           // stride of in along its slow index
  int out_slow = 0;          // stride of out along its slow index
  bool packets = false;      // halo rows may be loaded in aligned 16-byte packets
};

/// Halo columns on each side of the fast index: the radius, rounded up to whole packets.
template <class T>
KOKKOS_INLINE_FUNCTION constexpr int stencil_fast_margin(int radius) {
  constexpr int V = packet_width<T>();
  return (radius + V - 1) / V * V;
}

/// Level: the scratch level, compiled in, so that level 0 on CUDA gets shared-memory instructions
/// (with a run-time level nvcc emits generic ones; see with_scratch_level).
template <class ExecSpace, class OutView, class InView, class T, int FastRadius, int Level>
struct StencilTiled {
  using tile_type = Tile2D<T, ExecSpace>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;

  OutView out;
  InView in;
  Stencil2D<T> stencil;
  Stencil2D<T> oriented;  // stencil with di along the slow index, dj along the fast one
  BoundaryCondition<T> boundary;
  bool star;
  TileShape2D halo_shape;  // scratch for the output tile plus its halo (at least `radius` wide)
  int tile_rows;
  int tile_cols;
  int tiles_across;
  bool load_lanes_on_rows;
  bool store_lanes_on_rows;
  StencilFastPath fast;
  // The tiles cover the grid from (row_origin, col_origin) to its end (the strip kernel, when it
  // runs, has done the columns or rows before).
  std::int64_t row_origin = 0;
  std::int64_t col_origin = 0;

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const int r = stencil.radius();
    const tile_type halo(team, Level, halo_shape);
    const std::int64_t row0 =
        row_origin + std::int64_t(team.league_rank() / tiles_across) * tile_rows;
    const std::int64_t col0 =
        col_origin + std::int64_t(team.league_rank() % tiles_across) * tile_cols;
    const int rows = clipped_count(out.extent(0), row0, tile_rows);
    const int cols = clipped_count(out.extent(1), col0, tile_cols);

    if constexpr (FastRadius > 0) {
      if (fast.usable && rows == stencil_fast_edge && cols == stencil_fast_edge) {
        // (slow, fast) coordinates of the tile; the halo is `margin` wide along the fast index.
        constexpr int V = packet_width<T>();
        const int margin = fast.packets ? stencil_fast_margin<T>(FastRadius) : FastRadius;
        const std::int64_t slow0 = fast.fast_is_cols ? row0 : col0;
        const std::int64_t fast0 = fast.fast_is_cols ? col0 : row0;
        const std::int64_t slow_extent = fast.fast_is_cols ? in.extent(0) : in.extent(1);
        const std::int64_t fast_extent = fast.fast_is_cols ? in.extent(1) : in.extent(0);
        if (slow0 >= r && slow0 + stencil_fast_edge + r <= slow_extent && fast0 >= margin &&
            fast0 + stencil_fast_edge + margin <= fast_extent) {
          const T* in_tile =
              fast.fast_is_cols ? &in(row0 - r, col0 - margin) : &in(row0 - margin, col0 - r);
          if (fast.packets) {
            interior_tile<V>(team, halo.storage().data(), in_tile, &out(row0, col0));
          } else {
            interior_tile<1>(team, halo.storage().data(), in_tile, &out(row0, col0));
          }
          return;
        }
      }
    }
    team_for_each_2d(team, rows + 2 * r, cols + 2 * r, load_lanes_on_rows, [&](int a, int b) {
      halo(a, b) = read_with_boundary(in, row0 - r + a, col0 - r + b, boundary);
    });
    team.team_barrier();
    team_for_each_2d(team, rows, cols, store_lanes_on_rows, [&](int i, int j) {
      out(row0 + i, col0 + j) =
          apply_taps(stencil, star, [&](int di, int dj) { return halo(i + r + di, j + r + dj); });
    });
  }

  /// A tile whose halo lies inside the grid, unit-stride fast indices: flat team loops with
  /// compile-time extents (no boundary tests, no nested ranges), 32-bit offsets from per-tile base
  /// pointers, the halo kept in (slow, fast) orientation and the taps unrolled. With V > 1 the
  /// halo rows are read in aligned V-element packets, their margin rounded up to whole packets.
  template <int V>
  KOKKOS_INLINE_FUNCTION void interior_tile(const member_type& team, T* halo, const T* in_tile,
                                            T* out_tile) const {
    constexpr int R = FastRadius, E = stencil_fast_edge;
    constexpr int margin = V > 1 ? stencil_fast_margin<T>(R) : R;
    constexpr int row_packets = (E + 2 * margin) / V, rows = E + 2 * R;
    const int pitch = halo_shape.pitch();
    const int in_slow = fast.in_slow, out_slow = fast.out_slow;
    // Eight packets in flight per thread: enough to cover latency at the occupancy that the
    // registers allow (more raise register use and lower occupancy by as much).
    team_load_packet_lines<V, row_packets, 8>(team, rows, in_tile, in_slow, halo, pitch);
    team.team_barrier();
    if (star) {
      interior_outputs<true, margin>(team, halo, out_tile, pitch, out_slow);
    } else {
      interior_outputs<false, margin>(team, halo, out_tile, pitch, out_slow);
    }
  }

  /// out = taps over the staged halo; Star skips the off-axis taps at compile time. Taps are
  /// constant offsets from the output's center pointer.
  template <bool Star, int Margin>
  KOKKOS_INLINE_FUNCTION void interior_outputs(const member_type& team, const T* halo, T* out_tile,
                                               int pitch, int out_slow) const {
    constexpr int R = FastRadius, E = stencil_fast_edge;
    Kokkos::parallel_for(Kokkos::TeamVectorRange(team, E * E), [&](int k) {
      const int s = k / E, f = k % E;
      const T* center = halo + (s + R) * pitch + (f + Margin);
      T sum = oriented.weight(0, 0) * center[0];
      KOKKOSTILE_UNROLL
      for (int ds = -R; ds <= R; ++ds) {
        KOKKOSTILE_UNROLL
        for (int df = -R; df <= R; ++df) {
          if ((ds != 0 || df != 0) && (!Star || ds == 0 || df == 0)) {
            sum += oriented.weight(ds, df) * center[ds * pitch + df];
          }
        }
      }
      out_tile[s * out_slow + f] = sum;
    });
  }
};

}  // namespace Impl
}  // namespace KokkosTile
