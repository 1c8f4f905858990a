// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// A stencil tile's halo load by one team, inside the caller's own TeamPolicy kernel:
//
//   KokkosTile::team_load_halo(team, grid, row0, col0, radius, tile, boundary);
//
// fills every element of `tile` (a Tile2D, or a rank-2 View) with
// grid(row0 - radius + a, col0 - radius + b): the output tile whose corner is grid(row0, col0)
// plus `radius` elements on every side, so that tile(radius + i, radius + j) is grid(row0 + i,
// col0 + j). Where that lies outside `grid` (any layout, subviews) the boundary condition
// (BoundaryCondition: constant, clamp, periodic; the one apply_stencil takes) decides. The
// contract is team_gemm's (KokkosTile_TeamGemm.hpp): every thread and vector lane of the team
// calls it with the same arguments; no barrier inside (call team.team_barrier() before reading the
// tile); no scratch of its own. A negative radius, or clamp and periodic on an empty grid, abort
// the kernel.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_Boundary.hpp"
#include "impl/team/Team_Halo.hpp"

#include <cstdint>
#include <type_traits>

namespace KokkosTile {

template <class TeamMember, class GridView, class Tile, class T>
KOKKOS_INLINE_FUNCTION void team_load_halo(const TeamMember& team, const GridView& grid,
                                           std::int64_t row0, std::int64_t col0, int radius,
                                           const Tile& tile, const BoundaryCondition<T>& boundary) {
  static_assert(GridView::rank() == 2, "KokkosTile::team_load_halo: the grid is a rank-2 View");
  static_assert(std::is_same_v<std::remove_cv_t<typename GridView::value_type>,
                               std::remove_cv_t<typename Tile::value_type>>,
                "KokkosTile::team_load_halo: the grid and the tile hold one value type");
  static_assert(std::is_same_v<std::remove_cv_t<typename GridView::value_type>, T>,
                "KokkosTile::team_load_halo: the boundary condition is of the grid's value type");
  if (radius < 0)
    Kokkos::abort("KokkosTile::team_load_halo: the radius must not be negative");
  if (boundary.kind != Boundary::constant && (grid.extent(0) == 0 || grid.extent(1) == 0))
    Kokkos::abort("KokkosTile::team_load_halo: clamp and periodic need a grid with elements");
  Impl::team_load_halo_run(team, grid, row0, col0, radius, tile, boundary);
}

}  // namespace KokkosTile
