// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// How much team scratch a set of tiles needs, how much each level allows on an execution space,
// and where the tiles go: level 0 when they fit there, else level 1, else a ResourceError that
// names the call, the bytes and both limits.
//
//   const auto budget = KokkosTile::ScratchBudget{}
//                           .add<KokkosTile::Tile2D<float, Space>>(shape_a)
//                           .add<KokkosTile::Tile2D<float, Space>>(shape_b);
//   const auto placement = KokkosTile::place_team_scratch("my_kernel", space, budget.bytes());
//   auto policy = KokkosTile::with_scratch(Kokkos::TeamPolicy<Space>(space, league, team),
//                                          placement);
//   // in the kernel: Tile2D<float, Space> a(team, placement.level, shape_a); ...

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

namespace KokkosTile {

/// Adds up the team scratch bytes of a set of tiles, alignment included.
class ScratchBudget {
 public:
  /// Adds one tile of type Tile, built with the same extent arguments as Tile::scratch_bytes.
  template <class Tile, class... ExtentArgs>
  ScratchBudget& add(ExtentArgs&&... extents) {
    bytes_ += Tile::scratch_bytes(std::forward<ExtentArgs>(extents)...);
    return *this;
  }
  /// Adds raw bytes (scratch a kernel takes without a KokkosTile tile).
  ScratchBudget& add_bytes(std::size_t bytes) {
    bytes_ += bytes;
    return *this;
  }
  std::size_t bytes() const { return bytes_; }

 private:
  std::size_t bytes_ = 0;
};

/// Bytes of scratch at `level` (0 or 1) that one team may take on this execution space, as the
/// space's own TeamPolicy reports it.
template <class ExecSpace>
std::size_t scratch_capacity(const ExecSpace& space, int level) {
  KOKKOSTILE_EXPECT(level == 0 || level == 1, InvalidArgument, "KokkosTile::scratch_capacity",
                    "scratch level " << level << " does not exist (levels are 0 and 1)");
  const Kokkos::TeamPolicy<ExecSpace> policy(space, 1, 1);
  return static_cast<std::size_t>(policy.scratch_size_max(level));
}

/// Where a team's tiles live.
struct ScratchPlacement {
  int level = 0;
  std::size_t bytes = 0;
};

/// Calls f(std::integral_constant<int, L>{}) with L the placement's level, for kernels that take
/// their scratch level as a template parameter: on CUDA a compile-time level 0 lets nvcc use
/// shared-memory instructions for the team's scratch, where a run-time level makes it emit generic
/// loads and stores (perf_tests/results/2026-11-21_H200_stencil_stream/, commit d55d9d5).
template <class F>
void with_scratch_level(const ScratchPlacement& placement, const F& f) {
  if (placement.level == 0)
    f(std::integral_constant<int, 0>{});
  else
    f(std::integral_constant<int, 1>{});
}

/// Places `bytes_per_team` at level 0 if they fit there, else at level 1; throws ResourceError,
/// naming `call`, when neither level can hold them.
template <class ExecSpace>
ScratchPlacement place_team_scratch(const std::string& call, const ExecSpace& space,
                                    std::size_t bytes_per_team) {
  const std::size_t level0 = scratch_capacity(space, 0);
  if (bytes_per_team <= level0)
    return {0, bytes_per_team};
  const std::size_t level1 = scratch_capacity(space, 1);
  KOKKOSTILE_EXPECT(bytes_per_team <= level1, ResourceError, call,
                    "scratch tiles need "
                        << bytes_per_team << " bytes per team, more than level 0 allows (" << level0
                        << " bytes) and level 1 allows (" << level1 << " bytes) on "
                        << ExecSpace::name());
  return {1, bytes_per_team};
}

/// The policy with the placement's scratch requested per team.
template <class... PolicyArgs>
Kokkos::TeamPolicy<PolicyArgs...> with_scratch(Kokkos::TeamPolicy<PolicyArgs...> policy,
                                               const ScratchPlacement& placement) {
  if (placement.bytes == 0)
    return policy;
  return policy.set_scratch_size(placement.level, Kokkos::PerTeam(placement.bytes));
}

}  // namespace KokkosTile
