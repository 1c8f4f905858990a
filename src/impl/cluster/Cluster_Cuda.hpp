// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Cluster launches on CUDA (KokkosTile_Cluster.hpp).
//
// Route: KokkosTile's own __global__ kernels, launched with cudaLaunchKernelEx on the instance's
// stream. Only public Kokkos API is used (cuda_stream(), cuda_device(), the Tools hooks), so this
// compiles against Kokkos 4.5 through 5.x, unlike giving Kokkos' own kernel a cluster width, whose
// internals changed in 5.0. The functor travels by value as a kernel parameter.
//
// Native (sm_90 and newer): one CUDA block per team, gridDim = league size, the cluster width as a
// launch attribute, the block's scratch in dynamic shared memory up to the device's opt-in limit.
// Emulated (older devices, or ClusterMode::emulated): a whole cluster in one CUDA block of
// cluster_size * team_size threads, the shared memory cut into one slice per team; team barriers
// are named barriers, the cluster barrier is __syncthreads.
//
// Kernel attributes (the dynamic shared memory limit, the non-portable cluster size) are set once
// per kernel and device, raised only when a launch needs more: cudaFuncSetAttribute can serialise
// with copies in flight, so it stays off the launch path. Occupancy answers are cached likewise.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "impl/cluster/Cluster_Common.hpp"
#include "impl/cluster/Cluster_Member.hpp"
#include "impl/cluster/Cluster_CudaOccupancy.hpp"
#include "impl/core/Core_CudaDevice.hpp"

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

#if CUDART_VERSION < 11080
#error "KokkosTile clusters need CUDA 11.8 or newer (cudaLaunchKernelEx)"
#endif

