#pragma once
// Nested team loops over a rows x cols window with the vector lanes on one index: on CUDA a team
// launched with vector length 32 is a set of warps, so putting the lanes on the index that is
// contiguous in global memory makes every warp access one run of consecutive addresses, with no
// integer division per element. With vector length 1 (the host backends) it is two plain loops.
//
// Use with a policy whose vector length is the warp width on GPUs (tile_launch_shape in
// impl/KokkosTile_LaunchDefaults.hpp); for any policy, the flattened loops of
// KokkosTile_TeamCopy.hpp are coalesced too.

#include <Kokkos_Core.hpp>

namespace KokkosTile {

/// Calls op(i, j) for 0 <= i < rows, 0 <= j < cols: vector lanes walk i when lanes_on_rows, else j;
/// the team's threads walk the other index.
template <class TeamMember, class Op>
KOKKOS_INLINE_FUNCTION void team_for_each_2d(const TeamMember& team, int rows, int cols,
                                             bool lanes_on_rows, const Op& op) {
  if (lanes_on_rows) {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, cols), [&](int j) {
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, rows), [&](int i) { op(i, j); });
    });
  } else {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, rows), [&](int i) {
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, cols), [&](int j) { op(i, j); });
    });
  }
}

}  // namespace KokkosTile
