// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// What KokkosTile asks the CUDA runtime about a device, asked once per device and cached (the
// answers do not change while a program runs, and launches ask on every call), the error that
// names the KokkosTile call when a runtime call fails, the scope that makes a device current,
// and the Tools hooks around a launch of KokkosTile's own kernels.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace KokkosTile {
namespace Impl {

inline void throw_cuda_error(const std::string& call, const char* what, cudaError_t error) {
  (void)cudaGetLastError();  // clear a non-sticky error so later Kokkos calls do not see it
  KOKKOSTILE_EXPECT(
      false, ResourceError, call,
      what << " failed: " << cudaGetErrorName(error) << " (" << cudaGetErrorString(error) << ")");
}

inline void check_cuda(const std::string& call, const char* what, cudaError_t error) {
  if (error != cudaSuccess)
    throw_cuda_error(call, what, error);
}

/// Makes `device` current for the scope (attributes, occupancy and launches are per device).
class CudaDeviceScope {
 public:
  explicit CudaDeviceScope(int device) {
    if (cudaGetDevice(&previous_) == cudaSuccess && previous_ != device)
      set_ = cudaSetDevice(device) == cudaSuccess;
  }
  ~CudaDeviceScope() {
    if (set_)
      (void)cudaSetDevice(previous_);
  }
  CudaDeviceScope(const CudaDeviceScope&) = delete;
  CudaDeviceScope& operator=(const CudaDeviceScope&) = delete;

 private:
  int previous_ = 0;
  bool set_ = false;
};

/// Runs `launch` (a callable that launches a kernel of KokkosTile's own and returns the launch's
/// cudaError_t) with space's device current and between the Kokkos Tools hooks that
/// Kokkos::parallel_for(label, ...) calls, so that tools see it as they see Kokkos' kernels; throws
/// ResourceError naming `what` if the launch failed.
template <class Launch>
void launch_as_parallel_for(const std::string& call, const std::string& label,
                            const Kokkos::Cuda& space, const char* what, const Launch& launch) {
  std::uint64_t kernel_id = 0;
  const bool tools = Kokkos::Tools::profileLibraryLoaded();
  if (tools)
    Kokkos::Tools::beginParallelFor(label, Kokkos::Tools::Experimental::device_id(space),
                                    &kernel_id);
  cudaError_t error = cudaSuccess;
  {
    const CudaDeviceScope scope(space.cuda_device());
    error = launch();
  }
  if (tools)
    Kokkos::Tools::endParallelFor(kernel_id);
  check_cuda(call, what, error);
}

struct CudaDeviceLimits {
  int major = 0;
  int minor = 0;
  int multiprocessors = 0;
  int max_threads_per_block = 0;
  std::size_t optin_shared = 0;  // bytes of dynamic shared memory a block may opt in to
  bool cluster_launch = false;
  /// Peak DRAM bandwidth from the memory clock and bus width (two transfers a clock); 0 where the
  /// runtime does not report them.
  double memory_bytes_per_second = 0;
};

inline CudaDeviceLimits cuda_device_limits(const std::string& call, int device) {
  static std::mutex mutex;
  static std::map<int, CudaDeviceLimits> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  const auto found = cache.find(device);
  if (found != cache.end())
    return found->second;
  CudaDeviceLimits limits;
  int value = 0;
  check_cuda(call, "cudaDeviceGetAttribute",
             cudaDeviceGetAttribute(&limits.major, cudaDevAttrComputeCapabilityMajor, device));
  check_cuda(call, "cudaDeviceGetAttribute",
             cudaDeviceGetAttribute(&limits.minor, cudaDevAttrComputeCapabilityMinor, device));
  check_cuda(
      call, "cudaDeviceGetAttribute",
      cudaDeviceGetAttribute(&limits.multiprocessors, cudaDevAttrMultiProcessorCount, device));
  check_cuda(
      call, "cudaDeviceGetAttribute",
      cudaDeviceGetAttribute(&limits.max_threads_per_block, cudaDevAttrMaxThreadsPerBlock, device));
  check_cuda(call, "cudaDeviceGetAttribute",
             cudaDeviceGetAttribute(&value, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  limits.optin_shared = static_cast<std::size_t>(value);
  value = 0;
  check_cuda(call, "cudaDeviceGetAttribute",
             cudaDeviceGetAttribute(&value, cudaDevAttrClusterLaunch, device));
  limits.cluster_launch = value != 0;
  int memory_khz = 0, bus_bits = 0;
  if (cudaDeviceGetAttribute(&memory_khz, cudaDevAttrMemoryClockRate, device) == cudaSuccess &&
      cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, device) == cudaSuccess)
    limits.memory_bytes_per_second = 2.0 * memory_khz * 1e3 * bus_bits / 8;
  (void)cudaGetLastError();  // an attribute the runtime does not report is not an error here
  cache[device] = limits;
  return limits;
}

}  // namespace Impl
}  // namespace KokkosTile

#endif
