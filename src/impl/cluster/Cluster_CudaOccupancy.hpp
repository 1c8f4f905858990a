// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// CUDA cluster kernels and what is asked of the device before a launch (KokkosTile_Cluster.hpp,
// Cluster_Cuda.hpp): the __global__ entry points (native clusters and the one-block emulation),
// the launch attribute of the cluster width, the per-kernel attributes (dynamic shared memory,
// non-portable cluster sizes) set once per kernel and device, and the occupancy queries, cached
// per kernel, device and shape. As CUTLASS' cluster launch: query, validate, then launch.
#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "impl/cluster/Cluster_Common.hpp"
#include "impl/cluster/Cluster_Member.hpp"
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

/// Bytes a kernel's parameters may take: 32764 from CUDA 12.1 on (Volta and newer), 4096 before.
#if CUDART_VERSION >= 12010
inline constexpr std::size_t cuda_kernel_parameter_limit = 32764;
#else
inline constexpr std::size_t cuda_kernel_parameter_limit = 4096;
#endif

template <class Functor>
__global__ void cluster_kernel_native(const Functor functor, const ClusterGeometry geometry) {
  extern __shared__ __align__(16) unsigned char kokkostile_cluster_shared[];
  int cluster_rank = 0;
#if __CUDA_ARCH__ >= 900
  if (geometry.cluster_size > 1) {
    // A block's shared memory may be reached only once that block runs: wait for the whole
    // cluster before the functor can touch another block's scratch.
    __cluster_barrier_arrive();  // cooperative_groups' cluster.sync(), without its header
    __cluster_barrier_wait();
    cluster_rank = static_cast<int>(__clusterRelativeBlockRank());
  }
#endif
  const ClusterMember<Kokkos::Cuda> member(geometry, kokkostile_cluster_shared,
                                           kokkostile_cluster_shared,
                                           static_cast<int>(blockIdx.x) / geometry.cluster_size,
                                           cluster_rank, static_cast<int>(threadIdx.x), false);
  functor(member);
#if __CUDA_ARCH__ >= 900
  // No block may exit while another block of its cluster can still reach its shared memory.
  if (geometry.cluster_size > 1) {
    __cluster_barrier_arrive();  // cooperative_groups' cluster.sync(), without its header
    __cluster_barrier_wait();
  }
#endif
}

template <class Functor>
__global__ void cluster_kernel_emulated(const Functor functor, const ClusterGeometry geometry) {
  extern __shared__ __align__(16) unsigned char kokkostile_cluster_shared[];
  const int thread = static_cast<int>(threadIdx.x);
  const int rank = thread / geometry.team_size;
  const ClusterMember<Kokkos::Cuda> member(
      geometry, kokkostile_cluster_shared,
      kokkostile_cluster_shared + static_cast<std::size_t>(rank) * geometry.stride,
      static_cast<int>(blockIdx.x), rank, thread % geometry.team_size, true);
  functor(member);
}

/// The launch attribute that groups blocks in clusters of `cluster_size` along x: the same for the
/// occupancy query and the launch, so that the query answers for the launch that follows.
inline cudaLaunchAttribute cluster_dimension_attribute(int cluster_size) {
  cudaLaunchAttribute attribute{};
  attribute.id = cudaLaunchAttributeClusterDimension;
  attribute.val.clusterDim.x = static_cast<unsigned>(cluster_size);
  attribute.val.clusterDim.y = 1;
  attribute.val.clusterDim.z = 1;
  return attribute;
}

/// What one kernel has been given on each device, and its occupancy answers.
struct CudaKernelState {
  std::mutex mutex;
  std::map<int, std::size_t> shared_limit;  // the MaxDynamicSharedMemorySize set so far
  std::map<int, bool> nonportable;          // NonPortableClusterSizeAllowed set
  std::map<int, int> binary_version;        // the SASS the device runs (90 for sm_90)
  std::map<std::tuple<int, int, int, std::size_t>, int> active;  // (device, cluster, team, bytes)
};

template <class Functor>
using ClusterKernel = void (*)(Functor, ClusterGeometry);

template <class Functor, bool Emulated>
ClusterKernel<Functor> cluster_kernel() {
  if constexpr (Emulated) {
    return &cluster_kernel_emulated<Functor>;
  } else {
    return &cluster_kernel_native<Functor>;
  }
}

/// The state of one kernel, found by its address rather than by its functor type: without -rdc,
/// nvcc gives the host stub of a __global__ template internal linkage
/// (-static-global-template-stub, nvcc 13's default), so every translation unit that instantiates a
/// cluster kernel holds a kernel of its own, with its own attributes. A state kept per type lets
/// one translation unit skip raising its kernel's shared memory limit because another raised its
/// own: queries then answer 0 and launches fail.
inline CudaKernelState& cuda_kernel_state_at(const void* kernel) {
  static std::mutex mutex;
  static std::map<const void*, CudaKernelState> states;  // nodes never move
  const std::lock_guard<std::mutex> lock(mutex);
  return states[kernel];
}
template <class Functor>
CudaKernelState& cuda_kernel_state(ClusterKernel<Functor> kernel) {
  return cuda_kernel_state_at(reinterpret_cast<const void*>(kernel));
}

