// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// team_transpose's and team_reverse's bodies (KokkosTile_TeamTranspose.hpp validates and
// forwards here): element moves spread over the team's threads and vector lanes.

#include <Kokkos_Core.hpp>

#include "KokkosTile_TeamLoops.hpp"

namespace KokkosTile {
namespace Impl {

/// Extent `dim` of a rank-1 or rank-2 View or tile (Tile1D, StaticTile1D, Tile2D).
template <class X>
KOKKOS_FORCEINLINE_FUNCTION int team_extent(const X& x, int dim) {
  return static_cast<int>(x.extent(dim));
}

/// b(j, i) = a(i, j). On devices consecutive threads take consecutive j, so that they read one
/// row of a and write one column of b: a run of a, and, in a scratch tile padded by one element
/// (TileShape2D pad = 1), b's column over different banks. On host backends a thread takes rows of
/// a in a plain loop: a division per element, as devices take them, cost the host ~2 ns an element.
template <class TeamMember, class AMatrix, class BMatrix>
KOKKOS_INLINE_FUNCTION void team_transpose_run(const TeamMember& team, const AMatrix& a,
                                               const BMatrix& b) {
  const int rows = team_extent(a, 0), cols = team_extent(a, 1);
  KOKKOS_IF_ON_HOST((team_thread_for(team, rows, [&](int i) {
                       thread_vector_for(team, cols, [&](int j) { b(j, i) = a(i, j); });
                     });))
  KOKKOS_IF_ON_DEVICE((team_vector_for(team, rows * cols, [&](int e) {
                         const int i = e / cols, j = e % cols;
                         b(j, i) = a(i, j);
                       });))
}

/// v(i) and v(n - 1 - i) swapped for i < n / 2.
template <class TeamMember, class Vector>
KOKKOS_INLINE_FUNCTION void team_reverse_run(const TeamMember& team, const Vector& v) {
  const int n = team_extent(v, 0);
  team_vector_for(team, n / 2, [&](int i) {
    const auto x = v(i);
    v(i) = v(n - 1 - i);
    v(n - 1 - i) = x;
  });
}

}  // namespace Impl
}  // namespace KokkosTile
