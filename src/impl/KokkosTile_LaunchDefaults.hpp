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

template <class ExecSpace>
constexpr int default_team_size() {
  return runs_on_host<ExecSpace>() ? 1 : 256;
}

}  // namespace Impl
}  // namespace KokkosTile
