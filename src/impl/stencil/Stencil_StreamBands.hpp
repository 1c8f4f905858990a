// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The streaming kernel of KokkosTile::stencil: its CUDA path for stars of radius 1 and 2 (the
// 5-point and 9-point stencils) when both Views have a unit-stride fast index in the same
// orientation and the input may be read in 16-byte packets. Other backends, boxes and other Views
// take the strip or tile kernels (Stencil_Strips.hpp, _Stencil_Impl.hpp).
//
// Why: a star needs, for each output packet, the packet itself, R packets above and below it
// and R elements left and right of it. Each warp owns a band of 32 packets of the fast index (128
// floats, 64 doubles) and rolls down `chunk_rows` rows of it: the 2 R + 1 rows around the current
// one stay in registers, so every input packet is loaded from global memory once per chunk, and the
// side neighbours go through a one-row halo tile in scratch (the band's packets and the halo
// elements on each side, double buffered) that only the warp reads, so the only synchronisation is
// a warp's. Loads run `lookahead` rows ahead of the row being computed. There is no team barrier
// and no waiting on a whole chunk, which capped the strip kernel at 0.68 of deep_copy on an H200.
//
// What it took to reach copy bandwidth there (perf_tests/results/2026-11-21_H200_stencil_stream/):
// bands that start where the input's lines are aligned to 512 bytes (Kokkos Views start 128
// bytes past such a boundary), short chunks (8 R rows: more warps in flight beat fewer halo
// re-reads), a short look-ahead and launch bounds that together keep 10 teams per multiprocessor
// without spilling, and chunks away from the grid's top and bottom loading without the boundary.
// The scratch row is always level 0 (a few hundred bytes), so the compiler uses shared-memory
// instructions for it.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Stencil2D.hpp"
#include "impl/core/Core_Packet.hpp"
#include "impl/core/Core_Unroll.hpp"

#include <cstddef>
#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// The taps of a star of radius R, without the rest of the (2 R + 1)^2 box: the kernel's
/// parameters stay small enough for Kokkos to pass them as kernel arguments.
template <class T, int R>
struct StarWeights {
  T slow[2 * R + 1];  // w(d, 0): along the slow index (center included)
  T fast[2 * R + 1];  // w(0, d): along the fast index (center repeated)

  static StarWeights from(const Stencil2D<T>& oriented) {
    StarWeights w;
    for (int d = -R; d <= R; ++d) {
      w.slow[d + R] = oriented.weight(d, 0);
      w.fast[d + R] = oriented.weight(0, d);
    }
    return w;
  }
};

/// Geometry of the streaming decomposition, in (slow, fast) coordinates of the Views.
struct StencilStreamGeometry {
  int slow_extent = 0;
  int fast_extent = 0;  // of the grid; the kernel computes its first `packets` packets
  int in_slow = 0;      // stride of in along its slow index
  int out_slow = 0;     // stride of out along its slow index
  int packets = 0;
  int team_bands = 0;        // teams across the fast index (each `warps` bands wide)
  int band_offset = 0;       // band b starts at packet b * 32 - band_offset (band 0 at packet 0)
  bool out_packets = false;  // outputs may be stored as aligned packets
};

template <class T, int R>
struct StencilStream {
  using packet = Packet<T, packet_width<T>()>;
  static constexpr int V = packet_width<T>();
  static constexpr int lanes = 32;  // packets per band: one per lane of a CUDA warp
  static constexpr int warps = 4;   // bands per team
  static constexpr int chunk_rows = 8 * R;
  static constexpr int lookahead = 2;
  /// Teams per multiprocessor the launch bounds budget registers for: 10 (48 registers) for
  /// radius 1, 8 (64) for radius 2, the most that compile without spills.
  static constexpr unsigned teams_per_sm = R == 1 ? 10 : 8;
  static constexpr int window = 2 * R + 1;
  static_assert(R >= 1 && R <= V, "a packet's side neighbours lie in the packets beside it");
  static_assert(chunk_rows % lookahead == 0, "whole rounds of loads per chunk");