/// Raises `kernel`'s dynamic shared memory limit to `bytes` (and allows non-portable cluster
/// sizes) on `device` if no earlier call did. Caller holds state.mutex. A kernel prepared before
/// costs a lookup: the device is made current only to change an attribute.
template <class Functor>
void prepare_kernel_locked(const std::string& call, CudaKernelState& state,
                           ClusterKernel<Functor> kernel, int device, std::size_t bytes,
                           bool nonportable) {
  std::size_t& limit = state.shared_limit[device];
  if (bytes <= limit && (!nonportable || state.nonportable[device]))
    return;
  const CudaDeviceScope scope(device);
  if (bytes > limit) {
    check_cuda(call, "cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize)",
               cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    static_cast<int>(bytes)));
    limit = bytes;
  }
  if (nonportable && !state.nonportable[device]) {
    check_cuda(call, "cudaFuncSetAttribute(cudaFuncAttributeNonPortableClusterSizeAllowed)",
               cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    state.nonportable[device] = true;
  }
}

/// The same for a launch: the kernel it launches is prepared whichever kernel the plan queried.
template <class Functor>
void prepare_kernel(const std::string& call, ClusterKernel<Functor> kernel, int device,
                    std::size_t bytes, bool nonportable) {
  CudaKernelState& state = cuda_kernel_state(kernel);
  const std::lock_guard<std::mutex> lock(state.mutex);
  prepare_kernel_locked<Functor>(call, state, kernel, device, bytes, nonportable);
}

/// The compute capability of the code the device runs for the native kernel (0 if none).
template <class Functor>
int native_binary_version(const std::string& call, int device) {
  const auto kernel = cluster_kernel<Functor, false>();
  CudaKernelState& state = cuda_kernel_state(kernel);
  const std::lock_guard<std::mutex> lock(state.mutex);
  const auto found = state.binary_version.find(device);
  if (found != state.binary_version.end())
    return found->second;
  const CudaDeviceScope scope(device);
  cudaFuncAttributes attributes{};
  check_cuda(call, "cudaFuncGetAttributes", cudaFuncGetAttributes(&attributes, kernel));
  state.binary_version[device] = attributes.binaryVersion;
  return attributes.binaryVersion;
}

/// Native clusters of more than one block need an sm_90 device running sm_90 code; a cluster of
/// one is a plain block and runs anywhere.
template <class Functor>
bool cuda_native_supported(const std::string& call, int device, int cluster_size) {
  if (cluster_size == 1)
    return true;
  const CudaDeviceLimits limits = cuda_device_limits(call, device);
  return limits.major >= 9 && limits.cluster_launch &&
         native_binary_version<Functor>(call, device) >= 90;
}

/// Clusters (native) or blocks holding one cluster each (emulated) that can be resident on the
/// device at once; 0 when even one cannot. Cached per kernel, device and shape.
template <class Functor, bool Emulated>
int cuda_active_clusters(const std::string& call, int device, int cluster_size, int team_size,
                         std::size_t scratch) {
  const CudaDeviceLimits limits = cuda_device_limits(call, device);
  const std::size_t stride = align_scratch(scratch);
  const int threads = Emulated ? cluster_size * team_size : team_size;
  const std::size_t bytes = Emulated ? stride * static_cast<std::size_t>(cluster_size) : scratch;
  if (threads > limits.max_threads_per_block || bytes > limits.optin_shared)
    return 0;

  const auto kernel = cluster_kernel<Functor, Emulated>();
  CudaKernelState& state = cuda_kernel_state(kernel);
  const std::lock_guard<std::mutex> lock(state.mutex);
  const auto key = std::make_tuple(device, cluster_size, team_size, scratch);
  const auto found = state.active.find(key);
  if (found != state.active.end())
    return found->second;

  const CudaDeviceScope scope(device);
  const bool nonportable = !Emulated && cluster_size > max_portable_cluster_size;
  prepare_kernel_locked<Functor>(call, state, kernel, device, bytes, nonportable);
  int active = 0;
  if (Emulated || cluster_size == 1) {
    int per_multiprocessor = 0;
    const cudaError_t error =
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, kernel, threads, bytes);
    if (error != cudaSuccess)
      throw_cuda_error(call, "cudaOccupancyMaxActiveBlocksPerMultiprocessor", error);
    active = per_multiprocessor * limits.multiprocessors;
  } else {
    cudaLaunchConfig_t config{};
    config.gridDim = dim3(static_cast<unsigned>(cluster_size));
    config.blockDim = dim3(static_cast<unsigned>(team_size));
    config.dynamicSmemBytes = bytes;
    cudaLaunchAttribute attribute = cluster_dimension_attribute(cluster_size);
    config.attrs = &attribute;
    config.numAttrs = 1;
    // A cluster the hardware cannot place is an answer (0), not a failure of the query.
    if (cudaOccupancyMaxActiveClusters(&active, kernel, &config) != cudaSuccess) {
      (void)cudaGetLastError();
      active = 0;
    }
  }
  state.active[key] = active;
  return active;
}

/// Largest cluster size (16, 8, 4, 2 or 1) of which at least one cluster fits; 0 if none.
template <class Functor, bool Emulated>
int cuda_max_cluster_size(const std::string& call, int device, int team_size, std::size_t scratch) {
  for (int size = max_nonportable_cluster_size; size >= 1; size /= 2) {
    if (Emulated && size > max_portable_cluster_size && team_size != 32)
      continue;
    if (!Emulated && size > 1 && !cuda_native_supported<Functor>(call, device, size))
      continue;
    if (cuda_active_clusters<Functor, Emulated>(call, device, size, team_size, scratch) > 0)
      return size;
  }
  return 0;
}

}  // namespace Impl
}  // namespace KokkosTile

#endif  // KOKKOS_ENABLE_CUDA && __CUDACC__
