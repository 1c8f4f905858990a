// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Element moves by one team, inside the caller's own TeamPolicy kernel:
//
//   KokkosTile::team_transpose(team, a, b);   // b(j, i) = a(i, j)
//   KokkosTile::team_reverse(team, v);        // v reversed in place
//
// Operands are Views (global memory or team scratch, any layout, subviews) or KokkosTile tiles
// (Tile2D; Tile1D and StaticTile1D for team_reverse), in any mix, with one element type. The
// contract is team_gemm's (KokkosTile_TeamGemm.hpp): every thread and vector lane of the team
// calls it with the same arguments; no barrier inside (call team.team_barrier() before it when the
// team has just written the input, after it before other threads read the output); no scratch of
// its own; extents that do not agree (b not a.extent(1) x a.extent(0)) abort the kernel. a and b
// must not share elements.

#include <Kokkos_Core.hpp>

#include "impl/team/Team_Copies.hpp"

namespace KokkosTile {

template <class TeamMember, class AMatrix, class BMatrix>
KOKKOS_INLINE_FUNCTION void team_transpose(const TeamMember& team, const AMatrix& a,
                                           const BMatrix& b) {
  if (Impl::team_extent(a, 0) != Impl::team_extent(b, 1) ||
      Impl::team_extent(a, 1) != Impl::team_extent(b, 0))
    Kokkos::abort("KokkosTile::team_transpose: b must be a.extent(1) x a.extent(0)");
  Impl::team_transpose_run(team, a, b);
}

template <class TeamMember, class Vector>
KOKKOS_INLINE_FUNCTION void team_reverse(const TeamMember& team, const Vector& v) {
  Impl::team_reverse_run(team, v);
}

}  // namespace KokkosTile
