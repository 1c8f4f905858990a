// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// team_load_halo's body (KokkosTile_TeamHalo.hpp validates and forwards here).

#include <Kokkos_Core.hpp>

#include "KokkosTile_TeamCopy.hpp"
#include "impl/core/Core_Boundary.hpp"

#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// tile(a, b) = src(row0 - radius + a, col0 - radius + b), the boundary condition outside src,
/// for the whole tile. Threads walk src in its storage order (team_for_each_in_window), so that
/// the rows (or columns) of the window are read as runs; a window inside src skips the boundary
/// tests.
template <class TeamMember, class SrcView, class Tile, class T>
KOKKOS_INLINE_FUNCTION void team_load_halo_run(const TeamMember& team, const SrcView& src,
                                               std::int64_t row0, std::int64_t col0, int radius,
                                               const Tile& tile,
                                               const BoundaryCondition<T>& boundary) {
  const int rows = static_cast<int>(tile.extent(0)), cols = static_cast<int>(tile.extent(1));
  const std::int64_t top = row0 - radius, left = col0 - radius;
  const bool inside = top >= 0 && left >= 0 && top + rows <= std::int64_t(src.extent(0)) &&
                      left + cols <= std::int64_t(src.extent(1));
  if (inside)
    team_for_each_in_window(team, src, rows, cols,
                            [&](int a, int b) { tile(a, b) = src(top + a, left + b); });
  else
    team_for_each_in_window(team, src, rows, cols, [&](int a, int b) {
      tile(a, b) = read_with_boundary(src, top + a, left + b, boundary);
    });
}

}  // namespace Impl
}  // namespace KokkosTile
