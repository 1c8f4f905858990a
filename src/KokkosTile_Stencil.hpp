// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// 2-D stencils of run-time radius over a grid, through halo tiles in team scratch:
//
//   const auto laplace = KokkosTile::Stencil2D<float>::five_point(-4.f, 1.f);
//   KokkosTile::stencil(out, in, laplace, KokkosTile::BoundaryCondition<float>::clamp());
//
// out(i, j) = sum over taps of w(di, dj) * in(i + di, j + dj), reading outside the grid through
// the boundary condition (constant, clamp or periodic). Any extents and layouts; float, double or
// any arithmetic type. Overloads taking an execution-space instance first are asynchronous on it.
// Kernels are labelled "KokkosTile::stencil<variant>".
//
// Variants: `tiled` (default: tiles and their halos staged in scratch) and `naive` (one thread per
// output, taps read from global memory through the caches). With the default tile shape, radii 1
// and 2 and Views whose fast index is unit-stride in the same orientation, `tiled` runs
//  - on CUDA, for stars, the streaming kernel (impl/stencil/Stencil_StreamBands.hpp: each warp
//    rolls a band of 32 packets down the grid, the rows around the current one in registers and
//    the side neighbours through a one-row halo tile in scratch);
//  - for boxes, and float stars on host backends, the strip kernel
//    (impl/stencil/Stencil_Strips.hpp: each team walks chunks of 64-column strips, the next
//    chunk loading while it computes the current one);
// the rest of the grid, and every other case, runs one tile per team. On host backends (Serial,
// OpenMP, Threads) the default `tiled` runs the host kernel instead (impl/stencil/Stencil_Host.hpp:
// each thread walks down a block of rows, the interior in contiguous vectorised loops, the
// boundary rows and columns resolved apart from them); an explicit tile shape keeps the tiles.

