// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The packet kernel of KokkosTile::apply_stencil: its CUDA path for radii 1 and 2 (5-point and
// 9-point stars, 3x3 and 5x5 boxes) when both Views have a unit-stride fast index in the same
// orientation and the input may be read in 16-byte packets. Other backends and other Views take the
// strip or tile kernels (Stencil_Strips.hpp, Stencil_Tile.hpp).
//
// Why: each thread computes two (four for 8-byte 5-point stars, radius 2, and float 5-point stars
// on devices rich in bandwidth) rows of one 16-byte output packet and reads every tap it needs
// straight from global memory: the packets of its column above and below, and R elements on each
// side (star: on the output rows; box: on every row), as the neighbouring packets for R = 2. The
// neighbours' reads are served by L1 and L2, so DRAM sees each input byte about once; no scratch,
// no barrier, and many independent loads in flight per multiprocessor, as in a copy kernel. On an
// H100 this design ran at 1.00-1.02 of cudaMemcpy for the 5-point star and 0.99 for the 9-point
// one, float and double, where the earlier streaming kernel (warp bands rolling down the grid, side
// neighbours through scratch) reached 0.89-0.91 and 0.83-0.84
// (perf_tests/experiments/stencil_packet_micro.cu and its output, retired; commit 8ea96b8).
//
// Blocks are 32 packets by 8 threads; block columns start where the input's lines are aligned to
// 32 packets (Kokkos puts a 128-byte header before each allocation), the first block column
// taking the packets before. Blocks whose taps all lie inside the grid read without the boundary.
// The blocks are KokkosTile's own kernel (launch_cuda_blocks, Core_CudaBlockLaunch.hpp), not a
// TeamPolicy, whose kernel made ptxas spill to local memory at 64 registers.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Stencil2D.hpp"
#include "impl/core/Core_DeviceBandwidth.hpp"
#include "impl/core/Core_Packet.hpp"
#include "impl/core/Core_Unroll.hpp"
#include "impl/stencil/Stencil_Tuning.hpp"

#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// Geometry of the packet decomposition, in (slow, fast) coordinates of the Views.
struct StencilPacketGeometry {
  int slow_extent = 0;
  int fast_extent = 0;  // of the grid; the kernel computes its first `packets` packets
  int in_slow = 0;      // stride of in along its slow index
  int out_slow = 0;     // stride of out along its slow index
  int packets = 0;
  int blocks_across = 0;
  int packet_offset = 0;     // block column c starts at packet c * lanes - packet_offset
  bool out_packets = false;  // outputs may be stored as aligned packets
};

/// Rows, SidePackets, TeamsPerSm, RollingSums: the tuning, the defaults or, on devices rich in
/// bandwidth, the *_rich constants (launch_stencil_packets_for_device picks); the retired
/// exploration program perf_tests/experiments/memory_bound_variants_kx.cpp (commit 6c5ee93)
/// measured the alternatives (side packets or elements made no difference for the 5-point star
/// there).
template <class T, int R, bool Star, int Rows = stencil_rows_per_thread<T, R, Star>,
          bool SidePackets = stencil_side_packets<T, R>,
          unsigned TeamsPerSm = stencil_teams_per_sm<T, R, Star>, bool RollingSums = false>
struct StencilPackets {
  static constexpr int V = packet_width<T>();
  using packet = Packet<T, V>;
  static constexpr int lanes = 32;  // packets across a block (a warp)
  static constexpr int warps = 8;   // rows of threads in a block
  static constexpr int H = Rows;    // output rows per thread (stencil_rows_per_thread)
  static constexpr bool side_packets = SidePackets;
  static_assert(R >= 1 && R <= V, "the side elements lie in the packets beside the output's");
  static constexpr int rows_per_block = warps * H;
  static constexpr int window = H + 2 * R;  // packet rows a thread reads
  static constexpr int taps = (2 * R + 1) * (2 * R + 1);
  // Launch bounds (stencil_teams_per_sm): the 5x5 box keeps its `window` packet rows (8 at four
  // rows a thread) and their side packets in registers.
  static constexpr unsigned teams_per_sm = TeamsPerSm;
  static constexpr bool rolling_sums = RollingSums;  // stencil_rolling_sums_rich

