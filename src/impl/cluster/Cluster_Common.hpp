// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// What every cluster backend shares (KokkosTile_Cluster.hpp): the launch mode, a request's
// geometry, and the argument checks that do not depend on the device.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_ClusterMode.hpp"

#include <cstddef>
#include <string>

namespace KokkosTile {

inline const char* cluster_mode_name(ClusterMode mode) {
  switch (mode) {
    case ClusterMode::native:
      return "native";
    case ClusterMode::emulated:
      return "emulated";
    default:
      return "automatic";
  }
}

namespace Impl {

/// Geometry of one launch, passed to the kernels by value.
struct ClusterGeometry {
  int league_size;      // blocks (teams) in the grid
  int cluster_size;     // blocks per cluster
  int team_size;        // threads per block as launched (1 on the host)
  std::size_t scratch;  // bytes of scratch the caller asked for per block
  std::size_t stride;   // bytes between consecutive blocks' scratch where they share one buffer
};

/// What the caller asked for, before a backend decides how to run it.
struct ClusterRequest {
  int league_size;
  int cluster_size;
  int team_size;
  std::size_t scratch;
  ClusterMode mode;
};

/// The largest cluster size CUDA allows at all (16 needs the non-portable opt-in) and the largest
/// it guarantees everywhere.
inline constexpr int max_nonportable_cluster_size = 16;
inline constexpr int max_portable_cluster_size = 8;

/// Scratch of consecutive blocks in one buffer starts on 16-byte boundaries (float4, double2).
inline constexpr std::size_t cluster_scratch_alignment = 16;

inline constexpr std::size_t align_scratch(std::size_t bytes) {
  return (bytes + cluster_scratch_alignment - 1) / cluster_scratch_alignment *
         cluster_scratch_alignment;
}

inline constexpr bool is_valid_cluster_size(int size) {
  return size == 1 || size == 2 || size == 4 || size == 8 || size == 16;
}

/// A functor that does nothing: the kernel the queries ask about when the caller names none.
struct ClusterProbe {
  template <class Member>
  KOKKOS_FUNCTION void operator()(const Member&) const {}
};

/// Checks that hold on every backend; throws InvalidArgument naming `call`.
inline void check_cluster_request(const std::string& call, const ClusterRequest& request) {
  KOKKOSTILE_EXPECT(is_valid_cluster_size(request.cluster_size), InvalidArgument, call,
                    "a cluster of " << request.cluster_size
                                    << " blocks is not supported (sizes are 1, 2, 4, 8 and 16)");
  KOKKOSTILE_EXPECT(request.league_size >= 0, InvalidArgument, call,
                    "the league size " << request.league_size << " is negative");
  KOKKOSTILE_EXPECT(request.league_size % request.cluster_size == 0, InvalidArgument, call,
                    "the league of " << request.league_size
                                     << " blocks is not a multiple of the cluster size "
                                     << request.cluster_size);
  KOKKOSTILE_EXPECT(request.team_size >= 1, InvalidArgument, call,
                    "the team size " << request.team_size << " is not positive");
}

}  // namespace Impl
}  // namespace KokkosTile
