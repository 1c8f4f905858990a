// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The launches of KokkosTile::apply_stencil's `tiled` variant on its kernel Views
// (Stencil_Dispatch.hpp chooses): the CUDA packet kernel (Stencil_Packets.hpp) and the strip kernel
// (Stencil_Strips.hpp) over the whole packets or strips of the fast index, and one halo tile per
// team (Stencil_Tile.hpp) for the rest.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_ScratchBudget.hpp"
#include "KokkosTile_Stencil2D.hpp"
#include "impl/core/Core_CudaBlockLaunch.hpp"
#include "impl/core/Core_CudaDevice.hpp"
#include "impl/core/Core_LaunchDefaults.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/stencil/Stencil_Packets.hpp"
#include "impl/stencil/Stencil_Strips.hpp"
#include "impl/stencil/Stencil_Tile.hpp"
#include "impl/stencil/Stencil_Tuning.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// The stencil with its first offset along the Views' slow index (transposed for LayoutLeft).
template <class T>
Stencil2D<T> oriented_for(const Stencil2D<T>& weights, bool fast_is_cols) {
  if (fast_is_cols)
    return weights;
  Stencil2D<T> transposed(weights.radius());
  for (int di = -weights.radius(); di <= weights.radius(); ++di)
    for (int dj = -weights.radius(); dj <= weights.radius(); ++dj)
      transposed.set(dj, di, weights.weight(di, dj));
  return transposed;
}

/// Runs the strip kernel over the whole strips of the fast index; returns how many fast-index
/// lines they cover (the caller tiles the rest).
template <int R, class ExecSpace, class OutView, class InView, class T>
std::int64_t launch_stencil_strips(const std::string& call, const ExecSpace& space,
                                   const OutView& out, const InView& in,
                                   const Stencil2D<T>& weights,
                                   const BoundaryCondition<T>& boundary,
                                   const StencilFastPath& fast) {
  using functor_type = StencilStrip<ExecSpace, OutView, InView, T, R, 0>;  // sizes only
  StencilStripGeometry geo;
  geo.fast_is_cols = fast.fast_is_cols;
  geo.slow_extent = fast.fast_is_cols ? in.extent(0) : in.extent(1);
  geo.fast_extent = fast.fast_is_cols ? in.extent(1) : in.extent(0);
  geo.strips = geo.fast_extent / functor_type::edge;
  geo.chunks = geo.strips * ceil_div(geo.slow_extent, functor_type::chunk_rows);
  geo.in_slow = fast.in_slow;
  geo.out_slow = fast.out_slow;
  geo.out_packets = fast.out_slow % functor_type::V == 0 && packet_aligned(out.data());
  const ScratchPlacement placement = place_team_scratch(call, space, functor_type::scratch_bytes());
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  if constexpr (Impl::is_cuda<ExecSpace>()) {
    geo.async = placement.level == 0;
    geo.bulk = geo.async && cuda_device_limits(call, space.cuda_device()).major >= 9;
  }
#endif
  const int league = checked_league_size(
      call, resident_team_league(call, space, stencil_strip_teams_per_sm, geo.chunks));
  const auto policy =
      with_scratch(tile_policy<stencil_strip_teams_per_sm>(space, league), placement);
  const Stencil2D<T> oriented = oriented_for(weights, fast.fast_is_cols);
  with_scratch_level(placement, [&](auto level) {
    Kokkos::parallel_for(call, policy,
                         StencilStrip<ExecSpace, OutView, InView, T, R, decltype(level)::value>{
                             out, in, oriented, boundary, weights.is_star(), geo});
  });
  return geo.strips * functor_type::edge;
}

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
/// Runs the packet kernel (CUDA, radius R) over the whole packets of the fast index; returns how
/// many fast-index lines they cover (the caller tiles the rest).
template <int R, bool Star, class OutView, class InView, class T,
          int Rows = stencil_rows_per_thread<T, R, Star>,
          bool SidePackets = stencil_side_packets<T, R>,
          unsigned TeamsPerSm = stencil_teams_per_sm<T, R, Star>, bool RollingSums = false>
