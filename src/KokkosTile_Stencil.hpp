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
// Variants: `tiled` (default: the tile and its halo staged in scratch) and `naive` (one thread per
// output, taps read from global memory through the caches).

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_ScratchBudget.hpp"
#include "KokkosTile_Stencil2D.hpp"
#include "impl/KokkosTile_LaunchDefaults.hpp"
#include "impl/KokkosTile_Stencil_Impl.hpp"
#include "impl/KokkosTile_ViewChecks.hpp"

#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {

enum class StencilVariant { tiled, naive };

struct StencilOptions {
  StencilVariant variant = StencilVariant::tiled;
  /// Output tile per team (the halo comes on top); 0 picks the execution space's default.
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
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename OutView::memory_space>::accessible &&
                    Kokkos::SpaceAccessibility<ExecSpace, typename InView::memory_space>::accessible,
                "KokkosTile::stencil: the execution space cannot access the Views' memory");
  const bool naive = options.variant == StencilVariant::naive;
  const std::string call = naive ? "KokkosTile::stencil<naive>" : "KokkosTile::stencil<tiled>";
  KOKKOSTILE_EXPECT(out.extent(0) == in.extent(0) && out.extent(1) == in.extent(1),
                    InvalidArgument, call,
                    "in is " << in.extent(0) << " x " << in.extent(1) << " but out is "
                             << out.extent(0) << " x " << out.extent(1));
  KOKKOSTILE_EXPECT(!Impl::views_overlap(in, out), InvalidArgument, call,
                    "in and out overlap in memory; a stencil needs a separate output");
  if (in.extent(0) == 0 || in.extent(1) == 0) return;

  const bool star = weights.is_star();
  const bool in_left = Impl::leftmost_index_is_contiguous(in);
  const bool out_left = Impl::leftmost_index_is_contiguous(out);
  if (naive) {
    const std::int64_t count = static_cast<std::int64_t>(in.extent(0)) * in.extent(1);
    const std::int64_t fast_extent = out_left ? out.extent(0) : out.extent(1);
    Kokkos::parallel_for(
        call, Kokkos::RangePolicy<ExecSpace>(space, 0, count),
        Impl::StencilNaive<OutView, InView, T>{out, in, weights, boundary, star, fast_extent,
                                               out_left});
    return;
  }

  constexpr Impl::TileLaunchShape launch = Impl::tile_launch_shape<ExecSpace>();
  // Devices: 32 lanes along the contiguous index and 64 elements along the other, so that the
  // halo adds little; host backends: 64 x 64, a few pages that stay in L1/L2.
  const int along_contiguous = Impl::runs_on_host<ExecSpace>() ? 64 : 32;
  const int across = 64;
  int tile_rows = options.tile_rows, tile_cols = options.tile_cols;
  if (tile_rows == 0) tile_rows = in_left ? along_contiguous : across;
  if (tile_cols == 0) tile_cols = in_left ? across : along_contiguous;
  KOKKOSTILE_EXPECT(tile_rows > 0 && tile_cols > 0 && tile_rows <= 4096 && tile_cols <= 4096,
                    InvalidArgument, call,
                    "tile " << tile_rows << " x " << tile_cols << " is outside [1, 4096]^2");
  const int r = weights.radius();
  // Lanes walking down a column of the halo tile need the padded pitch to avoid bank conflicts.
  const TileShape2D halo_shape{tile_rows + 2 * r, tile_cols + 2 * r, in_left || out_left ? 1 : 0};
  using functor_type = Impl::StencilTiled<ExecSpace, OutView, InView, T>;
  const ScratchPlacement placement =
      place_team_scratch(call, space, functor_type::tile_type::scratch_bytes(halo_shape));
  const std::int64_t tiles_down = Impl::ceil_div(in.extent(0), tile_rows);
  const std::int64_t tiles_across = Impl::ceil_div(in.extent(1), tile_cols);
  const int league = Impl::checked_league_size(call, tiles_down * tiles_across);
  const Kokkos::TeamPolicy<ExecSpace> policy(space, league, launch.team_size,
                                             launch.vector_length);
  Kokkos::parallel_for(call, with_scratch(policy, placement),
                       functor_type{out, in, weights, boundary, star, halo_shape,
                                    static_cast<int>(tiles_across), placement.level, in_left,
                                    out_left});
}

template <class OutView, class InView, class T,
          std::enable_if_t<Kokkos::is_view<OutView>::value, int> = 0>
void stencil(const OutView& out, const InView& in, const Stencil2D<T>& weights,
             const BoundaryCondition<T>& boundary, const StencilOptions& options = {}) {
  stencil(typename OutView::execution_space{}, out, in, weights, boundary, options);
}

}  // namespace KokkosTile
