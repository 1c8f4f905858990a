// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Launch shapes KokkosTile's kernels use when the caller does not choose: one thread per team on
// host backends (a team then walks its tiles serially, in cache), a block of threads on devices.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "impl/core/Core_BackendTraits.hpp"
#include "impl/core/Core_CudaDevice.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// Threads per team for the flattened (TeamVectorRange) kernels.
template <class ExecSpace>
constexpr int default_team_size() {
  return is_host_backend<ExecSpace>() ? 1 : 256;
}

/// Team shape for 2-D tile kernels that use team_for_each_2d: 8 warps of 32 lanes on devices.
struct TileLaunchShape {
  int team_size;
  int vector_length;
};

template <class ExecSpace>
constexpr TileLaunchShape tile_launch_shape() {
  return is_host_backend<ExecSpace>() ? TileLaunchShape{1, 1} : TileLaunchShape{8, 32};
}

/// The team policy of the 2-D tile kernels. MinBlocks > 0 adds CUDA launch bounds that budget
/// registers for MinBlocks teams of 256 threads per multiprocessor (latency-bound kernels trade
/// registers for occupancy); 0 keeps Kokkos' default bounds, which measured better for kernels
/// that stage many values in registers (the transpose). Host backends ignore launch bounds.
template <class ExecSpace, unsigned MinBlocks>
using TilePolicy =
    std::conditional_t<MinBlocks == 0, Kokkos::TeamPolicy<ExecSpace>,
                       Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<256, MinBlocks>>>;

/// Teams for a kernel whose teams each walk a list of work items: on CUDA as many as are resident
/// at once when `teams_per_sm` fit on a multiprocessor (the kernel's launch bounds must promise
/// that), so no half-empty last wave; elsewhere one team per item.
template <class ExecSpace>
std::int64_t resident_team_league(const std::string& call, const ExecSpace& space, int teams_per_sm,
                                  std::int64_t items) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  if constexpr (is_cuda<ExecSpace>()) {
    const int multiprocessors = cuda_device_limits(call, space.cuda_device()).multiprocessors;
    return std::min<std::int64_t>(items, std::int64_t(teams_per_sm) * std::max(1, multiprocessors));
  }
#endif
  (void)call;
  (void)space;
  (void)teams_per_sm;
  return items;
}

template <unsigned MinBlocks, class ExecSpace>
TilePolicy<ExecSpace, MinBlocks> tile_policy(const ExecSpace& space, int league) {
  constexpr TileLaunchShape shape = tile_launch_shape<ExecSpace>();
  return TilePolicy<ExecSpace, MinBlocks>(space, league, shape.team_size, shape.vector_length);
}

}  // namespace Impl
}  // namespace KokkosTile