  /// Scratch: per warp, two halo rows of lanes + 2 packets.
  KOKKOS_INLINE_FUNCTION static constexpr std::size_t halo_bytes() {
    return std::size_t(warps) * 2 * (lanes + 2) * sizeof(packet);
  }
  static constexpr std::size_t scratch_bytes() { return halo_bytes() + 16; }

  const T* in;
  T* out;
  StarWeights<T, R> w;
  BoundaryCondition<T> boundary;
  StencilStreamGeometry geo;

  /// A line index up to one extent outside [0, extent) mapped into it by a clamp or periodic
  /// boundary (the launcher only takes grids for which one wrap suffices).
  KOKKOS_FORCEINLINE_FUNCTION int boundary_line(int index, int extent) const {
    const bool periodic = boundary.kind == Boundary::periodic;
    if (index < 0)
      return periodic ? index + extent : 0;
    if (index >= extent)
      return periodic ? index - extent : extent - 1;
    return index;
  }

  /// Packet of `in` at (slow, fast), fast a multiple of V and the packet inside the fast extent;
  /// a row outside the grid comes through the boundary condition, unless Interior says there is
  /// none.
  template <bool Interior>
  KOKKOS_FORCEINLINE_FUNCTION packet load(int slow, int fast) const {
    if (Interior)  // the row is inside the grid
      return *reinterpret_cast<const packet*>(in + std::int64_t(slow) * geo.in_slow + fast);
    const int line = boundary_line(slow, geo.slow_extent);
    packet p = *reinterpret_cast<const packet*>(in + std::int64_t(line) * geo.in_slow + fast);
    if (line != slow && boundary.kind == Boundary::constant) {
      for (int e = 0; e < V; ++e)
        p.v[e] = boundary.value;
    }
    return p;
  }

  /// One element of `in`, either index possibly outside the grid.
  KOKKOS_FORCEINLINE_FUNCTION T element(int slow, int fast) const {
    const int line = boundary_line(slow, geo.slow_extent);
    const int column = boundary_line(fast, geo.fast_extent);
    if ((line != slow || column != fast) && boundary.kind == Boundary::constant)
      return boundary.value;
    return in[std::int64_t(line) * geo.in_slow + column];
  }