#include <Kokkos_Core.hpp>
#include <Kokkos_Profiling_ScopedRegion.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_ScratchBudget.hpp"
#include "KokkosTile_Stencil2D.hpp"
#include "impl/core/Core_LaunchDefaults.hpp"
#include "impl/stencil/Stencil_StreamBands.hpp"
#include "impl/stencil/Stencil_Strips.hpp"
#include "impl/stencil/Stencil_Tile.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/core/Core_BackendTraits.hpp"
#include "impl/stencil/Stencil_Host.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// Teams of the strip kernel resident per multiprocessor: its CUDA launch bounds budget registers
/// for this many, and two ~19 KB buffers each leave room for them in shared memory.
inline constexpr unsigned stencil_strip_teams_per_sm = 4;

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
/// Runs the streaming kernel (CUDA, stars of radius R) over the whole packets of the fast index;
/// returns how many fast-index lines they cover (the caller tiles the rest).
template <int R, class OutView, class InView, class T>
std::int64_t launch_stencil_stream(const std::string& call, const Kokkos::Cuda& space,
                                   const OutView& out, const InView& in,
                                   const Stencil2D<T>& weights,
                                   const BoundaryCondition<T>& boundary,
                                   const StencilFastPath& fast) {
  using functor_type = StencilStream<T, R>;
  constexpr int V = functor_type::V;
  const std::int64_t slow_extent = fast.fast_is_cols ? in.extent(0) : in.extent(1);
  const std::int64_t fast_extent = fast.fast_is_cols ? in.extent(1) : in.extent(0);
  // Bands start where the input's lines are aligned to a whole band (512 bytes), band 0 taking
  // the packets before: Kokkos puts a 128-byte header before each allocation, and misaligned
  // lines cost a raw CUDA transpose 7% on an H200 (perf_tests/results/
  // 2026-11-21_H200_stencil_stream/). Strides that are not whole bands leave every line
  // differently aligned, and the bands unshifted.
  constexpr int band_bytes = functor_type::lanes * sizeof(Packet<T, V>);
  int band_offset = 0;
  if (std::int64_t(fast.in_slow) * sizeof(T) % band_bytes == 0)
    band_offset = static_cast<int>(reinterpret_cast<std::uintptr_t>(in.data()) % band_bytes /
                                   (V * sizeof(T)));
  // The kernel maps a line outside the grid into it with one wrap, and keeps at least two packets
  // in every band (so that no lane fetches halos on both sides): a band 0 of one packet is not
  // shifted, a last band of one packet is left to the tiles, and grids too small for that, or
  // too large for its 32-bit line indices, stay with the tiles.
  if (band_offset == functor_type::lanes - 1)
    band_offset = 0;
  std::int64_t packets = fast_extent / V;
  if ((packets + band_offset) % functor_type::lanes == 1)
    --packets;
  if (slow_extent < functor_type::lookahead + R || packets < 2 ||
      slow_extent + functor_type::chunk_rows > INT_MAX || fast_extent > INT_MAX)
    return 0;
  StencilStreamGeometry geo;
  geo.slow_extent = static_cast<int>(slow_extent);
  geo.fast_extent = static_cast<int>(fast_extent);
  geo.in_slow = fast.in_slow;
  geo.out_slow = fast.out_slow;
  geo.packets = static_cast<int>(packets);
  geo.band_offset = band_offset;
  const std::int64_t bands = ceil_div(geo.packets + band_offset, functor_type::lanes);
  geo.team_bands = static_cast<int>(ceil_div(bands, functor_type::warps));
  geo.out_packets = fast.out_slow % V == 0 && packet_aligned(out.data());
  const std::int64_t chunks = ceil_div(geo.slow_extent, functor_type::chunk_rows);
  const int league = checked_league_size(call, chunks * geo.team_bands);
  using policy_type =
      Kokkos::TeamPolicy<Kokkos::Cuda, Kokkos::LaunchBounds<128, functor_type::teams_per_sm>>;
  const auto policy = policy_type(space, league, functor_type::warps, functor_type::lanes)
                          .set_scratch_size(0, Kokkos::PerTeam(functor_type::scratch_bytes()));
  Kokkos::parallel_for(
      call, policy,
      functor_type{in.data(), out.data(),
                   StarWeights<T, R>::from(oriented_for(weights, fast.fast_is_cols)), boundary,
                   geo});
  return std::int64_t(geo.packets) * V;
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
  fast.packets = in_packets && !runs_on_host<ExecSpace>();

  // Whole strips of the fast index go to the strip kernel (radii up to one packet, input read
  // in packets); the tiles below cover what is left over.
  std::int64_t strip_lines = 0;
  const std::int64_t fast_extent = fast.fast_is_cols ? in.extent(1) : in.extent(0);
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  // CUDA and a star: the streaming kernel, the rest (fewer than V lines, or all of a grid too
  // small for it) in tiles. On an H200 it beat the strip and tile kernels for both types (5-point:
  // 0.90 of deep_copy for float, 0.93 for double, against 0.64 and 0.82 for one tile per team;
  // perf_tests/results/2026-11-21_H200_stencil_stream/).
  if constexpr (Impl::is_cuda<ExecSpace>() && FastRadius > 0 && FastRadius <= V) {
    if (strips_allowed && weights.is_star() && in_packets)
      strip_lines =
          launch_stencil_stream<FastRadius>(call, space, out, in, weights, boundary, fast);
  }
#endif
  if constexpr (FastRadius > 0 && FastRadius <= V) {
    // On an H200 (perf_tests/results/2026-11-21_H200_stencil_strips/) strips beat one tile per
    // team for float and for boxes, but not for double stars (0.685 against 0.784 of deep_copy).
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

enum class StencilVariant { tiled, naive };

struct StencilOptions {
  StencilVariant variant = StencilVariant::tiled;
  /// Output tile per team (the halo comes on top). 0 and 0 pick the strip kernel where it applies
  /// and 64 x 64 tiles elsewhere; any other shape asks for one tile of that shape per team.
  int tile_rows = 0;
  int tile_cols = 0;
};

template <class ExecSpace, class OutView, class InView, class T>
void stencil(const ExecSpace& space, const OutView& out, const InView& in,
             const Stencil2D<T>& weights, const BoundaryCondition<T>& boundary,
             const StencilOptions& options = {}) {
  static_assert(Kokkos::is_view<OutView>::value && Kokkos::is_view<InView>::value,
                "KokkosTile::stencil needs Kokkos::Views");
  static_assert(OutView::rank() == 2 && InView::rank() == 2,
                "KokkosTile::stencil needs rank-2 Views");
  static_assert(std::is_same_v<typename OutView::non_const_value_type, T> &&
                    std::is_same_v<typename InView::non_const_value_type, T>,
                "KokkosTile::stencil: the Views' element type must be the weights' type");
  static_assert(std::is_same_v<typename OutView::value_type, T>,
                "KokkosTile::stencil: the output View must not be const");
  static_assert(
      Kokkos::SpaceAccessibility<ExecSpace, typename OutView::memory_space>::accessible &&
          Kokkos::SpaceAccessibility<ExecSpace, typename InView::memory_space>::accessible,
      "KokkosTile::stencil: the execution space cannot access the Views' memory");
  const bool naive = options.variant == StencilVariant::naive;
  const std::string call = naive ? "KokkosTile::stencil<naive>" : "KokkosTile::stencil<tiled>";
  // A region per call, so that Kokkos Tools see the call around its kernels.
  const Kokkos::Profiling::ScopedRegion region(call);
  KOKKOSTILE_EXPECT(out.extent(0) == in.extent(0) && out.extent(1) == in.extent(1), InvalidArgument,
                    call,
                    "in is " << in.extent(0) << " x " << in.extent(1) << " but out is "
                             << out.extent(0) << " x " << out.extent(1));
  KOKKOSTILE_EXPECT(!Impl::views_overlap(in, out), InvalidArgument, call,
                    "in and out overlap: they share elements; a stencil needs a separate output");
  if (in.extent(0) == 0 || in.extent(1) == 0)
    return;

  if (naive) {
    const bool out_left = Impl::leftmost_index_is_contiguous(out);
    const std::int64_t count = static_cast<std::int64_t>(in.extent(0)) * in.extent(1);
    const std::int64_t fast_extent = out_left ? out.extent(0) : out.extent(1);
    Kokkos::parallel_for(call, Kokkos::RangePolicy<ExecSpace>(space, 0, count),
                         Impl::StencilNaive<OutView, InView, T>{
                             out, in, weights, boundary, weights.is_star(), fast_extent, out_left});
    return;
  }

  // Host backends, default shape: blocks of rows walked by one thread each, contiguous inner loops
  // (impl/stencil/Stencil_Host.hpp). An explicit tile shape still asks for the tile kernel.
  if constexpr (Impl::is_host_backend<ExecSpace>()) {
    if (options.tile_rows == 0 && options.tile_cols == 0) {
      Impl::launch_stencil_host(call, space, out, in, weights, boundary);
      return;
    }
  }

  // 64 x 64 output tiles: the shape with a compiled fast path for radii 1 and 2, and on host
  // backends a few pages that stay in L1/L2.
  const int default_edge = Impl::stencil_fast_edge;
  const int tile_rows = options.tile_rows == 0 ? default_edge : options.tile_rows;
  const int tile_cols = options.tile_cols == 0 ? default_edge : options.tile_cols;
  KOKKOSTILE_EXPECT(tile_rows > 0 && tile_cols > 0 && tile_rows <= 4096 && tile_cols <= 4096,
                    InvalidArgument, call,
                    "tile " << tile_rows << " x " << tile_cols << " is outside [1, 4096]^2");
  // The strip kernel serves the default shape; an explicit tile shape asks for tiles.
  const bool strips = options.tile_rows == 0 && options.tile_cols == 0;
  switch (weights.radius()) {
    case 1:
      Impl::launch_stencil_tiled<1>(call, space, out, in, weights, boundary, tile_rows, tile_cols,
                                    strips);
      break;
    case 2:
      Impl::launch_stencil_tiled<2>(call, space, out, in, weights, boundary, tile_rows, tile_cols,
                                    strips);
      break;
    default:
      Impl::launch_stencil_tiled<0>(call, space, out, in, weights, boundary, tile_rows, tile_cols,
                                    strips);
      break;
  }
}

template <class OutView, class InView, class T,
          std::enable_if_t<Kokkos::is_view<OutView>::value, int> = 0>
void stencil(const OutView& out, const InView& in, const Stencil2D<T>& weights,
             const BoundaryCondition<T>& boundary, const StencilOptions& options = {}) {
  stencil(typename OutView::execution_space{}, out, in, weights, boundary, options);
}

}  // namespace KokkosTile