  const T* in;
  T* out;
  T w[taps];  // oriented weights, w[(ds + R) * (2 R + 1) + df + R]
  BoundaryCondition<T> boundary;
  StencilPacketGeometry geo;

  static void set_weights(T (&w)[taps], const Stencil2D<T>& oriented) {
    for (int ds = -R; ds <= R; ++ds)
      for (int df = -R; df <= R; ++df)
        w[(ds + R) * (2 * R + 1) + df + R] = oriented.weight(ds, df);
  }

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

  template <bool Interior>
  KOKKOS_FORCEINLINE_FUNCTION packet load(int slow, int fast) const {
    if (Interior)
      return *reinterpret_cast<const packet*>(in + std::int64_t(slow) * geo.in_slow + fast);
    const int line = boundary_line(slow, geo.slow_extent);
    packet p = *reinterpret_cast<const packet*>(in + std::int64_t(line) * geo.in_slow + fast);
    if (line != slow && boundary.kind == Boundary::constant) {
      for (int e = 0; e < V; ++e)
        p.v[e] = boundary.value;
    }
    return p;
  }

  template <bool Interior>
  KOKKOS_FORCEINLINE_FUNCTION T element(int slow, int fast) const {
    if (Interior)
      return in[std::int64_t(slow) * geo.in_slow + fast];
    const int line = boundary_line(slow, geo.slow_extent);
    const int column = boundary_line(fast, geo.fast_extent);
    if ((line != slow || column != fast) && boundary.kind == Boundary::constant)
      return boundary.value;
    return in[std::int64_t(line) * geo.in_slow + column];
  }

  /// Block `block` of the grid (a block of lanes x warps threads; launch_cuda_blocks).
  KOKKOS_FUNCTION void run(int block) const {
#ifdef __CUDA_ARCH__
    const int block_col = block % geo.blocks_across;
    const int block_row = block / geo.blocks_across;
    const int first_packet = block_col * lanes - geo.packet_offset;
    const int p = first_packet + int(threadIdx.x);
    const int slow0 = block_row * rows_per_block + int(threadIdx.y) * H;
    if (p < 0 || p >= geo.packets || slow0 >= geo.slow_extent)
      return;
    // Every tap of the block inside the grid: no boundary on any read.
    const int block_slow0 = block_row * rows_per_block;
    const bool interior = block_slow0 >= R && block_slow0 + rows_per_block + R <= geo.slow_extent &&
                          first_packet >= 1 && (first_packet + lanes + 1) * V <= geo.fast_extent &&
                          first_packet + lanes <= geo.packets;
    if constexpr (RollingSums) {
      if (interior)
        rolling<true>(slow0, p * V);
      else
        rolling<false>(slow0, p * V);
    } else {
      if (interior)
        compute<true>(slow0, p * V);
      else
        compute<false>(slow0, p * V);
    }
#else
    (void)block;
#endif
  }

  /// H output packets of this thread's column, rows slow0 ... slow0 + H - 1.
  template <bool Interior>
  KOKKOS_FORCEINLINE_FUNCTION void compute(int slow0, int fast) const {
    packet rows_in[window];  // rows slow0 - R ... slow0 + H - 1 + R
    T left[window][R], right[window][R];
    KOKKOSTILE_UNROLL
    for (int k = 0; k < window; ++k) {
      rows_in[k] = load<Interior>(slow0 - R + k, fast);
      // The body of sides(), written out: called here (with left[k] and right[k]), nvcc 13.0
      // compiled three of the window's radius-2 kernels differently (the 5x5 boxes' 1.3 KB
      // larger, the double 9-point star's reordered; the other 71 kernels of Bench_Stencil.cpp
      // byte for byte the same), and those kernels' speed is measured as written.
      if (!Star || (k >= R && k < R + H)) {
        if (Interior && side_packets) {
          const packet l = load<true>(slow0 - R + k, fast - V);
          const packet r = load<true>(slow0 - R + k, fast + V);
          KOKKOSTILE_UNROLL
          for (int d = 0; d < R; ++d) {
            left[k][d] = l.v[V - R + d];
            right[k][d] = r.v[d];
          }
        } else {
          KOKKOSTILE_UNROLL
          for (int d = 0; d < R; ++d) {
            left[k][d] = element<Interior>(slow0 - R + k, fast - R + d);
            right[k][d] = element<Interior>(slow0 - R + k, fast + V + d);
          }
        }
      }
    }
    KOKKOSTILE_UNROLL
    for (int h = 0; h < H; ++h) {
      if (Interior || slow0 + h < geo.slow_extent)
        store(slow0 + h, fast, taps_at(rows_in, left, right, h));
    }
  }

