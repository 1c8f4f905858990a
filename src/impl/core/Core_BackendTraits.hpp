// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Which family of kernels an execution space gets. Every algorithm has a device path (teams of
// many threads staging tiles in scratch, shaped for GPUs) and, where it pays, a host path (one
// thread per cache-sized block of work, contiguous inner loops the compiler vectorises), chosen
// at compile time from the execution space the way Kokkos Kernels chooses its host and device
// implementations.
//
// "Host backend" means the execution space's own memory is HostSpace: Serial, OpenMP, Threads
// (and HPX). It is deliberately not "the host can access the space's memory": that is also true
// for CUDA with UVM as its default memory space or HIP on an APU, whose kernels still run on the
// GPU and need the device path.

#include <Kokkos_Core.hpp>

#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// Compilation passes: the device pass of a GPU backend keeps per-thread state in registers, the
/// host pass of any build walks a team's virtual threads in loops.
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__) || defined(__SYCL_DEVICE_ONLY__)
inline constexpr bool device_pass = true;
#else
inline constexpr bool device_pass = false;
#endif

/// True for execution spaces whose kernels run on host threads (Serial, OpenMP, Threads, HPX).
template <class ExecSpace>
constexpr bool is_host_backend() {
  return std::is_same_v<typename ExecSpace::memory_space, Kokkos::HostSpace>;
}

/// True for Kokkos::Cuda (false, and no CUDA header needed, when Kokkos has no CUDA backend).
template <class ExecSpace>
constexpr bool is_cuda() {
#ifdef KOKKOS_ENABLE_CUDA
  return std::is_same_v<ExecSpace, Kokkos::Cuda>;
#else
  return false;
#endif
}

}  // namespace Impl
}  // namespace KokkosTile
