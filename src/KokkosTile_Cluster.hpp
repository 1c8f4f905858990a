// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Thread block clusters, distributed shared memory and large team scratch, written once for every
// execution space.
//
//   KokkosTile::ClusterPolicy<Space> policy(space, /*league (blocks)*/ 64, /*cluster*/ 4,
//                                           /*team*/ 256, /*scratch bytes per block*/ 64 * 1024);
//   KokkosTile::parallel_for_cluster("ring", policy,
//       KOKKOS_LAMBDA(const KokkosTile::ClusterMember<Space>& m) {
//         float* next = m.cluster_scratch<float>((m.cluster_rank() + 1) % m.cluster_size());
//         KokkosTile::team_for(m, n, [&](int i) { next[i] = ...; });  // into the neighbour
//         m.cluster_barrier();
//         KokkosTile::team_for(m, n, [&](int i) { out(m.league_rank(), i) =
//         m.team_scratch<float>()[i]; });
//       });
//
//   KokkosTile::parallel_for_large_scratch("big", KokkosTile::LargeScratchPolicy<Space>(
//       space, league, 256, 200 * 1024), functor);   // 200 KB of shared memory per team on Hopper
//
// CUDA sm_90 and newer runs native clusters (cudaLaunchKernelEx with a cluster width, DSM through
// map_shared_rank) on the instance's stream. Older CUDA devices and the host backends run a
// faithful emulation: the blocks of a cluster see each other's scratch and the cluster barrier
// holds (docs/reference.md says what it costs). Launches are asynchronous on CUDA and ordered with
// other work on the instance; on the host they wait for earlier work on the instance and finish
// before returning.
//
// The member (ClusterMember<Space>) has league_rank/league_size, team_rank/team_size,
// cluster_rank/cluster_size (the block's rank in its cluster), cluster_index/num_clusters,
// team_scratch<T>() (this block's scratch, 16-byte aligned), cluster_scratch<T>(rank) (another
// block's scratch; loads, stores and Kokkos atomics work on it), team_barrier() and
// cluster_barrier(). team_for, team_for_2d and team_single stand in for Kokkos' nested ranges.
// The team primitives (load_tile, team_gemm, ...) take the member too, with tiles taken from
// team_scratch(level) (KokkosTile_ScratchTile.hpp) as in a Kokkos team kernel.
// On the host backends a team is one thread: team_size() is 1 whatever the policy asks for.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "impl/cluster/Cluster_Common.hpp"
#include "impl/cluster/Cluster_Cuda.hpp"
#include "impl/cluster/Cluster_HostEmulation.hpp"
#include "impl/cluster/Cluster_Member.hpp"
#include "impl/cluster/Cluster_Spaces.hpp"
#include "impl/core/Core_LaunchDefaults.hpp"

#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {

/// A launch of league_size blocks (teams) in clusters of cluster_size blocks (1, 2, 4, 8 or 16),
/// team_size threads per block and scratch_bytes of scratch per block.
template <class ExecSpace = Kokkos::DefaultExecutionSpace>
class ClusterPolicy {
 public:
  using execution_space = ExecSpace;
  using member_type = ClusterMember<ExecSpace>;

  ClusterPolicy(const ExecSpace& space, int league_size, int cluster_size, int team_size,
                std::size_t scratch_bytes)
      : space_(space),
        league_size_(league_size),
        cluster_size_(cluster_size),
        team_size_(team_size),
        scratch_bytes_(scratch_bytes) {}
  ClusterPolicy(int league_size, int cluster_size, int team_size, std::size_t scratch_bytes)
      : ClusterPolicy(ExecSpace(), league_size, cluster_size, team_size, scratch_bytes) {}

  /// The policy of num_clusters clusters (league size num_clusters * cluster_size).
  static ClusterPolicy from_clusters(const ExecSpace& space, int num_clusters, int cluster_size,
                                     int team_size, std::size_t scratch_bytes) {
    const std::int64_t league =
        static_cast<std::int64_t>(num_clusters) * static_cast<std::int64_t>(cluster_size);
    KOKKOSTILE_EXPECT(league <= INT_MAX, InvalidArgument,
                      "KokkosTile::ClusterPolicy::from_clusters",
                      num_clusters << " clusters of " << cluster_size << " blocks are more than "
                                   << INT_MAX << " blocks");
    return ClusterPolicy(space, static_cast<int>(league), cluster_size, team_size, scratch_bytes);
  }

  /// ClusterMode::emulated runs the emulation even on sm_90 (to test it there);
  /// ClusterMode::native refuses to emulate.
  ClusterPolicy& set_mode(ClusterMode mode) {
    mode_ = mode;
    return *this;
  }