  /// The side elements of packet row `line` for the packet at `fast`.
  template <bool Interior>
  KOKKOS_FORCEINLINE_FUNCTION void sides(int line, int fast, T (&left)[R], T (&right)[R]) const {
    if (Interior && side_packets) {
      const packet l = load<true>(line, fast - V);
      const packet r = load<true>(line, fast + V);
      KOKKOSTILE_UNROLL
      for (int d = 0; d < R; ++d) {
        left[d] = l.v[V - R + d];
        right[d] = r.v[d];
      }
    } else {
      KOKKOSTILE_UNROLL
      for (int d = 0; d < R; ++d) {
        left[d] = element<Interior>(line, fast - R + d);
        right[d] = element<Interior>(line, fast + V + d);
      }
    }
  }

  /// compute with the taps summed input row by input row (stencil_rolling_sums_rich): packet row k
  /// adds its taps to the output rows it is within R of, in the order of the rows.
  template <bool Interior>
  KOKKOS_FORCEINLINE_FUNCTION void rolling(int slow0, int fast) const {
    packet sum[H];
    KOKKOSTILE_UNROLL
    for (int h = 0; h < H; ++h) {
      KOKKOSTILE_UNROLL
      for (int e = 0; e < V; ++e)
        sum[h].v[e] = T(0);
    }
    KOKKOSTILE_UNROLL
    for (int k = 0; k < window; ++k) {
      const int line = slow0 - R + k;
      const packet mid = load<Interior>(line, fast);
      T left[R] = {}, right[R] = {};
      if (!Star || (k >= R && k < R + H))
        sides<Interior>(line, fast, left, right);
      KOKKOSTILE_UNROLL
      for (int h = 0; h < H; ++h) {
        const int ds = k - R - h;  // this row's offset from output row h
        if (ds < -R || ds > R)
          continue;
        KOKKOSTILE_UNROLL
        for (int df = -R; df <= R; ++df) {
          if (Star && ds != 0 && df != 0)
            continue;
          const T weight = w[(ds + R) * (2 * R + 1) + df + R];
          KOKKOSTILE_UNROLL
          for (int e = 0; e < V; ++e) {
            const int x = e + df;
            const T value = x < 0 ? left[x + R] : (x >= V ? right[x - V] : mid.v[x]);
            sum[h].v[e] += weight * value;
          }
        }
      }
    }
    KOKKOSTILE_UNROLL
    for (int h = 0; h < H; ++h) {
      if (Interior || slow0 + h < geo.slow_extent)
        store(slow0 + h, fast, sum[h]);
    }
  }

  /// The sum in the order of the tile kernel: the center first, then the taps row by row.
  KOKKOS_FORCEINLINE_FUNCTION packet taps_at(const packet (&rows_in)[window],
                                             const T (&left)[window][R],
                                             const T (&right)[window][R], int h) const {
    packet sum;
    const packet& mid = rows_in[h + R];
    KOKKOSTILE_UNROLL
    for (int e = 0; e < V; ++e)
      sum.v[e] = w[R * (2 * R + 1) + R] * mid.v[e];
    KOKKOSTILE_UNROLL
    for (int ds = -R; ds <= R; ++ds) {
      const int k = h + R + ds;
      KOKKOSTILE_UNROLL
      for (int df = -R; df <= R; ++df) {
        if ((ds != 0 || df != 0) && (!Star || ds == 0 || df == 0)) {
          const T weight = w[(ds + R) * (2 * R + 1) + df + R];
          KOKKOSTILE_UNROLL
          for (int e = 0; e < V; ++e) {
            const int x = e + df;
            const T value = x < 0 ? left[k][x + R] : (x >= V ? right[k][x - V] : rows_in[k].v[x]);
            sum.v[e] += weight * value;
          }
        }
      }
    }
    return sum;
  }

  KOKKOS_FORCEINLINE_FUNCTION void store(int slow, int fast, const packet& p) const {
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