std::int64_t launch_stencil_packets(const std::string& call, const Kokkos::Cuda& space,
                                    const OutView& out, const InView& in,
                                    const Stencil2D<T>& weights,
                                    const BoundaryCondition<T>& boundary,
                                    const StencilFastPath& fast) {
  using functor_type = StencilPackets<T, R, Star, Rows, SidePackets, TeamsPerSm, RollingSums>;
  constexpr int V = functor_type::V;
  const std::int64_t slow_extent = fast.fast_is_cols ? in.extent(0) : in.extent(1);
  const std::int64_t fast_extent = fast.fast_is_cols ? in.extent(1) : in.extent(0);
  // Block columns start where the input's lines are aligned to a whole block row of packets
  // (512 bytes): Kokkos puts a 128-byte header before each allocation, and misaligned lines cost a
  // raw CUDA transpose 7% on an H200 (perf_tests/results/2026-11-21_H200_stencil_stream/, commit
  // d55d9d5). Strides that are not whole block rows leave every line differently aligned, and the
  // blocks unshifted.
  constexpr int row_bytes = functor_type::lanes * sizeof(Packet<T, V>);
  int packet_offset = 0;
  if (std::int64_t(fast.in_slow) * sizeof(T) % row_bytes == 0)
    packet_offset =
        static_cast<int>(reinterpret_cast<std::uintptr_t>(in.data()) % row_bytes / (V * sizeof(T)));
  // A line outside the grid is mapped into it with one wrap, so grids narrower than the radius
  // (along the slow index, than the rows a thread reads below its first output row: a periodic
  // grid of one row read 2 rows below would wrap twice), or too large for 32-bit line indices,
  // stay with the tiles.
  const std::int64_t packets = fast_extent / V;
  if (slow_extent < R + functor_type::H || fast_extent < R || packets < 1 ||
      slow_extent > INT_MAX - 64 || fast_extent > INT_MAX - 64)
    return 0;
  StencilPacketGeometry geo;
  geo.slow_extent = static_cast<int>(slow_extent);
  geo.fast_extent = static_cast<int>(fast_extent);
  geo.in_slow = fast.in_slow;
  geo.out_slow = fast.out_slow;
  geo.packets = static_cast<int>(packets);
  geo.packet_offset = packet_offset;
  geo.blocks_across = static_cast<int>(ceil_div(packets + packet_offset, functor_type::lanes));
  geo.out_packets = fast.out_slow % V == 0 && packet_aligned(out.data());
  const std::int64_t blocks_down = ceil_div(slow_extent, functor_type::rows_per_block);
  const int league = checked_league_size(call, blocks_down * geo.blocks_across);
  functor_type functor{in.data(), out.data(), {}, boundary, geo};
  functor_type::set_weights(functor.w, oriented_for(weights, fast.fast_is_cols));
  launch_cuda_blocks<functor_type::lanes * functor_type::warps, functor_type::teams_per_sm>(
      call, call, space, league, dim3(functor_type::lanes, functor_type::warps), functor);
  return std::int64_t(geo.packets) * V;
}

/// launch_stencil_packets with the tuning for the device: on devices rich in bandwidth
/// (device_bandwidth_rich), stencil_rows_per_thread_rich, stencil_teams_per_sm_rich and
/// stencil_rolling_sums_rich, where they differ from the defaults.
template <int R, bool Star, class OutView, class InView, class T>
std::int64_t launch_stencil_packets_for_device(const std::string& call, const Kokkos::Cuda& space,
                                               const OutView& out, const InView& in,
                                               const Stencil2D<T>& weights,
                                               const BoundaryCondition<T>& boundary,
                                               const StencilFastPath& fast) {
  constexpr int rich_rows = stencil_rows_per_thread_rich<T, R, Star>;
  constexpr unsigned rich_teams = stencil_teams_per_sm_rich<T, R, Star>;
  constexpr bool rich_rolling = stencil_rolling_sums_rich<T, R, Star>;
  if constexpr (rich_rows != stencil_rows_per_thread<T, R, Star> ||
                rich_teams != stencil_teams_per_sm<T, R, Star> || rich_rolling) {
    if (device_bandwidth_rich(call, space))
      return launch_stencil_packets<R, Star, OutView, InView, T, rich_rows,
                                    stencil_side_packets<T, R>, rich_teams, rich_rolling>(
          call, space, out, in, weights, boundary, fast);
  }
  return launch_stencil_packets<R, Star>(call, space, out, in, weights, boundary, fast);
}
#endif