  const ExecSpace& space() const { return space_; }
  int league_size() const { return league_size_; }
  int cluster_size() const { return cluster_size_; }
  int num_clusters() const { return cluster_size_ > 0 ? league_size_ / cluster_size_ : 0; }
  int team_size() const { return team_size_; }
  std::size_t scratch_bytes() const { return scratch_bytes_; }
  ClusterMode mode() const { return mode_; }

 private:
  ExecSpace space_;
  int league_size_;
  int cluster_size_;
  int team_size_;
  std::size_t scratch_bytes_;
  ClusterMode mode_ = ClusterMode::automatic;
};

/// A plain team launch (clusters of one block) with more level-0 scratch than Kokkos grants: on
/// CUDA up to the device's opt-in shared memory per block (232,448 bytes on Hopper).
template <class ExecSpace = Kokkos::DefaultExecutionSpace>
class LargeScratchPolicy : public ClusterPolicy<ExecSpace> {
 public:
  LargeScratchPolicy(const ExecSpace& space, int league_size, int team_size,
                     std::size_t scratch_bytes)
      : ClusterPolicy<ExecSpace>(space, league_size, 1, team_size, scratch_bytes) {}
  LargeScratchPolicy(int league_size, int team_size, std::size_t scratch_bytes)
      : LargeScratchPolicy(ExecSpace(), league_size, team_size, scratch_bytes) {}
};

namespace Impl {

template <class ExecSpace>
ClusterRequest cluster_request(const ClusterPolicy<ExecSpace>& policy) {
  return {policy.league_size(), policy.cluster_size(), policy.team_size(), policy.scratch_bytes(),
          policy.mode()};
}

template <class ExecSpace, class Functor>
void launch_clusters(const std::string& call, const std::string& label,
                     const ClusterPolicy<ExecSpace>& policy, const Functor& functor) {
  check_cluster_space<ExecSpace>();
  const ClusterRequest request = cluster_request(policy);
  check_cluster_request(call, request);
  if constexpr (Impl::is_cuda<ExecSpace>()) {
#ifdef KOKKOS_ENABLE_CUDA
    launch_cuda_clusters(call, label, policy.space(), request, functor);
#endif
  } else if constexpr (clusters_run_on<ExecSpace>()) {
    run_host_clusters(call, label, policy.space(), request, functor);
  } else {
    (void)label;
    (void)functor;
    KOKKOSTILE_EXPECT(false, ResourceError, call,
                      "clusters and large team scratch need Cuda or a host backend (Serial, "
                      "OpenMP, Threads); "
                          << ExecSpace::name() << " has neither native nor emulated clusters");
  }
}

}  // namespace Impl

/// Runs functor(const ClusterMember<ExecSpace>&) once per thread of every block of the policy.
/// Throws InvalidArgument or ResourceError, naming the label, when the request cannot run.
template <class ExecSpace, class Functor>
void parallel_for_cluster(const std::string& label, const ClusterPolicy<ExecSpace>& policy,
                          const Functor& functor) {
  Impl::launch_clusters("KokkosTile::parallel_for_cluster(\"" + label + "\")", label, policy,
                        functor);
}

/// Runs a team kernel with up to the device's whole opt-in shared memory as level-0 scratch per
/// team; the functor gets the same ClusterMember (cluster_size() == 1).
template <class ExecSpace, class Functor>
void parallel_for_large_scratch(const std::string& label,
                                const LargeScratchPolicy<ExecSpace>& policy,
                                const Functor& functor) {
  Impl::launch_clusters("KokkosTile::parallel_for_large_scratch(\"" + label + "\")", label, policy,
                        functor);
}

/// Whether clusters of more than one block run natively (not emulated) on this instance.
template <class ExecSpace>
bool has_native_clusters(const ExecSpace& space) {
  Impl::check_cluster_space<ExecSpace>();
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  if constexpr (Impl::is_cuda<ExecSpace>())
    return Impl::cuda_native_supported<Impl::ClusterProbe>("KokkosTile::has_native_clusters",
                                                           space.cuda_device(), 2);
#endif
  (void)space;
  return false;
}

/// Bytes of scratch one block may have: the opt-in shared memory limit on CUDA (a cluster's
/// blocks share it in the emulation), Kokkos' level-1 team limit on the host backends.
template <class ExecSpace>
std::size_t max_cluster_scratch_bytes(const ExecSpace& space) {
  Impl::check_cluster_space<ExecSpace>();
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  if constexpr (Impl::is_cuda<ExecSpace>())
    return Impl::cuda_device_limits("KokkosTile::max_cluster_scratch_bytes", space.cuda_device())
        .optin_shared;
#endif
  if constexpr (Impl::clusters_run_on<ExecSpace>())
    return Impl::host_max_scratch_bytes(space);
  else
    return 0;
}

