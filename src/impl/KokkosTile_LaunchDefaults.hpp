#pragma once
// Launch shapes KokkosTile's kernels use when the caller does not choose: one thread per team on
// host backends (a team then walks its tiles serially, in cache), a block of threads on devices.

#include <Kokkos_Core.hpp>

namespace KokkosTile {
namespace Impl {

template <class ExecSpace>
constexpr bool runs_on_host() {
  return Kokkos::SpaceAccessibility<Kokkos::HostSpace,
                                    typename ExecSpace::memory_space>::accessible;
}

/// Threads per team for the flattened (TeamVectorRange) kernels.
template <class ExecSpace>
constexpr int default_team_size() {
  return runs_on_host<ExecSpace>() ? 1 : 256;
}

/// Team shape for 2-D tile kernels that use team_for_each_2d: 8 warps of 32 lanes on devices.
struct TileLaunchShape {
  int team_size;
  int vector_length;
};

template <class ExecSpace>
constexpr TileLaunchShape tile_launch_shape() {
  return runs_on_host<ExecSpace>() ? TileLaunchShape{1, 1} : TileLaunchShape{8, 32};
}

}  // namespace Impl
}  // namespace KokkosTile