namespace KokkosTile {
namespace Impl {

inline std::string cuda_device_words(int device, const CudaDeviceLimits& limits) {
  return "CUDA device " + std::to_string(device) + " (compute capability " +
         std::to_string(limits.major) + "." + std::to_string(limits.minor) + ")";
}

/// Whether this launch runs emulated, after checking that it can run at all.
template <class Functor>
bool plan_cuda_clusters(const std::string& call, const Kokkos::Cuda& space,
                        const ClusterRequest& request) {
  const int device = space.cuda_device();
  const CudaDeviceLimits limits = cuda_device_limits(call, device);
  const std::string where = cuda_device_words(device, limits);
  const bool native_ok = cuda_native_supported<Functor>(call, device, request.cluster_size);
  KOKKOSTILE_EXPECT(request.mode != ClusterMode::native || native_ok, ResourceError, call,
                    "native clusters of " << request.cluster_size << " blocks need compute "
                                          << "capability 9.0 (sm_90) or newer and code built for "
                                          << "it; " << where << " has none");
  const bool emulated = request.mode == ClusterMode::emulated ||
                        (request.mode == ClusterMode::automatic && !native_ok);
  const int cluster = request.cluster_size;
  const int team = request.team_size;

  if (!emulated) {
    KOKKOSTILE_EXPECT(team <= limits.max_threads_per_block, ResourceError, call,
                      "a team of " << team << " threads is more than the "
                                   << limits.max_threads_per_block << " threads per block of "
                                   << where);
    KOKKOSTILE_EXPECT(request.scratch <= limits.optin_shared, ResourceError, call,
                      request.scratch << " bytes of scratch per block is more than the "
                                      << limits.optin_shared << " bytes " << where
                                      << " allows a block (its opt-in shared memory limit)");
    const int active =
        cuda_active_clusters<Functor, false>(call, device, cluster, team, request.scratch);
    if (active == 0) {
      const int largest =
          cuda_max_cluster_size<Functor, false>(call, device, team, request.scratch);
      KOKKOSTILE_EXPECT(false, ResourceError, call,
                        "no cluster of " << cluster << " blocks of " << team << " threads with "
                                         << request.scratch << " bytes of scratch each fits on "
                                         << where << "; the largest that does has " << largest
                                         << " blocks");
    }
    return false;
  }

  const std::size_t bytes = align_scratch(request.scratch) * static_cast<std::size_t>(cluster);
  const char* why = request.mode == ClusterMode::emulated
                        ? "the one-block emulation (ClusterMode::emulated)"
                        : "the one-block emulation used on devices older than sm_90";
  KOKKOSTILE_EXPECT(cluster == 1 || team % 32 == 0, InvalidArgument, call,
                    why << " needs teams of a multiple of 32 threads (each team waits at its own "
                        << "warp-aligned named barrier); got " << team << " on " << where);
  KOKKOSTILE_EXPECT(cluster * team <= limits.max_threads_per_block, ResourceError, call,
                    why << " runs a cluster of " << cluster << " teams of " << team
                        << " threads in one block, more than the " << limits.max_threads_per_block
                        << " threads per block of " << where);
  KOKKOSTILE_EXPECT(cluster <= max_portable_cluster_size || team == 32, ResourceError, call,
                    why << " gives each team a named barrier, and a block has 15 besides "
                        << "__syncthreads': clusters of 16 need teams of exactly 32 threads (one "
                        << "warp), got " << team);
  KOKKOSTILE_EXPECT(bytes <= limits.optin_shared, ResourceError, call,
                    why << " puts the scratch of all " << cluster << " blocks (" << request.scratch
                        << " bytes each, " << bytes
                        << " with alignment) in one block, more than the " << limits.optin_shared
                        << " bytes " << where << " allows a block");
  const int resident =
      cuda_active_clusters<Functor, true>(call, device, cluster, team, request.scratch);
  KOKKOSTILE_EXPECT(resident > 0, ResourceError, call,
                    why << ": a block of " << cluster * team << " threads and " << bytes
                        << " bytes of shared memory cannot be resident on " << where);
  return true;
}

template <class Functor>
void launch_cuda_clusters(const std::string& call, const std::string& label,
                          const Kokkos::Cuda& space, const ClusterRequest& request,
                          const Functor& functor) {
  static_assert(sizeof(Functor) + sizeof(ClusterGeometry) <= cuda_kernel_parameter_limit,
                "KokkosTile::parallel_for_cluster: the functor is larger than a CUDA kernel's "
                "parameters may be; capture Views and small values, or pass a pointer to the rest");
  const bool emulated = plan_cuda_clusters<Functor>(call, space, request);
  if (request.league_size == 0)
    return;

  const int cluster = request.cluster_size;
  const ClusterGeometry geometry{request.league_size, cluster, request.team_size, request.scratch,
                                 align_scratch(request.scratch)};
  cudaLaunchConfig_t config{};
  cudaLaunchAttribute attribute{};
  config.stream = space.cuda_stream();
  if (emulated) {
    config.gridDim = dim3(static_cast<unsigned>(request.league_size / cluster));
    config.blockDim = dim3(static_cast<unsigned>(cluster * request.team_size));
    config.dynamicSmemBytes = geometry.stride * static_cast<std::size_t>(cluster);
  } else {
    config.gridDim = dim3(static_cast<unsigned>(request.league_size));
    config.blockDim = dim3(static_cast<unsigned>(request.team_size));
    config.dynamicSmemBytes = request.scratch;
    if (cluster > 1) {
      attribute = cluster_dimension_attribute(cluster);
      config.attrs = &attribute;
      config.numAttrs = 1;
    }
  }

  // The plan prepared the kernel its own translation unit sees; this one's may be another
  // (Cluster_CudaOccupancy.hpp, cuda_kernel_state), so it is prepared here too (cached: a lookup).
  const ClusterKernel<Functor> kernel =
      emulated ? cluster_kernel<Functor, true>() : cluster_kernel<Functor, false>();
  prepare_kernel<Functor>(call, kernel, space.cuda_device(), config.dynamicSmemBytes,
                          !emulated && cluster > max_portable_cluster_size);
  launch_as_parallel_for(call, label, space, "cudaLaunchKernelEx",
                         [&] { return cudaLaunchKernelEx(&config, kernel, functor, geometry); });
}

}  // namespace Impl
}  // namespace KokkosTile

#endif  // KOKKOS_ENABLE_CUDA && __CUDACC__