  template <class Member>
  KOKKOS_FUNCTION void operator()(const Member& team) const {
#ifdef __CUDA_ARCH__
    const int lane = threadIdx.x, warp = threadIdx.y;
    const int band = (team.league_rank() % geo.team_bands) * warps + warp;
    const int slow0 = (team.league_rank() / geo.team_bands) * chunk_rows;
    const int start = band * lanes - geo.band_offset;  // negative for a shifted band 0
    const int end = start + lanes < geo.packets ? start + lanes : geo.packets;
    if (end <= 0 || start >= geo.packets)
      return;  // the whole warp: its band lies past the kernel's packets
    packet* const halo =
        static_cast<packet*>(team.team_scratch(0).get_shmem_aligned(halo_bytes(), 16)) +
        warp * 2 * (lanes + 2);
    const int left = geo.slow_extent - slow0;
    const int rows = left < chunk_rows ? left : chunk_rows;
    const int p = start + lane;
    const bool active = p >= 0 && p < end;
    // Side halos the lane fetches itself, R elements each: the band's first active lane those on
    // its left, its last active lane those on its right. The launcher keeps at least two packets
    // in every band, so no lane does both.
    const bool fetch_left = active && (lane == 0 || p == 0);
    const bool fetch_right = active && (lane == lanes - 1 || p == end - 1);
    const int fast = active ? p * V : 0;
    const int side_fast = fetch_left ? fast - R : fast + V;

    // Chunks whose rows, look-ahead included, all lie inside the grid load without the boundary.
    const int read_rows = (rows + lookahead - 1) / lookahead * lookahead;
    if (slow0 >= R && slow0 + read_rows + R <= geo.slow_extent)
      stream<true>(halo, slow0, rows, fast, side_fast, active, fetch_left, fetch_right);
    else
      stream<false>(halo, slow0, rows, fast, side_fast, active, fetch_left, fetch_right);
#else
    (void)team;
#endif
  }

#ifdef __CUDA_ARCH__
  /// Rolls this lane's packet column down `rows` rows from slow0 (see operator()).
  template <bool Interior>
  KOKKOS_FORCEINLINE_FUNCTION void stream(packet* halo, int slow0, int rows, int fast,
                                          int side_fast, bool active, bool fetch_left,
                                          bool fetch_right) const {
    const int lane = threadIdx.x;
    packet rows_in[window];  // rows slow0 + i - R ... slow0 + i + R around the current row i
    KOKKOSTILE_UNROLL
    for (int k = 0; k < window - 1; ++k)
      rows_in[k + 1] = load<Interior>(slow0 - R + k, fast);
    int step = 0;
    for (int i = 0; i < rows; i += lookahead) {
      packet ahead[lookahead];
      T side[lookahead][R];
      KOKKOSTILE_UNROLL
      for (int u = 0; u < lookahead; ++u) {
        ahead[u] = load<Interior>(slow0 + i + u + R, fast);
        if (fetch_left || fetch_right) {
          KOKKOSTILE_UNROLL
          for (int r = 0; r < R; ++r)
            side[u][r] = element(slow0 + i + u, side_fast + r);
        }
      }
      KOKKOSTILE_UNROLL
      for (int u = 0; u < lookahead; ++u, ++step) {
        if (i + u >= rows)
          break;  // the whole warp: rows is the same for all its lanes
        KOKKOSTILE_UNROLL
        for (int k = 0; k < window - 1; ++k)
          rows_in[k] = rows_in[k + 1];
        rows_in[window - 1] = ahead[u];
        packet* const row = halo + (step & 1) * (lanes + 2);
        if (active)
          row[lane + 1] = rows_in[R];
        if (fetch_left) {
          KOKKOSTILE_UNROLL
          for (int r = 0; r < R; ++r)
            row[lane].v[V - R + r] = side[u][r];
        }
        __syncwarp();
        const packet lo = row[lane];
        packet hi = row[lane + 2];
        if (fetch_right) {
          KOKKOSTILE_UNROLL
          for (int r = 0; r < R; ++r)
            hi.v[r] = side[u][r];
        }
        if (active)
          store(slow0 + i + u, fast, taps(rows_in, lo, hi));
      }
    }
  }
#endif

  /// The sum in the order of the other paths: the center first, then the taps row by row.
  KOKKOS_INLINE_FUNCTION packet taps(const packet (&rows_in)[window], const packet& lo,
                                     const packet& hi) const {
    packet sum;
    const packet& mid = rows_in[R];
    KOKKOSTILE_UNROLL
    for (int e = 0; e < V; ++e)
      sum.v[e] = w.slow[R] * mid.v[e];
    KOKKOSTILE_UNROLL
    for (int ds = -R; ds <= R; ++ds) {
      if (ds != 0) {
        KOKKOSTILE_UNROLL
        for (int e = 0; e < V; ++e)
          sum.v[e] += w.slow[ds + R] * rows_in[ds + R].v[e];
      } else {
        KOKKOSTILE_UNROLL
        for (int df = -R; df <= R; ++df) {
          if (df != 0) {
            KOKKOSTILE_UNROLL
            for (int e = 0; e < V; ++e) {
              const int x = e + df;
              const T value = x < 0 ? lo.v[x + V] : (x >= V ? hi.v[x - V] : mid.v[x]);
              sum.v[e] += w.fast[df + R] * value;
            }
          }
        }
      }
    }
    return sum;
  }

  KOKKOS_INLINE_FUNCTION void store(int slow, int fast, const packet& p) const {
    T* const dst = out + std::int64_t(slow) * geo.out_slow + fast;
    if (geo.out_packets) {
      store_packet(dst, p);
    } else {
      KOKKOSTILE_UNROLL
      for (int e = 0; e < V; ++e)
        dst[e] = p.v[e];
    }
  }
};

}  // namespace Impl
}  // namespace KokkosTile
