// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Whether a device is rich in bandwidth: its peak DRAM bandwidth per multiprocessor. Memory-bound
// kernels tuned on one GPU kind can want other shapes on a GPU with the same multiprocessors and
// faster memory (the H200 against the H100 SXM): more work per byte in flight there, or fewer
// threads a team. Kernels tuned per device take their *_rich tuning on such devices; the
// measurements that chose each tuning are beside it (Stencil_Packets.hpp, Reverse_Team.hpp).

#include <Kokkos_Core.hpp>

#include "impl/core/Core_BackendTraits.hpp"
#include "impl/core/Core_CudaDevice.hpp"

#include <string>

namespace KokkosTile {
namespace Impl {

/// Peak DRAM bandwidth per multiprocessor from which a device counts as rich in bandwidth. It lies
/// between the two measured devices: the H200 (4.8 TB/s over 132 multiprocessors, 36.5 GB/s each)
/// is rich, the H100 SXM (3.35 TB/s, 25 GB/s each) is not, and devices far below both (A100: 14-19
/// GB/s a multiprocessor) keep the defaults.
inline constexpr double rich_bandwidth_per_sm = 30e9;

/// Whether a device with this peak bandwidth and multiprocessor count is rich in bandwidth (false
/// when either is unknown).
inline bool bandwidth_rich(double memory_bytes_per_second, int multiprocessors) {
  return multiprocessors > 0 && memory_bytes_per_second / multiprocessors >= rich_bandwidth_per_sm;
}

/// Whether the device that `space` runs on is rich in bandwidth, by the CUDA runtime's memory
/// clock and bus width (cuda_device_limits, cached per device); false on every other execution
/// space.
template <class ExecSpace>
bool device_bandwidth_rich(const std::string& call, const ExecSpace& space) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  if constexpr (is_cuda<ExecSpace>()) {
    const CudaDeviceLimits limits = cuda_device_limits(call, space.cuda_device());
    return bandwidth_rich(limits.memory_bytes_per_second, limits.multiprocessors);
  }
#endif
  (void)call;
  (void)space;
  return false;
}

}  // namespace Impl
}  // namespace KokkosTile
