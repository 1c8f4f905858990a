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
/// for the whole tile. Threads walk src in its storage order (team_copy_window), so that
/// the rows (or columns) of the window are read as runs; a window inside src skips the boundary
/// tests. One element at a time per thread, unlike load_tile: with the boundary reads, staging 4 in
/// flight took the fused transpose and stencil example's kernel to 60 registers a thread (half
/// the occupancy) and made it 8-11% slower on an H200, staging 8 17-46% slower.
template <class TeamMember, class SrcView, class Tile, class T>
KOKKOS_INLINE_FUNCTION void team_load_halo_run(const TeamMember& team, const SrcView& src,
                                               std::int64_t row0, std::int64_t col0, int radius,
                                               const Tile& tile,
                                               const BoundaryCondition<T>& boundary) {
  const int rows = static_cast<int>(tile.extent(0)), cols = static_cast<int>(tile.extent(1));
  const std::int64_t top = row0 - radius, left = col0 - radius;
  const auto write = [&](int a, int b, const T& value) { tile(a, b) = value; };
  const bool inside = top >= 0 && left >= 0 && top + rows <= std::int64_t(src.extent(0)) &&
                      left + cols <= std::int64_t(src.extent(1));
  if (inside)
    team_copy_window<1>(
        team, src, rows, cols, [&](int a, int b) { return T(src(top + a, left + b)); }, write);
  else
    team_copy_window<1>(
        team, src, rows, cols,
        [&](int a, int b) { return read_with_boundary(src, top + a, left + b, boundary); }, write);
}

}  // namespace Impl
}  // namespace KokkosTile