template <int FastRadius, class ExecSpace, class OutView, class InView, class T>
void launch_stencil_tiled(const std::string& call, const ExecSpace& space, const OutView& out,
                          const InView& in, const Stencil2D<T>& weights,
                          const BoundaryCondition<T>& boundary, int tile_rows, int tile_cols,
                          bool strips_allowed) {
  const bool in_left = leftmost_index_is_contiguous(in);
  const bool out_left = leftmost_index_is_contiguous(out);
  const int r = weights.radius();

  StencilFastPath fast;
  const auto [in_fast, in_slow] = line_strides(in);
  const auto [out_fast, out_slow] = line_strides(out);
  fast.fast_is_cols = !in_left;
  fast.usable = in_left == out_left && in_fast == 1 && out_fast == 1 &&
                std::max(in_slow, out_slow) * (stencil_fast_edge + 2 * r + 1) <= INT_MAX;
  fast.in_slow = fast.usable ? static_cast<int>(in_slow) : 0;
  fast.out_slow = fast.usable ? static_cast<int>(out_slow) : 0;
  constexpr int V = packet_width<T>();
  const bool in_packets = fast.usable && V > 1 && in_slow % V == 0 && packet_aligned(in.data());
  fast.packets = in_packets && !is_host_backend<ExecSpace>();

  // Whole strips of the fast index go to the strip kernel (radii up to one packet, input read
  // in packets); the tiles below cover what is left over.
  std::int64_t strip_lines = 0;
  const std::int64_t fast_extent = fast.fast_is_cols ? in.extent(1) : in.extent(0);
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  // CUDA: the packet kernel, the rest (fewer than V lines) in tiles. On an H100 it beat the
  // streaming kernel it replaced and the strip kernel for stars and boxes, float and double
  // (impl/stencil/Stencil_Packets.hpp says by how much).
  if constexpr (Impl::is_cuda<ExecSpace>() && FastRadius > 0 && FastRadius <= V) {
    if (strips_allowed && in_packets)
      strip_lines = weights.is_star() ? launch_stencil_packets_for_device<FastRadius, true>(
                                            call, space, out, in, weights, boundary, fast)
                                      : launch_stencil_packets_for_device<FastRadius, false>(
                                            call, space, out, in, weights, boundary, fast);
  }
#endif
  if constexpr (FastRadius > 0 && FastRadius <= V) {
    // On an H200 (perf_tests/results/2026-11-21_H200_stencil_strips/, commit d7b6d95) strips beat
    // one tile per team for float and for boxes, but not for double stars (0.685 against 0.784 of
    // deep_copy).
    const bool strips_measured_faster = sizeof(T) <= 4 || !weights.is_star();
    if (strip_lines == 0 && strips_allowed && strips_measured_faster && in_packets &&
        fast_extent % V == 0)
      strip_lines =
          launch_stencil_strips<FastRadius>(call, space, out, in, weights, boundary, fast);
  }
  if (strip_lines == fast_extent)
    return;
  const std::int64_t row_origin = fast.fast_is_cols ? 0 : strip_lines;
  const std::int64_t col_origin = fast.fast_is_cols ? strip_lines : 0;

  // Lanes walking down a column of the halo tile need the padded pitch to avoid bank conflicts.
  // The fast index's margin is rounded up to whole 16-byte packets for the fast path (the general
  // path uses the first 2 r of it).
  const int margin = FastRadius > 0 ? stencil_fast_margin<T>(r) : r;  // never less than r
  const TileShape2D halo_shape{tile_rows + 2 * margin, tile_cols + 2 * margin,
                               in_left || out_left ? 1 : 0};
  const ScratchPlacement placement =
      place_team_scratch(call, space, Tile2D<T, ExecSpace>::scratch_bytes(halo_shape));
  const std::int64_t tiles_down = ceil_div(in.extent(0) - row_origin, tile_rows);
  const std::int64_t tiles_across = ceil_div(in.extent(1) - col_origin, tile_cols);
  const int league = checked_league_size(call, tiles_down * tiles_across);

  const auto policy = with_scratch(tile_policy<4>(space, league), placement);
  const Stencil2D<T> oriented = oriented_for(weights, fast.fast_is_cols);
  with_scratch_level(placement, [&](auto level) {
    Kokkos::parallel_for(
        call, policy,
        StencilTiled<ExecSpace, OutView, InView, T, FastRadius, decltype(level)::value>{
            out, in, weights, oriented, boundary, weights.is_star(), halo_shape, tile_rows,
            tile_cols, static_cast<int>(tiles_across), in_left, out_left, fast, row_origin,
            col_origin});
  });
}

}  // namespace Impl
}  // namespace KokkosTile