/// The largest cluster size (16, 8, 4, 2 or 1) at which one cluster of blocks of team_size threads
/// and scratch_bytes of scratch each can run on this instance in `mode`; 0 when none can. On CUDA
/// the answer is for the kernel of Functor (by default an empty one: a real kernel that needs
/// many registers may get less).
template <class Functor = Impl::ClusterProbe, class ExecSpace>
int max_cluster_size(const ExecSpace& space, int team_size, std::size_t scratch_bytes,
                     ClusterMode mode = ClusterMode::automatic) {
  Impl::check_cluster_space<ExecSpace>();
  const std::string call = "KokkosTile::max_cluster_size";
  KOKKOSTILE_EXPECT(team_size >= 1, InvalidArgument, call,
                    "the team size " << team_size << " is not positive");
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  if constexpr (Impl::is_cuda<ExecSpace>()) {
    const int device = space.cuda_device();
    // Native clusters where the device has them; ClusterMode::native without them still runs
    // clusters of one block (plain blocks with large scratch).
    const bool native =
        mode == ClusterMode::native ||
        (mode == ClusterMode::automatic && Impl::cuda_native_supported<Functor>(call, device, 2));
    return native
               ? Impl::cuda_max_cluster_size<Functor, false>(call, device, team_size, scratch_bytes)
               : Impl::cuda_max_cluster_size<Functor, true>(call, device, team_size, scratch_bytes);
  }
#endif
  if constexpr (!Impl::clusters_run_on<ExecSpace>()) {
    (void)space;
    (void)scratch_bytes;
    (void)mode;
    return 0;
  } else {
    if (mode == ClusterMode::native)
      return 0;
    return scratch_bytes <= Impl::host_max_scratch_bytes(space) ? Impl::max_nonportable_cluster_size
                                                                : 0;
  }
}

/// Clusters of cluster_size blocks (team_size threads, scratch_bytes each) that can be resident at
/// once on this instance: cudaOccupancyMaxActiveClusters with the real scratch size on sm_90, one
/// cluster per resident block in the CUDA emulation, and the clusters the host emulation runs
/// side by side (concurrency / cluster_size, at least 1). 0 when the request cannot run.
template <class Functor = Impl::ClusterProbe, class ExecSpace>
int max_active_clusters(const ExecSpace& space, int cluster_size, int team_size,
                        std::size_t scratch_bytes, ClusterMode mode = ClusterMode::automatic) {
  Impl::check_cluster_space<ExecSpace>();
  const std::string call = "KokkosTile::max_active_clusters";
  Impl::check_cluster_request(call, {cluster_size, cluster_size, team_size, scratch_bytes, mode});
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  if constexpr (Impl::is_cuda<ExecSpace>()) {
    const int device = space.cuda_device();
    const bool native = mode != ClusterMode::emulated &&
                        Impl::cuda_native_supported<Functor>(call, device, cluster_size);
    if (mode == ClusterMode::native && !native)
      return 0;
    if (native)
      return Impl::cuda_active_clusters<Functor, false>(call, device, cluster_size, team_size,
                                                        scratch_bytes);
    if (cluster_size > 1 && team_size % 32 != 0)
      return 0;
    if (cluster_size > Impl::max_portable_cluster_size && team_size != 32)
      return 0;
    return Impl::cuda_active_clusters<Functor, true>(call, device, cluster_size, team_size,
                                                     scratch_bytes);
  }
#endif
  if constexpr (!Impl::clusters_run_on<ExecSpace>()) {
    (void)space;
    return 0;
  } else {
    if (mode == ClusterMode::native || scratch_bytes > Impl::host_max_scratch_bytes(space))
      return 0;
    return Impl::host_cluster_groups(space, cluster_size, INT_MAX);
  }
}

/// The same queries for a policy.
template <class Functor = Impl::ClusterProbe, class ExecSpace>
int max_cluster_size(const ClusterPolicy<ExecSpace>& policy) {
  return max_cluster_size<Functor>(policy.space(), policy.team_size(), policy.scratch_bytes(),
                                   policy.mode());
}
template <class Functor = Impl::ClusterProbe, class ExecSpace>
int max_active_clusters(const ClusterPolicy<ExecSpace>& policy) {
  return max_active_clusters<Functor>(policy.space(), policy.cluster_size(), policy.team_size(),
                                      policy.scratch_bytes(), policy.mode());
}

}  // namespace KokkosTile
